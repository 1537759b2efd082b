"""The network side of a table server: connections, transcripts and limits.

A `Server` listens on one TCP port with asyncio streams, in a thread of its
own, and hands each connection to the table its hello names
(`common.net.hosting.HostedGame`), which runs the game in another thread.  What a
connection receives is a `Channel`: the transcript one console writes (a
seat's, or the watchers'), kept so that a player who comes back gets it
whole, and the prompt waiting for that seat's line.  A connection only ever
follows one channel, so a client receives nothing but the text its own
console rendered and the protocol's own messages (`docs/protocol.md`).

Every client is bounded: the size of a message, the messages it may send
that answer no prompt (a rate), the time to say hello, and how far behind it
may fall in reading.  A client past a bound is dropped; the others never
wait on it, since the game writes into channels and never into sockets.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from common.net.protocol import (
    MAX_MESSAGE,
    MAX_OUTPUT,
    PROTOCOL,
    Message,
    ProtocolError,
    decode,
    encode,
)


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds a server puts on its clients (the defaults suit play on a LAN)."""

    max_message: int = MAX_MESSAGE
    """The longest message a client may send, in bytes."""
    hello_timeout: float = 10.0
    """Seconds a new connection has to send its hello."""
    write_timeout: float = 30.0
    """Seconds a client may leave the server's messages unread before it is dropped."""
    max_buffered: int = 1 << 20
    """Bytes that may wait to go to one client before it is dropped."""
    max_connections: int = 256
    """Connections the server holds at once; more are refused."""
    max_watchers: int = 16
    """Watchers one table takes."""
    rate: float = 20.0
    """Messages a second a client may send that answer no prompt, on average."""
    burst: int = 40
    """How many such messages it may send at once."""
    keep: int = 1 << 22
    """Characters of each transcript kept for a player who comes back."""
    close_timeout: float = 5.0
    """Seconds a closing server waits for its clients to read their last messages."""
    send_buffer: int | None = None
    """The system's send buffer for each client, in bytes (None: the system's
    default, which grows as it needs to)."""


LINGER = 1.0
"""Seconds a dropped client has to read why before its connection is cut."""


class Refusal(Exception):
    """A hello the table refuses; the message says why, for the client to print."""


@dataclass
class Ask:
    """A prompt waiting for a seat's line."""

    number: int
    """The ask's number, unique at its table; the client's line names it."""
    prompt: str
    """The prompt the client prints before reading the line."""
    moves: list[str]
    """The lines that name a legal move now."""
    answer: str | None = None
    """The line the seat typed, once it has."""

    def message(self) -> Message:
        """Return the ``ask`` message."""
        return {"type": "ask", "ask": self.number, "prompt": self.prompt,
                "moves": self.moves}


