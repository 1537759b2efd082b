"""The attacks of issue 21 on a table, each on 127.0.0.1: the table holds.

Watchers leaving mid-game (the slot leak of Python 3.10 and 3.11), idle
sockets and slow hellos, password guessing, hints, refused lines and the
turn's deadline, ``quit``, watchers joining, clients that never read, what a
client prints, typed format characters, the message limit and a frozen host.
"""

from __future__ import annotations

import io
import json
import re
import socket
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cli import run_game
from helpers.netplay import PASSWORD, Player, Raw, Served

from common.console.terminal import Terminal
from common.history import HistoryWriter
from common.net.client import Client
from common.net.hosting import ECHO, MAX_REFUSED
from common.net.protocol import Message
from common.net.server import Channel, Connection, Limits, Server


def wait_until(ready: Callable[[], bool], timeout: float = 10) -> bool:
    """Poll ``ready()`` every 20 ms until it holds (True) or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return True
        time.sleep(0.02)
    return False


def reset(raw: Raw) -> None:
    """Close `raw` with a reset, as a client killed mid-transfer does."""
    raw.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    raw.close()


class Stream:
    """A table that only streams text to whoever follows it, as fast as it can."""

    game = "stud"

    def __init__(self, server: Server) -> None:
        self.channel = Channel(server, threading.RLock())
        self.running = True
        self.thread = threading.Thread(target=self._write, daemon=True)

    def _write(self) -> None:
        line = "Player 0 calls $1 and the pot is $12 now\n" * 20
        while self.running:
            self.channel.write(line)
            time.sleep(0.001)

    def check_password(self, password: str) -> bool:
        return password == PASSWORD

    def holds_token(self, token: str) -> bool:
        return False

    def warn(self, text: str) -> None:
        pass

    def admit(self, connection: Connection, hello: Message) -> None:
        connection.send({"type": "welcome", "protocol": 1, "game": "stud",
                         "role": "watch"})
        self.channel.follow(connection)

    def receive(self, connection: Connection, message: Message) -> bool:
        return False

    def lost(self, connection: Connection) -> None:
        self.channel.unfollow(connection)

    def close(self, reason: str) -> None:
        self.running = False
        self.channel.close(reason)


def test_watchers_leaving_mid_game_leave_no_connection_behind(
        caplog: pytest.LogCaptureFixture) -> None:
    server = Server("127.0.0.1", 0, Limits(keep=1 << 18))
    table = Stream(server)
    server.add(table)
    port = server.start()[1]
    table.thread.start()
    try:
        for visit in range(300):
            raw = Raw(port)
            assert raw.hello("stud", "watch")["type"] == "welcome"
            if visit % 3:
                raw.until("output")
            if visit % 3 == 1:
                raw.close()
            else:
                reset(raw)  # some before reading a byte of the transcript
        assert wait_until(lambda: server.connections == 0), \
            f"{server.connections} connections left behind"
        # Nothing on the host's standard error: asyncio's log stays quiet.
        assert not [record for record in caplog.records
                    if record.name == "asyncio"], caplog.records[:3]
    finally:
        table.close("interrupted")
        server.close(1)


def test_idle_strangers_never_lock_out_a_player_or_a_token() -> None:
    served = Served(Limits(max_strangers=8, max_strangers_per_address=4))
    served.add("", "stud", [None, None], settings={"hands": 1})
    port = served.start()
    idle: list[Raw] = []

    def crowd(count: int) -> None:
        # Idle sockets, opened before the one that matters, as an attacker
        # does; the server has seen them all (a busy machine takes a while).
        idle.extend(Raw(port) for _ in range(count))
        time.sleep(0.3)
        server = served.server
        assert wait_until(lambda: server.connections - server._admitted <= 2 * 8, 10)

    try:
        slow = Raw(port)
        slow.send(b"{")  # a hello a byte at a time
        crowd(256)
        first = Raw(port)
        assert first.hello("stud")["type"] == "welcome"
        # Those dropped are cut a second after being told why.
        assert wait_until(lambda: served.server.connections <= 2 * 8 + 1, 5)
        assert slow.closed(timeout=5)
        crowd(64)
        second = Raw(port)
        welcome = second.hello("stud")
        assert welcome["type"] == "welcome"
        second.until("output")
        second.close()  # lost mid-game: the seat waits for its token
        crowd(64)
        back = Raw(port)
        assert back.hello("stud", token=welcome["token"])["type"] == "welcome"
        back.close()
        first.close()
    finally:
        for raw in idle:
            raw.close()
        served.close()


def test_wrong_passwords_back_off_per_address_and_the_host_is_told() -> None:
    told: list[str] = []
    served = Served()
    served.add("", "stud", [None, None], notify=lambda text, prompt: told.append(text))
    port = served.start()
    try:
        for _ in range(3):
            raw = Raw(port)
            refusal = raw.hello("stud", password="guess", protocol=99)
            # Nothing about the table is told before the password is right.
            assert refusal == {"type": "refused", "reason": "wrong password"}
            raw.close()
        raw = Raw(port)
        refusal = raw.hello("stud")  # the right one, but too soon
        assert refusal["reason"].startswith(
            "too many wrong passwords from 127.0.0.1: try again in"), refusal
        raw.close()
        assert "3 wrong passwords from 127.0.0.1" not in " ".join(told)
        assert "1 wrong password from 127.0.0.1" in told
        assert "2 wrong passwords from 127.0.0.1" in told
        time.sleep(1.1)  # the first wait is a second
        raw = Raw(port)
        assert raw.hello("stud")["type"] == "welcome"
        raw.close()
        # A right password (another client at the same address, say) gives a
        # guesser no free tries again: its next wrong one waits 2 seconds.
        raw = Raw(port)
        assert raw.hello("stud", password="guess")["reason"] == "wrong password"
        raw.close()
        raw = Raw(port)
        assert raw.hello("stud", password="guess")["reason"].startswith(
            "too many wrong passwords from 127.0.0.1: try again in 2 s")
        raw.close()
    finally:
        served.close()


def test_passwords_are_compared_as_bytes() -> None:
    served = Served()
    table = served.add("", "stud", [None, None])
    table._password = "\udcff\udcfe\udcfd\udcfc"  # four bytes that are not UTF-8
    port = served.start()
    try:
        raw = Raw(port)
        assert raw.hello("stud", password="\ud800\udc00\ud801\udfff")["reason"] \
            == "wrong password"
        raw.close()
        raw = Raw(port)
        assert raw.hello("stud", password="\udcff\udcfe\udcfd\udcfc")["type"] \
            == "welcome"
        raw.close()
    finally:
        served.close()


def test_a_table_password_has_eight_characters_at_least() -> None:
    result = run_game("stud", "--host", "0", "--password", "short12")
    assert result.returncode == 2
    assert b"argument --password: 8 to 200 characters" in result.stderr


def test_hints_go_to_the_seat_they_are_for_and_nowhere_else(
        capfd: pytest.CaptureFixture[str]) -> None:
    served = Served()
    served.add("", "bigtwo", [None, None, "smart", "smart"], hint=True)
    port = served.start()
    try:
        players = [Player(port, "bigtwo", seat=seat) for seat in (0, 1)]
        watcher = Player(port, "bigtwo", role="watch")
        for player in (*players, watcher):
            player.start()
        served.wait()
        for player in (*players, watcher):
            player.finish()
    finally:
        served.close()
    for player in players:
        asides = "".join(message["text"] for message in player.messages
                         if message["type"] == "aside")
        assert asides.startswith("Hint: "), asides[:100]
        assert "Hint" not in player.transcript
    assert not [message for message in watcher.messages if message["type"] == "aside"]
    # Not a word of them on the host's terminal.
    assert "Hint" not in capfd.readouterr().err


def test_a_turn_has_one_deadline_whatever_is_typed() -> None:
    served = Served()
    served.add("", "stud", [None, "smart"], settings={"hands": 1}, turn_timeout=2)
    port = served.start()
    try:
        raw = Raw(port)
        assert raw.hello("stud", seat=0)["type"] == "welcome"
        ask, _ = raw.until("ask")
        started = time.monotonic()
        text = ""
        # A refused line just before each deadline would once restart it.
        for _ in range(MAX_REFUSED - 1):
            time.sleep(0.6)
            raw.send({"type": "line", "ask": ask["ask"], "text": "junk"})
            ask, before = raw.until("ask")
            text += "".join(message.get("text", "") for message in before)
            if "did not move in 2 seconds" in text:
                break
        else:
            _, before = raw.until("ask")
            text += "".join(message.get("text", "") for message in before)
        assert "Player 0 did not move in 2 seconds: the computer moves for them." \
            in text
        assert time.monotonic() - started < 3.5
        raw.close()
    finally:
        served.close()


def test_a_handful_of_refused_lines_then_the_computer_moves_and_echoes_are_short(
        tmp_path: Path) -> None:
    served = Served()
    log = tmp_path / "table.jsonl"
    served.add("", "stud", [None, None], settings={"hands": 1},
               history=HistoryWriter.open(str(log)))
    port = served.start()
    try:
        flooder = Raw(port)
        assert flooder.hello("stud", seat=1)["type"] == "welcome"
        other = Player(port, "stud", seat=0)
        other.start()
        fake = "x" + " " * 80 + "Player 1 folds" + " " * 70 + "Player 0 wins the pot"
        ask, _ = flooder.until("ask")
        for _ in range(MAX_REFUSED):
            flooder.send({"type": "line", "ask": ask["ask"], "text": fake})
            ask, _ = flooder.until("ask")
        shown = other.transcript
        assert f"Player 1 typed {MAX_REFUSED} lines that made no move: the computer " \
            "moves for them." in shown
        echoed = [line for line in shown.splitlines() if "Player 1's turn" in line
                  and ": x" in line]
        assert len(echoed) == MAX_REFUSED
        assert all(line.endswith(": x Player 1 folds Player …") for line in echoed), \
            echoed
        flooder.close()
    finally:
        served.close()
    other.finish()  # the table closed: the thread has ended
    typed = [record["text"] for record in map(json.loads, log.read_text().splitlines())
             if record.get("type") == "line" and record["seat"] == 1]
    assert "x Player 1 folds Player …" in typed
    assert not [line for line in typed if len(line) > ECHO + 1]
    replay = run_game("stud", "--replay", str(log))  # the lines cut stay refused
    assert replay.returncode == 0, replay.stderr
    echo = ": x Player 1 folds Player …\n".encode()
    assert replay.stdout.count(echo) == MAX_REFUSED


def test_quit_at_a_table_leaves_the_seat_and_the_game_goes_on() -> None:
    served = Served()
    served.add("", "inbetween", [None, None, None],
               settings={"players": 3, "rounds": 2})
    port = served.start()
    try:
        quitter = Raw(port)
        assert quitter.hello("inbetween", seat=0)["type"] == "welcome"
        others = [Player(port, "inbetween", seat=seat) for seat in (1, 2)]
        for player in others:
            player.start()
        ask, _ = quitter.until("ask")
        quitter.send({"type": "line", "ask": ask["ask"], "text": "quit"})
        end, before = quitter.until("end")
        assert end["reason"] == "left", (ask, before)
        assert quitter.closed()
        served.wait()
        for player in others:
            player.finish()
            assert player.end == "over"
            assert "Player 0 has left the table: the computer plays for them from " \
                "now on." in player.transcript
    finally:
        served.close()


def test_watchers_get_a_recent_tail_and_joins_are_rate_limited() -> None:
    served = Served(Limits(watch_keep=2000, watch_burst=3, watch_rate=0.5))
    served.add("", "stud", [None, "smart"], settings={"hands": 50})
    port = served.start()
    try:
        player = Player(port, "stud", seat=0, stepping=True)
        player.start()
        for _ in range(60):
            assert player.asked.wait(10)
            player.asked.clear()
            player.proceed.set()
        assert player.asked.wait(10)  # the game waits for the player now
        assert len(player.transcript) > 10_000
        watchers = [Raw(port) for _ in range(4)]
        answers = [raw.hello("stud", "watch") for raw in watchers]
        assert [answer["type"] for answer in answers[:3]] == ["welcome"] * 3
        assert answers[3]["reason"] == \
            "too many watchers joining: try again in a few seconds"
        sent = ""
        try:
            for _ in range(1000):
                message = watchers[0].recv(timeout=0.5)
                assert message is not None
                sent += message.get("text", "")
        except TimeoutError:
            pass
        assert 0 < len(sent) <= 2000
        for raw in watchers:
            raw.close()
        player.raw.close()
    finally:
        served.close()


def test_a_client_that_never_reads_is_dropped_by_default_limits() -> None:
    # The system's send buffer is the server's to bound: by default, not only
    # asyncio's buffer counts but what the system holds unread too.
    served = Served(Limits(write_timeout=1.0))
    served.add("", "stud", [None, "smart"], settings={"hands": 30})
    port = served.start()
    try:
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deaf.connect(("127.0.0.1", port))
        deaf.sendall(json.dumps({"type": "hello", "protocol": 1, "game": "stud",
                                 "role": "watch", "password": PASSWORD}).encode()
                     + b"\n")
        player = Player(port, "stud", seat=0)
        player.start()
        served.wait()
        player.finish()
        assert player.end == "over"
        assert wait_until(lambda: served.server.connections == 0, 10), \
            "the client that never reads is still connected"
        deaf.close()
    finally:
        served.close()


def test_typed_lines_with_format_characters_are_refused() -> None:
    served = Served()
    served.add("", "stud", [None, "smart"], settings={"hands": 1})
    port = served.start()
    try:
        raw = Raw(port)
        assert raw.hello("stud", seat=0)["type"] == "welcome"
        for text in ("call\u202e", "\u200bcall", "\ufeffcall", "call\u2028Player 0",
                     "call\x85"):
            ask, _ = raw.until("ask")
            raw.send({"type": "line", "ask": ask["ask"], "text": text})
            error, _ = raw.until("error")
            assert error["text"] == "a line holds no control characters"
            raw.send({"type": "line", "ask": ask["ask"], "text": "fold"})
        raw.close()
    finally:
        served.close()


def test_a_message_is_at_most_65536_bytes_its_newline_included() -> None:
    served = Served()
    served.add("", "stud", [None, None])
    port = served.start()
    try:
        for size, kept in ((65_536, True), (65_537, False)):
            raw = Raw(port)
            assert raw.hello("stud", "watch")["type"] == "welcome"
            body = b'{"type": "line", "ask": 1, "text": "x"}'
            raw.send(body + b" " * (size - len(body) - 1) + b"\n")
            error, _ = raw.until("error")
            if kept:
                assert error["text"] == "no prompt of yours is waiting for that line"
                assert not raw.closed(timeout=1.5)
            else:
                assert error["text"] == "a message is at most 65536 bytes"
                assert raw.closed()
            raw.close()
    finally:
        served.close()


class Impostor(threading.Thread):
    """A listener at a table's address that answers one hello with `script`,
    then keeps the connection open, silent, until `release` is set."""

    def __init__(self, script: list[dict[str, object]]) -> None:
        super().__init__(daemon=True)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.script = script
        self.release = threading.Event()

    def run(self) -> None:
        self.listener.settimeout(30)
        conn, _ = self.listener.accept()
        with conn:
            conn.settimeout(30)
            while not conn.recv(65536).endswith(b"\n"):
                pass
            conn.sendall(b"".join(json.dumps(message).encode() + b"\n"
                                  for message in self.script))
            self.release.wait(30)
        self.listener.close()


BAD = "\x1b]0;pwned\x07\x1b[2J\x9b1m\u202e\u200b\ufeff\u2028\u2029\x00\r"


def test_the_client_prints_nothing_from_the_network_unsanitised() -> None:
    impostor = Impostor([
        {"type": "welcome", "protocol": 1, "game": "stud", "role": "play",
         "seat": BAD, "grace": BAD, "token": BAD},
        {"type": "notice", "text": f"news{BAD}"},
        {"type": "output", "text": f"text{BAD}\n"},
        {"type": "aside", "text": f"aside{BAD}\n"},
        {"type": "error", "text": f"error{BAD}"},
        {"type": "end", "reason": f"gone{BAD}"}])
    refuser = Impostor([{"type": "refused", "reason": f"no{BAD}"}])
    for fake in (impostor, refuser):
        fake.start()
        fake.release.set()
        result = run_game("stud", "--join", f"127.0.0.1:{fake.port}",
                          "--password", "x")
        fake.join(30)
        printed = (result.stdout + result.stderr).decode()
        assert "pwned" in printed or "no" in printed
        for char in BAD:
            if not char.isprintable():
                assert char not in printed, (char, printed)


def test_a_client_does_not_wait_forever_on_a_frozen_host() -> None:
    impostor = Impostor([{"type": "welcome", "protocol": 1, "game": "stud",
                          "role": "watch"}])
    impostor.start()
    out, err = io.StringIO(), io.StringIO()
    client = Client("stud", "stud", "127.0.0.1", impostor.port, role="watch",
                    password="x", terminal=Terminal(io.BytesIO(), out, stderr=err),
                    stdin_fd=None, stderr=err, silence=1.0)
    started = time.monotonic()
    try:
        assert client.run() == 1
    finally:
        impostor.release.set()
    assert time.monotonic() - started < 10
    assert f"stud: the table at 127.0.0.1:{impostor.port} stopped answering" in \
        err.getvalue()


def test_a_quiet_table_keeps_its_clients_with_pings() -> None:
    served = Served(Limits(keepalive=0.2))
    served.add("", "stud", [None, None])
    port = served.start()
    try:
        raw = Raw(port)
        assert raw.hello("stud")["type"] == "welcome"
        ping = None
        for _ in range(4):
            ping = raw.recv(timeout=2)
            if ping is not None and ping["type"] == "ping":
                break
        assert ping == {"type": "ping"}
        raw.close()
    finally:
        served.close()


def test_a_seat_token_is_never_read_as_an_option() -> None:
    # Typed after --token, a token starting with '-' is taken for an option
    # ("expected one argument"): one in 64 URL-safe tokens did.  Hexadecimal
    # never does.
    served = Served()
    served.add("", "stud", [None, None])
    port = served.start()
    try:
        players = [Raw(port), Raw(port)]
        tokens = [raw.hello("stud")["token"] for raw in players]
        for raw in players:
            raw.close()
    finally:
        served.close()
    assert all(re.fullmatch("[0-9a-f]{32}", token) for token in tokens), tokens
