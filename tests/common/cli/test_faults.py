"""The fault catalogue: how each game ends when the edges of its process fail.

Play, bad decks and bad options have their own tests; these are the cases of a
process's life around them (issue 14): signals at any moment, simulations'
worker processes, outputs that are closed or full, files that collide, FIFOs,
a byte-order mark, a directory for input, odd digits and encodings.  Every
case runs the real ``python3 -m GAME`` in a subprocess, and each says above
it what a user sees.  The signal cases run the game as a terminal does, in
a process group of its own, and signal the group (Ctrl-C at a terminal, the
terminal closing) or the game alone (``kill``); they check the exit status,
the one line on standard error, that no traceback is printed, and, through
``/proc``, that no process of the run is left, every wait bounded in time.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import select
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.cli import run_game
from helpers.paths import PACKAGES, ROOT

from common import Deck

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]
EXPECTED_DECK = " ".join(card.code for card in Deck())
PROMPTS = {"bigtwo": b"turn: ", "stud": b"]: ", "inbetween": b"]: ",
           "reddog": b"quit: "}
PROJECT = ("common", *GAMES)

needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self/task"),
                                reason="process checks read /proc")


# --- Helpers -----------------------------------------------------------------

def _start(*args: str, stdin: int | None = subprocess.DEVNULL,
           **kwargs: object) -> subprocess.Popen[bytes]:
    """Start ``python3 -m ARGS`` in a process group of its own, as a shell does."""
    return subprocess.Popen([sys.executable, "-m", *args], cwd=ROOT, stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,
                            **kwargs)  # type: ignore[call-overload]


def _group(pgid: int) -> list[str]:
    """Return the processes of group `pgid` still on the system (zombies too)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                line = f.read()
        except OSError:
            continue  # it has just gone
        fields = line[line.rindex(")") + 2:].split()
        if int(fields[2]) == pgid:
            members.append(f"{entry} ({fields[0]})")
    return members


def _assert_nothing_left(pgid: int, timeout: float = 10.0) -> None:
    """Wait, at most `timeout` seconds, for every process of the run to be gone."""
    deadline = time.monotonic() + timeout
    while (left := _group(pgid)) and time.monotonic() < deadline:
        time.sleep(0.02)
    if left:
        os.killpg(pgid, signal.SIGKILL)
        pytest.fail(f"processes outlived the run: {left}")


def _wait_for_children(process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    """Wait until `process` has started a child (its first worker)."""
    deadline = time.monotonic() + timeout
    path = f"/proc/{process.pid}/task/{process.pid}/children"
    while time.monotonic() < deadline:
        try:
            with open(path, encoding="ascii") as f:
                if f.read().strip():
                    return
        except OSError:
            break  # it has ended
        time.sleep(0.001)
    pytest.fail("the simulation started no worker")


def _signal(process: subprocess.Popen[bytes], signum: int, target: str) -> None:
    # A terminal signals the whole foreground group; kill, the process alone.
    if target == "group":
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)


def _finish(process: subprocess.Popen[bytes],
            timeout: float = 30) -> tuple[bytes, bytes]:
    # communicate() waits for every holder of the pipes: a worker left behind
    # holding standard error open would keep it waiting until the timeout.
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the game, or a process holding its output, did not end")


def _frames_after_the_hold(game: str, stderr: bytes) -> list[str]:
    """Return the traceback's frames of project code run once signals are held.

    Before ``GAME/__main__`` holds the stop signals back, Python has run only
    the package's ``__init__`` (and `common.lazy`, which it imports): that
    much is Python's own start-up for ``python3 -m``.
    """
    main = (PACKAGES / game / "__main__.py").read_text(encoding="utf-8").splitlines()
    held = next(number for number, line in enumerate(main, 1)
                if line.startswith("import "))
    start_up = {f"{game}/__init__.py", "common/__init__.py", "common/lazy.py"}
    frames = []
    for path, line in re.findall(r'File "([^"]+)", line (\d+)',
                                 stderr.decode(errors="replace")):
        if not path.startswith(str(PACKAGES) + os.sep):
            continue  # Python's own modules
        name = Path(path).relative_to(PACKAGES).as_posix()
        if name.split("/")[0] not in PROJECT:
            # Another distribution's, beside an installed wheel: setuptools'
            # .pth hook, which site runs before any of the game.
            continue
        if name in start_up or (name == f"{game}/__main__.py" and int(line) < held):
            continue
        frames.append(f"{name}:{line}")
    return frames


def _read_until(process: subprocess.Popen[bytes], end: bytes,
                timeout: float = 30) -> bytes:
    assert process.stdout is not None
    os.set_blocking(process.stdout.fileno(), False)
    seen = b""
    deadline = time.monotonic() + timeout
    while not seen.endswith(end):
        assert time.monotonic() < deadline, seen[-200:]
        time.sleep(0.01)
        seen += process.stdout.read() or b""
    return seen


def _history(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text("ascii").splitlines()]


# --- 1 and 2: signals while a simulation starts and runs its workers ---------

# Delays after the first worker appears: 8 workers take tens of milliseconds
# to start, so the sweep covers the start of each of them and the first games.
WORKER_START_UP = [0.0, 0.002, 0.005, 0.01, 0.02, 0.05]
STOPS: dict[int, tuple[int, str]] = {
    signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "terminated"),
    signal.SIGHUP: (129, "hung up")}


def _stop_a_simulation(game: str, signum: int, target: str, delay: float,
                       jobs: int = 8) -> None:
    status, reason = STOPS[signum]
    process = _start(game, "--simulate", "200000", "--jobs", str(jobs), "--seed", "1")
    _wait_for_children(process)
    time.sleep(delay)
    _signal(process, signum, target)
    stdout, stderr = _finish(process)
    context = f"{game}, {signal.Signals(signum).name} to the {target} after {delay} s"
    assert (process.returncode, stderr) == (status, f"{game}: {reason}\n".encode()), \
        context
    assert stdout == b"", context
    _assert_nothing_left(process.pid)


