"""The seed's hand class: five cards and the poker hand they make.

Each of the nine poker categories is a `common.cards.hand.Hand` subclass of
`PokerHand` (`HighCard` … `StraightFlush`); `poker_hand` builds the one five
cards make.  Hands compare by `stud.evaluate`, whatever their category, and
suits never break a tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from common.cards.card import Card
from common.cards.hand import Hand
from common.cards.player import CardGamePlayer
from common.language import _
from stud.cards import StudCard
from stud.evaluator import HandCategory, category_of, evaluate


class PokerHand(Hand[StudCard]):
    """Five distinct cards, their `value` (see `stud.evaluate`) and `category`.

    The cards keep the order given (the hole card first, at a showdown).  Two
    hands are equal when they hold the same cards, in any order.  Build one
    with `poker_hand`, which picks the category's class.
    """

    card_class = StudCard
    category: ClassVar[HandCategory]
    """The category this class is (each subclass sets its own)."""

    def __init__(self, player: CardGamePlayer | None, cards: Iterable[Card]) -> None:
        """Build the hand `player` shows with `cards`, as `StudCard`, in order.

        Raises:
            ValueError: when they are not five distinct cards.
        """
        super().__init__(player, cards)
        self._value = evaluate(_five_distinct(self))

    @property
    def cards(self) -> tuple[StudCard, ...]:
        """The five cards, in the order given."""
        return self._cards

    @property
    def value(self) -> int:
        """The hand's strength, 1 to 7462: higher is better, equal is a tie."""
        return self._value

    @property
    def name(self) -> str:
        """The hand as a player names it, with its ranks: ``Two Pair, Ks and 5s``."""
        counts = Counter(card.value for card in self)
        by_count = sorted(counts, key=lambda value: (counts[value], value),
                          reverse=True)
        names = {card.value: card.rank_name for card in self}
        ranks = [names[value] for value in by_count]
        category = self.category
        if category is HandCategory.PAIR:
            # Translators: {ranks} is a rank in the plural: Ks, 10s, 6es.
            return _("Pair of {ranks}").format(ranks=_plural(ranks[0]))
        if category is HandCategory.TWO_PAIR:
            # Translators: {high} and {low} are ranks in the plural: Ks, 10s, 6es.
            return _("Two Pair, {high} and {low}").format(high=_plural(ranks[0]),
                                                          low=_plural(ranks[1]))
        if category is HandCategory.THREE_OF_A_KIND:
            # Translators: {ranks} is a rank in the plural: Ks, 10s, 6es.
            return _("Three {ranks}").format(ranks=_plural(ranks[0]))
        if category is HandCategory.FULL_HOUSE:
            # Translators: {three} and {two} are ranks in the plural: Ks, 10s, 6es.
            return _("Full House, {three} over {two}").format(three=_plural(ranks[0]),
                                                              two=_plural(ranks[1]))
        if category is HandCategory.FOUR_OF_A_KIND:
            # Translators: {ranks} is a rank in the plural: Ks, 10s, 6es.
            return _("Four {ranks}").format(ranks=_plural(ranks[0]))
        if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
            values = sorted(counts)
            top = values[-2] if values == [2, 3, 4, 5, 14] else values[-1]  # the wheel
            if category is HandCategory.STRAIGHT_FLUSH:
                # Translators: {rank} is the rank of the top card: A, K, 10, 5.
                return _("Straight Flush to the {rank}").format(rank=names[top])
            # Translators: {rank} is the rank of the top card: A, K, 10, 5.
            return _("Straight to the {rank}").format(rank=names[top])
        if category is HandCategory.FLUSH:
            # Translators: {rank} is the rank of the highest card: A, K, 10.
            return _("Flush, {rank} high").format(rank=ranks[0])
        # Translators: {rank} is the rank of the highest card: A, K, 10.
        return _("High Card, {rank} high").format(rank=ranks[0])

    def is_valid(self) -> bool:
        """Return whether the five cards make this class's category."""
        return category_of(self._value) is self.category

    def strength(self) -> int:
        """Return the hand's `value`: every poker hand compares with every other."""
        return self._value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PokerHand):
            return NotImplemented
        return set(self) == set(other)

    def __hash__(self) -> int:
        return hash(frozenset(self._cards))

    def __str__(self) -> str:
        return " ".join(f"[{card}]" for card in self) + f" {self.category}"

    def __repr__(self) -> str:
        codes = " ".join(card.code for card in self)
        return f"poker_hand(parse_cards({codes!r}))"


class HighCard(PokerHand):
    """No pair, straight or flush: the highest cards decide."""

    category = HandCategory.HIGH_CARD


class Pair(PokerHand):
    """Two cards of one rank."""

    category = HandCategory.PAIR


class TwoPair(PokerHand):
    """Two pairs."""

    category = HandCategory.TWO_PAIR


class ThreeOfAKind(PokerHand):
    """Three cards of one rank."""

    category = HandCategory.THREE_OF_A_KIND


class Straight(PokerHand):
    """Five ranks in a row, not one suit (the ace may play low: A-2-3-4-5)."""

    category = HandCategory.STRAIGHT


class Flush(PokerHand):
    """Five cards of one suit, not in a row."""

    category = HandCategory.FLUSH


class FullHouse(PokerHand):
    """Three cards of one rank and two of another."""

    category = HandCategory.FULL_HOUSE


class FourOfAKind(PokerHand):
    """Four cards of one rank."""

    category = HandCategory.FOUR_OF_A_KIND


class StraightFlush(PokerHand):
    """Five ranks in a row, one suit."""

    category = HandCategory.STRAIGHT_FLUSH


POKER_HANDS: dict[HandCategory, type[PokerHand]] = {
    cls.category: cls for cls in (HighCard, Pair, TwoPair, ThreeOfAKind, Straight,
                                  Flush, FullHouse, FourOfAKind, StraightFlush)}
"""The hand class of each category."""


def _plural(rank: str) -> str:
    return rank + ("es" if rank == "6" else "s")


def poker_hand(cards: Iterable[Card],
               player: CardGamePlayer | None = None) -> PokerHand:
    """Return the poker hand five cards make, of its category's class.

    Raises:
        ValueError: when they are not five distinct cards.
    """
    cards = _five_distinct(cards)
    return POKER_HANDS[category_of(evaluate(cards))](player, cards)


def _five_distinct(cards: Iterable[Card]) -> list[Card]:
    """The cards as a list, checked to be five distinct cards (ValueError if not)."""
    listed = list(cards)
    if len(listed) != 5 or len(set(listed)) != 5:
        codes = " ".join(card.code for card in listed)
        raise ValueError(f"a poker hand is five distinct cards, not {codes!r}")
    return listed
