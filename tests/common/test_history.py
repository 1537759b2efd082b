"""The hand history (``--log``) and ``--replay``, for all four games.

Many seeded games with people and computers, junk lines, ``quit``, end of
input and Ctrl-C are played in-process through each game's real command line
(`common.cli.program.GameProgram.main`); each history must replay the transcript
byte for byte.  Real processes check the same at a prompt interrupted by
SIGINT, and bad history files are refused in one line.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run_game
from helpers.paths import DATA, ROOT

from bigtwo.program import PROGRAM as BIGTWO
from common.cards.card import parse_cards
from common.cli.program import GameProgram
from common.console.terminal import Terminal
from common.history import HistoryWriteError, HistoryWriter
from inbetween.program import PROGRAM as INBETWEEN
from reddog.program import PROGRAM as REDDOG
from stud.program import PROGRAM as STUD

PROGRAMS: dict[str, GameProgram[Any]] = {
    "bigtwo": BIGTWO, "stud": STUD, "inbetween": INBETWEEN, "reddog": REDDOG}
SEATS = {"bigtwo": 4, "stud": 2, "inbetween": 3, "reddog": 1}
EXTRA = {"bigtwo": [], "stud": ["--hands", "3"], "inbetween": ["--players", "3"],
         "reddog": ["--decks", "1"]}
# What a person types: legal moves, illegal ones, and junk.
WORDS = {
    "bigtwo": ["", "0", "1", "0 1", "2 3 4", "0 1 2 3 4", "12", "x", " 3 ", "9 10"],
    "stud": ["check", "bet", "call", "raise", "fold", "c", "k", "x", "", "BET"],
    "inbetween": ["1", "2", "5", "fold", "f", "0", "x", "", "10", " 3 "],
    "reddog": ["", "", "", "p", "d", "100", "500", "x", "play", "75"],
}


class Interrupting(io.BytesIO):
    """Standard input that is Ctrl-C once its bytes are read: a person's Ctrl-C."""

    def _check(self) -> None:
        if self.tell() >= len(self.getbuffer()):
            raise KeyboardInterrupt

    def read(self, size: int | None = -1, /) -> bytes:
        self._check()
        return super().read(size)

    def read1(self, size: int = -1, /) -> bytes:
        self._check()
        return super().read1(size)

    def readline(self, size: int | None = -1, /) -> bytes:
        self._check()
        return super().readline(size)

    def readinto(self, buffer: Any, /) -> int:
        self._check()
        return super().readinto(buffer)


def play(game: str, argv: list[str], stdin: io.BytesIO) -> tuple[int, str]:
    out = io.StringIO()
    status = PROGRAMS[game].main(argv, Terminal(stdin, out, echo=True))
    return status, out.getvalue()


def replay(game: str, path: Path, *extra: str) -> tuple[int, str]:
    return play(game, ["--replay", str(path), *extra], io.BytesIO())


def records(path: Path) -> list[dict[str, Any]]:
    text = path.read_bytes().decode("ascii")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def scenario(game: str, seed: int) -> tuple[list[str], io.BytesIO, str]:
    """Seeded arguments, input and the expected end reason of one game."""
    rng = random.Random(f"{game}/{seed}")
    seats = SEATS[game]
    argv = ["--seed", str(seed), *EXTRA[game]]
    ending = rng.choice(["over", "quit", "input ended", "interrupted"])
    if game == "bigtwo" and ending == "quit":
        ending = "input ended"  # Big Two, as the assignment, has no quit
    if ending == "over":
        argv += ["--computer", "all"] if seats > 1 else ["--computer"]
    elif seats > 1 and rng.random() < 0.7:
        computers = rng.sample(range(seats), rng.randrange(1, seats))
        argv += ["--computer", ",".join(map(str, computers))]
        argv += ["--strategy", rng.choice(["smart", "random"])]
    if seats > 1 and rng.random() < 0.3 and game in ("bigtwo", "stud"):
        argv += ["--show", str(rng.randrange(seats))]
    if game == "reddog" and rng.random() < 0.3:
        argv.append("--hint")
    if game == "inbetween" and rng.random() < 0.5:
        argv.append("--refill")
    if game == "inbetween" and rng.random() < 0.5:
        argv += ["--rounds", str(rng.randint(1, 8))]
    lines = [rng.choice(WORDS[game]) for _ in range(rng.randrange(0, 60))]
    if ending == "quit":
        lines.append("quit")
        lines += ["quit"] * 5  # Red Dog refuses quit mid-round: quit again
    data = "".join(line + "\n" for line in lines).encode()
    stdin = Interrupting(data) if ending == "interrupted" else io.BytesIO(data)
    return argv, stdin, ending


