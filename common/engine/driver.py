"""The one loop that plays any game with any mix of seats.

`play` runs a `common.engine.game.Game` from its deal to its end: at each turn it asks
the controller of the seat to move (`common.engine.seats`) for a move, applies it, and
hands the events to every listener.  A front end (`Frontend`: the console,
a table for players at other terminals (`common.net.hosting`), later a full-screen
table) is told what to show on the way; a simulation runs the same loop with
no front end at all.  A refused move is shown as refused and the same seat is
asked again; a computer's refused move stops the game
(`common.engine.seats.IllegalComputerMove`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

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
    if len(controllers) != game.num_seats:
        count, seats = len(controllers), game.num_seats
        raise ValueError(f"{count} controller{'s' if count != 1 else ''} for "
                         f"{seats} seat{'s' if seats != 1 else ''}")
    # The records first: what happened is written down even if showing it fails.
    hearing: list[Listener] = [*listeners]
    if frontend is not None:
        hearing.append(frontend)
    _tell(hearing, game.start())
    # What each seat may see, built only when its controller asks.
    views = [functools.partial(game.view, seat) for seat in range(game.num_seats)]
    while (seat := game.current_seat) is not None:
        if frontend is not None:
            frontend.begin_turn(seat)
        controller = controllers[seat]
        while True:
            try:
                move = controller.choose(seat, views[seat])
                if frontend is not None and not controller.at_frontend:
                    frontend.show_move(seat, move)
                events = game.apply(move)
            except IllegalMoveError as error:
                _tell(listeners, [Refused(seat, error.reason)])
                if frontend is not None:
                    frontend.refuse(seat, error)
                controller.refused(error)
                continue
            break
        _tell(hearing, events)


def _tell(listeners: Sequence[Listener], events: Sequence[Event]) -> None:
    for listener in listeners:
        listener.on_events(events)
