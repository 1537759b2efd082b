"""Every legal move of a Big Two position, fast, on cards as small integers.

A card's *key* is ``4 * rank + suit`` in Big Two order (♦3 is 0, ♠2 is 51), so
comparing keys compares cards.  A hand's *strength* is a tuple compared only
between hands of one size, as `bigtwo.hands.Hand.strength` compares them.  A
move is a tuple of indices into the seat's sorted hand; the empty tuple passes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from bigtwo.view import BigTwoView
from common.cards import Card

Move = tuple[int, ...]
"""Indices into the seat's hand, ascending; ``()`` is a pass."""
PASS: Move = ()
"""The move that passes."""
Strength = tuple[int, int, int]
"""Five-card type (0 below five cards), flush suit (or 0), top card key."""

THREE_OF_DIAMONDS_KEY = 0
"""The key of ♦3, which must open the game."""
STRAIGHT, FLUSH, FULL_HOUSE, QUAD, STRAIGHT_FLUSH = range(1, 6)
"""The five-card types' ranks, as `bigtwo.hands.Hand.five_card_rank`."""


def card_key(card: Card) -> int:
    """Return the card's key: ``4 * rank + suit`` in Big Two order (3 low, 2 high)."""
    return ((card.rank - 2) % 13) * 4 + card.suit


def strength(keys: Sequence[int]) -> Strength | None:
    """Return the strength of the hand made of the sorted `keys`, or None if no hand.

    Same-size hands compare by strength exactly as the assignment's hands do.
    """
    size = len(keys)
    if size == 1:
        return (0, 0, keys[0])
    ranks = [key >> 2 for key in keys]
    if size in (2, 3):
        return (0, 0, keys[-1]) if ranks[0] == ranks[-1] else None
    if size != 5:
        return None
    flush = len({key & 3 for key in keys}) == 1
    if len(set(ranks)) == 5 and ranks[4] - ranks[0] == 4:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, 0, keys[-1])
    if flush:
        return (FLUSH, keys[0] & 3, keys[-1])
    if ranks[0] == ranks[3] or ranks[1] == ranks[4]:
        # The quadruple's top card is its spade: every suit of the rank is in it.
        return (QUAD, 0, ranks[1] * 4 + 3)
    if ranks[0] == ranks[2] and ranks[3] == ranks[4]:
        return (FULL_HOUSE, 0, keys[2])
    if ranks[0] == ranks[1] and ranks[2] == ranks[4]:
        return (FULL_HOUSE, 0, keys[4])
    return None


def _by_rank(keys: Sequence[int]) -> list[list[int]]:
    groups: list[list[int]] = [[] for _ in range(13)]
    for index, key in enumerate(keys):
        groups[key >> 2].append(index)
    return groups


def five_card_hands(keys: Sequence[int]) -> Iterator[Move]:
    """Yield every five-card hand among the sorted `keys`, as indices."""
    groups = _by_rank(keys)
    for low in range(9):
        window = groups[low:low + 5]
        if all(window):
            # Straights and straight flushes; a flush of five ranks in a row
            # is a straight flush, so the flushes below skip those.
            yield from product(*window)
    by_suit: list[list[int]] = [[] for _ in range(4)]
    for index, key in enumerate(keys):
        by_suit[key & 3].append(index)
    for suited in by_suit:
        for move in combinations(suited, 5):
            ranks = [keys[index] >> 2 for index in move]
            if ranks[4] - ranks[0] != 4:
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
        for group in _by_rank(keys):
            yield from combinations(group, size)
    elif size == 5:
        yield from five_card_hands(keys)


def legal_moves(view: BigTwoView) -> list[Move]:
    """Return every legal move of the seat to play in `view`, passing last.

    The same moves `bigtwo.game.BigTwo.check_move` accepts, up to the order of
    indices: on the opening move the hands holding the ♦3; when the seat leads
    (everyone else passed) every hand; otherwise the hands of the last hand's
    size that beat it, and the pass.
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
        table = strength(sorted(card_key(card) for card in last.cards))
        assert table is not None, "the table holds a legal hand"
        for move in hands_of_size(keys, len(last.cards)):
            mine = strength([keys[index] for index in move])
            if mine is not None and mine > table:
                moves.append(move)
    if view.can_pass:
        moves.append(PASS)
    return moves
