"""Time stud.evaluate on all 2,598,960 five-card hands, and treys on the same hands.

Run from the repository root:

    python3 benchmarks/bench_stud_evaluator.py [--repeat N]

Both libraries get the hands built beforehand in their own card type (tuples
of StudCard for stud, lists of treys card ints for treys); only the loop of
evaluations is timed, best of N runs, after one warm-up call that builds the
lookup tables.  treys is timed through its public ``Evaluator.evaluate(cards,
board)`` and, as a stricter baseline, its internal five-card routine
``Evaluator._five``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stud import StudDeck, evaluate  # noqa: E402 - after the path set-up


def best_time(run: Callable[[], object], repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        timings.append(time.perf_counter() - start)
    return min(timings)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, metavar="N",
                        help="time each evaluator N times and keep the best (3)")
    repeat = parser.parse_args().repeat

    hands = list(itertools.combinations(StudDeck(), 5))
    evaluate(hands[0])  # builds the tables

    def ours() -> None:
        for hand in hands:
            evaluate(hand)

    ours_time = best_time(ours, repeat)
    print(f"stud.evaluate: {len(hands):,} hands in {ours_time:.3f} s, "
          f"{len(hands) / ours_time:,.0f} hands/s")

    try:
        import treys
    except ImportError:
        print("treys is not installed: no comparison")
        return 0
    evaluator = treys.Evaluator()
    as_int = {card: treys.Card.new(card.code[0] + card.code[1].lower())
              for card in StudDeck()}
    treys_hands = [[as_int[card] for card in hand] for hand in hands]
    board: list[int] = []
    treys_evaluate = evaluator.evaluate
    treys_five = evaluator._five

    def theirs() -> None:
        for hand in treys_hands:
            treys_evaluate(hand, board)

    def theirs_five() -> None:
        for hand in treys_hands:
            treys_five(hand)

    for name, run in (("treys Evaluator.evaluate", theirs),
                      ("treys Evaluator._five", theirs_five)):
        their_time = best_time(run, repeat)
        print(f"{name}: {len(hands):,} hands in {their_time:.3f} s, "
              f"{len(hands) / their_time:,.0f} hands/s; "
              f"ours/treys time ratio {ours_time / their_time:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
