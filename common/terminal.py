"""Line-based console I/O shared by every game's console class.

`Terminal` writes the game's text and reads one line per prompt.  When standard
input is not a terminal (a script piped in), each line read is echoed after its
prompt, so the output reads like a session typed at the keyboard.
"""

from __future__ import annotations

import sys
from typing import BinaryIO, TextIO


class EndOfInput(Exception):
    """Standard input ended while the game was waiting for a line."""


class Terminal:
    """The text channel between a game's console and its player."""

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None,
                 *, echo: bool | None = None) -> None:
        """Wrap the byte stream `stdin` and the text stream `stdout`.

        They default to the process's own streams.  `echo` defaults to whether
        `stdin` is not a terminal.
        """
        self._stdin = stdin if stdin is not None else sys.stdin.buffer
        self._stdout = stdout if stdout is not None else sys.stdout
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
        become U+FFFD, so junk stays junk rather than an error.

        Raises:
            EndOfInput: when input has ended.
        """
        self._stdout.write(prompt)
        self._stdout.flush()
        try:
            raw = self._stdin.readline()
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

    def flush(self) -> None:
        """Flush the output."""
        self._stdout.flush()
