"""The driver's front end at the full-screen table, and the seat of a person there.

The shared driver (`common.engine.driver.play`) is a blocking loop; the Textual app
is an event loop.  `TableFront` runs the driver in a thread of its own and
tells the app what happens (`common.engine.driver.Frontend`), each time waiting
until the app has shown it, so the app reads the game only while the game
stands still.  A person's seat is a `Keyboard`: its `choose` waits for the
move the keys make (or the line typed), which it records in the hand history
as the line a person would type for it (`common.console.console.Console.spell`), so
a game played here replays in line mode.  A computer move is shown
``--delay`` seconds after its turn began, so that a person can follow the
moves: the time the computer thought (Big Two's expert, ``--think``) is
part of that wait, not added to it.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, TypeVar

from common.engine.driver import Listener, play
from common.engine.events import Event
from common.engine.game import IllegalMoveError
from common.engine.seats import Controller
from common.history import END_INTERRUPTED, HistoryWriter
from common.language import N_, _
from common.process import stops_deferred
from common.tui.app import TableApp
from common.tui.look import GameLook

MoveT = TypeVar("MoveT")
T = TypeVar("T")

JOIN_TIMEOUT = 5.0
"""Seconds to wait for the driver's thread to stop once the table closes."""
LEFT = N_("You left the game before it was over.")
"""What the terminal says once the person left through the quit question."""


class Stopped(Exception):
    """The table closed before the game was over: the driver's thread stops."""


class TableFailed(RuntimeError):
    """The app stopped on an error of its own (Textual has shown it)."""


class Keyboard(Controller[Any, MoveT]):
    """A person at the full-screen table: the move comes from the keys."""

    at_frontend = True

    def __init__(self, front: TableFront[MoveT]) -> None:
        """Take the moves `front`'s app makes."""
        self._front = front

    def choose(self, seat: int, view: Callable[[], Any]) -> MoveT:
        """Wait for the person's move (see `TableFront.ask`)."""
        return self._front.ask(seat)

    def __repr__(self) -> str:
        return "Keyboard()"


