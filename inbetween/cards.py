"""In Between's cards: the shared `Card` with the ace high, and its deck."""

from __future__ import annotations

from typing import ClassVar

from common.cards import Card
from common.deck import Deck


class InBetweenCard(Card):
    """A card ranked 2 (lowest) up to ace (highest); suits play no part.

    Suits still break ties when a hand is sorted, so the display is stable.
    """

    __slots__ = ()

    @staticmethod
    def rank_order(rank: int) -> int:
        """Return the position of `rank` with 2 lowest (0) and the ace highest (12)."""
        return (rank - 1) % 13

    @property
    def value(self) -> int:
        """The card's value for the game: 2 to 10, J 11, Q 12, K 13, A 14."""
        return self.rank_order(self.rank) + 2


_ALL_CARDS = tuple(InBetweenCard(suit, rank) for suit in range(4) for rank in range(13))


class InBetweenDeck(Deck):
    """A 52-card deck of `InBetweenCard`."""

    card_class: ClassVar[type[Card]] = InBetweenCard

    def initialize(self) -> None:
        """Remove every card, then add the 52 cards in order.

        Cards are immutable, so every deck shares one set of them: a fresh
        deck each round then costs no card construction.
        """
        self.remove_all_cards()
        for card in _ALL_CARDS:
            self.add_card(card)

    def deal_card(self) -> InBetweenCard:
        """Remove and return the top card (index 0).

        Raises:
            IndexError: when the deck is empty.
        """
        card = super().deal_card()
        # Deck converts every card it is given to card_class.
        assert isinstance(card, InBetweenCard)
        return card
