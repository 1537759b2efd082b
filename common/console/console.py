"""The console every game extends: the assignment's ``BigTwoConsole`` shape.

A `Console` is a game's text front end.  It shows the table before each turn
(`Console.set_active_player` then `Console.repaint`, as the assignment's
console does), prints each event's text, prints messages (`Console.print_msg`)
and reads the line the seat to move types at its prompt.  A game's console
says only what is its own: the table (`Console.repaint`), the prompt, how a
typed line reads as a move and how a move is spelled (`Console.parse`,
`Console.spell`), and each event's text (`Console.describe`).  The loop is the
shared driver's (`common.engine.driver.play`); the console is its front end.

Every line typed, and every computer move spelled as a person would type it,
is also written to the hand history when there is one.

Every console answers ``help`` (or ``?``) at its prompt with the rules in
brief and the words the prompt takes (`Console.help_text`), then asks again:
help is no move, so the game never hears of it (the hand history records
the line, and no refusal);
with ``--hint`` it prints, before the prompts of the seats it hints, what the
smart computer player would do and why (`Console.hint`).
"""

from __future__ import annotations

import collections
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from common.console import cells
from common.console.lines import EndOfInput, LineTooLong
from common.engine.driver import Listener, play
from common.engine.game import QUIT, IllegalMoveError
from common.engine.seats import IllegalComputerMove, Person
from common.history import END_INPUT_ENDED, HistoryWriteError, HistoryWriter
from common.language import _, pgettext
from common.process import Terminated, stop_reason

if TYPE_CHECKING:
    from common.console.terminal import Terminal
    from common.engine.events import Event
    from common.engine.game import Game
    from common.engine.seats import Controller

HELP_WORDS = frozenset({"help", "?"})
"""The lines that ask for help at any prompt (in any case)."""
QUIT_WORDS = frozenset({"quit", "q"})
"""The lines that quit, in the games that have a quit (Stud, In Between,
Red Dog), in any case."""
RECAP_LINES = 40
"""The most lines of events a person handed the keyboard is shown again."""
HELP_WIDTH = 76
"""The width the help's words are wrapped to: the rules' own."""

GameT = TypeVar("GameT", bound="Game[Any, Any]")
MoveT = TypeVar("MoveT")


def because(error: IllegalMoveError) -> str:
    """Return ``Not a legal move: REASON.``, a refusal that says why (`fill`ed)."""
    return fill(_("Not a legal move: {reason}.").format(reason=error.reason))


def quoted(line: str, most: int = 40) -> str:
    """Return `line`, stripped, in quotes for a refusal: ``'junk'``.

    A line longer than `most` characters is cut there, and ``…`` says so.
    """
    text = line.strip()
    return repr(f"{text[:most]}…" if len(text) > most else text)


def fill(text: str, indent: str = "", hanging: str = "  ") -> str:
    """Return a one-paragraph message wrapped to `HELP_WIDTH`, after `indent`.

    Lines after the first are indented `hanging` more than the first, so a
    message that takes two lines at an 80-column terminal reads as one.
    Widths are counted in terminal cells (`common.console.cells`), so a
    Punjabi message is as wide as an English one.
    """
    return "\n".join(cells.wrap(text, HELP_WIDTH, indent, indent + hanging))


def asks_for_help(line: str) -> bool:
    """Whether `line` is ``help`` or ``?`` (any case, white space around).

    Or the language's own word for help (``ਮਦਦ`` in Punjabi).
    """
    text = line.strip().lower()
    return text in HELP_WORDS or text == pgettext("typed", "help").lower()


def quit_words() -> frozenset[str]:
    """Return the lines that quit: `QUIT_WORDS`, and the language's own words."""
    return QUIT_WORDS | {pgettext("typed", "quit").lower(),
                         pgettext("typed", "q").lower()}


def hinted_seats(names: Sequence[str | None],
                 shown: Collection[int] | None) -> frozenset[int]:
    """Return the seats ``--hint`` hints: the people's, of those the table shows.

    `names` says who sits where (None for a person).  With no person at
    all, as when watching the computer play, every seat is hinted.  A hint
    tells no more than the table shows, so only the seats in `shown` (the
    seats whose hidden cards are shown; None: every seat) are hinted.
    """
    people = {seat for seat, name in enumerate(names) if name is None}
    hinted = people or set(range(len(names)))
    return frozenset(hinted if shown is None else hinted & set(shown))


