"""What ``reddog --simulate`` measures: sessions the computer plays alone.

A game is a session of `reddog.game.RedDogGame` from the starting credit,
ending after its rounds (``--rounds``, 100 by default) or when the credit is
below the minimum bet.  `common.simulation.runner.simulated_game` plays it through the
shared driver while an `ExpectationMeter` listens; `play_session` does the
same for one strategy and keeps the rounds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from common.engine.dealer import Dealer
from common.engine.driver import play
from common.engine.events import Event
from common.engine.measures import GameResult, Metric
from common.engine.seats import Controller, computer
from common.language import N_
from reddog.cards import DEFAULT_DECKS, value_index
from reddog.events import Decision, RoundSettled
from reddog.game import RedDogGame, RedDogMove, RedDogView
from reddog.hand import TRIPS_PAYS, HandKind
from reddog.money import CENTS_PER_DOLLAR
from reddog.odds import remaining_counts, spread_play
from reddog.strategy import STRATEGIES

METRICS = (
    Metric(N_("result $")),
    Metric(N_("expected $")),
    Metric(N_("bets $"), places=0),
    Metric(N_("rounds"), places=1),
)
"""Per game: the net result in dollars; the sum of each round's exact
expectation given the cards seen and the strategy's choices (its mean must
match the result's); the initial bets placed, in dollars; the rounds played."""


class ExpectationMeter:
    """Hears a game's events and sums each round's exact expected payout.

    The expectation of a round is taken given the cards seen before its
    decision (or, for a pair, before its free third card) and the choice made.
    """

    def __init__(self, game: RedDogGame) -> None:
        """Measure `game` as it is played."""
        self._game = game
        self.rounds: list[RoundSettled] = []
        """Every settled round, in order."""
        # A round's expectation is an integer over the cards left for its
        # third card: summed by that denominator, then over their least
        # common multiple, the sum is exact with one Fraction a game, not
        # one a round.
        self._sums: dict[int, int] = {}

    @property
    def expected(self) -> Fraction:
        """The sum of the rounds' expected payouts, in cents."""
        common = math.lcm(*self._sums)
        return Fraction(sum(numerator * (common // cards)
                            for cards, numerator in self._sums.items()), common)

    def on_events(self, events: Sequence[Event]) -> None:
        """Note each settled round and its expectation."""
        for event in events:
            if isinstance(event, RoundSettled):
                self.rounds.append(event)
                self._add(event)

    def _add(self, result: RoundSettled) -> None:
        if result.third is None:  # consecutive: a push, nothing at stake
            return
        # The counts before the third card, which the game has now counted.
        game = self._game
        left = list(remaining_counts(game.shoe.decks, game.seen))
        left[value_index(result.third.value)] += 1
        if result.hand.kind is HandKind.PAIR:
            per_bet, cards = TRIPS_PAYS * left[value_index(result.hand.low)], sum(left)
        else:
            per_bet, cards = spread_play(left, result.hand)
            if result.decision is Decision.DOUBLE:
                per_bet *= 2
        self._sums[cards] = self._sums.get(cards, 0) + per_bet * result.bet

    def result(self) -> GameResult:
        """Return the session's `METRICS`, in dollars."""
        bets = sum(result.bet for result in self.rounds)
        return ((self._game.net / CENTS_PER_DOLLAR,
                 float(self.expected) / CENTS_PER_DOLLAR,
                 bets / CENTS_PER_DOLLAR,
                 float(len(self.rounds))),)


@dataclass(frozen=True, slots=True)
class Session:
    """A finished session: the game, its settled rounds, and their expectations."""

    game: RedDogGame
    """The game, over."""
    rounds: tuple[RoundSettled, ...]
    """Every round, in order."""
    expected: Fraction
    """The sum over the rounds of the payout's exact expectation in cents, given
    the cards seen before the round's decision and the choice made."""


def play_session(seed: int, strategy: str, *, rounds: int,
                 decks: int = DEFAULT_DECKS) -> Session:
    """Play one session with the strategy named `strategy`, seeded with `seed`.

    The game's shuffles draw from ``random.Random(seed)``, the strategy from
    ``random.Random(strategy_seed(seed, 0))``, as in a ``--computer`` game.
    """
    game = RedDogGame(Dealer(random.Random(seed)), decks=decks, max_rounds=rounds)
    meter = ExpectationMeter(game)
    seat: Controller[RedDogView, RedDogMove] = computer(strategy, STRATEGIES, seed, 0)
    play(game, [seat], None, [meter])
    return Session(game, tuple(meter.rounds), meter.expected)
