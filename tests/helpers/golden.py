"""The golden transcripts of Stud, In Between and Red Dog: each case's options.

Each case is ``tests/data/GAME/NAME.deck``, ``.in`` and ``.out``: the game
run with the deck, these options and that input prints that output, byte
for byte (the golden tests), and reads it as Java would (the Java tests).
"""

from __future__ import annotations

STUD = {"fold": 7, "split": 11, "allin": 60}  # as tests/data/stud/make_golden.py
"""Stud's cases: name -> the ``--seed`` of the hands after the first."""

# name -> the options besides --deck; every game uses a one-deck shoe, so the
# deck file is the whole first shoe and the seed only shuffles later shoes.
REDDOG = {
    "basics": ["--decks", "1", "--seed", "1"],
    "broke": ["--decks", "1", "--seed", "1"],
    "shoe": ["--decks", "1", "--seed", "7"],
}
"""Red Dog's cases: name -> the options besides ``--deck``."""

INBETWEEN = {
    "two_players": [],
    "four_players": ["--players", "4", "--seed", "7"],
    "three_players": ["--players", "3", "--seed", "8664"],
    "ten_players": ["--players", "10", "--seed", "10"],
    "house_rules": ["--players", "4", "--refill", "--rounds", "6", "--seed", "1971"],
}
"""In Between's cases: name -> the options besides ``--deck``."""

INBETWEEN_PUNJABI = {
    "pa_two_players": ([], {"LANG": "pa_IN.UTF-8"}),
    "pa_three_players": (["--players", "3", "--seed", "8664"], {"LANG": "pa_IN.UTF-8"}),
    "pa_house_rules": (["--players", "4", "--refill", "--rounds", "6", "--seed",
                        "1971", "--lang", "pa"], {"LANG": "C.UTF-8"}),
    "pa_four_players": (["--players", "4", "--seed", "7", "--hint", "--lang", "pa"],
                        {"LANGUAGE": "en", "LANG": "en_US.UTF-8"}),
}
"""In Between's cases in Punjabi: name -> (the options besides ``--deck``, the
locale's variables).  Each plays its English namesake's deck and moves, typed
in Punjabi words and Gurmukhi digits (``pa_two_players`` has junk of its own);
a Punjabi locale or ``--lang pa`` (which wins over an English locale) asks
for Punjabi."""
