"""Big Two's hands: the eight legal combinations and the one rule behind them.

The rule of what a hand is and how strong it is lives here once, on cards as
small integers: a card's *key* is ``4 * rank + suit`` in Big Two order (♦3 is
0, ♠2 is 51: `bigtwo.cards.card_key`), so comparing keys compares cards, and
`strength` classifies the sorted keys of a selection, or finds no hand.  The
assignment's `Hand` subclasses (`Single` … `StraightFlush`) and
`compose_hand` ask it; the move generator (`bigtwo.moves`) and the planner
(`bigtwo.strategy`) enumerate shapes on keys that it accepts (the tests check
both against it).

A hand beats only a hand of the same size; five-card hands rank StraightFlush
> Quad > FullHouse > Flush > Straight, and within one type the assignment's
rule applies (see each class).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from bigtwo.cards import BigTwoCard, card_key
from common.cards.card import Card
from common.cards.hand import Hand
from common.cards.player import CardGamePlayer
from common.language import _

Strength = tuple[int, int, int]
"""Five-card type (0 below five cards), flush suit (or 0), top card key."""

STRAIGHT, FLUSH, FULL_HOUSE, QUAD, STRAIGHT_FLUSH = range(1, 6)
"""The five-card types' ranks, lowest first."""
THREE_OF_DIAMONDS_KEY = 0
"""The key of ♦3, which must open the game."""
TWO_RANK = 12
"""The rank of the 2s, the highest, in Big Two order."""
HAND_SIZES = (1, 2, 3, 5)
"""The sizes a hand can have."""


def strength(keys: Sequence[int]) -> Strength | None:
    """Return the strength of the hand made of the sorted `keys`, or None if no hand.

    The one rule: a single; a pair or triple of one rank; five cards that
    are a straight (five ranks in a row, J-Q-K-A-2 the highest, no wrap past
    the 2), a flush (one suit), a full house (three of one rank, two of
    another), a quad (four of one rank and any fifth card) or a straight
    flush.  Hands of one size compare by their strengths.
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


class BigTwoHand(Hand[BigTwoCard]):
    """A hand in a Big Two game: cards converted to `BigTwoCard`, kept sorted.

    Each subclass is one combination; `strength` and validity both come from
    the module's one rule (`bigtwo.hands.strength`).
    """

    card_class = BigTwoCard
    sort_cards = True
    five_card_rank: ClassVar[int] = 0
    """Where a five-card type stands: Straight 1 … StraightFlush 5; 0 otherwise."""

    def __init__(self, player: CardGamePlayer | None, cards: Iterable[Card]) -> None:
        """Build the hand `player` plays with `cards`, sorted in Big Two order."""
        super().__init__(player, cards)
        keys = [card_key(card) for card in self]
        self._strength = strength(keys) if len(set(keys)) == len(keys) else None

    @staticmethod
    def trusted(player: CardGamePlayer | None, cards: Sequence[BigTwoCard],
                found: Strength) -> BigTwoHand:
        """Return the hand `player` plays with `cards`, of strength `found`, unchecked.

        For a move the engine's own generator (`bigtwo.moves`) produced:
        `cards` are Big Two cards in Big Two order and `found` is what
        `strength` says of their keys, so the rule need not run again.  Any
        other selection goes through `compose_hand`.  The combination is the
        one `found` names.
        """
        hand = object.__new__(hand_class(found, len(cards)))
        hand._cards = tuple(cards)
        hand._player = player
        hand._strength = found
        return hand

    def is_valid(self) -> bool:
        """Return whether the cards form this combination."""
        return self._strength is not None and hand_class(self._strength,
                                                         self.size()) is type(self)

    def strength(self) -> Strength:
        """Return what same-size hands compare by (see `bigtwo.hands.strength`).

        Raises:
            ValueError: when the cards make no hand.
        """
        if self._strength is None:
            raise ValueError(f"{self!r} is not a hand")
        return self._strength

    def get_top_card(self) -> BigTwoCard:
        """Return the top card: the highest, or the quadruple's or triple's highest."""
        if self._strength is None:
            return super().get_top_card()
        top = self._strength[2]
        return next(card for card in self if card_key(card) == top)

    def __repr__(self) -> str:
        player = self._player.get_name() if self._player is not None else None
        return f"{type(self).__name__}({player!r}, {str(self)!r})"


class Single(BigTwoHand):
    """One card; the higher card wins (rank, then suit)."""


class Pair(BigTwoHand):
    """Two cards of one rank; the higher rank wins, then the higher top suit."""


class Triple(BigTwoHand):
    """Three cards of one rank; the higher rank wins."""


class Straight(BigTwoHand):
    """Five consecutive ranks, not all one suit; the higher top card wins."""

    five_card_rank = STRAIGHT


class Flush(BigTwoHand):
    """Five cards of one suit, not consecutive; higher suit, then top card, wins."""

    five_card_rank = FLUSH


class FullHouse(BigTwoHand):
    """A triple and a pair; the triple's top card decides."""

    five_card_rank = FULL_HOUSE


class Quad(BigTwoHand):
    """Four of one rank and any fifth card; the quadruple's top card decides."""

    five_card_rank = QUAD


class StraightFlush(BigTwoHand):
    """Five consecutive ranks of one suit; the higher top card wins."""

    five_card_rank = STRAIGHT_FLUSH


HAND_TYPES: tuple[type[BigTwoHand], ...] = (
    StraightFlush, Quad, FullHouse, Flush, Straight, Triple, Pair, Single,
)
"""Every legal combination, best five-card type first."""

_BY_SIZE: dict[int, type[BigTwoHand]] = {1: Single, 2: Pair, 3: Triple}
_BY_FIVE_CARD_RANK = {cls.five_card_rank: cls for cls in HAND_TYPES
                      if cls.five_card_rank}


def hand_class(found: Strength, size: int) -> type[BigTwoHand]:
    """Return the combination a strength of a hand of `size` cards belongs to."""
    return _BY_FIVE_CARD_RANK[found[0]] if size == 5 else _BY_SIZE[size]


def named(cards: Iterable[Card]) -> str:
    """Return cards as a player names the combination they make: ``Pair ♦6 ♣6``.

    In Big Two order; ``cards ♦4 ♠5`` when they make no hand.
    """
    ordered = sorted(cards, key=card_key)
    found = strength([card_key(card) for card in ordered])
    listed = " ".join(map(str, ordered))
    if found is None:
        # Translators: cards that make no hand, named in a hint or a refusal:
        # cards ♦4 ♠5.
        return _("cards {cards}").format(cards=listed)
    # A hand is named as the table shows it: its kind, then its cards.
    return f"{hand_class(found, len(ordered)).__name__} {listed}"


def compose_hand(player: CardGamePlayer | None,
                 cards: Iterable[Card]) -> BigTwoHand | None:
    """Return the valid hand `player` makes with `cards`, or None.

    The Java ``composeHand``: the rule finds the one combination that fits;
    cards that repeat a card make no hand.
    """
    cards = list(cards)
    keys = sorted(card_key(card) for card in cards)
    if len(set(keys)) != len(keys):
        return None
    found = strength(keys)
    if found is None:
        return None
    return hand_class(found, len(keys))(player, cards)
