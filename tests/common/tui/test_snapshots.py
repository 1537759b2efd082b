"""Each game's full-screen table at 80x24 and 60x15, as text, against its snapshot.

The snapshots in ``tests/data/tui/`` are the screen's characters (colour
aside: the suits are glyphs, so the text is what a ``NO_COLOR`` terminal
shows).  After a deliberate change, rewrite them with
``CARDGAMES_UPDATE_SNAPSHOTS=1 python3 -m pytest tests/common/tui/test_snapshots.py``
and read the diff.  The other sizes are checked by what must hold there;
below a game's least size (`GameLook.min_size`) the screen only asks for a
larger window (``enlarge.txt``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import DATA
from helpers.tui import answered, asks, burst, drive, my_turn, screen_text, until

from common.console import cells
from common.tui.cards import RED, card_text, label
from common.tui.screens import ConfirmScreen
from common.tui.widgets import CELL, MovePad

SNAPSHOTS = DATA / "tui"
CASES = {
    "bigtwo": ["--seed", "5", "--computer", "1,2,3"],
    "stud": ["--seed", "2", "--computer", "1", "--hands", "3"],
    "inbetween": ["--seed", "3", "--players", "4", "--computer", "1,2,3"],
    "reddog": ["--seed", "6"],
}
SIZES = {"80x24": (80, 24), "60x15": (60, 15)}
SEEN = {  # what each game's table must show at every size it plays in
    "bigtwo": ["Player 3  8 cards FullHouse ♦6 ♥6 ♠6 ♣Q ♠Q",
               "Player 0 beats it with 5 cards, or passes.", "♣2", "12",
               "[Pass (p)]", "Beat FullHouse ♦6 ♥6 ♠6 ♣Q ♠Q, or pass (p)."],
    "stud": ["Player 1 $98 ▒▒ ♠9 ♠Q", "[ ] a hole card", "Pot $4",
             "[Check (k)]", "Fold (f)", "check or bet."],
    "inbetween": ["Player 3  8 coins ♠8 ♣J  drew ♦5: loses", "Pool: 5 coins",
                  "[Fold (f)]", "or fold (f, 1 coin)."],
    "reddog": ["Credit $1000.00", "Hand: ♦4 ♣7  spread 2 pays 4:1", "Shoe: ",
               "[Double (d)]", "Play (p) or double (d) the spread?"],
}


def _check(text: str, size: tuple[int, int], path: Path) -> None:
    """Check the screen `text` has the `size`, and is the snapshot at `path`."""
    text += "\n"
    assert len(text.splitlines()) == size[1]
    assert all(len(line) <= size[0] for line in text.splitlines())
    if os.environ.get("CARDGAMES_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", CASES)
def test_the_table_matches_its_snapshot(game: str, size: str) -> None:
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

    status, _ = drive(game, CASES[game], script, size=SIZES[size])
    assert status == 130
    seen = " ".join(shot[0].split())  # a line may wrap
    assert not [words for words in SEEN[game] if " ".join(words.split()) not in seen]
    name = game if size == "80x24" else f"{game}-{size}"
    _check(shot[0], SIZES[size], SNAPSHOTS / f"{name}.txt")


def test_below_its_least_size_the_table_asks_for_a_larger_window() -> None:
    shots: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0
        lines = len(app.look.game.get_hands_on_table())
        await pilot.resize_terminal(50, 12)
        await pilot.pause(0.1)
        shots.append(screen_text(app))
        burst(app, "p", "y", "0", "enter", "tab", "3")  # unseen: no move
        await pilot.pause(0.2)
        assert app.asking == 0 and app.look.game.current_seat == 0
        assert len(app.look.game.get_hands_on_table()) == lines
        assert app.query_one("#command").value == ""
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.resize_terminal(80, 24)  # the table as it was, at once
        await pilot.pause(0.1)
        shots.append(screen_text(app))
        assert isinstance(app.focused, MovePad)
        await pilot.press("p")  # and the keys work again
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "Pass?")
        await pilot.press("ctrl+c")

    drive("bigtwo", CASES["bigtwo"], script, size=(60, 15))
    assert "Enlarge the window to at least 60×15 (now 50×12)." in " ".join(
        shots[0].split())
    assert "Player" not in shots[0]
    _check(shots[0], (50, 12), SNAPSHOTS / "enlarge.txt")
    assert shots[1] + "\n" == (SNAPSHOTS / "bigtwo.txt").read_text(encoding="utf-8")


def test_ten_players_need_more_rows_and_their_summary_fits() -> None:
    shots: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)  # seed 3: the pool empties in round 2
        assert app.over
        shots.append(screen_text(app))
        await pilot.resize_terminal(60, 15)
        await pilot.pause(0.1)
        shots.append(screen_text(app))
        await pilot.resize_terminal(60, 19)
        await pilot.pause(0.1)
        shots.append(screen_text(app))
        await pilot.press("enter")

    status, out = drive("inbetween", ["--seed", "3", "--players", "10", "--computer",
                                      "1,2,3,4,5,6,7,8,9"], script)
    assert status == 0 and "Player 9 has 8 coins." in out  # the terminal: all
    for shot in (shots[0], shots[2]):
        assert all(f"Player {seat} " in shot for seat in range(10))
        assert "Drawn: ♦J ♣9 ♣8" in shot
        message = shot.split("Game over. Press Enter (or q) to leave.")[1]
        assert "The pool is empty. Player 2 wins the game." in " ".join(
            message.split())
    assert "Enlarge the window to at least 60×19 (now 60×15)." in " ".join(
        shots[1].split())


def test_compact_stud_says_who_won_the_last_hand() -> None:
    shots: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while await my_turn(app, pilot) is not None and game.hand_number < 2:
            before = asks(app)
            await pilot.press("c" if game.to_call(0) else "k")
            await answered(app, pilot, before)
        shots.append(screen_text(app))
        await pilot.press("ctrl+c")

    drive("stud", CASES["stud"], script, size=(60, 15))
    won = [line for line in shots[0].splitlines() if "Last hand: " in line]
    assert len(won) == 1 and " wins the pot, $" in won[0]


def test_a_long_hint_wraps_whole_under_the_controls() -> None:
    shots: list[str] = []
    asked: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0
        asked.append(app.look.asking(0))
        shots.append(screen_text(app))
        await pilot.press("ctrl+c")

    drive("inbetween", ["--seed", "11", "--players", "10", "--hint", "--computer",
                        "1,2,3,4,5,6,7,8,9"], script)
    assert len(asked[0]) > 2 * 78  # more than the two lines there were
    assert " ".join(asked[0].split()) in " ".join(shots[0].split())
    assert "Player 9 10 coins" in shots[0]


def test_big_two_reflows_on_a_narrow_terminal_and_a_wide_one() -> None:
    shots: dict[tuple[int, int], str] = {}

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        pad = app.query_one(MovePad)
        for size in ((120, 40), (64, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause(0.1)
            shots[size] = screen_text(app)
            assert app.screen.has_class("narrow") == (size[0] < 72)
            bands = -(-len(pad.cards) // max(1, pad.content_size.width // CELL))
            assert bands == (1 if size[0] >= 80 else 2)
        await pilot.press("ctrl+c")

    drive("bigtwo", CASES["bigtwo"], script)
    narrow = shots[64, 30].splitlines()
    assert len(narrow) == 30 and all(len(line) <= 64 for line in narrow)
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


def test_the_punjabi_table_matches_its_snapshot_and_fits_its_cells() -> None:
    # In Between in Punjabi, at 80x24: every row is 80 terminal cells at most,
    # counted as terminals draw Gurmukhi (a spacing vowel sign takes a cell,
    # one above or below takes none), which the table measures by too.
    shot: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        await pilot.pause(0.1)
        shot.append(screen_text(app))
        await pilot.press("ctrl+c")

    status, _ = drive("inbetween", [*CASES["inbetween"], "--lang", "pa"], script)
    assert status == 130
    text = shot[0] + "\n"
    assert len(text.splitlines()) == 24
    assert max(cells.width(line) for line in text.splitlines()) <= 80
    # The borders line up: every row that draws the table's right edge ends
    # in the 80th cell.
    edges = [line for line in text.splitlines() if line.endswith(("│", "╮", "╯"))]
    assert edges and all(cells.width(line) == 80 for line in edges)
    seen = " ".join(text.split())
    for words in ("ਖਿਡਾਰੀ 3", "ਪੂਲ", "ਫੋਲਡ"):
        assert words in seen
    path = SNAPSHOTS / "inbetween-pa.txt"
    if os.environ.get("CARDGAMES_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_rich_measures_gurmukhi_as_terminals_draw_it() -> None:
    from rich.cells import cell_len

    from common.tui.cells import measure_as_terminals_do

    assert measure_as_terminals_do()
    for words in ("ਖਿਡਾਰੀ", "ਸਿੱਕੇ", "ਸੱਟਾ ਲਗਾਉਂਦਾ ਹੈ", "ਖਿੱਚਿਆ ਗਿਆ ਕਾਰਡ", "♠4 ♣K", "日本"):
        assert cell_len(words) == cells.width(words), words
