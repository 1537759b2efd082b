"""Golden transcripts: whole games from deck files and scripted input, byte for byte."""

from __future__ import annotations

import pytest
from helpers.cli import RunCli
from helpers.golden import REDDOG as GAMES
from helpers.paths import DATA

REDDOG = DATA / "reddog"



@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_transcript(run_cli: RunCli, name: str) -> None:
    result = run_cli("reddog", "--deck", str(REDDOG / f"{name}.deck"), *GAMES[name],
                     stdin=(REDDOG / f"{name}.in").read_bytes())
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (REDDOG / f"{name}.out").read_bytes()


def test_transcripts_print_the_same_whatever_the_locale(run_cli: RunCli) -> None:
    result = run_cli("reddog", "--deck", str(REDDOG / "basics.deck"),
                     *GAMES["basics"], stdin=(REDDOG / "basics.in").read_bytes(),
                     env={"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"})
    assert result.returncode == 0
    assert result.stdout == (REDDOG / "basics.out").read_bytes()
