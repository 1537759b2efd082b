"""In Between's cards: the shared `Card` with the ace high, and its deck."""

from __future__ import annotations

from common.cards.card import AceHighCard
from common.cards.deck import Deck


class InBetweenCard(AceHighCard):
    """A card ranked 2 (lowest) up to ace (highest); suits play no part.

    Suits still break ties when a hand is sorted, so the display is stable.
    """

    __slots__ = ()


class InBetweenDeck(Deck[InBetweenCard]):
    """A 52-card deck of `InBetweenCard`."""

    card_class = InBetweenCard
