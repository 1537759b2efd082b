"""Stud's smart player against the one it replaced, hand by hand.

Until issue 23 the smart player (`stud.EquityPlayer`) estimated its equity
in rounds 1 and 2 by dealing 200 random deals from its own generator; now
it draws the same estimate from the exact chances of a win and of a tie
(`stud.equity`), one random number a deal.  With ``--exact`` the new player
decides from the exact equity instead, every round: what the old player's
estimate approximated.

Each deal is played twice, once with the new player in seat 0 and once in
seat 1, so both see the same cards from both seats.  Each hand is a game
of one hand from $100 each, as ``--simulate`` plays its hands.  It prints
the new player's share of hands won (a split counting half) and its money
won per hand, each with its 95% confidence interval, counting the two hands
of a deal as one observation.  Run from the repository root:

    python3 benchmarks/stud_head_to_head.py [--deals N] [--seed S] [--jobs K]
                                            [--exact]

The old player lives here only, as `SamplingPlayer`: its estimate (copied
from the old `stud.strategy`) with the decision rule it shares with the new.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.cards.deck import standard_cards  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from common.engine.seats import strategy_seed  # noqa: E402
from common.simulation.runner import run  # noqa: E402
from common.simulation.statistics import estimate  # noqa: E402
from stud.cards import StudCard  # noqa: E402
from stud.evaluator import evaluate  # noqa: E402
from stud.events import Action  # noqa: E402
from stud.game import StudGame  # noqa: E402
from stud.strategy import EquityPlayer, showdown_equity  # noqa: E402
from stud.view import StudView  # noqa: E402

HAND_SIZE = 5
SAMPLES = 200
"""The old player's random deals per estimate in rounds 1 and 2."""


class SamplingPlayer(EquityPlayer):
    """The smart player before issue 23: a Monte Carlo equity in rounds 1 and 2.

    `SAMPLES` deals from its own generator per estimate (exact in rounds 3
    and 4, as now), the estimate reused for later decisions on the same
    cards; the decision rule is `EquityPlayer`'s, unchanged.
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._rng = rng
        self._last: tuple[tuple[StudCard, ...], tuple[StudCard, ...], float] | None = (
            None)

    def decide(self, view: StudView) -> Action:
        self.equity(view)  # drawn first, whatever the legal actions, as it was
        return super().decide(view)

    def equity_bounds(self, view: StudView) -> tuple[float, float]:
        value = self.equity(view)
        return value, value

    def equity(self, view: StudView) -> float:
        own, theirs = view.own_cards, view.opponent_up_cards
        if self._last is not None and self._last[:2] == (own, theirs):
            return self._last[2]
        if len(theirs) >= HAND_SIZE - 2:
            value = showdown_equity(own, theirs)
        else:
            value = sampled(own, theirs, unseen_cards([*own, *theirs]), self._rng,
                            SAMPLES)
        self._last = (own, theirs, value)
        return value


def unseen_cards(seen: Sequence[StudCard]) -> list[StudCard]:
    """The cards of the deck not in `seen`, in deck order (as the old player drew)."""
    known = set(seen)
    return [StudCard(card.suit, card.rank) for card in standard_cards(StudCard)
            if card not in known]


def sampled(own: Sequence[StudCard], theirs: Sequence[StudCard],
            pool: list[StudCard], rng: random.Random, samples: int) -> float:
    """Deal the missing cards `samples` times at random and count the wins."""
    ours = HAND_SIZE - len(own)
    needed = ours + HAND_SIZE - len(theirs)
    size = len(pool)
    draw = rng.random
    points = 0
    for _sample in range(samples):
        # A partial Fisher-Yates shuffle: the first `needed` cards become a
        # uniform random draw, whatever order the pool was left in.
        for index in range(needed):
            pick = index + int(draw() * (size - index))
            pool[index], pool[pick] = pool[pick], pool[index]
        mine = evaluate((*own, *pool[:ours]))
        value = evaluate((*theirs, *pool[ours:needed]))
        points += 2 if mine > value else mine == value
    return points / (2 * samples)


class ExactPlayer(EquityPlayer):
    """The smart player deciding from the exact equity in every round."""

    def equity_bounds(self, view: StudView) -> tuple[float, float]:
        value = self.equity(view)
        return value, value

    def equity(self, view: StudView) -> float:
        return exact_equity(view.own_cards, view.opponent_up_cards)


@functools.lru_cache(maxsize=64)
def exact_equity(own: tuple[StudCard, ...], theirs: tuple[StudCard, ...]) -> float:
    """`showdown_equity`, once for each hand in progress."""
    return showdown_equity(own, theirs)


def hand(seed: int, new_seat: int, new: type[EquityPlayer]) -> tuple[float, float]:
    """Play one hand of deal `seed`, a `new` player in `new_seat`, the old in the other.

    Returns the new player's result: 1 won, 0 lost, 1/2 a split; and the
    money it won (negative when lost).
    """
    game = StudGame(Dealer(random.Random(seed)), max_hands=1)
    players = [SamplingPlayer(random.Random(strategy_seed(seed, seat)))
               for seat in range(2)]
    players[new_seat] = new(random.Random(strategy_seed(seed, new_seat)))
    game.start()
    while (seat := game.current_seat) is not None:
        game.apply(players[seat].decide(game.view(seat)))
    won = game.returns()[new_seat]
    return (won > 0) + (won == 0) / 2, won


def deal(seed: int, new: type[EquityPlayer]) -> tuple[tuple[float, ...], ...]:
    """Play deal `seed` with both seatings: the new player's results, seat 0, 1."""
    first, second = hand(seed, 0, new), hand(seed, 1, new)
    return ((*first, *second),)


def main() -> None:
    """Play the deals and print the new player's results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000,
                        help="deals, each played twice (default 10,000: 20,000 hands)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--exact", action="store_true",
                        help="the new player decides from the exact equity")
    options = parser.parse_args()
    new = ExactPlayer if options.exact else EquityPlayer
    start = time.perf_counter()
    results = [result[0] for result in run(functools.partial(deal, new=new),
                                           options.deals, options.seed, options.jobs)]
    seconds = time.perf_counter() - start
    hands = 2 * len(results)
    wins = estimate((first + second) / 2 for first, _, second, _ in results)
    money = estimate((first + second) / 2 for _, first, _, second in results)
    seat_wins = [estimate(result[index] for result in results) for index in (0, 2)]
    name = "exact equity" if options.exact else "new"
    print(f"{name} against sampling: {hands:,} hands ({len(results):,} deals, each "
          f"played with both seatings), --seed {options.seed}, {seconds:.0f} s")
    print(f"hands won (a split half): {wins.mean:.2%} ± {wins.half_width:.2%}"
          f"  [{wins.low:.2%}, {wins.high:.2%}]")
    print(f"  in seat 0: {seat_wins[0].mean:.2%} ± {seat_wins[0].half_width:.2%};"
          f" in seat 1: {seat_wins[1].mean:.2%} ± {seat_wins[1].half_width:.2%}")
    print(f"money won per hand: {money.mean:+.3f} ± {money.half_width:.3f} $"
          f"  [{money.low:+.3f}, {money.high:+.3f}]")
    verdict = "does not sit below" if wins.high >= 0.5 else "sits below"
    print(f"the interval of hands won {verdict} 50%")


if __name__ == "__main__":
    main()
