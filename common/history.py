"""The hand history: one JSON-lines format for every game (``--log``, ``--replay``).

A history is the whole game: a header naming the game, its options and its
seats; every deck in the order it was dealt (so no seed is needed); every line
typed at a prompt, refused ones included; every event; and how the game ended.
`docs/history.md` documents the schema.  `HistoryWriter` writes one as a game
is played; `HistoryScript` reads one back so that a game's console can play it
again (`common.cli.program`), which prints the transcript byte for byte.

Each record is one line, written whole or not at all: a write that fails
halfway is cut back off, and the error names the file.  The text is ASCII
(other characters are JSON escapes).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from common.cards.card import CardParseError, parse_card
from common.engine.seats import Controller

if TYPE_CHECKING:
    from common.cards.card import Card
    from common.engine.driver import Listener
    from common.engine.events import Event
    from common.engine.game import IllegalMoveError

SCHEMA = 1
"""The version of the format; a reader refuses any other."""

HistoryLine = dict[str, Any]
"""One line (a record) of a history, parsed from its JSON."""

LINE_PART = 1 << 16
"""The most characters of a typed line one record holds (a longer line takes more)."""

END_OVER = "over"
"""The end reason of a game played to its end (a ``quit`` included)."""
END_INPUT_ENDED = "input ended"
"""The end reason of a game whose input ended first."""
END_INTERRUPTED = "interrupted"
"""The end reason of a game stopped by Ctrl-C (or a full-screen table left)."""
END_CUT_SHORT = "cut short"
"""What a replay takes a history with no end record for: the game was killed."""
HELP_ASKED = "help asked"
"""The reason of the refusal older histories record after a ``help`` line;
help is no move, and a replay passes over it."""
END_REASONS = (END_OVER, END_INPUT_ENDED, "line too long", END_INTERRUPTED,
               "terminated", "hung up", "illegal computer move", "log not written",
               "output failed", "error")
"""Every end reason a history may record."""


class HistoryWriteError(OSError):
    """The history file could not be written; the message names the file."""


class HistoryError(ValueError):
    """A history file that cannot be read or does not match its game."""


class HistoryWriter:
    """Writes a game's history to a file, one whole record per line.

    It is a `common.engine.driver.Listener` (the events), a deck recorder (give
    `record_deck` to `common.engine.dealer.Dealer.on_deck`) and the console's record
    of what is typed (`typed`).  Used as a context manager it closes the file.
    """

    def __init__(self, path: str, stream: BinaryIO) -> None:
        """Write to `stream`, the file at `path` opened for binary writing."""
        self.path = path
        self._stream = stream
        self._ended = False
        try:
            self._position: int | None = stream.tell() if stream.seekable() else None
        except OSError:
            self._position = None

    @classmethod
    def open(cls, path: str) -> HistoryWriter:
        """Return a writer to the file at `path`, emptied first.

        Raises:
            OSError: when the file cannot be opened for writing.
        """
        return cls(path, open(path, "wb", buffering=0))  # noqa: SIM115 - closed in close()

    def header(self, game: str, version: str, options: dict[str, Any],
               seats: Sequence[HistoryLine]) -> None:
        """Write the first record: the game, the program's version, options, seats."""
        self._write({"type": "header", "schema": SCHEMA, "game": game,
                     "version": version, "options": options, "seats": list(seats)})

    def record_deck(self, cards: Sequence[Card]) -> None:
        """Write a deck about to be dealt from, top card first."""
        self._write({"type": "deck", "cards": [card.code for card in cards]})

    def typed(self, seat: int, line: str) -> None:
        """Write a line typed at `seat`'s prompt (or the computer's move, spelled)."""
        self._write({"type": "line", "seat": seat, "text": line})

    @contextlib.contextmanager
    def typing(self, seat: int) -> Iterator[Callable[[str], None]]:
        """Record a line typed at `seat`'s prompt as it arrives, in pieces.

        Yields the function to hand each piece to.  A long line is written
        in parts of at most `LINE_PART` characters, each but the last marked
        ``"continued": true``, so memory stays bounded; a line cut short (end
        of input or Ctrl-C while it was read) leaves its parts so far, all
        continued.
        """
        pending: list[str] = []
        size = 0

        def take(text: str) -> None:
            nonlocal size
            pending.append(text)
            size += len(text)
            while size >= LINE_PART:
                whole = "".join(pending)
                self._write({"type": "line", "seat": seat,
                             "text": whole[:LINE_PART], "continued": True})
                pending[:] = [whole[LINE_PART:]]
                size = len(pending[0])

        try:
            yield take
        except BaseException:
            if size:
                self._write({"type": "line", "seat": seat, "text": "".join(pending),
                             "continued": True})
            raise
        self._write({"type": "line", "seat": seat, "text": "".join(pending)})

    def on_events(self, events: Sequence[Event]) -> None:
        """Write the events of one move, all of them in one write (or none)."""
        if events:
            self._write(*({"type": "event", **event.record()} for event in events))

    def listen(self, over: Callable[[], bool]) -> Listener:
        """Return the listener that records a game's events, and its end.

        `over` says whether the game is over; once it is, the end record
        (`END_OVER`) follows the last events at once, before a front end shows
        them, so a failure to show them cannot leave the history unfinished.
        """
        return _Recording(self, over)

    def note(self, text: str) -> None:
        """Write a line the table announced to every player (a seat's takeover).

        A replay prints it where it came: before the next line's prompt.
        """
        self._write({"type": "note", "text": text})

    def end(self, reason: str) -> None:
        """Write the last record: why the game stopped (`END_OVER`, or what cut it)."""
        if not self._ended:
            self._write({"type": "end", "reason": reason})
            self._ended = True

    def _write(self, *records: HistoryLine) -> None:
        import json  # here, not above: a game with no history needs no json

        data = "".join(json.dumps(record, separators=(", ", ": ")) + "\n"
                       for record in records).encode("ascii")
        view = memoryview(data)
        try:
            while view:
                written = self._stream.write(view)
                view = view[written or 0:]
            if self._position is not None:
                self._position += len(data)
        except OSError as error:
            self._cut_back()
            failure = HistoryWriteError(f"cannot write the log file {self.path}: "
                                        f"{error.strerror or error}")
            failure.errno = error.errno
            raise failure from None
        except BaseException:
            # A signal (common.cli.launch) may stop the game between two writes
            # of one record: the record goes, and the end record follows it.
            self._cut_back()
            raise

    def _cut_back(self) -> None:
        # A record is whole or absent: cut off what part of it got written.
        if self._position is not None:
            try:
                self._stream.truncate(self._position)
                self._stream.seek(self._position)
            except OSError:
                pass

    def close(self) -> None:
        """Close the file."""
        self._stream.close()

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class _Recording:
    """Writes a game's events to its history, and the end once it is over."""

    def __init__(self, history: HistoryWriter, over: Callable[[], bool]) -> None:
        self._history = history
        self._over = over

    def on_events(self, events: Sequence[Event]) -> None:
        self._history.on_events(events)
        if self._over():
            self._history.end(END_OVER)


