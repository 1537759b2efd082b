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
import errno
import os
import stat
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO

from common.cards.card import CardParseError, parse_card
from common.engine.seats import Controller
from common.language import _
from common.process import signals_held

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
MAX_RECORD = 1 << 20
"""The most bytes the line of a record holds, its line break aside: a replay
refuses a longer line.  The longest a game writes is a line record of `LINE_PART`
characters outside the Basic Multilingual Plane, each a 12-byte JSON escape:
about 768 KiB."""

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

    def __init__(self, path: str, stream: BinaryIO, *,
                 renamed: tuple[str, str] | None = None) -> None:
        """Write to `stream`, the file at `path` opened for binary writing.

        With `renamed` (its temporary name, its name), the file is renamed
        once its header is written, and removed by `close` (or at exit, when
        a stop came before `close` could) if it never is.
        """
        self.path = path
        self._stream = stream
        self._renamed = renamed
        self._discard = (None if renamed is None
                         else weakref.finalize(self, _remove, renamed[0]))
        self._headed = False
        self._ended = False
        # What a stream took only part of (a signal cut its write short): a
        # stream cannot take it back, so it goes first in the next write.
        self._unfinished = b""
        try:
            self._position: int | None = stream.tell() if stream.seekable() else None
        except OSError:
            self._position = None

    @classmethod
    def open(cls, path: str, clash: Callable[[os.stat_result], str | None]
             | None = None) -> HistoryWriter:
        """Return a writer of a new history at `path`.

        A regular file is written under a temporary name in its folder, and
        takes the name `path` leads to (through symbolic links) once its
        header is in it: nobody ever sees it without one, and a file that was
        there stays as it was until then, or for good if the game stops
        before it begins.  A FIFO, or a device, is written as it is, when a
        program is reading it; one that no program reads is refused rather
        than waited for.

        `clash` says what else the game reads or writes that an existing
        regular file at `path` is (``standard input``, say), or None.

        Raises:
            HistoryWriteError: when the file cannot be opened, or clashes;
                its message says so, naming the file.
        """
        def refused(reason: str) -> HistoryWriteError:
            return HistoryWriteError(_("cannot open log file {path}: {reason}").format(
                path=path, reason=reason))

        try:
            status: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            status = None
        except OSError as error:
            raise refused(error.strerror or str(error)) from None
        if status is not None and stat.S_ISREG(status.st_mode):
            found = clash(status) if clash is not None else None
            if found is not None:
                # Translators: {found} is what else the game uses: standard input.
                raise HistoryWriteError(_("the log file {path} would overwrite "
                                          "{found}").format(path=path, found=found))
            if not os.access(path, os.W_OK):
                raise refused(os.strerror(errno.EACCES))
        elif status is not None:
            return cls(path, cls._open_stream(path, status, refused))
        import tempfile  # here, not above: only a log to a file needs it

        target = os.path.realpath(path)
        mode = stat.S_IMODE(status.st_mode) if status is not None else 0o666 & ~_umask()
        # Held: from its creation, the temporary file is the writer's to remove.
        with signals_held():
            try:
                fd, temporary = tempfile.mkstemp(
                    prefix=f".{os.path.basename(target)}.", suffix=".part",
                    dir=os.path.dirname(target))
            except OSError as error:
                raise refused(error.strerror or str(error)) from None
            try:
                os.fchmod(fd, mode)
            except OSError as error:
                os.close(fd)
                _remove(temporary)
                raise refused(error.strerror or str(error)) from None
            return cls(path, open(fd, "wb", buffering=0),  # noqa: SIM115 - close()
                       renamed=(temporary, target))

    @staticmethod
    def _open_stream(path: str, status: os.stat_result,
                     refused: Callable[[str], HistoryWriteError]) -> BinaryIO:
        # A FIFO or a device, opened without waiting for a reader.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno == errno.ENXIO and stat.S_ISFIFO(status.st_mode):
                raise refused(_("a FIFO no program is reading")) from None
            if error.errno == errno.ENXIO and stat.S_ISSOCK(status.st_mode):
                raise refused(_("a socket, not a file")) from None
            raise refused(error.strerror or str(error)) from None
        try:
            os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        return open(fd, "wb", buffering=0)  # noqa: SIM115 - closed in close()

    @property
    def begun(self) -> bool:
        """Whether the header is written: a game stopped before has no history."""
        return self._headed

    def header(self, game: str, version: str, options: dict[str, Any],
               seats: Sequence[HistoryLine]) -> None:
        """Write the first record: the game, the program's version, options, seats.

        A file written under a temporary name takes its name now, with the
        stop signals held: it is never seen under its name without a header.
        """
        with signals_held() if self._renamed is not None else contextlib.nullcontext():
            self._write({"type": "header", "schema": SCHEMA, "game": game,
                         "version": version, "options": options,
                         "seats": list(seats)})
            self._headed = True
            if self._renamed is not None:
                temporary, name = self._renamed
                try:
                    os.replace(temporary, name)
                except OSError as error:
                    raise HistoryWriteError(_cannot_write(self.path, error)) from None
                self._renamed = None
                if self._discard is not None:
                    self._discard.detach()

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

    def on_events(self, events: Sequence[Event], *, end: str | None = None) -> None:
        """Write the events of one move, all of them in one write (or none).

        With `end`, the end record goes in the same write: a signal then
        finds either both or neither, never a game over whose end record
        is another stop's.
        """
        records = [{"type": "event", **event.record()} for event in events]
        if end is not None and not self._ended:
            records.append({"type": "end", "reason": end})
        if records:
            self._write(*records)
        if end is not None:
            self._ended = True

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

    def end(self, reason: str, *, within: float | None = None) -> None:
        """Write the last record: why the game stopped (`END_OVER`, or what cut it).

        With `within`, a stream its reader has stopped taking from is given
        that many seconds, and the record is dropped after them
        (`HistoryWriteError`): a game being stopped never hangs on it.
        """
        if not self._ended:
            # Ended once written: a write a signal cut off is tried again
            # with the signal's reason (common.cli.run).
            self._write({"type": "end", "reason": reason}, within=within)
            self._ended = True

    def _write(self, *records: HistoryLine, within: float | None = None) -> None:
        import json  # here, not above: a game with no history needs no json

        data = self._unfinished + "".join(
            json.dumps(record, separators=(", ", ": ")) + "\n"
            for record in records).encode("ascii")
        self._unfinished = b""
        view = memoryview(data)
        deadline = None
        if within is not None:
            import time

            deadline = time.monotonic() + within
        try:
            while view:
                written = (self._stream.write(view) if deadline is None
                           else self._write_by(view, deadline))
                view = view[written or 0:]
            if self._position is not None:
                self._position += len(data)
        except OSError as error:
            self._cut_back(view)
            failure = HistoryWriteError(_cannot_write(self.path, error))
            failure.errno = error.errno
            raise failure from None
        except BaseException:
            # A signal (common.cli.launch) may stop the game between two writes
            # of one record: the record goes, and the end record follows it.
            self._cut_back(view)
            raise

    def _write_by(self, data: memoryview, deadline: float) -> int:
        # Write what the stream takes of `data` at once, waiting for it to
        # take something until `deadline` (time.monotonic()) at most.
        import select
        import time

        fd = self._stream.fileno()
        os.set_blocking(fd, False)
        try:
            while True:
                try:
                    return os.write(fd, data)
                except BlockingIOError:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise OSError(errno.ETIMEDOUT,
                                      _("its reader stopped taking it")) from None
                    select.select([], [fd], [], left)
        finally:
            os.set_blocking(fd, True)

    def _cut_back(self, rest: memoryview) -> None:
        # A record is whole or absent: cut off what part of it got written.
        # A stream cannot take it back: its rest is written before the next.
        if self._position is None:
            self._unfinished = bytes(rest)
            return
        try:
            self._stream.truncate(self._position)
            self._stream.seek(self._position)
        except OSError:
            pass

    def close(self) -> None:
        """Close the file; one that never got its header is removed."""
        self._stream.close()
        if self._discard is not None:
            self._discard()

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _cannot_write(path: str, error: OSError) -> str:
    """Return the message of a history file that `error` kept from being written."""
    return _("cannot write the log file {path}: {reason}").format(
        path=path, reason=error.strerror or error)