# 1. Ctrl-C while --simulate starts its workers.  A user sees one line,
# "GAME: interrupted", and their prompt back at once, with status 130: no
# traceback from the game or a worker, no worker left waiting on a lock, none
# holding the terminal's output open (so `2>&1 | cat` ends too).
@needs_proc
@pytest.mark.parametrize("target", ["group", "parent"])
@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_while_a_simulation_starts_its_workers(game: str, target: str) -> None:
    for delay in WORKER_START_UP:
        _stop_a_simulation(game, signal.SIGINT, target, delay)


# 1. (continued) With many workers, a terminal's Ctrl-C reaches some before
# they have set their own handling.  A user sees the same single line.
@needs_proc
@pytest.mark.parametrize("game", GAMES)
def test_ctrl_c_reaches_many_starting_workers_quietly(game: str) -> None:
    for delay in (0.0, 0.01):
        _stop_a_simulation(game, signal.SIGINT, "group", delay, jobs=64)


# 2. SIGTERM (kill) or SIGHUP (the terminal closing) on a simulation.  A user
# sees "GAME: terminated" (status 143) or "GAME: hung up" (129), and nothing
# from the workers: they end with their parent, whatever signal it gets.
@needs_proc
@pytest.mark.parametrize(("signum", "target"), [
    (signal.SIGTERM, "parent"), (signal.SIGTERM, "group"),
    (signal.SIGHUP, "parent"), (signal.SIGHUP, "group")])
@pytest.mark.parametrize("game", GAMES)
def test_sigterm_and_sighup_stop_a_simulation_quietly(game: str, signum: int,
                                                      target: str) -> None:
    for delay in (0.0, 0.01, 0.05):
        _stop_a_simulation(game, signum, target, delay)


# 2. (continued) A worker killed on its own (by SIGTERM, which also arrives
# when the whole group is stopped, or by SIGKILL): the game has lost games it
# cannot play again.  A user sees "GAME: cannot go on: a worker process died
# (killed by signal N)" and status 1, and no other worker is left behind.
@needs_proc
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL])
def test_a_worker_killed_alone_ends_the_simulation_with_one_line(signum: int) -> None:
    process = _start("stud", "--simulate", "200000", "--jobs", "2", "--seed", "1")
    _wait_for_children(process)
    with open(f"/proc/{process.pid}/task/{process.pid}/children",
              encoding="ascii") as f:
        worker = int(f.read().split()[0])
    os.kill(worker, signum)
    stdout, stderr = _finish(process)
    assert (process.returncode, stderr) == (
        1, f"stud: cannot go on: a worker process died (killed by signal "
           f"{int(signum)})\n".encode())
    assert stdout == b""
    _assert_nothing_left(process.pid)


# 2. (continued) The game killed outright (SIGKILL, which it cannot catch).
# A user sees nothing more: each worker finds its parent gone after the game
# it is playing and ends quietly, so no orphan is left spinning.
@needs_proc
@pytest.mark.parametrize("game", GAMES)
def test_workers_end_quietly_when_the_game_is_killed(game: str) -> None:
    process = _start(game, "--simulate", "200000", "--jobs", "4", "--seed", "1")
    _wait_for_children(process)
    time.sleep(0.2)
    process.kill()
    stdout, stderr = _finish(process)
    assert process.returncode == -signal.SIGKILL
    assert (stdout, stderr) == (b"", b"")
    _assert_nothing_left(process.pid)


# 2. (continued) An interactive game killed by SIGTERM or SIGHUP at a prompt.
# A user sees one line and status 143 or 129; the hand history ends with an
# "end" record saying why, and replays the transcript up to that prompt.
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_killed_at_a_prompt_leaves_a_whole_history(
        game: str, signum: int, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    status, reason = STOPS[signum]
    process = _start(game, "--seed", "2", "--log", str(log), stdin=subprocess.PIPE)
    seen = _read_until(process, PROMPTS[game])
    time.sleep(0.05)  # let it block in its read
    process.send_signal(signum)
    stdout, stderr = _finish(process)
    assert (process.returncode, stderr) == (status, f"{game}: {reason}\n".encode())
    assert _history(log)[-1] == {"type": "end", "reason": reason}
    again = run_game(game, "--replay", str(log))
    assert (again.returncode, again.stdout, again.stderr) == (0, seen + stdout, b"")


def _controlling_terminal() -> None:
    # In the child, a session leader already: its standard input, the
    # pseudo-terminal, becomes its controlling terminal, as a login's is.
    import fcntl
    import termios
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


# 2. (continued) The terminal a game plays in is closed (a terminal window
# shut, an ssh connection dropped).  Its input ends and the kernel hangs up
# the session (SIGHUP) at the same moment.  A user sees status 129, and the
# hand history is whole, ends "hung up" and replays.
@pytest.mark.parametrize("game", GAMES)
def test_closing_the_terminal_leaves_a_whole_history(game: str,
                                                     tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    log = tmp_path / "game.jsonl"
    controller, device = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", game, "--seed", "2", "--log", str(log)],
            cwd=ROOT, stdin=device, stdout=device, stderr=subprocess.PIPE,
            start_new_session=True, preexec_fn=_controlling_terminal)
        os.close(device)
        seen = b""
        deadline = time.monotonic() + 30
        while not seen.endswith(PROMPTS[game]):
            assert time.monotonic() < deadline, seen[-200:]
            seen += os.read(controller, 4096)
        time.sleep(0.05)  # let it block in its read
    finally:
        os.close(controller)
    _, stderr = _finish(process)
    # At a keyboard Big Two coaches on standard error: its first prompt's
    # word comes before the one line that says how the game ended.
    coached = (b"You hold the \xe2\x99\xa63: open with a hand that holds it.\n"
               if game == "bigtwo" else b"")
    ended = f"{game}: hung up\n".encode()
    assert (process.returncode, stderr) == (129, coached + ended)
    assert _history(log)[-1] == {"type": "end", "reason": "hung up"}
    assert run_game(game, "--replay", str(log)).returncode == 0


# --- 3: a signal in the first tenth of a second --------------------------------

# Delays from the game's start, through Python's own start-up, the imports and
# the option parser, to the first prompt (or the odds computed).
FIRST_TENTH = [index * 0.01 for index in range(25)]


def _bare_start_up() -> float:
    """Return how long a bare Python takes to start and stop now (the most of 3)."""
    times = []
    for _ in range(3):
        start = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.monotonic() - start)
    return max(times)


