"""The games stay standard-library only; the environments say what they need.

These run without the extra ``rl``: nothing here imports it.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from helpers.paths import ROOT

from common.research import extra

EXTRA_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "ray")


def test_no_game_nor_its_research_module_imports_the_extra() -> None:
    # Every game imported, its research module too, and a whole simulated
    # game of each played through its program, as ``--simulate`` plays it.
    code = f"""import sys
import bigtwo, stud, inbetween, reddog
import bigtwo.research, stud.research, inbetween.research, reddog.research
import importlib, pkgutil
# Every module of every game but its full-screen table's (the extra tui).
for package in (bigtwo, stud, inbetween, reddog):
    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in ("tui", "__main__"):
            importlib.import_module(f"{{package.__name__}}.{{module.name}}")
from bigtwo.program import main as bigtwo
from stud.program import main as stud
from inbetween.program import main as inbetween
from reddog.program import main as reddog
for main, rest in ((bigtwo, []), (stud, ["--hands", "2"]), (inbetween, []),
                   (reddog, ["--rounds", "5"])):
    assert main(["--simulate", "1", "--seed", "1", *rest]) == 0
print(sorted(name for name in sys.modules
             if name.split(".")[0] in {EXTRA_MODULES!r}))
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    assert result.stdout.splitlines()[-1] == "[]"


def test_python_m_game_imports_none_of_the_extra() -> None:
    code = f"""import runpy, sys
sys.argv = ["bigtwo", "--seed", "3", "--computer", "all"]
try:
    runpy.run_module("bigtwo", run_name="__main__", alter_sys=True)
except SystemExit as end:
    assert not end.code, end.code
print(sorted(name for name in sys.modules
             if name.split(".")[0] in {EXTRA_MODULES!r}), file=sys.stderr)
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            check=True)
    assert result.stderr.splitlines()[-1] == "[]"


@pytest.mark.parametrize("missing", ["numpy", "pyspiel"])
def test_without_the_extra_an_openspiel_game_says_in_one_line_what_to_install(
        monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    from bigtwo.research import bigtwo_v0
    from stud.research import stud_v0

    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    for version in (bigtwo_v0, stud_v0):
        with pytest.raises(extra.MissingExtra) as caught:
            version.spiel_game()
        message = str(caught.value)
        assert "\n" not in message
        # Named among the missing (where the extra is not installed at all,
        # the others with it).
        named = message.partition("(missing: ")[2].partition(")")[0]
        assert missing in named.split(", ")
        assert message.endswith(extra.INSTALL)


@pytest.mark.parametrize("missing", ["numpy", "gymnasium", "pettingzoo"])
def test_without_the_extra_an_environment_says_in_one_line_what_to_install(
        monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    from bigtwo.research import bigtwo_v0
    from reddog.research import gym_env

    monkeypatch.setitem(sys.modules, missing, None)  # as if not installed
    for make in (bigtwo_v0.env, bigtwo_v0.raw_env, gym_env):
        with pytest.raises(extra.MissingExtra) as caught:
            make()
        message = str(caught.value)
        assert "\n" not in message
        named = message.partition("(missing: ")[2].partition(")")[0]
        assert missing in named.split(", ")
        assert message.endswith(extra.INSTALL)
    assert "python3 -m pip install -e '.[rl]'" in extra.INSTALL
