"""The statistics of a simulation: means and their 95% confidence intervals.

`Tally` keeps a running mean and variance, exactly summed, so a run's memory
does not grow with its games; `estimate` is its result, an `Estimate`, which
`shown` writes as a metric shows it (``MEAN ± HALF``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from common.engine.measures import Metric

Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sample mean and the half width of its 95% confidence interval."""

    mean: float
    half_width: float
    """NaN for fewer than two values."""

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.mean + self.half_width


class Tally:
    """The running mean and variance of a stream of values.

    A simulation adds each game's value as it comes, so its memory does not
    grow with the number of games.  The sums are exact (Shewchuk's partials,
    as `math.fsum`), so the mean is the correctly rounded mean of the values
    whatever their number.
    """

    def __init__(self) -> None:
        """Start with no values."""
        self.count = 0
        self._sum: list[float] = []
        self._shift: float | None = None
        self._shifted: list[float] = []
        self._squares: list[float] = []

    def add(self, value: float) -> None:
        """Take one more value into account."""
        self.count += 1
        _add_exactly(self._sum, value)
        # The spread is summed from the first value on, which keeps its
        # rounding far below the spread itself (and 0 when all are equal).
        if self._shift is None:
            self._shift = value
        deviation = value - self._shift
        _add_exactly(self._shifted, deviation)
        _add_exactly(self._squares, deviation * deviation)

    def estimate(self) -> Estimate:
        """Return the mean and its 95% interval (normal approximation).

        Raises:
            ValueError: when no value was added.
        """
        if not self.count:
            raise ValueError("no values to estimate from")
        from fractions import Fraction
        total = math.fsum(self._sum)
        mean = total / self.count
        if self.count < 2:
            return Estimate(mean, math.nan)
        shifted = Fraction(math.fsum(self._shifted))
        spread = Fraction(math.fsum(self._squares)) - shifted**2 / self.count
        variance = max(0.0, float(spread / (self.count - 1)))
        return Estimate(mean, Z_95 * math.sqrt(variance / self.count))


def _add_exactly(partials: list[float], value: float) -> None:
    # Shewchuk's algorithm: `partials` stays a list of non-overlapping floats
    # whose exact sum is the exact sum of every value added.
    count = 0
    for partial in partials:
        if abs(value) < abs(partial):
            value, partial = partial, value
        high = value + partial
        low = partial - (high - value)
        if low:
            partials[count] = low
            count += 1
        value = high
    partials[count:] = [value]


def estimate(values: Iterable[float]) -> Estimate:
    """Return the mean of `values` and its 95% interval (see `Tally.estimate`).

    Raises:
        ValueError: when `values` is empty.
    """
    tally = Tally()
    for value in values:
        tally.add(value)
    return tally.estimate()


def shown(metric: Metric, estimate: Estimate) -> str:
    """Return ``MEAN ± HALF`` for `estimate`, as `metric` is shown."""
    return interval(estimate, metric.places, metric.percent)


def interval(estimate: Estimate, places: int, percent: bool = False,
             sign: str = "") -> str:
    """Return ``MEAN ± HALF``, each with `places` decimals, or ``MEAN`` alone.

    `percent` shows the values times 100 with a ``%`` each; `sign` is a
    format sign for the mean (``+`` for a change).  The interval is left out
    when there is none (fewer than two values).
    """
    scale, unit = (100, "%") if percent else (1, "")
    mean = f"{estimate.mean * scale:{sign}.{places}f}{unit}"
    if math.isnan(estimate.half_width):
        return mean
    return f"{mean} ± {estimate.half_width * scale:.{places}f}{unit}"