def seat_records(names: Sequence[str | None],
                 seat_names: Sequence[str]) -> list[HistoryLine]:
    """Return the header's seats: number, name, and who played (a strategy name)."""
    pairs = zip(seat_names, names, strict=True)
    return [{"seat": seat, "name": name,
             "player": "person" if strategy is None else "computer",
             **({} if strategy is None else {"strategy": strategy})}
            for seat, (name, strategy) in enumerate(pairs)]


class EndOfScript(Exception):
    """A replayed seat has no more lines: the game stopped there.

    `seat` is the seat the game was asking, `partial` what of a line it had
    read when it stopped (usually nothing).
    """

    def __init__(self, seat: int, partial: str = "") -> None:
        """The game stopped while asking `seat`, having read `partial`."""
        super().__init__(seat)
        self.seat = seat
        self.partial = partial


PROMPTED_ENDS = (END_INPUT_ENDED, END_INTERRUPTED, "terminated", "hung up")
"""End reasons of a game that stopped at a person's prompt, the prompt shown."""


class CutShort(Exception):
    """The history stops before a move's records: the game stopped there."""


class HistoryScript:
    """Reads a history back, record by record and in order, for a replay.

    The replay asks for the decks, the typed lines and the events in the
    order the game made them, and the history must hold exactly those, in
    that order: a record of another kind where the game wants one is an
    error.  Notes met on the way are kept for the next line's prompt.
    """

    def __init__(self, path: str, stream: Iterator[bytes]) -> None:
        """Read the history at `path` from its lines `stream`."""
        self.path = path
        self._lines = stream
        self._number = 0
        self._ahead: HistoryLine | None = None
        self._notes: list[str] = []
        self.end: str | None = None
        """The end record's reason, once it has been reached."""
        header = self._read()
        if header is None or header.get("type") != "header":
            raise self.error("the first line is not a history header")
        self.header: HistoryLine = header
        if self.header.get("schema") != SCHEMA:
            raise self.error(f"schema {self.header.get('schema')!r} is not "
                             f"{SCHEMA}, the one this program reads")

    def error(self, message: str, number: int | None = None) -> HistoryError:
        """Return the error for `message` at a line (the last read by default)."""
        line = self._number if number is None else number
        return HistoryError(f"cannot replay {self.path}: line {line}: {message}")

    def _read(self) -> HistoryLine | None:
        try:
            raw = next(self._lines)
        except StopIteration:
            return None
        import json

        self._number += 1
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):
            raise self.error("not a JSON record") from None
        if not isinstance(record, dict):
            raise self.error("not a JSON object")
        return record

    def _next(self, kind: str, wanted: str) -> HistoryLine | None:
        """The next record, of `kind` (`wanted` says why it is due); None at the end.

        Notes on the way are kept for `take_notes`.
        """
        while self.end is None:
            record = self._ahead if self._ahead is not None else self._read()
            self._ahead = None
            if record is None:
                self.end = END_CUT_SHORT  # a game killed: every record so far whole
                return None
            what = record.get("type")
            if what == "note":
                text = record.get("text")
                if not isinstance(text, str):
                    raise self.error("a note record has no text")
                self._notes.append(text)
            elif what == "end":
                reason = record.get("reason")
                if reason not in END_REASONS:
                    raise self.error(f"the end reason {reason!r} is not one of "
                                     f"{', '.join(END_REASONS)}")
                self.end = str(reason)
            elif what == "event" and record.get("event") == "refused" \
                    and record.get("reason") == HELP_ASKED:
                pass  # help, which older histories record as refused: no move
            elif what == kind:
                return record
            else:
                raise self.error(f"a {what!r} record, where the game {wanted}")
        return None

    def decks(self) -> Iterator[list[Card]]:
        """Yield the recorded decks, in dealing order, as the dealer asks.

        Raises:
            CutShort: when the history stops before the deck.
        """
        while True:
            record = self._next("deck", "deals a deck")
            if record is None:
                raise CutShort
            codes = record.get("cards")
            if not isinstance(codes, list):
                raise self.error("a deck record has no card list")
            try:
                yield [parse_card(str(code)) for code in codes]
            except CardParseError as error:
                raise self.error(str(error)) from None

    def next_line(self, seat: int) -> str:
        """Return the next line typed, which must be at `seat`'s prompt.

        A line recorded in parts comes back whole.

        Raises:
            EndOfScript: when no line is left: the game stopped here.
            HistoryError: when the next line was typed at another seat.
        """
        parts: list[str] = []
        while True:
            record = self._next("line", f"asks seat {seat} for a line")
            if record is None:
                raise EndOfScript(seat, "".join(parts))
            text = record.get("text")
            if record.get("seat") != seat or not isinstance(text, str):
                raise self.error(f"a line typed at seat {record.get('seat')!r}, "
                                 f"where the game asks seat {seat}")
            parts.append(text)
            if record.get("continued") is not True:
                return "".join(parts)

    def take_notes(self) -> list[str]:
        """Return the notes read since the last call (a table's announcements)."""
        notes, self._notes = self._notes, []
        return notes

    def prompted(self, seat: int) -> bool:
        """Whether the game stopped at `seat`'s prompt with the prompt shown.

        So it did when input ended, or Ctrl-C came, while a person was asked;
        a computer's prompt is shown only with its move.
        """
        seats = self.header.get("seats")
        player = (seats[seat].get("player") if isinstance(seats, list)
                  and seat < len(seats) and isinstance(seats[seat], dict) else None)
        return self.end in PROMPTED_ENDS and player == "person"

    def check_event(self, event: Event) -> None:
        """Check that `event`, as the replay plays it, is the next record.

        Raises:
            HistoryError: when it is not.
            CutShort: when the history stops before it, having ended short
                of the game's end (the game stopped between a move and its
                events).
        """
        import json

        played = json.dumps(event.record())
        record = self._next("event", f"plays {played}")
        if record is None:
            if self.end == END_OVER:
                raise self.error(f"the game plays {played} after the end")
            raise CutShort
        if record != {"type": "event", **json.loads(played)}:
            raise self.error(f"the game plays {played}, the history records "
                             "another event")

    def on_events(self, events: Sequence[Event]) -> None:
        """Check each event (a `common.engine.driver.Listener`)."""
        for event in events:
            self.check_event(event)

    def finish(self, over: bool) -> None:
        """Check that the history ends where the replay did.

        Raises:
            HistoryError: when records are left, or the end does not match.
        """
        self._next("end", "is over" if over else "has stopped")
        if self.end is None or (over and self.end not in (END_OVER, END_CUT_SHORT)) \
                or (not over and self.end == END_OVER):
            raise self.error(f"the history ends {self.end!r}, but the game "
                             f"{'is' if over else 'is not'} over")
        if self._read() is not None:
            raise self.error("a record after the end record")


