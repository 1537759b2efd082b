"""Games and decisions per CPU-second for each game, and the speed goals as ratios.

Every seat is a computer; each game is played on the engine alone, exactly as
``python3 -m GAME --simulate N`` plays it, in one process.  Run from the
repository root:

    python3 benchmarks/bench_games.py [--games GAME ...] [--seconds S]
                                      [--rounds R] [--compare REV]

Every figure is in CPU seconds of the process that plays the games
(`time.process_time`), so other work on the machine disturbs it less than
it would wall-clock figures.  The figures of one game are measured in
interleaved rounds: each round plays one batch of every strategy (and, for
Big Two, of the lean probe, `bigtwo_probe`), the order turning round by
round, so a change in the machine's load falls on all alike.  A rate is the
median over the rounds; a ratio is the median of the rounds' own ratios.
A decision is a move a computer seat chose; each batch is played a second
time, untimed, to count them, so decisions per CPU-second are those of the
very games timed (Big Two's probe has no seats, so no decisions).

The goals (issue 23), each the ratio of two rates of the same run:

* Big Two random self-play through the engine and driver over the lean
  probe of its move generator: at least 0.8;
* each game's smart player over its random one: at least 0.8 (Big Two,
  In Between, Red Dog) and 0.25 (Five Card Stud);
* Red Dog's smart player over its random one in decisions per CPU-second:
  at least 0.8.  In games per CPU-second Red Dog's smart player cannot get
  near 0.8: a session lasts 100 rounds or until the credit runs out, and the
  random player, going broke, makes about 57 decisions a session where the
  smart one makes about 154, so a strategy that cost nothing would still
  play about 57/154, 0.37, as many games a CPU-second.  The per-game line
  stays for comparison; the per-decision goal is the one to meet.

``--compare REV`` exports the git revision REV (a commit, a branch, a tag)
to a temporary directory and plays the same batches on both copies in the
same rounds, then prints both rates, their ratio, and the goals' ratios of
both.  Any revision will do: the games are played through
``common.simulation.runner.simulated_game`` where it exists, else through the older
``common.program.simulated_game`` or the still older
``GAME.simulation.play_one``; the probe runs on each copy's own generator.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bigtwo", "stud", "inbetween", "reddog")
STRATEGIES = ("random", "smart")
PROBE = "probe"
"""The pseudo-strategy of Big Two's lean probe (`bigtwo_probe.lean_game`)."""
ROUNDS = 5
"""Interleaved rounds per game by default; the medians count."""
GAMES_UNIT, DECISIONS_UNIT = "games", "decisions"
"""What a rate counts a CPU-second."""
GOALS = (
    ("bigtwo", "random", PROBE, 0.8, "Big Two engine / lean probe", GAMES_UNIT),
    ("bigtwo", "smart", "random", 0.8, "Big Two smart / random", GAMES_UNIT),
    ("stud", "smart", "random", 0.25, "Stud smart / random", GAMES_UNIT),
    ("inbetween", "smart", "random", 0.8, "In Between smart / random", GAMES_UNIT),
    ("reddog", "smart", "random", 0.8, "Red Dog smart / random", GAMES_UNIT),
    ("reddog", "smart", "random", 0.8, "Red Dog smart / random per decision",
     DECISIONS_UNIT),
)
"""Each goal: the game, the rate over the rate, the least ratio, its name, and
whether the rates count games or decisions (see the module's docstring)."""


# -- The worker: plays batches in one copy of the code ------------------------


def game_player(game: str, strategy: str) -> Callable[[int], object]:
    """Return a function playing one game of `game` from a seed, every seat `strategy`.

    The code comes from whichever copy of the project is first on
    ``sys.path``; the seats and settings are those ``--simulate`` uses.
    The strategy `PROBE` is Big Two's lean probe, on that copy's generator.
    """
    import functools
    import importlib

    if strategy == PROBE:
        from bigtwo_probe import lean_game  # beside this script

        return lean_game
    try:  # the game specs (common.engine.spec)
        from common.simulation.runner import simulated_game
    except ImportError:
        try:  # before them: the shared command line
            from common.program import simulated_game  # type: ignore[no-redef]
        except ImportError:  # before that: each game's own
            module = importlib.import_module(f"{game}.simulation")
            seats = {"bigtwo": 4, "stud": 2, "inbetween": 2, "reddog": 1}[game]
            return functools.partial(module.play_one, strategies=(strategy,) * seats)
    program = importlib.import_module(f"{game}.program").PROGRAM
    spec = getattr(program, "spec", program)
    parser = program.parser()
    options = parser.parse_args(["--simulate", "1", "--strategy", strategy])
    probe = program.settings(parser, options, [])
    names = parser.seat_strategies(options, spec.num_seats(probe))
    settings = program.settings(parser, options, names)
    return functools.partial(simulated_game, spec, settings, tuple(names))


