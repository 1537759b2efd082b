"""The README's table of strategy results: every seat arrangement, 10,000 games each.

Each row is what ``python3 -m GAME --simulate N --seed 1 --strategy ...``
reports, played here through the same `common.simulation.run`, and printed as
Markdown: each seat's first measure (win rate, or the result in Red Dog) with
its 95% confidence interval, then its second measure.  Run from the repository
root:

    python3 benchmarks/strategy_results.py [--games N] [--jobs K] [--seed S]

About 11 minutes on two cores.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.simulation import estimate, run  # noqa: E402

S, R = "smart", "random"
ARRANGEMENTS: dict[str, list[tuple[str, ...]]] = {
    # game: the strategy of each seat, per arrangement (In Between: one seat
    # per player).  Every game keeps the --simulate defaults: Stud games of 5
    # hands, Red Dog sessions of 100 rounds from a 4-deck shoe.
    "bigtwo": [(S, R, R, R), (R, S, R, R), (R, R, S, R), (R, R, R, S),
               (S, S, S, S), (R, R, R, R)],
    "stud": [(S, R), (R, S), (S, S), (R, R)],
    "inbetween": [(S, R), (R, S), (S, S), (R, R), (S, R, R, R), (R, R, R, R)],
    "reddog": [(S,), (R,)],
}


def row(game: str, strategies: tuple[str, ...], games: int, seed: int,
        jobs: int) -> str:
    """Play one arrangement and return its Markdown table row."""
    module = importlib.import_module(f"{game}.simulation")
    play_one = functools.partial(module.play_one, strategies=strategies)
    start = time.perf_counter()
    results = run(play_one, games, seed, jobs)
    seconds = time.perf_counter() - start
    first, second = module.METRICS[0], module.METRICS[1]
    cells = []
    for seat, name in enumerate(strategies):
        main = first.format(estimate([result[seat][0] for result in results]))
        other = estimate([result[seat][1] for result in results]).mean
        cells.append(f"{name} {main} ({second.name} {other:.{second.places}f})")
    return f"| {','.join(strategies)} | {' · '.join(cells)} | {seconds:.0f} s |"


def module_metric(game: str) -> str:
    """Return the name of the game's first measure."""
    return str(importlib.import_module(f"{game}.simulation").METRICS[0].name)


def main() -> None:
    """Print a Markdown table per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=list(ARRANGEMENTS),
                        choices=list(ARRANGEMENTS))
    options = parser.parse_args()
    for game in options.only:
        print(f"\n{game}: {options.games} games each, --seed {options.seed}\n")
        first = module_metric(game)
        print(f"| --strategy | each seat: {first} ± 95% CI (second measure) | time |")
        print("|---|---|---|")
        for strategies in ARRANGEMENTS[game]:
            print(row(game, strategies, options.games, options.seed, options.jobs),
                  flush=True)


if __name__ == "__main__":
    main()
