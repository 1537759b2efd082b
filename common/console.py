"""The console every game extends: the assignment's ``BigTwoConsole`` shape.

A `Console` is a game's text front end.  It shows the table before each turn
(`Console.set_active_player` then `Console.repaint`, as the assignment's
console does), prints each event's text, prints messages (`Console.print_msg`)
and reads the line the seat to move types at its prompt.  A game's console
says only what is its own: the table (`Console.repaint`), the prompt, how a
typed line reads as a move and how a move is spelled (`Console.parse`,
`Console.spell`), and each event's text (`Console.describe`).  The loop is the
shared driver's (`common.driver.play`); the console is its front end.

Every line typed, and every computer move spelled as a person would type it,
is also written to the hand history when there is one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from common.driver import Listener, play
from common.seats import Person

if TYPE_CHECKING:
    from common.events import Event
    from common.game import Game, IllegalMoveError
    from common.history import HistoryWriter
    from common.seats import Controller
    from common.terminal import Terminal

GameT = TypeVar("GameT", bound="Game[Any, Any]")
MoveT = TypeVar("MoveT")

NOT_LEGAL = "Not a legal move!!!"
"""The assignment's answer to a move that is not legal."""


class Console(ABC, Generic[GameT, MoveT]):
    """A game's text user interface: the table, the prompts and the events.

    Args:
        game: the game to show (not yet started when `play` runs it).
        terminal: where the text goes and the typed lines come from.
        shown: the seats whose hidden cards are face up on their turns (None:
            every seat, as for players sharing one screen).
        history: where typed lines are recorded (None: nowhere).
    """

    NOT_LEGAL: ClassVar[str] = NOT_LEGAL
    """What a refused line prints before the prompt is shown again."""

    def __init__(self, game: GameT, terminal: Terminal, *,
                 shown: Collection[int] | None = None,
                 history: HistoryWriter | None = None) -> None:
        """Show `game` on `terminal`; no player is active yet."""
        self._game = game
        self._terminal = terminal
        self._shown = frozenset(range(game.num_seats) if shown is None else shown)
        self._history = history
        self._active_player = -1

    @property
    def game(self) -> GameT:
        """The game shown."""
        return self._game

    @property
    def terminal(self) -> Terminal:
        """The terminal the console writes to and reads from."""
        return self._terminal

    def set_active_player(self, active_player: int) -> None:
        """Set whose turn the table shows; -1 for nobody's."""
        self._active_player = active_player

    def shows_cards_of(self, seat: int) -> bool:
        """Whether `seat`'s hidden cards are face up now: its turn, and shown."""
        return seat == self._active_player and seat in self._shown

    @abstractmethod
    def repaint(self) -> None:
        """Print the table as the active player sees it (nothing, for some games)."""

    def print_msg(self, msg: str = "") -> None:
        """Print `msg` and a line break."""
        self._terminal.print(msg)

    @abstractmethod
    def prompt(self, seat: int) -> str:
        """Return the prompt of `seat`'s turn, such as ``Player 0's turn: ``."""

    @abstractmethod
    def parse(self, line: str, seat: int) -> MoveT:
        """Return the move a line typed at `seat`'s prompt names.

        Raises:
            common.game.IllegalMoveError: when it names none.
        """

    @abstractmethod
    def spell(self, move: MoveT) -> str:
        """Return the line a person types for `move` (`parse` reads it back)."""

    @abstractmethod
    def describe(self, event: Event) -> str:
        """Return the text printed for `event`: whole lines, or nothing."""

    def before_prompt(self, seat: int) -> None:
        """Print what comes before each prompt (a hint, in Red Dog); nothing here."""

    def show_prompt(self, seat: int) -> None:
        """Print what `seat` sees when asked: `before_prompt`, then the prompt."""
        self.before_prompt(seat)
        self._terminal.write(self.prompt(seat))

    def read_line(self, seat: int) -> str:
        """Show `seat`'s prompt, read the line typed, and record it.

        Raises:
            common.terminal.EndOfInput: when input has ended.
        """
        self.before_prompt(seat)
        line = self._terminal.ask(self.prompt(seat))
        self._record(seat, line)
        return line

    def read_move(self, seat: int) -> MoveT:
        """Ask the person at `seat` for a move: prompt, read and parse a line.

        Raises:
            common.game.IllegalMoveError: when the line names no move.
            common.terminal.EndOfInput: when input has ended.
        """
        return self.parse(self.read_line(seat), seat)

    def enter_line(self, seat: int, line: str) -> MoveT:
        """Show `line` after `seat`'s prompt as if typed, record it, and parse it."""
        self.before_prompt(seat)
        self._terminal.say(self.prompt(seat), line)
        self._record(seat, line)
        return self.parse(line, seat)

    def person(self) -> Person[Any, MoveT]:
        """Return the controller of a person typing at this console."""
        return Person(self.read_move)

    def _record(self, seat: int, line: str) -> None:
        if self._history is not None:
            self._history.typed(seat, line)

    # The driver's front end (common.driver.Frontend).

    def begin_turn(self, seat: int) -> None:
        """Show the table to the player whose turn begins."""
        self.set_active_player(seat)
        self.repaint()

    def show_move(self, seat: int, move: MoveT) -> None:
        """Print the prompt and `move` spelled as a person would type it."""
        line = self.spell(move)
        self.before_prompt(seat)
        self._terminal.say(self.prompt(seat), line)
        self._record(seat, line)

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Print `NOT_LEGAL`; the prompt follows again."""
        self.print_msg(self.NOT_LEGAL)

    def on_events(self, events: Sequence[Event]) -> None:
        """Print each event's text."""
        for event in events:
            text = self.describe(event)
            if text:
                self._terminal.write(text)

    def play(self, controllers: Sequence[Controller[Any, MoveT]],
             listeners: Sequence[Listener] = ()) -> int:
        """Play the game to its end with these seats; return the exit status 0.

        Raises:
            common.terminal.EndOfInput: when a person's input ends first.
        """
        play(self._game, controllers, self, listeners)
        return 0
