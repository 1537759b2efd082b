"""Random lines a careless person might type at In Between's prompts."""

from __future__ import annotations

import random

JUNK = ["", " ", "\t", "x", "-1", "0", "1e3", "１", "bet 2", "99999999999999999999",
        "fold now", "\udcff", "ünï ♠", "1.5", "+2"]


def random_input(rng: random.Random, lines: int) -> bytes:
    out = []
    for _ in range(lines):
        roll = rng.random()
        if roll < 0.3:
            out.append(rng.choice(JUNK))
        elif roll < 0.45:
            out.append(rng.choice(["fold", "f", " F ", "FOLD"]))
        else:
            out.append(str(rng.choice([1, 1, 2, 3, 5, 8, 13, rng.randint(1, 40)])))
    out.append("quit")
    return "\n".join(out).encode("utf-8", errors="surrogateescape") + b"\n"
