"""Shared helpers: running a game as a real ``python3 -m GAME`` subprocess."""

from __future__ import annotations

import configparser
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
_COMMON = importlib.util.find_spec("common")
assert _COMMON is not None and _COMMON.origin is not None
PACKAGES = Path(_COMMON.origin).resolve().parents[1]
"""Where the games' packages are imported from: the repository, or the
installed wheel that CI tests with the sdist's copy of the tests."""

RunCli = Callable[..., subprocess.CompletedProcess[bytes]]

_LOCALE_VARIABLES = ("LANG", "LC_", "PYTHONIOENCODING", "PYTHONUTF8")


def run_game(game: str, *args: str, stdin: bytes = b"",
             env: dict[str, str] | None = None,
             timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """Run ``python3 -m GAME ARGS`` from the repository with `stdin` as input.

    `env`, when given, replaces the locale settings (LANG, LC_*, PYTHONUTF8,
    PYTHONIOENCODING) of the environment; PYTHONIOENCODING is never passed on.
    """
    drop = _LOCALE_VARIABLES if env is not None else ("PYTHONIOENCODING",)
    full_env = {key: value for key, value in os.environ.items()
                if not key.startswith(drop)}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", game, *args], input=stdin, capture_output=True,
        cwd=ROOT, env=full_env, timeout=timeout, check=False)


def cardgames_version() -> str:
    """Return the version ``--version`` must print: the one in setup.cfg.

    Tests copied away from the repository to check an installed wheel have no
    setup.cfg beside them; then it is the installed distribution's version.
    """
    setup_cfg = ROOT / "setup.cfg"
    if setup_cfg.exists():
        config = configparser.ConfigParser(interpolation=None)
        config.read(setup_cfg, encoding="utf-8")
        return config["metadata"]["version"]
    return importlib.metadata.version("cardgames")


@pytest.fixture
def run_cli() -> RunCli:
    """Return `run_game`, for tests that take it as a fixture."""
    return run_game


def joined_hints(text: str) -> str:
    """Return `text` with each hint on one line, as the console's `fill` wraps it."""
    lines: list[str] = []
    for line in text.splitlines(keepends=True):
        if lines and lines[-1].startswith("Hint: ") and line[:2] == "  " \
                and line[2:3].strip():
            lines[-1] = f"{lines[-1].rstrip(chr(10))} {line[2:]}"
        else:
            lines.append(line)
    return "".join(lines)
