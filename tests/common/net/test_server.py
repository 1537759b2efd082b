"""The server's bounds on its clients, with tables served in this process."""

from __future__ import annotations

import io
import logging
import socket
import threading
import time
from typing import Any, TextIO, cast

import pytest
from helpers.netplay import MAX_MESSAGES, Player, Raw, Served

from common.console.terminal import Terminal
from common.net.server import Limits, Server


def test_a_client_that_never_reads_is_dropped_and_the_game_goes_on() -> None:
    served = Served(Limits(max_buffered=16 * 1024, write_timeout=0.5,
                           send_buffer=4096))
    served.add("", "stud", [None, "smart"], settings={"hands": 40})
    port = served.start()
    try:
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deaf.connect(("127.0.0.1", port))
        deaf.sendall(b'{"type": "hello", "protocol": 1, "game": "stud", '
                     b'"role": "watch", "password": "opensesame"}\n')
        time.sleep(0.2)
        reader = Player(port, "stud")  # the game begins once its seat is taken
        reader.start()
        served.wait()
        reader.finish()
        assert reader.end == "over"
        # The deaf watcher was cut off: what it can still read stops short.
        raw = Raw.__new__(Raw)
        raw.sock, raw._buffer, raw.received = deaf, b"", bytearray()
        kinds = []
        try:
            for _ in range(MAX_MESSAGES):
                message = raw.recv(timeout=5)
                if message is None:
                    break
                kinds.append(message["type"])
        except (TimeoutError, ValueError):
            pass
        assert "end" not in kinds
        assert len(raw.received) < len(reader.transcript.encode())
    finally:
        served.close()


def test_a_connection_that_never_says_hello_is_dropped() -> None:
    served = Served(Limits(hello_timeout=0.3))
    served.add("", "stud", [None, None])
    port = served.start()
    try:
        silent, partial = Raw(port), Raw(port)
        partial.send(b'{"type": "hel')
        for raw in (silent, partial):
            message = raw.recv(timeout=5)
            assert message == {"type": "error", "text": "no hello in time"}
            assert raw.closed(timeout=5)
    finally:
        served.close()


def test_a_flood_is_dropped_but_answers_to_prompts_are_never_counted() -> None:
    served = Served(Limits(rate=1, burst=3))
    served.add("flood", "stud", [None, None])
    served.add("fast", "reddog", [None],
               settings={"decks": 1, "rounds": 200, "hint": False})
    port = served.start()
    try:
        fast = Player(port, "reddog", table="fast")
        fast.start()
        raw = Raw(port)
        assert raw.hello("stud", table="flood")["type"] == "welcome"
        for _ in range(5):
            raw.send({"type": "line", "ask": 1, "text": "check"})
        errors = []
        for _ in range(20):
            message = raw.recv(timeout=5)
            if message is None:
                break
            if message["type"] == "error":
                errors.append(message["text"])
        # Three lines refused (the burst), then the fourth is one too many.
        assert errors == ["no prompt of yours is waiting for that line"] * 3 + [
            "too many messages"]
        fast.finish()
        assert fast.end == "over"  # hundreds of answers, none counted
    finally:
        served.close()


def test_connections_and_watchers_are_bounded() -> None:
    served = Served(Limits(max_connections=3, max_watchers=1))
    served.add("", "stud", [None, None])
    port = served.start()
    try:
        first = Raw(port)
        assert first.hello("stud", "watch")["type"] == "welcome"
        second = Raw(port)
        refusal = second.hello("stud", "watch")
        assert refusal == {"type": "refused", "protocol": 1,
                           "reason": "the table has all the watchers it takes"}
        # Strangers (no hello yet) do not count against the connections.
        strangers = [Raw(port), Raw(port), Raw(port)]
        players = [Raw(port), Raw(port)]
        welcomes = [player.hello("stud") for player in players]
        assert [welcome["type"] for welcome in welcomes] == ["welcome"] * 2
        time.sleep(0.2)
        third = Raw(port)
        assert third.hello("stud", "watch")["reason"] == \
            "the server is busy: it holds 3 connections at once, all taken"
        # A seat's token is admitted even so: the newer connection takes it.
        back = Raw(port)
        assert back.hello("stud", token=welcomes[0]["token"])["type"] == "welcome"
        assert players[0].until("error")[0]["text"] == \
            "another connection took this seat with its token"
        for raw in (first, second, third, back, *players, *strangers):
            raw.close()
    finally:
        served.close()


