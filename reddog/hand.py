"""The first two cards of a round, what kind of hand they make, and the pay table.

Consecutive values are a push; a pair gets a free third card (three of a kind
pays 11 to 1, anything else is a push); otherwise the spread is the number of
values strictly between the two cards and a middle card strictly between wins
5, 4, 2 or 1 to 1 as the spread is 1, 2, 3 or 4 to 11.  `Spread` is the
shared two-card hand (`common.cards.hand.BetweenHand`, whose rule of "strictly
between" In Between's gate shares).
"""

from __future__ import annotations

from enum import Enum
from functools import cached_property

from common.cards.hand import BetweenHand
from reddog.cards import RedDogCard

TRIPS_PAYS = 11
"""A pair followed by a third card of the same value pays 11 to 1."""
SPREAD_PAYS = {1: 5, 2: 4, 3: 2}
"""What a win pays (N to 1) at the narrow spreads."""
WIDE_SPREAD_PAYS = 1
"""What a win pays at spreads 4 to 11."""
MIN_SPREAD = 1
"""The narrowest playable spread."""
MAX_SPREAD = 11
"""The widest spread: a two and an ace."""


def spread_pays(spread: int) -> int:
    """Return what a win at `spread` (1 to 11) pays, N to 1.

    Raises:
        ValueError: when `spread` is not 1 to 11.
    """
    if not (isinstance(spread, int) and MIN_SPREAD <= spread <= MAX_SPREAD):
        raise ValueError(f"spread must be {MIN_SPREAD} to {MAX_SPREAD}, not {spread!r}")
    return SPREAD_PAYS.get(spread, WIDE_SPREAD_PAYS)


class HandKind(Enum):
    """What the first two cards make."""

    CONSECUTIVE = "consecutive"
    """Values one apart: a push, no middle card."""
    PAIR = "pair"
    """Equal values: a free third card, no doubling."""
    SPREAD = "spread"
    """Values at least two apart: the player plays or doubles."""

    def __str__(self) -> str:
        return self.value


class Spread(BetweenHand[RedDogCard]):
    """The first two cards of a round, in the order dealt.

    Its cards are fixed, so what they make is worked out once: a round asks
    it at every step (the deal, the decision, the settling, the meter).
    """

    @property
    def first(self) -> RedDogCard:
        """The first card dealt."""
        return self[0]

    @property
    def second(self) -> RedDogCard:
        """The second card dealt."""
        return self[1]

    @cached_property
    def low(self) -> int:
        """The lower of the two values (2 to 14)."""
        return super().low

    @cached_property
    def high(self) -> int:
        """The higher of the two values (2 to 14)."""
        return super().high

    @cached_property
    def kind(self) -> HandKind:
        """Whether the hand is consecutive, a pair or a playable spread."""
        if self.is_pair:
            return HandKind.PAIR
        return HandKind.CONSECUTIVE if self.is_consecutive else HandKind.SPREAD

    @property
    def spread(self) -> int | None:
        """The number of values strictly between the cards.

        0 for a consecutive hand, None for a pair.
        """
        return None if self.is_pair else self.between

    @cached_property
    def pays(self) -> int:
        """What a win pays, N to 1 (0 for a consecutive hand, which cannot win)."""
        kind = self.kind
        if kind is HandKind.PAIR:
            return TRIPS_PAYS
        if kind is HandKind.CONSECUTIVE:
            return 0
        return spread_pays(self.between)

    def wins(self, card: RedDogCard) -> bool:
        """Return whether `card` drawn next wins: strictly between, or trips."""
        if self.is_pair:
            return card.value == self.low
        return self.holds_between(card)