def seed_of(batch: int, index: int) -> int:
    """Return the seed of game `index` of batch `batch`, the same in every copy."""
    return random.Random(f"bench/{batch}/{index}").getrandbits(64)


def play_batch(play: Callable[[int], object], batch: int, count: int) -> float:
    """Play `count` games of batch `batch`; return the CPU seconds they took."""
    seeds = [seed_of(batch, index) for index in range(count)]
    start = time.process_time()
    for seed in seeds:
        play(seed)
    return time.process_time() - start


def count_decisions(play: Callable[[int], object], batch: int, count: int) -> int:
    """Play the games of `play_batch` again, untimed; return the moves computers chose.

    Counted at the computer seat's controller (``common.engine.seats``, in
    older copies ``common.seats``), so every game and copy counts alike;
    0 when there is none (Big Two's probe).
    """
    import importlib

    for name in ("common.engine.seats", "common.seats"):
        try:
            computer = importlib.import_module(name).Computer
            break
        except (ImportError, AttributeError):
            continue
    else:
        return 0
    choose = computer.choose
    chosen = 0

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal chosen
        chosen += 1
        return choose(*args, **kwargs)

    computer.choose = counted
    try:
        for index in range(count):
            play(seed_of(batch, index))
    finally:
        computer.choose = choose
    return chosen


def serve() -> None:
    """Answer requests on standard input, one JSON list a line.

    ``[game, strategy, batch, count]`` plays `count` games and answers with
    the CPU seconds they took and, for a timed batch (`batch` above 0), the
    decisions the computers made in them (`count_decisions`), else 0.  The
    first request for a game and strategy also plays one game unmeasured, to
    warm up.
    """
    players: dict[tuple[str, str], Callable[[int], object]] = {}
    for line in sys.stdin:
        game, strategy, batch, count = json.loads(line)
        key = (game, strategy)
        if key not in players:
            players[key] = game_player(game, strategy)
            players[key](seed_of(0, 0))  # lazy tables, imports
        seconds = play_batch(players[key], batch, count)
        decisions = count_decisions(players[key], batch, count) if batch > 0 else 0
        print(json.dumps([seconds, decisions]), flush=True)


# -- The parent: sizes the batches and reports ---------------------------------


class Copy:
    """One copy of the project, playing batches in a worker process of its own."""

    def __init__(self, tree: Path) -> None:
        """Start the worker that imports the code in `tree`."""
        self._process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", str(tree)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cpu_seconds(self, game: str, strategy: str, batch: int,
                    count: int) -> tuple[float, int]:
        """Return the CPU seconds the worker took to play `count` games of `batch`.

        And the decisions made in them (0 for the untimed batches below 1).
        """
        assert self._process.stdin is not None and self._process.stdout is not None
        print(json.dumps([game, strategy, batch, count]), file=self._process.stdin,
              flush=True)
        answer = self._process.stdout.readline()
        if not answer:
            raise SystemExit(f"bench_games: the worker for {game} stopped")
        seconds, decisions = json.loads(answer)
        return float(seconds), int(decisions)

    def close(self) -> None:
        """Stop the worker."""
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait()


@contextlib.contextmanager
def exported(revision: str) -> Iterator[Path]:
    """Yield a temporary directory holding the files of git `revision`."""
    with tempfile.TemporaryDirectory(prefix="bench-games-") as directory:
        archive = Path(directory, "tree.tar")
        try:
            subprocess.run(["git", "-C", str(ROOT), "archive", "--output",
                            str(archive), revision], check=True,
                           stderr=subprocess.PIPE, text=True)
        except subprocess.CalledProcessError as error:
            raise SystemExit(f"bench_games: cannot export {revision}: "
                             f"{error.stderr.strip()}") from None
        tree = Path(directory, "tree")
        tree.mkdir()
        subprocess.run(["tar", "-x", "-f", str(archive), "-C", str(tree)], check=True)
        yield tree


def batch_size(copy: Copy, game: str, strategy: str, seconds: float) -> int:
    """Return how many games take about `seconds` of CPU time in `copy`."""
    # Games differ in length (a Stud game may take a hundred times another):
    # the trial plays a growing number of them, a quarter of a batch in all.
    count, played, spent, trial = 1, 0, 0.0, 0
    while spent < seconds / 4:
        trial -= 1  # batches below 0, apart from the timed ones
        spent += copy.cpu_seconds(game, strategy, trial, count)[0]
        played += count
        count *= 2
    return max(1, round(played * seconds / spent))


Rates = dict[tuple[int, str, str], list[float]]
"""Games (`GAMES_UNIT`) and decisions (`DECISIONS_UNIT`) per CPU-second of each
(copy, strategy, unit), round by round."""