# 3. Ctrl-C in the first ~0.1 s.  A user sees "GAME: interrupted" and status
# 130 wherever the game was: importing, setting up its options, or computing
# Red Dog's odds.  Only in Python's own start-up, before the game's __main__
# holds the signals back (its first line), does Python answer for itself
# (killed by SIGINT, or its own traceback): a traceback may show no frame of
# the project's code after that line.
@pytest.mark.parametrize("command", [[game, "--seed", "3"] for game in GAMES]
                         + [["reddog", "--odds", "--decks", "8"]])
def test_ctrl_c_in_the_first_tenth_of_a_second(command: list[str]) -> None:
    game = command[0]
    handled = 0
    for delay in FIRST_TENTH:
        process = _start(*command, stdin=subprocess.PIPE)
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGINT)
        # As at a keyboard, the input stays open: a game that took no notice
        # would wait at its prompt, and the assertions below would say so.
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        stdout, stderr = _finish(process)
        context = f"{command} interrupted after {delay:.2f} s: {stderr[-600:]!r}"
        assert not _frames_after_the_hold(game, stderr), context
        if (process.returncode, stderr) == (130, f"{game}: interrupted\n".encode()):
            handled += 1
        elif (process.returncode, stderr) == (0, b""):
            assert command[1] == "--odds", context  # all done before the signal
        else:
            # Python's own start-up, with Python's own handler: the process
            # is killed by SIGINT, or Python reports the KeyboardInterrupt
            # (one it drops in an import's weakref callback included, after
            # which the game goes on).
            assert (process.returncode == -signal.SIGINT
                    or b"KeyboardInterrupt" in stderr), context
    if command[1] != "--odds":  # the odds may all be out before the signal
        # Half the signals sent once a bare Python has started are the game's
        # to handle (on a busy machine Python's start-up takes longer).
        started = _bare_start_up()
        assert handled >= len([delay for delay in FIRST_TENTH
                               if delay >= started]) // 2, started


# 3. (continued) The handlers go in before anything but the packages' own
# light __init__ modules: `common.cli.launch` (with `common.process`, which
# it needs to install them) is the first module of the project the game
# imports.
@pytest.mark.parametrize("game", GAMES)
def test_the_signal_handlers_come_before_any_other_project_module(game: str) -> None:
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", game, "--help"],
                            cwd=ROOT, capture_output=True, check=True)
    project = [line.rsplit("|", 1)[1].strip() for line in
               result.stderr.decode().splitlines() if line.startswith("import time:")]
    project = [name for name in project if name.split(".")[0] in PROJECT]
    first = project.index("common.cli.launch")
    assert set(project[:first]) == {"common", "common.lazy", game, "common.cli",
                                    "common.process"}


# --- 4: output that cannot be written --------------------------------------------

def _closed(fds: tuple[int, ...]) -> Callable[[], None]:
    def close() -> None:
        for fd in fds:
            os.close(fd)
    return close


# 4. Standard output closed (`>&-`) for a game the computer plays, a
# simulation and Red Dog's odds.  A user sees "GAME: cannot write standard
# output: it is closed" and status 1, as the README promises, not 0.
@pytest.mark.parametrize("args", [
    ["stud", "--computer", "all", "--seed", "1", "--hands", "20"],
    ["bigtwo", "--computer", "all", "--seed", "1"],
    ["inbetween", "--simulate", "5", "--seed", "1"],
    ["stud", "--simulate", "4", "--jobs", "2", "--seed", "1"],
    ["reddog", "--odds"],
    ["stud", "--help"], ["reddog", "--version"]])
def test_a_closed_standard_output_is_status_1(args: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", *args], cwd=ROOT,
                            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            timeout=60, check=False, preexec_fn=_closed((1,)))
    assert result.returncode == 1
    assert result.stderr == (f"{args[0]}: cannot write standard output: it is "
                             "closed\n").encode()


# 4. (continued) --help and --version to a full disk.  A user sees "GAME:
# cannot write standard output: No space left on device" and status 1, not a
# silent 0.
@pytest.mark.parametrize("option", ["--help", "--version"])
@pytest.mark.parametrize("game", GAMES)
def test_help_and_version_to_a_full_disk_are_status_1(game: str, option: str) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", game, option], cwd=ROOT,
                                stdout=full, stderr=subprocess.PIPE, timeout=60,
                                check=False)
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write standard output: No space "
                             "left on device\n").encode()


# --- 5: standard error closed or full ------------------------------------------

# 5. Standard error closed (`2>&-`).  A user sees the transcript alone: the
# message it cannot carry is dropped, never written into the transcript, and
# the status is still 1.  With a full standard error (`2>/dev/full`) the
# status is 1 for the input that ended, not Python's 120 for a failed flush.
@pytest.mark.parametrize("stderr", ["closed", "full"])
@pytest.mark.parametrize("game", GAMES)
def test_a_closed_or_full_standard_error_keeps_the_transcript_clean(
        game: str, stderr: str) -> None:
    expected = run_game(game, "--seed", "1").stdout
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", game, "--seed", "1"], cwd=ROOT,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=full if stderr == "full" else None, timeout=60, check=False,
            preexec_fn=_closed((2,)) if stderr == "closed" else None)
    assert result.returncode == 1
    assert result.stdout == expected
    assert b"input ended" not in result.stdout