@pytest.mark.parametrize("game", sorted(PROGRAMS))
@pytest.mark.parametrize("seed", range(30))
def test_every_history_replays_its_transcript_byte_for_byte(
        game: str, seed: int, tmp_path: Path) -> None:
    argv, stdin, ending = scenario(game, seed)
    log = tmp_path / "game.jsonl"
    status, transcript = play(game, [*argv, "--log", str(log)], stdin)
    history = records(log)
    reason = history[-1]["reason"]
    assert history[-1]["type"] == "end"
    # A game may end before its script does, or the script before the game.
    if reason == "over":
        assert status == 0
    elif ending == "interrupted":
        assert (reason, status) == ("interrupted", 130)
    else:
        assert ending != "over" and (reason, status) == ("input ended", 1)
    assert history[0]["type"] == "header" and history[0]["game"] == game
    assert history[0]["schema"] == 1
    assert [record["seat"] for record in history[0]["seats"]] == list(
        range(SEATS[game]))
    assert sum(record["type"] == "end" for record in history) == 1
    show = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--show"]
    assert replay(game, log, *(["--show", show[0]] if show else [])) == (0, transcript)


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_a_replay_takes_the_recorded_show_unless_told(game: str,
                                                      tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    argv = ["--seed", "3", "--computer", "all", "--show", "1", *EXTRA[game]]
    _, shown_one = play(game, [*argv, "--log", str(log)], io.BytesIO())
    _, shown_all = play(game, [*argv[:-2 - len(EXTRA[game])], *EXTRA[game]],
                        io.BytesIO())
    assert shown_one != shown_all
    assert replay(game, log) == (0, shown_one)
    assert replay(game, log, "--show", "all") == (0, shown_all)


def test_the_appendix_history_replays_without_the_deck(tmp_path: Path) -> None:
    log = tmp_path / "appendix.jsonl"
    stdin = (DATA / "bigtwo" / "appendix.in").read_bytes()
    result = run_game("bigtwo", "--deck", str(DATA / "bigtwo" / "appendix.deck"),
                      "--log", str(log), stdin=stdin)
    expected = (DATA / "bigtwo" / "appendix.out").read_bytes()
    assert result.returncode == 0 and result.stdout == expected
    history = records(log)
    deck = parse_cards((DATA / "bigtwo" / "appendix.deck").read_text())
    assert [r["cards"] for r in history if r["type"] == "deck"] == [
        [card.code for card in deck]]
    again = run_game("bigtwo", "--replay", str(log))
    assert (again.returncode, again.stdout, again.stderr) == (0, expected, b"")


@pytest.mark.parametrize("game", sorted(PROGRAMS))
def test_ctrl_c_at_a_prompt_leaves_a_whole_history(game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    command = [sys.executable, "-m", game, "--seed", "2", "--log", str(log)]
    with subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdin is not None and process.stdout is not None
        os.set_blocking(process.stdout.fileno(), False)
        seen = b""
        deadline = time.monotonic() + 30
        while b"turn" not in seen and b"Enter to deal" not in seen:
            assert time.monotonic() < deadline, seen
            time.sleep(0.02)
            seen += process.stdout.read() or b""
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert err == f"{game}: interrupted\n".encode()
    history = records(log)
    assert history[-1] == {"type": "end", "reason": "interrupted"}
    again = run_game(game, "--replay", str(log))
    assert again.returncode == 0 and again.stdout == seen + out


@pytest.mark.parametrize(("text", "message"), [
    ("", "line 0: the first line is not a history header"),
    ("{}\n", "line 1: the first line is not a history header"),
    ("not json\n", "line 1: not a JSON record"),
    ('{"type": "header", "schema": 2}\n',
     "line 1: schema 2 is not 1, the one this program reads"),
    ('{"type": "header", "schema": 1, "game": "stud", "options": {}}\n',
     "line 1: a history of 'stud', not 'bigtwo'"),
])
def test_a_bad_history_is_one_line_and_exit_2(text: str, message: str,
                                              tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text(text)
    result = run_game("bigtwo", "--replay", str(log))
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode() == f"bigtwo: error: cannot replay {log}: {message}\n"


@pytest.mark.parametrize("game", sorted(PROGRAMS))
def test_a_tampered_history_is_refused_before_anything_is_printed(
        game: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    flag = ["--computer", "all"] if SEATS[game] > 1 else ["--computer"]
    play(game, ["--seed", "1", *EXTRA[game], *flag, "--log", str(log)], io.BytesIO())
    lines = log.read_text().splitlines()
    # Swap the first two cards of the first deck: the game plays differently.
    first = next(i for i, line in enumerate(lines) if '"type": "deck"' in line)
    deck = json.loads(lines[first])
    deck["cards"][:2] = deck["cards"][1::-1]
    lines[first] = json.dumps(deck)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    result = run_game(game, "--replay", str(tampered))
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.startswith(f"{game}: error: cannot replay ".encode())
    assert result.stderr.count(b"\n") == 1
    # A deck with a card too many is no ordering of the game's deck.
    deck["cards"].append(deck["cards"][0])
    lines[first] = json.dumps(deck)
    tampered.write_text("\n".join(lines) + "\n")
    result = run_game(game, "--replay", str(tampered))
    assert result.returncode == 2 and b"does not hold the" in result.stderr


@pytest.mark.parametrize("args", [
    ["--seed", "1"], ["--computer", "all"], ["--log", "x.jsonl"], ["--simulate", "2"],
    ["--deck", "tests/data/bigtwo/appendix.deck"],
])
def test_replay_takes_no_option_that_would_change_the_game(
        args: list[str], tmp_path: Path) -> None:
    result = run_game("bigtwo", "--replay", str(tmp_path / "any.jsonl"), *args)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.startswith(b"bigtwo: error: --replay plays the game the "
                                    b"history records: it takes no --")


def test_a_replay_of_a_missing_or_special_file_is_refused(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.jsonl", tmp_path):
        result = run_game("stud", "--replay", str(path))
        assert result.returncode == 2 and result.stdout == b""
        assert result.stderr.startswith(f"stud: error: cannot replay {path}: ".encode())


class Breaking(io.BytesIO):
    """A file that takes `room` more bytes, then fails as a full disk does."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, data: Any, /) -> int:
        if self.room <= 0:
            raise OSError(28, "No space left on device")
        data = bytes(data)[:self.room]
        self.room -= len(data)
        return super().write(data)


def test_a_record_is_written_whole_or_not_at_all() -> None:
    stream = Breaking(room=100)
    writer = HistoryWriter("/some/where.jsonl", stream)
    writer.typed(0, "a line")
    whole = stream.getvalue()
    with pytest.raises(HistoryWriteError,
                       match="cannot write the log file /some/where.jsonl: No space"):
        writer.typed(1, "x" * 200)
    assert stream.getvalue() == whole and whole.endswith(b"\n")
    assert json.loads(whole) == {"type": "line", "seat": 0, "text": "a line"}


def test_histories_are_ascii_json_lines() -> None:
    stream = io.BytesIO()
    writer = HistoryWriter("mem", stream)
    writer.typed(2, "♦3 \u2028 \x00 \udc80")
    text = stream.getvalue()
    assert text.isascii() and text.endswith(b"\n") and text.count(b"\n") == 1
    assert json.loads(text)["text"] == "♦3 \u2028 \x00 \udc80"


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_a_long_line_is_recorded_in_parts_and_replays(game: str,
                                                      tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    long_line = " " * 150_000 + "3" if game == "bigtwo" else "x" * 150_000
    stdin = io.BytesIO((long_line + "\n").encode())
    status, transcript = play(game, ["--seed", "4", "--log", str(log)], stdin)
    assert status == 1 and long_line + "\n" in transcript
    lines = [record for record in records(log) if record["type"] == "line"]
    assert len(lines) == 3 and [r.get("continued") for r in lines] == [True, True, None]
    assert "".join(record["text"] for record in lines) == long_line
    assert replay(game, log) == (0, transcript)


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


REFUSED_INPUT = b"junk\nbet\ncall\n" + b"check\n" * 6  # one whole hand


def refused_history(tmp_path: Path) -> Path:
    log = tmp_path / "game.jsonl"
    play("stud", ["--seed", "1", "--hands", "1", "--log", str(log)],
         io.BytesIO(REFUSED_INPUT))
    return log


def test_a_refusal_is_recorded_with_its_reason(tmp_path: Path) -> None:
    history = records(refused_history(tmp_path))
    junk = next(i for i, r in enumerate(history) if r.get("text") == "junk")
    seat = history[junk]["seat"]
    assert history[junk + 1] == {"type": "event", "event": "refused", "seat": seat,
                                 "reason": "'junk' is none of check, bet, quit"}


@pytest.mark.parametrize("game", ["stud", "inbetween", "reddog"])
def test_help_is_no_move_and_is_recorded_as_a_line_alone(game: str,
                                                         tmp_path: Path) -> None:
    # The help line is recorded as typed, so a replay shows the help again,
    # but the game never hears of it: no refusal, no event.
    log = tmp_path / "game.jsonl"
    status, transcript = play(game, ["--seed", "2", "--log", str(log)],
                              io.BytesIO(b"help\n?\nquit\n"))
    assert status == 0
    history = records(log)
    helps = [i for i, r in enumerate(history) if r.get("text") in ("help", "?")]
    assert len(helps) == 2
    assert history[helps[0] + 1]["type"] == "line"  # the next line, no event
    assert not any(r.get("event") == "refused" for r in history)
    assert replay(game, log) == (0, transcript)
    # An older history recorded help as a refusal: it replays all the same.
    lines = lines_of(log)
    legacy = '{"type": "event", "event": "refused", "seat": 0, "reason": "help asked"}'
    for index in sorted(helps, reverse=True):
        lines.insert(index + 1, legacy)
    assert replay(game, write_lines(tmp_path / "old.jsonl", lines)) == (0, transcript)


@pytest.mark.parametrize("tamper", [
    "drop the junk line", "lines after the events", "a strange end", "a list type",
    "nested lists"])
def test_a_tampered_order_or_record_is_refused(tamper: str, tmp_path: Path) -> None:
    lines = lines_of(refused_history(tmp_path))
    if tamper == "drop the junk line":
        lines = [line for line in lines if '"text": "junk"' not in line]
    elif tamper == "lines after the events":
        typed = [line for line in lines if '"type": "line"' in line]
        lines = [line for line in lines if line not in typed]
        lines[-1:-1] = typed
    elif tamper == "a strange end":
        lines[-1] = '{"type": "end", "reason": "banana"}'
    elif tamper == "a list type":
        lines.insert(2, '{"type": []}')
    else:
        lines.insert(2, "[" * 100_000 + "]" * 100_000)
    result = run_game("stud", "--replay", str(write_lines(tmp_path / "t.jsonl", lines)))
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.startswith(b"stud: error: cannot replay ")
    assert result.stderr.count(b"\n") == 1


def test_a_history_cut_short_replays_what_it_holds(tmp_path: Path) -> None:
    log = refused_history(tmp_path)
    status, transcript = play("stud", ["--seed", "1", "--hands", "1"],
                              io.BytesIO(REFUSED_INPUT))
    lines = lines_of(log)
    assert json.loads(lines[-1]) == {"type": "end", "reason": "over"}
    # Killed outright: whole records, no end.  The moves recorded replay.
    cut = write_lines(tmp_path / "cut.jsonl", lines[:-1])
    assert replay("stud", cut) == (0, transcript)
    # Killed between a move's line and its events: the replay stops there.
    last_line = max(i for i, line in enumerate(lines) if '"type": "line"' in line)
    cut = write_lines(tmp_path / "cut2.jsonl", lines[:last_line + 1])
    status, shown = replay("stud", cut)
    assert status == 0 and transcript.startswith(shown)
    assert shown.endswith(": check\n") and len(shown) < len(transcript)
    # A signal there, after the move that ends the game: the history ends
    # with the signal's reason, and as recorded the game is not over, though
    # the replay's own game, having made that move, is.
    assert '"event": "game_end"' in "".join(lines[last_line:])
    stopped = [*lines[:last_line + 1], '{"type": "end", "reason": "terminated"}']
    assert replay("stud", write_lines(tmp_path / "stopped.jsonl", stopped)) \
        == (status, shown)


@pytest.mark.parametrize("game", sorted(PROGRAMS))
def test_output_closed_at_the_end_leaves_a_finished_history(game: str,
                                                           tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    flag = ["--computer", "all"] if SEATS[game] > 1 else ["--computer"]
    command = [sys.executable, "-m", game, "--seed", "4", *EXTRA[game], *flag,
               "--log", str(log)]
    with subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(100)
        process.stdout.close()  # as `| head -c 100` does
        process.wait(timeout=60)
        process.stderr.read()
    history = records(log)
    if history[-1] == {"type": "end", "reason": "over"}:
        assert run_game(game, "--replay", str(log)).returncode == 0
    else:
        assert history[-1] == {"type": "end", "reason": "output failed"}
        assert not any(r.get("event") == "game_end" for r in history)


@pytest.mark.parametrize(("game", "args"), [
    ("bigtwo", ["--seed", "0"]), ("reddog", ["--odds"]), ("stud", ["--tui"]),
    ("inbetween", ["--players", "3"]), ("reddog", ["--hint"])])
def test_replay_refuses_every_option_but_show(game: str, args: list[str],
                                              tmp_path: Path) -> None:
    result = run_game(game, "--replay", str(tmp_path / "any.jsonl"), *args)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert b"it takes no --" in result.stderr or b"--tui" in result.stderr


def test_a_record_of_the_wrong_type_is_named_as_such(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run_game("stud", "--computer", "all", "--hands", "1", "--seed", "4",
                    "--log", str(log)).returncode == 0
    lines = log.read_text("ascii").splitlines(keepends=True)
    first_line = next(index for index, line in enumerate(lines)
                      if json.loads(line)["type"] == "line")
    del lines[first_line]
    log.write_text("".join(lines), "ascii")
    result = run_game("stud", "--replay", str(log))
    assert result.returncode == 2
    assert f"line {first_line + 1}: a record of type 'event', where the game asks " \
           "seat " in result.stderr.decode()


def test_a_game_s_last_events_and_its_end_are_one_write() -> None:
    # A signal between the two would leave a finished game whose end record
    # is the signal's ('terminated'), which --replay refuses.
    from bigtwo.events import Passed

    class Writes(io.BytesIO):
        def __init__(self) -> None:
            super().__init__()
            self.calls: list[bytes] = []

        def write(self, data: Any) -> int:
            self.calls.append(bytes(data))
            return super().write(data)

    stream = Writes()
    writer = HistoryWriter("mem", stream)
    writer.listen(lambda: True).on_events([Passed(seat=1)])
    assert len(stream.calls) == 1
    lines = [json.loads(line) for line in stream.calls[0].splitlines()]
    assert [line["type"] for line in lines] == ["event", "end"]
    assert lines[-1]["reason"] == "over"
    writer.end("terminated")  # a stop that comes after: the end is written
    assert len(stream.calls) == 1
