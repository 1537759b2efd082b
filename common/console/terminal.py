"""Line-based console I/O shared by every game's console class.

`Terminal` writes the game's text and reads one line per prompt.  When standard
input is not a terminal (a script piped in), each line read is echoed after its
prompt, so the output reads like a session typed at the keyboard.

Lines are split and decoded as the Java originals read them (see
`common.console.lines`): CR LF, LF, a lone CR, U+0085, U+2028 and U+2029 end a line,
and bytes that are not UTF-8 become U+FFFD as Java replaces them.  A line may
be of any length up to `common.console.lines.LINE_LIMIT` bytes; `Terminal.ask_text`
hands it on in pieces, in bounded memory, and `Terminal.ask` keeps its first
`MAX_KEPT` characters.

At a keyboard (standard input and output both terminals) the lines are read
through the standard library's `readline`, where it exists: the arrow keys
edit the line and recall earlier ones.  What is read is the same: each line
typed goes through the same Java rules.  Words for the person at the keyboard
that are not part of the game's transcript (coaching, Big Two's hints) go to
standard error (`Terminal.aside`).
"""

from __future__ import annotations

import importlib.util
import io
import sys
from collections.abc import Callable
from typing import BinaryIO, TextIO, cast

from common.console.lines import EndOfInput, LineReader, LineTooLong
from common.language import pgettext
from common.process import CLOSED, OutputError, write_stderr

__all__ = ["MAX_KEPT", "EndOfInput", "LineTooLong", "Terminal", "is_yes"]

MAX_KEPT = 1 << 20
"""The most characters of a line `Terminal.ask` returns (the echo shows all)."""



class _Keyboard(io.RawIOBase):
    """The bytes of the lines typed at a terminal, read through `readline`.

    Each line is read by ``input`` (which gives the arrow keys and the
    history), and handed on as the bytes typed and a line break, for
    `common.console.lines.LineReader` to read as it reads any input.  `prompt`, when
    set, is shown by ``input`` itself, so that editing the line redraws it.
    """

    def __init__(self) -> None:
        super().__init__()
        self.prompt: str | None = None
        self._pending = b""
        self._ready = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if not self._pending:
            if not self._ready:
                self._ready = True
                _set_up_readline()
            prompt, self.prompt = self.prompt or "", None
            try:
                typed = input(prompt)
            except EOFError:
                return 0
            # Undecodable bytes came in as surrogates: back to what was typed.
            self._pending = typed.encode("utf-8", "surrogateescape") + b"\n"
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size


def _keyboard() -> _Keyboard | None:
    """Return the keyboard through `readline`, or None when there is none.

    Only when standard input and output are both terminals (``input`` uses
    `readline` then alone) and `readline` exists on this system.
    """
    streams = (sys.stdin, sys.stdout)
    if any(stream is None or not stream.isatty() for stream in streams):
        return None
    if importlib.util.find_spec("readline") is None:
        return None
    return _Keyboard()


def _set_up_readline() -> None:
    """Import `readline`, so that ``input`` uses it, and set it up.

    Not before the first line is read: a full-screen game reads none.
    """
    import readline

    # Nothing but the prompt and the echo of the keys goes to the screen.
    readline.parse_and_bind("set enable-bracketed-paste off")
    cast(io.TextIOWrapper, sys.stdin).reconfigure(errors="surrogateescape")


def is_yes(answer: str) -> bool:
    """Whether `answer` to a yes-or-no question is ``y`` or ``yes``, in any case.

    Or the language's own words for them.
    """
    # Translators: the answers that say yes to a question ending in [y/N].
    yes = {pgettext("typed", "y").lower(), pgettext("typed", "yes").lower()}
    return answer.strip().lower() in {"y", "yes", *yes}


CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, clear the scrollback (xterm's, as most terminals)."""


class Terminal:
    """The text channel between a game's console and its player."""

    def __init__(self, stdin: BinaryIO | None = None, stdout: TextIO | None = None,
                 *, echo: bool | None = None, stderr: TextIO | None = None,
                 skip_bom: bool = False) -> None:
        """Wrap the byte stream `stdin` and the text streams `stdout` and `stderr`.

        They default to the process's own streams; a stream the process was
        started without reads as ended, or fails every write
        (`common.process.OutputError`; standard error writes nowhere).  `echo`
        defaults to whether `stdin` is not a terminal.  The process's own
        streams at a keyboard are read through `readline`.  With `skip_bom`,
        a UTF-8 byte-order mark at the very start of piped input is no part
        of the first line.
        """
        keyboard = None
        if stdin is None:
            if stdout is None:
                keyboard = _keyboard()
            stdin = sys.stdin.buffer if sys.stdin is not None else io.BytesIO()
        if stdout is None:
            stdout = sys.stdout or cast(TextIO, _ClosedOutput())
        self._stdin = stdin
        self._keyboard = keyboard
        self._lines = LineReader(cast(BinaryIO, keyboard) if keyboard else stdin,
                                 skip_bom=skip_bom)
        self._stdout = stdout
        self._stderr = stderr  # None: the process's own, whatever it is then
        self.interactive = self._stdin.isatty()
        """Whether a person types at a keyboard (standard input is a terminal)."""
        if echo is None:
            echo = not self.interactive
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
            common.console.lines.LineTooLong: when the line is longer than
                `common.console.lines.LINE_LIMIT` bytes.
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
            common.console.lines.LineTooLong: when the line is longer than
                `common.console.lines.LINE_LIMIT` bytes (the echo so far is kept).
        """
        if self._keyboard is not None:
            self._keyboard.prompt = prompt
            self._lines.read_line(on_text)
            if self._keyboard.prompt is not None:
                # The line came with the one before it (a line end within
                # what was typed); the prompt is shown all the same.
                self._keyboard.prompt = None
                self._stdout.write(prompt)
            return
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

    @property
    def shares_screen(self) -> bool:
        """Whether a person types here and reads standard error on the same screen.

        Standard input and standard error are both terminals: what is said
        aside, a hand-over included, reaches the players and no transcript.
        """
        stream = sys.stderr if self._stderr is None else self._stderr
        return self.interactive and stream is not None and stream.isatty()

    def hand_over(self, text: str) -> None:
        """Clear the screen and its scrollback, say `text` aside, and wait for Enter.

        For people sharing one screen, before a turn that shows hidden
        cards.  The line typed is no move: it is read and dropped.

        Raises:
            EndOfInput: when input has ended.
        """
        self._ask_aside(CLEAR_SCREEN + text + "\n")

    def confirm(self, question: str) -> bool:
        """Ask `question` aside (on standard error); return whether the answer is yes.

        Yes is ``y`` or ``yes``, in any case, or the language's own words
        (`is_yes`); anything else is no, an empty line included.  For a
        person at a keyboard: the transcript on standard output holds
        nothing of it.

        Raises:
            EndOfInput: when input has ended.
        """
        return is_yes(self._ask_aside(question))

    def _ask_aside(self, text: str) -> str:
        # Write `text` on standard error after the output so far, and read
        # the line typed after it.
        self._stdout.flush()
        write_stderr(text, self._stderr)
        return self.ask("")

    def say(self, prompt: str, line: str) -> None:
        """Write `prompt` and `line` as if `line` had been typed at the prompt.

        The computer's moves are printed this way, so that they read exactly
        as a person's echoed input does.
        """
        self._stdout.write(prompt + line + "\n")

    def aside(self, text: str) -> None:
        """Write `text` and a line break to standard error, after the output so far.

        For a word to the person at the keyboard that is not part of the
        game's transcript.
        """
        self._stdout.flush()
        write_stderr(text + "\n", self._stderr)

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
        raise OutputError(CLOSED)