# --- 6: which file could not be written ----------------------------------------

LIMIT = 512
"""The file size limit of the cases below, in bytes (``ulimit -f 1`` is 1024)."""


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


# 6. A log on a full disk.  A user sees "GAME: cannot write the log file
# PATH: No space left on device": the file is named, so it cannot be taken
# for the transcript.
@pytest.mark.parametrize("game", GAMES)
def test_a_log_that_cannot_be_written_names_the_log(game: str) -> None:
    result = run_game(game, "--seed", "1", "--log", "/dev/full", stdin=b"junk!\n")
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write the log file /dev/full: "
                             "No space left on device\n").encode()


# 6. (continued) A file size limit (`ulimit -f 2`) reached by the log.  A user
# sees "GAME: cannot write the log file PATH: File too large", and the log
# holds only whole records: the one cut in the middle is taken back.
@pytest.mark.parametrize("game", GAMES)
def test_a_log_at_the_file_size_limit_keeps_whole_records(game: str,
                                                          tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    flag = ["--computer", "all"] if game != "reddog" else ["--computer"]
    result = subprocess.run(
        [sys.executable, "-m", game, "--seed", "1", *flag, "--log", str(log)],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, timeout=60, check=False,
        preexec_fn=_file_size_limit(LIMIT))
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write the log file {log}: File too "
                             "large\n").encode()
    text = log.read_bytes()
    assert text.endswith(b"\n") and len(text) <= LIMIT
    assert all(isinstance(json.loads(line), dict) for line in text.splitlines())


# 6. (continued) The transcript reaching the file size limit.  A user sees
# "GAME: cannot write standard output: File too large".
@pytest.mark.parametrize("game", GAMES)
def test_a_transcript_at_the_file_size_limit_names_standard_output(
        game: str, tmp_path: Path) -> None:
    flag = ["--computer", "all"] if game != "reddog" else ["--computer"]
    with open(tmp_path / "transcript.txt", "wb") as transcript:
        result = subprocess.run(
            [sys.executable, "-m", game, "--seed", "1", *flag], cwd=ROOT,
            stdin=subprocess.DEVNULL, stdout=transcript, stderr=subprocess.PIPE,
            timeout=60, check=False, preexec_fn=_file_size_limit(LIMIT))
    assert result.returncode == 1
    assert result.stderr == (f"{game}: cannot write standard output: File too "
                             "large\n").encode()


# --- 7: files that collide -------------------------------------------------------

# 7. --log naming the file standard input reads (`--log g.in < g.in`), a hard
# link to it, or a symbolic link.  A user sees "GAME: error: the log file PATH
# would overwrite standard input", status 2, and the input script intact.
@pytest.mark.parametrize("link", ["same", "hard", "symbolic"])
@pytest.mark.parametrize("game", GAMES)
def test_the_log_never_overwrites_standard_input(game: str, link: str,
                                                 tmp_path: Path) -> None:
    script = tmp_path / "g.in"
    script.write_bytes(b"quit\n")
    log = tmp_path / "log.jsonl"
    if link == "hard":
        os.link(script, log)
    elif link == "symbolic":
        log.symlink_to(script)
    else:
        log = script
    with open(script, "rb") as stdin:
        result = subprocess.run(
            [sys.executable, "-m", game, "--seed", "1", "--log", str(log)], cwd=ROOT,
            stdin=stdin, capture_output=True, timeout=60, check=False)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr == (f"{game}: error: the log file {log} would overwrite "
                             "standard input\n").encode()
    assert script.read_bytes() == b"quit\n"


# 7. (continued) --log naming the transcript's file (`--log t.txt > t.txt`)
# or standard error's.  A user sees the same refusal, status 2.
@pytest.mark.parametrize("stream", ["output", "error"])
@pytest.mark.parametrize("game", GAMES)
def test_the_log_never_overwrites_standard_output_or_error(game: str, stream: str,
                                                           tmp_path: Path) -> None:
    shared = tmp_path / "t.txt"
    with open(shared, "wb") as target:
        streams = ({"stdout": target, "stderr": subprocess.PIPE} if stream == "output"
                   else {"stdout": subprocess.PIPE, "stderr": target})
        result = subprocess.run(
            [sys.executable, "-m", game, "--seed", "1", "--log", str(shared)],
            cwd=ROOT, stdin=subprocess.DEVNULL, timeout=60, check=False,
            **streams)  # type: ignore[call-overload]
    assert result.returncode == 2
    message = (f"{game}: error: the log file {shared} would overwrite standard "
               f"{stream}\n").encode()
    assert (result.stderr if stream == "output" else shared.read_bytes()) == message


# 7. (continued) --log naming the --deck file through a hard link.  A user
# sees "would overwrite the deck file" and the deck intact.
@pytest.mark.parametrize("game", GAMES)
def test_the_log_never_overwrites_the_deck_through_a_link(game: str,
                                                          tmp_path: Path) -> None:
    deck = tmp_path / "game.deck"
    deck.write_text(EXPECTED_DECK, encoding="ascii")
    log = tmp_path / "link.jsonl"
    os.link(deck, log)
    result = run_game(game, "--deck", str(deck), "--log", str(log), stdin=b"quit\n")
    assert result.returncode == 2
    assert result.stderr == (f"{game}: error: the log file {log} would overwrite "
                             "the deck file\n").encode()
    assert deck.read_text(encoding="ascii") == EXPECTED_DECK


# --- 8: FIFOs --------------------------------------------------------------------

