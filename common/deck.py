"""The assignment's `Deck`: the 52 cards, shuffled with an injected generator."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

from common.cardlist import CardList
from common.cards import Card, CardT

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
        """
        # On the list itself: simulations shuffle millions of decks.
        cards = self._cards
        size = len(cards)
        draw = rng.random
        for i in range(size):
            j = int(draw() * size)
            cards[i], cards[j] = cards[j], cards[i]

    def deal_card(self) -> CardT:
        """Remove and return the top card (index 0).

        Raises:
            IndexError: when the deck is empty.
        """
        if not self._cards:
            raise IndexError("the deck is empty")
        return self._cards.pop(0)
