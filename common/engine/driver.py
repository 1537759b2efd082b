"""The one loop that plays any game with any mix of seats.

`play` runs a `common.engine.game.Game` from its deal to its end: at each turn it asks
the controller of the seat to move (`common.engine.seats`) for a move, applies it, and
hands the events to every listener.  A front end (`Frontend`: the console,
a table for players at other terminals (`common.net.hosting`), the full-screen
table) is told what to show on the way; a simulation runs the same loop with
no front end at all.  A refused move is shown as refused and the same seat is
asked again; a computer's refused move stops the game
(`common.engine.seats.IllegalComputerMove`).  `Turns` is that loop a step at
a time, for a table that awaits its moves in an asyncio loop instead of
asking for them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from common.engine.events import Refused
from common.engine.game import IllegalMoveError

if TYPE_CHECKING:
    from common.engine.events import Event
    from common.engine.game import Game
    from common.engine.seats import Controller

MoveT = TypeVar("MoveT")
_MoveT_contra = TypeVar("_MoveT_contra", contravariant=True)


class Listener(Protocol):
    """Anything that hears every event of a game, in order (a log, a meter)."""

    def on_events(self, events: Sequence[Event]) -> None:
        """Take the events one call to the engine caused."""


class Frontend(Listener, Protocol[_MoveT_contra]):
    """What the people at a game see: told of every turn, move and event."""

    def begin_turn(self, seat: int) -> None:
        """A new turn of `seat` begins (the console shows the table)."""

    def show_move(self, seat: int, move: _MoveT_contra) -> None:
        """Show the move a seat not typing at this front end made (the computer's)."""

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Say that `seat`'s move was refused, and why."""


class Refusable(Protocol):
    """What the driver needs of whoever decides at a seat, besides its move."""

    at_frontend: bool
    """Whether the front end shows the move already (it was typed there)."""

    def refused(self, error: IllegalMoveError) -> None:
        """Note that the game refused the seat's last move."""


class Turns(Generic[MoveT]):
    """The driver's loop, a step at a time, for a caller that waits its own way.

    `play` drives it, asking each seat's controller; a table whose moves
    come over the network (`common.net.hosting`) drives it from an asyncio
    loop, awaiting each move.  Either way the game is started, every event
    told, every turn begun and every refused move shown the same way.

    Raises:
        ValueError: when there is not one controller per seat.
    """

    def __init__(self, game: Game[MoveT, Any], deciders: Sequence[Refusable],
                 frontend: Frontend[MoveT] | None = None,
                 listeners: Sequence[Listener] = ()) -> None:
        """Start `game` (not yet started); seat i is decided by ``deciders[i]``.

        Every event goes to each of `listeners`, then to `frontend`.
        """
        if len(deciders) != game.num_seats:
            count, seats = len(deciders), game.num_seats
            raise ValueError(f"{count} controller{'s' if count != 1 else ''} for "
                             f"{seats} seat{'s' if seats != 1 else ''}")
        self._game = game
        self._deciders = deciders
        self._frontend = frontend
        self._listeners = listeners
        # The records first: what happened is written down even if showing it fails.
        self._hearing: list[Listener] = [*listeners]
        if frontend is not None:
            self._hearing.append(frontend)
        _tell(self._hearing, game.start())
        self.views = [functools.partial(game.view, seat)
                      for seat in range(game.num_seats)]
        """What each seat may see, built only when its decider asks."""

    def next_seat(self) -> int | None:
        """Return the seat whose turn begins (None: the game is over)."""
        seat = self._game.current_seat
        if seat is not None and self._frontend is not None:
            self._frontend.begin_turn(seat)
        return seat

    def offer(self, seat: int, move: MoveT) -> bool:
        """Show and make `seat`'s `move`; return False if the game refused it.

        A refused move is shown as refused (`refuse`), and the seat is to be
        asked again.
        """
        try:
            if self._frontend is not None and not self._deciders[seat].at_frontend:
                self._frontend.show_move(seat, move)
            events = self._game.apply(move)
        except IllegalMoveError as error:
            self.refuse(seat, error)
            return False
        _tell(self._hearing, events)
        return True

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Show that `seat`'s move (or its line, naming none) was refused."""
        _tell(self._listeners, [Refused(seat, error.reason)])
        if self._frontend is not None:
            self._frontend.refuse(seat, error)
        self._deciders[seat].refused(error)


def play(game: Game[MoveT, Any], controllers: Sequence[Controller[Any, MoveT]],
         frontend: Frontend[MoveT] | None = None,
         listeners: Sequence[Listener] = ()) -> None:
    """Play `game` (not yet started) to its end.

    Seat i is decided by ``controllers[i]``; `frontend` (if any) shows the
    game.  Every event goes to each of `listeners`, then to `frontend`.

    Raises:
        ValueError: when there is not one controller per seat.
        common.engine.seats.IllegalComputerMove: when a computer's move is refused.
        common.console.terminal.EndOfInput: when a person's input ends.
    """
    turns = Turns(game, controllers, frontend, listeners)
    while (seat := turns.next_seat()) is not None:
        controller = controllers[seat]
        while True:
            try:
                move = controller.choose(seat, turns.views[seat])
            except IllegalMoveError as error:
                turns.refuse(seat, error)
                continue
            if turns.offer(seat, move):
                break


def _tell(listeners: Sequence[Listener], events: Sequence[Event]) -> None:
    for listener in listeners:
        listener.on_events(events)
