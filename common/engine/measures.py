"""What a simulation measures of a game: its `Metric` values, by seat.

A game's spec (`common.engine.spec.GameSpec`) names its metrics and measures
each finished game, or hears it with a `Meter` as it is played; the
simulation (`common.simulation`) gathers the results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from common.engine.events import Event

SeatResult = tuple[float, ...]
"""One seat's result in one game: a value per `Metric`."""
GameResult = tuple[SeatResult, ...]
"""One game's result: a `SeatResult` per seat."""


@dataclass(frozen=True, slots=True)
class Metric:
    """A quantity a simulation measures for each seat in each game."""

    name: str
    """The column heading."""
    percent: bool = False
    """Whether the values are 0 or 1 (or shares between) shown as a percentage."""
    places: int = 2
    """Decimal places shown."""


class Meter(Protocol):
    """What measures one game: it hears the events, then says each seat's values.

    A `common.engine.driver.Listener` of the game, with its result.
    """

    def on_events(self, events: Sequence[Event]) -> None:
        """Take the events one call to the engine caused."""

    def result(self) -> GameResult:
        """Return each seat's value of each of the game's `GameSpec.metrics`."""
