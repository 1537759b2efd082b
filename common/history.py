"""The hand history: one JSON-lines format for every game (``--log``, ``--replay``).

A history is the whole game: a header naming the game, its options and its
seats; every deck in the order it was dealt (so no seed is needed); every line
typed at a prompt, refused ones included; every event; and how the game ended.
`docs/history.md` documents the schema.  `HistoryWriter` writes one as a game
is played; `HistoryScript` reads one back so that a game's console can play it
again (`common.program`), which prints the transcript byte for byte.

Each record is one line, written whole or not at all: a write that fails
halfway is cut back off, and the error names the file.  The text is ASCII
(other characters are JSON escapes).
"""

from __future__ import annotations

import os
import stat
from collections import deque
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from common.cards import CardParseError, parse_card
from common.seats import Controller

if TYPE_CHECKING:
    from common.cards import Card
    from common.events import Event
    from common.game import IllegalMoveError

SCHEMA = 1
"""The version of the format; a reader refuses any other."""

Record = dict[str, Any]
"""One line of a history, parsed."""

END_OVER = "over"
"""The end reason of a game played to its end (a ``quit`` included)."""


class HistoryWriteError(OSError):
    """The history file could not be written; the message names the file."""


class HistoryError(ValueError):
    """A history file that cannot be read or does not match its game."""


class HistoryWriter:
    """Writes a game's history to a file, one whole record per line.

    It is a `common.driver.Listener` (the events), a deck recorder (give
    `record_deck` to `common.dealer.Dealer.on_deck`) and the console's record
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
               seats: Sequence[Record]) -> None:
        """Write the first record: the game, the program's version, options, seats."""
        self._write({"type": "header", "schema": SCHEMA, "game": game,
                     "version": version, "options": options, "seats": list(seats)})

    def record_deck(self, cards: Sequence[Card]) -> None:
        """Write a deck about to be dealt from, top card first."""
        self._write({"type": "deck", "cards": [card.code for card in cards]})

    def typed(self, seat: int, line: str) -> None:
        """Write a line typed at `seat`'s prompt (or the computer's move, spelled)."""
        self._write({"type": "line", "seat": seat, "text": line})

    def on_events(self, events: Sequence[Event]) -> None:
        """Write each event."""
        for event in events:
            self._write({"type": "event", **event.record()})

    def end(self, reason: str) -> None:
        """Write the last record: why the game stopped (`END_OVER`, or what cut it)."""
        if not self._ended:
            self._write({"type": "end", "reason": reason})
            self._ended = True

    def _write(self, record: Record) -> None:
        import json  # here, not above: a game with no history needs no json

        data = (json.dumps(record, separators=(", ", ": ")) + "\n").encode("ascii")
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
            # A signal (common.launch) may stop the game between two writes
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


def seat_records(names: Sequence[str | None],
                 seat_names: Sequence[str]) -> list[Record]:
    """Return the header's seats: number, name, and who played (a strategy name)."""
    pairs = zip(seat_names, names, strict=True)
    return [{"seat": seat, "name": name,
             "player": "person" if strategy is None else "computer",
             **({} if strategy is None else {"strategy": strategy})}
            for seat, (name, strategy) in enumerate(pairs)]


class EndOfScript(Exception):
    """A replayed seat has no more lines: the game stopped there.

    `seat` is the seat the game was asking.
    """

    def __init__(self, seat: int) -> None:
        """The game stopped while asking `seat`."""
        super().__init__(seat)
        self.seat = seat


PROMPTED_ENDS = ("input ended", "interrupted", "terminated", "hung up")
"""End reasons of a game that stopped at a person's prompt, the prompt shown."""


