"""Raw-socket abuse of a table in play: each abuser is refused or dropped, and
the players' transcripts are still, byte for byte, those of local play."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from helpers.cli import run_game
from helpers.netplay import Host, Player, Raw, join, lines_of, local_game, typed_lines

GAME = "bigtwo"
ARGS = ["--seed", "11"]


def refused(raw: Raw, reason: str) -> None:
    """The connection got a refusal (or error) naming `reason`, then was closed."""
    message = raw.recv()
    assert message is not None and message["type"] in ("refused", "error"), message
    key = "reason" if message["type"] == "refused" else "text"
    assert reason in message[key], message
    assert raw.closed()


def test_abusers_are_refused_or_dropped_and_the_players_never_notice(
        tmp_path: Path) -> None:
    played = run_game(GAME, "--computer", "all", *ARGS, "--show", "0")
    lines = typed_lines(GAME, played.stdout)
    script = "".join(f"{line}\n" for _, line in lines).encode()
    log = tmp_path / "table.jsonl"
    host = Host(GAME, *ARGS, "--log", str(log))
    held: list[Raw] = []
    try:
        player = Player(host.port, GAME, seat=0, stepping=True,
                        lines=[line for seat, line in lines if seat == 0])
        player.start()
        clients = {seat: join(GAME, host, "--seat", str(seat),
                              stdin=lines_of(lines, seat)) for seat in (1, 2, 3)}
        assert player.asked.wait(30)
        port = host.port
        ask = player.ask
        assert ask is not None

        # Garbage: not JSON, too long (with and without a line break), not UTF-8.
        for data, reason in ((b'{"type": "hello", oops\n', "JSON"),
                             (b"x" * (70 * 1024) + b"\n", "at most"),
                             (b"y" * (70 * 1024), "at most"),
                             (b'\xff\xfe{"type": "hello"}\n', "UTF-8"),
                             (b"[1, 2]\n", "object"),
                             (b"[" * 50000 + b"\n", "JSON")):
            raw = Raw(port)
            raw.send(data)
            refused(raw, reason)
        # Hellos the table refuses: a wrong password, version, game or token,
        # and a seat when the table is full.
        for fields, reason in (({"password": "wrong"}, "wrong password"),
                               ({"protocol": 99}, "speaks protocol 1"),
                               ({"game": "stud"}, "plays bigtwo"),
                               ({"token": "A" * 22}, "holds that token"),
                               ({}, "the table is full")):
            raw = Raw(port)
            hello = {"type": "hello", "protocol": 1, "game": GAME, "role": "play",
                     "password": "opensesame", **fields}
            raw.send(hello)
            refused(raw, reason)
        # A watcher moving (for the seat whose turn it is), saying hello twice,
        # or sending what is no message: refused, then dropped.
        raw = Raw(port)
        assert raw.hello(GAME, "watch")["type"] == "welcome"
        raw.send({"type": "line", "ask": ask["ask"], "text": "0"})
        error, _ = raw.until("error")
        assert "no prompt of yours" in error["text"]
        raw.send({"type": "hello", "protocol": 1})
        error, _ = raw.until("error")
        assert raw.closed()
        # A flood of messages: dropped.
        raw = Raw(port)
        assert raw.hello(GAME, "watch")["type"] == "welcome"
        try:
            for _ in range(2000):
                raw.send(b'{"type": "line", "ask": 1, "text": "flood"}\n')
        except OSError:
            pass  # dropped already
        assert raw.closed()
        # Held open: a connection that never says hello, one that stops
        # halfway through its hello, a watcher that never reads, and one that
        # shuts its sending side.
        held.append(Raw(port))
        partial = Raw(port)
        partial.send(b'{"type": "hello", "proto')
        held.append(partial)
        deaf = socket.socket()
        deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        deaf.connect(("127.0.0.1", port))
        deaf.sendall(b'{"type": "hello", "protocol": 1, "game": "bigtwo", '
                     b'"role": "watch", "password": "opensesame"}\n')
        half = Raw(port)
        assert half.hello(GAME, "watch")["type"] == "welcome"
        half.sock.shutdown(socket.SHUT_WR)
        held.append(half)

        # The seat's own connection: a line for a prompt that is not its own
        # (an earlier one, another seat's), and one with control characters.
        player.raw.send({"type": "line", "ask": ask["ask"] - 1, "text": "0"})
        player.raw.send({"type": "line", "ask": ask["ask"], "text": "0\x1b[2J"})
        player.proceed.set()
        deadline = time.monotonic() + 60
        while player.is_alive() and time.monotonic() < deadline:
            if player.asked.wait(0.5):
                player.asked.clear()
                player.proceed.set()
        player.finish()
        for seat, client in clients.items():
            status, out, err = client.finish()
            assert status == 0, err
            assert out == local_game(GAME, ARGS, script, seat), f"seat {seat}"
        status, hosted, err = host.finish()
        assert status == 0, err
        # Nothing went wrong on the server's side: no traceback, no asyncio log.
        assert b"Traceback" not in err and b"xception" not in err, err
        deaf.close()
    finally:
        host.kill()
        for raw in held:
            raw.close()
    assert player.end == "over"
    assert player.transcript.encode() == local_game(GAME, ARGS, script, 0)
    errors = [m["text"] for m in player.messages if m["type"] == "error"]
    assert errors == ["no prompt of yours is waiting for that line",
                      "a line holds no control characters"]
    replay = run_game(GAME, "--replay", str(log))
    assert replay.stdout == hosted
