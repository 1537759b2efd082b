"""One of our Big Two players alone against three copies of the published PPO agent.

The agent is Charlesworth's (2018, "Application of self-play reinforcement
learning to a four-player game of imperfect information"), in his own
engine, from a clone of big2_PPOalgorithm (this project does not carry its
code), with NumPy and joblib, which that code needs:

    git clone https://github.com/henrycharlesworth/big2_PPOalgorithm DIR
    python3 -m pip install numpy joblib
    python3 benchmarks/expert_vs_ppo.py --agent DIR [--games N] [--jobs K]
        [--strategy expert|smart|random] [--think S] [--seed S]
        [--save FILE] [--compare FILE] [--record FILE]

Each of N deals (the agent's engine deals, from NumPy seeded with
`common.simulation.runner.game_seed` of the run's seed) is played four
times, our player in each seat in turn.  The games follow the agent's
engine, and keep to the hands both games' rules share: the agent's 4-card
hands are masked out of its choice (issue 26's setting).  The agent decides
as its own code does: its trained weights (``modelParameters136500``) run in
NumPy as its TensorFlow graph runs them, relu(fc1), relu(fc2), then its
policy sampled over the legal actions (Gumbel-max, seeded per game).

Our seat gets a `bigtwo.view.BigTwoView` of the game whose moves are the
legal moves of our rules that the agent's engine also allows.  The two
rules differ where the engine:

- has no five-card four of a kind (a quad and one card);
- offers only three of the four triples in a four of a kind, and so only
  the full houses built on those three;
- lets nothing beat a straight flush;
- ranks one flush over another by its top card alone, so the agent may play
  a flush our rules would not let beat the last one (6 times in 200 games);
- plays the ♦3 alone for its holder, to open the game.  The expert is
  told so (`ForcedOpening`): its inference (`bigtwo.inference`) would
  otherwise read that single as the holder's choice, and favour the hidden
  hands with which `smart` too would lead the ♦3 alone.

`smart` may still lead a move the engine does not allow, which is then
replaced by the first allowed one (counted as a fallback); the expert
searches only the allowed moves.  It prints our seat's win rate and
cards left with 95% intervals over the deals, the fallbacks, and the CPU
time of our seat's decisions.

``--record``, ``--save`` and ``--compare`` are `deal_record`'s: a run goes
on where it stopped, and a change to our player is told from the deals'
luck by comparing it with the old one deal by deal (``--save old.json``
with the old code, ``--compare old.json`` with the new).  A record's deal
is known by ``--strategy``, ``--seed`` and ``--think``: keep one file per
version of our code and per agent.

Issue 26's goal: the expert wins at least 30% of these games (`smart`:
21.3% ± 0.7 in the issue's own measurement).  The figures measured on the
2-core machine of the issue are in docs/bigtwo.md ("Against the published
PPO agent").
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import deal_record
from bench_envs import peer

from bigtwo.cards import BigTwoCard
from bigtwo.expert import ExpertPlayer
from bigtwo.hands import hand_class, strength
from bigtwo.inference import Knowledge
from bigtwo.moves import moves_of
from bigtwo.spec import DEFAULT_THINK
from bigtwo.strategy import STRATEGIES
from bigtwo.view import BigTwoView, PlayedHand
from common.engine.seats import strategy_seed
from common.simulation.runner import game_seed
from common.simulation.statistics import estimate, interval

TURNS = 1000
"""More decisions than any game takes: a game still going is a fault."""

_agents: dict[Path, Agent] = {}
"""The agent loaded in this process, by its directory."""


class Agent:
    """The agent's engine and network, imported from a clone at `directory`."""

    def __init__(self, directory: Path) -> None:
        import joblib
        import numpy as np

        with peer(directory):
            import big2Game  # type: ignore[import-not-found]
            import enumerateOptions  # type: ignore[import-not-found]

            self.weights = joblib.load("modelParameters136500")
        self.np = np
        self.options = enumerateOptions
        self.new_game = big2Game.big2Game
        # Its actions are numbered by size: singles, pairs, triples, then the
        # 4-card hands, which our rules do not have.
        self.four_cards = range(int(enumerateOptions.nAcSum[2]),
                                int(enumerateOptions.nAcSum[3]))
        self.inverse = {2: enumerateOptions.inverseTwoCardIndices,
                        3: enumerateOptions.inverseThreeCardIndices,
                        4: enumerateOptions.inverseFourCardIndices,
                        5: enumerateOptions.inverseFiveCardIndices}

    def choose(self, state: Any, legal: Any, rng: Any) -> int:
        """The action the network samples in `state` among `legal` (0 or -inf)."""
        np = self.np
        w1, b1, w2, b2, w_pi, b_pi = self.weights[:6]
        hidden = np.maximum(state.astype(np.float32) @ w1 + b1, 0)
        hidden = np.maximum(hidden @ w2 + b2, 0)
        logits = (hidden @ w_pi + b_pi)[0] + legal[0]
        logits[self.four_cards.start:self.four_cards.stop] = -np.inf
        noise = rng.random(logits.shape)
        return int(np.argmax(logits - np.log(-np.log(noise))))

    def cards(self, game: Any, action: int) -> tuple[int, ...]:
        """The keys (`bigtwo.cards.card_key`) of the cards `action` plays; () passes.

        The engine numbers a card 1 to 52 in the same order as our keys.
        """
        option, size = self.options.getOptionNC(action)
        if option == -1:
            return ()
        hand = game.currentHands[game.playersGo]
        picked = [hand[option]] if size == 1 else hand[self.inverse[size][option]]
        return tuple(sorted(int(number) - 1 for number in picked))


