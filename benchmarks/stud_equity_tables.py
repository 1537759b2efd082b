"""Write Stud's equity tables, ``stud/equity.bin`` (`stud.equity.TABLES_FILE`).

The smart player reads the chance of winning the showdown in round 1, and
in round 2 when no player may make a flush, from these tables rather than
counting every deal (tens of milliseconds in round 1, one in round 2).
Each entry is counted here by `stud.equity.count_outcomes`, from cards that
have its signature:

- round 1: the wins and ties of every signature (`round_one_signatures`);
- round 2: for our three ranks against their two, cards of no common suit
  on either side, the chance of a win and of a win or a tie, in 255ths,
  rounded down (`SHARES`).

Run from the repository root (about 5 minutes on one core):

    python3 benchmarks/stud_equity_tables.py [--jobs K]
"""

from __future__ import annotations

import argparse
import array
import itertools
import multiprocessing
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from stud import equity  # noqa: E402
from stud.cards import StudCard  # noqa: E402


def cards_of(wanted: equity.Signature) -> tuple[list[StudCard], list[StudCard]] | None:
    """Return our cards and their up cards with signature `wanted`, or None if none.

    The suits are tried in order until the cards are distinct and have it.
    """
    mine, theirs = wanted[0], wanted[1]
    ranks = mine + theirs
    for suits in itertools.product(range(4), repeat=len(ranks)):
        cards = [StudCard(suit, rank) for suit, rank in zip(suits, ranks, strict=True)]
        if len(set(cards)) == len(cards):
            own, up = cards[:len(mine)], cards[len(mine):]
            if equity.signature(own, up) == wanted:
                return own, up
    return None


def round_one_counts(wanted: equity.Signature) -> tuple[int, int]:
    """The wins and ties of round 1 with signature `wanted`."""
    found = cards_of(wanted)
    assert found is not None, wanted
    wins, ties, _deals = equity.count_outcomes(*found)
    return wins, ties


def round_two_shares(key: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, int]:
    """Our chances of a win and of a win or a tie, in 255ths, in round 2.

    With our ranks and theirs of `key`, no player able to make a flush;
    both 0 when no five cards have these ranks.
    """
    found = cards_of((*key, None, None))
    if found is None:
        return 0, 0
    wins, ties, deals = equity.count_outcomes(*found)
    return wins * equity.SHARES // deals, (wins + ties) * equity.SHARES // deals


def main() -> None:
    """Count every entry and write the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes counting the entries (default 1)")
    options = parser.parse_args()
    start = time.perf_counter()
    with multiprocessing.Pool(options.jobs) as pool:
        shares = pool.map(round_two_shares, equity.round_two_keys(), chunksize=64)
        print(f"round 2: {len(shares)} entries, {time.perf_counter() - start:.0f} s",
              flush=True)
        counts = pool.map(round_one_counts, equity.round_one_signatures(), chunksize=16)
        print(f"round 1: {len(counts)} entries, {time.perf_counter() - start:.0f} s",
              flush=True)
    round_one = array.array("Q", [count for pair in counts for count in pair])
    if sys.byteorder == "big":
        round_one.byteswap()
    data = zlib.compress(bytes(share for pair in shares for share in pair)
                         + round_one.tobytes(), 9)
    path = ROOT / "stud" / equity.TABLES_FILE
    path.write_bytes(data)
    print(f"wrote {path.relative_to(ROOT)}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