class HistoryScript:
    """Reads a history back, record by record, for a replay.

    The decks, the typed lines and the events are read in the order the game
    asks for them; records of the other kinds met on the way wait in a queue.
    """

    def __init__(self, path: str, stream: Iterator[bytes]) -> None:
        """Read the history at `path` from its lines `stream`."""
        self.path = path
        self._lines = stream
        self._number = 0
        self._waiting: dict[str, deque[tuple[int, Record]]] = {
            "deck": deque(), "line": deque(), "event": deque()}
        self.end: str | None = None
        """The end record's reason, once it has been read."""
        header = self._read()
        if header is None or header.get("type") != "header":
            raise self.error("the first line is not a history header")
        self.header: Record = header
        if self.header.get("schema") != SCHEMA:
            raise self.error(f"schema {self.header.get('schema')!r} is not "
                             f"{SCHEMA}, the one this program reads")

    def error(self, message: str, number: int | None = None) -> HistoryError:
        """Return the error for `message` at a line (the last read by default)."""
        line = self._number if number is None else number
        return HistoryError(f"cannot replay {self.path}: line {line}: {message}")

    def _read(self) -> Record | None:
        try:
            raw = next(self._lines)
        except StopIteration:
            return None
        import json

        self._number += 1
        try:
            record = json.loads(raw)
        except ValueError:
            raise self.error("not a JSON record") from None
        if not isinstance(record, dict):
            raise self.error("not a JSON object")
        return record

    def _next(self, kind: str) -> tuple[int, Record] | None:
        queue = self._waiting[kind]
        while not queue and self.end is None:
            record = self._read()
            if record is None:
                raise self.error("the history stops without an end record")
            what = record.get("type")
            if what == "end":
                self.end = str(record.get("reason"))
            elif what in self._waiting:
                self._waiting[what].append((self._number, record))
            else:
                raise self.error(f"unknown record type {what!r}")
        return queue.popleft() if queue else None

    def decks(self) -> Iterator[list[Card]]:
        """Yield the recorded decks, in dealing order, as the dealer asks."""
        while (found := self._next("deck")) is not None:
            number, record = found
            codes = record.get("cards")
            if not isinstance(codes, list):
                raise self.error("a deck record has no card list", number)
            try:
                yield [parse_card(str(code)) for code in codes]
            except CardParseError as error:
                raise self.error(str(error), number) from None

    def next_line(self, seat: int) -> str:
        """Return the next line typed, which must be at `seat`'s prompt.

        Raises:
            EndOfScript: when no line is left: the game stopped here.
            HistoryError: when the next line was typed at another seat.
        """
        found = self._next("line")
        if found is None:
            raise EndOfScript(seat)
        number, record = found
        text = record.get("text")
        if record.get("seat") != seat or not isinstance(text, str):
            raise self.error(f"a line typed at seat {record.get('seat')!r}, "
                             f"where the game asks seat {seat}", number)
        return text

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
        """Check that `event`, as the replay plays it, is the next one recorded.

        Raises:
            HistoryError: when it is not.
        """
        import json

        found = self._next("event")
        expected = {"type": "event", **json.loads(json.dumps(event.record()))}
        if found is None or found[1] != expected:
            number = found[0] if found is not None else None
            raise self.error(f"the game plays {json.dumps(event.record())}, the "
                             "history records something else", number)

    def on_events(self, events: Sequence[Event]) -> None:
        """Check each event (a `common.driver.Listener`)."""
        for event in events:
            self.check_event(event)

    def finish(self, over: bool) -> None:
        """Check that the history ends where the replay did.

        Raises:
            HistoryError: when records are left, or the end does not match.
        """
        for kind, queue in self._waiting.items():
            if queue:
                raise self.error(f"a {kind} record the game never used", queue[0][0])
        if self.end is None:
            record = self._read()
            if record is None or record.get("type") != "end":
                raise self.error("a record after the game's end")
            self.end = str(record.get("reason"))
        if over != (self.end == END_OVER):
            raise self.error(f"the history ends {self.end!r}, but the game "
                             f"{'is' if over else 'is not'} over")
        if self._read() is not None:
            raise self.error("a record after the end record")


class Replayed(Controller[Any, Any]):
    """A seat of a replayed game: its lines come from the history.

    Each line is shown after its prompt as if it had been typed, and parsed
    as the console parses a typed line.
    """

    at_frontend = True

    def __init__(self, script: HistoryScript, enter: Any) -> None:
        """Read lines from `script`; `enter(seat, line)` shows and parses one."""
        self._script = script
        self._enter = enter

    def choose(self, seat: int, view: Any) -> Any:
        """Return the move of the next line recorded for `seat`.

        Raises:
            EndOfScript: when the history has no more lines.
        """
        return self._enter(seat, self._script.next_line(seat))

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
