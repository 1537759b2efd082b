"""Golden transcripts: whole games from deck files and scripted input, byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "reddog"

# name -> the options besides --deck; every game uses a one-deck shoe, so the
# deck file is the whole first shoe and the seed only shuffles later shoes.
GAMES = {
    "basics": ["--decks", "1", "--seed", "1"],
    "broke": ["--decks", "1", "--seed", "1"],
    "shoe": ["--decks", "1", "--seed", "7"],
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(name: str) -> None:
    deck = DATA / f"{name}.deck"
    stdin = (DATA / f"{name}.in").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "reddog", "--deck", str(deck), *GAMES[name]],
        input=stdin, capture_output=True, cwd=ROOT, timeout=60, check=False)
    assert done.stderr == b""
    assert done.returncode == 0
    assert done.stdout == (DATA / f"{name}.out").read_bytes()
