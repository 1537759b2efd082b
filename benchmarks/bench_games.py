"""Games per CPU-second for each game, with random and with smart computer players.

Every seat is a computer; each game is played on the engine alone, exactly as
``python3 -m GAME --simulate N`` plays it, in one process.  Run from the
repository root:

    python3 benchmarks/bench_games.py [--games GAME ...] [--seconds S] [--compare REV]

Each figure is the best of three timed batches, in CPU seconds of the process
that plays them, so other work on the machine disturbs it less than it would
wall-clock figures.  ``--compare REV`` exports the git revision REV (a commit,
a branch, a tag) to a temporary directory and plays the same games on both
copies in turn, batch for batch in the same run, then prints both rates and
their ratio.  Any revision will do: the games are played through
``common.simulation.runner.simulated_game`` where it exists, else through the older
``common.program.simulated_game`` or the still older
``GAME.simulation.play_one``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("bigtwo", "stud", "inbetween", "reddog")
STRATEGIES = ("random", "smart")
ROUNDS = 3
"""Timed batches per figure; the best counts."""


# -- The worker: plays batches in one copy of the code ------------------------


def game_player(game: str, strategy: str) -> Callable[[int], object]:
    """Return a function playing one game of `game` from a seed, every seat `strategy`.

    The code comes from whichever copy of the project is first on
    ``sys.path``; the seats and settings are those ``--simulate`` uses.
    """
    import functools
    import importlib

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
    start = time.process_time()
    for index in range(count):
        play(seed_of(batch, index))
    return time.process_time() - start


def serve() -> None:
    """Answer requests on standard input, one JSON list a line, with CPU seconds.

    ``[game, strategy, batch, count]`` plays `count` games; the first request
    for a game and strategy also plays one game unmeasured, to warm up.
    """
    players: dict[tuple[str, str], Callable[[int], object]] = {}
    for line in sys.stdin:
        game, strategy, batch, count = json.loads(line)
        key = (game, strategy)
        if key not in players:
            players[key] = game_player(game, strategy)
            players[key](seed_of(0, 0))  # lazy tables, imports
        print(play_batch(players[key], batch, count), flush=True)


# -- The parent: sizes the batches and reports ---------------------------------


class Copy:
    """One copy of the project, playing batches in a worker process of its own."""

    def __init__(self, tree: Path) -> None:
        """Start the worker that imports the code in `tree`."""
        self._process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", str(tree)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cpu_seconds(self, game: str, strategy: str, batch: int, count: int) -> float:
        """Return the CPU seconds the worker took to play `count` games of `batch`."""
        assert self._process.stdin is not None and self._process.stdout is not None
        print(json.dumps([game, strategy, batch, count]), file=self._process.stdin,
              flush=True)
        answer = self._process.stdout.readline()
        if not answer:
            raise SystemExit(f"bench_games: the worker for {game} stopped")
        return float(answer)

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
        spent += copy.cpu_seconds(game, strategy, trial, count)
        played += count
        count *= 2
    return max(1, round(played * seconds / spent))


def measure(copies: list[Copy], game: str, strategy: str,
            seconds: float) -> tuple[list[float], int]:
    """Return each copy's best games per CPU-second, and the games of a batch.

    The copies take turns, batch by batch (the order alternating), so a
    change in the machine's load falls on both alike.
    """
    count = batch_size(copies[0], game, strategy, seconds)
    best = [0.0] * len(copies)
    for batch in range(1, ROUNDS + 1):
        order = list(range(len(copies)))
        if batch % 2 == 0:
            order.reverse()
        for which in order:
            spent = copies[which].cpu_seconds(game, strategy, batch, count)
            best[which] = max(best[which], count / spent)
    return best, count


def main() -> None:
    """Print games per CPU-second for each game and strategy (and the ratio)."""
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        sys.path.insert(0, sys.argv[2])
        sys.argv[1:] = []
        serve()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="the CPU seconds of each timed batch (default 2)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--strategies", nargs="*", default=list(STRATEGIES),
                        choices=STRATEGIES)
    parser.add_argument("--compare", metavar="REV",
                        help="also play the same games with the code of git "
                             "revision REV, and print the ratio")
    options = parser.parse_args()
    with contextlib.ExitStack() as stack:
        copies = [Copy(ROOT)]
        stack.callback(copies[0].close)
        header = f"{'game':<10} {'strategy':<8} {'games/CPU-s':>12}"
        if options.compare is not None:
            copies.append(Copy(stack.enter_context(exported(options.compare))))
            stack.callback(copies[1].close)
            header += f" {options.compare[:12]:>12} {'ratio':>6}"
            print(f"games/CPU-s: this tree, as it is; {options.compare}: that "
                  "revision; ratio: this tree's over that revision's", flush=True)
        print(f"{header}  (best of {ROUNDS} batches each)", flush=True)
        for game in options.games:
            for strategy in options.strategies:
                rates, count = measure(copies, game, strategy, options.seconds)
                line = f"{game:<10} {strategy:<8} {rates[0]:>12,.1f}"
                if len(rates) > 1:
                    line += f" {rates[1]:>12,.1f} {rates[0] / rates[1]:>6.2f}"
                print(f"{line}  ({count} games a batch)", flush=True)


if __name__ == "__main__":
    main()
