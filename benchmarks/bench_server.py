"""Moves a second one table server sustains, and how long a move takes, on loopback.

One server (`common.net.server.Server`), in a process of its own, serves many
tables at once; every seat is a client that plays by itself
(`common.net.client.Bot`), all of them in this process, over TCP on 127.0.0.1.
A move's latency is the time from a client sending its line to the table's
answer reaching it (the move's events, or its refusal): the engine, every
console's rendering and both trips through the network stack.  Run from
the repository root:

    python3 benchmarks/bench_server.py [--tables N] [--game GAME] [--runs K]
    python3 benchmarks/bench_server.py --instructions [--tables N]

The clients share the machine with the server (two processes), so the
figures are a floor.  They vary by a tenth or more from run to run on a
shared machine: ``--runs K`` prints the median of K runs, each figure
apart, and the report ends with the goals the table server is held to.
``--instructions`` counts instead the instructions the server runs per move
(valgrind's callgrind), which do not drift: the way to tell whether a change
makes a move cheaper by a few percent.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import importlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.cli.network import DEFAULT_GRACE, DEFAULT_TURN_TIMEOUT  # noqa: E402
from common.engine.dealer import Dealer  # noqa: E402
from common.net.client import Bot  # noqa: E402
from common.net.hosting import HostedGame  # noqa: E402
from common.net.server import Limits, Server  # noqa: E402
from common.simulation.runner import simulated_game  # noqa: E402

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "bigtwo": (4, {}),
    "stud": (2, {"hands": 5}),
    "inbetween": (4, {"players": 4}),
    "reddog": (1, {"decks": 4, "rounds": 50, "hint": False}),
}
"""Each game's seats and settings."""
PASSWORD = "bench"
GOAL_CPU_MS = 0.15
"""Server CPU per move, in milliseconds, that a table server should not pass."""
GOAL_KIB = 100
"""Memory per table, in KiB, at 1,000 tables in one process."""
GOAL_P99_MS = 250
"""The 99th percentile of a move's latency, in milliseconds, at 1,000 tables."""


def tables_of(tables: int, games: list[str]) -> list[tuple[str, str, int]]:
    """Return (name, game, seats) of each table: `games` in turn."""
    return [(f"{games[number % len(games)]}-{number}", games[number % len(games)],
             GAMES[games[number % len(games)]][0]) for number in range(tables)]


