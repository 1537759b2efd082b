"""Moves a second one table server sustains, and how long a move takes, on loopback.

One server (`common.net.server.Server`), in a process of its own, serves many
tables at once; every seat is a client that plays by itself
(`common.net.client.Bot`), all of them in this process, over TCP on 127.0.0.1.
A move's latency is the time from a client sending its line to the table's
answer reaching it (the move's events, or its refusal): the engine, every
console's rendering and both trips through the network stack.  Run from
the repository root:

    python3 benchmarks/bench_server.py [--tables N] [--game GAME]

The clients share the machine with the server (two processes), so the
figures are a floor.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.cli.network import DEFAULT_GRACE, DEFAULT_TURN_TIMEOUT  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from common.net.client import Bot  # noqa: E402
from common.net.hosting import HostedGame  # noqa: E402
from common.net.server import Server  # noqa: E402

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "bigtwo": (4, {}),
    "stud": (2, {"hands": 5}),
    "inbetween": (4, {"players": 4}),
    "reddog": (1, {"decks": 4, "rounds": 50, "hint": False}),
}
"""Each game's seats and settings."""
PASSWORD = "bench"


def tables_of(tables: int, games: list[str]) -> list[tuple[str, str, int]]:
    """Return (name, game, seats) of each table: `games` in turn."""
    return [(f"{games[number % len(games)]}-{number}", games[number % len(games)],
             GAMES[games[number % len(games)]][0]) for number in range(tables)]


def serve(tables: int, games: list[str]) -> None:
    """Serve the tables until every game has ended; print the port first."""
    server = Server("127.0.0.1", 0)
    threads = []
    for number, (name, game, seats) in enumerate(tables_of(tables, games)):
        program = importlib.import_module(f"{game}.program").PROGRAM
        table = HostedGame(program.spec, program.new_console, GAMES[game][1],
                           [None] * seats, dealer=Dealer(random.Random(number)),
                           seed=number, password=PASSWORD, grace=DEFAULT_GRACE,
                           turn_timeout=DEFAULT_TURN_TIMEOUT)
        table.attach(server)
        server.add(table, name)
        threads.append(threading.Thread(target=table.run, daemon=True))
    print(server.start()[1], flush=True)
    start = time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"{time.process_time() - start:.3f}", flush=True)
    server.close(1)


def run(tables: int, games: list[str]) -> dict[str, float]:
    """Serve `tables` tables of `games` (in turn) to bots; return the figures.

    The server runs in a process of its own, the bots in this one.
    """
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(tables), *games],
        stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    port = int(server.stdout.readline())
    bots = [Bot("127.0.0.1", port, game, PASSWORD, table=name, seed=seat)
            for name, game, seats in tables_of(tables, games) for seat in range(seats)]

    async def everyone() -> list[str | None]:
        return await asyncio.gather(*(bot.run() for bot in bots))

    start = time.perf_counter()
    ends = asyncio.run(everyone())
    elapsed = time.perf_counter() - start
    cpu = float(server.stdout.readline() or "nan")
    server.wait(30)
    if set(ends) != {"over"}:
        raise SystemExit(f"not every game ended: {sorted(map(str, set(ends)))}")
    latencies = sorted(latency for bot in bots for latency in bot.latencies)
    moves = sum(bot.moves for bot in bots)
    return {"tables": tables, "clients": len(bots), "moves": moves,
            "seconds": elapsed, "server_cpu": cpu,
            "moves_per_second": moves / elapsed,
            "median_ms": statistics.median(latencies) * 1000,
            "p99_ms": latencies[int(len(latencies) * 0.99)] * 1000}


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]), sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="tables served at once (default 50)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game the tables play (default: all four, in turn)")
    options = parser.parse_args()
    games = options.game or list(GAMES)
    figures = run(options.tables, games)
    print(f"{figures['tables']} tables ({', '.join(games)}), "
          f"{figures['clients']} clients, {figures['moves']:,} moves in "
          f"{figures['seconds']:.2f} s (server CPU {figures['server_cpu']:.2f} s)")
    print(f"{figures['moves_per_second']:,.0f} moves/s; move latency median "
          f"{figures['median_ms']:.2f} ms, 99th percentile {figures['p99_ms']:.2f} ms")


if __name__ == "__main__":
    main()
