"""The full-screen window of a table at another terminal (``--join``/``--watch --tui``).

A table's client receives the transcript its seat's console renders, not the
game itself, so this window shows what line mode shows, laid out for a full
screen: the transcript scrolls in the largest pane, what the client says
aside (the coaching, hints and news) in a pane under it, and the prompt
waiting for a line stands over the command line, where Enter sends the line
typed.  When the game ends the window stays, showing how, until Enter (or
Esc) closes it; Ctrl+C leaves the table at once.

The client runs in a thread of its own with its own event loop.  It writes
into the window through two `WindowStream` objects (its transcript and its
standard error) and reads the lines typed from `TypedLines`; this module
knows nothing of the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import threading
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Input, RichLog, Static

from common.language import N_, _
from common.process import write_stderr
from common.tui.cells import measure_as_terminals_do
from common.tui.screens import TableScreen


class TypedLines:
    """The lines typed at the window's command line, awaited by the client's loop.

    A line typed before the client asks for one waits for it.  A person types
    them and sees them (`is_terminal`): the client echoes none.
    """

    is_terminal = True
    """Lines typed by a person at a keyboard."""

    def __init__(self) -> None:
        """No line typed yet."""
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[str | None] | None = None
        self._early: list[str | None] = []

    def put(self, line: str | None) -> None:
        """Hand on `line` (None: input has ended), from any thread."""
        with self._lock:
            if self._loop is None or self._queue is None:
                self._early.append(line)
                return
            # RuntimeError: the client's loop has closed (it has ended).
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._queue.put_nowait, line)

    async def next(self) -> str | None:
        """Return the next line typed, or None once input has ended."""
        with self._lock:
            if self._queue is None:
                self._loop = asyncio.get_running_loop()
                self._queue = asyncio.Queue()
                for line in self._early:
                    self._queue.put_nowait(line)
                self._early.clear()
            queue = self._queue
        return await queue.get()


class WindowStream(io.TextIOBase):
    """A text stream into one pane of the window, written from the client's thread."""

    def __init__(self, write: Callable[[str], None]) -> None:
        """Hand each piece written to `write` (called from the writing thread)."""
        super().__init__()
        self._write = write

    def write(self, text: str) -> int:
        """Show `text` in the pane."""
        self._write(text)
        return len(text)

    def isatty(self) -> bool:
        """Not a terminal: a pane."""
        return False


