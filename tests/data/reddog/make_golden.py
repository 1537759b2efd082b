"""Rebuild the Red Dog golden games: deck files, the shoe game's input, outputs.

Run from the repository root: ``python3 tests/data/reddog/make_golden.py``.
Then READ every ``.out`` against the rules before committing it.

- ``basics``: the cards listed first make, in order, a consecutive push, a pair
  to trips, a pair push, wins at spreads 1, 2 (doubled), 3 and 11 (doubled), a
  loss on a card equal to one of the two, a loss outside, and a doubled win at
  spread 4; the input (hand-written) adds junk and bet changes.
- ``broke``: three losses take the credit to zero, through a bet lowered to
  what the credit covers and prompts without ``double``.
- ``shoe``: a shuffled deck played until a new shoe comes (round 15 of a
  one-deck shoe), playing every spread and doubling at 7 and over.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from common.cards.card import Card, parse_cards  # noqa: E402
from common.cli.options import read_deck_file  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from reddog import (  # noqa: E402
    DEAL,
    Decision,
    NewShoe,
    Phase,
    RedDogGame,
    RoundDealt,
    Shoe,
)

HERE = Path(__file__).resolve().parent
PREFIXES = {
    "basics": "5S 6H 5D 5C 5H 9D 9C 4H 7D 9S 8D JD 8C 9H 2C 6D 4C AS 2D KC 3D TC TH"
              " 4D TD AH 8S KD QS",
    "broke": "3C 9D KH 2H 7S 7C JS 5H 3S",
}
SEEDS = {"basics": 1, "broke": 1, "shoe": 7}


def write_deck(name: str, cards: list[Card]) -> None:
    codes = [card.code for card in cards]
    rows = [" ".join(codes[i:i + 13]) for i in range(0, 52, 13)]
    (HERE / f"{name}.deck").write_text("\n".join(rows) + "\n", encoding="utf-8")


def shoe_script() -> str:
    """Play the shoe game with the engine: Enter, then p or d, until two rounds
    after the new shoe; the seed must be the one the golden run uses."""
    rng = random.Random(SEEDS["shoe"])
    first = Shoe.stacked(read_deck_file(str(HERE / "shoe.deck")), 1, rng)
    game = RedDogGame(Dealer(rng, [list(first)]), decks=1)
    game.start()
    lines, new_shoe_round = ["Quit?"], 0
    while game.phase is Phase.BETTING:
        lines.append("")
        events = game.apply(DEAL)
        dealt = next(event for event in events if isinstance(event, RoundDealt))
        if game.phase is Phase.DECIDING:
            double = (dealt.hand.spread or 0) >= 7 and game.can_double
            lines.append("d" if double else "p")
            game.apply(Decision.DOUBLE if double else Decision.PLAY)
        if any(isinstance(event, NewShoe) for event in events):
            new_shoe_round = dealt.round
        if new_shoe_round and dealt.round >= new_shoe_round + 2:
            break
    return "\n".join([*lines, "QUIT"]) + "\n"


def main() -> None:
    for name, prefix in PREFIXES.items():
        top = parse_cards(prefix)
        write_deck(name, top + [Card(s, r) for s in range(4) for r in range(13)
                                if Card(s, r) not in top])
    deck = [Card(s, r) for s in range(4) for r in range(13)]
    random.Random(2024).shuffle(deck)
    write_deck("shoe", deck)
    (HERE / "shoe.in").write_text(shoe_script(), encoding="utf-8")
    for name, seed in SEEDS.items():
        with open(HERE / f"{name}.in", "rb") as stdin:
            out = subprocess.run(
                [sys.executable, "-m", "reddog", "--deck", str(HERE / f"{name}.deck"),
                 "--decks", "1", "--seed", str(seed)],
                stdin=stdin, capture_output=True, cwd=ROOT, check=True).stdout
        (HERE / f"{name}.out").write_bytes(out)


if __name__ == "__main__":
    main()
