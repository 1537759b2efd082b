"""A player at a keyboard is coached across terminals as at one: what
happened since their last turn, whose move the table waits for, help that
costs no turn, and a question before a line that would pass by mistake.

A client says it types at a keyboard in its hello (``keyboard``); one that
does not (a script) gets the transcript alone, and its lines are moves as
local play reads piped lines.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any

import pytest
from helpers.netplay import PASSWORD, Host, Raw, read_until
from helpers.paths import ROOT

# Seed 7 with the computer at seats 2 and 3: Player 3 opens with a full house,
# and Player 0, next, can only pass.
BIG_TWO = ("--seed", "7", "--computer", "2,3")


def seated(host: Host, *, keyboard: bool) -> tuple[Raw, Raw]:
    """Seat two raw clients at seats 0 and 1 of `host`'s Big Two table."""
    extra: dict[str, Any] = {"keyboard": True} if keyboard else {}
    first, second = Raw(host.port), Raw(host.port)
    assert first.hello("bigtwo", seat=0, **extra)["type"] == "welcome"
    assert second.hello("bigtwo", seat=1, **extra)["type"] == "welcome"
    return first, second


def asides(messages: list[dict[str, Any]]) -> str:
    return "".join(message["text"] for message in messages
                   if message["type"] == "aside")


def test_a_keyboard_is_coached_and_asked_before_a_line_that_passes() -> None:
    host = Host("bigtwo", *BIG_TWO)
    try:
        first, second = seated(host, keyboard=True)
        ask, before = first.until("ask")
        assert "Since your last turn: Player 3 played FullHouse ♦3 ♣3 ♠3 ♣6 ♥6." \
            in asides(before)
        assert ask["prompt"] == "Player 0's turn: "
        assert ask["help"].startswith("Four players, 13 cards each.")
        assert "an empty line passes" in ask["help"]
        waited, _ = second.until("aside")
        assert waited["text"] == "Waiting for Player 0 to move…\n"

        # A word is no pass until the player says so.
        first.send({"type": "line", "ask": ask["ask"], "text": "zzz"})
        question, before = first.until("ask")
        assert "No card selected: that is a pass" in asides(before)
        assert question["prompt"] == "Pass? [y/N] " and question["aside"] is True
        first.send({"type": "line", "ask": question["ask"], "text": "n"})
        again, before = first.until("ask")
        assert again["prompt"] == "Player 0's turn: " and "aside" not in again
        assert not [message for message in before if message["type"] == "output"]

        first.send({"type": "line", "ask": again["ask"], "text": "zzz"})
        question, _ = first.until("ask")
        first.send({"type": "line", "ask": question["ask"], "text": "Y"})
        # Now it is a move: the others see it typed, and the pass.
        _, before = second.until("ask")
        shown = "".join(message.get("text", "") for message in before
                        if message["type"] == "output")
        assert "Player 0's turn: zzz\n{Pass}\n" in shown
        assert "Pass?" not in shown
    finally:
        host.kill()


def test_a_script_s_word_passes_at_once_as_in_the_assignment() -> None:
    host = Host("bigtwo", *BIG_TWO)
    try:
        first, second = seated(host, keyboard=False)
        ask, before = first.until("ask")
        assert "help" not in ask and asides(before) == ""
        first.send({"type": "line", "ask": ask["ask"], "text": "help"})
        _, before = second.until("ask")
        shown = "".join(message.get("text", "") for message in before
                        if message["type"] == "output")
        assert "Player 0's turn: help\n{Pass}\n" in shown
        assert "Waiting for" not in asides(before)
    finally:
        host.kill()


pty = pytest.importorskip("pty")


def test_help_at_a_client_s_keyboard_is_shown_there_and_never_sent() -> None:
    host = Host("bigtwo", *BIG_TWO)
    controller, device = pty.openpty()
    try:
        other = Raw(host.port)
        assert other.hello("bigtwo", seat=1)["type"] == "welcome"
        process = subprocess.Popen(
            [sys.executable, "-m", "bigtwo", "--join", host.address, "--password",
             PASSWORD, "--seat", "0"], cwd=ROOT, stdin=device, stdout=device,
            stderr=device)
        seen = bytearray()
        prompt = rb"Player 0's turn: "
        read_until(controller, rb"Since your last turn: Player 3 played FullHouse",
                   seen)
        read_until(controller, prompt + rb"$", seen)
        os.write(controller, b"help\n")
        read_until(controller, rb"(?s)Four players, 13 cards each\..*an empty line "
                               rb"passes\..*" + prompt + rb"$", seen)
        os.write(controller, b"quit\n")
        read_until(controller, rb"(?s)there is no quit in Big Two.*Pass\? \[y/N\] $",
                   seen)
        os.write(controller, b"\n")  # no: asked again
        read_until(controller, rb"\[y/N\] \r\n" + prompt + rb"$", seen)
        os.write(controller, b"\n")  # an empty line passes, as in the assignment
        message, before = other.until("ask")
        shown = "".join(item.get("text", "") for item in before
                        if item["type"] == "output")
        assert "Player 0's turn: \n{Pass}\n" in shown
        assert "help" not in shown and "quit" not in shown
        process.kill()
        process.wait(10)
    finally:
        os.close(controller)
        os.close(device)
        host.kill()


def test_the_host_at_its_keyboard_gets_help_aside_and_is_asked_before_a_pass(
        ) -> None:
    controller, device = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bigtwo", "--host", "127.0.0.1:0", "--password",
         PASSWORD, "--seat", "1", *BIG_TWO], cwd=ROOT, stdin=device,
        stdout=device, stderr=device)
    try:
        seen = bytearray()
        read_until(controller, rb"at 127\.0\.0\.1:(\d+)", seen)
        match = re.search(rb"at 127\.0\.0\.1:(\d+)", bytes(seen))
        assert match is not None
        other = Raw(int(match.group(1)))
        assert other.hello("bigtwo", seat=0)["type"] == "welcome"
        read_until(controller, "Waiting for Player 0 to move…".encode(), seen)
        ask, _ = other.until("ask")
        other.send({"type": "line", "ask": ask["ask"], "text": ""})
        prompt = rb"Player 1's turn: "
        read_until(controller, prompt + rb"$", seen)
        os.write(controller, b"help\r")
        read_until(controller, rb"(?s)Four players, 13 cards each\..*" + prompt
                   + rb"$", seen)
        os.write(controller, b"zzz\r")
        read_until(controller, rb"No card selected: that is a pass.*\r\n"
                               rb"Pass\? \[y/N\] $", seen)
        os.write(controller, b"y\r")
        # Player 1 passed, and Player 2 (the computer) moves.
        _, before = other.until("ask")
        shown = "".join(item.get("text", "") for item in before
                        if item["type"] == "output")
        assert "Player 1's turn: zzz\n{Pass}\n" in shown
        assert "help" not in shown and "Four players" not in shown
        assert "Pass?" not in shown
    finally:
        process.kill()
        process.wait(10)
        os.close(controller)
        os.close(device)
