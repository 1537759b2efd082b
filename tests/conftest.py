"""Shared fixtures: running a game as a real ``python3 -m GAME`` subprocess."""

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


@pytest.fixture
def run_cli() -> RunCli:
    """Return a function running ``python3 -m GAME ARGS`` with bytes on stdin."""

    def run(game: str, *args: str, stdin: bytes = b"",
            env: dict[str, str] | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
        full_env = {k: v for k, v in os.environ.items()
                    if not k.startswith("PYTHONIOENCODING")}
        full_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-m", game, *args], input=stdin,
            capture_output=True, cwd=ROOT, env=full_env, timeout=timeout,
            check=False)

    return run
