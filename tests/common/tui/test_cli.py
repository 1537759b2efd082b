"""``--tui`` at the command line: refused with one line where it cannot run.

These run ``python3 -m GAME`` for real.  Without Textual, ``--tui`` names
what to install; with it, the table runs in a pseudo-terminal, leaves the
terminal clean and exits with the statuses of line mode.
"""

from __future__ import annotations

import importlib.util
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.paths import ROOT

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]
# CI installs the test extra, Textual with it: there these never skip.
HAS_TEXTUAL = importlib.util.find_spec("textual") is not None or bool(
    os.environ.get("CI"))


def _error(game: str, message: str) -> bytes:
    return f"{game}: error: {message}\n".encode()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("args", "message"), [
    (["--delay", "1"], "--delay paces the full-screen table: it needs --tui"),
    (["--tui", "--simulate", "3"],
     "--tui plays one game at the keyboard: it takes no --simulate"),
    (["--tui", "--replay", "x.jsonl"],
     "--tui plays one game at the keyboard: it takes no --replay"),
    (["--tui", "--delay", "-1"], "argument --delay: must be 0 to 60, not -1"),
    (["--tui", "--delay", "nan"], "argument --delay: must be 0 to 60, not nan"),
    (["--tui", "--delay", "soon"], "argument --delay: invalid seconds value: 'soon'"),
])
def test_a_tui_that_cannot_run_is_an_option_error(run_cli: RunCli, game: str,
                                                  args: list[str],
                                                  message: str) -> None:
    result = run_cli(game, *args)
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == _error(game, message)


@pytest.mark.parametrize("game", GAMES)
def test_without_textual_tui_says_what_to_install(run_cli: RunCli, game: str,
                                                   tmp_path: Path) -> None:
    hidden = tmp_path / "textual"  # shadows any installed Textual
    hidden.mkdir()
    (hidden / "__init__.py").write_text("raise ImportError('no Textual here')\n")
    result = run_cli(game, "--tui", env={"PYTHONPATH": str(tmp_path)})
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == _error(game, "--tui needs Textual: python3 -m pip "
                                         "install -e '.[tui]' in a clone (from the "
                                         "index: 'cardgames-console[tui]')")


def test_the_line_mode_never_imports_textual() -> None:
    code = ("import sys, bigtwo.__main__, stud.__main__, inbetween.__main__, "
            "reddog.__main__, common.tui; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'rich') or m.startswith('common.tui.')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, check=True)
    assert result.stdout == b"[]\n"


@pytest.mark.skipif(not HAS_TEXTUAL, reason="Textual is not installed")
@pytest.mark.parametrize("game", GAMES)
def test_tui_without_a_terminal_is_an_option_error(run_cli: RunCli,
                                                   game: str) -> None:
    result = run_cli(game, "--tui")
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == _error(
        game, "--tui needs a terminal (standard input and standard error)")


# In a pseudo-terminal.

def _read_until(fd: int, wanted: bytes, seconds: float = 30) -> bytes:
    """Read the terminal until `wanted` shows, for at most `seconds`."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{wanted!r} never came: {seen[-400:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk
    return seen


def _drain(fd: int) -> bytes:
    """Read what is left to read, until half a second passes with nothing."""
    seen = b""
    try:
        while select.select([fd], [], [], 0.5)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
    except OSError:  # the other end closed
        pass
    return seen


def _run_in_a_terminal(game: str, *args: str, keys: list[bytes],
                       wait_for: bytes) -> tuple[int, bytes]:
    pty = pytest.importorskip("pty")
    controller, device = pty.openpty()
    os.set_blocking(controller, True)
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("PYTHONIOENCODING", None)
    process = subprocess.Popen([sys.executable, "-m", game, "--tui", "--delay", "0",
                                *args], cwd=ROOT, stdin=device, stdout=device,
                               stderr=device, env=env, start_new_session=True)
    os.close(device)
    try:
        seen = _read_until(controller, wait_for)
        for key in keys:
            time.sleep(0.3)  # let the table take each key on its own
            os.write(controller, key)
        seen += _read_until(controller, b"\x1b[?1049l")  # the screen given back
        process.wait(timeout=30)
        seen += _drain(controller)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        os.close(controller)
    return process.returncode, seen


@pytest.mark.skipif(not HAS_TEXTUAL, reason="Textual is not installed")
def test_in_a_terminal_ctrl_c_leaves_at_once_and_cleanly() -> None:
    status, seen = _run_in_a_terminal("bigtwo", "--seed", "5", "--computer",
                                      "1,2,3", keys=[b"\x03"],
                                      wait_for=b"Pass")
    assert status == 130
    assert seen.endswith(b"bigtwo: interrupted\r\n")
    assert b"Traceback" not in seen
    after = seen.rsplit(b"\x1b[?1049l", 1)[1]
    # The cursor is back, mouse reporting off (and not turned on again).
    assert b"\x1b[?25h" in after and b"\x1b[?1000l" in after
    assert b"\x1b[?1000h" not in after and b"\x1b[?25l" not in after


@pytest.mark.skipif(not HAS_TEXTUAL, reason="Textual is not installed")
def test_in_a_terminal_stud_quits_by_its_rules_after_asking() -> None:
    status, seen = _run_in_a_terminal("stud", "--seed", "2", "--computer", "1",
                                      keys=[b"q", b"y"], wait_for=b"Fold")
    assert status == 0
    assert b"Quit the game?" in seen
    after = seen.rsplit(b"\x1b[?1049l", 1)[1]
    assert b"Player 0 has $" in after and b"Traceback" not in seen


@pytest.mark.skipif(not HAS_TEXTUAL, reason="Textual is not installed")
def test_in_a_terminal_leaving_through_the_question_is_calm() -> None:
    status, seen = _run_in_a_terminal("bigtwo", "--seed", "5", "--computer",
                                      "1,2,3", keys=[b"q", b"y"], wait_for=b"Pass")
    assert status == 0
    after = seen.rsplit(b"\x1b[?1049l", 1)[1]
    assert after.strip(b"\r\n").endswith(b"You left the game before it was over.")
    assert b"interrupted" not in after and b"Traceback" not in seen
