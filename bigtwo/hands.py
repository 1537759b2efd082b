"""The assignment's `Hand` and its eight legal combinations, and `compose_hand`.

Every hand keeps its cards sorted in Big Two order.  A hand beats only a hand of
the same size; five-card hands rank StraightFlush > Quad > FullHouse > Flush >
Straight, and within one type the assignment's rule applies (see each class).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from bigtwo.cards import BigTwoCard
from common.cardlist import CardList
from common.cards import Card
from common.player import CardGamePlayer


class Hand(CardList, ABC):
    """A hand of cards played by a player (the Java ``Hand``)."""

    five_card_rank: ClassVar[int] = 0
    """Where a five-card type stands: Straight 1 … StraightFlush 5; 0 otherwise."""

    def __init__(self, player: CardGamePlayer | None, cards: Iterable[Card]) -> None:
        """Build the hand `player` plays with `cards`, sorted in Big Two order."""
        super().__init__(BigTwoCard(card.suit, card.rank) for card in cards)
        self.sort()
        self._player = player

    def get_player(self) -> CardGamePlayer | None:
        """Return the player who plays this hand."""
        return self._player

    def get_top_card(self) -> Card:
        """Return the top card: the highest card, unless the type says otherwise."""
        return self.get_card(self.size() - 1)

    def get_type(self) -> str:
        """Return the name of the hand's type, which is its class name.

        Java declares ``getType`` abstract and every subclass returns its own
        class name; Python says it once here.
        """
        return type(self).__name__

    @abstractmethod
    def is_valid(self) -> bool:
        """Return whether the cards form a hand of this type."""

    def strength(self) -> tuple[int, int, tuple[int, int]]:
        """Return what this hand is compared by, among hands of its size.

        The type's five-card rank first, then the top card; `Flush` puts its
        suit before the top card.
        """
        return (self.five_card_rank, 0, self.get_top_card().sort_key())

    def beats(self, hand: Hand) -> bool:
        """Return whether this hand beats `hand`: same size, greater strength."""
        return self.size() == hand.size() and self.strength() > hand.strength()

    def _ranks(self) -> list[int]:
        """The ranks of the cards in Big Two order (3 is 0, 2 is 12), sorted."""
        return [card.sort_key()[0] for card in self]

    def _is_flush(self) -> bool:
        return self.size() == 5 and len({card.suit for card in self}) == 1

    def _is_straight(self) -> bool:
        # Consecutive in Big Two order, so J-Q-K-A-2 counts and A-2-3-4-5 does not.
        ranks = self._ranks()
        return (self.size() == 5 and len(set(ranks)) == 5
                and ranks[-1] - ranks[0] == 4)

    def _same_rank_run(self, size: int) -> Card | None:
        """The top card of the cards sharing a rank `size` times, if any."""
        counts = Counter(card.rank for card in self)
        for card in reversed(list(self)):
            if counts[card.rank] == size:
                return card
        return None

    def __repr__(self) -> str:
        player = self._player.get_name() if self._player is not None else None
        return f"{type(self).__name__}({player!r}, {str(self)!r})"


class Single(Hand):
    """One card; the higher card wins (rank, then suit)."""

    def is_valid(self) -> bool:
        """Return whether the hand is exactly one card."""
        return self.size() == 1


class Pair(Hand):
    """Two cards of one rank; the higher rank wins, then the higher top suit."""

    def is_valid(self) -> bool:
        """Return whether the hand is two cards of one rank."""
        return self.size() == 2 and self[0].rank == self[1].rank


class Triple(Hand):
    """Three cards of one rank; the higher rank wins."""

    def is_valid(self) -> bool:
        """Return whether the hand is three cards of one rank."""
        return self.size() == 3 and len({card.rank for card in self}) == 1


class Straight(Hand):
    """Five consecutive ranks, not all one suit; the higher top card wins."""

    five_card_rank = 1

    def is_valid(self) -> bool:
        """Return whether the ranks are consecutive and the suits are not one."""
        return self._is_straight() and not self._is_flush()


class Flush(Hand):
    """Five cards of one suit, not consecutive; higher suit, then top card, wins."""

    five_card_rank = 2

    def is_valid(self) -> bool:
        """Return whether the suits are one and the ranks are not consecutive."""
        return self._is_flush() and not self._is_straight()

    def strength(self) -> tuple[int, int, tuple[int, int]]:
        """Return the type's rank, the suit, then the top card."""
        top = self.get_top_card()
        return (self.five_card_rank, top.suit_order(top.suit), top.sort_key())


class FullHouse(Hand):
    """A triple and a pair; the triple's top card decides."""

    five_card_rank = 3

    def is_valid(self) -> bool:
        """Return whether the hand is three of one rank and two of another."""
        return (self.size() == 5
                and sorted(Counter(card.rank for card in self).values()) == [2, 3])

    def get_top_card(self) -> Card:
        """Return the highest card of the triple."""
        return self._same_rank_run(3) or super().get_top_card()


class Quad(Hand):
    """Four of one rank and any fifth card; the quadruple's top card decides."""

    five_card_rank = 4

    def is_valid(self) -> bool:
        """Return whether the hand is four of one rank and one other card."""
        return (self.size() == 5
                and sorted(Counter(card.rank for card in self).values()) == [1, 4])

    def get_top_card(self) -> Card:
        """Return the highest card of the quadruple."""
        return self._same_rank_run(4) or super().get_top_card()


class StraightFlush(Hand):
    """Five consecutive ranks of one suit; the higher top card wins."""

    five_card_rank = 5

    def is_valid(self) -> bool:
        """Return whether the ranks are consecutive and the suits are one."""
        return self._is_straight() and self._is_flush()


HAND_TYPES: tuple[type[Hand], ...] = (
    StraightFlush, Quad, FullHouse, Flush, Straight, Triple, Pair, Single,
)
"""Every legal combination, best five-card type first."""


def compose_hand(player: CardGamePlayer | None, cards: Iterable[Card]) -> Hand | None:
    """Return the valid hand `player` makes with `cards`, or None.

    The Java ``composeHand``.  The types are exclusive, so at most one fits;
    cards that repeat a card make no hand.
    """
    cards = list(cards)
    if len(set(cards)) != len(cards):
        return None
    for hand_type in HAND_TYPES:
        hand = hand_type(player, cards)
        if hand.is_valid():
            return hand
    return None