class TableWindow(App[int]):
    """The window of a table played or watched from this terminal.

    Args:
        title: what the status line says: the game and the table's address.
        prog: the program's name, which starts each of the client's own
            messages (those after the last transcript, how the table ended,
            are printed again once the window closes).
    """

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # (said where shown: `TableScreen`)
        Binding("ctrl+c,ctrl+q", "leave", N_("Leave now"), priority=True),
        Binding("escape", "close", N_("Close"), show=False),
    ]

    def __init__(self, title: str, prog: str) -> None:
        """Open the window; the client starts once it is on screen (`play`)."""
        super().__init__()
        measure_as_terminals_do()
        self._heading = title
        self._prog_name = prog
        self.lines = TypedLines()
        """The lines typed here, for the client."""
        self.transcript = WindowStream(lambda text: self._from_client(text, False))
        """The client's transcript (its standard output)."""
        self.asides = WindowStream(lambda text: self._from_client(text, True))
        """What the client says aside (its standard error)."""
        self._unended: dict[bool, str] = {False: "", True: ""}
        self._client_run: Callable[[], int] | None = None
        self._client_stop: Callable[[], None] | None = None
        self._client_outcome: int | BaseException | None = None
        self._client_done = threading.Event()
        self.last_words: list[str] = []
        """The client's messages of its own (``stud: ...``) since the last
        transcript: how the table ended, printed again once the window closes."""

    def get_default_screen(self) -> TableScreen:
        """The window's screen, which says the keys in the language spoken."""
        return TableScreen(id="_default")

    def compose(self) -> ComposeResult:
        """The status line, the transcript, the asides, the prompt, the command line."""
        # Translators: help is the word typed for the rules, Ctrl+C the keys.
        yield Static(_("{title} · help: the rules · Ctrl+C leaves").format(
            title=self._heading), id="remote-status")
        # Lines wrap at the pane's width, however narrow (min_width: 78 else);
        # a long game keeps its latest lines only, as a terminal's scrollback.
        for pane, kept in (("remote-transcript", 10_000), ("remote-asides", 1_000)):
            yield RichLog(id=pane, wrap=True, markup=False, highlight=False,
                          min_width=1, max_lines=kept)
        yield Static("", id="remote-prompt")
        yield Input(placeholder=_("type a line, Enter sends it"), id="remote-line")

    def on_mount(self) -> None:
        """Start the client, in a thread of its own."""
        self.query_one("#remote-line", Input).focus()
        self.run_worker(self._client, thread=True, exit_on_error=False)

    def play(self, run: Callable[[], int], stop: Callable[[], None]) -> int:
        """Show the window while `run` plays; return its exit status.

        `stop` asks `run`, from another thread, to leave the table now.

        Raises:
            KeyboardInterrupt: when the person left with Ctrl+C.
            Exception: what `run` raised, once the window has closed.
        """
        self.attach(run, stop)
        status = self.run()
        if self._client_outcome is None and self._client_stop is not None:
            # The window closed some other way while the client still ran.
            self._client_stop()
            if not self._client_done.wait(5):
                return 1
        if isinstance(self._client_outcome, BaseException):
            raise self._client_outcome
        write_stderr("".join(f"{line}\n" for line in self.last_words))
        return status if status is not None else 0

    def attach(self, run: Callable[[], int], stop: Callable[[], None]) -> None:
        """Play `run` in the window once it is on screen (`play` without running it).

        `stop` asks `run`, from another thread, to leave the table now.
        """
        self._client_run, self._client_stop = run, stop

    def _client(self) -> None:
        assert self._client_run is not None
        try:
            outcome: int | BaseException = self._client_run()
        except BaseException as error:  # noqa: BLE001 - raised again by play
            outcome = error
        self._client_outcome = outcome
        self._client_done.set()
        if self.is_running:
            # RuntimeError: the window closed as the client ended.
            with contextlib.suppress(RuntimeError):
                self.call_from_thread(self._ended, outcome)

    def _ended(self, outcome: int | BaseException) -> None:
        if not isinstance(outcome, int) or outcome == 2:
            # Left, or never in (refused, or the table not there): close now.
            self.exit(outcome if isinstance(outcome, int) else 130)
            return
        self.query_one("#remote-prompt", Static).update(
            _("The table has ended: Enter or Esc closes the window."))
        self.query_one("#remote-line", Input).placeholder = ""

    def _from_client(self, text: str, aside: bool) -> None:
        # Called from the client's thread: shown by the window's.
        if self.is_running:
            # RuntimeError: the window has closed under the client.
            with contextlib.suppress(RuntimeError):
                self.call_from_thread(self._show, text, aside)

    def _show(self, text: str, aside: bool) -> None:
        pane = self.query_one("#remote-asides" if aside else "#remote-transcript",
                              RichLog)
        *lines, pending = (self._unended[aside] + text).split("\n")
        before = len(pane.lines)
        for line in lines:
            pane.write(Text(line), scroll_end=False)
            if not aside:
                self.last_words.clear()
            elif line.startswith(f"{self._prog_name}: "):
                self.last_words.append(line)
        # A block taller than the pane (the help) is shown from its start.
        height = pane.scrollable_content_region.height
        pane.scroll_to(y=min(before, max(len(pane.lines) - height, 0)), animate=False)
        self._unended[aside] = pending
        self._show_prompt()

    def _show_prompt(self) -> None:
        # The line not yet ended, of either pane, is the prompt waiting.
        prompt = self._unended[True] or self._unended[False]
        self.query_one("#remote-prompt", Static).update(Text(prompt))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the line typed; or, once the table has ended, close the window."""
        if self._client_outcome is not None:
            self.action_close()
            return
        line = event.value
        event.input.clear()
        # The line joins its prompt in the pane, as a terminal shows it.
        aside = bool(self._unended[True])
        pane = self.query_one("#remote-asides" if aside else "#remote-transcript",
                              RichLog)
        pane.write(Text(self._unended[aside] + line))
        self._unended[aside] = ""
        self._show_prompt()
        self.lines.put(line)

    def action_leave(self) -> None:
        """Leave the table at once (the computer takes the seat)."""
        if self._client_outcome is not None:
            self.action_close()
        elif self._client_stop is not None:
            self._client_stop()

    def action_close(self) -> None:
        """Close the window once the table has ended."""
        outcome = self._client_outcome
        if outcome is not None:
            self.exit(outcome if isinstance(outcome, int) else 130)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc closes only a window whose table has ended."""
        return action != "close" or self._client_outcome is not None

