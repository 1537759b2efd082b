"""Each game's full-screen table, driven through whole seeded games with the keys.

Textual's headless harness presses the keys; the game runs through the real
command line (``main``) with ``--tui --delay 0``, its seats and ``--log``.
Each game: moves made with the keys and typed, a move refused with its
reason shown, the help overlay, quitting; Big Two and Stud: the hand-over
screen between two people.  Every history written replays in line mode.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers.tui import (
    answered,
    asks,
    burst,
    drive,
    my_turn,
    replay,
    screen_text,
    until,
)

from common.tui.cards import label
from common.tui.front import TableFront
from common.tui.screens import ConfirmScreen, HandOverScreen, HelpScreen, QuitScreen
from common.tui.widgets import HistoryPane, MovePad

SUITS = set("♦♣♥♠")


def _records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


async def _type(pilot: Any, line: str) -> None:
    """Type `line` at the command line and send it."""
    await pilot.press("tab", *("space" if char == " " else char for char in line),
                      "enter")


async def _highlight(app: Any, pilot: Any, index: int) -> None:
    """Move the controls' highlight to `index` with the arrow keys."""
    pad = app.query_one(MovePad)
    for _ in range(50):
        if pad.cursor == index:
            return
        await pilot.press("right" if pad.cursor < index else "left")
    raise AssertionError(f"the highlight never reached {index}")


async def _hand_over(app: Any, pilot: Any) -> None:
    """Wait for the hand-over screen to take Enter (after its pause), or the end."""
    await until(pilot, lambda: app.over or (isinstance(app.screen, HandOverScreen)
                                            and app.screen.listening),
                "the hand-over screen")


async def _help_and_back(app: Any, pilot: Any, words: str) -> None:
    await pilot.press("question_mark")
    await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
    assert words in app.screen.text and "Keys" in app.screen.text
    assert app.title in screen_text(app).split("╭", 2)[-1]  # the box, at its top
    await pilot.press("escape")
    await until(pilot, lambda: not isinstance(app.screen, HelpScreen), "no help")


# Big Two.

async def _pick(app: Any, pilot: Any, move: tuple[int, ...]) -> None:
    """Pick the cards of `move` with ← → and Space (nothing picked: none)."""
    pad = app.query_one(MovePad)
    for index in sorted(pad.picked ^ set(move)):
        await _highlight(app, pilot, index)
        await pilot.press("space")
    assert pad.selection == tuple(sorted(move))


