"""Exact showdown equity: the chance of winning the showdown from a hand in progress.

Over every way the unseen cards can fall (the other player's hole card and
the up cards still to come), our hand wins, ties or loses at the showdown.

- `count_points` counts every deal, a win 2 points and a tie 1, by ranks
  rather than cards: a hand's value depends only on its ranks and on
  whether its five cards share a suit (`stud.evaluator`).  Microseconds in
  round 4, tens in round 3, a millisecond in round 2, tens of them in
  round 1.  `count_outcomes` counts the wins and the ties apart.
- `outcome_bounds` reads rounds 1 and 2 from tables (`TABLES_FILE`): the
  counts of round 1, bounds of those of round 2.  `showdown_points` is
  `count_points`, round 1 read from its table.
- `points_bounds` bounds round 3 in a third of the time of the count.

The smart player (`stud.strategy.EquityPlayer`) decides from the bounds
whenever they settle its comparison, and counts when they do not.
"""

from __future__ import annotations

import array
import bisect
import functools
import itertools
import sys
import zlib
from collections.abc import Sequence
from math import comb
from typing import NamedTuple

from common.cards.card import Card
from stud.evaluator import lookup_tables

HAND_SIZE = 5
"""Cards in a showdown hand: the hole card and four up cards."""
RANKS = 13
"""Ranks in a suit."""
SUITS = 4
"""Suits in the deck: cards of a rank."""

# A multiset of ranks: each rank with how many times it is in, the sum of
# their weights (the evaluator's key), and the ranks when they all differ
# (only such cards can share a suit), else None.
_Multiset = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...] | None]
# For a player who may still make a flush, which ranks of its suit are left
# to draw, as bits (bit r: rank r); None for a player who may not.
_Flags = int | None


@functools.cache
def _multisets(size: int) -> tuple[_Multiset, ...]:
    """Every multiset of `size` ranks, at most four of a rank."""
    weights = lookup_tables()[0]
    found = []
    for ranks in _combinations(size):
        counted: dict[int, int] = {}
        for rank in ranks:
            counted[rank] = counted.get(rank, 0) + 1
        if max(counted.values(), default=0) <= SUITS:
            distinct = ranks if len(counted) == len(ranks) else None
            found.append((tuple(counted.items()), sum(weights[r] for r in ranks),
                          distinct))
    return tuple(found)


def _combinations(size: int) -> list[tuple[int, ...]]:
    """Every sorted tuple of `size` ranks, repeats allowed."""
    if not size:
        return [()]
    return [(*rest, rank) for rest in _combinations(size - 1)
            for rank in range(rest[-1] if rest else 0, RANKS)]


Signature = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None,
                  tuple[int, ...] | None]
"""What the points of a hand in progress depend on (see `signature`)."""


def signature(own: Sequence[Card], opponent_up: Sequence[Card]) -> Signature:
    """Return what `count_points` depends on: two hands with one signature score alike.

    The points depend on the ranks of each player's cards and, for a player
    whose cards share a suit (who may still make a flush), on which ranks of
    that suit the other player shows, since those are not left to draw.  So
    the signature is our ranks, their ranks (each sorted), then the ranks of
    their cards in our suit, or None when our cards share no suit, and the
    ranks of our cards in their suit, or None (each sorted).
    """
    return (tuple(sorted([card.rank for card in own])),
            tuple(sorted([card.rank for card in opponent_up])),
            _in_suit(own, opponent_up), _in_suit(opponent_up, own))


def _in_suit(cards: Sequence[Card], others: Sequence[Card]) -> tuple[int, ...] | None:
    """The ranks of `others` in the suit all `cards` share, sorted; None if none."""
    suit = cards[0].suit
    for card in cards:
        if card.suit != suit:
            return None
    return tuple(sorted([card.rank for card in others if card.suit == suit]))


def count_points(own: Sequence[Card], opponent_up: Sequence[Card]
                 ) -> tuple[int, int]:
    """Return the points `own` cards score at the showdown, and the most they could.

    `own` is the hole card and the up cards so far, `opponent_up` the other
    player's up cards (as many as ours).  Over every deal of the cards not
    in either (the opponent's hole card and the up cards to come, ours and
    theirs), a win scores 2 and a tie 1; the second number is twice the
    number of deals, so the ratio is the chance of winning, a tie counting
    half.  Every deal is counted (no table): microseconds in round 4, tens
    in round 3, a millisecond in round 2, tens of them in round 1.

    Raises:
        ValueError: when the cards are not a hand in progress.
    """
    return _count(own, opponent_up, 2), 2 * deals(len(opponent_up))


