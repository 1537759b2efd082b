"""What happens in a game of Red Dog, as values the engine returns.

The console prints them and the hand history records them.  Money is integer
cents throughout.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from common.engine import events
from reddog.cards import RedDogCard
from reddog.hand import Spread


class Decision(Enum):
    """The player's choice on a playable spread."""

    PLAY = "play"
    """Keep the wager at the bet."""
    DOUBLE = "double"
    """Double the wager."""

    def __str__(self) -> str:
        return self.value


class Outcome(Enum):
    """How a round ended for the player."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"

    def __str__(self) -> str:
        return self.value


class Ending(Enum):
    """Why a game is over."""

    QUIT = "quit"
    """The player quit."""
    CREDIT = "credit"
    """The credit is below the minimum bet."""
    ROUNDS = "rounds"
    """The game's last round (``max_rounds``) is played."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Event(events.Event):
    """Base of Red Dog's events."""


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The player sits down with a credit, a bet, and a shoe of `decks` decks."""

    kind: ClassVar[str] = "game_start"
    decks: int
    credit: int
    bet: int


@dataclass(frozen=True, slots=True)
class BetChanged(Event):
    """The player made `bet` the bet from the next round on."""

    kind: ClassVar[str] = "bet"
    bet: int


@dataclass(frozen=True, slots=True)
class NewShoe(Event):
    """A new shuffled shoe came into play before round `round` was dealt."""

    kind: ClassVar[str] = "new_shoe"
    round: int
    decks: int
    cards: int
    """The cards in the full shoe."""


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """A round began: the first two cards, with the credit and bet it began with."""

    kind: ClassVar[str] = "round"
    round: int
    """The round's number, from 1."""
    hand: Spread
    """The first two cards."""
    credit: int
    """The credit at the start of the round."""
    bet: int
    """The bet for the round."""


@dataclass(frozen=True, slots=True)
class DecisionMade(Event):
    """The player played or doubled a spread."""

    kind: ClassVar[str] = "decision"
    round: int
    decision: Decision
    wager: int
    """The amount at stake: the bet, or twice it when doubled."""


@dataclass(frozen=True, slots=True)
class RoundSettled(Event):
    """A settled round: the cards, the choice, and what it did to the credit."""

    kind: ClassVar[str] = "outcome"
    round: int
    """The round's number, from 1."""
    hand: Spread
    """The first two cards."""
    credit_before: int
    """The credit when the round was dealt."""
    bet: int
    """The initial bet."""
    decision: Decision | None
    """Play or double, or None when the hand settled at once."""
    wager: int
    """The amount at stake: the bet, or twice it when doubled."""
    third: RedDogCard | None
    """The middle card (the free third card on a pair), None when consecutive."""
    outcome: Outcome
    """Win, loss or push."""
    payout: int
    """The change to the credit: pays × wager on a win, −wager on a loss, 0 else."""
    credit_after: int
    """The credit once the round is settled."""
    next_bet: int | None
    """The bet from the next round on, lowered when the credit no longer covers
    it; None when the game is over."""

    @property
    def pays(self) -> int:
        """What the win paid, N to 1 (0 unless the round was won)."""
        return self.hand.pays if self.outcome is Outcome.WIN else 0


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: why, after how many rounds, with what credit."""

    kind: ClassVar[str] = "game_end"
    reason: Ending
    rounds: int
    """The rounds played."""
    max_rounds: int | None
    """The game's round limit (None: none)."""
    net: int
    """The net result, in cents."""
    credit: int
    """The final credit, in cents."""
