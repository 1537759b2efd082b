"""Write the deal and the input of a scripted Big Two game, for a golden test.

Usage: ``python3 tests/data/bigtwo/make_golden.py SEED NAME [--every]``.
Writes ``NAME.deck`` (the shuffled deck) and ``NAME.in`` (one line per prompt):
at every turn some illegal or junk lines first (with ``--every``, one illegal
selection of each size the rules reject), then a legal move picked at random
among all legal moves.  The expected transcript ``NAME.out`` is then made with
``python3 -m bigtwo --deck NAME.deck < NAME.in > NAME.out`` and checked by hand.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

from bigtwo import BigTwo, BigTwoDeck

# Lines that select nothing usable: junk tokens, negatives, indices that are
# out of range for any hand, and bytes that are not UTF-8.
JUNK = [b"abc", b"1_0 x", b"-1", b"99", b"1.5", b"0x1", b"2147483648", b"\xff\xfe",
        b"\t", b"  ", b"#", b"\xe2\x99\xa63"]


def legal_moves(game: BigTwo) -> list[tuple[int, ...]]:
    """Every selection of the current player that the engine accepts."""
    idx = game.get_current_idx()
    size = game.get_player_list()[idx].get_num_of_cards()
    return [combo for count in (0, 1, 2, 3, 5)
            for combo in itertools.combinations(range(size), count)
            if game.can_move(combo)]


def illegal_moves(game: BigTwo) -> list[tuple[int, ...]]:
    """A few selections of every kind the engine rejects."""
    idx = game.get_current_idx()
    size = game.get_player_list()[idx].get_num_of_cards()
    found = []
    for count in (0, 1, 2, 3, 4, 5):
        for combo in itertools.combinations(range(size), count):
            if not game.can_move(combo):
                found.append(combo)
                break
    return found


def main(seed: int, name: str, every: bool = False) -> None:
    """Write NAME.deck and NAME.in for the game dealt by SEED."""
    rng = random.Random(seed)
    deck = BigTwoDeck()
    deck.shuffle(rng)
    folder = Path(__file__).parent
    (folder / f"{name}.deck").write_text(" ".join(card.code for card in deck) + "\n")
    game = BigTwo()
    game.start(deck)
    lines: list[bytes] = []
    while not game.is_over:
        for junk in rng.sample(JUNK, rng.randint(0, 2)):
            # Junk alone selects nothing: a pass, legal or not.  Keep it only
            # where a pass is illegal, so the game stays the one we plan.
            if not game.can_pass():
                lines.append(junk)
        illegal = illegal_moves(game)
        for combo in illegal if every else rng.sample(illegal, 1):
            lines.append(" ".join(map(str, combo)).encode())
        move = rng.choice(legal_moves(game))
        text = " ".join(map(str, move))
        if move and rng.random() < 0.3:
            # The same selection, written as Java's parseInt still reads it.
            text = "\t".join(f"+{i}" if i % 2 else f"00{i}" for i in move) + " 99 x"
        lines.append(text.encode())
        game.apply(move)
    (folder / f"{name}.in").write_bytes(b"\n".join(lines) + b"\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], every="--every" in sys.argv[3:])
