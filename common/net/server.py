"""The network side of a table server: connections, transcripts and limits.

A `Server` listens on one TCP port with asyncio streams, in a thread of its
own, and hands each connection to the table its hello names
(`common.net.hosting.HostedGame`), whose game is a task of the same loop.  What a
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

import array
import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import math
import socket
import struct
import threading
import time
import zlib
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from common.language import _, ngettext
from common.net.protocol import (
    MAX_MESSAGE,
    MAX_OUTPUT,
    PROTOCOL,
    Message,
    ProtocolError,
    decode,
    encode_all,
    field,
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds a server puts on its clients (the defaults suit play on a LAN)."""

    max_message: int = MAX_MESSAGE
    """The longest message a client may send, in bytes, its newline included."""
    hello_timeout: float = 3.0
    """Seconds a new connection has to send its hello."""
    write_timeout: float = 30.0
    """Seconds a client may leave the server's messages unread before it is dropped."""
    max_buffered: int = 1 << 20
    """Bytes that may wait to go to one client before it is dropped."""
    max_connections: int = 256
    """Connections the server admits at once (past their hello); more are
    refused, but a hello with a seat's token is always admitted."""
    max_strangers: int = 64
    """Connections not yet past their hello that the server holds at once; a
    new one past that drops the oldest (of the address holding the most)."""
    max_strangers_per_address: int = 16
    """Such connections one address holds at once; a new one past that drops
    that address's oldest."""
    max_watchers: int = 16
    """Watchers one table takes."""
    watch_rate: float = 1.0
    """Watchers a second a table takes, on average; more are refused."""
    watch_burst: int = 8
    """How many watchers it takes at once."""
    rate: float = 20.0
    """Messages a second a client may send that answer no prompt, on average."""
    burst: int = 40
    """How many such messages it may send at once."""
    keep: int = 1 << 22
    """Characters of each seat's transcript kept for a player who comes back
    (all but the latest `HOT` of them compressed)."""
    watch_keep: int = 1 << 16
    """Characters of the watchers' transcript a watcher joining is sent: the
    recent tail, never the whole game, and all that is kept of it."""
    close_timeout: float = 5.0
    """Seconds a closing server waits for its clients to read their last messages."""
    send_buffer: int | None = 1 << 16
    """The system's send buffer for each client, in bytes (None: the system's
    default, which grows as it needs to, to megabytes the server cannot see)."""
    keepalive: float = 15.0
    """Seconds of silence after which a client is sent a ``ping``."""


try:  # the bytes the system holds unsent for a socket (Linux's SIOCOUTQ)
    import fcntl
    import termios

    _OUTQ: int | None = termios.TIOCOUTQ
except (ImportError, AttributeError):  # pragma: no cover - not on Linux
    _OUTQ = None

LINGER = 1.0
"""Seconds a dropped client has to read why before its connection is cut."""

YOUNG = 0.25
"""Seconds a new connection is given for its hello before it may be dropped
to make room for another."""

BACKLOG = 1024
"""Connections the system may queue before the server accepts them."""

MAX_ADDRESSES = 4096
"""Addresses whose wrong passwords the server remembers."""

FREE_TRIES = 3
"""Wrong passwords an address may give before it backs off."""

MAX_BACKOFF = 60.0
"""The longest an address waits between tries of a password."""


FORGET_FAILURES = 600.0
"""Seconds after its last wrong password that an address starts afresh.  A
right password does not wipe the count: another client behind the same
address (a shared router) would otherwise give a guesser its free tries
again."""

LOG = logging.getLogger("cardgames.net")
"""Where the server notes what it keeps off the host's terminal (at debug
level: ``logging.basicConfig(level=logging.DEBUG)`` shows it)."""


def _log_loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    # An error no task of the server's caught (a client's socket failing as
    # it closes, say): for a developer, never the host's terminal.
    LOG.debug("event loop: %s", context.get("message", "an error"),
              exc_info=context.get("exception"))


