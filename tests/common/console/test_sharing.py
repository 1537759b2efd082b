"""Consoles told the same thing in turn make its text once (common.console.sharing)."""

from __future__ import annotations

import contextvars
import io
import random
from collections.abc import Callable

from bigtwo.console import BigTwoConsole
from bigtwo.game import BigTwo
from common.console.sharing import shared, sharing
from common.console.terminal import Terminal
from common.engine.dealer import Dealer


def counting() -> tuple[list[int], Callable[[], str]]:
    made: list[int] = []

    def make() -> str:
        made.append(1)
        return f"text {len(made)}"

    return made, make


def test_outside_a_block_the_text_is_made_every_time() -> None:
    made, make = counting()
    assert [shared("key", make) for _ in range(3)] == ["text 1", "text 2", "text 3"]


def test_within_a_block_each_key_is_made_once() -> None:
    made, make = counting()
    with sharing():
        first = [shared("a", make), shared("a", make), shared("b", make)]
    assert first == ["text 1", "text 1", "text 2"]
    with sharing():  # a new block: made again
        assert shared("a", make) == "text 3"
    assert len(made) == 3


def test_big_two_consoles_share_the_table_but_not_the_cards_they_hide() -> None:
    game = BigTwo(Dealer(random.Random(5)))
    game.start()
    seat = game.current_seat
    assert seat is not None
    outputs = [io.StringIO() for _ in range(5)]
    consoles = [BigTwoConsole(game, Terminal(io.StringIO(), out), shown=shown)
                for out, shown in zip(outputs, [{0}, {1}, {2}, {3}, set()],
                                      strict=True)]
    with sharing():
        for console in consoles:
            console.begin_turn(seat)
    # Each prints what a console alone prints: its own cards face up only.
    for number, out in enumerate(outputs):
        mine = io.StringIO()
        lone = BigTwoConsole(game, Terminal(io.StringIO(), mine),
                             shown={number} if number < 4 else set())
        lone.begin_turn(seat)
        assert out.getvalue() == mine.getvalue()
    printed = [out.getvalue() for out in outputs]
    assert len(set(printed)) == 2  # the seat to play's, and everyone else's
    assert printed[seat] != printed[(seat + 1) % 4]


def test_a_context_copied_within_a_block_shares_nothing_once_it_ends() -> None:
    # A callback scheduled in the block (loop.call_soon) runs in a copy of
    # its context, maybe after the block: it makes its own text then.
    made, make = counting()
    with sharing():
        copied = contextvars.copy_context()
        assert shared("a", make) == "text 1"
        assert copied.run(shared, "a", make) == "text 1"
    assert copied.run(shared, "a", make) == "text 2"
