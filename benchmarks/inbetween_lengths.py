"""How long In Between games last, and how often they end in a shared win, by rule.

For each number of players, rule (the seed's, ``--refill``, ``--rounds N`` and
both) and strategy (every seat ``smart``, or every seat ``random``), it plays
the games ``python3 -m inbetween --simulate`` would play, seeded the same way,
and prints: the share of games over by round 2, the share ending in a shared
win, the rounds played (mean, median, 90th percentile, longest) and why the
games ended.  Run from the repository root:

    python3 benchmarks/inbetween_lengths.py [--games N] [--rounds N] [--jobs K]

About two minutes for the default 10,000 games a row on two cores.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.engine.dealer import Dealer  # noqa: E402
from common.engine.driver import play  # noqa: E402
from common.engine.seats import computer  # noqa: E402
from common.simulation.runner import GameResult, run  # noqa: E402
from inbetween.events import EndReason  # noqa: E402
from inbetween.program import PROGRAM  # noqa: E402

REASONS = tuple(EndReason)


def one_game(seed: int, players: int, strategy: str, refill: bool,
             rounds: int | None) -> GameResult:
    """Play one game as ``--simulate`` does; return its length, winners and end."""
    settings = {"players": players, "refill": refill, "rounds": rounds}
    game = PROGRAM.spec.new_game(settings, Dealer(random.Random(seed)))
    seats = [computer(strategy, PROGRAM.spec.strategies, seed, seat)
             for seat in range(players)]
    play(game, seats)
    assert game.end_reason is not None
    return ((float(game.round_number), float(len(game.winning_seats())),
             float(REASONS.index(game.end_reason))),)


def row(players: int, strategy: str, refill: bool, rounds: int | None, games: int,
        seed: int, jobs: int) -> str:
    """Play one configuration and return its Markdown table row."""
    play_one = functools.partial(one_game, players=players, strategy=strategy,
                                 refill=refill, rounds=rounds)
    results = [result[0] for result in run(play_one, games, seed, jobs)]
    lengths = sorted(int(length) for length, _, _ in results)
    by_two = sum(length <= 2 for length in lengths) / games
    shared = sum(winners > 1 for _, winners, _ in results) / games
    ends = [sum(REASONS[int(code)] is reason for _, _, code in results) / games
            for reason in REASONS]
    ending = ", ".join(f"{reason.value} {share:.1%}"
                       for reason, share in zip(REASONS, ends, strict=True) if share)
    rule = " ".join(filter(None, ["--refill" if refill else "",
                                  f"--rounds {rounds}" if rounds else ""])) or "seed's"
    decile = lengths[int(0.9 * (games - 1))]
    return (f"| {players} | {rule} | {strategy} | {by_two:.1%} | {shared:.1%} | "
            f"{statistics.fmean(lengths):.1f} | {statistics.median(lengths):g} | "
            f"{decile} | {lengths[-1]} | {ending} |")


def main() -> None:
    """Print one Markdown table: a row per players, rule and strategy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=20,
                        help="the round limit of the --rounds rows (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    options = parser.parse_args()
    print(f"{options.games} games a row, --seed {options.seed}\n")
    print("| players | rule | every seat | over by round 2 | shared win | "
          "rounds: mean | median | 90% | longest | ended by |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for players in options.players:
        for refill, rounds in ((False, None), (True, None), (False, options.rounds),
                               (True, options.rounds)):
            for strategy in ("smart", "random"):
                print(row(players, strategy, refill, rounds, options.games,
                          options.seed, options.jobs), flush=True)


if __name__ == "__main__":
    main()
