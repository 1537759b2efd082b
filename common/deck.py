"""The assignment's `Deck`: the 52 cards, shuffled with an injected generator."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar

from common.cardlist import CardList
from common.cards import Card


class Deck(CardList):
    """A deck of cards (the Java ``Deck``); subclasses pick the card class."""

    card_class: ClassVar[type[Card]] = Card
    """The class of the cards `initialize` creates; subclasses override it."""

    def __init__(self, cards: Iterable[Card] | None = None) -> None:
        """Build a fresh 52-card deck, or a deck of `cards` in the given order.

        Given cards are converted to this deck's `card_class`, so a deck read
        from a file orders its cards as the game does.
        """
        super().__init__()
        if cards is None:
            self.initialize()
        else:
            for card in cards:
                self.add_card(self.card_class(card.suit, card.rank))

    def initialize(self) -> None:
        """Remove every card, then add the 52 cards of `card_class` in order."""
        self.remove_all_cards()
        for suit in range(4):
            for rank in range(13):
                self.add_card(self.card_class(suit, rank))

    def shuffle(self, rng: random.Random) -> None:
        """Shuffle the deck exactly as the Java original does.

        For each position i a position j is drawn as ``int(rng.random() * n)``
        and the two cards are swapped.  Only ``random()`` is drawn, so a seeded
        generator deals the same cards on every Python version.
        """
        size = self.size()
        for i in range(size):
            j = int(rng.random() * size)
            if i != j:
                self.set_card(j, self.set_card(i, self.get_card(j)))

    def deal_card(self) -> Card:
        """Remove and return the top card (index 0).

        Raises:
            IndexError: when the deck is empty.
        """
        if self.is_empty():
            raise IndexError("the deck is empty")
        return self.remove_card(0)
