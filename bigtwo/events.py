"""What happens in a game of Big Two, as values the engine returns.

The console prints them (`bigtwo.console.BigTwoConsole.describe`) and the hand
history records them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bigtwo.cards import BigTwoCard
from common.engine.events import Event


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards are dealt: every seat's hand, sorted, and the seat that opens.

    The hand history's record of the deal (a console prints nothing of it:
    the table shows the hands).
    """

    kind: ClassVar[str] = "deal"
    hands: tuple[tuple[BigTwoCard, ...], ...]
    """Each seat's cards, in Big Two order."""
    first: int
    """The seat holding the ♦3."""


@dataclass(frozen=True, slots=True)
class HandPlayed(Event):
    """A player played a hand to the table."""

    kind: ClassVar[str] = "play"
    seat: int
    hand_type: str
    """``Single``, ``Pair``, … ``StraightFlush``."""
    cards: tuple[BigTwoCard, ...]
    """The hand's cards, in Big Two order."""


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A player passed."""

    kind: ClassVar[str] = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """A player has no cards left: the game is over."""

    kind: ClassVar[str] = "game_end"
    winner: int
    """The seat of the player out of cards."""
    cards_left: tuple[int, ...]
    """How many cards each seat still holds, in seat order."""
