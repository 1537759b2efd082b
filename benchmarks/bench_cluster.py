"""Games per second of ``--simulate`` in local processes and on a local Ray instance.

For each game, the same run (``--simulate N --seed S``) is timed three ways,
each a real ``python3 -m GAME`` from the repository root: in K local worker
processes (``--jobs K``), on a local Ray instance of K CPUs (``--cluster
local --jobs K``), and on that instance again with one game, which measures
what Ray costs whatever the run (starting and stopping the instance).  It
prints the games per wall-clock second of each, and of Ray's play alone (the
games beyond the first over the time beyond the one-game run's), and checks
that the two reports are byte for byte the same.  It needs the extra
``[cluster]`` (Ray).  Run from the repository root:

    python3 benchmarks/bench_cluster.py [--games GAME ...] [--count N] [--jobs K]

A run on one machine shows what Ray costs, not what it gains: a cluster's
gain is its other machines' CPUs.  Figures are wall-clock, so other work on
the machine disturbs them.  The exit status is 1 when a report differs.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bigtwo", "stud", "inbetween", "reddog")
COUNTS = {"bigtwo": 4000, "stud": 1500, "inbetween": 20000, "reddog": 3000}
"""Games per run by default: some seconds of play on two CPUs."""


def timed(game: str, *args: str) -> tuple[float, bytes]:
    """Run ``python3 -m GAME --simulate ARGS``; return its seconds and report."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", game, "--simulate", *args], cwd=ROOT,
                          capture_output=True, timeout=1800, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0 or done.stderr:
        sys.exit(f"{game} --simulate {' '.join(args)}: status {done.returncode}: "
                 f"{done.stderr.decode(errors='replace').strip()}")
    return seconds, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", choices=GAMES, default=["stud", "bigtwo"])
    parser.add_argument("--count", type=int, help="games per run (default: per game)")
    parser.add_argument("--jobs", type=int, default=2,
                        help="local processes, and the Ray instance's CPUs (default 2)")
    parser.add_argument("--seed", default="1")
    options = parser.parse_args()
    try:
        import ray  # noqa: F401
    except ImportError:
        sys.exit("bench_cluster needs Ray: python3 -m pip install -e '.[cluster]'")
    jobs = str(options.jobs)
    print(f"{'game':10} {'games':>6}  {'local':>12}  {'Ray':>12}  {'Ray, play':>12}  "
          "report")
    same = True
    for game in options.games:
        count = options.count or COUNTS[game]
        seed = ("--seed", options.seed)
        local, here = timed(game, str(count), *seed, "--jobs", jobs)
        ray_time, there = timed(game, str(count), *seed, "--cluster", "local",
                                "--jobs", jobs)
        fixed, _ = timed(game, "1", *seed, "--cluster", "local", "--jobs", jobs)
        play = (ray_time - fixed) if ray_time > fixed else float("nan")
        same = same and here == there
        print(f"{game:10} {count:>6}  {count / local:>8.0f} g/s  "
              f"{count / ray_time:>8.0f} g/s  {(count - 1) / play:>8.0f} g/s  "
              f"{'identical' if here == there else 'DIFFERS'}")
    print(f"\nlocal: --jobs {jobs}; Ray: --cluster local --jobs {jobs}, the whole run; "
          f"Ray, play: without its start and stop (a one-game run's time).")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
