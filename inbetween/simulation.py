"""Whole games of In Between with the computer in every seat, for ``--simulate``.

`play_one` plays one game straight on the engine, through the same calls the
console makes for the lines it parses, and returns each seat's share of the
win and its coins at the end (see `common.simulation`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from common.seats import Strategy, strategy_seed
from common.simulation import GameResult, Metric
from inbetween.events import Event
from inbetween.game import InBetweenGame
from inbetween.strategy import STRATEGIES
from inbetween.view import Choice, InBetweenView

METRICS = (Metric("win rate", percent=True), Metric("coins"))
"""Each seat's share of the win (1/k to each of k tied winners) and its final coins."""


def play_game(game: InBetweenGame,
              strategies: Sequence[Strategy[InBetweenView, Choice]]) -> Iterator[Event]:
    """Play `game` (not yet started) to its end, seat i deciding with `strategies[i]`.

    Yields every event, in order.

    Raises:
        ValueError: when there is not one strategy per seat.
    """
    if len(strategies) != len(game.players):
        raise ValueError(f"{len(strategies)} strategies for {len(game.players)} seats")
    yield from game.start()
    while not game.is_over:
        seat = game.current_seat
        choice = strategies[seat].decide(game.view(seat))
        yield from game.bet(choice) if isinstance(choice, int) else game.fold()


def play_one(seed: int, strategies: Sequence[str]) -> GameResult:
    """Play one game from `seed`, seat i playing the strategy named `strategies[i]`.

    The game shuffles from ``random.Random(seed)`` and each seat's strategy
    draws from its own generator (`common.seats.strategy_seed`), as with
    ``--computer all --seed SEED``.  Returns, per seat, its share of the win
    and its coins at the end.
    """
    game = InBetweenGame(len(strategies), random.Random(seed))
    players = [STRATEGIES[name](random.Random(strategy_seed(seed, seat)))
               for seat, name in enumerate(strategies)]
    for _ in play_game(game, players):
        pass
    winners = game.winners()
    share = 1 / len(winners)
    return tuple((share if player in winners else 0.0, float(player.coins))
                 for player in game.players)
