"""Command-line plumbing shared by the four games' ``__main__`` modules.

Exit statuses: 0 when the game ends (or the player quits), 1 when input ends
first or output is closed early, 2 for a bad option or deck file (before any
play), 130 on Ctrl-C.  Errors are one line on standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from common.cards import Card, CardParseError, parse_cards
from common.eventlog import EventLog
from common.terminal import EndOfInput, Terminal

EXIT_OK = 0
EXIT_INPUT_ENDED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

VERSION = "1.0.0"
"""The package version: ``setup.cfg`` reads it from here, `--version` prints it."""


class OptionParser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose errors are a single line.

    It also reads the files the options name, so that a bad one stops the
    program before any play.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build the parser, as `argparse.ArgumentParser`."""
        super().__init__(*args, **kwargs)
        self._inputs: list[str] = []

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` on standard error and exit with 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

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

    def open_log(self, path: str | None) -> EventLog:
        """Return the event log writing to `path` (a silent log for None).

        A file that cannot be opened, or that is a file the options read, is
        an option error: exit 2.
        """
        if path is not None and os.path.exists(path):
            for read in self._inputs:
                if os.path.samefile(read, path):
                    self.error(f"the log file {path} would overwrite the deck file")
        try:
            return EventLog.open(path)
        except OSError as error:
            self.error(f"cannot open log file {path}: {error.strerror or error}")


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
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s (cardgames) {VERSION}")
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
                terminal: Terminal | None = None) -> int:
    """Run `play` on a terminal and turn its endings into exit statuses.

    End of input prints one line on standard error and returns 1; Ctrl-C
    prints one line there and returns 130; output closed early (``| head``)
    returns 1; none prints a traceback.  Otherwise the status is what `play`
    returns (0 for None).
    """
    use_utf8_output()
    if terminal is None:
        terminal = Terminal()
    try:
        status = play(terminal)
        terminal.flush()
        return EXIT_OK if status is None else status
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
    except OSError as error:
        # Output or the log could not be written (a full disk, say).
        print(f"{prog}: cannot go on: {error.strerror or error}", file=sys.stderr)
        return EXIT_INPUT_ENDED


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
