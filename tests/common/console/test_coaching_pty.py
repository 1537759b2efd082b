"""The line-mode games at a real terminal (a pseudo-terminal): what only a person sees.

Standard input and output are the terminal, as when a person plays: lines
are read through ``readline`` (the arrow keys edit and recall), and Big Two
coaches on standard error, here a pipe the test reads apart.  Big Two's
standard output stays the assignment's transcript.
"""

from __future__ import annotations

import os
import select
import signal
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

    def __init__(self, game: str, *args: str, stderr_too: bool = False) -> None:
        """Start the game; its standard error is a pipe, or with `stderr_too`
        the terminal, as when people play."""
        self._controller, device = pty.openpty()
        env = {**os.environ, "TERM": "xterm"}
        env.pop("PYTHONIOENCODING", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", game, *args], cwd=ROOT, env=env,
            stdin=device, stdout=device,
            stderr=device if stderr_too else subprocess.PIPE)
        os.close(device)
        self.screen = bytearray()

    def read_until(self, ending: bytes | tuple[bytes, ...],
                   timeout: float = 30) -> bytes:
        """Read until what comes next ends with `ending` (or one of them); return it."""
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

    def ctrl_c(self) -> tuple[int, bytes]:
        """Stop the game waiting at a prompt as Ctrl-C does; see `finish`."""
        time.sleep(0.2)  # in its read: readline would miss a signal before it
        self.process.send_signal(signal.SIGINT)
        return self.finish()

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
    # Seed 10: the computer bets in round 1, and Player 0 acts first in
    # round 2.  (Seed 3 played so until the smart player drew its
    # estimates differently, issue 23: now it bets first in round 2.)
    game = TerminalGame("stud", "--seed", "10", "--hands", "1", "--computer", "1",
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
            if line in (b"quit", b"5,6"):  # selecting no card: Java reads "5,6"
                # as one token, no number; Pass? [y/N] is answered y.  Typed
                # with the line, while readline holds the terminal: typed
                # between two reads, the terminal itself would echo the y,
                # and readline again once it reads it.
                game.type(line + b"\ry\r")
            else:
                game.type(line + b"\r")
        status, stderr = game.finish()
    finally:
        game.close()
    assert status == 0
    # The terminal ends its lines with CR LF; the text is the pipe's, byte
    # for byte, the typed lines echoed where a pipe's echo puts them, but
    # for the answer to the question asked on standard error.
    screen = bytes(game.screen).replace(b"\r\n", b"\n")
    assert screen.replace(b"quit\ny\n", b"quit\n", 1).replace(
        b"5,6\ny\n", b"5,6\n", 1) == piped.stdout
    said = stderr.decode()
    assert said.startswith("You hold the ♦3: open with a hand that holds it.\n"
                           "quit: there is no quit in Big Two.")
    assert "Pass? [y/N] " in said
    assert "  You cannot pass: open with a hand holding the ♦3." in said
    assert "Since your last turn: " in said


def test_big_two_at_a_keyboard_loses_no_turn_to_help_or_a_typo() -> None:
    deck = str(DATA / "bigtwo" / "appendix.deck")
    game = TerminalGame("bigtwo", "--deck", deck)
    try:
        game.read_until(b"'s turn: ")
        game.type(b"help\r")
        asked_again = game.read_until(b"'s turn: ")
        game.type(b"hello\r")
        game.type(b"n\r")  # Pass? [y/N]: no
        kept = game.read_until(b"'s turn: ")
        game.type(b"?\r")
        game.read_until(b"'s turn: ")
        game.type(b"-1\r")
        game.type(b"y\r")  # Pass? [y/N]: yes, and the opener cannot pass
        passed = game.read_until(b"'s turn: ")
        status, stderr = game.ctrl_c()
    finally:
        game.close()
    assert status == 130
    assert b"{Pass}" not in asked_again and b"Not a legal move" not in asked_again
    assert asked_again.endswith(b"help\r\nPlayer 0's turn: ") or \
        asked_again.startswith(b"help\r\n")
    assert b"Not a legal move" not in kept and b"{Pass}" not in kept
    assert b"Not a legal move!!!" in passed
    said = stderr.decode()
    assert said.count("Ranks, low to high") == 2  # the rules, twice
    assert said.count("Pass? [y/N] ") == 2
    assert said.count("No card selected: that is a pass (your cards are numbered 0 to "
                      "12).") == 2


def test_big_two_hides_the_computer_s_cards_from_a_person_at_a_terminal() -> None:
    game = TerminalGame("bigtwo", "--computer", "1,2,3", "--seed", "5")
    try:
        screen = game.read_until(b"Player 0's turn: ")
        game.ctrl_c()
    finally:
        game.close()
    text = screen.decode().replace("\r\n", "\n")
    rows = text.split("\n")
    turns = [rows[index + 1] for index, row in enumerate(rows)
             if row in ("<Player 1>", "<Player 2>", "<Player 3>")
             and rows[index + 1].startswith("==> ")]
    assert turns, "a computer's turn was shown"
    for row in turns:
        assert set(row[4:].replace("[  ]", "").split()) <= {
            str(index) for index in range(13)}, row
    mine = [rows[index + 1] for index, row in enumerate(rows) if row == "<Player 0>"
            and rows[index + 1].startswith("==> ")]
    assert mine and "[  ]" not in mine[-1]


def test_in_between_tells_a_person_of_refill_when_the_pool_ends_the_game() -> None:
    # Seed 3: the pool is empty before the person's first prompt.
    game = TerminalGame("inbetween", "--computer", "1", "--seed", "3")
    try:
        status, stderr = game.finish()
    finally:
        game.close()
    assert status == 0
    assert b"Game ends: the pool is empty." in game.screen
    said = " ".join(stderr.decode().split())
    assert said == ("The seed's rule ends the game once the pool is empty. With "
                    "--refill, every player still in antes again and the game goes "
                    "on (--rounds N ends it after N rounds).")
    piped = run_game("inbetween", "--computer", "1", "--seed", "3")
    assert piped.returncode == 0 and piped.stderr == b""


def test_red_dog_deals_once_a_person_types_a_new_bet() -> None:
    game = TerminalGame("reddog", "--seed", "3", "--rounds", "2")
    try:
        game.read_until(b"New bet, Enter to deal, or quit: ")
        game.type(b"100\r")
        # One line: the bet is taken and the cards are dealt, as Enter deals.
        shown = game.read_until(b"[play/double]: ")
        assert shown.replace(b"\r\n", b"\n").endswith(
            b"100\nCredit $1000.00, bet $100.00. New bet, Enter to deal, or quit: \n"
            b"Round 1: [\xe2\x99\xa05] [\xe2\x99\xa32], spread 2 pays 4:1\n"
            b"Play or double? [play/double]: ")
        game.type(b"play\r")
        game.read_until(b"New bet, Enter to deal, or quit: ")
        game.type(b"\x04")  # Ctrl-D
        status, _ = game.finish()
        assert status == 1
    finally:
        game.close()
    # From a pipe a bet only changes the bet, as before.
    piped = run_game("reddog", "--seed", "3", "--rounds", "2", stdin=b"100\n")
    assert b"bet $100.00. New bet, Enter to deal, or quit: \nGame over: 0 rounds " \
        b"played" in piped.stdout


CLEAR = b"\x1b[H\x1b[2J\x1b[3J"


def test_two_people_at_one_keyboard_hand_it_over_with_the_screen_cleared() -> None:
    # Seed 1: Player 1 (hole card 9 of hearts) acts first, then Player 0.
    game = TerminalGame("stud", "--seed", "1", "--hands", "1", stderr_too=True)
    try:
        first = game.read_until(b"who presses Enter.\r\n")
        game.type(b"\r")
        game.read_until(b"[check/bet $1/quit]: ")
        game.type(b"k\r")
        game.read_until(b"who presses Enter.\r\n")
        game.type(b"\r")
        second = game.read_until(b"[check/bet $1/quit]: ")
        game.ctrl_c()
    finally:
        game.close()
    screen = bytes(game.screen)
    assert CLEAR + b"Player 1's turn: hand the keyboard to Player 1" in first
    # Player 0's screen starts with a cleared screen and scrollback: Player
    # 1's hole card, shown on Player 1's turn, is nowhere after it.
    after = screen[screen.rindex(CLEAR):]
    assert b"Player 0's turn: hand the keyboard to Player 0" in after
    assert "[♥9]".encode() in screen[:screen.rindex(CLEAR)]
    assert "[♥9]".encode() not in after
    assert b"Player 1 checks" in second  # what happened, said again
    assert "==> [♠9] [♥2]".encode() in second


def test_one_person_against_the_computer_gets_no_hand_over() -> None:
    game = TerminalGame("stud", "--seed", "1", "--hands", "1", "--computer", "1",
                        stderr_too=True)
    try:
        shown = game.read_until(b"[check/bet $1/quit]: ")
        game.ctrl_c()
    finally:
        game.close()
    assert CLEAR not in shown and b"hand the keyboard" not in shown


def test_at_the_end_a_person_is_offered_another_game() -> None:
    game = TerminalGame("stud", "--computer", "1", "--hands", "1", "--seed", "2",
                        stderr_too=True)
    try:
        for _ in range(20):
            seen = game.read_until((b"]: ", b"[y/N] "))
            if seen.endswith(b"Another game with the same players? [y/N] "):
                break
            game.type(b"c\r")
        else:
            pytest.fail("no offer of another game")
        game.type(b"y\r")
        again = game.read_until(b"]: ")
        game.type(b"q\r")  # a quit ends it: no second offer
        status, _ = game.finish()
    finally:
        game.close()
    assert status == 0
    assert b"=== Hand 1 of 1: Player 0 $100, Player 1 $100 ===" in again
    assert bytes(game.screen).count(b"Another game") == 1
    piped = run_game("stud", "--computer", "1", "--hands", "1", "--seed", "2",
                     stdin=b"c\n" * 20)
    assert piped.returncode == 0 and b"Another game" not in piped.stdout + piped.stderr