# 8. A FIFO as --deck or --log with no program at its other end.  A user sees
# one line at once, status 2, instead of a game that waits forever in silence.
@pytest.mark.parametrize("option", ["--deck", "--log"])
@pytest.mark.parametrize("game", GAMES)
def test_a_fifo_with_no_other_end_is_refused_at_once(game: str, option: str,
                                                     tmp_path: Path) -> None:
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    result = run_game(game, "--seed", "1", option, str(fifo), timeout=30)
    assert result.returncode == 2 and result.stdout == b""
    reason = ("cannot read deck file {}: a FIFO no program is writing to"
              if option == "--deck" else
              "cannot open log file {}: a FIFO no program is reading")
    assert result.stderr == f"{game}: error: {reason.format(fifo)}\n".encode()
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


# 8. (continued) A pipe or FIFO with a program at its other end is a stream:
# `--deck <(shuf deck)` deals from it, and `--log >(gzip > g.gz)` writes the
# history into it.  A user sees the game play as with a regular file.
@pytest.mark.parametrize("game", GAMES)
def test_pipes_with_a_program_at_the_other_end_are_streams(game: str,
                                                           tmp_path: Path) -> None:
    deck_read, deck_write = os.pipe()
    os.write(deck_write, EXPECTED_DECK.encode())
    os.close(deck_write)
    log_read, log_write = os.pipe()
    try:
        result = subprocess.run(
            [sys.executable, "-m", game, "--deck", f"/dev/fd/{deck_read}",
             "--log", f"/dev/fd/{log_write}"], cwd=ROOT, input=b"quit\n",
            capture_output=True, timeout=60, check=False,
            pass_fds=(deck_read, log_write))
        os.close(log_write)
        with os.fdopen(log_read, "rb") as history:
            records = [json.loads(line) for line in history.read().splitlines()]
    finally:
        os.close(deck_read)
    assert result.returncode in (0, 1), result.stderr  # Big Two takes no quit
    assert records[0]["type"] == "header" and records[-1]["type"] == "end"
    # Red Dog puts the 52 cards on top of its first shoe.
    assert records[1]["type"] == "deck"
    assert records[1]["cards"][:52] == EXPECTED_DECK.split()


# --- 9: a byte-order mark --------------------------------------------------------

# 9. A byte-order mark at the very start of standard input (a script saved by
# an editor that writes one).  A user sees `quit` read as quit, not "Not a
# legal move!!!".  Big Two reads its input as the Java original does, and
# keeps the mark as text.
@pytest.mark.parametrize("game", ["stud", "inbetween", "reddog"])
def test_a_byte_order_mark_at_the_start_of_input_is_skipped(game: str) -> None:
    plain = run_game(game, "--seed", "1", stdin=b"quit\n")
    marked = run_game(game, "--seed", "1", stdin=b"\xef\xbb\xbfquit\n")
    assert plain.returncode == 0
    assert (marked.returncode, marked.stdout, marked.stderr) == (
        0, plain.stdout, plain.stderr)
    # Only at the very start: a mark later on is a character like any other.
    later = run_game(game, "--seed", "1", stdin=b"x\n\xef\xbb\xbfquit\n")
    assert later.returncode == 1


# --- 10: standard input a directory --------------------------------------------

# 10. Standard input a directory (`python3 -m stud < /`).  A user sees Python's
# own "Fatal Python error: init_sys_streams: <stdin> is a directory" and
# status 1: Python stops before any code of the game, or any launcher written
# in Python, can run, so the game's one line cannot be given (docs say so).
@pytest.mark.parametrize("game", GAMES)
def test_a_directory_for_input_is_python_s_own_error(game: str) -> None:
    directory = os.open(ROOT, os.O_RDONLY)
    try:
        result = subprocess.run([sys.executable, "-m", game], cwd=ROOT,
                                stdin=directory, capture_output=True, timeout=60,
                                check=False)
    finally:
        os.close(directory)
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.startswith(b"Fatal Python error: init_sys_streams")


# --- 11: digits, encodings, decoding errors ---------------------------------------

# 11. Number options take ASCII digits only, as seat lists do.  A user sees
# "GAME: error: argument --OPTION: invalid int value: 'TEXT'", status 2, for
# other scripts' digits, underscores and spaces within.
@pytest.mark.parametrize(("game", "option", "text"), [
    ("inbetween", "--players", "\u0663"), ("stud", "--hands", "1_0"),
    ("stud", "--hands", "1 0"), ("bigtwo", "--seed", "\u0663"),
    ("reddog", "--decks", "\uff14"), ("reddog", "--rounds", "1_000"),
    ("stud", "--simulate", "\u0665"), ("stud", "--seed", "1e3")])
def test_number_options_take_ascii_digits_only(game: str, option: str,
                                               text: str) -> None:
    result = run_game(game, option, text)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr == (f"{game}: error: argument {option}: invalid int "
                             f"value: {text!r}\n").encode()


# 11. (continued) Seat lists refuse the same: "argument --computer: '٠' is
# not a seat".  Spaces around a number are no error in either.
def test_seat_lists_and_numbers_agree() -> None:
    refused = run_game("stud", "--computer", "\u0660")
    assert refused.returncode == 2
    assert refused.stderr.startswith("stud: error: argument --computer: '\u0660' "
                                     "is not a seat".encode())
    spaced = run_game("stud", "--computer", " 0, 1 ", "--seed", " -5 ",
                      "--hands", " 2 ")
    assert spaced.returncode == 0, spaced.stderr