class Replayed(Controller[Any, Any]):
    """A seat of a replayed game: its lines come from the history.

    Each line is shown after its prompt as if it had been typed, and parsed
    as the console parses a typed line.  The notes recorded before it (a
    table's announcements) are shown first.
    """

    at_frontend = True

    def __init__(self, script: HistoryScript, enter: Any,
                 announce: Callable[[str], None] | None = None) -> None:
        """Read lines from `script`; `enter(seat, line)` shows and reads one.

        `enter` returns the move the line names, or None for a line that
        asked for help (`common.console.console.Console.enter_line`), after
        which the seat's next line is read.  `announce(text)` shows a note
        (by default they are not shown).
        """
        self._script = script
        self._enter = enter
        self._announce = announce

    def choose(self, seat: int, view: Any) -> Any:
        """Return the move of the next line recorded for `seat`.

        Raises:
            EndOfScript: when the history has no more lines.
        """
        while True:
            try:
                line = self._script.next_line(seat)
            finally:
                for text in self._script.take_notes():
                    if self._announce is not None:
                        self._announce(text)
            move = self._enter(seat, line)
            if move is not None:
                return move

    def refused(self, error: IllegalMoveError) -> None:
        """Nothing: the recorded line was refused in the game too."""


def open_script(path: str) -> tuple[HistoryScript, BinaryIO]:
    """Open the history at `path` for a replay; return it and the file to close.

    Raises:
        HistoryError: when it is not a readable regular file or its header
            is bad.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise HistoryError(f"cannot replay {path}: not a regular file")
        stream = open(path, "rb")  # noqa: SIM115 - the caller closes it
    except OSError as error:
        raise HistoryError(f"cannot replay {path}: "
                           f"{error.strerror or error}") from None
    try:
        return HistoryScript(path, iter(stream)), stream
    except BaseException:
        stream.close()
        raise
