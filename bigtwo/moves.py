"""Every legal move of a Big Two position, fast, on cards as keys.

A move is a tuple of indices into the seat's sorted hand; the empty tuple
passes.  What a hand is and how hands compare is `bigtwo.hands`' one rule
(`bigtwo.hands.strength`), on the cards' keys; only which straights beat
a five-card hand is read off their shape, where a search asks it most
(the tests check it against the rule).  The engine generates the moves of
each position once (`moves_of`) and hands them to the seat in its view
(`bigtwo.view.BigTwoView.moves`); `bigtwo.view.legal_moves` generates them
from any view's own data.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import combinations, product

from bigtwo.hands import (
    FLUSH,
    FULL_HOUSE,
    QUAD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_DIAMONDS_KEY,
    Strength,
    strength,
)

Move = tuple[int, ...]
"""Indices into the seat's hand, ascending; ``()`` is a pass."""
PASS: Move = ()
"""The move that passes."""

_SINGLES: tuple[Move, ...] = tuple((index,) for index in range(52))
_ONLY_PASS: tuple[Move, ...] = (PASS,)
_NONE = range(0)


def _by_rank(keys: Sequence[int]) -> tuple[list[range], int, list[range]]:
    """The shape of the sorted `keys`, rank by rank.

    Returns the positions of each rank's cards (for the 13 ranks), the ranks
    held (bit r for rank r) and, in rank order, the positions of the ranks
    held two or more times.
    """
    groups: list[range] = [_NONE] * 13
    present = 0
    several: list[range] = []
    start, count = 0, len(keys)
    while start < count:
        rank, end = keys[start] >> 2, start + 1
        while end < count and keys[end] >> 2 == rank:
            end += 1
        groups[rank] = group = range(start, end)
        present |= 1 << rank
        if end - start > 1:
            several.append(group)
        start = end
    return groups, present, several


def _same_rank(several: Sequence[range], size: int) -> list[Move]:
    """The pairs (`size` 2) or triples (3) of the rank groups `several`, in order."""
    return [move for group in several if len(group) >= size
            for move in combinations(group, size)]


def _straights(groups: Sequence[range], present: int) -> list[Move]:
    """The straights and straight flushes of the rank `groups`, lowest first.

    `present` holds bit r when rank r is held.
    """
    # Bit r of `runs` is set when ranks r to r + 4 are all held.
    runs = present & present >> 1
    runs &= runs >> 2
    runs &= present >> 4
    moves: list[Move] = []
    while runs:
        low = (runs & -runs).bit_length() - 1
        moves.extend(product(*groups[low:low + 5]))
        runs &= runs - 1
    return moves


def _flushes(keys: Sequence[int]) -> list[Move]:
    """The flushes among the sorted `keys` that are not straight flushes, by suit."""
    moves: list[Move] = []
    suits = [key & 3 for key in keys]
    for suit in range(4):
        if suits.count(suit) >= 5:
            suited = [index for index, other in enumerate(suits) if other == suit]
            # Five ranks in a row are a straight flush, listed with the straights.
            moves.extend(move for move in combinations(suited, 5)
                         if (keys[move[4]] >> 2) - (keys[move[0]] >> 2) != 4)
    return moves


def _full_houses_and_quads(keys: Sequence[int], several: Sequence[range],
                           full_houses: bool = True) -> list[Move]:
    """Rank by rank, the full houses (if `full_houses`) and quads of that rank.

    `several` are the positions of the ranks held two or more times.
    """
    moves: list[Move] = []
    for group in several:
        if len(group) < 3:
            continue
        if full_houses:
            pairs = [pair for other in several if other is not group
                     for pair in combinations(other, 2)]
            moves.extend(tuple(sorted(triple + pair))
                         for triple in combinations(group, 3) for pair in pairs)
        if len(group) == 4:
            moves.extend(tuple(sorted((*group, index)))
                         for index in range(len(keys)) if index not in group)
    return moves


