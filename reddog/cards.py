"""Red Dog's cards and its shoe: aces high, suits irrelevant, several decks.

`RedDogCard` values the cards 2 to 14 (the ace is always 14); `Shoe` is the
shared `Deck` holding several standard decks, dealt from the top.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from common.cards.card import AceHighCard, Card
from common.cards.deck import Deck, standard_cards

DEFAULT_DECKS = 4
"""The house rule: a four-deck shoe."""
MIN_DECKS = 1
"""The fewest decks a shoe may hold."""
MAX_DECKS = 8
"""The most decks a shoe may hold."""
CARDS_PER_DECK = 52
"""The cards in one standard deck."""
VALUES = 13
"""The distinct card values, 2 to 14."""
TWO_VALUE = 2
"""The value of a two, the lowest card."""


def value_index(value: int) -> int:
    """Return where counts by value keep `value`: 0 for the twos, 12 for the aces."""
    return value - TWO_VALUE


class RedDogCard(AceHighCard):
    """A card whose value is 2 to 14 (ace always high); the suit plays no part."""

    __slots__ = ()


class Shoe(Deck[RedDogCard]):
    """A shoe of `decks` standard decks of `RedDogCard`, dealt from the top."""

    card_class = RedDogCard

    def __init__(self, decks: int = DEFAULT_DECKS,
                 cards: Iterable[Card] | None = None) -> None:
        """Build a fresh (unshuffled) shoe of `decks` decks, or one of `cards` in order.

        Raises:
            ValueError: when `decks` is not 1 to 8.
        """
        if not (isinstance(decks, int) and MIN_DECKS <= decks <= MAX_DECKS):
            raise ValueError(f"a shoe holds {MIN_DECKS} to {MAX_DECKS} decks,"
                             f" not {decks!r}")
        self._decks = decks
        super().__init__(cards)

    @classmethod
    def shuffled(cls, decks: int, rng: random.Random) -> Shoe:
        """Return a new shoe of `decks` decks shuffled uniformly with `rng`."""
        shoe = cls(decks)
        shoe.shuffle_uniform(rng)
        return shoe

    @classmethod
    def stacked(cls, top: Sequence[Card], decks: int, rng: random.Random) -> Shoe:
        """Return a shoe with `top` on top, in order, and the rest of it shuffled below.

        With a 52-card deck file and one deck the shoe is exactly the file;
        with more decks the other decks follow, shuffled uniformly with `rng`.

        Raises:
            ValueError: when `top` holds a card more often than the shoe does.
        """
        rest = cls(decks)
        for card in top:
            if not rest.remove_card(card):
                raise ValueError(f"{card.code} is in the shoe fewer times than on top")
        rest.shuffle_uniform(rng)
        return cls(decks, [*top, *rest])

    def initialize(self) -> None:
        """Remove every card, then add `decks` fresh decks in order."""
        self.remove_all_cards()
        for _ in range(self._decks):
            for card in standard_cards(self.card_class):
                self.add_card(card)

    @property
    def decks(self) -> int:
        """The number of decks the shoe was built from."""
        return self._decks

    @property
    def capacity(self) -> int:
        """The number of cards in the full shoe."""
        return self._decks * CARDS_PER_DECK

    def needs_new_shoe(self) -> bool:
        """Return whether fewer than a quarter of the shoe's cards remain."""
        return 4 * self.size() < self.capacity

    def __repr__(self) -> str:
        return f"{type(self).__name__}(decks={self._decks}, remaining={self.size()})"
