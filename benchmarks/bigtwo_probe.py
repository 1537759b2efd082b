"""The lean probe: Big Two random self-play on the bare move generator.

The reference `bench_games.py` measures the Big Two engine against.  Cards
are integers (`bigtwo.cards.card_key`), each seat's hand a sorted list of
them; every position's moves come from the engine's own generator
(`bigtwo.moves.moves_of`) and every seat picks one uniformly at random.  No
game object, views, events, players or seats: only what any Big Two engine
must do to play a random game out, so the engine's rate over this one's is
what its structure costs.
"""

from __future__ import annotations

import random

from bigtwo.hands import strength
from bigtwo.moves import moves_of


def lean_game(seed: int) -> int:
    """Play one random game dealt from ``random.Random(seed)``; return the winner."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sorted(deck[seat::4]) for seat in range(4)]
    seat = next(seat for seat in range(4) if hands[seat][0] == 0)
    last, last_size, last_seat = None, 0, seat
    choice = rng.choice
    while True:
        keys = hands[seat]
        move = choice(moves_of(keys, last, last_size, last_seat == seat))
        if move:
            last = strength([keys[index] for index in move])
            last_size, last_seat = len(move), seat
            for index in reversed(move):
                del keys[index]
            if not keys:
                return seat
        seat = (seat + 1) % 4
