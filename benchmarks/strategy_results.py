"""The README's table of strategy results: every seat arrangement, 10,000 games each.

Each row is what ``python3 -m GAME --simulate N --seed 1 --strategy ...``
reports (with ``--players`` for In Between), played here through the same
`common.simulation.runner.simulated_game` and `common.simulation.runner.run`,
and printed as Markdown: each seat's first measure (win rate, or the result in
Red Dog) and its second measure, each with its 95% confidence interval.  Run from the
repository root:

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

from common.engine.measures import Metric
from common.simulation.runner import PlayOne, run, simulated_game
from common.simulation.statistics import estimate, shown

S, R = "smart", "random"
ARRANGEMENTS: dict[str, list[tuple[str, ...]]] = {
    # game: the strategy of each seat, per arrangement (In Between: one seat
    # per player).  Every game keeps the --simulate defaults: Stud games of 5
    # hands, Red Dog sessions of 100 rounds from a 4-deck shoe.
    "bigtwo": [(S, R, R, R), (R, S, R, R), (R, R, S, R), (R, R, R, S),
               (S, S, S, S), (R, R, R, R)],
    "stud": [(S, R), (R, S), (S, S), (R, R)],
    "inbetween": [(S, R), (R, S), (S, S), (R, R), (S, R, R, R), (R, R, R, R),
                  (S, S, S, S)],
    "reddog": [(S,), (R,)],
}


def simulation(game: str, strategies: tuple[str, ...]) -> tuple[PlayOne,
                                                                 list[Metric]]:
    """Return what plays one game of the arrangement, as ``--simulate`` does.

    The settings are the program's own for ``--simulate`` (Stud's 5 hands,
    Red Dog's 100 rounds), with one In Between player per strategy.
    """
    program = importlib.import_module(f"{game}.program").PROGRAM
    parser = program.parser()
    argv = ["--simulate", "1"]
    if game == "inbetween":
        argv += ["--players", str(len(strategies))]
    settings = program.settings(parser, parser.parse_args(argv), list(strategies))
    play_one = functools.partial(simulated_game, program.spec, settings, strategies)
    return play_one, list(program.spec.metrics)


def row(game: str, strategies: tuple[str, ...], games: int, seed: int,
        jobs: int) -> str:
    """Play one arrangement and return its Markdown table row."""
    play_one, metrics = simulation(game, strategies)
    start = time.perf_counter()
    results = run(play_one, games, seed, jobs)
    seconds = time.perf_counter() - start
    first, second = metrics[0], metrics[1]
    cells = []
    for seat, name in enumerate(strategies):
        main = shown(first, estimate([result[seat][0] for result in results]))
        other = shown(second, estimate([result[seat][1] for result in results]))
        cells.append(f"{name} {main} ({second.name} {other})")
    return f"| {','.join(strategies)} | {' · '.join(cells)} | {seconds:.0f} s |"


def module_metric(game: str) -> str:
    """Return the name of the game's first measure."""
    return str(importlib.import_module(f"{game}.program").PROGRAM.spec.metrics[0].name)


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