class Channel:
    """A transcript as a console writes it, and the connections following it.

    Written by the game's thread, read by the server's; both hold `lock` (the
    table's).  Text is kept in chunks numbered from 0 (the oldest are dropped
    past `Limits.keep` characters); a connection's cursor is the number of
    the next chunk it has not been sent.
    """

    def __init__(self, server: Server, lock: threading.RLock) -> None:
        """Follow nothing yet; wake followers through `server`'s loop."""
        self._server = server
        self._lock = lock
        self._chunks: deque[str] = deque()
        self._first = 0
        self._kept = 0
        self._wake_due = False
        self.followers: list[Connection] = []
        """The connections sent this transcript."""
        self.ask: Ask | None = None
        """The prompt waiting for a line, if any (seat channels only)."""
        self.closed: str | None = None
        """Why the table closed (an ``end`` reason), once it has."""

    @property
    def end(self) -> int:
        """The number of the next chunk to be written."""
        return self._first + len(self._chunks)

    @property
    def first(self) -> int:
        """The number of the oldest chunk kept."""
        return self._first

    def write(self, text: str) -> None:
        """Add `text` to the transcript and send it on."""
        if not text:
            return
        with self._lock:
            self._append(text)
            self._wake()

    def _append(self, text: str) -> None:
        self._chunks.append(text)
        self._kept += len(text)
        while self._kept > self._server.limits.keep and len(self._chunks) > 1:
            self._kept -= len(self._chunks.popleft())
            self._first += 1

    def since(self, cursor: int) -> str:
        """Return the text from chunk `cursor` on (from the oldest kept, if gone)."""
        with self._lock:
            count = self.end - max(cursor, self._first)
            if count <= 0:
                return ""
            if count == len(self._chunks):
                return "".join(self._chunks)
            # A follower is most often near the end: walk back from there.
            parts = []
            for chunk in reversed(self._chunks):
                parts.append(chunk)
                if len(parts) == count:
                    break
            return "".join(reversed(parts))

    def set_ask(self, ask: Ask | None) -> None:
        """Put up `ask` (None: take the waiting prompt down)."""
        with self._lock:
            self.ask = ask
            self._wake()

    def answer(self, connection: Connection, ask: Ask, line: str) -> None:
        """Take `line` as the answer to `ask`, typed at `connection`.

        The client has shown the prompt and the line already: they join the
        transcript (for a client that comes back) without being sent again.
        """
        with self._lock:
            caught_up = connection.cursor == self.end
            self._append(ask.prompt + line + "\n")
            if caught_up:
                connection.cursor = self.end
            connection.ask_sent = None
            ask.answer = line
            self.ask = None
            self._wake()

    def follow(self, connection: Connection) -> None:
        """Send `connection` this transcript, from its oldest kept text on."""
        with self._lock:
            connection.channel = self
            connection.cursor = self._first
            connection.ask_sent = None
            self.followers.append(connection)
            self._wake()

    def unfollow(self, connection: Connection) -> None:
        """Send `connection` no more."""
        with self._lock:
            if connection in self.followers:
                self.followers.remove(connection)
            if connection.channel is self:
                connection.channel = None

    def close(self, reason: str) -> None:
        """End the transcript: followers get the rest of it, then ``end``."""
        with self._lock:
            if self.closed is None:
                self.closed = reason
                self.ask = None
                self._wake()

    def take(self, connection: Connection) -> tuple[list[Message], bool]:
        """Return the messages due to `connection`, and whether they end it.

        Its own messages come first, then a ``cancel`` for a prompt taken
        down, the new text, the waiting prompt, and ``end`` once closed.
        """
        with self._lock:
            messages = list(connection.control)
            connection.control.clear()
            if connection.ask_sent is not None and (
                    self.ask is None or self.ask.number != connection.ask_sent):
                messages.append({"type": "cancel", "ask": connection.ask_sent})
                connection.ask_sent = None
            text = self.since(connection.cursor)
            connection.cursor = self.end
            for start in range(0, len(text), MAX_OUTPUT):
                messages.append({"type": "output",
                                 "text": text[start:start + MAX_OUTPUT]})
            if self.ask is not None and connection.ask_sent != self.ask.number:
                messages.append(self.ask.message())
                connection.ask_sent = self.ask.number
            finished = self.closed is not None
            if finished:
                messages.append({"type": "end", "reason": self.closed})
            return messages, finished

    def _wake(self) -> None:
        # One wake-up of the loop per batch of writes, however many there are.
        if not self._wake_due and self.followers:
            self._wake_due = True
            self._server.call_soon(self._wake_followers)

    def _wake_followers(self) -> None:
        with self._lock:
            self._wake_due = False
            followers = list(self.followers)
        for connection in followers:
            connection.wake()


class Host(Protocol):
    """What a server needs of a table (`common.net.hosting.HostedGame`)."""

    game: str
    """The game's program name (``bigtwo``): a client's hello must name it."""

    def admit(self, connection: Connection, hello: Message) -> None:
        """Seat `connection` as its hello asks, or watch; send it ``welcome``.

        Raises:
            Refusal: when the table will not have it.
            common.net.protocol.ProtocolError: when the hello breaks the protocol.
        """

    def receive(self, connection: Connection, message: Message) -> bool:
        """Act on a message after the hello; return whether it answered a prompt.

        Raises:
            common.net.protocol.ProtocolError: for a message the connection is
                dropped for.
        """

    def lost(self, connection: Connection) -> None:
        """`connection` is gone (closed, dropped, or it left)."""

    def close(self, reason: str) -> None:
        """End the table: every client is told `reason`."""


class Goodbye(Exception):
    """A client said it leaves: its connection closes without an error."""