def card_of(key: int) -> BigTwoCard:
    """Our card of `key` (`bigtwo.cards.card_key`)."""
    return BigTwoCard(key & 3, ((key >> 2) + 2) % 13)


def played_hand(seat: int, keys: tuple[int, ...]) -> PlayedHand:
    """Our record of the hand of `keys` that `seat` played."""
    found = strength(keys)
    assert found is not None, keys  # the agent plays no 4-card hand here
    return PlayedHand(seat, hand_class(found, len(keys)).__name__,
                      tuple(card_of(key) for key in keys), found)


def seat_view(agent: Agent, game: Any, legal: Any, history: list[PlayedHand]
              ) -> tuple[BigTwoView, dict[tuple[int, ...], int]]:
    """The view of the seat to play in `game`, and its `legal` actions by their cards.

    The view's moves are those of our rules that the engine also allows;
    `history` is the hands played so far, ours to keep.
    """
    seat = game.playersGo - 1
    allowed = {agent.cards(game, int(action)): int(action)
               for action in agent.np.flatnonzero(legal[0] == 0)}
    hand = tuple(int(card) - 1 for card in game.currentHands[seat + 1])
    last = history[-1]
    free = last.seat == seat
    moves = tuple(move for move in moves_of(hand, last.strength, len(last.cards), free)
                  if tuple(hand[index] for index in move) in allowed)
    counts = tuple(len(game.currentHands[other]) for other in range(1, 5))
    view = BigTwoView(seat, seat, tuple(map(card_of, hand)), counts,
                      tuple(history), last, not free, moves)
    return view, allowed


class ForcedOpening(ExpertPlayer):
    """The expert at the agent's table, whose engine opens with the ♦3 alone."""

    def knowledge(self, view: BigTwoView) -> Knowledge:
        """What the seat knows, the opening ♦3 of another seat being no choice."""
        known = super().knowledge(view)
        if known.decisions and known.decisions[0].last is None:
            return dataclasses.replace(known, decisions=known.decisions[1:])
        return known


def play_game(agent: Agent, strategy: str, think: float, seed: int,
              ours: int) -> tuple[int, int, list[float]]:
    """Play the deal of `seed` with our player at seat `ours`.

    Returns the cards our seat held at the end, its fallbacks, and the CPU
    seconds of each of its decisions.
    """
    np = agent.np
    np.random.seed(seed % 2**32)  # the engine deals from NumPy's own generator
    game = agent.new_game()
    sampling = np.random.default_rng([seed % 2**32, ours])
    generator = random.Random(strategy_seed(seed, ours))
    player = (ForcedOpening(generator, think) if strategy == "expert"
              else STRATEGIES[strategy](generator))
    # The engine has played the ♦3 for its holder.
    history = [played_hand(game.handsPlayed[1].player - 1, (0,))]
    fallbacks = 0
    times: list[float] = []
    for _ in range(TURNS):
        number, state, legal = game.getCurrentState()
        seat = number - 1
        if seat == ours:
            view, allowed = seat_view(agent, game, legal, history)
            moves = view.moves
            hand = tuple(card.key for card in view.hand)
            start = time.process_time()
            move = player.decide(view)
            times.append(time.process_time() - start)
            if move not in moves:
                fallbacks += 1
                move = moves[0]
            action = allowed[tuple(hand[index] for index in move)]
        else:
            action = agent.choose(state, legal, sampling)
        keys = agent.cards(game, action)
        if keys:
            history.append(played_hand(seat, keys))
        held = len(game.currentHands[ours + 1]) - (len(keys) if seat == ours else 0)
        if game.step(action)[1]:  # over (the engine deals the next game at once)
            return held, fallbacks, times
    raise RuntimeError(f"the game of seed {seed} took more than {TURNS} decisions")


