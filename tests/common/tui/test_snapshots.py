"""Each game's full-screen table at 80x24, as text, against its snapshot.

The snapshots in ``tests/data/tui/`` are the screen's characters (colour
aside: the suits are glyphs, so the text is what a ``NO_COLOR`` terminal
shows).  After a deliberate change, rewrite them with
``CARDGAMES_UPDATE_SNAPSHOTS=1 python3 -m pytest tests/common/tui/test_snapshots.py``
and read the diff.  The other sizes are checked by what must hold there.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from helpers.paths import DATA
from helpers.tui import answered, asks, drive, my_turn, screen_text, until

from common.tui.cards import RED, card_text, label
from common.tui.widgets import CELL, MovePad

SNAPSHOTS = DATA / "tui"
CASES = {
    "bigtwo": ["--seed", "5", "--computer", "1,2,3"],
    "stud": ["--seed", "2", "--computer", "1", "--hands", "3"],
    "inbetween": ["--seed", "3", "--players", "4", "--computer", "1,2,3"],
    "reddog": ["--seed", "6"],
}


@pytest.mark.parametrize("game", CASES)
def test_the_table_at_80x24_matches_its_snapshot(game: str) -> None:
    shot: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        if game == "reddog":  # deal, to show a spread
            before = asks(app)
            await pilot.press("enter")
            await answered(app, pilot, before)
        if game == "stud":  # a move, to show its line in the history
            before = asks(app)
            await pilot.press("b")
            await answered(app, pilot, before)
        await pilot.pause(0.1)
        shot.append(screen_text(app))
        await pilot.press("ctrl+c")

    status, _ = drive(game, CASES[game], script)
    assert status == 130
    path = SNAPSHOTS / f"{game}.txt"
    text = shot[0] + "\n"
    assert len(text.splitlines()) == 24
    assert all(len(line) <= 80 for line in text.splitlines())
    if os.environ.get("CARDGAMES_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_big_two_reflows_on_a_narrow_terminal_and_a_wide_one() -> None:
    shots: dict[tuple[int, int], str] = {}

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        pad = app.query_one(MovePad)
        for size in ((120, 40), (50, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause(0.1)
            shots[size] = screen_text(app)
            assert app.screen.has_class("narrow") == (size[0] < 72)
            bands = -(-len(pad.cards) // max(1, pad.content_size.width // CELL))
            assert bands == (1 if size[0] >= 80 else 2)
        await pilot.press("ctrl+c")

    drive("bigtwo", CASES["bigtwo"], script)
    narrow = shots[50, 30].splitlines()
    assert len(narrow) == 30 and all(len(line) <= 50 for line in narrow)
    # Narrow: the history pane is under the table, not beside it.
    table_top = next(i for i, line in enumerate(narrow) if "Big Two ─" in line)
    history_top = next(i for i, line in enumerate(narrow) if "History" in line)
    assert history_top > table_top
    wide = shots[120, 40].splitlines()
    assert len(wide) == 40
    assert "History" in next(line for line in wide if "Big Two ─" in line)


def test_cards_read_without_colour_and_are_red_or_black_with_it() -> None:
    from common.cards.card import Card

    ten_of_hearts, ace_of_spades = Card.parse("TH"), Card.parse("AS")
    assert label(ten_of_hearts) == "♥10" and label(ace_of_spades) == "♠A"
    assert card_text(ten_of_hearts).style == RED
    assert "red" not in str(card_text(ace_of_spades).style)
    assert card_text(None).plain == "▒▒"


def test_no_color_leaves_the_table_readable() -> None:
    shots: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        assert app.no_color
        shots.append(screen_text(app))
        await pilot.press("ctrl+c")

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NO_COLOR", "1")
        drive("stud", CASES["stud"], script, monkeypatch=patch)
    assert "[Check (k)]" in shots[0] and "▒▒" in shots[0]


def test_hot_seat_table_shows_nobodys_cards_while_the_computer_plays() -> None:
    async def script(app: Any, pilot: Any) -> None:
        await until(pilot, lambda: app.turn is not None, "a turn")
        for seat in range(4):
            assert app.shows(seat) == (seat == app._revealed)
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "5", "--computer", "1,3"], script)
