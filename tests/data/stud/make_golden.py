"""Rebuild the Stud golden games' outputs, and the input of ``allin``.

Run from the repository root: ``python3 tests/data/stud/make_golden.py``.
Then READ every ``.out`` against the rules before committing it.

Each game deals its first hand from ``NAME.deck`` and later hands from its
seed (``SEEDS``, as ``tests/stud/test_cli.py`` runs them).

- ``fold``: junk of every kind at the prompts, checks, bets, raises, a fold,
  then a quit (hand-written input).
- ``split``: the raise cap, a tie that splits the pot, a quit (hand-written).
- ``allin``: eager play to the last dollar.  Its input is made here: at each
  prompt bet, and raise, four times in five when allowed, else check or
  call, typing ``raise`` first where no raise is allowed.  Over six hands it
  shows a call all-in for less with the uncalled part going back (hand 4),
  a bet all-in for less (hand 5), and a raise all-in for less (hand 6).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from common.cli.options import read_deck_file  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from stud import Action, Phase, StudGame  # noqa: E402

HERE = Path(__file__).resolve().parent
SEEDS = {"fold": 7, "split": 11, "allin": 60}


def allin_script() -> str:
    """Play ``allin`` on the engine with the eager policy; return its input."""
    seed = SEEDS["allin"]
    deck = read_deck_file(str(HERE / "allin.deck"))
    game = StudGame(Dealer(random.Random(seed), [deck]))
    game.start()
    policy = random.Random(seed * 7 + 1)
    lines = []
    while game.phase is Phase.BETTING:
        legal = game.legal_actions()
        if Action.BET in legal and policy.random() < 0.8:
            action = Action.BET
        elif Action.RAISE in legal and policy.random() < 0.8:
            action = Action.RAISE
        elif Action.CHECK in legal:
            action = Action.CHECK
        else:
            action = Action.CALL
            if Action.RAISE not in legal:
                lines.append("raise")  # refused: the cap, or nothing to raise
        lines.append(action.value)
        game.apply(action)
    return "\n".join(lines) + "\n"


def main() -> None:
    (HERE / "allin.in").write_text(allin_script(), encoding="utf-8")
    for name, seed in SEEDS.items():
        with open(HERE / f"{name}.in", "rb") as stdin:
            out = subprocess.run(
                [sys.executable, "-m", "stud", "--deck", str(HERE / f"{name}.deck"),
                 "--seed", str(seed)],
                stdin=stdin, capture_output=True, cwd=ROOT, check=True).stdout
        (HERE / f"{name}.out").write_bytes(out)


if __name__ == "__main__":
    main()
