"""The contract every game engine implements, and the error of an illegal move.

A `Game` is the rules and state of one game, in the manner of OpenSpiel's
``State``: whose turn it is (`Game.current_seat`), the moves that seat may make
(`Game.legal_moves`), applying one (`Game.apply`, which returns the events it
caused), whether the game is over (`Game.is_over`), each seat's result
(`Game.returns`) and what one seat may see (`Game.view`).  An engine never
prints or reads: a console, a computer player, a simulation or a test drives
it through this contract alone (see `common.engine.driver`).

Moves are immutable values that compare and print, and a game's console
spells each as the line a person types for it.  A move the rules do not allow
raises `IllegalMoveError` with a reason a person can read, and changes
nothing.  `Game.verify_move` and `Game.can_move` ask first without playing,
in pokerkit's ``verify_X``/``can_X`` manner.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Generic, TypeVar

if TYPE_CHECKING:
    from common.engine.events import Event


MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT")


class IllegalMoveError(ValueError):
    """A move the rules do not allow now; the game is unchanged.

    Every game's own error subclasses it.  `reason` says why in words a
    person can read, such as ``the first hand must contain the ♦3``; `move`
    is the move refused (None when the text typed named no move at all).
    """

    def __init__(self, reason: str, move: object = None) -> None:
        """Refuse `move` because of `reason`."""
        super().__init__(reason)
        self.reason = reason
        self.move = move


class Quit(enum.Enum):
    """The move of a player who ends the game (``quit`` at the prompt).

    Stud, In Between and Red Dog take it; Big Two, like the assignment, has
    no way to leave but ending the input.
    """

    QUIT = "quit"

    def __str__(self) -> str:
        return self.value


QUIT: Final = Quit.QUIT
"""The move that ends the game where the game allows it."""


class Game(ABC, Generic[MoveT, ViewT]):
    """One game's rules and state, driven only by moves.

    A game is set up by its constructor, dealt by `start`, then moved on by
    `apply` until `is_over`.  Chance (shuffles and deals) happens inside
    `start` and `apply`, from the deck source the game was given.
    """

    @property
    @abstractmethod
    def num_seats(self) -> int:
        """How many seats the game has, numbered from 0."""

    @abstractmethod
    def start(self) -> Sequence[Event]:
        """Deal and play on to the first decision; return what happened.

        A game starts once.

        Raises:
            IllegalMoveError: when the game has already started.
        """

    @property
    @abstractmethod
    def current_seat(self) -> int | None:
        """The seat that must move now; None before `start` and once over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def legal_moves(self) -> Sequence[MoveT]:
        """Return every move the seat to move may make now (none once over)."""

    @abstractmethod
    def verify_move(self, move: MoveT) -> None:
        """Check that the seat to move may make `move` now, without making it.

        Raises:
            IllegalMoveError: saying why it may not.
        """

    def can_move(self, move: MoveT) -> bool:
        """Return whether the seat to move may make `move` now."""
        try:
            self.verify_move(move)
        except IllegalMoveError:
            return False
        return True

    @abstractmethod
    def apply(self, move: MoveT) -> Sequence[Event]:
        """Make `move` for the seat to move and play on to the next decision.

        Returns the events it caused, in order.

        Raises:
            IllegalMoveError: as `verify_move`; the game is then unchanged.
        """

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Each seat's result so far, in seat order, in the game's own unit.

        Big Two: 1 for the winner, else 0; the betting games: the money or
        coins won (negative when lost).
        """

    @abstractmethod
    def view(self, seat: int) -> ViewT:
        """Return what `seat` may see now, and nothing it may not.

        A view is of the game while it is played: from `start` until it is
        over, whoever's turn it is.

        Raises:
            ValueError: when there is no such seat, or no seat is to move
                (before `start`, or once the game is over).
        """