class Outcomes(NamedTuple):
    """How many deals of the unseen cards our hand wins and ties, of how many."""

    wins: int
    ties: int
    deals: int


def count_outcomes(own: Sequence[Card], opponent_up: Sequence[Card]) -> Outcomes:
    """Return the deals `own` cards win and tie at the showdown (see `count_points`).

    Raises:
        ValueError: when the cards are not a hand in progress.
    """
    wins, ties = divmod(_count(own, opponent_up, _APART), _APART)
    return Outcomes(wins, ties, deals(len(opponent_up)))


_APART = 1 << 40
"""A win's score when wins and ties are counted apart: more than all the deals."""


def _count(own: Sequence[Card], opponent_up: Sequence[Card], win: int) -> int:
    """Count every deal, a win scoring `win` and a tie 1."""
    _check(own, opponent_up)
    ours, theirs = _flush_flags(own, opponent_up), _flush_flags(opponent_up, own)
    same = (ours is not None and theirs is not None
            and own[0].suit == opponent_up[0].suit)
    return _points(*_seen(own, opponent_up), ours, theirs, same,
                   HAND_SIZE - len(own), HAND_SIZE - len(opponent_up), win)


def _seen(own: Sequence[Card], opponent_up: Sequence[Card]
          ) -> tuple[list[int], int, int]:
    """The cards left of each rank, and the evaluator keys of ours and theirs."""
    weights = lookup_tables()[0]
    left = [SUITS] * RANKS
    for card in (*own, *opponent_up):
        left[card.rank] -= 1
    return (left, sum(weights[card.rank] for card in own),
            sum(weights[card.rank] for card in opponent_up))


def deals(ups: int) -> int:
    """Return how many deals of the unseen cards there are with `ups` up cards each.

    Ours to come, and theirs with their hole card, from the cards unseen.
    """
    pool = RANKS * SUITS - 2 * ups - 1
    ours = HAND_SIZE - ups - 1
    return comb(pool, ours) * comb(pool - ours, HAND_SIZE - ups)


def showdown_points(own: Sequence[Card], opponent_up: Sequence[Card]
                    ) -> tuple[int, int]:
    """Return what `count_points` does, reading round 1 from its table.

    Raises:
        ValueError: when the cards are not a hand in progress.
    """
    if len(opponent_up) != 1:
        return count_points(own, opponent_up)
    bounds = outcome_bounds(own, opponent_up)
    return bounds.wins_low + bounds.not_lost_low, 2 * bounds.deals  # 2 wins + ties


def points_bounds(own: Sequence[Card], opponent_up: Sequence[Card]
                  ) -> tuple[int, int, int]:
    """Return bounds of `count_points` in round 3 or 4, cheaply: low, high, most.

    Both are the points in round 4, and in round 3 when a flush is
    possible.  Otherwise in round 3 the points are those of each of our
    cards against their pairs drawn apart, less those of the pairs holding
    our card, at most 2 for each of our cards and each other card.  So the
    low bound is the count apart less the most those pairs score (2 for
    each ordered pair of the cards left), the high bound the count apart
    (never above the most points): at most 2/43 of the most points apart,
    in a third of the time of the count.

    Raises:
        ValueError: when the cards are not a hand in progress, or not in
            round 3 or 4.
    """
    _check(own, opponent_up)
    ups = len(opponent_up)
    if ups < HAND_SIZE - 2:
        raise ValueError(f"no bounds of round {ups}")
    if ups == HAND_SIZE - 1 or _flush_flags(own, opponent_up) is not None or (
            _flush_flags(opponent_up, own) is not None):
        points, most = count_points(own, opponent_up)
        return points, points, most
    left, own_key, their_key = _seen(own, opponent_up)
    apart = _one_two_apart(left, own_key, their_key, 2)
    pool = sum(left)
    most = 2 * deals(ups)
    return max(apart - 2 * pool * (pool - 1), 0), min(apart, most), most


class OutcomeBounds(NamedTuple):
    """Bounds of the deals won, and of those not lost (won or tied), of all."""

    wins_low: int
    wins_high: int
    not_lost_low: int
    not_lost_high: int
    deals: int