def test_closing_a_table_tells_its_players() -> None:
    served = Served()
    table = served.add("", "bigtwo", [None, None, "smart", "smart"])
    port = served.start()
    try:
        player = Raw(port)
        assert player.hello("bigtwo")["type"] == "welcome"
        watcher = Raw(port)
        assert watcher.hello("bigtwo", "watch")["type"] == "welcome"
        table.close("interrupted")
        for raw in (player, watcher):
            end, _ = raw.until("end")
            assert end["reason"] == "interrupted"
            assert raw.closed()
            raw.close()
        served.wait()
        assert type(served.errors[""]).__name__ == "GameClosed"
    finally:
        served.close()


def test_an_error_no_task_caught_goes_to_the_debug_log_not_the_terminal(
        caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> None:
    server = Server()
    server.start()
    try:
        loop = server._loop
        assert loop is not None
        with caplog.at_level(logging.DEBUG, logger="cardgames.net"):
            done = threading.Event()

            def fail() -> None:
                loop.call_exception_handler({"message": "a socket failed",
                                             "exception": OSError("gone")})
                done.set()

            loop.call_soon_threadsafe(fail)
            assert done.wait(10)
        assert [(record.levelno, record.getMessage()) for record in caplog.records] \
            == [(logging.DEBUG, "event loop: a socket failed")]
        assert capfd.readouterr().err == ""
    finally:
        server.close()


def test_a_long_transcript_is_kept_compressed_and_read_back_whole() -> None:
    from common.net.server import HOT, Aside, Channel

    server = Server(limits=Limits(keep=10 * HOT))
    channel = Channel(server, threading.RLock())
    written: list[str] = []
    for number in range(2000):
        text = (Aside(f"hint {number}\n") if number % 7 == 0
                else f"Player {number % 4} plays [♠{number % 10}] and more text\n")
        channel.write(text)
        written.append(text)
    kept = channel.since(0)
    # The oldest went past the bound, the rest come back as written, asides too.
    assert channel.first > 0 and channel.end == len(written)
    assert kept == written[channel.first:]
    assert [type(chunk) for chunk in kept] == \
        [type(chunk) for chunk in written[channel.first:]]
    assert sum(map(len, kept)) <= 10 * HOT
    # From any cursor, old or recent, what follows it.
    for cursor in (channel.first + 1, len(written) // 2, len(written) - 3):
        assert channel.since(cursor) == written[cursor:]
    # A watcher's tail: the chunks of the last characters asked for.
    tail = channel._tail(5000)
    assert sum(map(len, written[tail:])) <= 5000 < sum(map(len, written[tail - 1:]))
    # Most of it is held compressed: the latest HOT characters only are not.
    assert channel._hot <= HOT


class _Follower:
    """What `Channel.take` reads of a connection."""

    def __init__(self, channel: object, cursor: int) -> None:
        self.control: list[dict[str, object]] = []
        self.channel = channel
        self.cursor = cursor
        self.ask_sent: int | None = None


def _long_channel() -> tuple[object, list[str]]:
    from common.net.server import HOT, Channel

    channel = Channel(Server(limits=Limits(keep=10 * HOT)), threading.RLock())
    written = [f"Player {number % 4} plays [♠{number % 10}] and more\n"
               for number in range(2000)]
    for text in written:
        channel.write(text)
    return channel, written


def test_a_follower_far_behind_is_told_the_text_it_missed_is_gone() -> None:
    channel, written = _long_channel()
    behind = _Follower(channel, 0)  # its text went past the bound meanwhile
    messages, finished = channel.take(behind)  # type: ignore[attr-defined]
    assert not finished
    assert messages[0] == {"type": "aside", "text":
                           "(The table's text from before this is no longer kept.)"}
    sent = "".join(str(message["text"]) for message in messages[1:])
    assert sent == "".join(written[channel.first:])  # type: ignore[attr-defined]
    near = _Follower(channel, channel.first + 1)  # type: ignore[attr-defined]
    messages, _ = channel.take(near)  # type: ignore[attr-defined]
    assert all(message["type"] == "output" for message in messages)


def test_old_text_is_decompressed_outside_the_tables_lock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from common.net import server as served

    channel, _written = _long_channel()
    lock = channel._lock  # type: ignore[attr-defined]
    taken_while_reading: list[bool] = []
    chunks = served._Frozen.chunks

    def read(block: object) -> list[str]:
        # Another thread (the game's) can take the table's lock meanwhile.
        got = threading.Event()

        def game() -> None:
            if lock.acquire(timeout=5):
                got.set()
                lock.release()

        thread = threading.Thread(target=game)
        thread.start()
        thread.join(10)
        taken_while_reading.append(got.is_set())
        return chunks(block)  # type: ignore[arg-type]

    monkeypatch.setattr(served._Frozen, "chunks", read)
    follower = _Follower(channel, channel.first)  # type: ignore[attr-defined]
    channel.take(follower)  # type: ignore[attr-defined]
    assert taken_while_reading and all(taken_while_reading)


def test_the_game_begins_notice_comes_before_the_games_first_text() -> None:
    served = Served()
    served.add("", "bigtwo", [None, "smart", "smart", "smart"])
    port = served.start()
    try:
        raw = Raw(port)
        assert raw.hello("bigtwo")["type"] == "welcome"
        _ask, before = raw.until("ask")
        kinds = [message["type"] + (":" + message["text"]
                                    if message["type"] == "notice" else "")
                 for message in before]
        assert "notice:the game begins" in kinds
        assert kinds.index("notice:the game begins") < kinds.index("output")
        raw.close()
    finally:
        served.close()


class _Stuck(io.TextIOBase):
    """An output that takes nothing until `free` is set (a pipe nobody reads)."""

    def __init__(self) -> None:
        super().__init__()
        self.free = threading.Event()
        self.text = io.StringIO()

    def write(self, text: str) -> int:
        self.free.wait(60)
        return self.text.write(text)


def test_a_host_terminal_that_takes_no_output_holds_up_no_client() -> None:
    # The host watches the table at its own terminal, whose output is stuck:
    # the game goes on for the player across the network all the same.
    served = Served(Limits(keepalive=0.2))
    table = served.add("", "stud", [None, "smart"])
    port = served.server.start()[1]
    stuck = _Stuck()
    terminal = Terminal(io.BytesIO(), cast(TextIO, stuck), echo=False,
                        stderr=cast(TextIO, stuck))
    errors: list[BaseException] = []

    def host() -> None:
        try:
            table.run(terminal)
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            errors.append(error)

    hosting = threading.Thread(target=host, daemon=True)
    hosting.start()
    try:
        player = Player(port, "stud")
        player.start()
        player.finish(timeout=30)
        assert player.end == "over"
        assert not stuck.text.getvalue()  # nothing reached the host meanwhile
        stuck.free.set()
        hosting.join(30)
        assert not hosting.is_alive() and not errors
        # Then all of it, in order: the same game the player saw.
        assert "Player 0's turn" in stuck.text.getvalue()
    finally:
        stuck.free.set()
        served.server.close(1)


class _Stranger:
    """Just what `Server._make_room` reads of a connection, and its drop."""

    def __init__(self, server: Server, address: str, opened: float) -> None:
        self._server, self.address, self.opened = server, address, opened
        self.admitted = self.dropped = False

    def drop(self, reason: str | None = None) -> None:
        self.dropped = True
        self._server.unlist(cast(Any, self))


def test_room_is_made_by_dropping_the_oldest_stranger_of_the_busiest_addresses(
) -> None:
    # Two addresses hold one stranger each: the one that has waited longest
    # goes, not the one of the address first seen (whose first has left).
    server = Server(limits=Limits(max_strangers=2, max_strangers_per_address=16))
    now = time.monotonic()

    def opened(address: str, at: float) -> _Stranger:
        stranger = _Stranger(server, address, at)
        server._count_in(cast(Any, stranger))
        return stranger

    first = opened("10.0.0.1", now - 100)
    idle = opened("10.0.0.2", now - 90)
    young = opened("10.0.0.1", now - 0.01)
    first.admitted = True
    server.unlist(cast(Any, first))
    new = opened("10.0.0.3", now)
    server._make_room(cast(Any, new))
    assert (idle.dropped, young.dropped, new.dropped) == (True, False, False)