class Console(ABC, Generic[GameT, MoveT]):
    """A game's text user interface: the table, the prompts and the events.

    Args:
        game: the game to show (not yet started when `play` runs it).
        terminal: where the text goes and the typed lines come from.
        shown: the seats whose hidden cards are face up on their turns (None:
            every seat, as for players sharing one screen).
        history: where typed lines are recorded (None: nowhere).
        hinted: the seats given a hint before their prompts (``--hint``; see
            `hinted_seats`).
    """

    rules: ClassVar[str] = ""
    """The rules in brief, for a person: ``help`` prints them, and the
    full-screen table's help."""
    help_aside: ClassVar[bool] = False
    """Whether help is said aside to the person who asked, off every
    transcript (Big Two's: the assignment's transcript has none)."""
    hides_cards: ClassVar[bool] = False
    """Whether the game has cards only their owner may see (Big Two's hands,
    Stud's hole cards): people sharing one keyboard then hand it over."""

    def __init__(self, game: GameT, terminal: Terminal, *,
                 shown: Collection[int] | None = None,
                 history: HistoryWriter | None = None,
                 hinted: Collection[int] = ()) -> None:
        """Show `game` on `terminal`; no player is active yet."""
        self._game = game
        self._terminal = terminal
        self._shown = frozenset(range(game.num_seats) if shown is None else shown)
        self._history = history
        self._hinted = frozenset(hinted)
        self._active_player = -1
        self._people: frozenset[int] = frozenset()
        self._last_person: int | None = None
        # What the events said since a person's turn last began, for the
        # next person handed the keyboard (the screen is cleared of it):
        # kept only where people share the keyboard (`play`).
        self._since: collections.deque[str] | None = None
        self.quit_typed = False
        """Whether a person here typed ``quit`` (the game then ended by it)."""

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
            common.engine.game.IllegalMoveError: when it names none.
        """

    @abstractmethod
    def spell(self, move: MoveT) -> str:
        """Return the line a person types for `move` (`parse` reads it back).

        It depends on the move alone (a table spells the same moves once).
        """

    @abstractmethod
    def describe(self, event: Event) -> str:
        """Return the text printed for `event`: whole lines, or nothing."""

    def words(self, seat: int) -> str:
        """Return, in a sentence, what may be typed at `seat`'s prompt now."""
        return ""

    def help_text(self, seat: int) -> str:
        """Return what ``help`` prints: the rules in brief, then `words`."""
        words = _("{words}  help (or ?) shows this again; the option --rules "
                  "prints the whole rules page.").format(words=self.words(seat))
        return f"{_(self.rules)}\n\n{fill(words, hanging='')}"

    def hint(self, seat: int) -> str:
        """Return what the smart computer player would do now at `seat`, and why.

        The line ``--hint`` prints before the prompt (``Hint: call: ...``);
        empty when the game has none.
        """
        return ""

    def hints(self, seat: int) -> bool:
        """Whether `seat` is given a hint before its prompts."""
        return seat in self._hinted

    def show_hint(self, text: str) -> None:
        """Print a hint, wrapped (Big Two prints it aside, off the transcript)."""
        self.print_msg(fill(text))

    def coach(self, seat: int) -> None:
        """Tell the person at `seat`, aside, what helps before their prompt.

        Called once a turn before the prompt of a person at a keyboard, here
        or at a table's client; nothing here (Big Two says what happened
        since their last turn, and when they have the lead).
        """

    def doubt(self, seat: int, line: str) -> str | None:
        """Return the question to ask before taking `line`, typed at `seat`'s prompt.

        None when the line is taken as typed: here always, and for every
        line read from a pipe.  Big Two asks ``Pass? [y/N] `` of a person at a
        keyboard whose line selects no card but is not empty, having said
        why aside on this console's terminal; the move is made only on a yes.
        """
        return None

    def before_prompt(self, seat: int) -> None:
        """Print what comes before each prompt: the hint, for a hinted seat."""
        if self.hints(seat):
            text = self.hint(seat)
            if text:
                self.show_hint(text)

    def show_prompt(self, seat: int) -> None:
        """Print what `seat` sees when asked: `before_prompt`, then the prompt."""
        self.before_prompt(seat)
        self._terminal.write(self.prompt(seat))

    def read_line(self, seat: int) -> str:
        """Show `seat`'s prompt, read the line typed, and record it.

        The line comes back as `common.console.terminal.Terminal.ask` returns it (cut
        past `common.console.terminal.MAX_KEPT` characters); the history records it
        whole.

        Raises:
            common.console.terminal.EndOfInput: when input has ended (after
                `input_ended` has had its say).
        """
        kept: list[str] = []

        def ask(take: Callable[[str], None]) -> None:
            kept.append(self._terminal.ask(self.prompt(seat), take))

        self._read(seat, ask)
        return kept[0]

    def read_text(self, seat: int, on_text: Callable[[str], None]) -> None:
        """Show `seat`'s prompt and hand the line typed to `on_text` in pieces.

        For a line of any length in bounded memory (Big Two's); the history
        records it, in parts when it is long.

        Raises:
            common.console.terminal.EndOfInput: when input has ended.
        """
        def ask(record: Callable[[str], None]) -> None:
            def take(text: str) -> None:
                on_text(text)
                record(text)

            self._terminal.ask_text(self.prompt(seat), take)

        self._read(seat, ask)

    def read_unrecorded(self, seat: int, on_text: Callable[[str], None]) -> None:
        """Show `seat`'s prompt and hand the line typed to `on_text`, recording nothing.

        For a line that may turn out to be no move (Big Two's ``help`` at a
        keyboard): `record_line` records it once it is one.

        Raises:
            common.console.terminal.EndOfInput: when input has ended.
        """
        self._read(seat, lambda record: self._terminal.ask_text(self.prompt(seat),
                                                                on_text),
                   recorded=False)

    def record_line(self, seat: int, pieces: Sequence[str]) -> None:
        """Record a line typed at `seat`'s prompt, read in `pieces`."""
        if self._history is not None:
            with self._history.typing(seat) as record:
                for piece in pieces:
                    record(piece)

    def _read(self, seat: int, ask: Callable[[Callable[[str], None]], None], *,
              recorded: bool = True) -> None:
        self.before_prompt(seat)
        try:
            if self._history is None or not recorded:
                ask(lambda text: None)
                return
            with self._history.typing(seat) as record:
                ask(record)
        except EndOfInput:
            self.input_ended(seat)
            raise

    def input_ended(self, seat: int) -> None:
        """Print what the game shows when input ends at `seat`'s prompt; nothing here.

        The program then stops with one line on standard error and exit
        status 1.  A replay of the game calls it at the same prompt.
        """

    def read_move(self, seat: int) -> MoveT:
        """Ask the person at `seat` for a move: prompt, read and parse a line.

        A line that asks for help (`is_help`) is answered, and the prompt
        comes again: help is no move.

        Raises:
            common.engine.game.IllegalMoveError: when the line names no move.
            common.console.terminal.EndOfInput: when input has ended.
        """
        while True:
            move = self.answer(seat, self.read_line(seat))
            if move is not None:
                self.quit_typed = move is QUIT
                return move

    def answer(self, seat: int, line: str) -> MoveT | None:
        """Return the move a line typed at `seat`'s prompt names (`parse`).

        None when it asks for help (`is_help`), which is then printed.

        Raises:
            common.engine.game.IllegalMoveError: when the line names no move.
        """
        if self.is_help(line):
            self.show_help(seat)
            return None
        return self.parse(line, seat)

    def is_help(self, line: str) -> bool:
        """Whether `line` asks for help: ``help`` or ``?``, in any case."""
        return asks_for_help(line)

    def wants_help(self, line: str) -> bool:
        """Whether `line`, just typed here, asks for help.

        At a keyboard ``help`` or ``?`` always does; otherwise as `is_help`
        says (never in Big Two, whose transcript reads them as selections).
        """
        return self.is_help(line) or (self._terminal.interactive
                                      and asks_for_help(line))

    def show_help(self, seat: int) -> None:
        """Print what ``help`` prints at `seat`'s prompt (`help_text`)."""
        self.print_msg(self.help_text(seat))

    def enter_line(self, seat: int, line: str) -> MoveT | None:
        """Show `line` after `seat`'s prompt as if typed, record it, and read it.

        For the lines of a replayed game.  Return the move it names, or None
        when it asks for help, which is then printed (see `answer`).

        Raises:
            common.engine.game.IllegalMoveError: when the line names no move.
        """
        self.before_prompt(seat)
        self._terminal.say(self.prompt(seat), line)
        self._record(seat, line)
        return self.answer(seat, line)

    def person(self) -> Person[Any, MoveT]:
        """Return the controller of a person typing at this console."""
        return Person(self.read_move)

    def _record(self, seat: int, line: str) -> None:
        if self._history is not None:
            self._history.typed(seat, line)

    # The driver's front end (common.engine.driver.Frontend).

    def begin_turn(self, seat: int) -> None:
        """Show the table to the player whose turn begins.

        When people share the keyboard and see their own hidden cards, each
        is handed it first (`hands_over_to`).
        """
        self.set_active_player(seat)
        if self.hands_over_to(seat):
            self._terminal.hand_over(_("Player {seat}'s turn: hand the keyboard to "
                                       "Player {seat}, who presses Enter.")
                                     .format(seat=seat))
            recap = self.recap()
            if recap:
                self._terminal.aside(recap)
        if seat in self._people:
            self._last_person = seat
            if self._since is not None:
                self._since.clear()
        self.repaint()

    def recap(self) -> str:
        """Return what a person handed the keyboard is told first, aside.

        What the events said since the last person's turn began (the
        hand-over cleared it from the screen); Big Two says it its own way.
        """
        return "".join(self._since or ()).strip("\n")

    def hands_over_to(self, seat: int) -> bool:
        """Whether the screen is cleared and the keyboard handed to `seat` now.

        So it is when two or more people at this terminal see their own
        hidden cards, and `seat`'s turn follows another person's: the screen
        and its scrollback then hold no other person's cards.  Never in a
        transcript: piped input, or a standard error that is no terminal.
        """
        sharing = self._people & self._shown
        return (self.hides_cards and len(sharing) > 1 and seat in sharing
                and seat != self._last_person and self._terminal.shares_screen)

    def show_move(self, seat: int, move: MoveT) -> None:
        """Print the prompt and `move` spelled as a person would type it."""
        line = self.spell(move)
        self.before_prompt(seat)
        self._terminal.say(self.prompt(seat), line)
        self._record(seat, line)

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Print the refusal (`refusal`); the prompt follows."""
        self.print_msg(self.refusal(error))

    def refusal(self, error: IllegalMoveError) -> str:
        """Return the lines that refuse a move: ``Not a legal move: REASON.``.

        Big Two prints the assignment's `NOT_LEGAL` instead.
        """
        return because(error)

    def on_events(self, events: Sequence[Event]) -> None:
        """Print each event's text, all of it in one write."""
        text = "".join([self.describe(event) for event in events])
        if text:
            self._terminal.write(text)
            if self._since is not None:
                self._since.extend(text.splitlines(keepends=True))

    def play(self, controllers: Sequence[Controller[Any, MoveT]],
             listeners: Sequence[Listener] = ()) -> int:
        """Play the game to its end with these seats; return the exit status 0.

        Raises:
            common.console.terminal.EndOfInput: when a person's input ends first.
        """
        self._people = frozenset(seat for seat, controller in enumerate(controllers)
                                 if isinstance(controller, Person))
        if self.hides_cards and len(self._people & self._shown) > 1:
            self._since = collections.deque(maxlen=RECAP_LINES)
        play(self._game, controllers, self, listeners)
        return 0


