"""``--simulate``: whole computer games through the driver, and the report."""

from __future__ import annotations

import functools
import io
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from helpers.cli import run_game

from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.engine.driver import play
from common.engine.events import Event
from common.engine.seats import Computer, Controller, controllers
from common.simulation.runner import GameResult, simulated_game
from common.simulation.runner import run as run_games
from inbetween import STRATEGIES, InBetweenConsole, InBetweenGame
from inbetween.events import Transfer
from inbetween.program import PROGRAM
from inbetween.simulation import METRICS

run = functools.partial(run_game, "inbetween")
ROW = re.compile(r"^(\d+)\s+(smart|random)\s+([0-9.]+)% ± [0-9.]+%"
                 r"\s+([0-9.]+) ± [0-9.]+$", re.MULTILINE)


def play_one(seed: int, strategies: Sequence[str]) -> GameResult:
    """One simulated game, a player per strategy, as ``--simulate`` plays it."""
    settings = {"players": len(strategies), "refill": False, "rounds": None}
    return simulated_game(PROGRAM.spec, settings, strategies, seed)


class Heard:
    """A listener keeping every event of a game, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def on_events(self, events: Sequence[Event]) -> None:
        self.events.extend(events)


@pytest.mark.parametrize("names", [
    ("smart", "random"), ("random", "random"), ("smart",) * 4,
    ("random", "smart", "random", "smart", "random", "smart", "random"),
])
def test_play_one_conserves_coins_and_shares_the_win(names: tuple[str, ...]) -> None:
    players = len(names)
    for seed in range(200):
        result = play_one(seed, names)
        assert len(result) == players
        assert all(len(seat) == len(METRICS) for seat in result)
        shares = [seat[0] for seat in result]
        assert sum(shares) == pytest.approx(1)
        winners = [share for share in shares if share > 0]
        assert all(share == pytest.approx(1 / len(winners)) for share in winners)
        coins = [seat[1] for seat in result]
        # The game ends when the pool is empty or one player has taken it.
        assert sum(coins) == 10 * players
        most = max(coins)
        assert [share > 0 for share in shares] == [c == most for c in coins]
        assert play_one(seed, names) == result


def test_a_computer_game_conserves_coins_after_every_transfer() -> None:
    for seed in range(300):
        players = 2 + seed % 9
        game = InBetweenGame(Dealer(random.Random(seed)), players=players)
        rng = random.Random(seed)
        strategies = [STRATEGIES[rng.choice(sorted(STRATEGIES))](random.Random(seat))
                      for seat in range(players)]
        seats: list[Controller[Any, Any]] = [Computer(strategy)
                                             for strategy in strategies]
        heard = Heard()
        play(game, seats, listeners=[heard])
        for event in heard.events:
            if isinstance(event, Transfer):
                assert sum(event.coins) + event.pool == 10 * players
                assert min(event.coins) >= 0 and event.pool >= 0
        assert game.is_over and game.total_coins == 10 * players


def test_a_game_needs_a_controller_per_seat() -> None:
    game = InBetweenGame(Dealer(random.Random(1)), players=3)
    with pytest.raises(ValueError, match="2 controllers for 3 seats"):
        seats: list[Controller[Any, Any]] = [
            Computer(STRATEGIES["smart"](random.Random(1)))] * 2
        play(game, seats)


@pytest.mark.parametrize("names", [("smart", "random"), ("random", "smart", "random")])
def test_a_simulated_game_is_the_console_game_with_every_seat_a_computer(
        names: tuple[str, ...]) -> None:
    # A simulation skips the console but must make the very same moves.
    for seed in range(20):
        game = InBetweenGame(Dealer(random.Random(seed)), players=len(names))
        terminal = Terminal(io.BytesIO(b""), io.StringIO(), echo=True)
        console = InBetweenConsole(game, terminal)
        console.play(controllers(list(names), STRATEGIES, seed, console.person))
        coins = tuple(float(player.coins) for player in game.players)
        assert tuple(seat[1] for seat in play_one(seed, names)) == coins


def test_settings_without_the_house_rules_play_the_seeds_rule() -> None:
    # As a caller built them before --refill and --rounds existed.
    game = PROGRAM.spec.new_game({"players": 3}, Dealer(random.Random(1)))
    assert game.num_seats == 3 and not game.refill and game.max_rounds is None
    assert PROGRAM.spec.simulation_title({"players": 3}) == "In Between, 3 players"


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    settings = {"players": 3, "refill": False, "rounds": None}
    one = functools.partial(simulated_game, PROGRAM.spec, settings,
                            ("smart", "random", "random"))
    assert run_games(one, 60, 4, jobs=1) == run_games(one, 60, 4, jobs=2)


def rows(stdout: bytes) -> list[tuple[int, str, float, float]]:
    return [(int(seat), name, float(rate), float(coins))
            for seat, name, rate, coins in ROW.findall(stdout.decode())]


def test_the_report_is_the_same_with_one_or_two_jobs() -> None:
    args = ["--simulate", "400", "--seed", "3", "--strategy", "smart,random"]
    one, two = run(*args, "--jobs", "1"), run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0
    assert one.stderr == two.stderr == b""
    assert one.stdout == two.stdout


def test_the_report_names_each_seat_its_strategy_and_metrics() -> None:
    result = run("--simulate", "500", "--seed", "8", "--players", "4",
                 "--strategy", "smart,random,random,random")
    assert result.returncode == 0 and result.stderr == b""
    text = result.stdout.decode()
    assert text.startswith("In Between, 4 players: 500 games, --seed 8\n")
    assert re.search(r"^seat\s+strategy\s+win rate\s+coins$", text, re.MULTILINE)
    table = rows(result.stdout)
    assert [(seat, name) for seat, name, _, _ in table] == [
        (0, "smart"), (1, "random"), (2, "random"), (3, "random")]
    assert sum(rate for _, _, rate, _ in table) == pytest.approx(100, abs=0.05)
    assert sum(coins for _, _, _, coins in table) == pytest.approx(40, abs=0.05)
    smart, *randoms = table
    # Far beyond noise at 500 games: the odds beat random play.
    assert smart[2] > max(rate for _, _, rate, _ in randoms) + 10


def test_one_strategy_name_plays_every_seat_and_smart_is_the_default() -> None:
    result = run("--simulate", "50", "--seed", "2", "--players", "3")
    assert result.returncode == 0
    assert [name for _, name, _, _ in rows(result.stdout)] == ["smart"] * 3


def test_a_run_without_a_seed_names_the_seed_it_drew() -> None:
    result = run("--simulate", "20", "--strategy", "random")
    assert result.returncode == 0 and result.stderr == b""
    match = re.match(rb"In Between, 2 players: 20 games, --seed (\d+)\n", result.stdout)
    assert match is not None
    again = run("--simulate", "20", "--strategy", "random", "--seed",
                match.group(1).decode())
    assert again.stdout == result.stdout
