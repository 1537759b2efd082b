"""What ``inbetween --simulate`` measures of each game between computer players.

`common.simulation.runner.simulated_game` plays each game through the shared driver;
`measure` reads the result.
"""

from __future__ import annotations

from common.engine.measures import GameResult, Metric
from inbetween.game import InBetweenGame

METRICS = (Metric("win rate", percent=True), Metric("coins"))
"""Each seat's share of the win (1/k to each of k tied winners) and its final coins."""


def measure(game: InBetweenGame) -> GameResult:
    """Return each seat's share of the win and its coins at the end."""
    winners = game.winning_seats()
    share = 1 / len(winners)
    return tuple((share if seat in winners else 0.0, float(player.coins))
                 for seat, player in enumerate(game.players))
