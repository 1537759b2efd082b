"""A signal sweep: stop signals at random moments, in every game and mode.

Each run starts a real ``python3 -m GAME`` in a process group of its own, as a
shell does, waits a random moment, sends SIGINT, SIGTERM or SIGHUP (to the
group, as a terminal does, or to the game alone, as ``kill`` does), and
checks what a user would see:

- no traceback, on standard error or on the terminal;
- the exit status of that signal (130, 143, 129), or 0 when the game was
  over first;
- no process of the run left behind ten seconds later;
- a hand history (``--log``) either absent or whole: every line a JSON
  record, a header first, and ``--replay`` printing it with status 0.

The modes: a person at a prompt on a pseudo-terminal; the computer playing
every seat into a pipe; ``--simulate --jobs 2``; the full-screen table
(``--tui``, when Textual is installed) on an 80x24 pseudo-terminal; and a
table (``--host``) waiting for its players.  Run from the repository root:

    python3 benchmarks/sweep_signals.py [--runs N] [--seed S] [--jobs K]

It prints one line per failure and the counts at the end; its exit status is
1 when any run failed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import fcntl
import json
import os
import pty
import random
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bigtwo", "stud", "inbetween", "reddog")
MODES = ("prompt", "transcript", "simulate", "tui", "host")
STOPS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}
LONG = {"bigtwo": [], "stud": ["--hands", "100000"],
        "inbetween": ["--rounds", "100000"], "reddog": ["--rounds", "100000"]}
OPPONENTS = {"bigtwo": ["--computer", "1,2,3"], "stud": ["--computer", "1"],
             "inbetween": ["--computer", "1"], "reddog": []}
SHOWN = [400]
# How much of a traceback a failure shows (--full: all of it).
START_UP = 0.1
"""Seconds before the earliest signal: Python's own start-up, before a game's
first line, answers a signal in its own way (the fault catalogue's test of the
first tenth of a second covers it)."""
SETTLE = 10.0
"""Seconds a run may take to end after its signal."""


@dataclass(frozen=True)
class Case:
    """One run: the game, the mode, the signal, its target and its moment."""

    game: str
    mode: str
    signum: int
    target: str
    delay: float
    seed: int

    def __str__(self) -> str:
        name = signal.Signals(self.signum).name
        return (f"{self.game} {self.mode} {name} to the {self.target} "
                f"after {self.delay:.3f} s (seed {self.seed})")


def _command(case: Case, log: Path) -> list[str]:
    game, seed = case.game, str(case.seed)
    base = [sys.executable, "-m", game, "--seed", seed]
    if case.mode == "prompt":
        return [*base, "--log", str(log)]
    if case.mode == "transcript":
        everyone = ["--computer"] if game == "reddog" else ["--computer", "all"]
        return [*base, *everyone, *LONG[game], "--log", str(log)]
    if case.mode == "simulate":
        return [*base, "--simulate", "100000", "--jobs", "2"]
    if case.mode == "tui":
        return [*base, "--tui", *OPPONENTS[game], "--delay", "0.05",
                "--log", str(log)]
    return [*base, "--host", "127.0.0.1:0", "--log", str(log)]


def _group(pgid: int) -> list[int]:
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text(encoding="ascii",
                                                         errors="replace")
        except OSError:
            continue
        if int(text[text.rindex(")") + 2:].split()[2]) == pgid:
            members.append(int(entry))
    return members


def _log_problem(game: str, log: Path) -> str | None:
    if not log.exists():
        return None
    lines = log.read_bytes().splitlines()
    if not lines:
        return "an empty log"
    try:
        records = [json.loads(line) for line in lines]
    except ValueError:
        return "a log line that is not JSON"
    if records[0].get("type") != "header":
        return "a log with no header"
    replay = subprocess.run([sys.executable, "-m", game, "--replay", str(log)],
                            cwd=ROOT, capture_output=True, timeout=120, check=False)
    if replay.returncode != 0:
        return f"--replay exit {replay.returncode}: {replay.stderr[-200:]!r}"
    return None


def run(case: Case) -> str | None:
    """Run `case`; return what went wrong, or None."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.jsonl"
        command = _command(case, log)
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80",
               "LINES": "24"}
        controller = None
        if case.mode in ("prompt", "tui"):
            controller, device = pty.openpty()
            fcntl.ioctl(device, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            # Standard error too, as at a terminal: the full-screen mode
            # needs it there.
            process = subprocess.Popen(command, cwd=ROOT, stdin=device, stdout=device,
                                       stderr=device, env=env,
                                       start_new_session=True)
            os.close(device)
        else:
            stdin = subprocess.PIPE if case.mode == "host" else subprocess.DEVNULL
            process = subprocess.Popen(command, cwd=ROOT, stdin=stdin,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       env=env, start_new_session=True)
        errors = controller if process.stderr is None else process.stderr.fileno()
        outputs = [fd for fd in (controller, process.stderr and errors,
                                 process.stdout.fileno() if process.stdout else None)
                   if fd is not None]
        seen = {fd: b"" for fd in outputs}
        sent = False
        start = time.monotonic()
        deadline = start + case.delay + SETTLE
        while outputs and time.monotonic() < deadline:
            if not sent and time.monotonic() - start >= case.delay:
                if case.target == "group":
                    os.killpg(process.pid, case.signum)
                else:
                    process.send_signal(case.signum)
                sent = True
            ready, _, _ = select.select(outputs, [], [], 0.01)
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    data = b""
                if data:
                    seen[fd] = (seen[fd] + data)[-200_000:]
                else:
                    outputs.remove(fd)
        try:
            status = process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            status = None
        left = []
        end = time.monotonic() + SETTLE
        while (left := _group(process.pid)) and time.monotonic() < end:
            time.sleep(0.05)
        if left or status is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        if controller is not None:
            os.close(controller)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        text = b"".join(seen.values())
        if status is None:
            return "still running after its signal"
        if left:
            return f"processes left behind: {left}"
        if b"Traceback" in text or b"unhandled exception" in text:
            at = max(text.find(b"Traceback"), text.find(b"unhandled exception"))
            shown = text[at:at + SHOWN[0]].decode(errors="replace")
            return f"a traceback: {shown}"
        if status not in (STOPS[case.signum], 0):
            return f"exit status {status}: {seen[errors][-200:]!r}"
        return _log_problem(case.game, log)


def main() -> int:
    """Run the sweep; print each failure and the counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200, help="runs in all")
    parser.add_argument("--seed", type=int, default=1, help="the sweep's own seed")
    parser.add_argument("--jobs", type=int, default=2, help="runs at a time")
    parser.add_argument("--modes", default=",".join(MODES), help="modes to sweep")
    parser.add_argument("--games", default=",".join(GAMES), help="games to sweep")
    parser.add_argument("--max-delay", type=float, default=1.5,
                        help="latest moment of a signal, in seconds")
    parser.add_argument("--full", action="store_true",
                        help="show each traceback whole")
    options = parser.parse_args()
    # Each game runs as a terminal's foreground job, which gets the stop
    # signals at their defaults; a shell starts a background job (this
    # sweep with &) ignoring SIGINT, and a game keeps a signal ignored.
    for signum in STOPS:
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, signal.default_int_handler
                          if signum == signal.SIGINT else signal.SIG_DFL)
    if options.full:
        SHOWN[0] = 200_000
    modes = options.modes.split(",")
    if "tui" in modes:
        try:
            import textual  # noqa: F401
        except ImportError:
            modes.remove("tui")
            print("no Textual: the full-screen mode is left out", file=sys.stderr)
    rng = random.Random(options.seed)
    games = options.games.split(",")
    cases = [Case(rng.choice(games), rng.choice(modes), rng.choice(list(STOPS)),
                  rng.choice(("group", "process")),
                  rng.uniform(START_UP, options.max_delay), rng.randrange(1000))
             for _ in range(options.runs)]
    failures: dict[str, int] = {}
    done: dict[str, int] = {}
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        for case, problem in zip(cases, pool.map(run, cases), strict=True):
            done[case.mode] = done.get(case.mode, 0) + 1
            if problem is not None:
                failures[case.mode] = failures.get(case.mode, 0) + 1
                print(f"FAIL {case}: {problem}", flush=True)
    for mode in modes:
        print(f"{mode:>10}: {done.get(mode, 0)} runs, {failures.get(mode, 0)} failed")
    total = sum(failures.values())
    print(f"{'all':>10}: {len(cases)} runs, {total} failed (no traceback, no "
          "survivor, no partial log, the signal's status)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
