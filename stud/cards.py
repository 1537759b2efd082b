"""Stud's cards and deck: aces high, suits clubs < diamonds < hearts < spades."""

from __future__ import annotations

from common.cards.card import CLUBS, DIAMONDS, HEARTS, SPADES, AceHighCard
from common.cards.deck import Deck

_SUIT_ORDER = {CLUBS: 0, DIAMONDS: 1, HEARTS: 2, SPADES: 3}


class StudCard(AceHighCard):
    """A card as stud ranks it: the ace above the king, then the standard suit order.

    The suit order (clubs, diamonds, hearts, spades) only decides who acts first
    when the up cards tie; it never breaks a showdown tie.
    """

    __slots__ = ()

    @staticmethod
    def suit_order(suit: int) -> int:
        """Return 0 for clubs, 1 diamonds, 2 hearts, 3 spades."""
        return _SUIT_ORDER[suit]


class StudDeck(Deck[StudCard]):
    """A 52-card deck of `StudCard` (the seed's card deck class)."""

    card_class = StudCard