def measure(copies: list[Copy], game: str, strategies: list[str],
            seconds: float, rounds: int) -> tuple[Rates, dict[str, int]]:
    """Return each copy's and strategy's games and decisions per CPU-second a round.

    Each round plays one batch of every copy and strategy, the order
    reversed every other round; the batches of a strategy are the same
    games in every copy.  Also returns each strategy's games a batch.
    """
    counts = {strategy: batch_size(copies[0], game, strategy, seconds)
              for strategy in strategies}
    series = [(which, strategy) for strategy in strategies
              for which in range(len(copies))]
    rates: Rates = {(which, strategy, unit): [] for which, strategy in series
                    for unit in (GAMES_UNIT, DECISIONS_UNIT)}
    for batch in range(1, rounds + 1):
        for which, strategy in series if batch % 2 else reversed(series):
            count = counts[strategy]
            spent, decisions = copies[which].cpu_seconds(game, strategy, batch, count)
            rates[which, strategy, GAMES_UNIT].append(count / spent)
            rates[which, strategy, DECISIONS_UNIT].append(decisions / spent)
    return rates, counts


def ratio(rates: Rates, which: int, over: tuple[str, str], unit: str) -> float:
    """The median over the rounds of copy `which`'s rate of over[0] / over[1]."""
    return statistics.median(a / b for a, b in zip(rates[which, over[0], unit],
                                                   rates[which, over[1], unit],
                                                   strict=True))


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, as uptime shows them."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    """Print games and decisions per CPU-second a game and strategy, and the goals."""
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        sys.path.insert(0, sys.argv[2])
        sys.argv[1:] = []
        serve()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="the CPU seconds of each timed batch (default 1)")
    parser.add_argument("--rounds", type=int, default=ROUNDS,
                        help=f"interleaved rounds per game (default {ROUNDS})")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--strategies", nargs="*", default=list(STRATEGIES),
                        choices=STRATEGIES)
    parser.add_argument("--compare", metavar="REV",
                        help="also play the same games with the code of git "
                             "revision REV, and print the ratios")
    options = parser.parse_args()
    with contextlib.ExitStack() as stack:
        copies = [Copy(ROOT)]
        stack.callback(copies[0].close)
        header = f"{'game':<10} {'strategy':<8} {'games/CPU-s':>12}"
        decisions_header = f" {'decisions/CPU-s':>16}"
        if options.compare is not None:
            copies.append(Copy(stack.enter_context(exported(options.compare))))
            stack.callback(copies[1].close)
            header += f" {options.compare[:12]:>12} {'ratio':>6}"
            decisions_header += f" {options.compare[:12]:>12}"
            print(f"games/CPU-s: this tree, as it is; {options.compare}: that "
                  "revision; ratio: this tree's over that revision's", flush=True)
        header += decisions_header
        print(f"load average at the start: {load()}", flush=True)
        print(f"{header}  (medians of {options.rounds} interleaved rounds)",
              flush=True)
        found: dict[tuple[str, str, str, str], list[float]] = {}
        for game in options.games:
            strategies = list(options.strategies)
            if game == "bigtwo" and "random" in strategies:
                strategies.insert(0, PROBE)
            rates, counts = measure(copies, game, strategies, options.seconds,
                                    options.rounds)
            for strategy in strategies:
                medians = [statistics.median(rates[which, strategy, GAMES_UNIT])
                           for which in range(len(copies))]
                line = f"{game:<10} {strategy:<8} {medians[0]:>12,.1f}"
                if len(copies) > 1:
                    line += f" {medians[1]:>12,.1f} {medians[0] / medians[1]:>6.2f}"
                for which in range(len(copies)):
                    decided = statistics.median(
                        rates[which, strategy, DECISIONS_UNIT])
                    shown = f"{decided:,.1f}" if decided else "-"  # the probe's
                    line += f" {shown:>{16 if which == 0 else 12}}"
                print(f"{line}  ({counts[strategy]} games a batch)", flush=True)
            for goal_game, top, bottom, _, _, unit in GOALS:
                if goal_game == game and {top, bottom} <= set(strategies):
                    found[game, top, bottom, unit] = [
                        ratio(rates, which, (top, bottom), unit)
                        for which in range(len(copies))]
        print(f"load average at the end: {load()}")
        print()
        print(f"{'goal':<40} {'ratio':>6}"
              + (f" {options.compare[:12]:>12}" if options.compare else "")
              + "  (medians of the rounds' ratios)")
        for game, top, bottom, least, name, unit in GOALS:
            if (game, top, bottom, unit) in found:
                values = found[game, top, bottom, unit]
                met = "met" if values[0] >= least else "NOT met"
                line = f"{name:<40} {values[0]:>6.2f}"
                if len(values) > 1:
                    line += f" {values[1]:>12.2f}"
                print(f"{line}  goal >= {least}: {met}")
        if ("reddog", "smart", "random", GAMES_UNIT) in found:
            print("(Red Dog per game is capped near 0.37 by the sessions' lengths: "
                  "see the docstring.)")


if __name__ == "__main__":
    main()
