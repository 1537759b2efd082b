"""What ``stud --simulate`` measures of each game between two computer players.

A simulated game is the game ``python3 -m stud --hands N`` plays: hands until
a player is broke or N hands are played, the player with more money winning
(equal money is a draw).  `common.simulation.runner.simulated_game` plays it through
the shared driver; `measure` reads the result.
"""

from __future__ import annotations

from common.engine.measures import GameResult, Metric
from common.language import N_
from stud.game import PLAYERS, StudGame

METRICS = (Metric(N_("win rate"), percent=True), Metric(N_("result $")))
"""Per seat and game: 1 for a win, 0 for a loss, 1/2 for a draw; the money won
(negative when lost)."""


def measure(game: StudGame) -> GameResult:
    """Return each player's `METRICS` values for the finished `game`."""
    winner = game.winner
    returns = game.returns()
    return tuple((0.5 if winner is None else float(winner == player), returns[player])
                 for player in range(PLAYERS))