def backoff(failures: int) -> float:
    """Return the seconds an address waits after `failures` wrong passwords.

    No wait after fewer than `FREE_TRIES` (typos); after that many, 1 second,
    then 2, 4... up to `MAX_BACKOFF`.
    """
    if failures < FREE_TRIES:
        return 0.0
    return min(2.0 ** (failures - FREE_TRIES), MAX_BACKOFF)


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
    help: str | None = None
    """What ``help`` (or ``?``) shows at this prompt, for a client at a keyboard
    to show itself (None: the line goes to the table, as any other)."""
    aside: bool = False
    """Whether it is a question aside from the game (``Pass? [y/N] ``), which
    the transcript does not hold."""
    answer: str | None = None
    """The line the seat typed, once it has."""

    def message(self) -> Message:
        """Return the ``ask`` message."""
        message: Message = {"type": "ask", "ask": self.number, "prompt": self.prompt,
                            "moves": self.moves}
        if self.help is not None:
            message["help"] = self.help
        if self.aside:
            message["aside"] = True
        return message


class Aside(str):
    """Text a console prints aside from its transcript (Big Two's hints).

    It goes, as an ``aside`` message, to that channel's clients only (who
    print it on standard error, as local play does).
    """

    __slots__ = ()


HOT = 1 << 12
"""Characters of a transcript's latest text kept as they are; past that, the
older text is kept compressed (zlib), for the few who read it: a player
coming back, a follower far behind."""


@dataclass(frozen=True, slots=True)
class _Frozen:
    """Chunks of a transcript kept compressed, numbered from `first`."""

    first: int
    lengths: array.array[int]  # each chunk's characters
    asides: tuple[int, ...]  # which of them are Aside chunks
    blob: bytes  # zlib: the chunks' text, end to end, in UTF-8

    @classmethod
    def of(cls, first: int, chunks: Sequence[str]) -> _Frozen:
        """Compress `chunks`, the first numbered `first`."""
        asides = tuple(index for index, chunk in enumerate(chunks)
                       if isinstance(chunk, Aside))
        # A block is about HOT characters: a window of 8 KiB and a smaller
        # hash find what the defaults find in it, and cost half as much to
        # set up for each block (zlib clears its tables at every start).  The
        # fastest level: a block comes out a tenth larger (820 bytes of 3 KiB
        # of transcript, not 730) for a move 2% cheaper in all.
        packer = zlib.compressobj(zlib.Z_BEST_SPEED, zlib.DEFLATED, 13, 6)
        blob = packer.compress("".join(chunks).encode()) + packer.flush()
        return cls(first, array.array("I", map(len, chunks)), asides, blob)

    @property
    def end(self) -> int:
        """The number of the chunk after the last."""
        return self.first + len(self.lengths)

    def chunks(self) -> list[str]:
        """Return the chunks, as they were written."""
        text = zlib.decompress(self.blob).decode()
        parts: list[str] = []
        start = 0
        for length in self.lengths:
            parts.append(text[start:start + length])
            start += length
        for index in self.asides:
            parts[index] = Aside(parts[index])
        return parts


