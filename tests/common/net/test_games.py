"""Whole games at a table, every seat a client process of its own.

Each client's transcript must be, byte for byte, what local play of the same
lines with ``--show SEAT`` prints; a watcher's must be the host's; and the
host's hand history must replay the host's transcript.
"""

from __future__ import annotations

import pytest
from helpers.cli import run_game
from helpers.netplay import (
    HIDDEN,
    Host,
    Proc,
    join,
    lines_of,
    local_game,
    show,
    typed_lines,
    watch,
)
from helpers.paths import DATA

GAMES = {
    "bigtwo": ["--seed", "11"],
    "stud": ["--seed", "5", "--hands", "3"],
    "inbetween": ["--seed", "7", "--players", "3"],
    "reddog": ["--seed", "2", "--rounds", "6", "--hint"],
}
JUNK = [b"junk!", b"\xff\xfe not UTF-8", b"  ", "\u00bfqu\u00e9?".encode()]


def script(game: str, args: list[str]) -> list[tuple[int, bytes]]:
    """Return (seat, line) to type: a computer game's moves, with junk before them.

    Every junk line is one the game refuses, so the game played is the same.
    """
    computer = ["--computer"] if game == "reddog" else ["--computer", "all"]
    played = run_game(game, *computer, *args, *show(game, 0))
    assert played.returncode == 0, played.stderr
    lines: list[tuple[int, bytes]] = []
    seen: set[int] = set()
    for number, (seat, line) in enumerate(typed_lines(game, played.stdout)):
        if game == "bigtwo":
            # Four cards are never a hand; an empty selection cannot open the game.
            if seat not in seen:
                lines.append((seat, b"0 1 2 3"))
            if number == 0:
                lines.append((seat, b"pass? \xff"))
        else:
            lines.append((seat, JUNK[number % len(JUNK)]))
        seen.add(seat)
        lines.append((seat, line.encode()))
    return lines


@pytest.mark.parametrize("game", list(GAMES))
def test_every_client_prints_what_local_play_with_show_prints(game: str,
                                                              tmp_path: object) -> None:
    args = GAMES[game]
    lines = script(game, args)
    everything = b"".join(line + b"\n" for _, line in lines)
    seats = sorted({seat for seat, _ in lines})
    expected = {seat: local_game(game, args, everything, seat) for seat in seats}
    log = f"{tmp_path}/table.jsonl"

    host = Host(game, *args, "--log", log)
    clients: dict[int, Proc] = {}
    try:
        watcher = watch(game, host)
        watcher.wait_for("watching the table")
        for seat in seats:
            mine = b"".join(line + b"\n" for who, line in lines if who == seat)
            clients[seat] = join(game, host, "--seat", str(seat), stdin=mine)
        for seat, client in clients.items():
            status, out, err = client.finish()
            assert status == 0, err
            assert out == expected[seat], f"seat {seat}"
            assert b"Traceback" not in err
        status, watched, err = watcher.finish()
        assert status == 0, err
        status, hosted, err = host.finish()
        assert status == 0, err
        assert b"the game begins" in err
    finally:
        host.kill()
        for client in clients.values():
            client.kill()
    if game not in HIDDEN:
        assert hosted == expected[0]  # every seat sees the same table
    assert watched == hosted
    replay = run_game(game, "--replay", log)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout == hosted


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_the_host_playing_a_seat_prints_what_local_play_with_show_prints(
        game: str, tmp_path: object) -> None:
    args = GAMES[game]
    lines = script(game, args)
    everything = b"".join(line + b"\n" for _, line in lines)
    log = f"{tmp_path}/table.jsonl"
    host = Host(game, *args, "--seat", "1", "--log", log,
                stdin=b"".join(line + b"\n" for who, line in lines if who == 1))
    clients = {}
    try:
        for seat in sorted({seat for seat, _ in lines} - {1}):
            clients[seat] = join(game, host, "--seat", str(seat), stdin=b"".join(
                line + b"\n" for who, line in lines if who == seat))
        for client in clients.values():
            assert client.finish()[0] == 0
        status, hosted, err = host.finish()
        assert status == 0, err
    finally:
        host.kill()
        for client in clients.values():
            client.kill()
    assert hosted == local_game(game, args, everything, 1)
    replay = run_game(game, "--replay", log)
    assert replay.stdout == hosted


def test_friends_watch_a_red_dog_session_the_computer_plays() -> None:
    args = ["--seed", "4", "--rounds", "5", "--computer", "--hint"]
    local = run_game("reddog", *args)
    host = Host("reddog", *args)
    try:
        host.wait_for("waiting for someone to watch")
        # The computer plays at once: one watcher, or the next may come too late.
        status, out, err = watch("reddog", host).finish()
        assert status == 0, err
        assert out == local.stdout
        status, hosted, _ = host.finish()
        assert status == 0 and hosted == local.stdout
    finally:
        host.kill()


def test_the_assignment_s_sample_game_across_terminals() -> None:
    """The appendix game, each player at a terminal of their own: the host,
    shown every seat's cards as at one keyboard, prints the sample byte for byte."""
    data = DATA / "bigtwo"
    expected = (data / "appendix.out").read_bytes()
    lines = typed_lines("bigtwo", expected)
    host = Host("bigtwo", "--deck", str(data / "appendix.deck"), "--show", "all")
    try:
        clients = [join("bigtwo", host, "--seat", str(seat),
                        stdin=lines_of(lines, seat)) for seat in range(4)]
        for seat, client in enumerate(clients):
            status, out, err = client.finish()
            assert status == 0, err
            assert out == local_game("bigtwo", ["--deck", str(data / "appendix.deck")],
                                     (data / "appendix.in").read_bytes(), seat)
        status, hosted, err = host.finish()
        assert status == 0, err
    finally:
        host.kill()
    assert hosted == expected
