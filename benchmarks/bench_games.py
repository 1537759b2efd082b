"""Games per second for each game, with random and with smart computer players.

Every seat is a computer; each game is played on the engine alone, exactly as
``python3 -m GAME --simulate N`` plays it, in one process.  Run from the
repository root:

    python3 benchmarks/bench_games.py [--games GAME ...] [--seconds S]

Each figure is the best of three timed batches, so a busy machine shows less.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.simulation import game_seed  # noqa: E402

SEATS = {"bigtwo": 4, "stud": 2, "inbetween": 2, "reddog": 1}
"""The games, with the seats each simulation fills (In Between: two players)."""


def games_per_second(game: str, strategy: str, seconds: float) -> tuple[float, int]:
    """Return the best rate of three batches of about `seconds` each, and their size."""
    seats = SEATS[game]
    module = importlib.import_module(f"{game}.simulation")
    play_one = functools.partial(module.play_one, strategies=(strategy,) * seats)
    play_one(game_seed(0, 0))  # warm up: lazy tables, imports
    # A short trial run sizes the batches to about `seconds` each.
    start, played = time.perf_counter(), 0
    while time.perf_counter() - start < seconds / 4:
        play_one(game_seed(0, played))
        played += 1
    batch = max(1, int(played / (time.perf_counter() - start) * seconds))
    best = 0.0
    for attempt in range(3):
        start = time.perf_counter()
        for index in range(batch):
            play_one(game_seed(attempt + 1, index))
        best = max(best, batch / (time.perf_counter() - start))
    return best, batch


def main() -> None:
    """Print games per second for each game and strategy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="the length of each timed batch (default 2)")
    parser.add_argument("--games", nargs="*", default=list(SEATS), choices=list(SEATS))
    options = parser.parse_args()
    print(f"{'game':<10} {'strategy':<8} {'games/s':>10}  (best of 3 batches)")
    for game in options.games:
        for strategy in ("random", "smart"):
            rate, batch = games_per_second(game, strategy, options.seconds)
            print(f"{game:<10} {strategy:<8} {rate:>10,.1f}  ({batch} games a batch)")


if __name__ == "__main__":
    main()