class TableFront(Generic[MoveT]):
    """Plays a game at the full-screen table: the driver's front end.

    Args:
        look: the game's look (its ``GAME/tui.py``).
        title: the game's name.
        rules: the rules in brief, for the help overlay.
        history: the hand history, where a person's moves are written.
        shown: the seats whose hidden cards are face up (to themselves, on
            their turns); None for every seat.
        delay: seconds from a computer's turn beginning to its move shown.
        hides_cards: whether the game has hidden cards, so that two people
            at one keyboard get a hand-over screen between their turns.
    """

    def __init__(self, look: GameLook[Any, MoveT], *, title: str, rules: str,
                 history: HistoryWriter | None, shown: Collection[int] | None,
                 delay: float, hides_cards: bool) -> None:
        """Set up the table; `play` (or `app`, in tests) runs it."""
        self.look = look
        self.title = title
        self.rules = rules
        self.delay = delay
        self.hides_cards = hides_cards
        self._history = history
        seats = range(look.game.num_seats)
        self.shown = frozenset(seats if shown is None else shown)
        self.people: frozenset[int] = frozenset()
        # (the line to record, the move or None for a typed line); None stops.
        self._moves: queue.Queue[tuple[str, MoveT | None] | None] = queue.Queue()
        self._stopping = threading.Event()
        self._turn_began = 0.0
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self._app: TableApp | None = None

    def person(self) -> Keyboard[MoveT]:
        """Return the seat of a person at this table."""
        return Keyboard(self)

    # Running it.

    def app(self, controllers: Sequence[Controller[Any, MoveT]],
            listeners: Sequence[Listener] = ()) -> TableApp:
        """Return the app that plays the game with these seats once it runs."""
        self.people = frozenset(seat for seat, controller in enumerate(controllers)
                                if isinstance(controller, Keyboard))
        self._thread = threading.Thread(
            target=self._drive, args=(controllers, listeners),
            name="cardgames-driver", daemon=True)
        self._app = TableApp(self)
        return self._app

    def play(self, controllers: Sequence[Controller[Any, MoveT]],
             listeners: Sequence[Listener] = ()) -> int:
        """Play the game at the table; return the exit status 0.

        0 also when the person left through the quit question (`finish`).

        Raises:
            KeyboardInterrupt: when the person left at once (Ctrl+C).
            common.engine.seats.IllegalComputerMove,
            common.history.HistoryWriteError: as the driver raised them.
        """
        app = self.app(controllers, listeners)
        self.run_app(app)
        return self.finish()

    def run_app(self, app: TableApp) -> None:
        """Run `app` in the terminal until it exits.

        A stop signal (SIGTERM, the terminal hanging up) meanwhile closes the
        app as leaving it does, and is raised once it has closed: raised in
        the middle of Textual's loop, it would cut its shutdown short.
        """
        with stops_deferred(app.leave_soon):
            app.run()

    def start(self) -> None:
        """Start the driver's thread (the app does, once it is on screen)."""
        assert self._thread is not None, "app() builds the thread"
        self._thread.start()

    def stop(self) -> None:
        """Stop the driver's thread at its next wait (the table is closing)."""
        self._stopping.set()
        self._moves.put(None)

    def join(self, timeout: float = JOIN_TIMEOUT) -> None:
        """Wait for the driver's thread to end."""
        if self._thread is not None and self._thread.ident is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the driver's thread is still going."""
        return self._thread is not None and self._thread.is_alive()

    def finish(self) -> int:
        """After the app: print the result, or raise what stopped the game.

        A person who left through the quit question asked to: the terminal
        says so in one line (`LEFT`), the history ends as interrupted, and
        the status is 0.

        Raises:
            KeyboardInterrupt: when the person left at once (Ctrl+C, a signal).
            TableFailed: when the app stopped on an error of its own.
        """
        self.stop()
        self.join()
        if self._failure is not None:
            raise self._failure
        if self.look.game.is_over:
            terminal = self.look.console.terminal
            for line in self.look.outcome():
                terminal.print(line)
            return 0
        app = self._app
        if app is not None and app.left:
            if self._history is not None:
                self._history.end(END_INTERRUPTED)
            self.look.console.terminal.print(_(LEFT))
            return 0
        if app is not None and app.return_code not in (None, 0):
            raise TableFailed("the full-screen table stopped on an error")
        raise KeyboardInterrupt

    def _drive(self, controllers: Sequence[Controller[Any, MoveT]],
               listeners: Sequence[Listener]) -> None:
        try:
            play(self.look.game, controllers, self, listeners)
            self._call(self._the_app().game_over)
        except Stopped:
            pass
        except BaseException as error:  # handed to the main thread, raised there
            self._failure = error
            if not self._stopping.is_set():
                app = self._the_app()
                with contextlib.suppress(RuntimeError):  # the app has stopped
                    app.call_from_thread(app.exit)

    def _the_app(self) -> TableApp:
        assert self._app is not None
        return self._app

    def _call(self, callback: Callable[..., T], *args: Any) -> T:
        """Run `callback` in the app and wait: the game stands still meanwhile."""
        if self._stopping.is_set():
            raise Stopped
        try:
            result: T = self._the_app().call_from_thread(callback, *args)
            return result
        except RuntimeError:
            if self._stopping.is_set() or not self._the_app().is_running:
                raise Stopped from None
            raise

    # The person's move (the driver's thread).

    def ask(self, seat: int) -> MoveT:
        """Have the app ask the person at `seat`; wait for the move, record it.

        A move made with the keys is recorded as the line a person types for
        it; a typed line is recorded as it is, then read as line mode reads it.

        Raises:
            Stopped: when the table closes first.
            common.engine.game.IllegalMoveError: when the line typed names no move.
        """
        self._call(self._the_app().ask, seat)
        item = self._moves.get()
        if item is None:
            raise Stopped
        line, move = item
        if self._history is not None:
            self._history.typed(seat, line)
        if move is None:
            parsed: MoveT = self.look.console.parse(line, seat)
            return parsed
        return move

    def submit(self, line: str, move: MoveT | None) -> None:
        """Give the waiting seat its move (the app's thread).

        `line` is what is recorded; `move` None means `line` was typed.
        """
        self._moves.put((line, move))

    # The driver's front end (its thread).

    def begin_turn(self, seat: int) -> None:
        """Show whose turn it is."""
        self._turn_began = time.monotonic()
        self._call(self._the_app().begin_turn, seat)

    def show_move(self, seat: int, move: MoveT) -> None:
        """Record the computer's move as typed, ``delay`` s after its turn began."""
        waited = time.monotonic() - self._turn_began
        if self._stopping.wait(max(0.0, self.delay - waited)):
            raise Stopped
        if self._history is not None:
            self._history.typed(seat, self.look.console.spell(move))

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Show why the move was refused."""
        self._call(self._the_app().refuse, seat, error.reason)

    def on_events(self, events: Sequence[Event]) -> None:
        """Add the events to the history pane and redraw the table."""
        self._call(self._the_app().show_events, list(events))