# 11. (continued) Under PYTHONIOENCODING=ascii, an error that quotes a suit
# symbol.  A user sees the symbol, as the game's own output shows it, not
# "\u2660".
def test_error_messages_are_utf_8_whatever_the_encoding_asked(tmp_path: Path) -> None:
    deck = tmp_path / "bad.deck"
    deck.write_text("\u2660Z 3D\n", encoding="utf-8")
    result = run_game("stud", "--deck", str(deck), env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 2
    assert result.stderr == (f"stud: error: deck file {deck}: not a card: "
                             "'\u2660Z'\n").encode()


# 11. (continued) A byte that is not UTF-8 in a deck file.  A user sees where
# it is: "byte 0xff at offset 150", not "position 0" of some buffer.
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_bad_byte_in_a_deck_file_is_placed(bom: bytes, tmp_path: Path) -> None:
    data = bom + EXPECTED_DECK.encode()
    data = data[:150] + b"\xff" + data[150:]
    deck = tmp_path / "bad.deck"
    deck.write_bytes(data)
    result = run_game("reddog", "--deck", str(deck))
    assert result.returncode == 2
    assert result.stderr == (f"reddog: error: cannot read deck file {deck}: byte "
                             "0xff at offset 150 is not UTF-8\n").encode()



# --- 12 to 23: the second sweep (issue 24) -----------------------------------------

def _pipe_fill(reader: int) -> int:
    """Return how many bytes wait in the pipe or FIFO read at `reader`."""
    import fcntl
    import termios

    buffer = fcntl.ioctl(reader, termios.FIONREAD, b"\0\0\0\0")
    return int.from_bytes(buffer, sys.byteorder)


# 12. A log FIFO whose reader has stopped reading (`mkfifo f; (exec 3<f;
# sleep 600) &`, then `--log f`).  The game blocks on it; Ctrl-C, SIGTERM or
# SIGHUP still stops it with its one line and status, the end record given a
# bounded wait and then dropped, instead of a process only SIGKILL ends.
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_log_fifo_nobody_reads_never_holds_a_stop(signum: int,
                                                    tmp_path: Path) -> None:
    fifo = tmp_path / "log"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opened, never read
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "stud", "--computer", "all", "--hands", "100000",
             "--seed", "1", "--log", str(fifo)], cwd=ROOT, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 30
        while _pipe_fill(reader) < 60_000:  # the pipe full: the game waits on it
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.01)
        time.sleep(0.2)
        process.send_signal(signum)
        _, stderr = _finish(process)
    finally:
        os.close(reader)
    status, reason = STOPS[signum]
    assert (process.returncode, stderr) == (status, f"stud: {reason}\n".encode())


def _ignoring(signum: int) -> Callable[[], None]:
    def ignore() -> None:
        signal.signal(signum, signal.SIG_IGN)
    return ignore


# 13. A signal ignored by whoever started the game stays ignored, as a plain
# Python program leaves it: `nohup python3 -m bigtwo --simulate ... &` then
# the terminal closing (SIGHUP), or `trap '' INT` in a script then Ctrl-C.  A
# user finds the simulation finished, its report whole, status 0; the workers
# ignore it too.
@needs_proc
@pytest.mark.parametrize(("game", "signum"), [("bigtwo", signal.SIGHUP),
                                              ("reddog", signal.SIGINT),
                                              ("stud", signal.SIGTERM)])
def test_a_signal_ignored_from_the_start_stays_ignored(game: str, signum: int) -> None:
    args = ["--simulate", "1500", "--jobs", "2", "--seed", "1"]
    expected = run_game(game, *args)
    process = subprocess.Popen([sys.executable, "-m", game, *args], cwd=ROOT,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_ignoring(signum))
    _wait_for_children(process)
    time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):  # it may be over already
        os.killpg(process.pid, signum)
    stdout, stderr = _finish(process, timeout=120)
    assert (process.returncode, stdout, stderr) == (0, expected.stdout, b"")
    _assert_nothing_left(process.pid)


_SIGNAL_AT = """\
import functools, os, signal, sys
from common import hold_stop_signals
hold_stop_signals()
from common.cli.launch import launch
from common.tui.app import TableApp
signum, method = int(sys.argv[1]), sys.argv[2]
original = getattr(TableApp, method)
@functools.wraps(original)  # Textual passes what its signature asks for
def signalled(self, *args):
    result = original(self, *args)
    if not getattr(TableApp, "sent", False):
        TableApp.sent = True
        os.kill(os.getpid(), signum)
    return result
setattr(TableApp, method, signalled)
sys.exit(launch(sys.argv[3], sys.argv[3] + ".program", sys.argv[4:]))
"""


