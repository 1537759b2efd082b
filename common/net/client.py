"""The client of a table: ``--join`` takes a seat, ``--watch`` follows the game.

A client prints what the table sends it, as it comes: the transcript its
seat's console renders on the server (the same text local play with
``--show SEAT`` prints), and, when the table asks it for a line, the prompt;
then it reads the line from standard input (echoed when input is piped, as
local play echoes it) and sends it.  News from the table (who joined, who
lost the connection) goes to standard error.  Standard input is read only
when the table asks, without blocking the connection, so a prompt the table
takes down (a turn timed out) or the table's end reach the player at once.

Exit statuses follow local play: 0 when the game ends, 1 when input ends
first (the seat is left, and the table says so), the connection is lost or
the table closes before the end, 2 when the table cannot be reached or
refuses the client (a wrong password, a full table), 130 on Ctrl-C (the seat
is left).  Each is one line on standard error.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import threading
import time
from typing import Any, Protocol, TextIO

from common.console.console import asks_for_help
from common.console.lines import decode_java, find_line_end
from common.console.terminal import EndOfInput, Terminal
from common.language import _
from common.net.protocol import (
    MAX_LINE,
    MAX_SERVER_MESSAGE,
    PROTOCOL,
    Message,
    ProtocolError,
    clean_line,
    decode,
    encode,
    join_address,
    printable,
)
from common.process import write_stderr

CONNECT_TIMEOUT = 10.0
"""Seconds to reach the table and hear its answer to the hello."""

SILENCE = 60.0
"""Seconds without a message after which the table is taken as lost (a
table sends a ``ping`` every 15 seconds of silence)."""

_READ_SIZE = 1 << 16
_KEEP = 4 * MAX_LINE  # bytes of a line kept: at least MAX_LINE characters


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class Lines(Protocol):
    """Where a client's lines come from: standard input, or a window's command line."""

    @property
    def is_terminal(self) -> bool:
        """Whether a person types them at a keyboard, and sees them as typed."""

    async def next(self) -> str | None:
        """Return the next line, or None when input has ended."""


class LineReader:
    """Reads lines from a file descriptor without blocking the event loop.

    A line is split and decoded as local play reads one (`common.console.lines`, as
    Java's ``Scanner`` does): without its line end (CR LF, LF, a lone CR,
    U+0085, U+2028 or U+2029), bytes that are not UTF-8 as U+FFFD where Java
    puts one; past `MAX_LINE` characters the rest of a line is dropped.  A
    pipe or a terminal is waited on by the loop; a regular file, which is
    always ready, is read at once.
    """

    def __init__(self, fd: int | None) -> None:
        """Read from `fd` (None: input has ended already)."""
        self._fd = fd
        self._buffer = bytearray()
        self._ended = fd is None
        self._skipping = False
        self._pollable = True
        # A line ended at a CR last in the buffer: an LF next is its CR LF.
        self._after_cr = False

    @property
    def is_terminal(self) -> bool:
        """Whether the lines come from a terminal (which echoes them itself)."""
        return self._fd is not None and os.isatty(self._fd)

    async def next(self) -> str | None:
        """Return the next line, or None when input has ended."""
        while True:
            if self._after_cr and self._buffer:
                self._after_cr = False
                if self._buffer[:1] == b"\n":
                    del self._buffer[:1]
            found = find_line_end(bytes(self._buffer), 0)
            if found is not None:
                begin, end = found
                raw = bytes(self._buffer[:begin])
                self._after_cr = (end == len(self._buffer)
                                  and self._buffer[begin:end] == b"\r")
                del self._buffer[:end]
                if self._skipping:
                    self._skipping = False
                    continue
                return self._text(raw)
            if self._ended:
                if not self._buffer or self._skipping:
                    self._buffer.clear()
                    return None
                raw = bytes(self._buffer)
                self._buffer.clear()
                return self._text(raw)
            if len(self._buffer) > _KEEP and not self._skipping:
                # An endless line: keep its start, drop the rest as it comes.
                raw = bytes(self._buffer[:_KEEP])
                self._buffer.clear()
                self._skipping = True
                return self._text(raw)
            if self._skipping:
                self._buffer.clear()
            chunk = await self._read()
            if chunk:
                self._buffer += chunk
            else:
                self._ended = True

    @staticmethod
    def _text(raw: bytes) -> str:
        return clean_line(decode_java(raw))

    async def _read(self) -> bytes:
        fd = self._fd
        assert fd is not None
        while True:
            if self._pollable:
                loop = asyncio.get_running_loop()
                ready: asyncio.Future[None] = loop.create_future()
                try:
                    loop.add_reader(fd, _settle, ready)
                except (OSError, ValueError, NotImplementedError):
                    self._pollable = False  # a regular file: always ready
                else:
                    try:
                        await ready
                    finally:
                        loop.remove_reader(fd)
            try:
                return os.read(fd, _READ_SIZE)
            except BlockingIOError:
                continue
            except OSError:
                return b""  # a terminal that has gone away (EIO) sends no more


class Client:
    """One player's or watcher's connection to a table.

    Args:
        prog: the program's name, which starts every message on standard error.
        game: the game the client plays (the table must play it too).
        host: the table's host.
        port: the table's port.
        role: ``play`` or ``watch``.
        password: the table's password.
        name: the name to take at the table.
        seat: the seat asked for (None: the first free one).
        token: the token of a seat to take back.
        terminal: where the transcript goes.
        stdin_fd: where the lines come from (None: input has ended).
        lines: where they come from instead (a full-screen window's).
        stderr: where the messages go.
        interactive: whether the output is a terminal: news then never
            breaks into a prompt's line.
        silence: seconds without a word from the table before it is taken
            as lost.
    """

    def __init__(self, prog: str, game: str, host: str, port: int, *, role: str,
                 password: str, name: str | None = None, seat: int | None = None,
                 token: str | None = None, terminal: Terminal,
                 stdin_fd: int | None = None, lines: Lines | None = None,
                 stderr: TextIO | None = None,
                 interactive: bool = False, silence: float = SILENCE) -> None:
        """Get ready to connect to the table at `host`:`port`."""
        self._prog = prog
        self._game = game
        self._host = host
        self._port = port
        self._address = join_address(host, port)
        self._role = role
        self._password = password
        self._name = name
        self._seat = seat
        self._token = token
        self._terminal = terminal
        self._lines: Lines = LineReader(stdin_fd) if lines is None else lines
        self._stderr = stderr  # None: the process's own, whatever it is then
        self._interactive = interactive
        self._silence = silence
        self._writer: asyncio.StreamWriter | None = None
        self._welcome: Message = {}
        self._playing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._stopping = False
        self._stop_lock = threading.Lock()

    def run(self) -> int:
        """Connect, play or watch until the table ends; return the exit status.

        Raises:
            common.console.terminal.EndOfInput: when input ended at a prompt (the
                seat was left).
            KeyboardInterrupt: on Ctrl-C (the seat was left).
        """
        outcome = asyncio.run(self._main())
        if outcome == "input ended":
            raise EndOfInput
        if outcome == "interrupted":
            raise KeyboardInterrupt
        assert isinstance(outcome, int)
        return outcome

    def _say(self, text: str) -> None:
        # Text from the network is in it: printed only through the sanitiser.
        self._terminal.flush()
        write_stderr(f"{self._prog}: {printable(text)}\n", self._stderr)

    def _aside(self, text: str) -> None:
        # What the seat's console prints aside (Big Two's hints), as local play.
        self._terminal.flush()
        write_stderr(printable(text), self._stderr)

    def stop(self) -> None:
        """Leave the table as Ctrl-C does; from any thread (a window's)."""
        with self._stop_lock:
            self._stopping = True
            if self._loop is not None and self._stop is not None:
                self._loop.call_soon_threadsafe(_settle, self._stop)

    async def _main(self) -> int | str:
        loop = asyncio.get_running_loop()
        stop: asyncio.Future[None] = loop.create_future()
        with self._stop_lock:
            self._loop, self._stop = loop, stop
            if self._stopping:
                stop.set_result(None)
        handled = False
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, _settle, stop)
            handled = True
        try:
            return await self._connect_and_play(stop)
        finally:
            if handled:
                loop.remove_signal_handler(signal.SIGINT)
            if self._writer is not None:
                self._writer.transport.abort()

    async def _until(self, stop: asyncio.Future[None], awaitable: Any,
                     timeout: float | None = None) -> Any:
        task = asyncio.ensure_future(awaitable)
        done, _pending = await asyncio.wait({task, stop}, timeout=timeout,
                                            return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            return task.result()
        task.cancel()
        if stop.done():
            raise KeyboardInterrupt
        raise asyncio.TimeoutError

    async def _connect_and_play(self, stop: asyncio.Future[None]) -> int | str:
        try:
            reader, self._writer = await self._until(stop, asyncio.open_connection(
                self._host, self._port, limit=MAX_SERVER_MESSAGE), CONNECT_TIMEOUT)
        except KeyboardInterrupt:
            return "interrupted"
        except (OSError, UnicodeError, asyncio.TimeoutError) as error:
            reason = (getattr(error, "strerror", None) or str(error)
                      or _("no answer in time"))
            self._say(_("cannot reach {address}: {reason}").format(
                address=self._address, reason=reason))
            return 2
        hello: Message = {"type": "hello", "protocol": PROTOCOL, "game": self._game,
                          "role": self._role, "password": self._password}
        if self._lines.is_terminal:
            # Coach this player aside, as local play coaches a person.
            hello["keyboard"] = True
        for key, value in (("name", self._name), ("seat", self._seat),
                           ("token", self._token)):
            if value is not None:
                hello[key] = value
        try:
            self._writer.write(encode(hello))
            first = await self._until(stop, self._read(reader), CONNECT_TIMEOUT)
        except KeyboardInterrupt:
            return "interrupted"
        except (OSError, asyncio.TimeoutError, ProtocolError):
            first = None
        if first is not None and first.get("type") == "refused":
            self._say(_("the table at {address} refused: {reason}").format(
                address=self._address, reason=str(first.get("reason"))[:200]))
            return 2
        if first is None or first.get("type") != "welcome":
            self._say(_("no cardgames table answered at {address}").format(
                address=self._address))
            return 2
        self._welcome = first
        if self._role == "play":
            # Translators: --token is the option (left as it is).
            self._say(_("you are Player {seat} at {address}; if the connection is "
                        "lost, come back within {grace} s with --token {token}").format(
                            seat=first.get("seat"), address=self._address,
                            grace=first.get("grace"), token=first.get("token")))
        else:
            self._say(_("watching the table at {address}").format(
                address=self._address))
        return await self._session(reader, stop)

    async def _read(self, reader: asyncio.StreamReader) -> Message | None:
        try:
            raw = await reader.readline()
        except ValueError:
            raise ProtocolError("a message from the table is too long") from None
        except OSError:
            return None
        if not raw.endswith(b"\n"):
            return None
        return decode(raw)

    def _send(self, message: Message) -> None:
        if self._writer is not None and not self._writer.is_closing():
            with contextlib.suppress(OSError):
                self._writer.write(encode(message))

    async def _leave(self) -> None:
        self._send({"type": "leave"})
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._writer.drain(), 2)

    async def _session(self, reader: asyncio.StreamReader,
                       stop: asyncio.Future[None]) -> int | str:
        terminal = self._terminal
        asked: int | None = None
        prompt = ""
        shown_help: str | None = None  # what help shows at the prompt asked
        aside = False  # whether the prompt asked is a question aside
        reading: asyncio.Task[str | None] | None = None
        receiving = asyncio.ensure_future(self._read(reader))
        left = False
        heard = time.monotonic()
        try:
            while True:
                waiting: set[asyncio.Future[Any]] = {receiving, stop}
                if reading is not None:
                    waiting.add(reading)
                await asyncio.wait(waiting, timeout=heard + self._silence
                                   - time.monotonic(),
                                   return_when=asyncio.FIRST_COMPLETED)
                if not receiving.done() and time.monotonic() - heard >= self._silence:
                    # A host frozen (or a network gone) says nothing, not even ping.
                    self._terminal.end_line()
                    self._say(_("the table at {address} stopped answering").format(
                        address=self._address))
                    return 1
                if stop.done():
                    left = True
                    await self._leave()
                    return "interrupted"
                if reading is not None and reading.done():
                    line, reading = reading.result(), None
                    if line is None:
                        left = True
                        await self._leave()
                        return "input ended"
                    if asked is not None and shown_help is not None \
                            and asks_for_help(line):
                        # Help is no move: shown here, and the prompt comes again.
                        self._aside(shown_help + "\n")
                        self._show_prompt(prompt, aside)
                        reading = asyncio.ensure_future(self._lines.next())
                    elif asked is not None:
                        if not self._lines.is_terminal:
                            terminal.write(line + "\n")  # as local play echoes it
                        terminal.flush()
                        self._send({"type": "line", "ask": asked, "text": line})
                        asked = None
                if not receiving.done():
                    continue
                try:
                    message = receiving.result()
                except ProtocolError:
                    self._say(_("the table at {address} broke the protocol").format(
                        address=self._address))
                    return 1
                if message is None:
                    self._lost()
                    return 1
                receiving = asyncio.ensure_future(self._read(reader))
                heard = time.monotonic()
                kind = message.get("type")
                if kind == "output":
                    self._playing = True
                    terminal.write(printable(str(message.get("text", ""))))
                    terminal.flush()
                elif kind == "ask":
                    asked = message.get("ask")
                    prompt = printable(str(message.get("prompt", "")))
                    help_text = message.get("help")
                    shown_help = printable(help_text) if isinstance(help_text, str) \
                        else None
                    aside = message.get("aside") is True
                    self._show_prompt(prompt, aside)
                    if reading is None:
                        reading = asyncio.ensure_future(self._lines.next())
                elif kind == "cancel":
                    if asked is not None and message.get("ask") == asked:
                        asked = None
                        if reading is not None:
                            reading.cancel()
                            reading = None
                        terminal.end_line()
                elif kind == "aside":
                    self._aside(str(message.get("text", "")))
                elif kind in ("notice", "error"):
                    text = str(message.get("text", ""))[:500]
                    if kind == "error":
                        text = _("the table says: {text}").format(text=text)
                    self._news(text, prompt if asked is not None else None, aside)
                elif kind == "end":
                    left = True
                    terminal.flush()
                    reason = str(message.get("reason"))[:100]
                    if reason == "over":
                        return 0
                    if reason == "left":  # the player typed quit
                        self._say(_("you left the table; the computer plays your seat"))
                        return 0
                    # Translators: {reason} is the table's reason, in English
                    # (interrupted, terminated...).
                    self._say(_("the table closed before the game was over "
                                "({reason})").format(reason=reason))
                    return 1
        finally:
            receiving.cancel()
            if reading is not None:
                reading.cancel()
            if not left:
                # Output failed, say: leave the seat rather than hold it.
                with contextlib.suppress(Exception):
                    await self._leave()

    def _show_prompt(self, prompt: str, aside: bool) -> None:
        # A question aside from the game goes where the coaching goes.
        if aside:
            self._aside(prompt)
        else:
            self._terminal.write(prompt)
            self._terminal.flush()

    def _news(self, text: str, prompt: str | None, aside: bool) -> None:
        # At a keyboard, news mid-prompt goes on a line of its own, and the
        # prompt is shown again below it; so it does mid-question, wherever
        # the output goes (the question shares standard error with the news).
        at_prompt = prompt is not None and (self._interactive or aside)
        if at_prompt and aside:
            self._aside("\n")
        elif at_prompt:
            self._terminal.end_line()
        self._say(text)
        if at_prompt and prompt is not None:
            self._show_prompt(prompt, aside)

    def _lost(self) -> None:
        self._terminal.end_line()
        self._say(_("lost the connection to {address}").format(address=self._address))
        token = self._welcome.get("token")
        # Before the game begins a lost seat is freed: there is nothing to take back.
        if self._role == "play" and token and self._playing:
            # Translators: --join and --token are the options (left as they are).
            self._say(_("come back within {grace} s with --join {address} --token "
                        "{token} (and the password)").format(
                            grace=self._welcome.get("grace"), address=self._address,
                            token=token))


class Bot:
    """A client that plays a seat by itself: for load tests and benchmarks.

    At each prompt it types one of the lines the ``ask`` offers as legal
    moves (never ``quit``), drawn from its generator, and it times each:
    from sending the line to the table's next message, which answers it.

    Args:
        host: the table's host.
        port: the table's port.
        game: the game the table plays.
        password: the table's password.
        table: the table's name at a server of many (None: the only one).
        role: ``play``, or ``watch`` to follow the game only.
        seed: seeds the bot's choices.
        keep: whether to keep every byte received (`received`).
        reconnect_after: leave the connection after that many moves, and
            take the seat back with its token at once (None: never).
    """

    def __init__(self, host: str, port: int, game: str, password: str, *,
                 table: str | None = None, role: str = "play",
                 seed: int | None = None, keep: bool = False,
                 reconnect_after: int | None = None) -> None:
        """Get ready to play at the table at `host`:`port`."""
        self._address = (host, port)
        self._hello: Message = {"type": "hello", "protocol": PROTOCOL, "game": game,
                                "role": role, "password": password}
        if table is not None:
            self._hello["table"] = table
        self._rng = random.Random(seed)
        self._keep = keep
        self._reconnect_after = reconnect_after
        self.received = bytearray()
        """Every byte received, in order (when kept)."""
        self.latencies: list[float] = []
        """Seconds from each line sent to the table's next message."""
        self.moves = 0
        """Lines sent."""
        self.end: str | None = None
        """The table's end reason, once it has ended."""

    async def run(self) -> str | None:
        """Play until the table ends; return its end reason (None: cut off).

        Raises:
            ConnectionError: when the table refuses the bot.
        """
        reader, writer = await self._connect(self._hello)
        sent = 0.0
        try:
            while True:
                raw = await reader.readline()
                if sent:
                    self.latencies.append(time.perf_counter() - sent)
                    sent = 0.0
                if self._keep:
                    self.received += raw
                if not raw.endswith(b"\n"):
                    return None
                message = decode(raw)
                kind = message["type"]
                if kind == "end":
                    self.end = str(message.get("reason"))
                    return self.end
                if kind != "ask":
                    continue
                if self.moves == self._reconnect_after:
                    writer.close()
                    reader, writer = await self._connect(self._hello)
                    self._reconnect_after = None
                    continue
                moves = [move for move in message["moves"] if move != "quit"]
                line = self._rng.choice(moves) if moves else "quit"
                writer.write(encode({"type": "line", "ask": message["ask"],
                                     "text": line}))
                sent = time.perf_counter()
                self.moves += 1
        finally:
            writer.close()

    async def _connect(self, hello: Message) -> tuple[asyncio.StreamReader,
                                                      asyncio.StreamWriter]:
        reader, writer = await asyncio.open_connection(
            *self._address, limit=MAX_SERVER_MESSAGE)
        writer.write(encode(hello))
        raw = await reader.readline()
        if self._keep:
            self.received += raw
        answer = decode(raw) if raw.endswith(b"\n") else {}
        if answer.get("type") != "welcome":
            writer.close()
            why = answer.get('reason') or answer.get('text')
            raise ConnectionError(f"refused: {why}")
        if "token" in answer:
            hello["token"] = answer["token"]
            hello.pop("seat", None)
        return reader, writer
