"""Command-line plumbing shared by the four games' ``__main__`` modules.

Exit statuses: 0 when the game ends (or the player quits), 1 when input ends
first or output is closed early, 2 for a bad option or deck file (before any
play), 130 on Ctrl-C.  Errors are one line on standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from common.cards import Card, CardParseError, parse_cards
from common.history import (
    END_INPUT_ENDED,
    END_INTERRUPTED,
    HistoryWriteError,
    HistoryWriter,
)
from common.seats import RANDOM, SMART, STRATEGY_NAMES, IllegalComputerMove
from common.simulation import Metric, PlayOne, simulate
from common.terminal import EndOfInput, LineTooLong, Terminal
from common.version import VersionAction

EXIT_OK = 0
EXIT_INPUT_ENDED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class OptionError(ValueError):
    """A bad option, from `OptionParser.parse_strictly`."""


class OptionParser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose errors are a single line.

    It also reads the files the options name, so that a bad one stops the
    program before any play.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build the parser, as `argparse.ArgumentParser`."""
        super().__init__(*args, **kwargs)
        self._inputs: list[str] = []
        self._strict = False

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` on standard error and exit with 2.

        Within `parse_strictly` it raises `OptionError` instead.
        """
        if self._strict:
            raise OptionError(message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def given_options(self, options: argparse.Namespace,
                      allowed: Sequence[str] = ()) -> list[str]:
        """Return the options (as ``--name``) whose values are not their defaults.

        `allowed` names the destinations not to list.
        """
        given = []
        for action in self._actions:
            dest = action.dest
            if (dest in allowed or not action.option_strings
                    or argparse.SUPPRESS in (dest, action.default)):
                continue  # a positional, --help, --version
            if getattr(options, dest, None) != self.get_default(dest):
                given.append(max(action.option_strings, key=len))
        return given

    def parse_strictly(self, args: Sequence[str]) -> argparse.Namespace:
        """Parse `args` as the command line, raising `OptionError` for a bad one."""
        self._strict = True
        try:
            return self.parse_args(args)
        finally:
            self._strict = False

    def read_deck(self, path: str | None) -> list[Card] | None:
        """Return the cards of the deck file at `path` (None for no file).

        A bad file is an option error: one line naming the problem, exit 2.
        """
        if path is None:
            return None
        try:
            cards = read_deck_file(path)
        except DeckFileError as error:
            self.error(str(error))
        self._inputs.append(path)
        return cards

    def open_history(self, path: str | None) -> HistoryWriter | None:
        """Return the hand history writing to `path` (None for no path).

        A file that cannot be opened, or that is a file the options read, is
        an option error: exit 2.
        """
        if path is None:
            return None
        if os.path.exists(path):
            for read in self._inputs:
                if os.path.samefile(read, path):
                    self.error(f"the log file {path} would overwrite the deck file")
        try:
            return HistoryWriter.open(path)
        except OSError as error:
            self.error(f"cannot open log file {path}: {error.strerror or error}")

    def seat_strategies(self, options: argparse.Namespace,
                        seats: int) -> list[str | None]:
        """Return each seat's strategy name (None for a person) from the options.

        `options` come from a parser given `add_computer_options`.  With
        ``--simulate`` every seat is a computer.  ``--strategy`` gives one name
        for every computer seat or one per computer seat, in seat order.  A bad
        combination is an option error: exit 2.
        """
        simulate = getattr(options, "simulate", None)
        computer = options.computer
        if getattr(options, "jobs", None) is not None and simulate is None:
            self.error("--jobs needs --simulate")
        if simulate is not None:
            if computer not in (None, False):
                self.error("--simulate plays every seat by computer: "
                           "it takes no --computer")
            for name in ("deck", "log"):
                if getattr(options, name, None) is not None:
                    self.error(f"--simulate deals every game from --seed: "
                               f"it takes no --{name}")
            playing = list(range(seats))
        elif computer is None or computer is False:
            if options.strategy is not None:
                self.error("--strategy needs --computer or --simulate")
            return [None] * seats
        elif computer is True:
            playing = list(range(seats))
        else:
            playing = self._parse_seats("--computer", computer, seats)
        names = ([SMART] if options.strategy is None else
                 [name.strip().lower() for name in options.strategy.split(",")])
        for name in names:
            if name not in STRATEGY_NAMES:
                self.error(f"argument --strategy: unknown strategy {name!r} "
                           f"(choose from {', '.join(STRATEGY_NAMES)})")
        if len(names) == 1:
            names *= len(playing)
        elif len(names) != len(playing):
            seats_word = "seat" if len(playing) == 1 else "seats"
            self.error(f"argument --strategy: {len(names)} names for "
                       f"{len(playing)} computer {seats_word} (give one, or one "
                       "per seat)")
        chosen: list[str | None] = [None] * seats
        for seat, name in zip(playing, names, strict=True):
            chosen[seat] = name
        return chosen

    def shown_seats(self, options: argparse.Namespace, seats: int,
                    names: Sequence[str | None] = ()) -> frozenset[int]:
        """Return the seats whose hidden cards are shown on their turns (``--show``).

        Every seat by default, as for players sharing one screen.  ``--show``
        with ``--simulate``, which prints no table, is an option error.  A
        person at a terminal playing the computer (`names` as from
        `seat_strategies`) with no ``--show`` is told on standard error how
        to hide the computer's cards.
        """
        if options.show is None:
            people = [str(seat) for seat, name in enumerate(names) if name is None]
            if people and len(people) < len(names) and _at_a_terminal(sys.stdin):
                print(f"{self.prog}: the table shows the cards of the seat whose "
                      f"turn it is, the computer's too; --show {','.join(people)} "
                      "shows only yours", file=sys.stderr)
            return frozenset(range(seats))
        if getattr(options, "simulate", None) is not None:
            self.error("--simulate prints no transcript: it takes no --show")
        return frozenset(self._parse_seats("--show", options.show, seats))

    def _parse_seats(self, option: str, text: str, seats: int) -> list[int]:
        if text.strip().lower() == "all":
            return list(range(seats))
        chosen: set[int] = set()
        for part in text.split(","):
            token = part.strip()
            # Digits only, and short, so int() never meets a huge number.
            digits = token.lstrip("0") or "0"
            if (not token.isascii() or not token.isdigit()
                    or len(digits) > len(str(seats)) or int(digits) >= seats):
                self.error(f"argument {option}: {token[:20]!r} is not a seat "
                           f"(0 to {seats - 1}, comma-separated, or all)")
            chosen.add(int(digits))
        return sorted(chosen)


def _at_a_terminal(stream: TextIO | None) -> bool:
    return stream is not None and stream.isatty()


def add_computer_options(parser: argparse.ArgumentParser, *,
                         seat_list: bool = True) -> None:
    """Add ``--computer``, ``--strategy``, ``--simulate`` and ``--jobs`` to `parser`.

    With `seat_list` ``--computer`` takes ``SEATS`` (a comma list of seat
    numbers, or ``all``); without it (a one-seat game) it is a plain switch.
    Read the options back with `OptionParser.seat_strategies`.
    """
    choices = f"{SMART} (the default) or {RANDOM}"
    if seat_list:
        parser.add_argument("--computer", metavar="SEATS",
                            help="seats the computer plays: seat numbers separated "
                                 "by commas, or all")
        parser.add_argument("--strategy", metavar="NAMES",
                            help=f"the computer seats' strategy: {choices}; one "
                                 "name for all, or one per computer seat in "
                                 "seat order, separated by commas")
    else:
        parser.add_argument("--computer", action="store_true",
                            help="let the computer play")
        parser.add_argument("--strategy", metavar="NAME",
                            help=f"the computer's strategy: {choices}")
    simulate_help = ("play N games with the computer in every seat, print no "
                     "transcript but each seat's results" if seat_list else
                     "let the computer play N games, print no transcript but "
                     "its results")
    parser.add_argument("--simulate", type=int_in_range(1, MAX_SIMULATED_GAMES),
                        metavar="N", help=simulate_help)
    parser.add_argument("--jobs", type=int_in_range(1, MAX_JOBS), metavar="K",
                        help="with --simulate, play the games in K processes, "
                             "at most one per CPU (the results do not depend "
                             "on K)")


def add_show_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--show SEATS`` (read back with `OptionParser.shown_seats`).

    For games with hidden cards, which the table shows to the seat whose turn
    it is: ``--show 0`` keeps the computer's cards hidden from a person at
    seat 0.  It applies to people and computers alike, so a transcript
    replays with the same ``--show``.
    """
    parser.add_argument("--show", metavar="SEATS",
                        help="show the hidden cards of these seats only (seat "
                             "numbers separated by commas, or all) on their "
                             "turns; default all, as players sharing one "
                             "screen see them")


MAX_SIMULATED_GAMES = 10**8
"""The most games one ``--simulate`` run plays."""
MAX_JOBS = 256
"""The most processes ``--jobs`` starts."""


def int_in_range(low: int, high: int) -> Callable[[str], int]:
    """Return an argparse ``type`` accepting the whole numbers `low` to `high`.

    Out of range gives ``argument --x: must be LOW to HIGH, not N``.
    """

    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    parse.__name__ = "int"  # argparse names the type in "invalid int value"
    return parse


def make_parser(prog: str, description: str) -> OptionParser:
    """Return a parser with the options every game has: `--seed` and `--version`."""
    parser = OptionParser(prog=prog, description=description)
    parser.add_argument("--seed", type=int, metavar="N",
                        help="seed the shuffles, so the game can be replayed")
    parser.add_argument("--version", action=VersionAction)
    return parser


MAX_DECK_FILE = 1 << 16
"""The most characters a deck file may hold (52 cards need about 160)."""


class DeckFileError(ValueError):
    """A deck file that cannot be read or is not 52 distinct cards."""


def read_deck_file(path: str) -> list[Card]:
    """Return the 52 cards listed in the deck file at `path`, in order.

    The file holds card tokens (see `common.cards.parse_card`) separated by
    white space, in UTF-8 (a byte-order mark is allowed).

    Raises:
        DeckFileError: naming the problem (unreadable, a bad token, a repeated
            card, or not 52 cards).
    """
    try:
        with open(path, encoding="utf-8-sig") as stream:
            text = stream.read(MAX_DECK_FILE)
            if stream.read(1):
                raise DeckFileError(f"deck file {path}: more than "
                                    f"{MAX_DECK_FILE} characters")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise DeckFileError(f"cannot read deck file {path}: {reason}") from None
    try:
        cards = parse_cards(text)
    except CardParseError as error:
        raise DeckFileError(f"deck file {path}: {error}") from None
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DeckFileError(f"deck file {path}: {card.code} appears twice")
        seen.add(card)
    if len(cards) != 52:
        raise DeckFileError(f"deck file {path}: {len(cards)} cards, expected 52")
    return cards


def use_utf8_output() -> None:
    """Make standard output and error UTF-8 whatever the locale (for ♦♣♥♠)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors="replace")


def run_console(prog: str, play: Callable[[Terminal], int | None],
                terminal: Terminal | None = None,
                history: HistoryWriter | None = None) -> int:
    """Run `play` on a terminal and turn its endings into exit statuses.

    End of input, or a line too long to read (`common.lines.LineTooLong`),
    prints one line on standard error and returns 1; Ctrl-C prints one line
    there and returns 130; output closed early (``| head``) returns 1; none
    prints a traceback.  Otherwise the status is what `play` returns (0 for
    None).  The `history`, if any, is closed with the reason the game stopped
    when it did not end.
    """
    use_utf8_output()
    if terminal is None:
        terminal = Terminal()
    try:
        try:
            status = play(terminal)
            terminal.flush()
            return EXIT_OK if status is None else status
        except BaseException as error:
            _end_history(history, error)
            raise
        finally:
            if history is not None:
                history.close()
    except LineTooLong as error:
        _end_output_line(terminal)
        print(f"{prog}: {error}", file=sys.stderr)
        return EXIT_INPUT_ENDED
    except EndOfInput:
        _end_output_line(terminal)
        print(f"{prog}: input ended before the game was over", file=sys.stderr)
        return EXIT_INPUT_ENDED
    except KeyboardInterrupt:
        _end_output_line(terminal)
        print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_INPUT_ENDED
    except IllegalComputerMove as error:
        _end_output_line(terminal)
        print(f"{prog}: cannot go on: {error}", file=sys.stderr)
        return EXIT_INPUT_ENDED
    except HistoryWriteError as error:
        _end_output_line(terminal)
        print(f"{prog}: cannot go on: {error}", file=sys.stderr)
        return EXIT_INPUT_ENDED
    except OSError as error:
        # Output could not be written (a full disk, say).
        print(f"{prog}: cannot go on: {error.strerror or error}", file=sys.stderr)
        return EXIT_INPUT_ENDED


_END_REASONS: tuple[tuple[type[BaseException], str], ...] = (
    (LineTooLong, "line too long"),
    (EndOfInput, END_INPUT_ENDED),
    (KeyboardInterrupt, END_INTERRUPTED),
    (IllegalComputerMove, "illegal computer move"),
    (OSError, "output failed"),
)


def end_reason(error: BaseException) -> str:
    """Return the hand history's end reason for a game stopped by `error`.

    ``line too long``, ``input ended``, ``interrupted``, ``illegal computer
    move``, ``output failed``, or ``error`` for anything else (one of
    `common.history.END_REASONS`).
    """
    return next((text for kind, text in _END_REASONS if isinstance(error, kind)),
                "error")


def _end_history(history: HistoryWriter | None, error: BaseException) -> None:
    # Say in the history why the game stopped, when it can still be written.
    if history is None or isinstance(error, HistoryWriteError):
        return
    with contextlib.suppress(HistoryWriteError):
        history.end(end_reason(error))


def run_simulation(prog: str, title: str, seats: Sequence[str],
                   metrics: Sequence[Metric], play_one: PlayOne,
                   options: argparse.Namespace) -> int:
    """Run ``--simulate`` as the options say and print the report; return the status.

    `seats` names each seat's strategy and `play_one` plays one game from a
    seed (see `common.simulation`).  Ctrl-C and closed output end it as they
    end a game (see `run_console`).
    """
    def play(terminal: Terminal) -> None:
        simulate(prog, title, seats, metrics, play_one, options.simulate,
                 options.seed, options.jobs or 1, terminal.write)

    return run_console(prog, play)


def _end_output_line(terminal: Terminal) -> None:
    # The error message that follows then stands on a line of its own.
    try:
        terminal.end_line()
        terminal.flush()
    except BrokenPipeError:
        _silence_stdout()


def _silence_stdout() -> None:
    # Python flushes stdout again at exit; point it at /dev/null so that flush
    # cannot raise BrokenPipeError a second time and print a traceback.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