# 14. SIGTERM or SIGHUP (or a Ctrl-C sent with kill) while the full-screen
# table runs: as its app mounts, or as it shows a move.  A user sees the
# terminal restored, one line and the signal's status, never a traceback from
# inside Textual's shutdown; the history is whole and replays.
@pytest.mark.parametrize("method", ["on_mount", "show_events"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
@pytest.mark.parametrize("game", ["bigtwo", "inbetween"])
def test_a_signal_in_the_full_screen_table_closes_it_cleanly(
        game: str, signum: int, method: str, tmp_path: Path) -> None:
    pytest.importorskip("textual")
    pty = pytest.importorskip("pty")
    import fcntl
    import struct
    import termios

    log = tmp_path / "game.jsonl"
    controller, device = pty.openpty()
    fcntl.ioctl(device, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-c", _SIGNAL_AT, str(int(signum)), method, game,
         "--seed", "3", "--tui", "--computer", "1,2,3" if game == "bigtwo" else "1",
         "--delay", "0", "--log", str(log)],
        cwd=ROOT, stdin=device, stdout=device, stderr=device, env=env,
        start_new_session=True)
    os.close(device)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:
                    break  # the terminal's other end has closed
                if not chunk:
                    break
                seen += chunk
            elif process.poll() is not None:
                break
    finally:
        os.close(controller)
    _finish(process)
    status, reason = STOPS[signum]
    assert process.returncode == status, seen[-2000:]
    assert b"Traceback" not in seen and b"unhandled exception" not in seen, \
        seen[-3000:]
    assert seen.rstrip().endswith(f"{game}: {reason}".encode()), seen[-300:]
    if log.exists():
        assert _history(log)[0]["type"] == "header"
        assert run_game(game, "--replay", str(log)).returncode == 0


# 15. A host name the resolver cannot take (an empty label, `a..b`, or one
# over 63 characters) for --join, --watch or --host.  A user sees one line
# naming it and status 2, before anything connects, not an idna traceback.
@pytest.mark.parametrize("option", ["--join", "--watch", "--host"])
@pytest.mark.parametrize("host", ["a..b", ".example", "x" * 64 + ".example.org"])
def test_a_malformed_host_name_is_one_line(option: str, host: str) -> None:
    result = run_game("stud", option, f"{host}:47699", "--password", "sesame-47",
                      timeout=30)
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr == (
        f"stud: error: argument {option}: {host[:60]!r} is not a host name: each "
        "of its parts between dots is 1 to 63 characters\n").encode()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, "the table never opened"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        assert time.monotonic() < deadline, "the table never opened"
        time.sleep(0.05)


# 16. Standard error closed at a table (`--host ... 2>&- > t.txt`, a client
# `--join ... 2>&- > c.txt`).  The network's messages, the password and the
# seat's token among them, are dropped with standard error: none ever lands in
# the transcript on standard output.
def test_a_host_with_standard_error_closed_keeps_its_password_out_of_the_transcript(
        tmp_path: Path) -> None:
    port = _free_port()
    transcript = tmp_path / "t.txt"
    with open(transcript, "wb") as out:
        host = subprocess.Popen(
            [sys.executable, "-m", "stud", "--host", f"127.0.0.1:{port}", "--seat", "0",
             "--password", "sesame-47"], cwd=ROOT, stdin=subprocess.PIPE, stdout=out,
            preexec_fn=_closed((2,)))
        try:
            _wait_listening(port, host)
            time.sleep(0.2)
        finally:
            host.terminate()
            host.communicate(timeout=30)
    assert host.returncode == 143
    assert b"sesame-47" not in transcript.read_bytes()


def test_a_client_with_standard_error_closed_keeps_its_token_out_of_the_transcript(
        tmp_path: Path) -> None:
    from helpers.netplay import PASSWORD, Host

    host = Host("stud", "--computer", "0", "--seed", "2")
    transcript = tmp_path / "c.txt"
    try:
        with open(transcript, "wb") as out:
            client = subprocess.Popen(
                [sys.executable, "-m", "stud", "--join", host.address, "--password",
                 PASSWORD], cwd=ROOT, stdin=subprocess.PIPE, stdout=out,
                preexec_fn=_closed((2,)))
            try:
                host.wait_for(r"Player 1 .*joined|takes seat 1|seat 1", timeout=30)
                deadline = time.monotonic() + 30
                while b"turn" not in transcript.read_bytes():
                    assert time.monotonic() < deadline, transcript.read_bytes()
                    time.sleep(0.05)
            finally:
                client.terminate()
                client.communicate(timeout=30)
    finally:
        host.kill()
    text = transcript.read_bytes()
    assert b"--token" not in text and b"token" not in text.lower(), text[:500]


# 17. Standard error that cannot be written (`2>/dev/full`) at a table.  The
# host opens its table all the same (its messages are dropped, not an
# unhandled "lost sys.stderr"); a client that cannot reach its host ends with
# status 2, as it does with standard error working, naming no other stream.
def test_a_host_with_a_full_standard_error_opens_its_table() -> None:
    port = _free_port()
    with open("/dev/full", "wb") as full:
        host = subprocess.Popen(
            [sys.executable, "-m", "stud", "--host", f"127.0.0.1:{port}", "--seat", "0",
             "--password", "sesame-47"], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=full)
        try:
            _wait_listening(port, host)
        finally:
            host.terminate()
            stdout, _ = host.communicate(timeout=30)
    assert host.returncode == 143 and stdout == b""


def test_a_client_with_a_full_standard_error_that_cannot_connect_is_status_2() -> None:
    port = _free_port()  # nothing listens there
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "stud", "--join", f"127.0.0.1:{port}", "--password",
             "sesame-47"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=full, timeout=60, check=False)
    assert (result.returncode, result.stdout) == (2, b"")


# 18. The history renamed over (`mv other.jsonl game.jsonl`) while --replay
# reads it.  The replay reads the one file it opened, checked and printed
# alike: a user sees the transcript it recorded, not a HistoryError traceback.
def test_a_history_renamed_over_during_its_replay_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from common.cli.program import GameProgram
    from common.console.terminal import Terminal
    from stud.program import PROGRAM

    log, other = tmp_path / "game.jsonl", tmp_path / "other.jsonl"
    played = run_game("stud", "--computer", "all", "--hands", "3", "--seed", "4",
                      "--log", str(log))
    assert run_game("stud", "--computer", "all", "--hands", "2", "--seed", "9",
                    "--log", str(other)).returncode == 0
    replay = GameProgram._replay
    calls = []

    def then_renamed(self: GameProgram[object], *args: object) -> None:
        replay(self, *args)  # type: ignore[arg-type]
        calls.append(1)
        if len(calls) == 1:
            os.replace(other, log)

    monkeypatch.setattr(GameProgram, "_replay", then_renamed)
    out = io.StringIO()
    status = PROGRAM.main(["--replay", str(log)], Terminal(io.BytesIO(), out))
    assert (status, out.getvalue().encode()) == (0, played.stdout)
    assert len(calls) == 2


# 19. A hostile --replay file: a header, then a gigabyte with no line break (a
# sparse file), read under a 600 MB address-space limit (`ulimit -v 600000`).
# A user sees one line naming the line and the limit of a record, status 2, at
# once: the reader never holds more than one record.
def test_a_replay_reads_in_bounded_memory(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run_game("stud", "--computer", "all", "--hands", "1", "--seed", "4",
                    "--log", str(log)).returncode == 0
    header = log.read_bytes().splitlines(keepends=True)[0]
    with open(log, "wb") as f:
        f.write(header)
        f.truncate(1 << 30)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (600_000 * 1024, 600_000 * 1024))

    result = subprocess.run([sys.executable, "-m", "stud", "--replay", str(log)],
                            cwd=ROOT, capture_output=True, timeout=60, check=False,
                            preexec_fn=limited)
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == (f"stud: error: cannot replay {log}: line 2: longer "
                             "than 1048576 bytes, the most a record holds\n").encode()


