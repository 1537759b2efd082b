"""Five-card poker hand values: `evaluate` rates a hand, `category` names it.

Every five distinct cards get an int from 1 (7-5-4-3-2 of mixed suits) to 7462
(a royal flush): higher is better, equal means a tie, and suits never break a
tie.  The tables behind it are built on the first call (a fraction of a
second), so importing the module stays instant.
"""

from __future__ import annotations

import bisect
import enum
import itertools
from collections import Counter
from collections.abc import Iterable

from common.cards.card import ACE, Card


class HandCategory(enum.IntEnum):
    """The nine kinds of poker hand, worst to best; `str` gives the display name."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def display_name(self) -> str:
        """The name the console prints, e.g. ``Four of a Kind``."""
        return _DISPLAY_NAMES[self]

    def __str__(self) -> str:
        return self.display_name


_DISPLAY_NAMES = {
    HandCategory.HIGH_CARD: "High Card",
    HandCategory.PAIR: "Pair",
    HandCategory.TWO_PAIR: "Two Pair",
    HandCategory.THREE_OF_A_KIND: "Three of a Kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full House",
    HandCategory.FOUR_OF_A_KIND: "Four of a Kind",
    HandCategory.STRAIGHT_FLUSH: "Straight Flush",
}

DISTINCT_VALUES = 7462
"""How many different values `evaluate` gives: the distinct five-card poker hands."""

# A weight per rank (indexed by common.Card's rank number), picked greedily so
# that the sums over every multiset of five ranks (at most four of each) differ.
# The sum is then a perfect hash of the ranks small enough (< 2**19) to index a
# flat list, which beats both a dict and a product of primes in CPython.
_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)

# Filled in place by _build_tables, so evaluate can bind them at import time.
_UNSUITED: list[int] = []
_FLUSH: dict[int, int] = {}
_CATEGORY_FLOORS: list[int] = []


def evaluate(cards: Iterable[Card]) -> int:
    """Return the value of five distinct cards: higher is better, equal is a tie.

    Any `common.Card` objects will do; only their ranks (ace high) and whether
    they share a suit matter.  The result for cards that are not five distinct
    cards is unspecified (it may be a ValueError).

    Raises:
        ValueError: when there are not five cards.
    """
    first, second, third, fourth, fifth = cards
    key = (_WEIGHTS[first.rank] + _WEIGHTS[second.rank] + _WEIGHTS[third.rank]
           + _WEIGHTS[fourth.rank] + _WEIGHTS[fifth.rank])
    try:
        if first.suit == second.suit == third.suit == fourth.suit == fifth.suit:
            return _FLUSH[key]
        return _UNSUITED[key]
    except LookupError:
        # Costs nothing on the fast path: the tables are still empty on the
        # very first call, and afterwards only impossible hands miss.
        if _UNSUITED:
            raise ValueError("not five distinct cards") from None
        _build_tables()
        return evaluate((first, second, third, fourth, fifth))


def category_of(value: int) -> HandCategory:
    """Return the category of the hand whose `evaluate` value is `value`.

    Raises:
        ValueError: when `value` is not between 1 and 7462.
    """
    if not 1 <= value <= DISTINCT_VALUES:
        raise ValueError(f"hand values run from 1 to {DISTINCT_VALUES}, not {value}")
    if not _CATEGORY_FLOORS:
        _build_tables()
    return HandCategory(bisect.bisect_right(_CATEGORY_FLOORS, value))


def category(cards: Iterable[Card]) -> str:
    """Return the display name of the category of five cards, e.g. ``Full House``."""
    return category_of(evaluate(cards)).display_name


def lookup_tables() -> tuple[tuple[int, ...], list[int], dict[int, int]]:
    """Return the rank weights and the two tables `evaluate` reads, built if need be.

    For code that rates many hands sharing cards (`stud.equity`): five cards
    of ranks r1 … r5 (``Card.rank`` numbers) are worth ``flush[key]`` when
    they share a suit, else ``unsuited[key]``, where ``key`` is the sum of
    ``weights[r1]`` … ``weights[r5]`` (five of one rank have no value).  The
    tables are `evaluate`'s own: read them, never change them.
    """
    if not _UNSUITED:
        _build_tables()
    return _WEIGHTS, _UNSUITED, _FLUSH


def _strength(ranks: tuple[int, ...], suited: bool) -> tuple[int, tuple[int, ...]]:
    """Return (category, tie-break ranks) for five ranks, the slow, obvious way."""
    highs = [12 if rank == ACE else rank - 1 for rank in ranks]  # 2 is 0, ace 12
    groups = sorted(Counter(highs).items(), key=lambda item: (item[1], item[0]),
                    reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    straight_high = None
    if len(order) == 5:
        if order[0] - order[4] == 4:
            straight_high = order[0]
        elif order == (12, 3, 2, 1, 0):  # the wheel: the ace plays low
            straight_high = 3
    if straight_high is not None:
        kind = HandCategory.STRAIGHT_FLUSH if suited else HandCategory.STRAIGHT
        return kind, (straight_high,)
    if suited:
        return HandCategory.FLUSH, order
    kind = {
        (4, 1): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (2, 1, 1, 1): HandCategory.PAIR,
    }.get(shape, HandCategory.HIGH_CARD)
    return kind, order


def _build_tables() -> None:
    """Rate every rank pattern once and fill the lookup tables in place."""
    unsuited = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            unsuited[sum(_WEIGHTS[rank] for rank in ranks)] = _strength(ranks, False)
    suited = {}
    for ranks in itertools.combinations(range(13), 5):
        suited[sum(_WEIGHTS[rank] for rank in ranks)] = _strength(ranks, True)
    strengths = sorted(set(unsuited.values()) | set(suited.values()))
    value_of = {strength: value for value, strength in enumerate(strengths, 1)}
    table = [0] * (max(unsuited) + 1)
    for key, strength in unsuited.items():
        table[key] = value_of[strength]
    _FLUSH.update((key, value_of[strength]) for key, strength in suited.items())
    _CATEGORY_FLOORS[:] = [value_of[min(s for s in strengths if s[0] == kind)]
                           for kind in HandCategory]
    _UNSUITED[:] = table  # last: a non-empty _UNSUITED means the tables are ready
