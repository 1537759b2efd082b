"""Simulation: many games with every seat a computer, and their report.

A run plays ``play_one(seed)`` for each game: one whole game, seeded with
`seed`, through the same driver as a console game, returning a
`common.engine.measures.GameResult` (one number per metric for each seat);
`simulated_game` is that for any game's spec.  `run` plays N games, game i
seeded with `game_seed(seed, i)`, in one process, spread over K, or as
tasks on a Ray cluster; the results come back in game order, so the
statistics do not depend on where the games were played.
`report` prints each seat's mean of each metric with its 95% confidence
interval (`common.simulation.statistics`).
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Any, TextIO

from common.engine.dealer import Dealer
from common.engine.driver import play
from common.engine.measures import GameResult, Metric
from common.engine.seats import computer
from common.engine.spec import GameSpec, Settings
from common.simulation.statistics import Tally, shown

PlayOne = Callable[[int], GameResult]
"""Plays one game from a seed; must be picklable (a module-level function or a
`functools.partial` of one) for runs over several processes."""


def simulated_game(spec: GameSpec[Any], settings: Settings,
                   strategies: Sequence[str], seed: int) -> GameResult:
    """Play one game of `spec` seeded with `seed`, seat i played by ``strategies[i]``.

    The deck comes from ``random.Random(seed)`` and each seat's strategy
    from its own generator (`common.engine.seats.strategy_seed`), as in a
    console game with ``--seed seed`` and those computer seats; returns what
    the spec's meter measures.
    """
    game = spec.new_game(settings, Dealer(random.Random(seed)))
    factories = spec.factories(settings)
    seats = [computer(name, factories, seed, seat)
             for seat, name in enumerate(strategies)]
    meter = spec.meter(game)
    play(game, seats, None, [meter])
    return meter.result()


def game_seed(seed: int, index: int) -> int:
    """Return the seed of game `index` (from 0) of a run seeded with `seed`."""
    return random.Random(f"cardgames/game/{seed}/{index}").getrandbits(64)


def fresh_seed() -> int:
    """Return a seed for a run given none (printed, so the run can be repeated)."""
    return random.SystemRandom().randrange(10**9)


def usable_cpus() -> int:
    """Return how many CPUs this process may run on (at least 1)."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13
    if count is not None:
        found = count()
    elif hasattr(os, "sched_getaffinity"):
        found = len(os.sched_getaffinity(0))
    else:
        found = os.cpu_count()
    return max(1, found or 1)


