"""What each shuffle does to the first cards dealt: the Java one against Fisher-Yates.

For many shuffles of a fresh deck, with each algorithm, it prints what a seat
gets on average: in Stud the first four cards dealt (Player 0's hole card,
Player 1's, then their first up cards), ace high, 2 to 14; in Big Two each
seat's average rank (3 lowest, 0, to 2 highest, 12) over its 13 cards, and
how often the seat holds ♦3 and so leads.  A uniform shuffle gives 8.00 for
every Stud card, 6.00 for every Big Two seat and 25% for every ♦3.  Run from
the repository root:

    python3 benchmarks/shuffle_bias.py [--shuffles N] [--seed S]

About 15 seconds for the default 400,000 shuffles of each kind.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.cards.card import DIAMONDS, THREE  # noqa: E402
from common.cards.deck import Deck  # noqa: E402

SEATS = 4
STUD_CARDS = 4


def measure(shuffles: int, seed: int, uniform: bool) -> tuple[list[float], ...]:
    """Return the Stud averages, the Big Two rank averages and ♦3 shares."""
    rng = random.Random(seed)
    stud = [0] * STUD_CARDS
    ranks = [0] * SEATS
    leads = [0] * SEATS
    for _ in range(shuffles):
        deck = Deck()
        if uniform:
            deck.shuffle_uniform(rng)
        else:
            deck.shuffle(rng)
        cards = list(deck)
        for index in range(STUD_CARDS):
            rank = cards[index].rank
            stud[index] += 14 if rank == 0 else rank + 1
        for index, card in enumerate(cards):
            ranks[index % SEATS] += (card.rank - 2) % 13
            if card.suit == DIAMONDS and card.rank == THREE:
                leads[index % SEATS] += 1
    return ([total / shuffles for total in stud],
            [total / shuffles / 13 for total in ranks],
            [100 * count / shuffles for count in leads])


def main() -> None:
    """Print both shuffles' figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shuffles", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    print(f"{options.shuffles:,} shuffles of each kind, --seed {options.seed}")
    for name, uniform in (("java (Deck.shuffle)", False),
                          ("uniform (Deck.shuffle_uniform)", True)):
        stud, ranks, leads = measure(options.shuffles, options.seed, uniform)
        print(f"\n{name}")
        print("  Stud, first four cards:  " + "  ".join(f"{v:.3f}" for v in stud))
        print("  Big Two, rank by seat:   " + "  ".join(f"{v:.3f}" for v in ranks))
        print("  Big Two, holds ♦3 (%):   " + "  ".join(f"{v:.2f}" for v in leads))


if __name__ == "__main__":
    main()
