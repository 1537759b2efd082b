"""``--join ... --tui``: a table at another terminal, in a full-screen window.

The client runs for real against a table on loopback (``--host``, a real
process); Textual's headless harness types at the window's command line.
Every wait is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from helpers.netplay import PASSWORD, Host
from helpers.tui import until
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

import common.cli.fullscreen
from common.console.terminal import Terminal
from common.tui.remote import TableWindow
from stud.program import PROGRAM

Script = Callable[[TableWindow, Pilot[Any]], Awaitable[None]]
PROMPT = "Player 0's turn [check/bet $1/quit]: "


def pane(window: TableWindow, name: str) -> str:
    return "\n".join(strip.text.rstrip() for strip in
                     window.query_one(f"#remote-{name}", RichLog).lines)


def prompt(window: TableWindow) -> str:
    return str(window.query_one("#remote-prompt", Static).render())


async def send(pilot: Pilot[Any], line: str) -> None:
    await pilot.press(*("space" if char == " " else char for char in line), "enter")


def join(host: Host, script: Script, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run ``stud --join HOST --tui`` with the window driven by `script`."""
    def run(window: TableWindow) -> int | None:
        async def go() -> None:
            async with window.run_test(size=(80, 24)) as pilot:
                await script(window, pilot)
                await until(pilot, lambda: window.return_code is not None
                            or not window.is_running, "the window to close")
        asyncio.run(go())
        return window.return_code

    monkeypatch.setattr(TableWindow, "run", run)
    monkeypatch.setattr(common.cli.fullscreen, "_at_a_terminal", lambda: True)
    return PROGRAM.main(["--join", host.address, "--password", PASSWORD, "--tui"],
                        Terminal(io.BytesIO(), io.StringIO()))


def test_a_player_plays_in_the_window_with_help_that_costs_no_turn(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    host = Host("stud", "--seed", "11", "--computer", "1")

    async def script(window: TableWindow, pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: prompt(window) == PROMPT, "the first prompt")
        assert "==> [♣4] [♦8]" in pane(window, "transcript")  # the hole card, mine
        await send(pilot, "help")
        await until(pilot, lambda: "Heads-up Five Card Stud" in pane(window, "asides"),
                    "the help")
        assert prompt(window) == PROMPT  # asked again: help is no move
        await send(pilot, "junk")
        await until(pilot, lambda: "'junk' is none of" in pane(window, "transcript"),
                    "the refusal")
        await send(pilot, "k")
        await until(pilot, lambda: f"{PROMPT}k" in pane(window, "transcript"),
                    "the move")
        await pilot.press("ctrl+c")

    try:
        assert join(host, script, monkeypatch) == 130
        assert capsys.readouterr().err.endswith("stud: interrupted\n")
        status, hosted, _ = host.finish()
        assert status == 0
        assert b"Player 0 has left the table" in hosted
        # Help went nowhere: the table never saw it.
        assert b"help" not in hosted
    finally:
        host.kill()


def test_the_window_stays_after_the_end_until_enter(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    host = Host("stud", "--seed", "11", "--computer", "1")

    async def script(window: TableWindow, pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: prompt(window) == PROMPT, "the first prompt")
        await send(pilot, "quit")
        await until(pilot, lambda: "closes the window" in prompt(window),
                    "the end of the table")
        assert "you left the table" in pane(window, "asides")
        assert window.is_running  # it waits for the player
        await pilot.press("enter")

    try:
        assert join(host, script, monkeypatch) == 0
        # How it ended, again once the window has closed.
        assert capsys.readouterr().err.endswith(
            "stud: you left the table; the computer plays your seat\n")
    finally:
        host.kill()
