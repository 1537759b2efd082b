"""Red Dog played by the computer alone, for ``--simulate``: one session per game.

A game is a session of `reddog.game.RedDogGame` from the starting credit,
ending after its rounds (``--rounds``, 100 by default) or when the credit is
below the minimum bet.  `play_session` plays it straight on the engine, through
the calls the console makes; `play_one` turns it into the `METRICS`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from common.seats import strategy_seed
from common.simulation import GameResult, Metric
from reddog.cards import DEFAULT_DECKS, value_index
from reddog.game import Decision, Phase, RedDogGame, RoundResult
from reddog.hand import TRIPS_PAYS
from reddog.money import CENTS_PER_DOLLAR
from reddog.odds import remaining_counts, spread_odds, trips_chance
from reddog.strategy import DEAL, STRATEGIES, Bet

DEFAULT_ROUNDS = 100
"""The rounds of a session the computer plays, unless ``--rounds`` says."""

METRICS = (
    Metric("result $"),
    Metric("expected $"),
    Metric("bets $", places=0),
    Metric("rounds", places=1),
)
"""Per game: the net result in dollars; the sum of each round's exact
expectation given the cards seen and the strategy's choices (its mean must
match the result's); the initial bets placed, in dollars; the rounds played."""


@dataclass(frozen=True)
class Session:
    """A finished session: the game, its settled rounds, and their expectations."""

    game: RedDogGame
    """The game, over."""
    rounds: tuple[RoundResult, ...]
    """Every round, in order."""
    expected: Fraction
    """The sum over the rounds of the payout's exact expectation in cents, given
    the cards seen before the round's decision and the choice made."""


def play_session(seed: int, strategy: str, decks: int = DEFAULT_DECKS,
                 rounds: int = DEFAULT_ROUNDS) -> Session:
    """Play one session with the strategy named `strategy`, seeded with `seed`.

    The game's shuffles draw from ``random.Random(seed)``, the strategy from
    ``random.Random(strategy_seed(seed, 0))``, as in a ``--computer`` game.
    """
    game = RedDogGame(random.Random(seed), decks=decks, max_rounds=rounds)
    player = STRATEGIES[strategy](random.Random(strategy_seed(seed, 0)))
    results: list[RoundResult] = []
    expected = Fraction(0)
    while game.phase is Phase.BETTING:
        move = player.decide(game.view())
        if isinstance(move, Bet):
            game.set_bet(move.cents)
            continue
        assert move is DEAL, move
        deal = game.deal()
        view = game.view()
        if deal.result is not None:
            result = deal.result
            if result.third is not None:  # a pair, its third card dealt
                left = list(remaining_counts(decks, view.seen))
                left[value_index(result.third.value)] += 1
                expected += (trips_chance(left, deal.hand.low)
                             * TRIPS_PAYS * deal.bet)
        else:
            choice = player.decide(view)
            assert isinstance(choice, Decision), choice
            odds = spread_odds(remaining_counts(decks, view.seen), deal.hand)
            result = game.decide(choice)
            per_bet = odds.double if choice is Decision.DOUBLE else odds.play
            expected += per_bet * deal.bet
        results.append(result)
    return Session(game, tuple(results), expected)


def play_one(seed: int, strategies: tuple[str, ...], decks: int = DEFAULT_DECKS,
             rounds: int = DEFAULT_ROUNDS) -> GameResult:
    """Play one session (see `play_session`) and return its `METRICS`.

    `strategies` names the one seat's strategy, as ``--strategy`` gives it.
    """
    (strategy,) = strategies
    session = play_session(seed, strategy, decks, rounds)
    bets = sum(result.bet for result in session.rounds)
    return ((session.game.net / CENTS_PER_DOLLAR,
             float(session.expected) / CENTS_PER_DOLLAR,
             bets / CENTS_PER_DOLLAR,
             float(len(session.rounds))),)
