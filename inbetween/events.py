"""What happens in a game of In Between, as immutable event records.

The engine returns these from each action; the console prints them and the
``--log`` file stores them, one JSON object per event (see `Event.record`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Literal

from common.engine import events
from inbetween.cards import InBetweenCard

POOL: Literal["pool"] = "pool"
"""The pool, as the payer or payee of a `Transfer`."""

Party = int | Literal["pool"]
"""Who pays or is paid: a player's seat, or `POOL`."""


class PairKind(Enum):
    """Why a player's two cards pay 1 coin instead of allowing a bet."""

    EQUAL = "equal"
    CONSECUTIVE = "consecutive"


class DrawOutcome(Enum):
    """Where the drawn card falls against the player's two cards."""

    BETWEEN = "between"
    """Strictly between the two ranks: the bet wins."""
    EQUAL = "equal"
    """The same rank as one of the two cards: the bet loses."""
    OUTSIDE = "outside"
    """Below the lower or above the higher card: the bet loses."""


class Action(Enum):
    """A decision a player makes on their turn."""

    BET = "bet"
    FOLD = "fold"


class TransferReason(Enum):
    """Why coins move between a player and the pool."""

    ANTE = "ante"
    EQUAL_CARDS = "equal cards"
    CONSECUTIVE_CARDS = "consecutive cards"
    WON_BET = "won bet"
    LOST_BET = "lost bet"
    FOLD = "fold"
    LAST_PLAYER = "last player standing"


class EndReason(Enum):
    """Why the game ended."""

    POOL_EMPTY = "pool empty"
    LAST_PLAYER = "last player standing"
    QUIT = "quit"
    ROUND_LIMIT = "round limit"
    """The last round the game was set to play (``--rounds``) is over."""


@dataclass(frozen=True, slots=True)
class Event(events.Event):
    """Base of In Between's events; `kind` names the event in the log."""


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    """The players sit down, each with `coins` coins, before paying the ante."""

    kind: ClassVar[str] = "game_start"
    players: int
    """How many players."""
    coins: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins: who deals, the turn order, and everyone's coins."""

    kind: ClassVar[str] = "round_start"
    round: int
    dealer: int
    order: tuple[int, ...]
    """The seats still in, in the order they play this round."""
    coins: tuple[int, ...]
    pool: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """A player still in receives two cards face up (sorted low to high)."""

    kind: ClassVar[str] = "deal"
    seat: int
    cards: tuple[InBetweenCard, InBetweenCard]


@dataclass(frozen=True, slots=True)
class PairFound(Event):
    """A player's two cards are equal or consecutive: 1 coin, and no bet."""

    kind: ClassVar[str] = "pair"
    seat: int
    pair: PairKind
    cards: tuple[InBetweenCard, InBetweenCard]


@dataclass(frozen=True, slots=True)
class Decision(Event):
    """A player bets `amount` coins, or folds (`amount` is None)."""

    kind: ClassVar[str] = "decision"
    seat: int
    action: Action
    amount: int | None


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """The card drawn after a bet, and where it falls against the player's cards."""

    kind: ClassVar[str] = "draw"
    seat: int
    card: InBetweenCard
    cards: tuple[InBetweenCard, InBetweenCard]
    outcome: DrawOutcome


@dataclass(frozen=True, slots=True)
class Transfer(Event):
    """Coins move from `payer` to `payee` (a player's seat or `POOL`).

    `coins` (by seat) and `pool` are the holdings just after the transfer.
    """

    kind: ClassVar[str] = "transfer"
    payer: Party
    payee: Party
    amount: int
    reason: TransferReason
    coins: tuple[int, ...]
    pool: int


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """A player has no coins left and takes no further part."""

    kind: ClassVar[str] = "out"
    seat: int


@dataclass(frozen=True, slots=True)
class PoolRefilled(Event):
    """The pool is empty and, under the refill rule, the players still in ante again.

    Each pays `inbetween.game.ANTE` into the pool: a `Transfer` apiece follows.
    """

    kind: ClassVar[str] = "refill"
    seats: tuple[int, ...]
    """The seats that ante, in seat order."""


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over; `seat` is who quit or the last player standing.

    `winners` are the seats with the most coins (several on a tie).
    """

    kind: ClassVar[str] = "game_end"
    reason: EndReason
    seat: int | None
    coins: tuple[int, ...]
    pool: int
    winners: tuple[int, ...]
