"""Deal-by-deal records for the benchmarks that play each deal four times.

`expert_results.py` and `expert_vs_ppo.py` share them:

- ``--record FILE``: each deal's outcome is added to FILE (JSON lines) as
  soon as it is played, and a run plays only the deals FILE does not hold
  yet for its settings: a run cut short (Ctrl-C, the end of a working
  day) goes on where it stopped when run again.  Keep one FILE per
  version of the code measured.
- ``--save FILE`` keeps each deal's win rate of our player (by the name of
  what was measured), and ``--compare FILE`` prints, for a later run of
  the same deals, the change deal by deal with its 95% interval: much of
  the deals' luck cancels out.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.simulation.statistics import Estimate, estimate, interval
from common.simulation.workers import imap

OutcomeT = TypeVar("OutcomeT", bound=Sequence[Any])


class Record:
    """The outcomes of the deals played so far, kept in a file (``--record``).

    One JSON object per line: the settings that make a deal's outcome what
    it is (each benchmark says which), the deal's index and its outcome (a
    JSON list, which the benchmark reads back).
    """

    def __init__(self, path: Path) -> None:
        """Read what `path` holds (nothing if it does not exist yet).

        A last line cut short (a run stopped while writing it) is a deal not
        played; it is ended, so that the next deal's line starts afresh.
        """
        self.path = path
        self.lines: list[dict[str, Any]] = []
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        for line in text.splitlines():
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if isinstance(entry, dict) and {"deal", "outcome"} <= entry.keys():
                self.lines.append(entry)
        if text and not text.endswith("\n"):
            with path.open("a", encoding="utf-8") as file:
                file.write("\n")

    def outcomes(self, settings: dict[str, Any]) -> dict[int, list[Any]]:
        """The outcome of each deal recorded with `settings`, by its index."""
        return {line["deal"]: line["outcome"] for line in self.lines
                if all(line.get(key) == value for key, value in settings.items())}

    def add(self, settings: dict[str, Any], deal: int, outcome: Sequence[Any]) -> None:
        """Keep the `outcome` of the `deal` played with `settings`."""
        with self.path.open("a", encoding="utf-8") as file:
            entry = {**settings, "deal": deal, "outcome": outcome}
            file.write(json.dumps(entry) + "\n")


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--save``, ``--compare`` and ``--record`` to `parser`."""
    parser.add_argument("--save", type=Path, metavar="FILE",
                        help="write each deal's win rate of our player as JSON")
    parser.add_argument("--compare", type=Path, metavar="FILE",
                        help="also print the change from a run saved with --save "
                             "(the same deals: same --games, --seed and settings)")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="add each deal's outcome to FILE as it ends, and play "
                             "only the deals FILE does not hold yet: a run cut "
                             "short goes on where it stopped")


def opened(parser: argparse.ArgumentParser, options: argparse.Namespace
           ) -> tuple[dict[str, list[float]], Record | None]:
    """The saved run to compare with (``--compare``) and the record (``--record``).

    A file that cannot be read or written is `parser`'s one-line error
    (status 2), before any game; ``--save`` and ``--record`` are created
    now, not after an hour of games.
    """
    before: dict[str, list[float]] = {}
    if options.compare is not None:
        try:
            before = json.loads(options.compare.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            parser.error(f"--compare {options.compare}: {error}")
        if not isinstance(before, dict):
            parser.error(f"--compare {options.compare}: not a file of --save")
    if options.save is not None:
        try:
            options.save.write_text("{}", encoding="utf-8")
        except OSError as error:
            parser.error(f"--save {options.save}: {error.strerror}")
    record = None
    if options.record is not None:
        try:
            record = Record(options.record)
            options.record.open("a", encoding="utf-8").close()  # writable?
        except OSError as error:
            parser.error(f"--record {options.record}: {error.strerror}")
    return before, record


def played(play: Callable[[int], OutcomeT], seeds: Sequence[int], jobs: int,
           record: Record | None, settings: dict[str, Any],
           read: Callable[[list[Any]], OutcomeT]) -> tuple[list[OutcomeT], int]:
    """Each deal's outcome, in order: `play` of its seed, or what `record` holds.

    The deals `record` holds for `settings` are not played again (`read`
    turns what it holds back into an outcome); the others are played by
    `jobs` processes and added to it as they end.  Returns the outcomes
    and how many of them were recorded before.
    """
    done: dict[int, OutcomeT] = {}
    if record is not None:
        done = {index: read(outcome)
                for index, outcome in record.outcomes(settings).items()}
    todo = [index for index in range(len(seeds)) if index not in done]
    todo_seeds = [seeds[index] for index in todo]
    outcomes = (imap(play, todo_seeds, jobs, 1, len(todo_seeds)) if jobs > 1
                else map(play, todo_seeds))
    for index, outcome in zip(todo, outcomes, strict=True):
        done[index] = outcome
        if record is not None:
            record.add(settings, index, outcome)
    return [done[index] for index in range(len(seeds))], len(seeds) - len(todo)


def compared(name: str, player: str, won: list[float], old: object) -> str:
    """The line of the change in each deal's win rate from `old`'s (a saved run).

    `name` is what was measured (``--save`` kept `old` under it), `player`
    whose win rate it is.
    """
    if not isinstance(old, list) or len(old) != len(won):
        return f"{name:16} not in the saved file with {len(won)} deals: no comparison"
    change = estimate(new - was for new, was in zip(won, old, strict=True))
    points = Estimate(100 * change.mean, 100 * change.half_width)
    return (f"{name:16} {player} {interval(points, 1, sign='+')} points from the "
            "saved run, deal by deal")


def save(options: argparse.Namespace, runs: dict[str, list[float]]) -> None:
    """Write `runs` (each deal's win rate, by name) to ``--save``, if given."""
    if options.save is not None:
        options.save.write_text(json.dumps(runs), encoding="utf-8")
