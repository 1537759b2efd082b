"""Whether ``--simulate --jobs 2`` beats ``--jobs 1``, quiet and on a busy machine.

Each round runs ``python3 -m GAME --simulate N --seed S`` with ``--jobs 1``
and with ``--jobs 2``, back to back in alternating order, and takes the ratio
of their wall times (paired, so a change in the machine's load between rounds
touches both); the median of the rounds is printed.  The busy machine is made
here: two processes that spin on the CPU for the whole measurement, as two
other programs would.  The reports of the two runs are compared too: they
must be byte for byte the same.  Run from the repository root:

    python3 benchmarks/bench_jobs.py [--game GAME] [--games N] [--rounds R]

Goals (issue 23): at least 1.8x on a quiet 2-core machine, and at least 1.0x
(never slower) on one loaded by two CPU-bound processes.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def spin(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one CPU busy until `stop` is set."""
    while not stop.is_set():
        for _ in range(100_000):
            pass


def timed(game: str, games: int, jobs: int) -> tuple[float, bytes]:
    """Return the wall seconds of one simulation and its report."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", game, "--simulate", str(games), "--seed", "1",
         "--jobs", str(jobs)], cwd=ROOT, capture_output=True, check=True)
    return time.perf_counter() - start, done.stdout


def ratios(game: str, games: int, rounds: int) -> list[float]:
    """Return the speed-ups of ``--jobs 2`` over ``--jobs 1``, one per round."""
    found = []
    for round_number in range(rounds):
        order = (1, 2) if round_number % 2 == 0 else (2, 1)
        seconds, reports = {}, {}
        for jobs in order:
            seconds[jobs], reports[jobs] = timed(game, games, jobs)
        if reports[1] != reports[2]:
            raise SystemExit(f"{game}: the reports of --jobs 1 and 2 differ")
        found.append(seconds[1] / seconds[2])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bigtwo",
                        choices=["bigtwo", "stud", "inbetween", "reddog"])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    print(f"{options.game}, {options.games} games a run, {options.rounds} paired "
          f"rounds, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f} before")
    quiet = ratios(options.game, options.games, options.rounds)
    print(f"quiet: --jobs 2 over --jobs 1 {statistics.median(quiet):.2f}x "
          f"(rounds: {', '.join(f'{ratio:.2f}' for ratio in quiet)}; goal >= 1.8x)")
    stop = multiprocessing.Event()
    load = [multiprocessing.Process(target=spin, args=(stop,)) for _ in range(2)]
    for process in load:
        process.start()
    try:
        busy = ratios(options.game, options.games, options.rounds)
    finally:
        stop.set()
        for process in load:
            process.join()
    print(f"busy (two CPU-bound processes): --jobs 2 over --jobs 1 "
          f"{statistics.median(busy):.2f}x (rounds: "
          f"{', '.join(f'{ratio:.2f}' for ratio in busy)}; goal >= 1.0x)")


if __name__ == "__main__":
    main()
