"""Environment steps per CPU-second: the four games' and their peers', side by side.

A step is one decision: an action a seat takes.  Every environment is
played by random legal actions (uniform over its mask), as a trainer's
self-play rollouts would, with PettingZoo's own loop (``agent_iter``,
``last``, ``step``) where it is a PettingZoo environment.  Run from the
repository root, with the extra rl installed
(``python3 -m pip install -e '.[rl]'``):

    python3 benchmarks/bench_envs.py [--seconds S] [--peers DIR]

In the same run it measures PettingZoo's ``texas_holdem_v4`` and
``leduc_holdem_v4``, which need RLCard and pygame (``python3 -m pip install
rlcard pygame``; without them they are reported not run).  ``--peers DIR``
adds the Big Two engines that other projects train agents with, each played
by random legal moves through its own interface, from clones in DIR (this
project does not carry their code):

    git clone https://github.com/henrycharlesworth/big2_PPOalgorithm DIR/henry
    git clone https://github.com/vsingh18567/big2 DIR/vsingh

Each figure is the best of three timed batches of about S CPU seconds of
this process, so other work on the machine disturbs it less than it would
wall-clock figures.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROUNDS = 3
"""Timed batches per figure; the best counts."""

Batch = Callable[[float], int]
"""Plays for about the CPU seconds given; returns the steps taken."""


def pettingzoo_batch(make: Callable[[], object], seed: int = 0) -> Batch:
    """Return a batch of whole games of the AEC environment `make` makes."""
    import numpy as np

    env = make()
    rng = random.Random(seed)

    def batch(seconds: float) -> int:
        steps = 0
        end = time.process_time() + seconds
        while time.process_time() < end:
            env.reset(seed=rng.getrandbits(32))
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps

    return batch


@contextlib.contextmanager
def peer(directory: Path) -> Iterator[None]:
    """Import a peer's modules from `directory`, run from there (its data files)."""
    here = os.getcwd()
    sys.path.insert(0, str(directory))
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(here)


def henry_batch(directory: Path) -> Batch:
    """big2_PPOalgorithm's ``big2Game``: its state and mask, then a random option."""
    import numpy as np

    with peer(directory):
        import big2Game  # type: ignore[import-not-found]

        game = big2Game.big2Game()

    def batch(seconds: float) -> int:
        steps = 0
        end = time.process_time() + seconds
        while time.process_time() < end:
            _, _, mask = game.getCurrentState()
            legal = np.flatnonzero(mask[0] == 0)  # its mask: 0 legal, -inf not
            game.step(int(legal[random.randrange(len(legal))]))  # resets at the end
            steps += 1
        return steps

    return batch


def vsingh_batch(directory: Path) -> Batch:
    """vsingh18567/big2's ``Big2Env``: its legal candidates, then a random one."""
    with peer(directory):
        from big2.simulator.env import Big2Env  # type: ignore[import-not-found]

    env = Big2Env(4)

    def batch(seconds: float) -> int:
        steps = 0
        end = time.process_time() + seconds
        while time.process_time() < end:
            env.reset()
            done = False
            while not done:
                candidates = env.legal_candidates(env.current_player)
                _, done = env.step(random.choice(candidates))
                steps += 1
        return steps

    return batch


def best_rate(batch: Batch, seconds: float) -> float:
    """Steps per CPU-second: the best of `ROUNDS` batches, after a warm-up."""
    batch(min(0.2, seconds))
    rates = []
    for _ in range(ROUNDS):
        start = time.process_time()
        steps = batch(seconds)
        rates.append(steps / (time.process_time() - start))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per timed batch (default 2)")
    parser.add_argument("--peers", type=Path, metavar="DIR",
                        help="a directory with clones of the peers' Big Two engines")
    options = parser.parse_args()
    warnings.simplefilter("ignore")  # PettingZoo's and RLCard's notices

    from bigtwo.research import bigtwo_v0
    from inbetween.research import inbetween_v0
    from reddog.research import reddog_v0
    from stud.research import stud_v0

    rows: list[tuple[str, str, Batch | str]] = [
        ("bigtwo_v0 (env)", "ours", pettingzoo_batch(bigtwo_v0.env)),
        ("bigtwo_v0 (raw_env)", "ours", pettingzoo_batch(bigtwo_v0.raw_env)),
        ("stud_v0 (env)", "ours", pettingzoo_batch(stud_v0.env)),
        ("inbetween_v0 (env)", "ours", pettingzoo_batch(inbetween_v0.env)),
        ("reddog_v0 (env)", "ours", pettingzoo_batch(reddog_v0.env)),
    ]
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError as error:  # RLCard or pygame is missing
        for name in ("texas_holdem_v4", "leduc_holdem_v4"):
            rows.append((name, "PettingZoo", f"not run: {error}"))
    else:
        rows.append(("texas_holdem_v4 (env)", "PettingZoo",
                     pettingzoo_batch(texas_holdem_v4.env)))
        rows.append(("leduc_holdem_v4 (env)", "PettingZoo",
                     pettingzoo_batch(leduc_holdem_v4.env)))
    peers = {"big2_PPOalgorithm big2Game": ("henry", henry_batch),
             "vsingh18567/big2 Big2Env": ("vsingh", vsingh_batch)}
    for name, (folder, make) in peers.items():
        if options.peers is None:
            rows.append((name, "peer", "not run: no --peers DIR"))
            continue
        try:
            rows.append((name, "peer", make(options.peers / folder)))
        except (ImportError, OSError) as error:
            rows.append((name, "peer", f"not run: {error}"))

    print(f"Environment steps (decisions) per CPU-second, random legal actions; "
          f"best of {ROUNDS} batches of {options.seconds:g} s")
    print(f"Python {sys.version.split()[0]}\n")
    rates: dict[str, float] = {}
    for name, kind, batch in rows:
        if isinstance(batch, str):
            print(f"{name:28} {kind:11} {batch}")
            continue
        rates[name] = rate = best_rate(batch, options.seconds)
        print(f"{name:28} {kind:11} {rate:>10,.0f}", flush=True)
    peer_rates = [rates[name] for name in peers if name in rates]
    if peer_rates:
        ours = rates["bigtwo_v0 (env)"]
        print(f"\nbigtwo_v0 (env) is {ours / max(peer_rates):.1f}x the fastest peer "
              "Big Two engine")


if __name__ == "__main__":
    main()
