"""The assignment's `Deck`: the 52 cards, shuffled with an injected generator."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

from common.cards.card import Card, CardT
from common.cards.cardlist import CardList

_STANDARD_CARDS: dict[type[Card], tuple[Card, ...]] = {}


def standard_cards(card_class: type[CardT]) -> tuple[CardT, ...]:
    """Return the 52 cards of `card_class` in deck order: suit by suit, A to K.

    Built once per class: cards are immutable, so every deck shares them.
    """
    cards = _STANDARD_CARDS.get(card_class)
    if cards is None:
        cards = _STANDARD_CARDS[card_class] = tuple(
            card_class(suit, rank) for suit in range(4) for rank in range(13))
    return cast(tuple[CardT, ...], cards)


class Deck(CardList[CardT]):
    """A deck of cards (the Java ``Deck``), generic over the class of its cards.

    Each game's deck subclasses ``Deck[ItsCard]`` and sets `card_class` to
    that class, so what it deals is typed as the game's card.
    """

    card_class: type[CardT] = cast("type[CardT]", Card)
    """The class of the cards `initialize` creates; subclasses set their own."""

    def __init__(self, cards: Iterable[Card] | None = None) -> None:
        """Build a fresh 52-card deck, or a deck of `cards` in the given order.

        Given cards are converted to this deck's `card_class`, so a deck read
        from a file orders its cards as the game does.
        """
        super().__init__()
        if cards is None:
            self.initialize()
        else:
            self.arrange(cards)

    def initialize(self) -> None:
        """Remove every card, then add the 52 cards of `card_class` in order."""
        self._cards[:] = standard_cards(self.card_class)

    def arrange(self, cards: Iterable[Card]) -> None:
        """Replace the deck's cards with `cards`, in order, as `card_class` cards."""
        make = self.card_class
        self._cards[:] = [make(card.suit, card.rank) for card in cards]

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle the deck exactly as the Java original does.

        For each position i a position j is drawn as ``int(rng.random() * n)``
        and the two cards are swapped.  Only ``random()`` is drawn, so a seeded
        generator deals the same cards on every Python version.

        Drawing j from the whole deck makes nⁿ equally likely draw sequences
        for n! orders, and n! does not divide nⁿ (n > 2): some orders come up
        more often than others.  Big Two keeps it, as the assignment's; the other
        games deal from `shuffle_uniform`.
        """
        # On the list itself: simulations shuffle millions of decks.
        cards = self._cards
        size = len(cards)
        draw = rng.random
        for i in range(size):
            j = int(draw() * size)
            cards[i], cards[j] = cards[j], cards[i]

    def shuffle_uniform(self, rng: random.Random) -> None:
        """Shuffle the deck so that every order is equally likely (Fisher-Yates).

        For each position i from the last down, a position j from 0 to i is
        drawn as ``int(rng.random() * (i + 1))`` and the two cards are
        swapped.  As in `shuffle`, only ``random()`` is drawn: it is the one
        draw Python promises to repeat for a seed on every version, so a
        seeded game deals the same cards everywhere.  (`random.Random.shuffle`
        draws through ``getrandbits``, which carries no such promise.)  Scaling
        a 53-bit ``random()`` leaves each j off uniform by less than n in 2⁵³,
        far below anything a game could show.
        """
        cards = self._cards
        draw = rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(draw() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]

    def deal_card(self) -> CardT:
        """Remove and return the top card (index 0).

        Raises:
            IndexError: when the deck is empty.
        """
        if not self._cards:
            raise IndexError("the deck is empty")
        return self._cards.pop(0)
