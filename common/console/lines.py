"""Lines of input, read as Java's ``Scanner(System.in, "UTF-8").nextLine()`` reads.

The Big Two console is a port of a Java assignment whose transcripts are
compared byte for byte, so every game reads its lines by Java's rules:

- **Line ends**: CR LF, LF, a lone CR, U+0085, U+2028 and U+2029 (the
  separators of ``Scanner.nextLine``), wherever they fall in the reads.
  The last line needs no line end; an empty input has no line.
- **Decoding**: UTF-8, each malformed sequence replaced by one U+FFFD where
  Java 17's decoder puts one.  That is Python's ``errors="replace"`` (one
  U+FFFD per maximal invalid subpart) except for encoded surrogates: Java
  reads ``ED A0..BF`` and one continuation byte, if there is one, as a single
  malformed sequence (``ED A0 80`` is one U+FFFD, Python makes three).
- **Length**: a line may be of any length up to `LINE_LIMIT` bytes.  It is
  handed on in decoded pieces as it is read, never held whole, so memory stays
  bounded by the read buffer (`CHUNK_SIZE`) whatever comes in.  A longer line
  raises `LineTooLong` once its first `LINE_LIMIT` bytes are past, so an
  endless line ends the game rather than running for ever.  The limit is the
  longest line Java's ``Scanner`` can hold: it keeps the whole line and its
  line end in a char buffer that doubles from 1,024 chars up to 2**30 and no
  further (the next doubling overflows an int and throws
  ``IllegalArgumentException``).  Each byte makes at most one char, so every
  line read here fits in Java's buffer too.

`tests/java/JavaReading.java` is the Java reading these rules were checked
against; `docs/bigtwo.md` says what a player sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import BinaryIO

from common.language import _

LINE_LIMIT = (1 << 30) - 1
"""The longest line read, in bytes without its line end: 1 GiB less a byte."""

CHUNK_SIZE = 1 << 16
"""How many bytes are asked of the input stream at a time."""

# Encoded surrogates (U+D800..U+DFFF): Java's decoder replaces the lead, the
# second byte and a third byte that is a continuation with one U+FFFD.
_SURROGATE = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]?")
_LS_PS = re.compile(rb"\xe2\x80[\xa8\xa9]")  # U+2028, U+2029


class EndOfInput(Exception):
    """Standard input ended while the game was waiting for a line."""


class LineTooLong(EndOfInput):
    """A line went on past `LINE_LIMIT` bytes; no more input is read."""

    def __init__(self, limit: int) -> None:
        """Say that a line was longer than `limit` bytes."""
        super().__init__(_("a line of input is longer than {limit} bytes")
                         .format(limit=limit))
        self.limit = limit


def decode_java(data: bytes) -> str:
    """Return `data`, whole UTF-8 sequences, decoded as Java 17 decodes it.

    Each malformed sequence becomes one U+FFFD, as Java's ``REPLACE`` action
    makes it.  `data` must not end inside a sequence that more bytes could
    complete, unless the input ends there (see `LineReader`).
    """
    if b"\xed" not in data:
        return data.decode("utf-8", "replace")
    pieces = []
    start = 0
    for match in _SURROGATE.finditer(data):
        pieces.append(data[start:match.start()].decode("utf-8", "replace"))
        pieces.append("\ufffd")
        start = match.end()
    pieces.append(data[start:].decode("utf-8", "replace"))
    return "".join(pieces)


def find_line_end(data: bytes, start: int) -> tuple[int, int] | None:
    """Return where the first complete line end in `data[start:]` begins and ends.

    The line ends of Java's ``Scanner.nextLine``: CR LF, LF, a lone CR (a CR
    last in `data` may yet be a CR LF), U+0085, U+2028 and U+2029; None when
    `data[start:]` holds none.
    """
    found: tuple[int, int] | None = None
    stop = data.find(b"\n", start)
    if stop >= 0:
        found = (stop, stop + 1)
    else:
        stop = len(data)
    cr = data.find(b"\r", start, stop)
    if cr >= 0:
        stop = cr
        found = (cr, cr + 2 if data[cr + 1:cr + 2] == b"\n" else cr + 1)
    nel = data.find(b"\xc2\x85", start, stop)
    if nel >= 0:
        stop = nel
        found = (nel, nel + 2)
    separator = _LS_PS.search(data, start, stop)
    if separator is not None:
        found = separator.span()
    return found


def _complete_end(data: bytes, start: int) -> int:
    """Return the end of `data[start:]` less a UTF-8 sequence it ends inside.

    Bytes from 0xC0 up start a step of Java's decoder, whatever came before,
    so cutting before one of them cuts between two steps.
    """
    end = len(data)
    for index in range(end - 1, max(start, end - 3) - 1, -1):
        byte = data[index]
        if byte < 0x80:
            return end
        if byte >= 0xC0:
            needed = 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4 if byte < 0xF5 else 1
            return index if end - index < needed else end
    return end


BOM = b"\xef\xbb\xbf"
"""A UTF-8 byte-order mark, as an editor may put it at the start of a file."""


class LineReader:
    """Reads a binary stream line by line, as Java's ``Scanner.nextLine`` does.

    Reads are of up to `CHUNK_SIZE` bytes and return what the stream has
    (``read1``), so a person at a terminal or a program at the other end of a
    pipe is answered line by line.  A CR that ends a read ends its line at
    once, where Java waits for the next char; an LF first in the next read is
    then the rest of a CR LF, so the lines are Java's either way.
    """

    def __init__(self, stream: BinaryIO, *, chunk_size: int = CHUNK_SIZE,
                 limit: int = LINE_LIMIT, skip_bom: bool = False) -> None:
        """Read `stream` `chunk_size` bytes at a time; lines of up to `limit` bytes.

        With `skip_bom`, a UTF-8 byte-order mark at the very start of the
        stream is no part of the first line (Java's reading keeps it).
        """
        self._read: Callable[[int], bytes] = getattr(stream, "read1", stream.read)
        self._chunk_size = chunk_size
        self._limit = limit
        self._data = b""
        self._start = 0
        # A line ended at a CR that was the last byte read: an LF first thing
        # in the next read belongs to it (CR LF is one line end).
        self._after_cr = False
        self._skip_bom = skip_bom

    def read_line(self, on_text: Callable[[str], None]) -> None:
        """Read the next line, handing its text to `on_text` piece by piece.

        The pieces, in order, make the line without its line end; an empty
        line makes none.  Each piece is handed on as soon as it is read.

        Raises:
            EndOfInput: when input has ended (or fails) before the line starts.
            LineTooLong: when the line goes on past the limit; the pieces
                handed on so far hold its first bytes.
        """
        if self._skip_bom:
            self._drop_bom()
        length = 0
        while True:
            data, start = self._data, self._start
            if self._after_cr and start < len(data):
                self._after_cr = False
                if data[start] == 0x0A:
                    start += 1
            line_end = find_line_end(data, start)
            if line_end is not None:
                begin, end = line_end
                self._start = end
                self._after_cr = end == len(data) and data[begin:end] == b"\r"
                self._hand_on(data[start:begin], length, on_text)
                return
            cut = _complete_end(data, start)
            length = self._hand_on(data[start:cut], length, on_text)
            more = self._read_more()
            if not more:
                self._data, self._start = b"", 0
                if cut == len(data) and length == 0:
                    raise EndOfInput
                self._hand_on(data[cut:], length, on_text)
                return
            self._data, self._start = data[cut:] + more, 0

    def _drop_bom(self) -> None:
        # Once, before the first line: an editor's byte-order mark would
        # otherwise make that line junk.
        self._skip_bom = False
        while len(self._data) < len(BOM) and BOM.startswith(self._data):
            more = self._read_more()
            if not more:
                if not self._data:
                    raise EndOfInput  # read once: a terminal would wait again
                break
            self._data += more
        if self._data.startswith(BOM):
            self._start = len(BOM)

    def _hand_on(self, data: bytes, length: int,
                 on_text: Callable[[str], None]) -> int:
        """Decode `data`, the next bytes of a line `length` bytes long so far.

        Returns:
            The line's length with `data`.
        """
        length += len(data)
        if length > self._limit:
            raise LineTooLong(self._limit)
        if data:
            on_text(decode_java(data))
        return length

    def _read_more(self) -> bytes:
        try:
            return self._read(self._chunk_size)
        except OSError:
            # A terminal that has gone away (EIO) will send no more lines.
            raise EndOfInput from None