# 19. (continued) The longest record a game writes: a line of 65,536
# characters outside the Basic Multilingual Plane, each a 12-byte escape,
# fits the limit, and replays.
def test_the_longest_record_a_game_writes_replays(tmp_path: Path) -> None:
    from common.history import LINE_PART, MAX_RECORD

    log = tmp_path / "game.jsonl"
    typed = ("\U0001F600" * (LINE_PART + 10) + "\nquit\n").encode()
    played = run_game("stud", "--seed", "4", "--log", str(log), stdin=typed)
    assert played.returncode == 0
    longest = max(len(line) for line in log.read_bytes().splitlines())
    assert 12 * LINE_PART < longest <= MAX_RECORD
    again = run_game("stud", "--replay", str(log))
    assert (again.returncode, again.stdout) == (0, played.stdout)


COMPUTER_EVERYWHERE = {"bigtwo": ["--computer", "all"], "stud": ["--computer", "all"],
                       "inbetween": ["--computer", "all"], "reddog": ["--computer"]}


def _header_or_nothing(game: str, log: Path, context: str) -> None:
    if not log.exists():
        return
    records = _history(log)
    assert records and records[0]["type"] == "header", context
    assert run_game(game, "--replay", str(log)).returncode == 0, context


# 20. A signal just as the game starts, around the moment the log is created.
# A user finds either no log or a whole one, header first, that replays:
# never a file holding only an end record, or nothing.
@pytest.mark.parametrize("game", GAMES)
def test_an_early_signal_leaves_no_log_or_a_whole_one(game: str,
                                                      tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    for step in range(12):
        delay = 0.06 + step * 0.01
        process = _start(game, *COMPUTER_EVERYWHERE[game], "--seed", "1",
                         "--log", str(log))
        time.sleep(delay)
        process.send_signal(signal.SIGTERM)
        _finish(process)
        # -15: the signal came before Python had started the program (a busy
        # machine), which it then killed as any process, before any log.
        assert process.returncode in (0, 143) or (
            process.returncode == -signal.SIGTERM and not log.exists())
        _header_or_nothing(game, log, f"SIGTERM after {delay:.2f} s")
        with contextlib.suppress(FileNotFoundError):
            log.unlink()
    assert not [path for path in tmp_path.iterdir()], "a temporary file left"


# 20. (continued) A table stopped while it waits for its players.  The game
# never began: a user finds no log, and a file that was there stays as it was.
@pytest.mark.parametrize("existing", [False, True])
def test_a_table_stopped_before_its_game_leaves_the_log_as_it_was(
        existing: bool, tmp_path: Path) -> None:
    from helpers.netplay import Host

    log = tmp_path / "game.jsonl"
    if existing:
        log.write_bytes(b"the last game's log\n")
    host = Host("stud", "--log", str(log))
    host.wait_for("waiting for")
    host.signal(signal.SIGTERM)
    status, _, stderr = host.finish()
    assert status == 143, stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == (
        ["game.jsonl"] if existing else [])
    if existing:
        assert log.read_bytes() == b"the last game's log\n"


# 21. --help or --version into a pipe whose reader has gone (`| true`).  A
# user sees nothing and status 1, as with a transcript, --rules or --odds.
@pytest.mark.parametrize("option", ["--help", "--version"])
@pytest.mark.parametrize("game", GAMES)
def test_help_and_version_to_a_reader_that_went_away_are_quiet(game: str,
                                                                 option: str) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run([sys.executable, "-m", game, option], cwd=ROOT,
                                stdout=write_end, stderr=subprocess.PIPE, timeout=60,
                                check=False)
    finally:
        os.close(write_end)
    assert (result.returncode, result.stderr) == (1, b"")


# 22. --log naming what is no file and no FIFO: a Unix socket, or /dev/tty in
# a process with no controlling terminal.  A user sees the reason as it is
# ("a socket, not a file", "No such device or address"), not "a FIFO no
# program is reading".
def test_a_log_on_a_socket_or_a_missing_terminal_says_why(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        on_socket = run_game("stud", "--seed", "1", "--log", str(path))
    no_terminal = subprocess.run(  # a session of its own: no controlling terminal
        [sys.executable, "-m", "stud", "--seed", "1", "--log", "/dev/tty"], cwd=ROOT,
        stdin=subprocess.DEVNULL, capture_output=True, timeout=60, check=False,
        start_new_session=True)
    assert (on_socket.returncode, on_socket.stderr) == (
        2, f"stud: error: cannot open log file {path}: a socket, not a file\n".encode())
    assert (no_terminal.returncode, no_terminal.stderr) == (
        2, b"stud: error: cannot open log file /dev/tty: No such device or address\n")


# 23. docs/history.md on Stud's events, as a checker reads it: every event but
# `refused` has `stacks` and `pot`, and they add up to 200; a `refused` event
# has its seat and reason only.
def test_stud_events_carry_what_the_history_doc_says(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    doc = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    assert "Every event but `refused`" in doc
    played = run_game("stud", "--seed", "5", "--hands", "2", "--log", str(log),
                      stdin=b"junk\nbet 999\n" + b"check\ncall\n" * 40)
    assert played.returncode in (0, 1)
    events = [record for record in _history(log) if record["type"] == "event"]
    refused = [event for event in events if event["event"] == "refused"]
    assert refused, "the junk was refused"
    for event in events:
        if event["event"] == "refused":
            assert set(event) == {"type", "event", "seat", "reason"}
        else:
            assert sum(event["stacks"]) + event["pot"] == 200, event