def results(play_one: PlayOne, games: int, seed: int, jobs: int | None = 1,
            cluster: str | None = None) -> Generator[GameResult, None, None]:
    """Play `games` games and yield their results in game order, as they come.

    Game i is ``play_one(game_seed(seed, i))``, whichever process plays it.
    Without `cluster`, there are `jobs` processes at most (one by default),
    and no more than the games or the CPUs this process may use
    (`usable_cpus`); they are `common.simulation.workers.imap`'s, which
    leaves none behind however the run ends.  With `cluster`, the games are
    Ray tasks on the cluster at that address (`common.simulation.cluster`),
    at most `jobs` at once (by default as many as it has CPUs; a local
    instance has this process's CPUs, or `jobs` of them).  Seeds are handed
    out as the games are played, so memory stays flat however many there are.
    """
    seeds = (game_seed(seed, index) for index in range(games))
    if cluster is not None:
        from common.simulation import cluster as ray_cluster

        if cluster == ray_cluster.LOCAL:
            # As the local pool: more tasks than CPUs would only take turns.
            jobs = min(jobs or usable_cpus(), usable_cpus())
        yield from ray_cluster.imap(play_one, seeds, games, cluster, jobs)
        return
    # More processes than CPUs would only take turns on them, and a process
    # with no game would only cost time.
    jobs = min(jobs or 1, games, usable_cpus())
    if jobs <= 1:
        yield from map(play_one, seeds)
        return
    from common.simulation.workers import imap

    # Small chunks first, until the workers have timed a game; a game takes
    # milliseconds, much longer than handing a seed to a worker.
    chunk = max(1, min(8, games // (jobs * 8)))
    yield from imap(play_one, seeds, jobs, chunk, games)


def run(play_one: PlayOne, games: int, seed: int, jobs: int | None = 1,
        on_result: Callable[[int], None] | None = None,
        cluster: str | None = None) -> list[GameResult]:
    """Play `games` games (see `results`) and return their results in game order.

    `on_result` is called with the number of games done after each one.
    """
    collected: list[GameResult] = []
    for result in results(play_one, games, seed, jobs, cluster):
        collected.append(result)
        if on_result is not None:
            on_result(len(collected))
    return collected


class Progress:
    """``PROG: N/M games`` on a terminal's standard error, for runs over a second.

    Nothing is shown when the stream is not a terminal, or before a second
    has passed; the line is cleared at the end.
    """

    DELAY = 1.0
    """Seconds before the first update is shown."""
    INTERVAL = 0.1
    """Seconds between updates."""

    def __init__(self, prog: str, total: int, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """Report progress towards `total` on `stream` (standard error by default)."""
        self._prog = prog
        self._total = total
        self._stream = stream if stream is not None else sys.stderr
        self._clock = clock
        self._start = clock()
        self._last = -math.inf
        self._width = 0
        self._enabled = self._stream is not None and self._stream.isatty()

    def update(self, done: int) -> None:
        """Note that `done` games are finished."""
        if not self._enabled:
            return
        now = self._clock()
        if now - self._start < self.DELAY or now - self._last < self.INTERVAL:
            return
        self._last = now
        percent = 100 * done // self._total
        text = f"{self._prog}: {done}/{self._total} games ({percent}%)"
        self._width = max(self._width, len(text))
        self._show("\r" + text.ljust(self._width))

    def close(self) -> None:
        """Clear the progress line, if one was shown."""
        if self._width:
            self._show("\r" + " " * self._width + "\r")
            self._width = 0

    def _show(self, text: str) -> None:
        # The progress line is a courtesy: a terminal that has gone away
        # (SIGHUP's EIO) only stops it.
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):
            self._enabled = False
            self._width = 0


def report(title: str, seats: Sequence[str], metrics: Sequence[Metric],
           games: Iterable[GameResult]) -> str:
    """Return the statistics table: a row per seat, a column per metric.

    `seats` names each seat's strategy; every cell is the mean over the
    `games` with its 95% confidence interval.  The games are read once, in
    order.
    """
    tallies = [[Tally() for _ in metrics] for _ in seats]
    for result in games:
        for seat_tallies, seat_result in zip(tallies, result, strict=True):
            for tally, value in zip(seat_tallies, seat_result, strict=True):
                tally.add(value)
    header = ["seat", "strategy", *(metric.name for metric in metrics)]
    rows = [header]
    for strategy, seat_tallies in zip(seats, tallies, strict=True):
        cells = [str(len(rows) - 1), strategy]
        cells += [shown(metric, tally.estimate())
                  for metric, tally in zip(metrics, seat_tallies, strict=True)]
        rows.append(cells)
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    lines = [title, ""]
    for row in rows:
        padded = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        lines.append("  ".join(padded).rstrip())
    lines += ["", "± is the half width of the 95% confidence interval."]
    return "\n".join(lines) + "\n"


def simulate(prog: str, title: str, seats: Sequence[str], metrics: Sequence[Metric],
             play_one: PlayOne, games: int, seed: int | None, jobs: int | None,
             out: Callable[[str], None], cluster: str | None = None) -> None:
    """Run a whole simulation and write its report with `out`.

    The games are played as `results` says (`jobs`, `cluster`).  A run
    given no seed draws one and names it in the title, so it can be
    repeated with ``--seed``.
    """
    if seed is None:
        seed = fresh_seed()
    progress = Progress(prog, games)

    played = results(play_one, games, seed, jobs, cluster)

    def counted() -> Iterator[GameResult]:
        for done, result in enumerate(played, 1):
            progress.update(done)
            yield result

    plural = "game" if games == 1 else "games"
    try:
        text = report(f"{title}: {games} {plural}, --seed {seed}", seats, metrics,
                      counted())
    finally:
        played.close()  # the workers (or Ray tasks) end here, whatever happened
        progress.close()
    out(text)
