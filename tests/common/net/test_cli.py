"""The command line of tables: options, and the ways a client is turned away.

Each problem is one line on standard error and exit status 2, before any
play, with nothing on standard output.
"""

from __future__ import annotations

import signal
import socket
import threading

import pytest
from helpers.cli import run_game
from helpers.netplay import PASSWORD, Host, join

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]


def one_line(result, message: str) -> None:  # noqa: ANN001
    assert result.returncode == 2, result.stderr
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1, result.stderr
    assert message in result.stderr.decode(), result.stderr


BAD = [
    (["--host", "0", "--join", "127.0.0.1:1"], "--host and --join go alone"),
    (["--join", "127.0.0.1:1", "--password", "x", "--seed", "3"],
     "--join plays the table's game: it takes no --seed"),
    (["--watch", "127.0.0.1:1", "--password", "x", "--log", "f"],
     "--watch plays the table's game: it takes no --log"),
    (["--join", "127.0.0.1:1", "--password", "x", "--grace", "3"],
     "--join plays the table's game: it takes no --grace"),
    (["--join", "nowhere", "--password", "x"],
     "argument --join: 'nowhere' is not HOST:PORT"),
    (["--join", "host:99999", "--password", "x"], "'99999' is not a port"),
    (["--join", "::1:5000", "--password", "x"], "write an IPv6 address in brackets"),
    (["--host", "x:y"], "argument --host: 'y' is not a port"),
    (["--join", "127.0.0.1:1"], "--join needs the table's --password"),
    (["--watch", "127.0.0.1:1", "--password", "x", "--seat", "1"],
     "--watch takes no seat: it takes no --seat"),
    (["--join", "127.0.0.1:1", "--password", "x", "--token", "t", "--seat", "0"],
     "--token takes back the seat it was given for: it takes no --seat"),
    (["--join", "127.0.0.1:1", "--password", "x", "--name", " spaced"],
     "argument --name: a name is 1 to 32 printable characters"),
    (["--join", "127.0.0.1:1", "--password", ""], "argument --password: 1 to 200"),
    (["--grace", "5"], "--grace needs --host"),
    (["--turn-timeout", "5"], "--turn-timeout needs --host"),
    (["--max-connections", "5"], "--max-connections needs --host"),
    (["--host", "0", "--max-connections", "0"],
     "argument --max-connections: must be 1 to 10000"),
    (["--token", "t"], "--token needs --join"),
    (["--password", "x"], "--password needs --host, --join or --watch"),
    (["--host", "0", "--turn-timeout", "0"], "argument --turn-timeout: must be 1 to"),
    (["--host", "0", "--replay", "x"],
     "--host opens a table to play: it takes no --replay"),
    (["--host", "0", "--simulate", "5"], "--host opens a table to play: it takes no"),
    (["--host", "0", "--token", "t"],
     "--host opens a table to play: it takes no --token"),
    (["--host", "0", "--name", "me"], "--name with --host names the host's seat"),
    (["--host", "0", "--seat", "9"], "argument --seat: 9 is not a seat"),
    (["--host", "0", "--deck", "/nonexistent"], "cannot read deck file /nonexistent"),
    (["--host", "256.1.1.1:0"], "cannot open a table at 256.1.1.1:0"),
]


# The options are every game's alike: each case is tried on one game, in turn.
@pytest.mark.parametrize(("game", "args", "message"), [
    (GAMES[number % len(GAMES)], args, message)
    for number, (args, message) in enumerate(BAD)])
def test_bad_table_options_are_one_line_and_exit_2(game: str, args: list[str],
                                                   message: str) -> None:
    one_line(run_game(game, *args, stdin=b"junk\n"), message)


def test_the_host_cannot_take_a_computer_seat() -> None:
    one_line(run_game("stud", "--host", "0", "--seat", "1", "--computer", "1"),
             "argument --seat: the computer plays seat 1")
    one_line(run_game("reddog", "--odds", "--host", "0"),
             "--odds plays no game: it takes no --host")


def test_a_port_in_use_is_one_line_and_exit_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line(run_game("bigtwo", "--host", str(port)),
                 f"cannot open a table at 127.0.0.1:{port}: ")


@pytest.mark.parametrize("mode", ["--join", "--watch"])
def test_an_unreachable_table_is_one_line_and_exit_2(mode: str) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    one_line(run_game("stud", mode, f"127.0.0.1:{port}", "--password", "x"),
             f"stud: cannot reach 127.0.0.1:{port}: ")


def test_what_is_not_a_table_is_one_line_and_exit_2() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()

        def answer() -> None:
            connection, _ = server.accept()
            with connection:
                connection.recv(4096)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

        thread = threading.Thread(target=answer, daemon=True)
        thread.start()
        port = server.getsockname()[1]
        one_line(run_game("stud", "--join", f"127.0.0.1:{port}", "--password", "x"),
                 f"stud: no cardgames table answered at 127.0.0.1:{port}")
        thread.join(10)


def test_a_wrong_password_a_full_table_and_another_game_are_refused() -> None:
    host = Host("stud", "--computer", "1", "--seed", "3")
    try:
        address = f"127.0.0.1:{host.port}"
        one_line(run_game("stud", "--join", address, "--password", "nope"),
                 f"stud: the table at {address} refused: wrong password")
        one_line(run_game("bigtwo", "--join", address, "--password", PASSWORD),
                 f"bigtwo: the table at {address} refused: this table plays stud, "
                 "not bigtwo")
        one_line(run_game("stud", "--join", address, "--password", PASSWORD,
                          "--seat", "1"),
                 "refused: seat 1 is played by the computer")
        player = join("stud", host, stdin=None)
        player.wait_for("the game begins")
        one_line(run_game("stud", "--join", address, "--password", PASSWORD),
                 "refused: the table is full: the game has begun")
        one_line(run_game("stud", "--join", address, "--password", PASSWORD,
                          "--token", "forged"),
                 "refused: no seat at this table holds that token")
        player.kill()
    finally:
        host.kill()


def test_max_connections_bounds_the_table_and_tells_the_host() -> None:
    host = Host("stud", "--computer", "1", "--seed", "3", "--max-connections", "1")
    try:
        address = f"127.0.0.1:{host.port}"
        player = join("stud", host, stdin=None)
        player.wait_for("the game begins")
        one_line(run_game("stud", "--watch", address, "--password", PASSWORD),
                 f"stud: the table at {address} refused: the server is busy: it "
                 "holds 1 connection at once, all taken")
        host.wait_for(r"stud: a client was refused: the table holds 1 connection "
                      r"at once \(--max-connections\); others will be too")
        player.kill()
    finally:
        host.kill()


def test_ctrl_c_at_a_table_waiting_for_players() -> None:
    host = Host("inbetween", "--players", "3")
    try:
        early = join("inbetween", host, stdin=None)
        early.wait_for("waiting for 2 more players")
        host.wait_for("waiting for 2 more players")
        host.signal(signal.SIGINT)
        status, out, err = host.finish()
        assert status == 130 and out == b""
        assert err.endswith(b"inbetween: interrupted\n")
        status, out, err = early.finish()
        assert status == 1 and out == b""
        assert err.endswith(
            b"the table closed before the game was over (interrupted)\n")
    finally:
        host.kill()


@pytest.mark.parametrize("game", GAMES)
def test_help_names_the_table_options(game: str) -> None:
    result = run_game(game, "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.decode().split())
    for option in ("--host [ADDR:]PORT", "--join HOST:PORT", "--watch HOST:PORT",
                   "--grace SECONDS", "--turn-timeout SECONDS", "default 120"):
        assert option in text