def five_card_hands(keys: Sequence[int]) -> list[Move]:
    """Return every five-card hand among the sorted `keys`, as indices.

    Straights and straight flushes first, lowest first; then each suit's
    flushes; then, rank by rank, the full houses and quads of that rank.
    """
    if len(keys) < 5:
        return []
    groups, present, several = _by_rank(keys)
    return [*_straights(groups, present), *_flushes(keys),
            *_full_houses_and_quads(keys, several)]


def _beating(keys: Sequence[int], moves: list[Move], table: Strength) -> list[Move]:
    """The `moves` that are hands stronger than the `table`."""
    beating = []
    for move in moves:
        mine = strength([keys[index] for index in move])
        if mine is not None and mine > table:
            beating.append(move)
    return beating


def _beating_straights(keys: Sequence[int], straights: list[Move],
                       table: Strength) -> list[Move]:
    """The `straights` (`_straights`' moves) stronger than the five-card `table`.

    What `_beating` finds, read off their shape rather than asked of
    `strength` (the move generator's hottest loop when a search follows a
    straight): a straight is as strong as its top card, and one of a
    single suit, a straight flush, beats every other type.
    """
    kind, _, top = table
    beating = []
    for move in straights:
        high = keys[move[4]]
        if high > top and kind == STRAIGHT:
            beating.append(move)  # a straight or a straight flush
        elif (high > top or kind < STRAIGHT_FLUSH) and not (
                keys[move[0]] ^ high | keys[move[1]] ^ high
                | keys[move[2]] ^ high | keys[move[3]] ^ high) & 3:
            beating.append(move)  # a straight flush
    return beating


def moves_of(keys: Sequence[int], last: Strength | None, last_size: int,
             free: bool) -> tuple[Move, ...]:
    """Return every legal move of a seat holding the sorted `keys`, passing last.

    `last` is the strength of the last hand on the table and `last_size` its
    size (None and 0 before the opening move); `free` says that the seat
    leads: it opens, or everyone else passed.  On the opening move the hands
    holding the ♦3; when the seat leads every hand (singles, pairs, triples,
    then the five-card hands in `five_card_hands` order); otherwise the hands
    of the last hand's size that beat it, in the same order, and the pass.
    """
    count = len(keys)
    if free:
        groups, present, several = _by_rank(keys)
        moves = list(_SINGLES[:count])
        triples: list[Move] = []
        for group in several:
            moves += combinations(group, 2)
            if len(group) > 2:
                triples += combinations(group, 3)
        moves += triples
        if count >= 5:
            moves += _straights(groups, present)
            moves += _flushes(keys)
            moves += _full_houses_and_quads(keys, several)
        if last is None:
            # The ♦3 is the lowest card: held, it is at index 0.
            opening = bool(keys) and keys[0] == THREE_OF_DIAMONDS_KEY
            return tuple(move for move in moves if opening and move[0] == 0)
        return tuple(moves)
    assert last is not None
    top = last[2]
    if last_size == 1:
        return _SINGLES[bisect_right(keys, top):count] + _ONLY_PASS
    if last_size in (2, 3):
        # A pair or triple is as strong as its top card: lower ranks cannot
        # beat it, higher ones all do.
        rank = top >> 2
        several = [group for group in _by_rank(keys)[2] if keys[group[0]] >> 2 >= rank]
        moves = [move for move in _same_rank(several, last_size)
                 if keys[move[-1]] > top]
        return (*moves, PASS)
    if last_size != 5 or count < 5:
        return _ONLY_PASS
    # Each five-card type beats every lower type: only the table's own type
    # is compared card by card.
    kind = last[0]
    groups, present, several = _by_rank(keys)
    moves = _beating_straights(keys, _straights(groups, present), last)
    if kind < FLUSH:
        moves += _flushes(keys)
    elif kind == FLUSH:
        moves += _beating(keys, _flushes(keys), last)
    if kind < FULL_HOUSE:
        moves += _full_houses_and_quads(keys, several)
    elif kind <= QUAD:
        sets = _full_houses_and_quads(keys, several, full_houses=kind == FULL_HOUSE)
        moves += _beating(keys, sets, last)
    return (*moves, PASS)