def play_deal(directory: Path, strategy: str, think: float,
              seed: int) -> tuple[float, float, int, list[float]]:
    """Play the deal of `seed` four times, our player in each seat in turn."""
    agent = _agents.get(directory)
    if agent is None:
        agent = _agents[directory] = Agent(directory)
    won = left = 0.0
    fallbacks = 0
    times: list[float] = []
    for ours in range(4):
        held, fell_back, took = play_game(agent, strategy, think, seed, ours)
        won += held == 0
        left += held
        fallbacks += fell_back
        times += took
    return won / 4, left / 4, fallbacks, times


def agent_directory(parser: argparse.ArgumentParser, given: Path) -> Path:
    """The clone `given` as ``--agent``, checked with what its code needs.

    A clone without the agent's engine, or NumPy or joblib missing, is
    `parser`'s one-line error (status 2) before any game.
    """
    directory = given.resolve()
    if not (directory / "big2Game.py").is_file():
        parser.error(f"--agent {given}: no big2Game.py there")
    try:
        import joblib  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as error:
        parser.error(f"{error.name} is missing: python3 -m pip install numpy joblib")
    return directory


def main() -> None:
    """Print our seat's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", type=Path, required=True, metavar="DIR",
                        help="a clone of big2_PPOalgorithm")
    parser.add_argument("--games", type=int, default=500,
                        help="deals, each played 4 times")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--strategy", default="expert",
                        choices=["expert", *STRATEGIES])
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="the expert's budget per decision, in seconds")
    deal_record.add_options(parser)
    options = parser.parse_args()
    if options.games < 1:
        parser.error(f"--games {options.games}: play at least one deal")
    directory = agent_directory(parser, options.agent)
    before, record = deal_record.opened(parser, options)
    play = functools.partial(play_deal, directory, options.strategy, options.think)
    seeds = [game_seed(options.seed, index) for index in range(options.games)]
    settings = {"strategy": options.strategy, "seed": options.seed,
                "think": options.think}
    start = time.perf_counter()
    outcomes, recorded = deal_record.played(play, seeds, options.jobs, record,
                                            settings, tuple)
    won = estimate(outcome[0] for outcome in outcomes)
    left = estimate(outcome[1] for outcome in outcomes)
    times = sorted(t for outcome in outcomes for t in outcome[3])
    print(f"{options.games} deals x 4 seats, --seed {options.seed}"
          + (f", --think {options.think}" if options.strategy == "expert" else ""))
    print(f"1 {options.strategy} + 3 PPO (no 4-card hands): {options.strategy} "
          f"{interval(won, 1, percent=True)} (cards left "
          f"{interval(left, 2)}); fallbacks "
          f"{sum(outcome[2] for outcome in outcomes)}; decision CPU s: median "
          f"{statistics.median(times):.3f}, max {times[-1]:.3f} "
          f"({len(times)} decisions); {4 * options.games} games in "
          f"{time.perf_counter() - start:.0f} s"
          + (f" ({recorded} deals of them recorded before)" if recorded else ""))
    won_by_deal = [outcome[0] for outcome in outcomes]
    if options.compare is not None:
        print(deal_record.compared(options.strategy, "alone against 3 PPO",
                                   won_by_deal, before.get(options.strategy)))
    deal_record.save(options, {options.strategy: won_by_deal})


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("expert_vs_ppo: interrupted", file=sys.stderr)
        sys.exit(130)
