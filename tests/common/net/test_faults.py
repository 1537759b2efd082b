"""Faults at a table: players lost and back, gone for good or silent; Ctrl-C;
input ending."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from helpers.cli import run_game
from helpers.netplay import (
    Host,
    Player,
    Raw,
    join,
    lines_of,
    local_game,
    typed_lines,
    watch,
)


def moves(game: str, *args: str) -> list[tuple[int, str]]:
    """Return the lines typed in a game the computer plays in every seat."""
    played = run_game(game, "--computer", "all", *args, "--show", "0")
    assert played.returncode == 0
    return typed_lines(game, played.stdout)


def replays(game: str, log: Path, transcript: bytes) -> None:
    result = run_game(game, "--replay", str(log))
    assert result.returncode == 0, result.stderr
    assert result.stdout == transcript


def waiting_at(prompt: bytes, count: int):  # noqa: ANN201
    """Return a check: the output shows a prompt starting `prompt` `count` times,
    the last one unanswered."""
    return lambda out, err: out.count(prompt) == count and out.endswith(b": ") \
        and out.rfind(prompt) > out.rfind(b"\n")


def test_a_client_killed_comes_back_with_its_token_and_carries_on(
        tmp_path: Path) -> None:
    args = ["--seed", "11"]
    lines = moves("bigtwo", *args)
    script = "".join(f"{line}\n" for _, line in lines).encode()
    mine = [line for seat, line in lines if seat == 2]
    log = tmp_path / "table.jsonl"
    host = Host("bigtwo", *args, "--grace", "60", "--log", str(log))
    try:
        others = {seat: join("bigtwo", host, "--seat", str(seat),
                             stdin=lines_of(lines, seat)) for seat in (0, 1, 3)}
        first = join("bigtwo", host, "--seat", "2", stdin=None)
        token = first.wait_for(r"--token (\S+)").group(1)
        half = len(mine) // 2
        first.feed("".join(f"{line}\n" for line in mine[:half]).encode())
        first.wait_until(waiting_at(b"Player 2's turn: ", half + 1))
        first.kill()
        host.wait_for("Player 2 lost the connection; the seat waits 60 seconds")
        again = join("bigtwo", host, "--token", token,
                     stdin="".join(f"{line}\n" for line in mine[half:]).encode())
        status, out, err = again.finish()
        assert status == 0, err
        # The transcript kept on the server comes whole to the new client.
        assert out == local_game("bigtwo", args, script, 2)
        for seat, client in others.items():
            status, out, err = client.finish()
            assert status == 0, err
            assert out == local_game("bigtwo", args, script, seat)
            assert b"Player 2 is back" in err
        status, hosted, _ = host.finish()
        assert status == 0
    finally:
        host.kill()
    replays("bigtwo", log, hosted)


def test_a_token_moves_the_seat_to_the_newest_connection() -> None:
    host = Host("stud", "--seed", "5", "--hands", "1", "--computer", "1")
    try:
        first = Raw(host.port)
        welcome = first.hello("stud")
        ask, _ = first.until("ask")
        second = Raw(host.port)
        assert second.hello("stud", token=welcome["token"])["seat"] == 0
        # The first connection is told, then dropped.
        error, _ = first.until("error")
        assert "took this seat" in error["text"]
        assert first.closed()
        # The new one gets the transcript so far, then the same prompt.
        again, before = second.until("ask")
        assert again["ask"] == ask["ask"]
        assert "".join(m["text"] for m in before if m["type"] == "output").startswith(
            "=== Hand 1 of 1: Player 0 $100, Player 1 $100 ===\n")
        second.close()
    finally:
        host.kill()


def test_a_player_away_past_the_grace_period_is_replaced_by_the_computer(
        tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    host = Host("bigtwo", "--seed", "4", "--computer", "0,1,3", "--grace", "1",
                "--log", str(log))
    try:
        watcher = watch("bigtwo", host)
        watcher.wait_for("watching the table")
        client = join("bigtwo", host, stdin=None)
        client.wait_until(lambda out, err: out.endswith(b"Player 2's turn: "))
        client.kill()
        status, watched, err = watcher.finish()
        assert status == 0, err
        status, hosted, err = host.finish()
        assert status == 0, err
    finally:
        host.kill()
    text = ("Player 2 did not come back in 1 second: the computer plays for them "
            "from now on.\nPlayer 2's turn: ")
    assert watched.decode().count(text) == 1
    assert b"Game ends" in watched
    assert hosted == watched
    replays("bigtwo", log, hosted)


def test_a_silent_player_has_the_computer_move_for_them_on_each_timeout(
        tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    host = Host("stud", "--seed", "5", "--hands", "1", "--computer", "0",
                "--turn-timeout", "1", "--log", str(log))
    try:
        silent = Raw(host.port)  # takes seat 1 and answers nothing
        assert silent.hello("stud")["type"] == "welcome"
        end, messages = silent.until("end", timeout=60)
        status, hosted, err = host.finish()
        assert status == 0, err
    finally:
        host.kill()
    assert end["reason"] == "over"
    asks = [message["ask"] for message in messages if message["type"] == "ask"]
    cancels = [message["ask"] for message in messages if message["type"] == "cancel"]
    assert asks and cancels == asks
    timeout = "Player 1 did not move in 1 second: the computer moves for them.\n"
    transcript = "".join(m["text"] for m in messages if m["type"] == "output")
    assert transcript.count(timeout) == len(asks)
    assert hosted.decode().count(timeout) == len(asks)
    replays("stud", log, hosted)


def test_ctrl_c_at_the_host_ends_the_table_and_tells_every_client(
        tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    host = Host("stud", "--seed", "5", "--log", str(log))
    try:
        clients = [join("stud", host, "--seat", str(seat), stdin=None)
                   for seat in (0, 1)]
        for client in clients:
            client.wait_for("the game begins")
        clients[0].wait_until(lambda out, err: b"turn [" in out
                              or b"turn [" in clients[1].out)
        host.signal(signal.SIGINT)
        status, hosted, err = host.finish()
        assert status == 130
        assert err.endswith(b"stud: interrupted\n") and b"Traceback" not in err
        for client in clients:
            status, _, err = client.finish()
            assert status == 1
            assert err.endswith(b"stud: the table closed before the game was over "
                                b"(interrupted)\n")
    finally:
        host.kill()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[-1] == {"type": "end", "reason": "interrupted"}
    replays("stud", log, hosted)


def _leaving(tmp_path: Path, leave: str) -> None:
    log = tmp_path / "table.jsonl"
    host = Host("stud", "--seed", "5", "--hands", "2", "--log", str(log))
    try:
        other = Player(host.port, "stud", seat=1)
        other.start()
        client = join("stud", host, "--seat", "0", stdin=None)
        client.feed(b"junk\n")
        client.wait_until(waiting_at(b"Player 0's turn [", 2))
        if leave == "ctrl-c":
            client.signal(signal.SIGINT)
        else:
            client.feed(b"", close=True)
        status, out, err = client.finish()
        other.finish()
        status_host, hosted, _ = host.finish()
    finally:
        host.kill()
    if leave == "ctrl-c":
        assert status == 130 and err.endswith(b"stud: interrupted\n")
    else:
        assert status == 1
        assert err.endswith(b"stud: input ended before the game was over\n")
    assert b"Traceback" not in err
    text = "Player 0 has left the table: the computer plays for them from now on.\n"
    assert other.transcript.count(text) == 1 and other.end == "over"
    assert status_host == 0 and hosted.decode().count(text) == 1
    replays("stud", log, hosted)


def test_ctrl_c_at_a_client_leaves_its_seat_to_the_computer(tmp_path: Path) -> None:
    _leaving(tmp_path, "ctrl-c")


def test_input_ending_at_a_client_leaves_its_seat_to_the_computer(
        tmp_path: Path) -> None:
    _leaving(tmp_path, "end of input")


def test_a_client_that_loses_the_table_says_how_to_come_back() -> None:
    host = Host("stud", "--seed", "5", "--computer", "1")
    try:
        client = join("stud", host, stdin=None)
        token = client.wait_for(r"--token (\S+)").group(1)
        client.wait_until(lambda out, err: out.endswith(b"]: "))
        host.kill()  # the table vanishes without a word
        status, _, err = client.finish()
    finally:
        host.kill()
    assert status == 1 and b"Traceback" not in err
    assert err.decode().endswith(
        f"stud: lost the connection to {host.address}\n"
        f"stud: come back within 120 s with --join {host.address} --token {token} "
        "(and the password)\n")
