"""``--show SEATS`` in Big Two and Stud: whose cards the table shows on their turns."""

from __future__ import annotations

import re

import pytest
from helpers.cli import run_game

FACE_DOWN = re.compile(r"^==> (\d+ )?\[  \]")
PROMPTS = {"bigtwo": re.compile(r"^Player \d's turn: (.*)$", re.MULTILINE),
           "stud": re.compile(r"^Player \d's turn \[[a-z/$0-9 ]+\]: (.*)$",
                               re.MULTILINE)}
EXTRA = {"bigtwo": [], "stud": ["--hands", "3"]}


def active_rows(transcript: str) -> list[tuple[int, str]]:
    """Return (seat, cards line) for every table row marked as the active seat's."""
    rows, seat = [], -1
    for line in transcript.splitlines():
        if match := re.match(r"^<Player (\d)>", line):
            seat = int(match.group(1))
        elif line.startswith("==> "):
            rows.append((seat, line))
    return rows


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
@pytest.mark.parametrize("seed", ["3", "8"])
def test_shown_seats_alone_have_their_cards_face_up(game: str, seed: str) -> None:
    result = run_game(game, "--computer", "all", "--show", "0", "--seed", seed,
                      *EXTRA[game])
    assert result.returncode == 0 and result.stderr == b""
    rows = active_rows(result.stdout.decode())
    seats = {0, 1, 2, 3} if game == "bigtwo" else {0, 1}
    assert {seat for seat, _ in rows} == seats
    for seat, line in rows:
        assert (FACE_DOWN.match(line) is not None) == (seat != 0), line


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_a_transcript_with_show_replays_with_the_same_show(game: str) -> None:
    args = ["--show", "1", "--seed", "12", *EXTRA[game]]
    first = run_game(game, "--computer", "all", "--strategy", "random", *args)
    assert first.returncode == 0
    moves = PROMPTS[game].findall(first.stdout.decode())
    again = run_game(game, *args, stdin="".join(f"{move}\n" for move in moves).encode())
    assert again.returncode == 0
    assert again.stdout == first.stdout


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_show_all_is_the_default(game: str) -> None:
    args = ["--computer", "all", "--seed", "4", *EXTRA[game]]
    assert run_game(game, *args, "--show", "all").stdout == run_game(game, *args).stdout


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
@pytest.mark.parametrize(("args", "message"), [
    (["--show", "4"], "argument --show: '4' is not a seat"),
    (["--show", ""], "argument --show: '' is not a seat"),
    (["--show", "0,x"], "argument --show: 'x' is not a seat"),
    (["--simulate", "2", "--show", "0"],
     "--simulate prints no transcript: it takes no --show"),
])
def test_bad_show_options_are_one_line_and_exit_2(game: str, args: list[str],
                                                  message: str) -> None:
    result = run_game(game, *args)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().startswith(f"{game}: error: {message}")
    assert result.stderr.count(b"\n") == 1
