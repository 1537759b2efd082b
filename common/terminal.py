"""Line-based console I/O shared by every game's console class.

`Terminal` writes the game's text and reads one line per prompt.  When standard
input is not a terminal (a script piped in), each line read is echoed after its
prompt, so the output reads like a session typed at the keyboard.

Lines are split and decoded as the Java originals read them (see
`common.lines`): CR LF, LF, a lone CR, U+0085, U+2028 and U+2029 end a line,
and bytes that are not UTF-8 become U+FFFD as Java replaces them.  A line may
be of any length up to `common.lines.LINE_LIMIT` bytes; `Terminal.ask_text`
hands it on in pieces, in bounded memory, and `Terminal.ask` keeps its first
`MAX_KEPT` characters.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from typing import BinaryIO, TextIO

from common.lines import EndOfInput, LineReader, LineTooLong

__all__ = ["MAX_KEPT", "EndOfInput", "LineTooLong", "Terminal"]

MAX_KEPT = 1 << 20
"""The most characters of a line `Terminal.ask` returns (the echo shows all)."""


class Terminal:
    """The text channel between a game's console and its player."""

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None,
                 *, echo: bool | None = None) -> None:
        """Wrap the byte stream `stdin` and the text stream `stdout`.

        They default to the process's own streams; a stream the process was
        started without reads as ended, or writes nowhere.  `echo` defaults
        to whether `stdin` is not a terminal.
        """
        if stdin is None:
            stdin = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
        if stdout is None:
            stdout = sys.stdout if sys.stdout is not None else open(  # noqa: SIM115
                os.devnull, "w", encoding="utf-8")
        self._stdin = stdin
        self._lines = LineReader(stdin)
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

    def ask(self, prompt: str, on_text: Callable[[str], None] | None = None) -> str:
        """Write `prompt` (no line break), then read and return one line.

        The line comes back without its line end (see `ask_text`), and goes
        to `on_text` too, if given, in the pieces read.  A line longer than
        `MAX_KEPT` characters comes back as its first `MAX_KEPT` characters
        and a U+FFFD standing for the rest, so that no game takes it for a
        command: the games' commands are short words.

        Raises:
            EndOfInput: when input has ended.
            common.lines.LineTooLong: when the line is longer than
                `common.lines.LINE_LIMIT` bytes.
        """
        kept: list[str] = []
        room = MAX_KEPT

        def keep(text: str) -> None:
            nonlocal room
            if room >= 0:
                kept.append(text if len(text) <= room else text[:room] + "\ufffd")
                room -= len(text)
            if on_text is not None:
                on_text(text)

        self.ask_text(prompt, keep)
        return "".join(kept)

    def ask_text(self, prompt: str, on_text: Callable[[str], None]) -> None:
        """Write `prompt` (no line break), then read one line into `on_text`.

        The line's text, without its line end, goes to `on_text` in pieces as
        it is read (none for an empty line), so a line of any length takes
        bounded memory; when echoing, each piece is written out first, and the
        line break after the last.

        Raises:
            EndOfInput: when input has ended.
            common.lines.LineTooLong: when the line is longer than
                `common.lines.LINE_LIMIT` bytes (the echo so far is kept).
        """
        self._stdout.write(prompt)
        self._stdout.flush()
        if self.echo:
            def take(text: str) -> None:
                self._stdout.write(text)
                on_text(text)

            self._lines.read_line(take)
            self._stdout.write("\n")
        else:
            self._lines.read_line(on_text)

    def say(self, prompt: str, line: str) -> None:
        """Write `prompt` and `line` as if `line` had been typed at the prompt.

        The computer's moves are printed this way, so that they read exactly
        as a person's echoed input does.
        """
        self._stdout.write(prompt + line + "\n")

    def end_line(self) -> None:
        """At a keyboard, move past a prompt still waiting on its line.

        A transcript (output that is not a terminal) is left as it is.
        """
        if self._stdout.isatty():
            self._stdout.write("\n")

    def flush(self) -> None:
        """Flush the output."""
        self._stdout.flush()