def test_big_two_a_whole_game_with_the_keys(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    seen = {"refused": False, "help": False, "turns": 0}

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while (seat := await my_turn(app, pilot)) is not None:
            assert seat == 0
            seen["turns"] += 1
            if not seen["help"]:
                await _help_and_back(app, pilot, "Ranks, low to high")
                seen["help"] = True
            hand = app.look.hand(0)
            bad = next(((i,) for i in range(len(hand)) if not game.can_move((i,))),
                       None)
            if not seen["refused"] and bad is not None:
                try:
                    game.verify_move(bad)
                except Exception as error:  # the engine's own reason
                    reason = error.reason  # type: ignore[attr-defined]
                await _pick(app, pilot, bad)
                assert app.look.judge(bad).endswith(reason)
                before = asks(app)
                await pilot.press("enter")
                await answered(app, pilot, before)
                message = str(app.query_one("#message").render())
                assert message == f"✗ Not legal: {reason}"
                assert app.query_one(MovePad).selection == bad  # kept to fix
                seen["refused"] = True
            before = asks(app)
            plays = [move for move in game.legal_moves() if move]
            if plays:
                await _pick(app, pilot, plays[0])
                await pilot.press("enter")
            else:
                await _pick(app, pilot, ())
                await pilot.press("p", "y")  # p asks first, as Enter does
            await answered(app, pilot, before)
        assert "wins the game." in screen_text(app)
        await pilot.press("enter")

    status, out = drive("bigtwo", ["--seed", "5", "--computer", "1,2,3",
                                   "--log", str(log)], script)
    assert status == 0
    assert seen["refused"] and seen["help"] and seen["turns"] > 3
    assert "wins the game." in out
    records = _records(log)
    assert records[0]["options"]["show"] == [0]  # the computer's cards stay hidden
    assert records[-1] == {"type": "end", "reason": "over"}
    replayed, transcript = replay("bigtwo", str(log))
    assert replayed == 0
    assert transcript.count("Not a legal move!!!") == 1  # the refused pick
    assert "Player 0 wins the game.\n" in transcript or \
        "Player 0 has " in transcript


def test_big_two_hands_over_between_two_people_who_type(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    handed: list[int] = []

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        for _ in range(12):
            await _hand_over(app, pilot)
            if app.over:
                break
            seat = app.turn
            text = screen_text(app)
            assert f"Player {seat}, press Enter" in text
            assert not SUITS & set(text)  # not one card shows
            handed.append(seat)
            await pilot.press("enter")
            assert await my_turn(app, pilot) == seat
            pad = app.query_one(MovePad)
            assert pad.cards == tuple(app.look.hand(seat))
            other = 2 - seat
            assert not app.shows(other)
            before = asks(app)
            plays = [move for move in game.legal_moves() if move]
            await _type(pilot, " ".join(map(str, plays[0])) if plays else "")
            if not plays:  # an empty line passes, once asked
                await until(pilot, lambda: isinstance(app.screen, ConfirmScreen),
                            "the pass question")
                await pilot.press("y")
            await answered(app, pilot, before)
        await pilot.press("ctrl+c")

    status, _ = drive("bigtwo", ["--seed", "8", "--computer", "1,3",
                                 "--log", str(log)], script)
    assert status == 130  # left before the end, at once
    assert set(handed) == {0, 2} and len(handed) >= 6
    typed = [r["text"] for r in _records(log) if r["type"] == "line"
             and r["seat"] in (0, 2)]
    assert typed and all(text == "" or text[0].isdigit() for text in typed)
    assert _records(log)[-1] == {"type": "end", "reason": "interrupted"}
    assert replay("bigtwo", str(log))[0] == 0


def _history(app: Any) -> list[str]:
    return [line.plain for line in app.query_one(HistoryPane).lines]


def test_big_two_a_digit_and_enter_typed_together_play_that_card() -> None:
    seen: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0  # seed 10: Player 0 holds the ♦3
        assert label(app.look.hand(0)[0]) == "♦3"
        before = asks(app)
        burst(app, "0", "enter")
        await answered(app, pilot, before)
        seen.extend(_history(app))
        assert app.query_one("#command").value == ""
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "10", "--computer", "1,2,3"], script)
    assert seen[0] == "Player 0 leads Single ♦3"


def test_big_two_enter_or_a_stray_line_asks_before_passing(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        assert await my_turn(app, pilot) == 0 and game.can_pass()
        passes = _history(app).count("Player 0 passes")
        await pilot.press("enter")  # nothing picked
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "a question")
        assert "Pass?" in screen_text(app)
        await pilot.press("enter")  # Enter answers no
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "back")
        await pilot.press("enter", "enter")  # twice at once: asked, and no
        await pilot.pause(0.2)
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.asking == 0 and game.current_seat == 0
        assert _history(app).count("Player 0 passes") == passes
        before = asks(app)
        await pilot.press("x", "enter")  # a stray key, then Enter
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "a question")
        await pilot.press("y")
        await answered(app, pilot, before)
        assert _history(app).count("Player 0 passes") == passes + 1
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "5", "--computer", "1,2,3", "--log", str(log)],
          script)
    typed = [r["text"] for r in _records(log) if r["type"] == "line"
             and r["seat"] == 0]
    assert typed == ["x"]  # recorded as typed: it replays as the same pass


@pytest.mark.parametrize("keys", [("p",), ("enter",)], ids=["p", "enter"])
def test_big_two_a_pass_asks_and_the_next_key_answers(keys: tuple[str, ...]) -> None:
    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        assert await my_turn(app, pilot) == 0 and game.can_pass()
        burst(app, *keys, "n")  # asked, and no: nothing picked, no pass
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "Pass?")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "no")
        await pilot.pause(0.2)
        assert app.asking == 0 and game.current_seat == 0
        assert "Player 0 passes" not in _history(app)
        assert app.query_one("#command").value == ""
        before = asks(app)
        burst(app, *keys, "y")  # the y typed with it answers the question
        await answered(app, pilot, before)
        assert "Player 0 passes" in _history(app)
        assert app.query_one("#command").value == ""
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "5", "--computer", "1,2,3"], script)


