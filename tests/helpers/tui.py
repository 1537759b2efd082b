"""Drives a game's ``--tui`` table in Textual's headless harness, through ``main``.

`drive` runs ``GAME.program.PROGRAM.main(argv)`` as the command line does
(options, seats, ``--log``), but runs the app under ``App.run_test`` and
hands it to a script that presses keys.  Every wait is bounded in count and
time.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import os
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

if os.environ.get("CI"):
    import textual  # noqa: F401  # CI installs the test extra: never skip there
else:
    pytest.importorskip("textual")

from rich.console import Console  # noqa: E402
from textual import events  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

import common.cli.fullscreen  # noqa: E402
from common.console.terminal import Terminal  # noqa: E402
from common.tui.app import TableApp  # noqa: E402
from common.tui.front import TableFront  # noqa: E402

Script = Callable[[TableApp, Pilot[Any]], Awaitable[None]]

STEP = 0.01
"""Seconds between two looks at the app while waiting."""
PATIENCE = 1500
"""Looks before a wait gives up (15 s)."""


def screen_text(app: TableApp) -> str:
    """Return the screen as plain text, one line per row (what a snapshot holds)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(),
                      force_terminal=True, color_system=None, record=True,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return "\n".join(line.rstrip() for line in
                     console.export_text(styles=False).rstrip("\n").split("\n"))


def burst(app: TableApp, *keys: str) -> None:
    """Send `keys` as one read from a terminal does: all queued before any is read.

    ``pilot.press`` lets the app go idle after each key, which hides a key
    read before the one typed before it has been taken.
    """
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)  # type: ignore[union-attr]


async def until(pilot: Pilot[Any], ready: Callable[[], bool], what: str) -> None:
    """Wait until `ready()`, looking every `STEP` seconds, at most `PATIENCE` times."""
    for _ in range(PATIENCE):
        if ready():
            await pilot.pause()
            return
        await pilot.pause(STEP)
    raise AssertionError(f"gave up waiting for {what}")


async def my_turn(app: TableApp, pilot: Pilot[Any]) -> int | None:
    """Wait for a person's turn (the controls on) or the end; return the seat."""
    await until(pilot, lambda: app.over or (app.asking is not None
                                            and not app._handing_over),
                "a person's turn or the end")
    return app.asking


def asks(app: TableApp) -> int:
    """Return how many times the app has asked a person for a move so far."""
    return int(getattr(app, "asks", 0))


async def answered(app: TableApp, pilot: Pilot[Any], before: int) -> None:
    """Wait until the person is asked again after `before` asks, or the end."""
    await until(pilot, lambda: asks(app) > before or app.over,
                "the next question or the end")


def _count_asks(app: TableApp) -> None:
    ask = app.ask

    def counted(seat: int) -> None:
        app.asks = asks(app) + 1  # type: ignore[attr-defined]
        ask(seat)

    app.ask = counted  # type: ignore[method-assign]


def drive(game: str, argv: list[str], script: Script,
          size: tuple[int, int] = (80, 24),
          monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    """Run ``python3 -m GAME ARGV`` with the app driven by `script`.

    Returns the exit status and what the program printed on its terminal
    (the result, after the table closes).
    """
    program = importlib.import_module(f"{game}.program").PROGRAM
    out = io.StringIO()
    terminal = Terminal(io.BytesIO(), out)

    def run_app(front: TableFront[Any], app: TableApp) -> None:
        _count_asks(app)

        async def go() -> None:
            async with app.run_test(size=size) as pilot:
                await script(app, pilot)
                await until(pilot, lambda: app.return_code is not None
                            or not app.is_running, "the app to close")
        asyncio.run(go())

    patch = monkeypatch or pytest.MonkeyPatch()
    try:
        patch.setattr(TableFront, "run_app", run_app)
        patch.setattr(common.cli.fullscreen, "_at_a_terminal", lambda: True)
        status = program.main(["--tui", "--delay", "0", *argv], terminal)
    finally:
        if monkeypatch is None:
            patch.undo()
    return status, out.getvalue()


def replay(game: str, log: str) -> tuple[int, str]:
    """Replay the history `log` in line mode; return the status and transcript."""
    program = importlib.import_module(f"{game}.program").PROGRAM
    out = io.StringIO()
    status = program.main(["--replay", log], Terminal(io.BytesIO(), out))
    return status, out.getvalue()