def outcome_bounds(own: Sequence[Card], opponent_up: Sequence[Card]
                   ) -> OutcomeBounds:
    """Return bounds of `count_outcomes`, as read from the tables, in round 1 or 2.

    Round 1's table has the wins and ties of every hand: the bounds are
    the counts.  Round 2's has the chance of a win, and of a win or a tie,
    of our ranks against theirs when no player may make a flush, in
    `SHARES`, rounded down; and a player whose three (or two) cards share
    a suit may still make one, which only helps that player, in the deals
    where they do.  So the counts lie between the table's least, less the
    deals where the other player makes a flush, and the table's most, plus
    the deals where we do.

    Raises:
        ValueError: when the cards are not a hand in progress, or not in
            round 1 or 2.
    """
    _check(own, opponent_up)
    ups = len(opponent_up)
    dealt = deals(ups)
    tables = _tables()
    if ups == 1:
        wins, ties = tables.round_one[signature(own, opponent_up)]
        return OutcomeBounds(wins, wins, wins + ties, wins + ties, dealt)
    if ups != 2:
        raise ValueError(f"no table of round {ups}")
    mine, theirs, their_cards_in_our_suit, our_cards_in_their_suit = signature(
        own, opponent_up)
    at = 2 * (tables.triples[mine] * len(tables.pairs) + tables.pairs[theirs])
    won, kept = tables.round_two[at], tables.round_two[at + 1]
    bounds = [-(-won * dealt // SHARES), ((won + 1) * dealt - 1) // SHARES,
              -(-kept * dealt // SHARES), ((kept + 1) * dealt - 1) // SHARES]
    pool = RANKS * SUITS - len(own) - ups
    if their_cards_in_our_suit is not None:  # we draw two cards of our suit
        suited = RANKS - len(own) - len(their_cards_in_our_suit)
        bounds[1] += comb(suited, 2) * comb(pool - 2, 3)
        bounds[3] += comb(suited, 2) * comb(pool - 2, 3)
    if our_cards_in_their_suit is not None:  # they draw three of theirs
        suited = RANKS - ups - len(our_cards_in_their_suit)
        bounds[0] -= comb(suited, 3) * comb(pool - 3, 2)
        bounds[2] -= comb(suited, 3) * comb(pool - 3, 2)
    low_wins, high_wins, low_kept, high_kept = (min(max(bound, 0), dealt)
                                                for bound in bounds)
    return OutcomeBounds(low_wins, high_wins, low_kept, high_kept, dealt)


SHARES = 255
"""Round 2's table holds each chance as a whole number of 255ths, rounded down."""


class _Tables(NamedTuple):
    """The tables of `TABLES_FILE`, read."""

    round_one: dict[Signature, tuple[int, int]]
    """The wins and ties of each signature of round 1."""
    round_two: bytes
    """Round 2 with no flush possible, our ranks by theirs: two bytes each."""
    triples: dict[tuple[int, ...], int]
    """The row of each sorted triple of ranks (ours) in `round_two`."""
    pairs: dict[tuple[int, ...], int]
    """The column of each sorted pair of ranks (theirs) in `round_two`."""


TABLES_FILE = "equity.bin"
"""The tables in the package: ``benchmarks/stud_equity_tables.py`` writes them.

Compressed (zlib): for each key of `round_two_keys` in order, two bytes,
the chance of a win and that of a win or a tie, each in `SHARES`, rounded
down (``wins * SHARES // deals``); then for each signature of
`round_one_signatures` in order, its wins and its ties, eight bytes each,
little-endian.
"""


@functools.cache
def _tables() -> _Tables:
    """Read `TABLES_FILE`, once."""
    import importlib.resources  # slow to import, and needed once

    data = zlib.decompress(importlib.resources.files("stud").joinpath(
        TABLES_FILE).read_bytes())
    triples, pairs = _combinations(HAND_SIZE - 2), _combinations(2)
    size = 2 * len(triples) * len(pairs)
    round_one = array.array("Q")
    round_one.frombytes(data[size:])
    if sys.byteorder == "big":
        round_one.byteswap()
    signatures = round_one_signatures()
    if len(round_one) != 2 * len(signatures):
        raise RuntimeError(f"{TABLES_FILE} does not hold the tables this code reads")
    counts = zip(round_one[::2], round_one[1::2], strict=True)
    return _Tables(dict(zip(signatures, counts, strict=True)), data[:size],
                   {ranks: row for row, ranks in enumerate(triples)},
                   {ranks: column for column, ranks in enumerate(pairs)})


def round_two_keys() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Return the keys of the round-2 table in order: our sorted ranks, then theirs.

    Every sorted triple of ranks, and for each every sorted pair, whether
    or not five such cards exist (the chances of those that do not are 0).
    """
    return [(mine, theirs) for mine in _combinations(HAND_SIZE - 2)
            for theirs in _combinations(2)]


def round_one_signatures() -> list[Signature]:
    """Return the signature of every hand of round 1, each once, in table order."""
    found: list[Signature] = []
    for low in range(RANKS):
        for high in range(low, RANKS):
            own = (low, high)
            for up in range(RANKS):
                theirs = (up,)
                if low != high:  # our cards may share a suit, and theirs with it
                    if up not in own:
                        found.append((own, theirs, theirs, own))
                    found.append((own, theirs, (), ()))
                # Our cards in two suits: one of them may be in theirs.
                found.append((own, theirs, None, ()))
                found.extend((own, theirs, None, (rank,))
                             for rank in sorted(set(own)) if rank != up)
    return found


def _check(own: Sequence[Card], opponent_up: Sequence[Card]) -> None:
    ups = len(opponent_up)
    if not 1 <= ups <= HAND_SIZE - 1 or len(own) != ups + 1:
        raise ValueError(f"{len(own)} own cards and {ups} up cards are not a hand")


def _flush_flags(cards: Sequence[Card], others: Sequence[Card]) -> _Flags:
    """Which ranks of the suit `cards` share are left; None if they share none."""
    suit = cards[0].suit
    if any(card.suit != suit for card in cards):
        return None
    flags = (1 << RANKS) - 1
    for card in (*cards, *others):
        if card.suit == suit:
            flags &= ~(1 << card.rank)
    return flags


def _points(left: list[int], own_key: int, their_key: int, ours: _Flags,
            theirs: _Flags, same: bool, own_needed: int, their_needed: int,
            win: int) -> int:
    """Count every deal, a win scoring `win` and a tie 1.

    We draw `own_needed` cards, they `their_needed`, from `left`, onto
    cards of keys `own_key` and `their_key`; `ours` and `theirs` are the
    ranks of each player's flush suit left (None: no flush possible), `same`
    whether that is one suit.

    Our draw A and theirs B come from one pool, so they never share a card.
    Summing over pairs drawn independently instead and correcting by
    inclusion-exclusion, ``[A and B disjoint] = sum over S within both of
    (-1)^|S|``, each term pairs the draws that hold a given set S of cards,
    and is a product of two independent counts: one sorting, not a double
    loop.  The sets S of one multiset of ranks count alike, except the ones
    all in a flush suit, which are counted apart.
    """
    if ours is None and theirs is None and (own_needed, their_needed) == (1, 2):
        return _plain_one_two(left, own_key, their_key, win)
    points = _independent(left, ours, theirs, own_key, their_key, own_needed,
                          their_needed, win)
    for size in range(1, min(own_needed, their_needed) + 1):
        sign = -1 if size % 2 else 1
        for counts, key, distinct in _multisets(size):
            sets = 1
            for rank, count in counts:
                sets *= _CHOOSE[left[rank]][count]
            if not sets:
                continue
            rest = list(left)
            for rank, count in counts:
                rest[rank] -= count
            held = _mask(distinct)
            all_ours = ours is not None and held & ours == held
            all_theirs = theirs is not None and held & theirs == held
            plain = sets - all_ours - all_theirs + (all_ours and all_theirs and same)
            drawn = (own_key + key, their_key + key, own_needed - size,
                     their_needed - size)
            if plain and drawn[2:] == (0, 1):  # the commonest: straight through
                points += sign * plain * _made_against_one(left, counts, *drawn[:2],
                                                           win)
            elif plain:
                points += sign * plain * _independent(rest, None, None, *drawn, win)
            if all_ours:
                assert ours is not None
                flags = ours & ~held
                points += sign * _independent(rest, flags, flags if same else None,
                                              *drawn, win)
            if all_theirs and not same:
                assert theirs is not None
                points += sign * _independent(rest, None, theirs & ~held, *drawn, win)
    return points


def _made_against_one(left: list[int], drawn: tuple[tuple[int, int], ...],
                      own_key: int, their_key: int, win: int) -> int:
    """Count our hand, made, against their draws of one card, none a flush.

    The cards are those of `left` less `drawn` (ranks, how many of each).
    """
    mine = lookup_tables()[1][own_key]
    row = _row(their_key)
    points = sum(ways * (win if mine > value else mine == value)
                 for ways, value in zip(left, row, strict=True))
    for rank, count in drawn:
        value = row[rank]
        points -= count * (win if mine > value else mine == value)
    return points


@functools.cache
def _row(key: int) -> tuple[int, ...]:
    """The value of cards of key `key` with one more card of each rank.

    A card that would make five of a rank has no value: 0 where its key is
    past the table's end, else whatever the table has there.
    """
    weights, unsuited, _flush = lookup_tables()
    # A tuple: the cache hands the same one to every count.
    return tuple([unsuited[key + weight] if key + weight < len(unsuited) else 0
                  for weight in weights])


def _mask(ranks: tuple[int, ...] | None) -> int:
    """The ranks as bits; -1 (every bit) for None, which no flush suit holds."""
    if ranks is None:
        return -1
    bits = 0
    for rank in ranks:
        bits |= 1 << rank
    return bits


def _plain_one_two(left: list[int], own_key: int, their_key: int, win: int) -> int:
    """`_points` when we need one card, they two, and neither can make a flush.

    The commonest count of round 3: our cards against their pairs drawn
    independently (`_one_two_apart`), less the pairs holding our card.
    """
    weights, unsuited, _flush = lookup_tables()
    points = _one_two_apart(left, own_key, their_key, win)
    live = [(rank, ways) for rank, ways in enumerate(left) if ways]
    for rank, ways in live:
        mine = unsuited[own_key + weights[rank]]
        # The pairs holding this card: it and any other card (one fewer of
        # its own rank).
        row = _row(their_key + weights[rank])
        held = sum(others * (win if mine > row[other] else mine == row[other])
                   for other, others in live)
        value = row[rank]
        points -= ways * (held - (win if mine > value else mine == value))
    return points


def _one_two_apart(left: list[int], own_key: int, their_key: int, win: int) -> int:
    """Count each of our cards against each of their pairs of the cards `left`.

    Their pairs of ranks are sorted once for their up cards: each card of
    ours is two bisections.  Pairs holding our card are counted too.
    """
    weights, unsuited, _flush = lookup_tables()
    theirs = _draws_onto(2, their_key)
    below = [0, *itertools.accumulate(_ways(theirs, _factors(left)))]
    values = theirs.values
    points = 0
    for rank, ways in enumerate(left):
        if ways:
            mine = unsuited[own_key + weights[rank]]
            low = bisect.bisect_left(values, mine)
            high = bisect.bisect_right(values, mine, low)
            points += ways * ((win - 1) * below[low] + below[high])
    return points


class _Draws(NamedTuple):
    """Every draw of some ranks onto cards held, sorted by the value they make."""

    values: tuple[int, ...]
    """The value of each draw, the cards not all of one suit; ascending."""
    factors: tuple[tuple[int, ...], ...]
    """For each, where in `_factors` its ways are (their product)."""
    suited: tuple[tuple[int, int, int], ...]
    """For each draw of distinct ranks: its place, its ranks as bits, and
    its value when all the cards share a suit."""


@functools.cache
def _draws_onto(size: int, key: int) -> _Draws:
    """Every draw of `size` ranks onto cards of evaluator key `key`.

    A draw that would make five of a rank is never drawn (it has no ways),
    so its value is never read (0 when its key is past the table's end).
    """
    _weights, unsuited, flush = lookup_tables()
    extras, factors, held = _shapes(size)
    end = len(unsuited) - key
    values = [unsuited[key + extra] if extra < end else 0 for extra in extras]
    order = sorted(range(len(values)), key=values.__getitem__)
    # Tuples: the cache hands the same ones to every count.
    return _Draws(tuple([values[at] for at in order]),
                  tuple([factors[at] for at in order]),
                  tuple([(place, held[at], flush.get(key + extras[at], 0))
                         for place, at in enumerate(order) if held[at] >= 0]))


@functools.cache
def _shapes(size: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...],
                                tuple[int, ...]]:
    """For each multiset of `size` ranks: its key, its ways' places, its bits.

    The places are those in `_factors` of the numbers whose product is its
    ways; the bits are its ranks, or -1 unless they all differ.
    """
    extras, factors, held = [], [], []
    for counts, extra, distinct in _multisets(size):
        places = [(count - 1) * RANKS + rank for rank, count in counts]
        extras.append(extra)
        factors.append(tuple(places + [_ONE] * (size - len(places))))
        held.append(_mask(distinct))
    return tuple(extras), tuple(factors), tuple(held)


_ONE = SUITS * RANKS
"""The place of 1 in `_factors`."""


def _factors(left: list[int]) -> list[int]:
    """The ways to draw 1, 2, 3 or 4 cards of each rank from `left`, then 1."""
    return [*left, *(_CHOOSE[ways][2] for ways in left),
            *(_CHOOSE[ways][3] for ways in left), *(_CHOOSE[ways][4] for ways in left),
            1]


def _ways(draws: _Draws, factors: list[int]) -> list[int]:
    """The ways of each draw of `draws`, from `_factors` of the cards left."""
    if not draws.factors or len(draws.factors[0]) == 0:
        return [1] * len(draws.factors)
    if len(draws.factors[0]) == 1:
        return [factors[first] for first, in draws.factors]
    if len(draws.factors[0]) == 2:
        return [factors[first] * factors[second] for first, second in draws.factors]
    if len(draws.factors[0]) == 3:
        return [factors[first] * factors[second] * factors[third]
                for first, second, third in draws.factors]
    return [factors[first] * factors[second] * factors[third] * factors[fourth]
            for first, second, third, fourth in draws.factors]


_CHOOSE = [[comb(left, count) for count in range(SUITS + 1)]
           for left in range(SUITS + 1)]
"""``_CHOOSE[n][k]``: the ways to draw k cards of n."""


def _independent(left: list[int], ours: _Flags, theirs: _Flags, own_key: int,
                 their_key: int, own_needed: int, their_needed: int, win: int) -> int:
    """Count our draws against theirs, each from all of `left`, a win `win`."""
    if not own_needed and their_needed == 1:  # the commonest: straight through
        return _one_card(left, ours, theirs, own_key, their_key, win)
    factors = _factors(left)
    draws = _draws_onto(their_needed, their_key)
    ways = _ways(draws, factors)
    suited = _suited(draws, ways, theirs)
    below = [0, *itertools.accumulate(ways)]
    values = draws.values
    mine = _draws_onto(own_needed, own_key)
    our_ways = _ways(mine, factors)
    points = 0
    for value in _suited(mine, our_ways, ours):
        low = bisect.bisect_left(suited, value)
        high = bisect.bisect_right(suited, value, low)
        low_plain = bisect.bisect_left(values, value)
        high_plain = bisect.bisect_right(values, value, low_plain)
        points += (win - 1) * (low + below[low_plain]) + high + below[high_plain]
    for value, count in zip(mine.values, our_ways, strict=True):
        if count:
            low = bisect.bisect_left(suited, value)
            high = bisect.bisect_right(suited, value, low)
            low_plain = bisect.bisect_left(values, value)
            high_plain = bisect.bisect_right(values, value, low_plain)
            points += count * ((win - 1) * (low + below[low_plain])
                               + high + below[high_plain])
    return points


def _suited(draws: _Draws, ways: list[int], flags: _Flags) -> list[int]:
    """Take the draws all in the flush suit out of `ways`; return their values, sorted.

    `flags` are the ranks of the suit left (None: no flush possible).
    """
    if flags is None:
        return []
    found = []
    for place, held, value in draws.suited:
        if held & flags == held:
            ways[place] -= 1
            found.append(value)
    found.sort()
    return found


def _one_card(left: list[int], ours: _Flags, theirs: _Flags, own_key: int,
              their_key: int, win: int) -> int:
    """`_independent` when our hand is made and they need one card."""
    weights, unsuited, flush = lookup_tables()
    mine = unsuited[own_key] if ours is None else flush[own_key]
    points = 0
    for rank in range(RANKS):
        ways = left[rank]
        if ways:
            key = their_key + weights[rank]
            if theirs is not None and theirs >> rank & 1:
                value = flush[key]
                points += win if mine > value else mine == value
                ways -= 1
            value = unsuited[key]
            points += ways * (win if mine > value else mine == value)
    return points