def _held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Return a gate: the computer's moves wait while it is clear (it is set)."""
    gate = threading.Event()
    gate.set()
    show_move = TableFront.show_move

    def held(front: TableFront[Any], seat: int, move: Any) -> None:
        assert gate.wait(15), "the test never let the computer move"
        show_move(front, seat, move)

    monkeypatch.setattr(TableFront, "show_move", held)
    return gate


def test_big_two_a_line_typed_ahead_goes_in_when_the_turn_comes(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    gate = _held(monkeypatch)

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0  # seed 10: Player 0 opens
        gate.clear()
        burst(app, "0", "enter")
        await until(pilot, lambda: app.turn == 1, "the computer's turn")
        command = app.query_one("#command")
        burst(app, "1", "1", "enter")  # typed ahead, while Player 1 thinks
        await until(pilot, lambda: "goes in when it comes" in screen_text(app),
                    "the line kept")
        assert command.value == "11" and app.asking is None
        gate.set()
        await until(pilot, lambda: command.value == "", "the line sent")
        await until(pilot, lambda: "Player 0 plays Single ♠2" in _history(app),
                    "the line read")  # seed 10: the ♠2 is card 11 then
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "10", "--computer", "1,2,3", "--log", str(log)],
          script, monkeypatch=monkeypatch)
    typed = [r["text"] for r in _records(log) if r["type"] == "line"
             and r["seat"] == 0]
    assert typed == ["0", "11"]


def test_big_two_a_line_typed_ahead_is_not_the_next_persons(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    gate = _held(monkeypatch)

    async def script(app: Any, pilot: Any) -> None:
        await _hand_over(app, pilot)
        seat = app.turn
        await pilot.press("enter")
        assert await my_turn(app, pilot) == seat
        plays = [move for move in app.look.game.legal_moves() if move]
        gate.clear()
        await _type(pilot, " ".join(map(str, plays[0])))
        await until(pilot, lambda: app.turn not in (None, seat), "the computer")
        burst(app, "tab", "5", "enter")  # the last player's, typed ahead
        await until(pilot, lambda: "goes in when it comes" in screen_text(app),
                    "the line kept")
        gate.set()
        await _hand_over(app, pilot)
        assert app.query_one("#command").value == ""
        await pilot.press("enter")
        nxt = await my_turn(app, pilot)
        await pilot.pause(0.2)
        assert app.asking == nxt != seat and app.query_one("#command").value == ""
        assert isinstance(app.focused, MovePad)  # Space picks, not types
        await pilot.press("ctrl+c")

    drive("bigtwo", ["--seed", "8", "--computer", "1,3", "--log", str(log)],
          script, monkeypatch=monkeypatch)
    typed = [r["text"] for r in _records(log) if r["type"] == "line"
             and r["seat"] in (0, 2)]
    assert len(typed) == 1  # the first player's move only


@pytest.mark.parametrize("one_read", [False, True], ids=["pilot", "one-read"])
def test_the_hand_over_screen_waits_a_moment_and_swallows_its_enter(
        monkeypatch: pytest.MonkeyPatch, one_read: bool) -> None:
    monkeypatch.setattr(HandOverScreen, "PAUSE", 1.0, raising=False)

    async def script(app: Any, pilot: Any) -> None:
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "hand-over")
        await pilot.press("enter")  # typed ahead by the last player: ignored
        assert isinstance(app.screen, HandOverScreen)
        await _hand_over(app, pilot)
        seat = app.turn
        lines = len(_history(app))
        if one_read:  # as a terminal reads them: both before the screen goes
            burst(app, "enter", "enter")
        else:
            await pilot.press("enter", "enter")  # the second is not a move
        assert await my_turn(app, pilot) == seat
        await pilot.pause(0.3)
        assert app.asking == seat and app.look.game.current_seat == seat
        assert len(_history(app)) == lines and not isinstance(app.screen,
                                                              ConfirmScreen)
        await pilot.press("ctrl+c")

    status, _ = drive("bigtwo", ["--seed", "8", "--computer", "1,3"], script,
                      monkeypatch=monkeypatch)
    assert status == 130  # Ctrl+C, not the table failing


