"""What one seat may see of a game of In Between, and the decisions it may make.

Every card of a round is dealt or drawn face up, so a seat sees all of them;
only the undealt rest of the deck is hidden.  Strategies decide from an
`InBetweenView` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from inbetween.cards import InBetweenCard

FOLD: Final = "fold"
"""The decision to fold (pay the fold fee and bet nothing)."""

Choice = int | Literal["fold"]
"""A decision on a turn: a bet of that many coins, or `FOLD`."""


@dataclass(frozen=True, slots=True)
class InBetweenView:
    """What `seat` may see during a game: the table, not the undealt deck.

    Built by `inbetween.game.InBetweenGame.view`.
    """

    seat: int
    """The seat this view is for."""
    current: int
    """The seat of the player who must decide now."""
    round: int
    """The round number, from 1."""
    hands: tuple[tuple[InBetweenCard, ...], ...]
    """Every player's cards this round, by seat, low card first (empty for a
    player not dealt in)."""
    drawn: tuple[InBetweenCard, ...]
    """The cards drawn after bets so far this round, in order."""
    coins: tuple[int, ...]
    """Every player's coins, by seat."""
    pool: int
    """The coins in the pool."""
    bet_range: tuple[int, int]
    """The smallest and largest bet the player on turn may make."""

    @property
    def cards(self) -> tuple[InBetweenCard, ...]:
        """This seat's own cards this round."""
        return self.hands[self.seat]

    @property
    def seen(self) -> tuple[InBetweenCard, ...]:
        """Every card face up this round: the hands, then the drawn cards."""
        return (*(card for hand in self.hands for card in hand), *self.drawn)

    def legal_choices(self) -> tuple[Choice, ...]:
        """The decisions open to the player on turn: every bet in range, then fold."""
        low, high = self.bet_range
        return (*range(low, high + 1), FOLD)