def _remove(path: str) -> None:
    # Remove a history's temporary file, if it is still there.
    with contextlib.suppress(OSError):
        os.unlink(path)


def _umask() -> int:
    # The process's umask, which a new file's permissions obey.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class _Recording:
    """Writes a game's events to its history, and the end once it is over."""

    def __init__(self, history: HistoryWriter, over: Callable[[], bool]) -> None:
        self._history = history
        self._over = over

    def on_events(self, events: Sequence[Event]) -> None:
        # The game has made these events already: when it is over, the end
        # record goes with the last of them, in one write.
        self._history.on_events(events, end=END_OVER if self._over() else None)


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

    def __init__(self, path: str, stream: BinaryIO) -> None:
        """Read the history at `path` from `stream`, from where it stands.

        Raises:
            HistoryError: when the header is bad.
        """
        self.path = path
        self._stream = stream
        self._number = 0
        self._ahead: HistoryLine | None = None
        self._notes: list[str] = []
        self.end: str | None = None
        """The end record's reason, once it has been reached."""
        header = self._read()
        if header is None or header.get("type") != "header":
            raise self.error(_("the first line is not a history header"))
        self.header: HistoryLine = header
        if self.header.get("schema") != SCHEMA:
            raise self.error(_("schema {schema} is not {supported}, the one this "
                               "program reads").format(
                                   schema=repr(self.header.get("schema")),
                                   supported=SCHEMA))

    def error(self, message: str, number: int | None = None) -> HistoryError:
        """Return the error for `message` at a line (the last read by default)."""
        line = self._number if number is None else number
        return HistoryError(_("cannot replay {path}: line {line}: {problem}").format(
            path=self.path, line=line, problem=message))

    def _read(self) -> HistoryLine | None:
        # One line at most MAX_RECORD long is read: memory stays bounded
        # whatever the file holds.
        raw = self._stream.readline(MAX_RECORD + 1)
        if not raw:
            return None
        import json

        self._number += 1
        if len(raw) > MAX_RECORD and not raw.endswith(b"\n"):
            raise self.error(_("longer than {count} bytes, the most a record "
                               "holds").format(count=MAX_RECORD))
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):
            raise self.error(_("not a JSON record")) from None
        if not isinstance(record, dict):
            raise self.error(_("not a JSON object"))
        return record

    def _next(self, kind: str, unwanted: str, **values: object) -> HistoryLine | None:
        """The next record, of `kind`; None at the end.

        A record of another kind is an error, which `unwanted` words: the
        kind found goes in its ``{found}``, `values` in its other fields.
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
                    raise self.error(_("a note record has no text"))
                self._notes.append(text)
            elif what == "end":
                reason = record.get("reason")
                if reason not in END_REASONS:
                    raise self.error(_("the end reason {reason} is not one of "
                                       "{reasons}").format(
                                           reason=repr(reason),
                                           reasons=", ".join(END_REASONS)))
                self.end = str(reason)
            elif what == "event" and record.get("event") == "refused" \
                    and record.get("reason") == HELP_ASKED:
                pass  # help, which older histories record as refused: no move
            elif what == kind:
                return record
            else:
                raise self.error(unwanted.format(found=repr(what), **values))
        return None

    def decks(self) -> Iterator[list[Card]]:
        """Yield the recorded decks, in dealing order, as the dealer asks.

        Raises:
            CutShort: when the history stops before the deck.
        """
        while True:
            record = self._next(
                "deck", _("a record of type {found}, where the game deals a deck"))
            if record is None:
                raise CutShort
            codes = record.get("cards")
            if not isinstance(codes, list):
                raise self.error(_("a deck record has no card list"))
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
            record = self._next("line", _("a record of type {found}, where the game "
                                          "asks seat {seat} for a line"), seat=seat)
            if record is None:
                raise EndOfScript(seat, "".join(parts))
            text = record.get("text")
            if record.get("seat") != seat or not isinstance(text, str):
                raise self.error(_("a line typed at seat {typed}, where the game "
                                   "asks seat {seat}").format(
                                       typed=repr(record.get("seat")), seat=seat))
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
        record = self._next("event", _("a record of type {found}, where the game "
                                       "plays {event}"), event=played)
        if record is None:
            if self.end == END_OVER:
                raise self.error(_("the game plays {event} after the end").format(
                    event=played))
            raise CutShort
        if record != {"type": "event", **json.loads(played)}:
            raise self.error(_("the game plays {event}, the history records another "
                               "event").format(event=played))

    def on_events(self, events: Sequence[Event]) -> None:
        """Check each event (a `common.engine.driver.Listener`)."""
        for event in events:
            self.check_event(event)

    def finish(self, over: bool) -> None:
        """Check that the history ends where the replay did.

        Raises:
            HistoryError: when records are left, or the end does not match.
        """
        self._next("end", _("a record of type {found}, where the game is over") if over
                   else _("a record of type {found}, where the game has stopped"))
        if self.end is None or (over and self.end not in (END_OVER, END_CUT_SHORT)) \
                or (not over and self.end == END_OVER):
            ends = (_("the history ends {end}, but the game is over") if over
                    else _("the history ends {end}, but the game is not over"))
            raise self.error(ends.format(end=repr(self.end)))
        if self._read() is not None:
            raise self.error(_("a record after the end record"))


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


def open_history(path: str) -> BinaryIO:
    """Open the history at `path` for a replay, as a binary file the caller closes.

    A replay reads this one file, whatever happens to the name `path` meanwhile.

    Raises:
        HistoryError: when it is not a regular file that can be read.
    """
    try:
        # Without waiting: a FIFO put at `path` must be refused, not waited on.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise HistoryError(_("cannot replay {path}: {reason}").format(
            path=path, reason=error.strerror or error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise HistoryError(_("cannot replay {path}: not a regular file").format(
                path=path))
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, "rb")  # noqa: SIM115 - the caller closes it
