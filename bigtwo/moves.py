"""Every legal move of a Big Two position, fast, on cards as keys.

A move is a tuple of indices into the seat's sorted hand; the empty tuple
passes.  What a hand is and how hands compare is `bigtwo.hands`' one rule
(`bigtwo.hands.strength`), on the cards' keys.  The engine generates the
moves of each position once (`moves_of`) and hands them to the seat in its
view (`bigtwo.view.BigTwoView.moves`); `legal_moves` generates them from any
view's own data.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from bigtwo.hands import THREE_OF_DIAMONDS_KEY, Strength, card_key, strength

if TYPE_CHECKING:
    from bigtwo.view import BigTwoView

Move = tuple[int, ...]
"""Indices into the seat's hand, ascending; ``()`` is a pass."""
PASS: Move = ()
"""The move that passes."""

_SINGLES: tuple[Move, ...] = tuple((index,) for index in range(52))
_NONE = range(0)


def five_card_hands(keys: Sequence[int]) -> list[Move]:
    """Return every five-card hand among the sorted `keys`, as indices.

    Straights and straight flushes first, lowest first; then each suit's
    flushes; then, rank by rank, the full houses and quads of that rank.
    """
    count = len(keys)
    if count < 5:
        return []
    # Each rank's cards are a run of positions, as the keys are sorted.
    groups: list[range] = [_NONE] * 13
    present = deepest = start = 0
    while start < count:
        rank, end = keys[start] >> 2, start + 1
        while end < count and keys[end] >> 2 == rank:
            end += 1
        groups[rank] = range(start, end)
        present |= 1 << rank
        deepest = max(deepest, end - start)
        start = end
    hands: list[Move] = []
    for low in range(9):
        if present >> low & 0b11111 == 0b11111:
            # Straights and straight flushes; a flush of five ranks in a
            # row is a straight flush, so the flushes below skip those.
            hands.extend(product(*groups[low:low + 5]))
    suits = [key & 3 for key in keys]
    for suit in range(4):
        if suits.count(suit) >= 5:
            suited = [index for index, other in enumerate(suits) if other == suit]
            hands.extend(move for move in combinations(suited, 5)
                         if (keys[move[4]] >> 2) - (keys[move[0]] >> 2) != 4)
    if deepest >= 3:
        for rank, group in enumerate(groups):
            if len(group) >= 3:
                pairs = [pair for other, cards in enumerate(groups)
                         if other != rank and len(cards) >= 2
                         for pair in combinations(cards, 2)]
                hands.extend(tuple(sorted(triple + pair))
                             for triple in combinations(group, 3) for pair in pairs)
            if len(group) == 4:
                hands.extend(tuple(sorted((*group, index)))
                             for index in range(count) if keys[index] >> 2 != rank)
    return hands


def _same_rank(keys: Sequence[int], size: int) -> Iterator[Move]:
    """Yield the pairs (`size` 2) or triples (3) among the sorted `keys`, by rank."""
    start, count = 0, len(keys)
    while start < count:
        end = start + 1
        rank = keys[start] >> 2
        while end < count and keys[end] >> 2 == rank:
            end += 1
        if end - start >= size:
            yield from combinations(range(start, end), size)
        start = end


def hands_of_size(keys: Sequence[int], size: int) -> Iterator[Move]:
    """Yield every legal hand of `size` cards among the sorted `keys`."""
    if size == 1:
        yield from _SINGLES[:len(keys)]
    elif size in (2, 3):
        yield from _same_rank(keys, size)
    elif size == 5:
        yield from five_card_hands(keys)


def moves_of(keys: Sequence[int], last: Strength | None, last_size: int,
             free: bool) -> list[Move]:
    """Return every legal move of a seat holding the sorted `keys`, passing last.

    `last` is the strength of the last hand on the table and `last_size` its
    size (None and 0 before the opening move); `free` says that the seat
    leads: it opens, or everyone else passed.  On the opening move the hands
    holding the ♦3; when the seat leads every hand; otherwise the hands of
    the last hand's size that beat it, and the pass.
    """
    if free:
        moves = list(_SINGLES[:len(keys)])
        moves.extend(_same_rank(keys, 2))
        moves.extend(_same_rank(keys, 3))
        moves.extend(five_card_hands(keys))
        if last is None:
            # The ♦3 is the lowest card: held, it is at index 0.
            opening = bool(keys) and keys[0] == THREE_OF_DIAMONDS_KEY
            moves = [move for move in moves if opening and move[0] == 0]
        return moves
    assert last is not None
    top = last[2]
    if last_size == 1:
        moves = list(_SINGLES[bisect_right(keys, top):len(keys)])
    elif last_size in (2, 3):
        # A pair or triple is as strong as its top card.
        moves = [move for move in _same_rank(keys, last_size) if keys[move[-1]] > top]
    else:
        moves = []
        for move in hands_of_size(keys, last_size):
            mine = strength([keys[index] for index in move])
            if mine is not None and mine > last:
                moves.append(move)
    moves.append(PASS)
    return moves


def legal_moves(view: BigTwoView) -> list[Move]:
    """Return every legal move of the seat to play in `view`, passing last.

    The same moves `bigtwo.game.BigTwo.verify_move` accepts, up to the order
    of indices, and the same list as the view's `moves` (see `moves_of`).
    """
    keys = [card_key(card) for card in view.hand]
    last = view.last
    if last is None:
        return moves_of(keys, None, 0, True)
    return moves_of(keys, last.hand.strength(), len(last.cards),
                    last.seat == view.seat)
