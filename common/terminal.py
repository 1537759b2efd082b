"""Line-based console I/O shared by every game's console class.

`Terminal` writes the game's text and reads one line per prompt.  When standard
input is not a terminal (a script piped in), each line read is echoed after its
prompt, so the output reads like a session typed at the keyboard.
"""

from __future__ import annotations

import io
import sys
from typing import BinaryIO, TextIO, cast

from common.launch import CLOSED, OutputError

MAX_LINE = 1 << 20
"""The longest line read, in bytes; the rest of a longer line is discarded."""

_BOM = b"\xef\xbb\xbf"


class EndOfInput(Exception):
    """Standard input ended while the game was waiting for a line."""


class Terminal:
    """The text channel between a game's console and its player."""

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None,
                 *, echo: bool | None = None, skip_bom: bool = False) -> None:
        """Wrap the byte stream `stdin` and the text stream `stdout`.

        They default to the process's own streams; a stream the process was
        started without reads as ended, or fails every write
        (`common.launch.OutputError`).  `echo` defaults to whether `stdin` is
        not a terminal.  With `skip_bom`, a UTF-8 byte-order mark at the very
        start of the input is no part of the first line.
        """
        if stdin is None:
            stdin = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
        if stdout is None:
            stdout = sys.stdout or cast(TextIO, _ClosedOutput())
        self._skip_bom = skip_bom
        self._stdin = stdin
        self._stdout = stdout
        if echo is None:
            echo = not self._stdin.isatty()
        self.echo = echo

    def write(self, text: str) -> None:
        """Write `text` as it is."""
        self._stdout.write(text)

    def print(self, text: str = "") -> None:
        """Write `text` and a line break."""
        self._stdout.write(text + "\n")

    def ask(self, prompt: str) -> str:
        """Write `prompt` (no line break), then read and return one line.

        The line comes back without its line break; bytes that are not UTF-8
        become U+FFFD, so junk stays junk rather than an error.  A line longer
        than `MAX_LINE` bytes is cut there.

        Raises:
            EndOfInput: when input has ended.
        """
        self._stdout.write(prompt)
        self._stdout.flush()
        if self._skip_bom:
            self._drop_bom()
        try:
            raw = self._stdin.readline(MAX_LINE)
            if len(raw) == MAX_LINE and not raw.endswith(b"\n"):
                self._skip_rest_of_line()
        except OSError:
            # A terminal that has gone away (EIO) will send no more lines.
            raise EndOfInput from None
        if not raw:
            raise EndOfInput
        line = raw.decode("utf-8", errors="replace")
        if line.endswith("\n"):
            line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
        if self.echo:
            self._stdout.write(line + "\n")
        return line

    def say(self, prompt: str, line: str) -> None:
        """Write `prompt` and `line` as if `line` had been typed at the prompt.

        The computer's moves are printed this way, so that they read exactly
        as a person's echoed input does.
        """
        self._stdout.write(prompt + line + "\n")

    def _drop_bom(self) -> None:
        # Once, before the first line: an editor's byte-order mark would
        # otherwise make that line junk.
        self._skip_bom = False
        peek = getattr(self._stdin, "peek", None)
        try:
            start = peek(len(_BOM)) if peek is not None else None
            if start is None and self._stdin.seekable():
                start = self._stdin.read(len(_BOM))
                self._stdin.seek(-len(start), io.SEEK_CUR)
        except OSError:
            return  # the read that follows meets the same trouble
        if start is not None and start.startswith(_BOM):
            self._stdin.read(len(_BOM))

    def _skip_rest_of_line(self) -> None:
        # Read on in bounded pieces, so an endless line cannot exhaust memory.
        while True:
            chunk = self._stdin.readline(MAX_LINE)
            if not chunk or chunk.endswith(b"\n"):
                return

    def end_line(self) -> None:
        """At a keyboard, move past a prompt still waiting on its line.

        A transcript (output that is not a terminal) is left as it is.
        """
        if self._stdout.isatty():
            self._stdout.write("\n")

    def flush(self) -> None:
        """Flush the output."""
        self._stdout.flush()


class _ClosedOutput(io.TextIOBase):
    """Standard output the process was started without: every write fails."""

    def write(self, text: str) -> int:
        """Fail: there is nowhere to write."""
        raise OutputError(f"cannot write standard output: {CLOSED}")