class Channel:
    """A transcript as a console writes it, and the connections following it.

    Written by the game and read for its followers (`Connection.flush`),
    both in the server's loop; both hold `lock` (the table's), as the table
    may be closed from another thread.  Text is kept in chunks numbered from
    0 (the oldest are dropped past `keep` characters); a connection's cursor
    is the number of the next chunk it has not been sent.  The latest `HOT`
    characters are kept as they are, the rest compressed: a table holds
    little, however long its game.
    """

    def __init__(self, server: Server, lock: threading.RLock,
                 keep: int | None = None) -> None:
        """Follow nothing yet; wake followers through `server`'s loop.

        `keep` bounds the characters kept (default: the server's `Limits.keep`).
        """
        self._server = server
        self._lock = lock
        self._keep = server.limits.keep if keep is None else keep
        self._chunks: deque[str] = deque()  # the latest, Aside chunks among them
        # The older, oldest first: a list, as few tables keep enough to drop any.
        self._frozen: list[_Frozen] = []
        self._first = 0  # the oldest chunk kept
        self._hot_first = 0  # the oldest in _chunks
        self._kept = 0
        self._hot = 0
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
        return self._hot_first + len(self._chunks)

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
        self._hot += len(text)
        if self._hot > HOT and len(self._chunks) > 1:
            self._freeze()
        while self._kept > self._keep:
            if self._frozen:
                oldest = self._frozen.pop(0)
                self._kept -= sum(oldest.lengths)
                self._first = oldest.end
            elif len(self._chunks) > 1:
                dropped = len(self._chunks.popleft())
                self._kept -= dropped
                self._hot -= dropped
                self._first = self._hot_first = self._hot_first + 1
            else:
                break

    def _freeze(self) -> None:
        # Compress the older chunks, keeping the latest quarter of HOT as it is.
        taken: list[str] = []
        while self._hot > HOT // 4 and len(self._chunks) > 1:
            chunk = self._chunks.popleft()
            taken.append(chunk)
            self._hot -= len(chunk)
        self._frozen.append(_Frozen.of(self._hot_first, taken))
        self._hot_first += len(taken)

    def write_aside(self, text: str) -> None:
        """Add `text`, to be printed aside from the transcript, and send it on."""
        if text:
            self.write(Aside(text))

    def since(self, cursor: int) -> list[str]:
        """Return the chunks from `cursor` on (from the oldest kept, if gone)."""
        return self._read(self._pending(cursor))

    def _pending(self, cursor: int) -> tuple[list[_Frozen], int, list[str]]:
        """Return what is due from `cursor` on, to be read by `_read`.

        The compressed blocks that hold some of it (frozen: they never
        change), where in the first of them it starts, and the latest chunks.
        Taken under the lock; read after it, as decompressing is slow.
        """
        with self._lock:
            start = max(cursor, self._first)
            count = self.end - start
            if count <= 0:
                return [], 0, []
            if start < self._hot_first:
                blocks = [block for block in self._frozen if block.end > start]
                return blocks, start - blocks[0].first, list(self._chunks)
            if count == len(self._chunks):
                return [], 0, list(self._chunks)
            # A follower is most often near the end: walk back from there.
            parts = []
            for chunk in reversed(self._chunks):
                parts.append(chunk)
                if len(parts) == count:
                    break
            parts.reverse()
            return [], 0, parts

    @staticmethod
    def _read(pending: tuple[list[_Frozen], int, list[str]]) -> list[str]:
        blocks, skip, latest = pending
        parts: list[str] = []
        for block in blocks:
            parts.extend(block.chunks()[skip:])
            skip = 0
        return parts + latest

    def _tail(self, characters: int) -> int:
        # The number of the oldest chunk of the last `characters` characters.
        cursor, total = self.end, 0
        lengths = itertools.chain(
            map(len, reversed(self._chunks)),
            *(reversed(block.lengths) for block in reversed(self._frozen)))
        for length in lengths:
            total += length
            if total > characters:
                break
            cursor -= 1
        return cursor

    def set_ask(self, ask: Ask | None) -> None:
        """Put up `ask` (None: take the waiting prompt down)."""
        with self._lock:
            self.ask = ask
            self._wake()

    def answer(self, connection: Connection, ask: Ask, line: str) -> None:
        """Take `line` as the answer to `ask`, typed at `connection`.

        The client has shown the prompt and the line already: they join the
        transcript (for a client that comes back) without being sent again,
        unless the question was aside from it.
        """
        with self._lock:
            caught_up = connection.cursor == self.end
            if not ask.aside:
                self._append(ask.prompt + line + "\n")
            if caught_up:
                connection.cursor = self.end
            connection.ask_sent = None
            ask.answer = line
            self.ask = None
            if not caught_up or self.followers != [connection]:
                # Others follow (or it lags behind): there is news for them.
                self._wake()

    def follow(self, connection: Connection, tail: int | None = None) -> None:
        """Send `connection` this transcript, from its oldest kept text on.

        With `tail`, it is sent only the chunks of the last `tail` characters.
        """
        with self._lock:
            connection.channel = self
            connection.cursor = self._first if tail is None else self._tail(tail)
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
            if connection.channel is not self:
                return messages, False  # it stopped following, since it looked
            if connection.ask_sent is not None and (
                    self.ask is None or self.ask.number != connection.ask_sent):
                messages.append({"type": "cancel", "ask": connection.ask_sent})
                connection.ask_sent = None
            skipped = connection.cursor < self._first
            pending = self._pending(connection.cursor)
            connection.cursor = self.end
            text_at = len(messages)
            if self.ask is not None and connection.ask_sent != self.ask.number:
                messages.append(self.ask.message())
                connection.ask_sent = self.ask.number
            finished = self.closed is not None
            if finished:
                messages.append({"type": "end", "reason": self.closed})
        # The text goes before the prompt and the end, read outside the lock.
        chunks = self._read(pending)
        text: list[Message] = []
        if skipped:
            text.append({"type": "aside", "text": _(
                "(The table's text from before this is no longer kept.)")})
        start = 0
        for index, chunk in enumerate([*chunks, Aside()]):
            if isinstance(chunk, Aside):
                _output(text, "".join(chunks[start:index]))
                start = index + 1
                if chunk:
                    text.append({"type": "aside", "text": str(chunk)})
        messages[text_at:text_at] = text
        return messages, finished

    def _wake(self) -> None:
        # One wake-up per batch of writes, however many there are.
        if not self._wake_due and self.followers:
            self._wake_due = True
            self._server.wake(self)

    def wake_followers(self) -> None:
        """Send each follower what is due to it (from the loop)."""
        with self._lock:
            self._wake_due = False
            followers = list(self.followers)
        for connection in followers:
            try:
                connection.flush()
            except Exception:  # noqa: BLE001 - one client never stops the others
                connection.drop()


