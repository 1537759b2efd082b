"""No hidden card of another seat ever reaches a client.

Whole games of Big Two and Stud are played at tables served in this process,
every seat a bot that keeps every byte it receives (one of them leaves and
comes back with its token halfway, so the transcript sent again is checked
too), with a watcher.  Each client's bytes are then read message by message.
In what it prints, no card that seat could not see at that point may
appear: in Big Two another seat's card before it is played (until the final
reveal), in Stud another seat's hole card before the showdown of its hand.
In every other string it was sent there may be no card at all, and no hidden
card's code (``"QH"``) may appear anywhere in the raw bytes.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.netplay import PASSWORD, Served

from common.cards.card import parse_card
from common.history import HistoryWriter
from common.net.client import Bot

CARD = re.compile(r"\[([♦♣♥♠][^\]\s]{1,2})\]")
SEEDS = [1, 2, 3]


def strings(value: Any) -> list[str]:
    """Every string in a decoded JSON value, keys aside, in order."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def split(received: bytes) -> tuple[str, list[str]]:
    """Return what a client prints (the ``output`` texts and the prompts), and
    every other string it was sent, from the bytes it received."""
    printed, others = [], []
    for line in received.splitlines():
        message = json.loads(line)
        if message["type"] == "output":
            printed.append(message["text"])
        elif message["type"] == "ask":
            printed.append(message["prompt"] + "\n")
            others += strings({**message, "prompt": ""})
        else:
            others += strings(message)
    return "".join(printed), others


def records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def big_two_leaks(text: str, own: set[str]) -> list[str]:
    """Cards in `text` that were neither the seat's own nor played yet.

    The game's end shows every hand: the check stops at its table.
    """
    end = text.rfind("\nGame ends\n")
    assert end > 0, "the game did not end"
    reveal = text.rfind("<Player 0>\n", 0, end)
    public: set[str] = set()
    leaks = []
    for line in text[:reveal].splitlines():
        if line.startswith("{"):
            public.update(CARD.findall(line))  # a hand played: public from now on
        leaks += [card for card in CARD.findall(line)
                  if card not in own and card not in public]
    return leaks


def stud_leaks(text: str, holes: dict[int, dict[int, str]],
               seat: int | None) -> list[str]:
    """Hole cards of other seats in `text` before their hand's showdown."""
    leaks = []
    parts = re.split(r"(?m)^=== Hand (\d+): ", text)
    for number, part in zip(parts[1::2], parts[2::2], strict=True):
        before = part.split("\nShowdown:\n")[0]
        for other, card in holes[int(number)].items():
            if other != seat and f"[{card}]" in before:
                leaks.append(card)
    return leaks


async def play(port: int, game: str, names: list[str], seats: int) -> dict[str, Bot]:
    bots = {f"{name}/{seat}": Bot("127.0.0.1", port, game, PASSWORD, table=name,
                                  seed=seat, keep=True,
                                  reconnect_after=3 if seat == 1 else None)
            for name in names for seat in range(seats)}
    bots.update({f"{name}/watch": Bot("127.0.0.1", port, game, PASSWORD, table=name,
                                      role="watch", keep=True) for name in names})
    ends = await asyncio.wait_for(asyncio.gather(*(bot.run() for bot in bots.values())),
                                  120)
    assert set(ends) == {"over"}
    return bots


@pytest.mark.parametrize("game", ["bigtwo", "stud"])
def test_no_client_is_ever_sent_a_hidden_card_of_another_seat(
        game: str, tmp_path: Path) -> None:
    seats = 4 if game == "bigtwo" else 2
    served = Served()
    logs = {}
    for seed in SEEDS:
        name = f"{game}-{seed}"
        logs[name] = tmp_path / f"{name}.jsonl"
        served.add(name, game, [None] * seats, seed=seed,
                   settings={} if game == "bigtwo" else {"hands": 6},
                   history=HistoryWriter.open(str(logs[name])))
    port = served.start()
    try:
        bots = asyncio.run(play(port, game, list(logs), seats))
        served.wait()
    finally:
        served.close()
    for name, log in logs.items():
        history = records(log)
        for who in [*map(str, range(seats)), "watch"]:
            bot = bots[f"{name}/{who}"]
            seat = None if who == "watch" else int(who)
            text, others = split(bytes(bot.received))
            # Outside the transcript (moves, news...) there is no card at all.
            assert [string for string in others if CARD.search(string)] == []
            if game == "bigtwo":
                deck = [parse_card(code) for code in history[1]["cards"]]
                own = {str(card) for index, card in enumerate(deck)
                       if index % 4 == seat}
                assert big_two_leaks(text, own) == []
                hidden = {card.code for index, card in enumerate(deck)
                          if index % 4 != seat}
            else:
                holes: dict[int, dict[int, str]] = {}
                hand = 0
                for record in history:
                    if record.get("event") == "hand_start":
                        hand = record["hand"]
                    if record.get("event") == "deal" and not record["face_up"]:
                        holes.setdefault(hand, {})[record["seat"]] = \
                            str(parse_card(record["card"]))
                assert stud_leaks(text, holes, seat) == []
                hidden = {record["card"] for record in history
                          if record.get("event") == "deal" and not record["face_up"]
                          and record["seat"] != seat}
            for code in hidden:
                assert f'"{code}"'.encode() not in bot.received
            assert "Game ends" in text  # the whole game was read
