"""A client at a terminal: typed lines are the terminal's to echo, and news
never breaks into the line of a prompt."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from helpers.netplay import PASSWORD, Host, Raw, read_until
from helpers.paths import ROOT

pty = pytest.importorskip("pty")


def client(host: Host, *args: str, stdin: int, stdout: int | None = None,
           stderr: int | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "stud", "--join", host.address, "--password",
         PASSWORD, *args], cwd=ROOT, stdin=stdin,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=stderr if stderr is not None else subprocess.PIPE)


def test_a_line_typed_at_a_terminal_is_not_echoed_again() -> None:
    host = Host("stud", "--seed", "5", "--computer", "1")
    controller, device = pty.openpty()
    try:
        process = client(host, stdin=device)
        assert process.stdout is not None
        shown = b""
        while not shown.endswith(b"]: "):
            shown += process.stdout.read1(4096)
        os.write(controller, b"junk!\n")
        time.sleep(0.5)
        os.close(controller)  # then the terminal is gone: input has ended
        controller = -1
        out, err = process.communicate(timeout=30)
        assert process.returncode == 1
        assert err.endswith(b"stud: input ended before the game was over\n")
        # Not echoed: the prompt is followed by the refusal at once.
        assert b"]: junk!" not in shown + out
        assert b"]: Not a legal move: 'junk!' is none of check, bet, quit.\n" in (
            shown + out)
        status, hosted, _ = host.finish()
        assert status == 0
        assert b"Player 0 has left the table" in hosted
    finally:
        if controller >= 0:
            os.close(controller)
        os.close(device)
        host.kill()


def test_news_at_a_prompt_goes_on_its_own_line_and_the_prompt_comes_again() -> None:
    host = Host("stud", "--seed", "5", "--hands", "1")
    controller, device = pty.openpty()
    try:
        other = Raw(host.port)
        assert other.hello("stud", seat=1)["type"] == "welcome"
        process = client(host, "--seat", "0", stdin=device, stdout=device,
                         stderr=device)
        ask, _ = other.until("ask")  # Player 1 acts first
        other.send({"type": "line", "ask": ask["ask"], "text": "check"})
        seen = bytearray()
        prompt = rb"Player 0's turn \[check/bet \$1/quit\]: "
        read_until(controller, prompt + rb"$", seen)
        other.close()
        news = rb"\r\nstud: Player 1 lost the connection; the seat waits 120 seconds " \
               rb"for them\r\n" + prompt
        read_until(controller, prompt + news + rb"$", seen)
        # At a table, quit leaves the seat (the game goes on without it).
        os.write(controller, b"quit\n")
        read_until(controller, rb"stud: you left the table; the computer plays "
                               rb"your seat\r\n", seen)
        assert process.wait(30) == 0
    finally:
        os.close(controller)
        os.close(device)
        host.kill()
