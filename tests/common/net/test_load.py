"""Load: one server, 50 tables at once, every seat a client that plays by itself.

Only that every game ends is checked; the speed is the benchmark's
(``benchmarks/bench_server.py``), never a test's.
"""

from __future__ import annotations

import asyncio

from helpers.netplay import PASSWORD, Served

from common.net.client import Bot
from common.net.server import Limits

TABLES = 50
GAMES = [("bigtwo", 4, {}), ("stud", 2, {"hands": 3}),
         ("inbetween", 3, {"players": 3}),
         ("reddog", 1, {"decks": 4, "rounds": 20, "hint": False})]


def test_fifty_tables_at_once_all_finish() -> None:
    # Every client comes from one address, all at once: more than the
    # strangers one address may hold by default.
    served = Served(Limits(max_strangers=512, max_strangers_per_address=512))
    seats = {}
    for number in range(TABLES):
        game, count, settings = GAMES[number % len(GAMES)]
        name = f"{game}-{number}"
        served.add(name, game, [None] * count, seed=number, settings=settings)
        seats[name] = (game, count)
    port = served.start()

    async def everyone() -> list[str | None]:
        bots = [Bot("127.0.0.1", port, game, PASSWORD, table=name, seed=seat)
                for name, (game, count) in seats.items() for seat in range(count)]
        return await asyncio.wait_for(
            asyncio.gather(*(bot.run() for bot in bots)), 240)

    try:
        ends = asyncio.run(everyone())
        served.wait(60)
    finally:
        served.close()
    assert len(ends) == sum(count for _, count in seats.values())
    assert set(ends) == {"over"}
    assert served.errors == {}