class Connection:
    """One client's connection: its reader loop, its sender, its bounds."""

    def __init__(self, server: Server, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        """Serve the client on `reader` and `writer`."""
        self._server = server
        self._reader = reader
        self._writer = writer
        self._wake_event = asyncio.Event()
        self._tokens = float(server.limits.burst)
        self._refilled = time.monotonic()
        self._sender: asyncio.Task[None] | None = None
        self.control: deque[Message] = deque()
        """Messages for this client alone, sent before its channel's."""
        self.channel: Channel | None = None
        """The transcript it follows (set by `Channel.follow`)."""
        self.cursor = 0
        """The next chunk of its channel it has not been sent."""
        self.ask_sent: int | None = None
        """The number of the prompt it was sent and has not answered."""
        self.table: Host | None = None
        """Its table, once its hello is taken."""
        self.seat: int | None = None
        """Its seat (None for a watcher)."""
        self.dropped = False
        """Whether the server has dropped it."""

    def send(self, message: Message) -> None:
        """Send `message` to this client alone (from the server's loop)."""
        if not self.dropped:
            self.control.append(message)
            self.wake()

    def wake(self) -> None:
        """Have the sender look for messages due (from the server's loop)."""
        self._wake_event.set()

    def drop(self, reason: str | None = None) -> None:
        """Close the connection; with a `reason`, tell the client first.

        The client is given a second to read why (its end is shut after the
        message, then the connection is cut); without a reason it is cut now.
        """
        transport = self._writer.transport
        if self.dropped or transport.is_closing():
            transport.abort()
            return
        self.dropped = True
        if reason is None or not transport.can_write_eof():
            transport.abort()
            return
        with contextlib.suppress(Exception):
            # What was already due to it goes first, then why it is dropped.
            for message in [*self.control, {"type": "error", "text": reason}]:
                self._writer.write(encode(message))
            self.control.clear()
            transport.write_eof()
        asyncio.get_running_loop().call_later(LINGER, transport.abort)

    async def serve(self) -> None:
        """Take the hello, then the client's messages until it goes."""
        limits = self._server.limits
        try:
            try:
                hello = await asyncio.wait_for(self._read(), limits.hello_timeout)
            except asyncio.TimeoutError:
                self.drop("no hello in time")
                return
            if hello is None:
                return
            try:
                self._server.admit(self, hello)
            except (Refusal, ProtocolError) as refusal:
                await self._refuse(str(refusal))
                return
            self._sender = asyncio.create_task(self._send_loop())
            while True:
                message = await self._read()
                if message is None or self.dropped:
                    return
                self._count()
                assert self.table is not None
                if self.table.receive(self, message):
                    self._tokens = min(self._tokens + 1, limits.burst)
        except Goodbye:
            pass
        except ProtocolError as error:
            self.drop(str(error))
        except (ConnectionError, OSError):
            pass
        finally:
            if self.table is not None:
                self.table.lost(self)
            if self._sender is not None and not self._sender.done():
                if self.channel is None or self.channel.closed is None:
                    self._sender.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await self._sender
                else:
                    # The table has ended: let the last messages go out.
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(self._sender, limits.close_timeout)
            if self.dropped:
                pass  # cut once the client has had time to read why
            elif self._writer.transport.get_write_buffer_size():
                self._writer.transport.abort()  # a client not reading: no waiting on it
            else:
                self._writer.close()

    async def _read(self) -> Message | None:
        try:
            raw = await self._reader.readline()
        except ValueError:
            # asyncio's limit: the line was longer than a message may be.
            raise ProtocolError(f"a message is at most "
                                f"{self._server.limits.max_message} bytes") from None
        if not raw:
            return None
        if not raw.endswith(b"\n"):
            return None  # the connection closed halfway through a message
        return decode(raw)

    def _count(self) -> None:
        limits = self._server.limits
        now = time.monotonic()
        self._tokens = min(self._tokens + (now - self._refilled) * limits.rate,
                           limits.burst)
        self._refilled = now
        self._tokens -= 1
        if self._tokens < 0:
            raise ProtocolError("too many messages")

    async def _refuse(self, reason: str) -> None:
        self._writer.write(encode({"type": "refused", "reason": reason,
                                   "protocol": PROTOCOL}))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer.drain(),
                                   self._server.limits.hello_timeout)

    async def _send_loop(self) -> None:
        limits = self._server.limits
        transport = self._writer.transport
        try:
            while True:
                await self._wake_event.wait()
                self._wake_event.clear()
                if self.dropped:
                    return
                if self.channel is None:
                    messages, finished = list(self.control), False
                    self.control.clear()
                else:
                    messages, finished = self.channel.take(self)
                for message in messages:
                    self._writer.write(encode(message))
                if transport.get_write_buffer_size() > limits.max_buffered:
                    self.drop()
                    return
                await asyncio.wait_for(self._writer.drain(), limits.write_timeout)
                if finished:
                    self._writer.close()
                    return
        except (asyncio.TimeoutError, ConnectionError, OSError, RuntimeError):
            # RuntimeError: written to after the connection was shut.
            self.drop()


