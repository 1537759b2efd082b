"""In Between's cards: the shared `Card` with the ace high, and its deck."""

from __future__ import annotations

from typing import ClassVar

from common.cards import AceHighCard, Card
from common.deck import Deck


class InBetweenCard(AceHighCard):
    """A card ranked 2 (lowest) up to ace (highest); suits play no part.

    Suits still break ties when a hand is sorted, so the display is stable.
    """

    __slots__ = ()


class InBetweenDeck(Deck):
    """A 52-card deck of `InBetweenCard`."""

    card_class: ClassVar[type[Card]] = InBetweenCard

    def deal_card(self) -> InBetweenCard:
        """Remove and return the top card (index 0).

        Raises:
            IndexError: when the deck is empty.
        """
        card = super().deal_card()
        # Deck converts every card it is given to card_class.
        assert isinstance(card, InBetweenCard)
        return card
