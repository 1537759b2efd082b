"""Shared helpers: running a game as a real ``python3 -m GAME`` subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"

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


@pytest.fixture
def run_cli() -> RunCli:
    """Return `run_game`, for tests that take it as a fixture."""
    return run_game