class Server:
    """A TCP listener for tables, its asyncio loop in a thread of its own.

    Args:
        host: the address to listen on (``127.0.0.1``: this machine only).
        port: the port (0: a free one, which `start` returns).
        limits: the bounds on every client.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0,
                 limits: Limits | None = None) -> None:
        """Listen on `host`:`port` once started."""
        self._host = host
        self._port = port
        self.limits = limits if limits is not None else Limits()
        """The bounds on every client."""
        self._tables: dict[str, Host] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def add(self, table: Host, name: str = "") -> None:
        """Serve `table` to clients whose hello names `name` (or none, if alone)."""
        self._tables[name] = table

    def start(self) -> tuple[str, int]:
        """Start listening; return the address and port listened on.

        Raises:
            OSError: when the address cannot be listened on.
        """
        ready: concurrent.futures.Future[tuple[str, int]] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True,
                                        name="cardgames-server")
        self._thread.start()
        return ready.result()

    def _run(self, ready: concurrent.futures.Future[tuple[str, int]]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            try:
                self._listener = loop.run_until_complete(asyncio.start_server(
                    self._accept, self._host, self._port,
                    limit=self.limits.max_message))
            except BaseException as error:
                ready.set_exception(error)
                return
            address = self._listener.sockets[0].getsockname()
            self._loop = loop
            ready.set_result((str(address[0]), int(address[1])))
            loop.run_forever()
            # Stopped: finish what is left (connections cut, senders ending).
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            if tasks:
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        finally:
            loop.close()

    def call_soon(self, callback: Callable[..., Any], *args: Any) -> None:
        """Run `callback(*args)` in the server's loop (from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop has just closed
            loop.call_soon_threadsafe(callback, *args)

    async def _accept(self, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        if self.limits.send_buffer is not None:
            sock = writer.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF,
                                self.limits.send_buffer)
        connection = Connection(self, reader, writer)
        if len(self._connections) >= self.limits.max_connections:
            await connection._refuse("the server is busy: too many connections")
            writer.close()
            return
        self._connections.add(connection)
        try:
            await connection.serve()
        finally:
            self._connections.discard(connection)

    def admit(self, connection: Connection, hello: Message) -> None:
        """Hand `connection` to the table its hello names.

        Raises:
            Refusal: for a hello of another protocol, game or table.
            common.net.protocol.ProtocolError: for one that is not a hello.
        """
        if hello.get("type") != "hello":
            raise Refusal("the first message is a hello")
        version = hello.get("protocol")
        if version != PROTOCOL:
            raise Refusal(f"this table speaks protocol {PROTOCOL}, the client "
                          f"{version!r}: use the same version of cardgames")
        name = hello.get("table")
        if name is None and len(self._tables) == 1:
            table = next(iter(self._tables.values()))
        elif isinstance(name, str) and name in self._tables:
            table = self._tables[name]
        else:
            raise Refusal("no such table")
        game = hello.get("game")
        if game != table.game:
            raise Refusal(f"this table plays {table.game}, not {str(game)[:20]}")
        connection.table = table
        try:
            table.admit(connection, hello)
        except BaseException:
            connection.table = None
            raise

    def close(self, timeout: float | None = None) -> None:
        """Stop listening, give clients `timeout` seconds to read the end, and stop.

        Close the tables first (`common.net.hosting.HostedGame.close`), so that every
        client has been told.  Safe to call more than once, from any thread
        but the server's.
        """
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or loop.is_closed():
            return
        wait = self.limits.close_timeout if timeout is None else timeout
        try:
            done = asyncio.run_coroutine_threadsafe(self._shutdown(wait), loop)
            done.result(wait + 5)
        except (RuntimeError, concurrent.futures.TimeoutError):
            pass
        finally:
            self.call_soon(loop.stop)
            thread.join(5)
            self._loop = None

    async def _shutdown(self, wait: float) -> None:
        if self._listener is not None:
            self._listener.close()
        deadline = time.monotonic() + wait
        while self._connections and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        for connection in list(self._connections):
            connection.drop()
        await asyncio.sleep(0)

