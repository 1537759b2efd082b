"""The expert Big Two player against smart and random: win rates and thinking time.

Each arrangement (the strategy of each seat) is played over N deals, each
deal four times, the arrangement turned one seat further each time, so every
seat plays every hand.  A deal is what ``python3 -m bigtwo --seed S`` deals
(`common.simulation.runner.game_seed` of the run's seed, as ``--simulate``
seeds its games), and each computer's generator is the seat's
(`common.engine.seats.strategy_seed`).  It prints, per arrangement, the
expert seats' win rate and cards left with 95% intervals over the deals (a
deal's four games are one sample: they share the cards), the other seats'
win rate, the CPU time of each expert decision (median, 90th and 99th
percentiles, maximum) and the CPU time the arrangement took in all its
processes.  Run from the repository root:

    python3 benchmarks/expert_results.py [--games N] [--jobs K] [--think S]
        [--seed S] [--only 1v3smart 2v2smart 1v3random] [--clock]
        [--save FILE] [--compare FILE] [--record FILE]

With ``--clock`` each expert decision also stops at ``--think`` seconds by
the clock, as at the full-screen and hosted tables: what a person there
meets on this machine, as fast and as busy as it is during the run.

To tell whether a change to the expert helps, compare it with the old one
deal by deal: run the old code with ``--save old.json`` (each deal's expert
win rate, per arrangement), then the new with ``--compare old.json`` and
the same ``--games`` and ``--seed``: it adds the difference of the expert's
win rate and its 95% interval over the deals.  Much of the deals' luck
cancels out: on 100 deals the difference's interval was ±1.8 to ±2.5
points for 2v2smart and ±1.8 to ±4.0 for 1v3smart, where two separate runs'
figures differ by ±2.9 and ±5.4 points by chance alone.

A whole measurement takes hours (see below).  With ``--record FILE`` each
deal's outcome is added to FILE (JSON lines) as soon as it is played, and a
run plays only the deals FILE does not hold yet for its arrangement,
``--seed``, ``--think`` and ``--clock``: a run cut short (Ctrl-C, the end of
a working day) goes on where it stopped when run again, and its figures are
those of all the deals.  Keep one FILE per version of the code measured.
(The records, ``--save`` and ``--compare`` are `deal_record`'s, which
`expert_vs_ppo.py` shares.)

The goals (issue 26): one expert with three smart players wins at least 40%
of the games, two experts with two smart ones at least 35% each, with
decisions of a median of 0.3 s and a maximum of 1 s at most.

Measured at --think 0.3 (`bigtwo.spec.DEFAULT_THINK`), --seed 1 on the
2-core machine of the issue.  On 2026-12-07, with four candidates rather
than eight (`bigtwo.expert.CANDIDATES`), two jobs, one arrangement at a
time, the machine about twice as fast as the day before: 2v2smart over
500 deals, 35.1% ± 0.9% each expert seat (cards left 3.24 ± 0.11), in
5,853 CPU s (decisions median 0.18 CPU s, p99 0.31, max 0.49); 1v3smart
over 500 deals, 46.2% ± 1.8% (cards left 2.42 ± 0.13), in 3,052 CPU s
(median 0.19, p99 0.32, max 0.48); 1v3random over 500 deals, 84.5% ±
1.6% (cards left 0.58 ± 0.08), in 4,877 CPU s (median 0.22, p99 0.40,
max 0.82).  None is paired with the runs of eight candidates below,
whose records are gone.
On 2026-12-06, with smart's own move
searched first (the fix of `bigtwo.expert.ExpertPlayer._candidates`):
1v3smart over 500 deals, the expert 46.5% ± 1.9% (cards left 2.35 ±
0.13; not paired with the run before, whose record is gone), in 7,087
CPU s, other runs sharing the two cores (decisions median 0.39 CPU s, p99
0.83, max 1.41, where the same arrangement took a median of 0.22 on
2026-12-05: the machine is slower some days); 2v2smart over 500 deals,
34.4% ± 0.9% each expert seat (cards left 3.06 ± 0.10; 35.0% before the
fix, not paired), in 12,776 CPU s, other runs sharing the two cores
(decisions median 0.34, p99 0.79, max 1.19); 1v3random over 500 deals,
83.4% ± 1.7% (cards left 0.59 ± 0.08; 84.1% before the fix, not
paired), in 6,675 CPU s, the legality run of ``--simulate 10000``
sharing the two cores for 74 of its 93 minutes (decisions median 0.24,
p99 0.72, max 1.21).
On 2026-12-05, one job per arrangement, two arrangements sharing the two
cores.  With the playouts' departures
(`bigtwo.playout.DEPARTURE`, `bigtwo.playout.LEAD_DEPARTURE`), the
searcher's own leads among them, and the inference matched to the lead
departures (`bigtwo.playout.biggest_lead`): 1v3smart over 500 deals, the
expert 44.5% ± 1.9% (−0.7 ± 0.7 points from the run before the matched
inference, deal by deal); 2v2smart over 500 deals, 35.0% ± 0.9% each
expert seat (+0.4 ± 0.6; the goal by its estimate); 1v3random over 500
deals, 84.1% ± 1.6% (+1.1 ± 1.3).  Before the matched inference: 45.1% ±
1.8% (−0.9 ± 2.2 points from the run below, deal by deal), 34.7% ± 0.9%
(+1.3 ± 1.1) and 83.0% ± 1.7% (−0.2 ± 2.0).
Before the searcher's own leads: 1v3smart over 500 deals (2,000 games), the
expert 46.1% ± 1.9, in 3,753 CPU s (decisions median 0.23, p99 0.39, max
1.06; over the first 100 deals with --jobs 2 and nothing else running, the
same outcomes and median 0.23, p99 0.37, max 0.65); 2v2smart over 500 deals
(2,000 games), 33.4% ± 0.9 each expert seat (below the goal: each expert
takes the other for a smart player), in 7,005 CPU s (median 0.20, max 0.65);
1v3random over 500 deals (2,000 games), 83.2% ± 1.7, in 4,240 CPU s (median
0.18, max 0.74).  With the following departures alone, on the machine when
about half as fast: 41.9% ± 1.9, 32.9% ± 0.9 (decisions median 0.34, max
2.33, five benchmarks sharing the two cores) and 83.6% ± 1.6.  At the first
machine speed, decisions took a median of 0.18 to 0.19 CPU s, at most 0.62.
With --clock, over 50 deals (200 games) of 1v3smart on the slower machine,
quiet, before departures: 43.0% ± 5.6, +2.5 ± 6.0 points from the same deals
without it, decisions median 0.30 CPU s, max 0.31.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import deal_record

from bigtwo.expert import ExpertPlayer
from bigtwo.game import BigTwo
from bigtwo.spec import DEFAULT_THINK
from bigtwo.strategy import STRATEGIES
from common.engine.dealer import Dealer
from common.engine.seats import strategy_seed
from common.simulation.runner import game_seed
from common.simulation.statistics import estimate, interval

E, S, R = "expert", "smart", "random"
ARRANGEMENTS = {
    "1v3smart": (E, S, S, S),
    "2v2smart": (E, E, S, S),
    "2v2smart-across": (E, S, E, S),
    "1v3random": (E, R, R, R),
}
"""The seats of each arrangement, as first dealt; turned round the table."""

Outcome = tuple[float, float, float, list[float], float]
"""One deal's four games: expert win rate, expert cards left, others' win rate,
the CPU seconds of each expert decision, and of the four games."""


def play_deal(strategies: tuple[str, ...], think: float, cap: float | None,
              seed: int) -> Outcome:
    """Play the deal of `seed` four times, `strategies` turned a seat each time."""
    won = left = others = 0.0
    experts = strategies.count(E)
    times: list[float] = []
    began = time.process_time()
    for turn in range(4):
        seats = strategies[-turn:] + strategies[:-turn] if turn else strategies
        game = BigTwo(Dealer(random.Random(seed)))
        game.start()
        players = [ExpertPlayer(random.Random(strategy_seed(seed, seat)), think, cap)
                   if name == E else
                   STRATEGIES[name](random.Random(strategy_seed(seed, seat)))
                   for seat, name in enumerate(seats)]
        while (seat := game.current_seat) is not None:
            view = game.view(seat)
            if seats[seat] == E:
                start = time.process_time()
                move = players[seat].decide(view)
                times.append(time.process_time() - start)
            else:
                move = players[seat].decide(view)
            game.apply(move)
        for seat, count in enumerate(game.card_counts):
            if seats[seat] == E:
                won += count == 0
                left += count
            else:
                others += count == 0
    return (won / (4 * experts), left / (4 * experts),
            others / (4 * (4 - experts)), times, time.process_time() - began)


def _outcome(fields: list[Any]) -> Outcome:
    """The `Outcome` a ``--record`` line holds."""
    won, left, others, times, cpu = fields
    return (won, left, others, times, cpu)


def report(name: str, strategies: tuple[str, ...], games: int, seed: int,
           jobs: int, think: float, cap: float | None,
           record: deal_record.Record | None = None) -> tuple[str, list[float]]:
    """Play one arrangement over `games` deals; return its line and each
    deal's expert win rate.  The deals `record` holds are not played again;
    the others are added to it as they end."""
    settings = {"arrangement": name, "seed": seed, "think": think,
                "clock": cap is not None}
    play = functools.partial(play_deal, strategies, think, cap)
    seeds = [game_seed(seed, index) for index in range(games)]
    start = time.perf_counter()
    outcomes, recorded = deal_record.played(play, seeds, jobs, record, settings,
                                            _outcome)
    seconds = time.perf_counter() - start
    won = estimate(outcome[0] for outcome in outcomes)
    left = estimate(outcome[1] for outcome in outcomes)
    others = estimate(outcome[2] for outcome in outcomes)
    times = sorted(t for outcome in outcomes for t in outcome[3])
    p90, p99 = (times[min(len(times) - 1, int(share * len(times)))]
                for share in (0.9, 0.99))
    cpu = sum(outcome[4] for outcome in outcomes)
    return ((f"{name:16} {','.join(strategies):24} expert "
            f"{interval(won, 1, percent=True):>13} (cards left "
            f"{interval(left, 2)}), others {interval(others, 1, percent=True):>13}"
            f"; decision CPU s: median "
            f"{statistics.median(times):.3f}, p90 {p90:.3f}, p99 {p99:.3f}, max "
            f"{times[-1]:.3f} ({len(times)} decisions); {4 * games} games in "
            f"{seconds:.0f} s, {cpu:.0f} CPU s"
            + (f" ({recorded} deals of them recorded before)" if recorded else "")),
            [outcome[0] for outcome in outcomes])


def main() -> None:
    """Print one line per arrangement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500,
                        help="deals per arrangement, each played 4 times")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="the expert's budget per decision, in seconds")
    parser.add_argument("--clock", action="store_true",
                        help="also stop each decision at --think seconds by the "
                             "clock, as the full-screen and hosted tables do (the "
                             "moves then depend on the machine's speed and load)")
    parser.add_argument("--only", nargs="*", default=["1v3smart", "2v2smart",
                                                      "1v3random"],
                        choices=list(ARRANGEMENTS))
    deal_record.add_options(parser)
    options = parser.parse_args()
    if options.games < 1:
        parser.error(f"--games {options.games}: play at least one deal")
    before, record = deal_record.opened(parser, options)
    print(f"{options.games} deals x 4 seat rotations each, --seed {options.seed}, "
          f"--think {options.think}" + (" by the clock" if options.clock else ""))
    runs: dict[str, list[float]] = {}
    for name in options.only:
        line, won = report(name, ARRANGEMENTS[name], options.games, options.seed,
                           options.jobs, options.think,
                           options.think if options.clock else None, record)
        print(line, flush=True)
        if options.compare is not None:
            print(deal_record.compared(name, "expert", won, before.get(name)),
                  flush=True)
        runs[name] = won
        deal_record.save(options, runs)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        # What was played is in the --record file, if there is one.
        print("expert_results: interrupted", file=sys.stderr)
        sys.exit(130)
