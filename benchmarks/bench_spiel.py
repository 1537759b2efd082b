"""OpenSpiel's ISMCTS against the smart strategy: Big Two and Five Card Stud.

OpenSpiel's Information Set MCTS (``open_spiel.python.algorithms.ismcts``,
random rollouts as its evaluator) plays one seat of the OpenSpiel games of
`common.research.spiel`, resampling the cards it has not seen at every
simulation (`common.research.spiel.CardGameState.resample_from_infostate`);
the computer's ``smart`` strategy plays every other seat, from its own view,
as at the console.  Big Two: one ISMCTS seat against three smart ones, the
ISMCTS seat going round the table game by game; Stud (one hand a game):
heads-up, the seats swapped game by game.  Game i is dealt as
``--simulate`` deals it (`common.simulation.runner.game_seed`).  Run from
the repository root, with the extra rl installed
(``python3 -m pip install -e '.[rl]'``):

    python3 benchmarks/bench_spiel.py [--simulations N] [--bigtwo-games N]
                                      [--stud-games N] [--seed S]

It prints, per game, ISMCTS's win rate (and Stud's mean dollars won a game)
with 95% confidence intervals, what winning by chance alone would be, and
the speed: ISMCTS's simulations and decisions per CPU-second, and the whole
table's steps (decisions, every seat's) per CPU-second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from bigtwo.research import bigtwo_v0  # noqa: E402
from common.engine.seats import strategy_seed  # noqa: E402
from common.research.versions import Version  # noqa: E402
from common.simulation.runner import game_seed  # noqa: E402
from common.simulation.statistics import Tally  # noqa: E402
from stud.research import stud_v0  # noqa: E402

UCT_C = 2.0
"""ISMCTS's exploration constant (OpenSpiel's examples use 2)."""
ROLLOUTS = 1
"""Random rollouts an ISMCTS leaf is evaluated by."""


def play(version: Version, games: int, simulations: int, seed: int) -> None:
    """Play `games` games of ISMCTS against smart and print the results."""
    game = version.spiel_game()
    encoding = game.encoding
    seats = game.num_players()
    smart = encoding.spec.strategies["smart"]
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(ROLLOUTS, rng), UCT_C,
                           simulations, random_state=rng)
    wins, money = Tally(), Tally()
    decisions = searched = steps = 0
    bot_time = total_time = 0.0
    for number in range(games):
        deal = seed if number == 0 else game_seed(seed, number)
        state = game.deal(deal)
        mine = number % seats
        strategies: dict[int, Any] = {
            seat: smart(random.Random(strategy_seed(deal, seat)))
            for seat in range(seats) if seat != mine}
        start = time.process_time()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == mine:
                started = time.process_time()
                action = bot.step(state)
                bot_time += time.process_time() - started
                decisions += 1
                # A decision with one legal action is no search.
                searched += len(state.legal_actions()) > 1
            else:
                view = state.engine.view(seat)
                action = encoding.action(strategies[seat].decide(view), view)
            state.apply_action(action)
            steps += 1
        total_time += time.process_time() - start
        result = state.returns()[mine]
        wins.add(float(result > 0))
        money.add(result)
    rate = wins.estimate()
    print(f"{game.get_type().long_name}: ISMCTS ({simulations} simulations a "
          f"decision, {ROLLOUTS} random rollout a leaf, UCT c={UCT_C:g}) at one "
          f"seat, smart at the other {seats - 1}, {games} games")
    print(f"  ISMCTS won {100 * rate.mean:.1f}% ± {100 * rate.half_width:.1f}% "
          f"(95% CI {100 * rate.low:.1f}% to {100 * rate.high:.1f}%); "
          f"a seat's share by chance: {100 / seats:.1f}%")
    if version is stud_v0:
        mean = money.estimate()
        print(f"  ISMCTS's mean return: ${mean.mean:+.2f} ± ${mean.half_width:.2f} "
              f"a game")
    print(f"  speed: {searched * simulations / bot_time:,.0f} simulations/s, "
          f"{decisions / bot_time:,.1f} ISMCTS decisions/s "
          f"({searched} of {decisions} searched), "
          f"{steps / total_time:,.1f} table steps/s (CPU seconds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=50,
                        help="ISMCTS simulations a decision (default 50)")
    parser.add_argument("--bigtwo-games", type=int, default=40,
                        help="Big Two games (default 40)")
    parser.add_argument("--stud-games", type=int, default=200,
                        help="Stud games (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    args = parser.parse_args()
    play(bigtwo_v0, args.bigtwo_games, args.simulations, args.seed)
    play(stud_v0, args.stud_games, args.simulations, args.seed)


if __name__ == "__main__":
    main()
