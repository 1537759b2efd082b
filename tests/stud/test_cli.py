import contextlib
import functools
import io
import json
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.cli import run_game
from helpers.golden import STUD as GOLDEN
from helpers.paths import DATA

from common.console.terminal import EndOfInput, Terminal
from common.engine.dealer import Dealer
from stud import StudConsole, StudGame
from stud.program import main

DATA = DATA / "stud"
INPUT_ENDED = "stud: input ended before the game was over\n"


run = functools.partial(run_game, "stud")


def money_in_log(path: Path) -> list[dict[str, object]]:
    """Return the game's event records of the hand history at `path`.

    Each must show the money intact: both stacks plus the pot are $200.
    (Refusals, which move no money, are left out.)
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    events = [record for record in records
              if record["type"] == "event" and record["event"] != "refused"]
    for record in events:
        assert sum(record["stacks"]) + record["pot"] == 200, record
    return events


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_transcript(name: str, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    result = run("--deck", str(DATA / f"{name}.deck"), "--seed", str(GOLDEN[name]),
                 "--log", str(log), stdin=(DATA / f"{name}.in").read_bytes())
    assert result.stdout == (DATA / f"{name}.out").read_bytes()
    assert result.stderr == b""
    assert result.returncode == 0
    records = money_in_log(log)
    assert records[0] == {"type": "event", "event": "hand_start",
                          "stacks": [100, 100], "pot": 0, "hand": 1}
    assert records[-1]["event"] == "game_end"


def test_log_records_a_whole_hand(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    run("--deck", str(DATA / "split.deck"), "--log", str(log),
        stdin=(DATA / "split.in").read_bytes())
    records = money_in_log(log)
    hand_one = records[:next(i for i, r in enumerate(records)
                             if r["event"] == "hand_end") + 1]
    assert [r["event"] for r in hand_one[:7]] == [
        "hand_start", "ante", "ante", "deal", "deal", "deal", "deal"]
    assert hand_one[3] == {"type": "event", "event": "deal", "stacks": [99, 99],
                           "pot": 2, "seat": 0, "card": "AS", "face_up": False}
    assert hand_one[5]["card"] == "KS" and hand_one[5]["face_up"] is True
    actions = [(r["seat"], r["action"], r["amount"]) for r in hand_one
               if r["event"] == "action"]
    assert actions[:5] == [(0, "bet", 1), (1, "raise", 2), (0, "raise", 2),
                           (1, "raise", 2), (0, "call", 1)]
    showdown = next(r for r in hand_one if r["event"] == "showdown")
    assert showdown["hands"][0] == {"seat": 0,
                                    "cards": ["AS", "KS", "QD", "JC", "9H"],
                                    "category": "High Card",
                                    "value": showdown["hands"][1]["value"]}
    wins = [(r["seat"], r["amount"], r["split"]) for r in hand_one
            if r["event"] == "win"]
    assert wins == [(0, 12, True), (1, 12, True)]
    assert hand_one[-1] == {"type": "event", "event": "hand_end",
                            "stacks": [100, 100], "pot": 0, "hand": 1}


def test_lang_c_still_prints_the_suits() -> None:
    result = run("--deck", str(DATA / "fold.deck"), "--seed", "7",
                 stdin=(DATA / "fold.in").read_bytes(),
                 env={"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"})
    assert result.returncode == 0
    assert result.stdout == (DATA / "fold.out").read_bytes()


def test_end_of_input_keeps_the_transcript_and_exits_1() -> None:
    stdin = (DATA / "split.in").read_bytes()[:7]  # "b\nr\nr\nr"
    result = run("--deck", str(DATA / "split.deck"), stdin=stdin)
    assert result.returncode == 1
    assert result.stderr.decode() == INPUT_ENDED
    full = (DATA / "split.out").read_bytes()
    assert full.startswith(result.stdout)
    assert result.stdout.endswith(b"Player 0's turn [call $1/fold/quit]: ")


def test_empty_input_exits_1() -> None:
    result = run()
    assert result.returncode == 1
    assert result.stderr.decode() == INPUT_ENDED


@pytest.mark.parametrize("args", [
    ["--seed", "x"],
    ["--bogus"],
    ["extra"],
    ["--deck"],
    ["--deck", "/nonexistent/deck.txt"],
    ["--log", "/nonexistent/dir/log.jsonl"],
])
def test_bad_options_exit_2_with_one_line(args: list[str]) -> None:
    result = run(*args, stdin=b"quit\n")
    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stud: error: ")


@pytest.mark.parametrize("content", [
    "AS KS",
    (DATA / "fold.deck").read_text().replace("KS", "AS"),
    (DATA / "fold.deck").read_text().replace("KS", "XX"),
    (DATA / "fold.deck").read_text() + " 2C",
])
def test_bad_deck_files_exit_2_with_one_line(content: str, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(content)
    result = run("--deck", str(deck), stdin=b"quit\n")
    assert result.returncode == 2
    assert result.stdout == b""
    assert len(result.stderr.decode().splitlines()) == 1


def test_help() -> None:
    result = run("--help")
    assert result.returncode == 0
    for option in ("--seed", "--deck", "--log", "--version"):
        assert option.encode() in result.stdout
    # The seat numbers --computer takes, and what to type at the prompts.
    text = " ".join(result.stdout.decode().split())
    assert "Players 0 and 1" in text
    assert "check, bet, call, raise, fold or quit" in text


def test_quit_at_the_first_prompt() -> None:
    result = run("--seed", "5", stdin=b"QUIT\n")
    assert result.returncode == 0
    assert result.stdout.endswith(
        b"Game ends\nPlayer 0 has $100.\nPlayer 1 has $100.\n")


JUNK = ["", " ", "\t", "-1", "1e3", "9" * 40, "βετ", "chec", "bet bet", "0", "k k",
        "\x00", "raise!", "foldd", "quit please"]
WORDS = ["check", "k", "BET", " b ", "call", "C", "raise", "r", "fold", "F"]


def random_script(seed: int, lines: int = 400) -> bytes:
    rng = random.Random(seed)
    picks = [rng.choice(JUNK) if rng.random() < 0.3 else rng.choice(WORDS)
             for _ in range(lines)]
    return ("\n".join(picks) + "\n").encode() + b"\xff\xfe\n"


@pytest.mark.parametrize("seed", range(40))
def test_junk_and_random_play_in_process(seed: int) -> None:
    # The console, as the command runs it, minus the process start-up.
    stdout = io.StringIO()
    terminal = Terminal(io.BytesIO(random_script(seed, 300)), stdout, echo=True)
    game = StudGame(Dealer(random.Random(seed)))
    console = StudConsole(game, terminal)
    with contextlib.suppress(EndOfInput):
        console.play([console.person(), console.person()])
    assert sum(game.stacks) + game.pot == 200
    transcript = stdout.getvalue()
    assert transcript.count("Not a legal move: ") >= 1
    assert "Betting round 1" in transcript


@pytest.mark.parametrize("seed", range(6))
def test_junk_and_random_play_through_the_command(seed: int, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    result = run("--seed", str(seed), "--log", str(log), stdin=random_script(seed))
    assert result.returncode in (0, 1)
    stderr = result.stderr.decode()
    assert stderr in ("", INPUT_ENDED)
    assert "Traceback" not in stderr
    records = money_in_log(log)
    assert records


def test_main_returns_the_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"quit\n")))
    assert main(["--seed", "1", "--log", str(tmp_path / "log.jsonl")]) == 0
    assert "Game ends" in capsys.readouterr().out
    assert money_in_log(tmp_path / "log.jsonl")[-1]["event"] == "game_end"


PROMPT = re.compile(rb"^(Player \d's turn \[[a-z/$0-9 ]+\]: )", re.M)


def test_junk_before_every_answer_changes_nothing_else() -> None:
    # Junk before every line of a golden game: each prompt must answer it with
    # the one-line message and ask again, and the game must go on unchanged.
    junk = [line.encode() for line in JUNK if "\x00" not in line] + [b"\xff\xfe"]
    answers = (DATA / "split.in").read_bytes().splitlines()
    stdin = b"".join(junk[i % len(junk)] + b"\n" + answer + b"\n"
                     for i, answer in enumerate(answers))
    result = run("--deck", str(DATA / "split.deck"), "--seed", "11", stdin=stdin)
    assert result.returncode == 0
    count = iter(range(len(answers)))

    def with_junk(match: re.Match[bytes]) -> bytes:
        typed = junk[next(count) % len(junk)].decode("utf-8", "replace")
        words = re.findall(r"[a-z]+", match[1].decode().split("[")[1])
        shown = typed.strip()
        if len(shown) > 40:
            shown = shown[:40] + "…"  # a long line is cut, and says so
        refusal = textwrap.fill(
            f"Not a legal move: {shown!r} is none of {', '.join(words)}.", 76,
            subsequent_indent="  ", break_on_hyphens=False)
        return match[1] + typed.encode() + f"\n{refusal}\n".encode() + match[1]

    expected = PROMPT.sub(with_junk, (DATA / "split.out").read_bytes())
    assert result.stdout == expected


def test_help_tells_of_betting_and_raising_all_in_for_less() -> None:
    said = " ".join(run_game("stud", "--seed", "1", stdin=b"help\n").stdout.decode()
                    .split())
    assert "may call, bet or raise all-in for what they have" in said


def test_c_checks_when_there_is_nothing_to_call_and_q_quits() -> None:
    # Seed 1: Player 1 acts first with nothing to call, then Player 0 does.
    by_word = run_game("stud", "--seed", "1", stdin=b"k\nk\nq\n")
    by_letter = run_game("stud", "--seed", "1", stdin=b"c\nc\nquit\n")
    assert by_word.returncode == by_letter.returncode == 0
    assert by_letter.stdout.replace(b": c\n", b": k\n").replace(
        b": quit\n", b": q\n") == by_word.stdout
    assert b"Player 1 checks" in by_letter.stdout
    assert b"Player 1 quits" in by_word.stdout
