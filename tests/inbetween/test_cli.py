"""``python3 -m inbetween``: options, errors, end of input and the hand history."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from helpers.cli import run_game
from helpers.paths import DATA

from inbetween.program import main

DATA = DATA / "inbetween"
run = functools.partial(run_game, "inbetween")


def test_help_lists_the_options() -> None:
    result = run("--help")
    assert result.returncode == 0 and result.stderr == b""
    for option in (b"--players", b"--refill", b"--rounds", b"--seed", b"--deck",
                   b"--log", b"--version"):
        assert option in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith(b"inbetween (cardgames-console) ")


@pytest.mark.parametrize("args", [
    ["--players", "1"], ["--players", "11"], ["--players", "0"], ["--players", "-2"],
    ["--players", "two"], ["--players"], ["--seed", "x"], ["--bogus"], ["extra"],
    ["--rounds", "0"], ["--rounds", "-1"], ["--rounds", "x"], ["--rounds"],
    ["--rounds", "1000001"], ["--refill", "yes"],
    ["--deck", "tests/data/inbetween/no-such-file.deck"],
    ["--deck", "tests/data/inbetween"],
    ["--log", "tests/data/inbetween/no-such-dir/game.jsonl"],
    ["--log", "tests/data/inbetween"],
])
def test_bad_option_is_one_line_and_exit_2(args: list[str]) -> None:
    result = run(*args, stdin=b"1\n")
    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("inbetween: error: ")


def test_player_range_message() -> None:
    result = run("--players", "11")
    assert result.stderr == (
        b"inbetween: error: argument --players: must be 2 to 10, not 11\n")


@pytest.mark.parametrize("text", [
    "3D 4D",                                   # too few
    ("3D " * 52),                              # repeated
    "XX " + (DATA / "two_players.deck").read_text()[3:],  # a bad token
])
def test_bad_deck_file_is_refused_before_the_log_is_opened(
        tmp_path: Path, text: str) -> None:
    deck, log = tmp_path / "bad.deck", tmp_path / "game.jsonl"
    deck.write_text(text)
    result = run("--deck", str(deck), "--log", str(log))
    assert result.returncode == 2 and result.stdout == b""
    assert len(result.stderr.splitlines()) == 1
    assert b"deck file" in result.stderr
    assert not log.exists()


def test_main_reports_bad_options_as_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--players", "12"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("stdin", [b"", b"x\n", b"x\ny\n\n", b"1\n"])
def test_end_of_input_is_one_stderr_line_and_exit_1(stdin: bytes) -> None:
    result = run("--players", "3", "--seed", "4", stdin=stdin)
    assert result.returncode == 1
    assert result.stderr == b"inbetween: input ended before the game was over\n"
    assert result.stdout.startswith(b"In Between: 3 players, 10 coins each.\n")
    assert result.stdout.endswith(b"/fold/quit]: ")


def test_quit_exits_0_with_the_standings() -> None:
    result = run("--players", "5", "--seed", "9", stdin=b"QUIT\n")
    assert result.returncode == 0 and result.stderr == b""
    assert b"quit\n" in result.stdout.lower()
    assert result.stdout.count(b" coins.\n") >= 5
    assert b"The pool has 5 coins.\n" in result.stdout


def test_seed_replays_the_same_game() -> None:
    stdin = b"1\nf\n1\n2\n3\nfold\n" * 30
    first = run("--players", "4", "--seed", "77", stdin=stdin)
    second = run("--players", "4", "--seed", "77", stdin=stdin)
    assert first.stdout == second.stdout and first.returncode == second.returncode


def test_log_records_every_event(tmp_path: Path) -> None:
    log = tmp_path / "four.jsonl"
    result = run("--players", "4", "--seed", "7", "--deck",
                 str(DATA / "four_players.deck"), "--log", str(log),
                 stdin=(DATA / "four_players.in").read_bytes())
    assert result.returncode == 0
    lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    # The event records, without their "type" (every other record is not an event).
    records = [{key: value for key, value in r.items() if key != "type"}
               for r in lines if r["type"] == "event"]
    kinds = [r["event"] for r in records]
    assert kinds[:6] == ["game_start"] + ["transfer"] * 4 + ["round_start"]
    assert records[0] == {"event": "game_start", "players": 4, "coins": 10}
    assert records[5] == {"event": "round_start", "round": 1, "dealer": 0,
                          "order": [1, 2, 3, 0], "coins": [9, 9, 9, 9], "pool": 4}
    assert records[6] == {"event": "deal", "seat": 1, "cards": ["4D", "JC"]}
    assert records[10] == {"event": "decision", "seat": 1, "action": "bet",
                           "amount": 1}
    assert records[11] == {"event": "draw", "seat": 1, "card": "JS",
                           "cards": ["4D", "JC"], "outcome": "equal"}
    assert records[12] == {"event": "transfer", "payer": 1, "payee": "pool",
                           "amount": 1, "reason": "lost bet",
                           "coins": [9, 8, 9, 9], "pool": 5}
    assert records[13] == {"event": "pair", "seat": 2, "pair": "consecutive",
                           "cards": ["8H", "9S"]}
    assert {"event": "decision", "seat": 3, "action": "fold",
            "amount": None} in records
    assert records[-1] == {"event": "game_end", "reason": "quit", "seat": 1,
                           "coins": [7, 8, 13, 6], "pool": 6, "winners": [2]}
    assert kinds.count("round_start") == 2 and kinds.count("draw") == 5
    for record in records:
        if record["event"] == "transfer":
            assert sum(record["coins"]) + record["pool"] == 40


def test_a_round_limit_ends_the_game_with_the_standings() -> None:
    result = run("--players", "3", "--rounds", "1", "--computer", "all", "--seed", "2")
    assert result.returncode == 0 and result.stderr == b""
    text = result.stdout.decode()
    assert text.startswith("In Between: 3 players, 10 coins each.\n"
                           "The game ends after 1 round.\n")
    assert "Round 2" not in text
    assert "Game ends: that was the last round.\n" in text


def test_the_house_rules_are_recorded_and_replayed(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    args = ["--players", "3", "--refill", "--rounds", "5", "--seed", "4"]
    played = run(*args, "--computer", "1,2", "--log", str(log),
                 stdin=b"9\n1\nfold\n2\n3\n1\n1\n2\n1\n")
    assert played.returncode in (0, 1)
    header = json.loads(log.read_text("utf-8").splitlines()[0])
    assert header["options"]["refill"] is True
    assert header["options"]["rounds"] == 5
    assert header["options"]["players"] == 3
    replayed = run("--replay", str(log))
    assert replayed.returncode == 0 and replayed.stdout == played.stdout
    for option in (["--refill"], ["--rounds", "5"]):
        refused = run("--replay", str(log), *option)
        assert refused.returncode == 2 and refused.stdout == b""
        assert b"it takes no --r" in refused.stderr


def test_the_simulation_names_the_house_rules() -> None:
    result = run("--simulate", "20", "--refill", "--rounds", "3", "--seed", "1")
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.startswith(
        b"In Between, 2 players, the pool refilled, at most 3 rounds: 20 games")
