"""How often the published PPO agent decides as `smart` would, and how it differs.

The expert's search (`bigtwo.expert`) takes the other seats to play as
`smart` does, but for a departure now and then (`bigtwo.playout.DEPARTURE`,
`bigtwo.playout.LEAD_DEPARTURE`):
this measures how far that holds of Charlesworth's agent (see
`expert_vs_ppo.py`, whose engine, network and clone this reuses).  It plays N
games of four agents in the agent's own engine, on the rules both games
share (its 4-card hands masked out), and at each decision with more than
one move asks `smart` (`bigtwo.strategy.PlanningPlayer`) what it would have
done from the same seat's view.  Run from the repository root:

    python3 benchmarks/ppo_agreement.py --agent DIR [--games N] [--seed S]

It prints, for leads and for follows, how often the agent made `smart`'s
move; for leads, how often each made a five-card hand or a pair its lead
when it held one; for follows, what the agent did instead: pass, play the
lowest hand that beats the table (`bigtwo.moves.moves_of`'s first), or
another.  Percentages are of decisions, which the games' luck makes
correlated: read them to a few points.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from expert_vs_ppo import TURNS, Agent, agent_directory, played_hand, seat_view

from bigtwo.moves import PASS
from bigtwo.strategy import PlanningPlayer
from common.simulation.runner import game_seed


def tally_game(agent: Agent, seed: int, tally: Counter[str]) -> None:
    """Play the deal of `seed` with four agents, counting into `tally`."""
    np = agent.np
    np.random.seed(seed % 2**32)  # the engine deals from NumPy's own generator
    game = agent.new_game()
    sampling = np.random.default_rng([seed % 2**32, 4])
    smart = PlanningPlayer()
    history = [played_hand(game.handsPlayed[1].player - 1, (0,))]
    for _ in range(TURNS):
        number, state, legal = game.getCurrentState()
        seat = number - 1
        action = agent.choose(state, legal, sampling)
        view, _ = seat_view(agent, game, legal, history)
        moves = view.moves
        hand = tuple(card.key for card in view.hand)
        played = agent.cards(game, action)
        if len(moves) > 1:
            chosen = tuple(hand[index] for index in smart.decide(view))
            if not view.can_pass:
                _tally_lead(tally, moves, played, chosen)
            else:
                beating = tuple(hand[index] for index in moves[0])
                _tally_follow(tally, played, chosen, beating)
        if played:
            history.append(played_hand(seat, played))
        if game.step(action)[1]:  # over (the engine deals the next game at once)
            return
    raise RuntimeError(f"the game of seed {seed} took more than {TURNS} decisions")


def _tally_lead(tally: Counter[str], moves: tuple[tuple[int, ...], ...],
                played: tuple[int, ...], chosen: tuple[int, ...]) -> None:
    """Count a lead: the agent played `played` where smart would play `chosen`."""
    tally["lead"] += 1
    tally["lead same"] += played == chosen
    sizes = {len(move) for move in moves}
    for size in (5, 2):
        if size in sizes:
            tally[f"lead holding {size}"] += 1
            tally[f"lead holding {size}: agent"] += len(played) == size
            tally[f"lead holding {size}: smart"] += len(chosen) == size


def _tally_follow(tally: Counter[str], played: tuple[int, ...],
                  chosen: tuple[int, ...], beating: tuple[int, ...]) -> None:
    """Count a follow: `played` where smart plays `chosen`; `beating` is the lowest."""
    tally["follow"] += 1
    if played == chosen:
        tally["follow same"] += 1
    elif played == PASS:
        tally["follow pass"] += 1
    elif played == beating:
        tally["follow lowest"] += 1
    else:
        tally["follow other"] += 1


def main() -> None:
    """Print the agent's agreement with smart."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", type=Path, required=True, metavar="DIR",
                        help="a clone of big2_PPOalgorithm")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    if options.games < 1:
        parser.error(f"--games {options.games}: play at least one game")
    directory = agent_directory(parser, options.agent)
    agent = Agent(directory)
    tally: Counter[str] = Counter()
    try:
        for index in range(options.games):
            tally_game(agent, game_seed(options.seed, index), tally)
    except KeyboardInterrupt:
        print("ppo_agreement: interrupted", file=sys.stderr)
        sys.exit(130)

    def share(part: str, whole: str) -> str:
        return f"{100 * tally[part] / max(1, tally[whole]):.0f}%"

    print(f"{options.games} games of four agents (no 4-card hands), --seed "
          f"{options.seed}; decisions with more than one move:")
    print(f"leads {tally['lead']}: smart's move {share('lead same', 'lead')}; "
          f"holding a five-card hand ({tally['lead holding 5']}) the agent led one "
          f"{share('lead holding 5: agent', 'lead holding 5')}, smart would "
          f"{share('lead holding 5: smart', 'lead holding 5')}; holding a pair "
          f"({tally['lead holding 2']}) the agent led one "
          f"{share('lead holding 2: agent', 'lead holding 2')}, smart would "
          f"{share('lead holding 2: smart', 'lead holding 2')}")
    print(f"follows {tally['follow']}: smart's move {share('follow same', 'follow')}; "
          f"otherwise it passed {share('follow pass', 'follow')}, played its lowest "
          f"beating hand {share('follow lowest', 'follow')}, another "
          f"{share('follow other', 'follow')}")


if __name__ == "__main__":
    main()
