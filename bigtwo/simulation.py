"""What ``bigtwo --simulate`` measures of each game between four computers.

`common.simulation.runner.simulated_game` plays each game through the shared driver;
`measure` reads the result.
"""

from __future__ import annotations

from bigtwo.game import BigTwo
from common.engine.measures import GameResult, Metric
from common.language import N_

METRICS = (Metric(N_("win rate"), percent=True), Metric(N_("cards left")))
"""Per seat: whether it won (a percentage over the games), and the cards it
still held at the end (0 for the winner)."""


def measure(game: BigTwo) -> GameResult:
    """Return each seat's `METRICS` values for the finished `game`."""
    return tuple((float(count == 0), float(count)) for count in game.card_counts)
