"""The line-mode games at a real terminal (a pseudo-terminal): what only a person sees.

Standard input and output are the terminal, as when a person plays: lines
are read through ``readline`` (the arrow keys edit and recall), and Big Two
coaches on standard error, here a pipe the test reads apart.  Big Two's
standard output stays the assignment's transcript.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest
from helpers.cli import run_game
from helpers.paths import DATA, ROOT

pty = pytest.importorskip("pty")
pytest.importorskip("readline")

LEFT, UP = b"\x1b[D", b"\x1b[A"


class TerminalGame:
    """``python3 -m GAME`` with a pseudo-terminal for its input and output."""

    def __init__(self, game: str, *args: str) -> None:
        """Start the game; its standard error is a pipe."""
        self._controller, device = pty.openpty()
        env = {**os.environ, "TERM": "xterm"}
        env.pop("PYTHONIOENCODING", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", game, *args], cwd=ROOT, env=env,
            stdin=device, stdout=device, stderr=subprocess.PIPE)
        os.close(device)
        self.screen = bytearray()

    def read_until(self, ending: bytes, timeout: float = 30) -> bytes:
        """Read until what comes next ends with `ending`; return it."""
        start = len(self.screen)
        deadline = time.monotonic() + timeout
        while not self.screen[start:].endswith(ending):
            left = deadline - time.monotonic()
            assert left > 0, f"no {ending!r} after {bytes(self.screen[-300:])!r}"
            ready, _, _ = select.select([self._controller], [], [], left)
            if ready:
                try:
                    chunk = os.read(self._controller, 4096)
                except OSError:  # the game has ended and closed the terminal
                    chunk = b""
                assert chunk, f"the game ended: {bytes(self.screen[-300:])!r}"
                self.screen += chunk
        return bytes(self.screen[start:])

    def type(self, keys: bytes) -> None:
        """Type `keys` at the terminal."""
        os.write(self._controller, keys)

    def finish(self, timeout: float = 30) -> tuple[int, bytes]:
        """Read to the end; return the exit status and the standard error."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self._controller], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self._controller, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.screen += chunk
            elif self.process.poll() is not None:
                break
        _, stderr = self.process.communicate(timeout=timeout)
        return self.process.returncode, stderr

    def close(self) -> None:
        """Stop the game if it still runs, and close the terminal."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        os.close(self._controller)


def test_the_arrow_keys_edit_the_line_and_recall_the_last_one() -> None:
    game = TerminalGame("stud", "--seed", "3", "--hands", "1", "--computer", "1",
                        "--show", "0")
    try:
        game.read_until(b"[call $1/raise $2/fold/quit]: ")
        game.type(b"cal" + LEFT + b"l\r")  # "ca|l", then an l before the cursor
        shown = game.read_until(b"[check/bet $2/quit]: ")
        assert b"Player 0 calls $1\r\n" in shown
        assert b"^[[D" not in shown
        game.type(UP + b"\r")  # "call" again, refused: nothing to call
        shown = game.read_until(b"[check/bet $2/quit]: ")
        assert b"Not a legal move: nothing to call" in shown
        game.type(b"quit\r")
        status, stderr = game.finish()
    finally:
        game.close()
    assert status == 0 and stderr == b""
    assert b"Player 0 quits" in game.screen


def test_big_two_at_a_terminal_prints_what_a_pipe_prints_and_coaches_aside() -> None:
    deck = str(DATA / "bigtwo" / "appendix.deck")
    lines = [b"quit", b"5,6", *(DATA / "bigtwo" / "appendix.in").read_bytes()
             .split(b"\n")[:-1]]
    piped = run_game("bigtwo", "--deck", deck,
                     stdin=b"".join(line + b"\n" for line in lines))
    assert piped.returncode == 0 and piped.stderr == b""
    game = TerminalGame("bigtwo", "--deck", deck)
    try:
        for line in lines:
            game.read_until(b"'s turn: ")
            game.type(line + b"\r")
        status, stderr = game.finish()
    finally:
        game.close()
    assert status == 0
    # The terminal ends its lines with CR LF; the text is the pipe's, byte
    # for byte, the typed lines echoed where a pipe's echo puts them.
    assert bytes(game.screen).replace(b"\r\n", b"\n") == piped.stdout
    said = stderr.decode()
    assert said.startswith("You hold the ♦3: open with a hand that holds it.\n"
                           "quit: there is no quit in Big Two.")
    assert "No card selected: that is a pass (your cards are numbered 0 to 12)." in said
    assert "  You cannot pass: open with a hand holding the ♦3." in said
    assert "Since your last turn: " in said
