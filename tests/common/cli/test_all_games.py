"""What every game's command does alike: signals, closed output, terminals, options."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.paths import ROOT, cardgames_version

from common import Deck
from common.simulation.runner import usable_cpus

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]
# A line every game answers with its "not legal" message and the same prompt.
JUNK_FLOOD = b"junk!\n" * 20000


def _start(game: str, *args: str, **kwargs: object) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", game, *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            **kwargs)  # type: ignore[call-overload]


def _read_to_prompt(process: subprocess.Popen[bytes]) -> bytes:
    """Read the output up to the first prompt, which ends in ': '."""
    assert process.stdout is not None
    seen = b""
    while not seen.endswith(b": "):
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, f"the game ended before its first prompt: {seen!r}"
        seen += chunk
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_at_a_prompt_exits_130_without_a_traceback(game: str) -> None:
    process = _start(game, "--seed", "1", stdin=subprocess.PIPE)
    _read_to_prompt(process)
    time.sleep(0.1)  # let the game block in its read
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr == f"{game}: interrupted\n".encode()


@pytest.mark.parametrize("game", GAMES)
def test_output_closed_early_exits_quietly(game: str) -> None:
    process = _start(game, "--seed", "1", stdin=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    try:
        process.stdin.write(JUNK_FLOOD)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the game may already have stopped reading
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert b"Traceback" not in stderr
    assert process.returncode == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_flood_of_junk_then_end_of_input_exits_1(run_cli: RunCli, game: str) -> None:
    result = run_cli(game, "--seed", "3", stdin=JUNK_FLOOD[:6 * 500])
    assert result.returncode == 1
    assert result.stderr == f"{game}: input ended before the game was over\n".encode()
    assert result.stdout.count(b"junk!\n") == 500


@pytest.mark.parametrize("game", GAMES)
def test_input_typed_at_a_terminal_is_not_echoed(game: str) -> None:
    pty = pytest.importorskip("pty")
    controller, device = pty.openpty()
    try:
        process = _start(game, "--seed", "1", stdin=device)
        prompt = _read_to_prompt(process)
        os.write(controller, b"junk!\n")
        os.close(controller)  # then end of input
        stdout, stderr = process.communicate(timeout=30)
    finally:
        os.close(device)
    # The line is not echoed after the prompt; a refusal may quote it ('junk!').
    assert re.search(rb"(^|[^'])junk!", prompt + stdout) is None
    assert process.returncode == 1
    assert b"Traceback" not in stderr


@pytest.mark.parametrize("game", GAMES)
def test_help_and_version(run_cli: RunCli, game: str) -> None:
    help_result = run_cli(game, "--help")
    assert help_result.returncode == 0
    assert help_result.stdout.startswith(f"usage: {game} ".encode())
    assert b"--seed N" in help_result.stdout
    version = run_cli(game, "--version")
    assert version.returncode == 0
    assert version.stdout == (f"{game} (cardgames-console) "
                              f"{cardgames_version()}\n").encode()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("args", [["--bogus"], ["--seed"], ["--seed", "1.5"],
                                  ["--deck", "/nonexistent"], ["extra"]])
def test_bad_options_are_one_line_and_exit_2(run_cli: RunCli, game: str,
                                             args: list[str]) -> None:
    result = run_cli(game, *args, stdin=b"junk!\n")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.startswith(f"{game}: error: ".encode())
    assert result.stderr.count(b"\n") == 1


@pytest.mark.parametrize("game", GAMES)
def test_closed_standard_streams_end_quietly(game: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", game, "--seed", "1"], cwd=ROOT, stdin=None,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60,
        check=False, close_fds=True, preexec_fn=lambda: os.close(0))
    assert result.returncode == 1
    assert result.stderr == f"{game}: input ended before the game was over\n".encode()


@pytest.mark.parametrize("game", GAMES)
def test_output_that_cannot_be_written_is_one_line(game: str) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", game, "--seed", "1"], cwd=ROOT,
            input=b"junk!\n" * 100, stdout=full, stderr=subprocess.PIPE,
            timeout=60, check=False)
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write standard output: "
                             "No space left on device\n").encode()


@pytest.mark.parametrize("game", ["stud", "inbetween", "reddog"])
def test_a_log_that_cannot_be_written_is_one_line(run_cli: RunCli, game: str) -> None:
    result = run_cli(game, "--seed", "1", "--log", "/dev/full", stdin=b"junk!\n")
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write the log file "
                             "/dev/full: No space left on device\n").encode()


@pytest.mark.parametrize("game", ["stud", "inbetween", "reddog"])
def test_the_log_never_overwrites_the_deck_file(run_cli: RunCli, game: str,
                                                tmp_path: Path) -> None:
    deck = tmp_path / "game.deck"
    deck.write_text(" ".join(card.code for card in Deck()), encoding="utf-8")
    before = deck.read_bytes()
    result = run_cli(game, "--deck", str(deck), "--log", str(deck), stdin=b"quit\n")
    assert result.returncode == 2
    assert result.stderr == (f"{game}: error: the log file {deck} would overwrite "
                             "the deck file\n").encode()
    assert deck.read_bytes() == before


@pytest.mark.parametrize("game", GAMES)
def test_deck_files_with_a_byte_order_mark_or_endless_ones(run_cli: RunCli, game: str,
                                                           tmp_path: Path) -> None:
    deck = tmp_path / "bom.deck"
    deck.write_text("\ufeff" + " ".join(card.code for card in Deck()), encoding="utf-8")
    assert run_cli(game, "--deck", str(deck), stdin=b"").returncode == 1
    endless = run_cli(game, "--deck", "/dev/zero")
    assert endless.returncode == 2
    assert endless.stderr == (f"{game}: error: deck file /dev/zero: more than "
                              "65536 bytes\n").encode()


@pytest.mark.parametrize("game", GAMES)
def test_a_long_line_is_read_and_echoed_whole_not_fatal(run_cli: RunCli,
                                                        game: str) -> None:
    # As Java reads it: the whole line, echoed once; it is junk, and then
    # input ends (tests/common/console/test_java_input.py tests lines up to the limit).
    result = run_cli(game, "--seed", "1", stdin=b"x" * (3 << 20) + b"\n")
    assert result.returncode == 1
    assert result.stdout.count(b"x" * (3 << 20) + b"\n") == 1
    assert b"x" * ((3 << 20) + 1) not in result.stdout
    assert result.stderr == f"{game}: input ended before the game was over\n".encode()


@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_stops_a_simulation_and_all_its_processes(game: str) -> None:
    # A terminal's Ctrl-C signals the whole process group, workers included.
    process = _start(game, "--simulate", "10000000", "--seed", "1", "--jobs", "2",
                     stdin=subprocess.DEVNULL, start_new_session=True)
    time.sleep(2)  # long enough for the workers to be playing
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert stderr == f"{game}: interrupted\n".encode()
    assert stdout == b""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            break  # no process of the run is left
        time.sleep(0.1)
    else:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("worker processes outlived the interrupted simulation")


@pytest.mark.parametrize("game", GAMES)
def test_more_jobs_than_cpus_give_the_same_report(run_cli: RunCli, game: str) -> None:
    one = run_cli(game, "--simulate", "30", "--seed", "4", "--jobs", "1")
    many = run_cli(game, "--simulate", "30", "--seed", "4", "--jobs", "256")
    assert (many.returncode, many.stderr) == (0, b"")
    assert many.stdout == one.stdout


def _group_size(group: int) -> int:
    """How many processes of process group `group` are running (Linux /proc)."""
    count = 0
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, ValueError):
            continue
        # pid (comm) state ppid pgrp ...: comm may hold spaces, not ")".
        fields = stat.rpartition(")")[2].split()
        if len(fields) > 2 and int(fields[2]) == group:
            count += 1
    return count


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_more_jobs_than_cpus_start_one_process_per_cpu() -> None:
    cpus = usable_cpus()
    process = _start("bigtwo", "--simulate", "10000000", "--seed", "1", "--jobs",
                     "256", stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        most = 0
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline and process.poll() is None:
            most = max(most, _group_size(process.pid))
            time.sleep(0.05)
        # The program itself and one worker per CPU (none with one CPU).
        assert most == 1 + (cpus if cpus > 1 else 0)
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.communicate(timeout=30)
    assert process.returncode == 130


@pytest.mark.parametrize("game", GAMES)
def test_a_simulation_whose_output_is_closed_ends_quietly(game: str) -> None:
    process = _start(game, "--simulate", "2", "--seed", "1", "--jobs", "2",
                     stdin=subprocess.DEVNULL)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert stderr == b""
    assert process.returncode == 1
