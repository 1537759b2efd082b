"""What each run imports: only what it uses, so that the games start fast.

How fast is for `benchmarks/bench_startup.py` to measure, not for a test to
time; these tests guard the lists of modules a run imports, as
``python3 -X importtime`` reports them, so that a heavy module creeping back
into ``--help`` or a plain game fails here.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers.paths import DATA, PACKAGES, ROOT

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]
# Standard modules that only some runs need: processes for --jobs, JSON for a
# hand history, exact fractions for statistics and odds.  (argparse, with
# the shutil it asks for the terminal's width, comes with every run.)
HEAVY = {"multiprocessing", "json", "fractions", "decimal"}
# What plays a game rather than describing its options.
PLAYING = ["game", "console", "events", "view", "strategy", "simulation"]
COMMON_PLAYING = {"common.console.console", "common.console.terminal",
                  "common.engine.events", "common.engine.dealer", "common.history",
                  "common.simulation.runner", "common.simulation.workers"}


def imported(*args: str, stdin: bytes = b"") -> list[str]:
    """Return the modules ``python3 -m ARGS`` imports, in order.

    Without `site` (``-S``): what an environment's ``.pth`` files import at
    every start would hide what the game itself imports.  The packages are
    found where the tests import them (the wheel's, in CI's second run).
    """
    env = {**os.environ, "PYTHONPATH": str(PACKAGES)}
    result = subprocess.run([sys.executable, "-S", "-X", "importtime", "-m", *args],
                            cwd=ROOT, input=stdin, capture_output=True, timeout=60,
                            check=False, env=env)
    return [line.rsplit("|", 1)[1].strip()
            for line in result.stderr.decode(errors="replace").splitlines()
            if line.startswith("import time:") and "|" in line]


@pytest.mark.parametrize("option", ["--help", "--version"])
@pytest.mark.parametrize("game", GAMES)
def test_help_and_version_import_no_game(game: str, option: str) -> None:
    names = set(imported(game, option))
    assert f"{game}.program" in names  # the run was read
    playing = {f"{package}.{module}" for package in GAMES for module in PLAYING}
    assert not names & (playing | COMMON_PLAYING)
    if option == "--help":  # --version reads the installed metadata
        assert not names & HEAVY


def test_the_appendix_game_imports_what_a_game_needs_and_no_more() -> None:
    names = set(imported("bigtwo", "--deck", str(DATA / "bigtwo" / "appendix.deck"),
                         stdin=(DATA / "bigtwo" / "appendix.in").read_bytes()))
    assert {"bigtwo.game", "bigtwo.console", "bigtwo.events", "bigtwo.view"} <= names
    assert not names & HEAVY
    # No computer plays: no strategy, and nothing of --simulate.
    assert not names & {"bigtwo.strategy", "bigtwo.simulation",
                        "common.simulation.runner"}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_between_people_imports_no_strategy(game: str) -> None:
    names = set(imported(game, "--seed", "1"))
    assert f"{game}.console" in names
    assert not names & (HEAVY | {f"{game}.strategy", f"{game}.simulation",
                                 "common.simulation.runner"})


def test_reddog_odds_import_the_odds_and_no_game() -> None:
    names = set(imported("reddog", "--odds"))
    assert {"reddog.odds", "fractions"} <= names
    assert not names & {"multiprocessing", "json", "reddog.console",
                        "reddog.game", "reddog.strategy", "reddog.simulation"}


def test_what_a_feature_needs_comes_with_it(tmp_path: object) -> None:
    # The other side of the guards above: they could fail.
    log = f"{tmp_path}/game.jsonl"
    assert "json" in imported("stud", "--seed", "1", "--log", log)
    assert "multiprocessing" in imported("stud", "--simulate", "2", "--jobs", "2",
                                         "--seed", "1")
    assert "stud.strategy" in imported("stud", "--computer", "all", "--hands", "1",
                                       "--seed", "1")
