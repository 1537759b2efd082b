"""Start-up cost of the four programs, as a ratio to a bare ``python3 -c pass``.

Each command is timed in pairs with the bare interpreter, the two run one
after the other (in alternating order), and each figure is the median of the
pairs' ratios, so a machine whose load drifts still compares like with like.
Both wall-clock time and the CPU time the child used (user + system, which
other processes on a busy machine disturb less) are shown.  Run from the
repository root:

    python3 benchmarks/bench_startup.py [--pairs N] [--no-site]

The interpreter is the one running the script (``sys.executable``), never
a version manager's shim, and the bytecode cache is warmed first, because some
environments set ``PYTHONDONTWRITEBYTECODE``.  ``--no-site`` runs every
command with ``-S``, leaving out whatever the environment's ``site`` and its
``.pth`` files import at every start.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "bigtwo"

COMMANDS: list[tuple[str, list[str], Path | None]] = [
    ("bigtwo --help", ["-m", "bigtwo", "--help"], None),
    ("stud --help", ["-m", "stud", "--help"], None),
    ("inbetween --help", ["-m", "inbetween", "--help"], None),
    ("reddog --help", ["-m", "reddog", "--help"], None),
    ("bigtwo appendix game",
     ["-m", "bigtwo", "--deck", str(DATA / "appendix.deck")], DATA / "appendix.in"),
    ("reddog --odds", ["-m", "reddog", "--odds"], None),
]
"""What is timed: a name, the interpreter's arguments, and the standard input."""


def interpreter() -> str:
    """Return the running interpreter's own path (``sys.executable``).

    Run through a version manager's shim (pyenv's ``python3``), the script
    still times the interpreter itself, not the shim; a virtual
    environment's interpreter stays that environment's.
    """
    return sys.executable


def timed(argv: list[str], stdin: Path | None) -> tuple[float, float]:
    """Run `argv` once; return its wall-clock and CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin if stdin is not None else os.devnull, "rb") as source:
        start = time.perf_counter()
        subprocess.run(argv, stdin=source, stdout=subprocess.DEVNULL, check=True,
                       cwd=ROOT)
        wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    """Print each command's median time ratios to a bare interpreter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40,
                        help="timed pairs per command (default 40)")
    parser.add_argument("--no-site", action="store_true",
                        help="run every command with -S (no site, no .pth files)")
    options = parser.parse_args()
    python = interpreter()
    flags = ["-S"] if options.no_site else []
    subprocess.run([python, *flags, "-m", "compileall", "-q", str(ROOT)], check=True)
    bare = [python, *flags, "-c", "pass"]
    print(f"{python} {' '.join(flags)}".rstrip())
    print(f"{'command':<22} {'wall ms':>8} {'bare ms':>8} {'wall ×':>7} "
          f"{'cpu ×':>7}  (medians of {options.pairs} pairs)")
    for name, args, stdin in COMMANDS:
        command = [python, *flags, *args]
        timed(command, stdin)  # warm the page cache
        walls, bares, wall_ratios, cpu_ratios = [], [], [], []
        for pair in range(options.pairs):
            order = [(command, stdin), (bare, None)]
            if pair % 2:
                order.reverse()
            (first, second) = (timed(*run) for run in order)
            ours, theirs = (first, second) if not pair % 2 else (second, first)
            walls.append(ours[0])
            bares.append(theirs[0])
            wall_ratios.append(ours[0] / theirs[0])
            cpu_ratios.append(ours[1] / max(theirs[1], 1e-6))
        print(f"{name:<22} {statistics.median(walls) * 1000:8.1f} "
              f"{statistics.median(bares) * 1000:8.1f} "
              f"{statistics.median(wall_ratios):7.2f} "
              f"{statistics.median(cpu_ratios):7.2f}")


if __name__ == "__main__":
    main()
