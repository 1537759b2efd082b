"""How well the expert's reading places the cards it has not seen.

The expert (`bigtwo.expert`) plays its moves out on deals of the hidden
cards, each deal as likely as it explains the other seats' decisions
(`bigtwo.inference.Knowledge.deals`).  This measures how much those deals
know, without playing a game out: one seat plays as `smart`, and at each of
its decisions with more than one move, once another seat has decided, it
draws the deals a search at the default budget would (the chain's burn-in,
then ``--deals`` deals) and counts the share of the hidden cards each deal
puts with the seat that holds them, less the share uniform deals would (the
sum, over the other seats, of the square of its part of the hidden cards).
It prints that gain, in points, with its 95% interval over the decisions
(which the games' luck makes correlated: read it to a point or so), over
every hidden card and over the aces and 2s alone.  Deals that knew every
card would gain the rest of the hundred: 67 points when the other seats
hold as many cards each.

The other seats play as ``--against`` (`smart` or `random`) in our own
engine, or, with ``--agent DIR``, they are three copies of the published PPO
agent in its own engine (`expert_vs_ppo.py`'s, whose clone this takes).
``--slip`` and ``--tolerance`` try the reading with other values of
`bigtwo.inference.SLIP` and `bigtwo.inference.TOLERANCE`.  Run from the
repository root:

    python3 benchmarks/expert_reading.py [--games N] [--deals K] [--seed S]
        [--against smart|random | --agent DIR] [--slip P] [--tolerance T]

Measured on 2026-12-06 (the defaults: 20 games, 20 deals a decision):
against three `smart` players the deals placed 6.2 ± 1.8 points more of
the hidden cards with their holders than uniform deals would (138
decisions; aces and 2s 4.9 ± 3.4), against three random players 0.4 ± 0.7
(224), and against three PPO agents 4.9 ± 1.4 (140; aces and 2s 1.1 ±
3.0), or 2.7 ± 1.0 with ``--slip 0.3 --tolerance 100``.  Told every hidden
card, the expert wins 36.0% of its games against the agent instead of
26.6% (docs/expert-log.md, "Modelling the agent").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bigtwo import inference
from bigtwo.expert import BURN_IN, WORK_PER_SECOND
from bigtwo.game import BigTwo
from bigtwo.inference import Knowledge
from bigtwo.playout import SEATS, Smart
from bigtwo.spec import DEFAULT_THINK
from bigtwo.strategy import PlanningPlayer, RandomPlayer, mask_of
from common.engine.dealer import Dealer
from common.simulation.runner import game_seed
from common.simulation.statistics import estimate, interval

HIGH = sum(1 << key for key in range(44, 52))
"""The aces and the 2s, as bits (`bigtwo.cards.card_key`)."""

Position = tuple[Knowledge, list[int]]
"""What a seat knows at a decision, and every seat's cards then (bits)."""


def ours(games: int, seed: int, against: str) -> Iterator[Position]:
    """The decisions of game i's seat i % 4, smart, the others `against`."""
    for index in range(games):
        game_rng = random.Random(game_seed(seed, index))
        game = BigTwo(Dealer(game_rng))
        game.start()
        me = index % SEATS
        players = [PlanningPlayer() if seat == me or against == "smart"
                   else RandomPlayer(random.Random(game_rng.getrandbits(64)))
                   for seat in range(SEATS)]
        while not game.is_over:
            seat = game.current_seat
            assert seat is not None
            view = game.view(seat)
            if seat == me and len(view.moves) > 1:
                held = [mask_of(card.key for card in game.view(at).hand)
                        for at in range(SEATS)]
                yield Knowledge.of(view), held
            game.apply(players[seat].decide(view))