def test_big_two_quit_asks_first_then_leaves(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        assert "Leave the game? It is not over" in screen_text(app)
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, QuitScreen),
                    "no question")
        assert app.is_running and app.asking == 0
        await _type(pilot, "quit")  # typed, it asks too (not a pass)
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        await pilot.press("y")

    status, out = drive("bigtwo", ["--seed", "5", "--computer", "1,2,3",
                                   "--log", str(log)], script)
    assert status == 0 and out == "You left the game before it was over.\n"
    records = _records(log)
    assert not [r for r in records if r["type"] == "line" and r["seat"] == 0]
    assert records[-1] == {"type": "end", "reason": "interrupted"}


# Five Card Stud.

KEY = {"check": "k", "bet": "b", "call": "c", "raise": "r", "fold": "f"}


def test_stud_a_whole_game_with_the_keys(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    seen = {"refused": 0, "turns": 0}

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while (seat := await my_turn(app, pilot)) is not None:
            assert seat == 0
            seen["turns"] += 1
            legal = [action.value for action in game.legal_actions()]
            if seen["turns"] == 1:
                await _help_and_back(app, pilot, "straight flush")
            wrong = next(word for word in ("fold", "check") if word not in legal)
            if seen["refused"] < 2:
                before = asks(app)
                await pilot.press(KEY[wrong])
                await answered(app, pilot, before)
                text = " ".join(screen_text(app).split())
                assert "✗ Not legal:" in text
                assert ("check instead of folding" in text if wrong == "fold"
                        else "to call: you cannot check" in text)
                seen["refused"] += 1
            before = asks(app)
            choice = "call" if "call" in legal else "check"
            if seen["turns"] % 2:
                await pilot.press(KEY[choice])
            else:  # the arrows and Enter
                choices = app.query_one(MovePad).choices
                await _highlight(app, pilot, next(
                    i for i, c in enumerate(choices) if c.move.value == choice))
                await pilot.press("enter")
            await answered(app, pilot, before)
        text = screen_text(app)
        assert "Game over" in text or "game over" in text
        await pilot.press("enter")

    status, out = drive("stud", ["--seed", "2", "--computer", "1", "--hands", "3",
                                 "--log", str(log)], script)
    assert status == 0 and seen["refused"] == 2 and seen["turns"] >= 6
    assert out.splitlines()[0].startswith("Player 0 has $")
    refused = [r["text"] for r in _records(log) if r["type"] == "line"
               and r["seat"] == 0][0]
    assert refused in ("fold", "check")  # a refused key is recorded as typed
    replayed, transcript = replay("stud", str(log))
    assert replayed == 0 and transcript.count("Not a legal move: ") == 2


def test_stud_a_key_pressed_before_the_turn_is_made_when_it_comes(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    gate = _held(monkeypatch)

    async def script(app: Any, pilot: Any) -> None:
        assert await my_turn(app, pilot) == 0
        gate.clear()
        burst(app, "b")
        await until(pilot, lambda: app.turn == 1, "the computer's turn")
        burst(app, "r")  # raise, when it comes to Player 0 again
        await pilot.pause(0.2)
        assert app.query_one("#command").value == "r" and app.asking is None
        gate.set()  # seed 2: Player 1 calls, and Player 0 opens round 2
        await until(pilot, lambda: "you cannot raise" in screen_text(app),
                    "the raise made, and refused")
        assert app.query_one("#command").value == ""
        assert isinstance(app.focused, MovePad)
        await pilot.press("ctrl+c")

    drive("stud", ["--seed", "2", "--computer", "1", "--log", str(log)], script,
          monkeypatch=monkeypatch)
    typed = [r["text"] for r in _records(log) if r["type"] == "line"
             and r["seat"] == 0]
    assert typed[:2] == ["bet", "raise"]


def test_stud_two_people_hand_over_and_quit_by_the_rules(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    handed: list[int] = []

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        for _ in range(4):
            await _hand_over(app, pilot)
            seat = app.turn
            assert f"Player {seat}, press Enter" in screen_text(app)
            assert not SUITS & set(screen_text(app))
            handed.append(seat)
            await pilot.press("enter")
            assert await my_turn(app, pilot) == seat
            assert app.shows(seat) and not app.shows(1 - seat)
            assert label(game.hole_card(seat)) in screen_text(app)
            before = asks(app)
            await pilot.press("c" if game.to_call(seat) else "k")
            await answered(app, pilot, before)
        await _hand_over(app, pilot)
        await pilot.press("enter")
        await my_turn(app, pilot)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        assert "Quit the game? It ends here" in screen_text(app)
        await pilot.press("y")

    status, out = drive("stud", ["--seed", "4", "--log", str(log)], script)
    assert status == 0  # quitting by the rules ends the game
    assert handed[:4] == [handed[0], 1 - handed[0], handed[0], 1 - handed[0]]
    records = _records(log)
    assert records[0]["options"]["show"] == [0, 1]
    assert [r for r in records if r["type"] == "line"][-1]["text"] == "quit"
    assert records[-1] == {"type": "end", "reason": "over"}
    assert "Player 0 has $" in out
    assert replay("stud", str(log))[0] == 0


# In Between.

def test_in_between_a_whole_game_with_the_keys(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    seen = {"refused": False, "turns": 0, "typed": 0}

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while (seat := await my_turn(app, pilot)) is not None:
            assert seat == 0
            seen["turns"] += 1
            low, high = game.bet_range
            if seen["turns"] == 1:
                await _help_and_back(app, pilot, "strictly between")
            if not seen["refused"]:
                before = asks(app)
                await _type(pilot, str(high + 1))
                await answered(app, pilot, before)
                span = f"{low} coin" if low == high else f"{low} to {high} coins"
                assert f"✗ Not legal: a bet is {span} now" in screen_text(app)
                seen["refused"] = True
            before = asks(app)
            if seen["turns"] % 3 == 0:
                await pilot.press("f")
            elif seen["turns"] % 3 == 2:
                await _highlight(app, pilot, high - low)  # the largest bet
                await pilot.press("enter")
            else:
                await _type(pilot, str(low))
                seen["typed"] += 1
            await answered(app, pilot, before)
        assert "wins the game" in screen_text(app) or "share the win" in \
            screen_text(app)
        await pilot.press("q")

    status, out = drive("inbetween", ["--seed", "3", "--players", "3",
                                      "--computer", "1,2", "--log", str(log)],
                        script)
    assert status == 0 and seen["refused"] and seen["typed"]
    assert "wins the game." in out or "share the win." in out
    assert replay("inbetween", str(log))[0] == 0


# Red Dog.

def test_red_dog_an_amount_and_enter_typed_together_set_that_bet() -> None:
    seen: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        before = asks(app)
        await pilot.press("2", "0", "0", "enter")
        await answered(app, pilot, before)
        seen.extend(_history(app))
        assert app.look.game.bet == 20000 and app.look.game.rounds_played == 0
        await pilot.press("ctrl+c")

    drive("reddog", ["--seed", "6"], script)
    assert seen == ["Bet set to $200.00"]


def test_red_dog_bets_wrap_at_60_columns_and_a_click_there_sets_that_bet() -> None:
    seen: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        pad = app.query_one(MovePad)
        spots = {spot.choice: spot for spot in pad._spots if spot.choice is not None}
        last = spots[len(pad.choices) - 1]  # $500
        assert last.line > spots[0].line  # on a line of its own, under Deal
        before = asks(app)
        region = pad.content_region
        await pilot.click(offset=(region.x + last.start + 1, region.y + last.line))
        await answered(app, pilot, before)
        seen.extend(_history(app))
        await pilot.press("ctrl+c")

    drive("reddog", ["--seed", "6"], script, size=(60, 15))
    assert seen == ["Bet set to $500.00"]


def test_red_dog_a_whole_game_with_the_keys(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    seen = {"refused": False, "decided": 0, "bet": False}

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while await my_turn(app, pilot) is not None:
            deciding = game.phase.value == "deciding"
            if not seen["refused"]:
                await _help_and_back(app, pilot, "three of a kind pays 11 to 1")
                before = asks(app)
                await _type(pilot, "300x")
                await answered(app, pilot, before)
                assert "✗ Not legal: '300x' is not an amount" in screen_text(app)
                seen["refused"] = True
            before = asks(app)
            if deciding:
                seen["decided"] += 1
                await pilot.press("d" if game.can_double else "p")
            elif not seen["bet"]:
                await _highlight(app, pilot, 3)  # $150
                await pilot.press("enter")
                seen["bet"] = True
            else:
                await pilot.press("enter")  # Deal is highlighted first
            await answered(app, pilot, before)
        assert "final credit" in screen_text(app)
        await pilot.press("enter")

    status, out = drive("reddog", ["--seed", "6", "--rounds", "6",
                                   "--log", str(log)], script)
    assert status == 0 and seen["refused"] and seen["decided"]
    assert "6 rounds played" in out
    records = _records(log)
    assert {"type": "event", "event": "bet", "bet": 15000} in records
    assert replay("reddog", str(log))[0] == 0


def test_red_dog_quit_between_rounds_is_the_games_quit(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), "the question")
        await pilot.press("enter")  # Enter answers yes

    status, out = drive("reddog", ["--seed", "6", "--log", str(log)], script)
    assert status == 0 and "0 rounds played" in out
    assert [r["text"] for r in _records(log) if r["type"] == "line"] == ["quit"]


HELP = {  # each game's seats, what its help tells of its keys, what it must not
    "bigtwo": (["--computer", "1,2,3"],
               ["Space        pick a card", "p            pass"], ["Fold", "k b c"]),
    "stud": (["--computer", "1"],
             ["k b c r f", "← → Enter    highlight an action"], ["Space", "Big Two"]),
    "inbetween": (["--players", "2", "--computer", "1"],
                  ["f            fold"], ["Space", "Big Two", "k b c"]),
    "reddog": ([], ["p d          play or double"], ["Fold", "Space", "Big Two"]),
}


@pytest.mark.parametrize("game", HELP)
def test_each_game_has_its_own_help(game: str) -> None:
    texts: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        texts.append(app.screen.text)
        await pilot.press("ctrl+c")

    seats, wanted, unwanted = HELP[game]
    drive(game, ["--seed", "1", *seats], script)
    keys = texts[0].split("\nKeys\n", 1)[1]
    assert all(words in keys for words in wanted)
    assert not [words for words in unwanted if words in texts[0]]
    assert "Tab" in keys and "Ctrl+C" in keys  # every table's keys too


def test_stud_shows_every_hole_card_plainly_once_the_game_is_over() -> None:
    shots: list[str] = []

    async def script(app: Any, pilot: Any) -> None:
        game = app.look.game
        while await my_turn(app, pilot) is not None:
            if "[ ] a hole card" not in " ".join(shots):
                shots.append(screen_text(app))
            before = asks(app)
            await pilot.press("c" if game.to_call(0) else "k")
            await answered(app, pilot, before)
        shots.append(screen_text(app))
        for seat in (0, 1):  # the hole card first, as an up card
            row = next(line for line in shots[-1].splitlines()
                       if f"Player {seat} $" in line)
            hole = label(game.hole_card(seat))
            assert row.split(f"${game.stacks[seat]}")[1].split()[0] == hole
            assert "[" not in row
        await pilot.press("enter")

    drive("stud", ["--seed", "2", "--computer", "1", "--hands", "1"], script)
    assert "[ ] a hole card" in shots[0]  # while the computer's is face down
    assert "[ ] a hole card" not in shots[-1] and "▒▒" not in shots[-1]


def test_stud_sets_your_hole_card_apart() -> None:
    async def script(app: Any, pilot: Any) -> None:
        await my_turn(app, pilot)
        text = screen_text(app)
        hole = label(app.look.game.hole_card(0))
        assert f"[{hole}]" in text and "[ ] a hole card" in text
        row = next(line for line in text.splitlines() if "Player 1 $" in line)
        assert "▒▒" in row and "[" not in row  # the computer's stays face down
        await pilot.press("ctrl+c")

    drive("stud", ["--seed", "2", "--computer", "1"], script)


@pytest.mark.parametrize("game", ["bigtwo", "stud", "inbetween", "reddog"])
def test_ctrl_c_leaves_at_once(game: str, tmp_path: Path) -> None:
    async def script(app: Any, pilot: Any) -> None:
        await until(pilot, lambda: app.asking is not None, "a person's turn")
        await pilot.press("ctrl+c")

    status, out = drive(game, ["--seed", "1", "--log", str(tmp_path / "g")], script)
    assert status == 130 and out == ""