class ConsoleFactory(Protocol):
    """Makes a game's console: what a game's program's ``new_console`` is.

    For a table of several consoles (the network table's, one per seat),
    each showing the game to someone else.
    """

    def __call__(self, game: Any, terminal: Terminal, settings: dict[str, Any],
                 shown: Collection[int] | None, history: HistoryWriter | None,
                 hinted: Collection[int] = ()) -> Console[Any, Any]:
        """Return the console of `game` on `terminal` (see `Console`)."""


def end_reason(error: BaseException) -> str:
    """Return the hand history's end reason for a game stopped by `error`.

    ``line too long``, ``input ended``, the signal's (``interrupted``, see
    `common.process.stop_reason`), ``illegal computer move``, ``log not
    written``, ``output failed``, or ``error`` for anything else (one of
    `common.history.END_REASONS`).
    """
    if isinstance(error, (KeyboardInterrupt, Terminated)):
        return stop_reason(error)
    reasons: tuple[tuple[type[BaseException], str], ...] = (
        (LineTooLong, "line too long"),
        (EndOfInput, END_INPUT_ENDED),
        (IllegalComputerMove, "illegal computer move"),
        (HistoryWriteError, "log not written"),
        (OSError, "output failed"),
    )
    return next((text for kind, text in reasons if isinstance(error, kind)), "error")