def _output(messages: list[Message], text: str) -> None:
    for start in range(0, len(text), MAX_OUTPUT):
        messages.append({"type": "output", "text": text[start:start + MAX_OUTPUT]})


class Host(Protocol):
    """What a server needs of a table (`common.net.hosting.HostedGame`)."""

    game: str
    """The game's program name (``bigtwo``): a client's hello must name it."""

    def check_password(self, password: str) -> bool:
        """Whether `password` is the table's."""

    def holds_token(self, token: str) -> bool:
        """Whether `token` holds a seat a player may take back."""

    def admit(self, connection: Connection, hello: Message) -> None:
        """Seat `connection` as its hello asks, or watch; send it ``welcome``.

        The server has checked the hello's password, protocol and game.

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

    def warn(self, text: str) -> None:
        """Tell the host (on its terminal) of `text`: an attack, or clients refused."""

    def close(self, reason: str) -> None:
        """End the table: every client is told `reason`."""


class Goodbye(Exception):
    """A client said it leaves: its connection closes without an error."""


def _unsent(sock: Any) -> int:
    """Bytes the system holds for `sock` not yet read by its peer (0: unknown)."""
    if _OUTQ is None or sock is None:
        return 0
    try:
        return int(struct.unpack("i", fcntl.ioctl(sock.fileno(), _OUTQ,
                                                   b"\0\0\0\0"))[0])
    except (OSError, ValueError):
        return 0


class Connection:
    """One client's connection: its reader loop, what it is sent, its bounds.

    What is due to the client is written as soon as the loop is told of it,
    all of it in one write; only while the system holds more than the
    transport's high-water mark unsent does a task wait for the client to
    read, and the rest waits in the channel meanwhile.  However that task
    ends (a cancel swallowed on Python 3.10 and 3.11, CPython gh-86296,
    included), `serve` returns once the connection is closed: the transport
    is closed first, and every wait on a task is bounded.
    """

    def __init__(self, server: Server, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        """Serve the client on `reader` and `writer`."""
        self._server = server
        self._reader = reader
        self._writer = writer
        self._tokens = float(server.limits.burst)
        self._refilled = time.monotonic()
        self._flush_due = False
        self._drainer: asyncio.Task[None] | None = None
        self._written = 0
        self._delivered = 0
        self.opened = self.sent_at = self.progress_at = time.monotonic()
        """When it was opened, last sent something, last read what it was sent."""
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        """The client's address (its host, without the port)."""
        self.control: list[Message] = []
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
        self.trusted = False
        """Whether its hello held the table's password."""
        self.admitted = False
        """Whether its hello was taken: it counts in `Limits.max_connections`."""
        self.dropped = False
        """Whether the server has dropped it."""
        self.ending = False
        """Whether its session ends once its messages are sent (`end`)."""

    def send(self, message: Message) -> None:
        """Send `message` to this client alone (from the server's loop)."""
        if not self.dropped:
            self.control.append(message)
            self.wake()

    def end(self, reason: str) -> None:
        """End this client's session alone: send it ``end``, then close."""
        if self.channel is not None:
            self.channel.unfollow(self)
        self.ending = True
        self.send({"type": "end", "reason": reason})

    def wake(self) -> None:
        """Send what is due soon, with whatever else this turn of the loop adds.

        From the server's loop.
        """
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Send the client what is due to it, in one write (from the server's loop).

        Nothing is sent before its hello is taken, nor while the client has
        yet to read what was sent before (`_drain`), nor once it is dropped.
        """
        self._flush_due = False
        if self.dropped or not self.admitted or self._drainer is not None:
            return
        if self.channel is None:
            messages, finished = list(self.control), self.ending
            self.control.clear()
        else:
            messages, finished = self.channel.take(self)
        try:
            if messages and not self._write(messages):
                return
        except (ConnectionError, OSError, RuntimeError):
            # RuntimeError: written to after the connection was shut.
            self.drop()
            return
        if finished:
            self._mark_dropped()
            self._writer.close()  # once what is written has gone
            return
        transport = self._writer.transport
        unsent = transport.get_write_buffer_size()
        if not unsent:
            return  # most often: the system took it all at once
        if unsent > self._server.limits.max_buffered:
            self.drop()
        elif unsent > transport.get_write_buffer_limits()[1]:
            # Not bounded here: `check` cuts a client that does not read.
            self._drainer = asyncio.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            await self._writer.drain()
        except (ConnectionError, OSError, RuntimeError):
            self.drop()
        finally:
            self._drainer = None
        self.flush()

    def _write(self, messages: list[Message]) -> bool:
        # One write for them all; none to a transport closing (asyncio would
        # log "socket.send() raised exception." for each).
        transport = self._writer.transport
        if transport.is_closing():
            return False
        data = encode_all(messages)
        transport.write(data)
        self._written += len(data)
        self.sent_at = time.monotonic()
        return True

    def _mark_dropped(self) -> None:
        self.dropped = True
        self._server.unlist(self)

    def drop(self, reason: str | None = None) -> None:
        """Close the connection; with a `reason`, tell the client first.

        The client is given a second to read why (its end is shut after the
        message, then the connection is cut); without a reason it is cut now.
        """
        transport = self._writer.transport
        if self.dropped or transport.is_closing():
            self._mark_dropped()
            transport.abort()
            return
        self._mark_dropped()
        if reason is None or not transport.can_write_eof():
            transport.abort()
            return
        with contextlib.suppress(Exception):
            # What was already due to it goes first, then why it is dropped.
            self._write([*self.control, {"type": "error", "text": reason}])
            self.control.clear()
            transport.write_eof()
        asyncio.get_running_loop().call_later(LINGER, transport.abort)

    def check(self, now: float) -> None:
        """Drop the client if it is past a bound of time or of unread bytes."""
        limits = self._server.limits
        if self.dropped:
            return
        if not self.admitted:
            if now - self.opened > limits.hello_timeout:
                self.drop(_("no hello in time"))
            return
        pending = self._writer.transport.get_write_buffer_size() + \
            _unsent(self._writer.get_extra_info("socket"))
        delivered = self._written - pending
        if pending == 0 or delivered > self._delivered:
            self._delivered = delivered
            self.progress_at = now
        stalled = now - self.progress_at > limits.write_timeout
        if pending > limits.max_buffered or stalled:
            self.drop()
        elif now - self.sent_at >= limits.keepalive:
            self.send({"type": "ping"})

    async def serve(self) -> None:
        """Take the hello, then the client's messages until it goes.

        It returns once the connection is closed (or closing: a client
        dropped with a reason is cut a second later).
        """
        limits = self._server.limits
        try:
            hello = await self._read()
            if hello is None or self.dropped:
                return
            try:
                self._server.admit(self, hello)
            except (Refusal, ProtocolError) as refusal:
                self._refuse(str(refusal))
                return
            self.flush()
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
            try:
                if self.table is not None:
                    self.table.lost(self)
            finally:
                await self._close()

    async def _close(self) -> None:
        drainer = self._drainer
        limits = self._server.limits
        if drainer is not None and not self.dropped \
                and self.channel is not None and self.channel.closed is not None:
            # The table has ended: let the last messages go out, for a time.
            await asyncio.wait({drainer}, timeout=limits.close_timeout)
        drainer = self._drainer
        if not self.dropped:
            self._mark_dropped()
            transport = self._writer.transport
            if drainer is None and not transport.get_write_buffer_size():
                self._writer.close()
            else:
                transport.abort()  # a client not reading: no waiting on it
        if drainer is not None and not drainer.done():
            drainer.cancel()
            # Bounded, whatever the drain does with the cancel: the aborted
            # transport wakes it anyway.
            await asyncio.wait({drainer}, timeout=LINGER)

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

    def _refuse(self, reason: str) -> None:
        # The version is told only to a client that knows the password.
        refusal: Message = {"type": "refused", "reason": reason}
        if self.trusted:
            refusal["protocol"] = PROTOCOL
        self.control.clear()
        transport = self._writer.transport
        self._mark_dropped()
        if transport.is_closing():
            return
        self._write([refusal])
        if transport.can_write_eof():
            transport.write_eof()
            asyncio.get_running_loop().call_later(LINGER, transport.abort)
        else:
            transport.abort()


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
        self._connections: dict[Connection, None] = {}  # in the order opened
        # Those not past their hello nor dropped, by address, in the same order.
        self._strangers: dict[str, dict[Connection, None]] = {}
        self._stranger_count = 0
        self._waking: list[Channel] = []
        self._waking_lock = threading.Lock()
        self._loop_thread: int | None = None
        self._admitted = 0
        self._told_full = False  # whether the host was told a client was refused
        self._failures: dict[str, tuple[int, float]] = {}

    @property
    def connections(self) -> int:
        """How many connections the server holds now."""
        return len(self._connections)

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
        self._loop_thread = threading.get_ident()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            try:
                # asyncio's limit is of a line without its newline.
                self._listener = loop.run_until_complete(asyncio.start_server(
                    self._accept, self._host, self._port,
                    limit=self.limits.max_message - 1, backlog=BACKLOG))
            except BaseException as error:
                ready.set_exception(error)
                return
            address = self._listener.sockets[0].getsockname()
            self._loop = loop
            # No traceback or asyncio log line reaches the host's terminal.
            loop.set_exception_handler(_log_loop_error)
            watching = loop.create_task(self._watch())
            ready.set_result((str(address[0]), int(address[1])))
            loop.run_forever()
            # Stopped: finish what is left (connections cut, drains ending).
            watching.cancel()
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            if tasks:
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        finally:
            self._loop_thread = None
            loop.close()

    def in_loop(self) -> bool:
        """Whether this is the server's loop's thread."""
        return threading.get_ident() == self._loop_thread

    def call_soon(self, callback: Callable[..., Any], *args: Any) -> None:
        """Run `callback(*args)` in the server's loop soon (from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if self.in_loop():
            loop.call_soon(callback, *args)
            return
        with contextlib.suppress(RuntimeError):  # the loop has just closed
            loop.call_soon_threadsafe(callback, *args)

    def call(self, callback: Callable[..., Any], *args: Any) -> None:
        """Run `callback(*args)` in the loop: at once from there, else soon."""
        if self.in_loop():
            callback(*args)
        else:
            self.call_soon(callback, *args)

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run `coroutine` as a task of the server's loop (from another thread).

        Raises:
            RuntimeError: when the server is not running.
        """
        loop = self._loop
        if loop is None or loop.is_closed():
            coroutine.close()
            raise RuntimeError("the server is not running")
        return asyncio.run_coroutine_threadsafe(coroutine, loop)

    def wake(self, channel: Channel) -> None:
        """Have `channel`'s followers woken in the loop (from any thread).

        The channels written to from one move are handed to the loop at
        once: one wake-up of the loop for them all, not one each.
        """
        with self._waking_lock:
            self._waking.append(channel)
            if len(self._waking) > 1:
                return  # handed over already, not yet taken
        self.call_soon(self._wake_channels)

    def _wake_channels(self) -> None:
        with self._waking_lock:
            channels, self._waking = self._waking, []
        for channel in channels:
            channel.wake_followers()

    async def _watch(self) -> None:
        limits = self.limits
        tick = min(1.0, limits.hello_timeout / 4, limits.write_timeout / 4,
                   limits.keepalive / 4)
        while True:
            await asyncio.sleep(tick)
            now = time.monotonic()
            for connection in list(self._connections):
                with contextlib.suppress(Exception):
                    connection.check(now)

    async def _accept(self, reader: asyncio.StreamReader,
                      writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        self._count_in(connection)
        try:
            if self.limits.send_buffer is not None:
                sock = writer.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF,
                                    self.limits.send_buffer)
            self._make_room(connection)
            await connection.serve()
        except Exception:  # noqa: BLE001 - a client never crashes the server
            writer.transport.abort()
        finally:
            # Counted out whatever happened.
            del self._connections[connection]
            self.unlist(connection)
            if connection.admitted:
                self._admitted -= 1

    def _count_in(self, connection: Connection) -> None:
        # A new connection: a stranger until its hello is taken.
        self._connections[connection] = None
        self._strangers.setdefault(connection.address, {})[connection] = None
        self._stranger_count += 1

    def unlist(self, connection: Connection) -> None:
        """Count `connection` among the strangers no more (admitted, or dropped)."""
        mine = self._strangers.get(connection.address)
        if mine is not None and connection in mine:
            del mine[connection]
            self._stranger_count -= 1
            if not mine:
                del self._strangers[connection.address]

    def _make_room(self, new: Connection) -> None:
        """Drop a stranger (not past its hello) if `new` is one too many.

        The oldest goes, of `new`'s address if that holds too many, else of
        the address holding the most; but one just opened has its hello on
        the way: when every candidate is that young, `new` waits too, up to
        twice the budget (then it is refused).
        """
        strangers = self._strangers
        limits = self.limits
        mine = strangers.get(new.address, {})
        count = self._stranger_count
        if len(mine) > limits.max_strangers_per_address:
            candidates = mine
            why = _("the server is busy: too many connections from your address")
        elif count > limits.max_strangers:
            # The address holding the most, the oldest first among equals.
            candidates = max(strangers.values(), key=lambda mine: (
                len(mine), -next(iter(mine)).opened))
            why = _("the server is busy: too many connections")
        else:
            return
        oldest = next(iter(candidates))
        if time.monotonic() - oldest.opened < YOUNG:
            if count <= 2 * limits.max_strangers and \
                    len(mine) <= 2 * limits.max_strangers_per_address:
                return
            oldest = new
        oldest.drop(why)

    def admit(self, connection: Connection, hello: Message) -> None:
        """Hand `connection` to the table its hello names.

        The password is checked before anything is told about the table;
        wrong ones back off per address (`backoff`), and the host is told.
        Past `Limits.max_connections`, only a seat's token is admitted.

        Raises:
            Refusal: for a wrong password, a hello of another protocol, game
                or table, an address backing off, a server that is full.
            common.net.protocol.ProtocolError: for one that is not a hello.
        """
        if hello.get("type") != "hello":
            raise Refusal(_("the first message is a hello"))
        name = hello.get("table")
        if name is None and len(self._tables) == 1:
            table = next(iter(self._tables.values()))
        elif isinstance(name, str) and name in self._tables:
            table = self._tables[name]
        else:
            raise Refusal(_("no such table"))
        password = field(hello, "password", str)
        token = hello.get("token")
        holds_token = isinstance(token, str) and table.holds_token(token)
        address = connection.address
        now = time.monotonic()
        failures, last = self._failures.get(address, (0, now))
        if now - last >= FORGET_FAILURES:
            failures = 0
        wait = last + backoff(failures) - now
        if wait > 0 and not holds_token:
            raise Refusal(_("too many wrong passwords from {address}: try again in "
                            "{seconds} s").format(address=address,
                                                  seconds=math.ceil(wait)))
        if not table.check_password(password):
            self._failed(table, address, failures + 1, now)
            raise Refusal(_("wrong password"))
        connection.trusted = True
        version = hello.get("protocol")
        if version != PROTOCOL:
            raise Refusal(_("this table speaks protocol {protocol}, the client "
                            "{client}: use the same version of cardgames").format(
                                protocol=PROTOCOL, client=str(version)[:20]))
        game = hello.get("game")
        if game != table.game:
            raise Refusal(_("this table plays {game}, not {asked}").format(
                game=table.game, asked=str(game)[:20]))
        if self._admitted >= self.limits.max_connections and not holds_token:
            most = self.limits.max_connections
            if not self._told_full:
                self._told_full = True
                # Translators: --max-connections is the option (left as it is).
                table.warn(ngettext(
                    "a client was refused: the table holds {count} connection at "
                    "once (--max-connections); others will be too",
                    "a client was refused: the table holds {count} connections at "
                    "once (--max-connections); others will be too",
                    most).format(count=most))
            raise Refusal(ngettext(
                "the server is busy: it holds {count} connection at once, all taken",
                "the server is busy: it holds {count} connections at once, all taken",
                most).format(count=most))
        connection.table = table
        try:
            table.admit(connection, hello)
        except BaseException:
            connection.table = None
            raise
        connection.admitted = True
        self._admitted += 1
        self.unlist(connection)

    def _failed(self, table: Host, address: str, failures: int, now: float) -> None:
        if len(self._failures) >= MAX_ADDRESSES and address not in self._failures:
            # Many addresses: forget the one that failed longest ago.
            del self._failures[min(self._failures, key=lambda a: self._failures[a][1])]
        self._failures[address] = (failures, now)
        if failures & (failures - 1) == 0:  # 1, 2, 4, 8...: the host is told
            wait = backoff(failures)
            if wait:
                warning = ngettext(
                    "{count} wrong password from {address}; its next try waits "
                    "{seconds} s",
                    "{count} wrong passwords from {address}; its next try waits "
                    "{seconds} s", failures)
            else:
                warning = ngettext("{count} wrong password from {address}",
                                   "{count} wrong passwords from {address}", failures)
            table.warn(warning.format(count=failures, address=address,
                                      seconds=f"{wait:g}"))

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

