"""Golden transcripts: whole games through ``python3 -m inbetween``, byte for byte.

Each case is ``tests/data/inbetween/NAME.{deck,in,out}``: round 1 is dealt from
the deck file, later rounds come from the seed.

- two_players: junk of every kind at the prompt, a win, equal cards, the pool
  emptied mid-round, a shared win.
- four_players: a draw equal to an end card, consecutive cards, a fold, an
  outside draw, round 2 bets above 1 (and one out of range), ``quit``.
- three_players: players going out, the dealer skipping a player who is out,
  two pair-only rounds, the last player standing taking the pool.
- ten_players: the full table, a round of folds, bets and pairs, ``quit``.
- house_rules (``--refill --rounds 6``): the pool emptied and refilled three
  times, once in round 1; a refill's ante putting out the dealer before their
  turn, which is skipped; the round limit ending the game with coins in the
  pool.

And in Punjabi (``pa_NAME``, `helpers.golden.INBETWEEN_PUNJABI`): four of them
again, the moves typed in Punjabi words (``ਸੱਟਾ``, ``ਸ``, ``ਫੋਲਡ``, ``ਫ``,
``ਛੱਡੋ``, ``ਮਦਦ``) and Gurmukhi digits, with English ones among them, junk of
its own in ``pa_two_players`` and ``--hint`` in ``pa_four_players``; asked
for by the locale or by ``--lang pa``.
"""

from __future__ import annotations

import subprocess

import pytest
from helpers.cli import run_game
from helpers.golden import INBETWEEN as CASES
from helpers.golden import INBETWEEN_PUNJABI as PUNJABI
from helpers.paths import DATA

DATA = DATA / "inbetween"



def run_case(name: str,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return run_game("inbetween", *CASES[name], "--deck", str(DATA / f"{name}.deck"),
                    stdin=(DATA / f"{name}.in").read_bytes(), env=env)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    result = run_case(name)
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (DATA / f"{name}.out").read_bytes()


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript_under_lang_c(name: str) -> None:
    result = run_case(name, {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"})
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (DATA / f"{name}.out").read_bytes()


@pytest.mark.parametrize("name", sorted(PUNJABI))
def test_golden_transcript_in_punjabi(name: str) -> None:
    options, env = PUNJABI[name]
    result = run_game("inbetween", *options, "--deck", str(DATA / f"{name}.deck"),
                      stdin=(DATA / f"{name}.in").read_bytes(), env=env)
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (DATA / f"{name}.out").read_bytes()


def test_punjabi_moves_play_the_english_game() -> None:
    # The same deck, seed and moves, typed in Punjabi: the same game, so the
    # same coins at the end.
    english = run_case("three_players").stdout.decode().splitlines()
    punjabi = (DATA / "pa_three_players.out").read_text(encoding="utf-8").splitlines()
    assert [line for line in english if line.startswith("Player ") and " has " in line
            and line.endswith("coins.")] == [
        line.replace("ਖਿਡਾਰੀ", "Player").replace(" ਕੋਲ ", " has ")
        .replace(" ਸਿੱਕੇ।", " coins.") for line in punjabi
        if line.startswith("ਖਿਡਾਰੀ") and " ਕੋਲ " in line and line.endswith("ਸਿੱਕੇ।")
        and "ਕਾਰਡ" not in line]