def rss_kib() -> int:
    """Return this process's resident memory now, in KiB (0 where unknown)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def serve(tables: int, games: list[str]) -> None:
    """Serve the tables until every game has ended.

    It prints the port first, then, once the games have ended, the CPU
    seconds they took and the memory (KiB) they held at most, past what the
    process held before the tables were set (after one game of each kind,
    so that what a process builds once is not counted).
    """
    clients = sum(seats for _, _, seats in tables_of(tables, games))
    # What a process builds once, whatever its tables (Stud's evaluator
    # tables, the modules), is no table's memory: built before the count.
    for game in games:
        program = importlib.import_module(f"{game}.program").PROGRAM
        simulated_game(program.spec, GAMES[game][1], ["random"] * GAMES[game][0], 0)
    # Every bot comes from 127.0.0.1, all at once: as many strangers as that.
    server = Server("127.0.0.1", 0, Limits(
        max_connections=clients + 16, max_strangers=clients,
        max_strangers_per_address=clients))
    before = rss_kib()
    most = [before]
    hosted = []
    for number, (name, game, seats) in enumerate(tables_of(tables, games)):
        program = importlib.import_module(f"{game}.program").PROGRAM
        table = HostedGame(program.spec, program.new_console, GAMES[game][1],
                           [None] * seats, dealer=Dealer(random.Random(number)),
                           seed=number, password=PASSWORD, grace=DEFAULT_GRACE,
                           turn_timeout=DEFAULT_TURN_TIMEOUT)
        table.attach(server)
        server.add(table, name)
        hosted.append(table)
    print(server.start()[1], flush=True)
    start = time.process_time()
    # Every table a task of the server's loop: no thread of its own.
    games_played = [server.submit(table.play()) for table in hosted]
    for played in games_played:
        while not played.done():
            concurrent.futures.wait([played], 0.5)
            most.append(rss_kib())
        played.result()  # a table that failed fails the run, with its traceback
    print(f"{time.process_time() - start:.3f}", flush=True)
    print(max(most) - before, flush=True)
    server.close(1)


def run(tables: int, games: list[str],
        wrapper: Sequence[str] = ()) -> dict[str, float]:
    """Serve `tables` tables of `games` (in turn) to bots; return the figures.

    The server runs in a process of its own (under `wrapper`, a command
    and its options, if any), the bots in this one.
    """
    server = subprocess.Popen(
        [*wrapper, sys.executable, __file__, "--serve", str(tables), *games],
        stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        bots = [Bot("127.0.0.1", port, game, PASSWORD, table=name, seed=seat)
                for name, game, seats in tables_of(tables, games)
                for seat in range(seats)]

        async def everyone() -> list[str | None]:
            return await asyncio.gather(*(bot.run() for bot in bots))

        start = time.perf_counter()
        try:
            ends = asyncio.run(everyone())
        except ConnectionError as error:
            raise SystemExit(f"a client was refused: {error}") from None
        elapsed = time.perf_counter() - start
        cpu = float(server.stdout.readline() or "nan")
        memory = float(server.stdout.readline() or "nan")
        server.wait(600 if wrapper else 30)  # valgrind is some fifty times slower
    finally:
        # However the run ended (a client refused...), no server is left behind.
        if server.poll() is None:
            server.kill()
            server.wait(10)
    if set(ends) != {"over"}:
        raise SystemExit(f"not every game ended: {sorted(map(str, set(ends)))}")
    latencies = sorted(latency for bot in bots for latency in bot.latencies)
    moves = sum(bot.moves for bot in bots)

    def percentile(share: float) -> float:
        return latencies[min(int(len(latencies) * share), len(latencies) - 1)] * 1000

    return {"tables": tables, "clients": len(bots), "moves": moves,
            "seconds": elapsed, "server_cpu": cpu,
            "cpu_per_move_ms": cpu / moves * 1000,
            "kib_per_table": memory / tables,
            "moves_per_second": moves / elapsed,
            "p50_ms": percentile(0.5), "p90_ms": percentile(0.9),
            "p99_ms": percentile(0.99)}


def instructions(tables: int, games: list[str]) -> tuple[float, int, int]:
    """Return the server's instructions per move, and the moves of each run.

    Counted by valgrind's callgrind, which runs the server some fifty times
    slower but counts the same for the same code, however busy the
    machine: two runs, of `tables` and three times as many tables, and the
    difference of their instructions over that of their moves, so that
    what the server does once (its start, its imports) drops out.  Only
    the instructions of the server's own process count, not the system's
    work for its sockets.
    """
    counts = []
    moves = []
    with tempfile.TemporaryDirectory() as scratch:
        for size in (tables, 3 * tables):
            out = Path(scratch) / f"callgrind.{size}"
            figures = run(size, games, ["valgrind", "--tool=callgrind", "-q",
                                        f"--callgrind-out-file={out}"])
            totals = [line for line in out.read_text().splitlines()
                      if line.startswith("totals:")]
            counts.append(int(totals[0].split()[1]))
            moves.append(int(figures["moves"]))
    return (counts[1] - counts[0]) / (moves[1] - moves[0]), moves[0], moves[1]


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]), sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="tables served at once (default 50)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game the tables play (default: all four, in turn)")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs to take the median of, each figure apart "
                             "(default 1)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the server's instructions per move with "
                             "valgrind, at --tables and three times as many "
                             "(a figure that does not drift with the machine's "
                             "load; slow: try --tables 20)")
    options = parser.parse_args()
    if options.tables < 1 or options.runs < 1:
        parser.error("--tables and --runs are at least 1")
    games = options.game or list(GAMES)
    if options.instructions:
        if shutil.which("valgrind") is None:
            parser.error("--instructions needs valgrind (apt install valgrind)")
        per_move, few, many = instructions(options.tables, games)
        print(f"server instructions per move {per_move:,.0f} (callgrind: "
              f"{options.tables} and {3 * options.tables} tables of "
              f"{', '.join(games)}, {few:,} and {many:,} moves)")
        return
    runs = [run(options.tables, games) for _ in range(options.runs)]
    figures = {key: statistics.median(each[key] for each in runs)
               for key in runs[0]}
    median = f"the median of {options.runs} runs: " if options.runs > 1 else ""
    print(f"{median}{figures['tables']:.0f} tables ({', '.join(games)}), "
          f"{figures['clients']:.0f} clients, {figures['moves']:,.0f} moves in "
          f"{figures['seconds']:.2f} s (server CPU {figures['server_cpu']:.2f} s)")
    print(f"{figures['moves_per_second']:,.0f} moves/s; server CPU per move "
          f"{figures['cpu_per_move_ms']:.3f} ms; memory per table "
          f"{figures['kib_per_table']:.0f} KiB (the most held, past the "
          "server's own)")
    print(f"move latency p50 {figures['p50_ms']:.2f} ms, "
          f"p90 {figures['p90_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms")
    # Issue 21's goals, for 1,000 tables of the four games on two cores.
    if options.tables < 1000 or set(games) != set(GAMES):
        print("(the goals are for --tables 1000 of all four games)")
        return
    goals = [("server CPU per move", figures["cpu_per_move_ms"], GOAL_CPU_MS, "ms"),
             ("memory per table", figures["kib_per_table"], GOAL_KIB, "KiB"),
             ("p99 latency", figures["p99_ms"], GOAL_P99_MS, "ms")]
    print("goals: " + "; ".join(
        f"{name} {value:.3g} {unit} {'<=' if value <= goal else '>'} {goal:g}"
        f" {'met' if value <= goal else 'not met'}"
        for name, value, goal, unit in goals))


if __name__ == "__main__":
    main()
