"""``python3 -m reddog`` as players use it: prompts, junk, errors, signals, logs."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import RunCli
from helpers.paths import DATA, ROOT

from reddog import compute_odds, format_odds

REDDOG = DATA / "reddog"
BROKE = ["--deck", str(REDDOG / "broke.deck"), "--decks", "1", "--seed", "1"]
BET_PROMPT = b"Credit $1000.00, bet $50.00. New bet, Enter to deal, or quit: "
BET_HELP = (b"Press Enter (or type deal) to deal with your $50.00 bet, type a new "
            b"bet from\n$50.00 to $500.00 in steps of $50.00 (such as 100), or "
            b"type quit.\n")
DOUBLE_PROMPT = b"Play or double? [play/double]: "
DOUBLE_HELP = (b"Type play (or p) to play the spread, or double (or d) to double "
               b"your bet\nfirst.\n")
AMOUNTS = [b"75", b"2000", b"$0.50"]
"""Amounts that are no bet: their refusal says what bets are, and no more."""

JUNK_LINES = [
    b" ", b"\t\t", b"abc", b"-1", b"1e3", b"0x32", b"50.001", b"1,000", b"+50",
    b"2147483648", b"99999999999999999999", b"\xff\xfe\xfd", b"\xc3\x28",
    b"\xd9\xa5\xd9\xa0", b"\x00", b"\x1b[2J", b"5\x0b0", b"\xc2\xa050", b"$ 50",
    b"qui", b"quit now", b"dealt",
]


def refused(junk: list[bytes], prompt: bytes, help_: bytes) -> bytes:
    """A pattern of `junk` typed at `prompt`: each line echoed, refused, again.

    The refusal says why (any reason), then what the prompt takes (`help_`),
    but for an amount, whose refusal says what bets are.
    """
    return b"".join(re.escape(line.decode("utf-8", errors="replace").encode("utf-8"))
                    + rb"\nNot a legal move: [^\n]+(?:\n  [^\n]+)*\.\n"
                    + (b"" if line in AMOUNTS else re.escape(help_))
                    + re.escape(prompt) for line in junk)


def test_junk_at_the_bet_prompt_is_refused_and_asked_again(run_cli: RunCli) -> None:
    script = (REDDOG / "broke.in").read_bytes()
    expected = (REDDOG / "broke.out").read_bytes()
    junk = [*JUNK_LINES, *AMOUNTS]
    result = run_cli("reddog", *BROKE, stdin=b"\n".join(junk) + b"\n" + script)
    head, tail = expected.split(BET_PROMPT, 1)
    assert result.returncode == 0 and result.stderr == b""
    assert re.fullmatch(re.escape(head + BET_PROMPT)
                        + refused(junk, BET_PROMPT, BET_HELP) + re.escape(tail),
                        result.stdout)
    assert b"Not a legal move: 'abc' is not an amount.\n" + BET_HELP in result.stdout
    # Wrapped for an 80-column terminal, the second line indented.
    assert (b"Not a legal move: $75.00 is not a bet you may make: bets are "
            b"$50.00 to\n  $500.00 in steps of $50.00.\n" + BET_PROMPT) in result.stdout


def test_junk_at_the_decision_prompt_is_refused_and_asked_again(
        run_cli: RunCli) -> None:
    junk = [*JUNK_LINES, b"", b"pp", b"dd", b"500"]
    quits = [b"quit", b"Q"]
    lines = (REDDOG / "broke.in").read_bytes().split(b"\n")
    expected = (REDDOG / "broke.out").read_bytes()
    assert lines[2] == b"p"  # the first decision
    script = b"\n".join([*lines[:2], *junk, *quits, *lines[2:]])
    result = run_cli("reddog", *BROKE, stdin=script)
    head, tail = expected.split(DOUBLE_PROMPT, 1)
    assert result.returncode == 0 and result.stderr == b""
    assert re.fullmatch(re.escape(head + DOUBLE_PROMPT)
                        + refused([*junk, *quits], DOUBLE_PROMPT, DOUBLE_HELP)
                        + re.escape(tail), result.stdout)
    assert (b"Not a legal move: finish this hand first: quit is taken between "
            b"rounds.\n" + DOUBLE_HELP) in result.stdout
    assert b"Not a legal move: '500' is not play or double.\n" in result.stdout


@pytest.mark.parametrize(("cut", "between_rounds"), [
    (0, True), (1, True), (2, False), (5, False), (9, True)])
def test_end_of_input_keeps_the_transcript_and_exits_1(
        run_cli: RunCli, cut: int, between_rounds: bool) -> None:
    lines = (REDDOG / "broke.in").read_bytes().splitlines(keepends=True)
    script = b"".join(lines[:cut])
    result = run_cli("reddog", *BROKE, stdin=script)
    assert result.returncode == 1
    assert result.stderr == b"reddog: input ended before the game was over\n"
    stopped = result.stdout.endswith(b": ")
    prompted = (result.stdout if stopped else
                result.stdout[:result.stdout.rindex(b"\nGame over: ")])
    assert (REDDOG / "broke.out").read_bytes().startswith(prompted)
    assert prompted.endswith(b"or quit: ") == between_rounds
    if not between_rounds:  # mid-round: the transcript stops at the prompt
        assert stopped
        return
    # Between rounds the session is over in all but name: the summary a quit
    # prints follows the prompt, on a line of its own.
    quit = run_cli("reddog", *BROKE, stdin=script + b"quit\n")
    assert quit.returncode == 0 and quit.stdout.startswith(prompted + b"quit\n")
    summary = quit.stdout[len(prompted + b"quit\n"):]
    assert summary.startswith(b"Game over: ") and summary.count(b"\n") == 1
    assert result.stdout == prompted + b"\n" + summary


def test_a_history_cut_between_rounds_replays_the_summary(run_cli: RunCli,
                                                          tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    played = run_cli("reddog", *BROKE, "--log", str(log), stdin=b"500\n")
    assert played.returncode == 1
    assert played.stdout.endswith(b"Credit $1000.00, bet $500.00. New bet, Enter to "
                                  b"deal, or quit: \nGame over: 0 rounds played, net"
                                  b" result $0.00, final credit $1000.00.\n")
    # The history still says why the game stopped: input ended, not a quit.
    last = json.loads(log.read_text("ascii").splitlines()[-1])
    assert last == {"type": "end", "reason": "input ended"}
    replayed = run_cli("reddog", "--replay", str(log))
    assert replayed.returncode == 0 and replayed.stderr == b""
    assert replayed.stdout == played.stdout


def test_ctrl_d_at_a_terminal_between_rounds_shows_the_summary() -> None:
    pty = pytest.importorskip("pty")
    controller, device = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "reddog", *BROKE], cwd=ROOT, stdin=device,
            stdout=device, stderr=subprocess.PIPE)
        seen = b""
        deadline = time.monotonic() + 30
        while not seen.endswith(b"or quit: ") and time.monotonic() < deadline:
            if select.select([controller], [], [], 1)[0]:
                seen += os.read(controller, 4096)
        os.write(controller, b"\x04")  # Ctrl-D on an empty line: end of input
        _, stderr = process.communicate(timeout=30)
        while select.select([controller], [], [], 0.5)[0]:
            chunk = os.read(controller, 4096)
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(device)
        os.close(controller)
    assert process.returncode == 1
    assert stderr == b"reddog: input ended before the game was over\n"
    # The terminal turns each line break into CR LF.
    assert seen.endswith(b"or quit: \r\nGame over: 0 rounds played, net result $0.00,"
                         b" final credit $1000.00.\r\n\r\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["--decks", "0"], "argument --decks: must be 1 to 8, not 0"),
    (["--decks", "9"], "argument --decks: must be 1 to 8, not 9"),
    (["--decks", "four"], "argument --decks: invalid int value: 'four'"),
    (["--odds", "--decks", "-1"], "argument --decks: must be 1 to 8, not -1"),
    (["--deck"], "argument --deck: expected one argument"),
    (["--deck", "/nonexistent/deck"], "cannot read deck file /nonexistent/deck"),
    (["--log", "/nonexistent/dir/log"], "cannot open log file /nonexistent/dir/log"),
    (["--log", "/"], "cannot open log file /"),
    (["--odds", "--deck", "x.deck"], "--odds prints the odds of a fresh shoe: it takes "
                                     "no --deck or --log"),
    (["--odds", "--log", "x.log"], "it takes no --deck or --log"),
])
def test_bad_options_are_one_line_and_exit_2(run_cli: RunCli, args: list[str],
                                             message: str) -> None:
    result = run_cli("reddog", *args, stdin=b"\n")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert result.stderr.startswith(b"reddog: error: ")
    assert message.encode() in result.stderr


@pytest.mark.parametrize(("content", "message"), [
    ("", "0 cards, expected 52"),
    ("3D 4D", "2 cards, expected 52"),
    ("XX " * 52, "not a card: 'XX'"),
    ("3D 3D", "3D appears twice"),
])
def test_bad_deck_files_are_rejected_before_play(
        run_cli: RunCli, tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(content, encoding="utf-8")
    log = tmp_path / "log.jsonl"
    result = run_cli("reddog", "--deck", str(path), "--log", str(log), stdin=b"\n")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert message.encode() in result.stderr
    assert not log.exists()  # nothing is written before the options are good


def test_help_and_version(run_cli: RunCli) -> None:
    help_result = run_cli("reddog", "--help")
    assert help_result.returncode == 0
    for option in (b"--seed N", b"--decks N", b"--deck FILE", b"--log FILE", b"--odds"):
        assert option in help_result.stdout
    version = run_cli("reddog", "--version")
    assert version.returncode == 0
    assert version.stdout.startswith(b"reddog (cardgames-console) ")


@pytest.mark.parametrize("decks", [1, 4, 8])
def test_odds_print_the_exact_table_and_exit_0(run_cli: RunCli, decks: int) -> None:
    result = run_cli("reddog", "--odds", "--decks", str(decks),
                     env={"LANG": "C", "LC_ALL": "C"})
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode("ascii") == format_odds(compute_odds(decks))


def test_odds_default_to_four_decks(run_cli: RunCli) -> None:
    result = run_cli("reddog", "--odds")
    assert result.stdout.endswith(b"House edge: 2.884% of the initial bet\n")


def test_the_deck_file_goes_on_top_of_a_bigger_shoe(run_cli: RunCli) -> None:
    runs = [run_cli("reddog", "--deck", str(REDDOG / "basics.deck"), "--decks", "4",
                    "--seed", str(seed), stdin=b"\n\n\n\np\nq\n") for seed in (1, 2)]
    for result in runs:
        assert result.returncode == 0
        text = result.stdout.decode("utf-8")
        assert "Red Dog: 4 decks in the shoe" in text
        assert "Round 1: [♠5] [♥6], consecutive" in text
        assert "Third card [♥5]: three of a kind" in text
        assert "Third card [♥4]: no three of a kind" in text
        assert "Round 4: [♦7] [♠9], spread 1 pays 5:1" in text


def test_the_same_seed_deals_the_same_game(run_cli: RunCli) -> None:
    script = b"\np\n" * 30 + b"quit\n"
    first = run_cli("reddog", "--seed", "42", stdin=script)
    second = run_cli("reddog", "--seed", "42", stdin=script)
    other = run_cli("reddog", "--seed", "43", stdin=script)
    assert first.returncode == 0
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


def read_history(path: Path) -> list[dict[str, Any]]:
    """The records of the hand history at `path`, one a line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def events_of(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game's event records of a history (no refusals), without their ``type``."""
    return [{key: value for key, value in record.items() if key != "type"}
            for record in records
            if record["type"] == "event" and record["event"] != "refused"]


def test_the_log_of_the_basic_game(run_cli: RunCli, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    deck = REDDOG / "basics.deck"
    result = run_cli("reddog", "--deck", str(deck), "--decks", "1",
                     "--seed", "1", "--log", str(log),
                     stdin=(REDDOG / "basics.in").read_bytes())
    assert result.returncode == 0
    records = read_history(log)
    header = records[0]
    assert (header["type"], header["schema"], header["game"]) == ("header", 1, "reddog")
    assert header["options"]["decks"] == 1 and header["options"]["seed"] == 1
    assert header["seats"] == [{"seat": 0, "name": "Player 0", "player": "person"}]
    # One deck: the deck file is the whole first shoe, in order.
    assert records[1] == {"type": "deck",
                          "cards": deck.read_text(encoding="utf-8").split()}
    assert records[-1] == {"type": "end", "reason": "over"}
    events = events_of(records)
    assert events[:3] == [
        {"event": "game_start", "decks": 1, "credit": 100_000, "bet": 5_000},
        {"event": "bet", "bet": 10_000},
        {"event": "round", "round": 1, "hand": ["5S", "6H"], "credit": 100_000,
         "bet": 10_000},
    ]
    trips = [e for e in events if e.get("round") == 2]
    assert trips == [
        {"event": "round", "round": 2, "hand": ["5D", "5C"], "credit": 100_000,
         "bet": 10_000},
        {"event": "outcome", "round": 2, "hand": ["5D", "5C"],
         "credit_before": 100_000, "bet": 10_000, "decision": None,
         "wager": 10_000, "third": "5H", "outcome": "win", "payout": 110_000,
         "credit_after": 210_000, "next_bet": 10_000},
    ]
    doubled = [e for e in events if e.get("round") == 5 and e["event"] == "decision"]
    assert doubled == [{"event": "decision", "round": 5, "decision": "double",
                        "wager": 20_000}]
    assert events[-1] == {"event": "game_end", "reason": "quit", "rounds": 10,
                          "max_rounds": None, "net": 360_000, "credit": 460_000}


def test_the_log_records_a_new_shoe(run_cli: RunCli, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run_cli("reddog", "--deck", str(REDDOG / "shoe.deck"), "--decks", "1",
            "--seed", "7", "--log", str(log), stdin=(REDDOG / "shoe.in").read_bytes())
    events = events_of(read_history(log))
    shoes = [e for e in events if e["event"] == "new_shoe"]
    assert shoes == [{"event": "new_shoe", "round": 15, "decks": 1, "cards": 52}]
    after = events[events.index(shoes[0]) + 1]
    assert (after["event"], after["round"]) == ("round", 15)
    # The new shoe is recorded, and round 15 is dealt from its top.
    decks = [record["cards"] for record in read_history(log)
             if record["type"] == "deck"]
    assert len(decks) == 2 and after["hand"] == decks[1][:2]
