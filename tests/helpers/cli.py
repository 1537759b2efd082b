"""Running a game as a real ``python3 -m GAME`` subprocess, and reading its output."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

from helpers.paths import ROOT

RunCli = Callable[..., subprocess.CompletedProcess[bytes]]
"""`run_game`'s type: the ``run_cli`` fixture of ``tests/conftest.py``."""

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
