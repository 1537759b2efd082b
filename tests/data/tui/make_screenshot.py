"""Write the README's screenshot of the full-screen table: ``docs/tui-bigtwo.svg``.

Usage (Textual installed): ``python3 tests/data/tui/make_screenshot.py``.
Plays a seeded Big Two game against the computer for a few turns with the
keys, picks a hand, and saves Textual's SVG screenshot at 80x24.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers.tui import answered, asks, drive, my_turn  # noqa: E402

from common.tui.widgets import MovePad  # noqa: E402

TURNS = 4
"""Turns played before the screenshot."""


async def _pick(app: Any, pilot: Any, move: tuple[int, ...]) -> None:
    pad = app.query_one(MovePad)
    for index in move:
        while pad.cursor != index:
            await pilot.press("right")
        await pilot.press("space")


async def script(app: Any, pilot: Any) -> None:
    """Play `TURNS` turns, pick the next hand, save the screenshot, leave."""
    game = app.look.game
    for turn in range(TURNS + 1):
        await my_turn(app, pilot)
        plays = [move for move in game.legal_moves() if move]
        move = max(plays, key=len) if plays else ()
        await _pick(app, pilot, move)
        if turn == TURNS:
            await pilot.pause(0.2)
            app.save_screenshot("tui-bigtwo.svg", str(ROOT / "docs"))
            break
        before = asks(app)
        await pilot.press("enter" if move else "p")
        await answered(app, pilot, before)
    await pilot.press("ctrl+c")


if __name__ == "__main__":
    drive("bigtwo", ["--seed", "11", "--computer", "1,2,3"], script)
    print(f"wrote {ROOT / 'docs' / 'tui-bigtwo.svg'}")
