"""Every legal move of a Big Two position, fast, on cards as keys.

A move is a tuple of indices into the seat's sorted hand; the empty tuple
passes.  What a hand is and how hands compare is `bigtwo.hands`' one rule
(`bigtwo.hands.strength`), on the cards' keys.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from bigtwo.hands import (
    THREE_OF_DIAMONDS_KEY,
    by_rank,
    by_suit,
    card_key,
    is_straight_run,
    straight_windows,
    strength,
)
from bigtwo.view import BigTwoView

Move = tuple[int, ...]
"""Indices into the seat's hand, ascending; ``()`` is a pass."""
PASS: Move = ()
"""The move that passes."""


def five_card_hands(keys: Sequence[int]) -> Iterator[Move]:
    """Yield every five-card hand among the sorted `keys`, as indices."""
    groups = by_rank(keys)
    for window in straight_windows(groups):
        # Straights and straight flushes; a flush of five ranks in a row
        # is a straight flush, so the flushes below skip those.
        yield from product(*window)
    for suited in by_suit(keys):
        for move in combinations(suited, 5):
            if not is_straight_run([keys[index] for index in move]):
                yield move
    for rank, group in enumerate(groups):
        if len(group) >= 3:
            for triple in combinations(group, 3):
                for other, pairs in enumerate(groups):
                    if other != rank and len(pairs) >= 2:
                        for pair in combinations(pairs, 2):
                            yield tuple(sorted(triple + pair))
        if len(group) == 4:
            for index in range(len(keys)):
                if keys[index] >> 2 != rank:
                    yield tuple(sorted((*group, index)))


def hands_of_size(keys: Sequence[int], size: int) -> Iterator[Move]:
    """Yield every legal hand of `size` cards among the sorted `keys`."""
    if size == 1:
        yield from ((index,) for index in range(len(keys)))
    elif size in (2, 3):
        for group in by_rank(keys):
            yield from combinations(group, size)
    elif size == 5:
        yield from five_card_hands(keys)


def legal_moves(view: BigTwoView) -> list[Move]:
    """Return every legal move of the seat to play in `view`, passing last.

    The same moves `bigtwo.game.BigTwo.verify_move` accepts, up to the order
    of indices: on the opening move the hands holding the ♦3; when the seat
    leads (everyone else passed) every hand; otherwise the hands of the last
    hand's size that beat it, and the pass.
    """
    keys = [card_key(card) for card in view.hand]
    last = view.last
    moves: list[Move] = []
    if last is None or last.seat == view.seat:
        for size in (1, 2, 3, 5):
            moves.extend(hands_of_size(keys, size))
        if last is None:
            moves = [move for move in moves
                     if any(keys[index] == THREE_OF_DIAMONDS_KEY for index in move)]
    else:
        table = last.hand.strength()
        for move in hands_of_size(keys, len(last.cards)):
            mine = strength([keys[index] for index in move])
            if mine is not None and mine > table:
                moves.append(move)
    if view.can_pass:
        moves.append(PASS)
    return moves
