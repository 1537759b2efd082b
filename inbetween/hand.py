"""A player's two cards in a round of In Between: the `Gate` a drawn card must pass.

It is the shared two-card hand (`common.cards.hand.BetweenHand`, whose rule of
"strictly between" Red Dog's spread shares), kept low card first.
"""

from __future__ import annotations

from common.cards.hand import BetweenHand
from inbetween.cards import InBetweenCard
from inbetween.events import DrawOutcome, PairKind


class Gate(BetweenHand[InBetweenCard]):
    """The two cards a player is dealt, low card first (aces high only).

    Equal or consecutive cards pay the player a coin and allow no bet; any
    other gate is bet on: the next card wins when it falls strictly between.
    """

    card_class = InBetweenCard
    sort_cards = True

    @property
    def pair_kind(self) -> PairKind | None:
        """Whether the cards are equal or consecutive in rank, or None."""
        if self.is_pair:
            return PairKind.EQUAL
        if self.is_consecutive:
            return PairKind.CONSECUTIVE
        return None

    def outcome(self, drawn: InBetweenCard) -> DrawOutcome:
        """Return where `drawn` falls: between, equal to an end card, or outside."""
        if drawn.value in (self.low, self.high):
            return DrawOutcome.EQUAL
        return DrawOutcome.BETWEEN if self.holds_between(drawn) else DrawOutcome.OUTSIDE