def agents(directory: Path, games: int, seed: int) -> Iterator[Position]:
    """The decisions of game i's seat i % 4, smart, the others the PPO agent."""
    import expert_vs_ppo as ppo

    agent = ppo.Agent(directory)
    forced = ppo.ForcedOpening(random.Random(0), DEFAULT_THINK)
    for index in range(games):
        number = game_seed(seed, index) % 2**32
        me = index % SEATS
        agent.np.random.seed(number)  # the engine deals from NumPy's own generator
        game = agent.new_game()
        sampling = agent.np.random.default_rng([number, me])
        smart = PlanningPlayer()
        history = [ppo.played_hand(game.handsPlayed[1].player - 1, (0,))]
        for _ in range(ppo.TURNS):
            player, state, legal = game.getCurrentState()
            seat = player - 1
            if seat == me:
                view, allowed = ppo.seat_view(agent, game, legal, history)
                if len(view.moves) > 1:
                    held = [mask_of(int(card) - 1 for card in game.currentHands[at + 1])
                            for at in range(SEATS)]
                    yield forced.knowledge(view), held
                move = smart.decide(view)
                action = allowed[tuple(view.hand[card].key for card in move)]
            else:
                action = agent.choose(state, legal, sampling)
            keys = agent.cards(game, action)
            if keys:
                history.append(ppo.played_hand(seat, keys))
            if game.step(action)[1]:
                break


def placed(known: Knowledge, held: list[int], deals: int) -> tuple[float, float]:
    """The gain over uniform deals in cards placed, all and high, at one decision."""
    smart = Smart()
    rng = random.Random(f"{known.mine}/{known.played}/{len(known.decisions)}")
    dealt = known.deals(rng, smart, round(DEFAULT_THINK * WORK_PER_SECOND * BURN_IN))
    unseen = known.unseen
    others = [seat for seat in range(SEATS) if seat != known.seat]
    hits = high = 0
    for _ in range(deals):
        hands = next(dealt)
        for seat in others:
            right = hands[seat] & held[seat]
            hits += right.bit_count()
            high += (right & HIGH).bit_count()
    # Uniform deals put a card with its holder as often as that holder's
    # part of the hidden cards.
    count = unseen.bit_count()
    parts = {seat: (held[seat] & unseen).bit_count() / count for seat in others}
    uniform = sum(part * (held[seat] & unseen).bit_count()
                  for seat, part in parts.items()) / count
    highs = (unseen & HIGH).bit_count()
    uniform_high = sum(part * (held[seat] & unseen & HIGH).bit_count()
                       for seat, part in parts.items()) / highs if highs else 0.0
    return (hits / (deals * count) - uniform,
            high / (deals * highs) - uniform_high if highs else 0.0)


def main() -> None:
    """Print the reading's gains over uniform deals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--deals", type=int, default=20,
                        help="deals drawn at each decision, after the burn-in")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", choices=["smart", "random"], default="smart")
    parser.add_argument("--agent", type=Path, metavar="DIR",
                        help="a clone of big2_PPOalgorithm: the others are its agent")
    parser.add_argument("--slip", type=float, default=inference.SLIP)
    parser.add_argument("--tolerance", type=int, default=inference.TOLERANCE)
    options = parser.parse_args()
    if options.games < 1 or options.deals < 1:
        parser.error("--games and --deals take 1 or more")
    if not 0 < options.slip < 1 or options.tolerance < 1:
        parser.error("--slip takes a number between 0 and 1, --tolerance 1 or more")
    positions: Callable[[], Iterator[Position]]
    if options.agent is not None:
        from expert_vs_ppo import agent_directory

        directory = agent_directory(parser, options.agent)
        positions = lambda: agents(directory, options.games, options.seed)  # noqa: E731
        who = "3 PPO agents"
    else:
        positions = lambda: ours(options.games, options.seed, options.against)  # noqa: E731
        who = f"3 {options.against} players"
    inference.SLIP, inference.TOLERANCE = options.slip, options.tolerance
    start = time.perf_counter()
    gains = [placed(known, held, options.deals) for known, held in positions()
             if known.decisions]
    if len(gains) < 2:
        sys.exit("expert_reading: too few decisions to measure: play more --games")
    every = estimate(100 * gain for gain, _ in gains)
    high = estimate(100 * gain for _, gain in gains)
    print(f"{options.games} games against {who}, --seed {options.seed}, "
          f"{options.deals} deals a decision, SLIP {options.slip}, TOLERANCE "
          f"{options.tolerance}: {len(gains)} decisions in "
          f"{time.perf_counter() - start:.0f} s")
    print(f"hidden cards placed with their holders, over uniform deals: "
          f"{interval(every, 2)} points; aces and 2s: {interval(high, 2)} points")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("expert_reading: interrupted", file=sys.stderr)
        sys.exit(130)
