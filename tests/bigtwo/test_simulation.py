"""``bigtwo --simulate`` and `bigtwo.simulation`: whole computer games, measured."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from helpers.cli import run_game

from bigtwo.game import BigTwo
from bigtwo.program import PROGRAM
from bigtwo.simulation import METRICS, measure
from bigtwo.strategy import STRATEGIES
from common.engine.dealer import Dealer
from common.engine.driver import play
from common.engine.seats import computer
from common.simulation.runner import GameResult, game_seed, run, simulated_game

MIXED = ("smart", "random", "random", "random")


def play_game(seed: int, strategies: Sequence[str]) -> BigTwo:
    """Play one game seeded with `seed`, seat i played by ``strategies[i]``, as
    ``bigtwo --seed`` deals it and ``--computer all`` plays it; return it."""
    game = BigTwo(Dealer(random.Random(seed)))
    play(game, [computer(name, STRATEGIES, seed, seat)
                for seat, name in enumerate(strategies)])
    return game


def play_one(seed: int, strategies: Sequence[str]) -> GameResult:
    """The metrics of one simulated game, as ``bigtwo --simulate`` plays it."""
    return simulated_game(PROGRAM.spec, {}, strategies, seed)


@pytest.mark.parametrize("strategies", [MIXED, ("random",) * 4, ("smart",) * 4])
def test_every_game_ends_with_one_winner_and_every_card_accounted_for(
        strategies: tuple[str, ...]) -> None:
    for index in range(40):
        game = play_game(game_seed(11, index), strategies)
        held = [player.get_num_of_cards() for player in game.get_player_list()]
        on_table = sum(hand.size() for hand in game.get_hands_on_table())
        assert held.count(0) == 1
        assert sum(held) + on_table == 52
        result = play_one(game_seed(11, index), strategies)
        assert result == tuple((float(count == 0), float(count)) for count in held)
        assert measure(game) == result


def test_a_game_depends_only_on_its_seed() -> None:
    assert play_one(123, MIXED) == play_one(123, MIXED)
    assert len({play_one(seed, MIXED) for seed in range(20)}) > 1


def test_the_planner_wins_more_than_its_share_against_random_players() -> None:
    # Not a measurement (see docs/bigtwo.md for that): a sanity check that
    # the planner is far better than the 25% a random seat gets.
    results = run(lambda seed: play_one(seed, MIXED), 200, seed=3)
    wins = sum(result[0][0] for result in results)
    assert wins / len(results) > 0.45


def simulate(*args: str) -> str:
    result = run_game("bigtwo", "--simulate", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    return result.stdout.decode("utf-8")


def test_the_report_does_not_depend_on_the_number_of_processes() -> None:
    mixed = ("--strategy", "smart,random,smart,random")
    one = simulate("60", "--seed", "7", "--jobs", "1", *mixed)
    two = simulate("60", "--seed", "7", "--jobs", "2", *mixed)
    assert one == two


def test_the_report_has_a_row_per_seat_and_sane_statistics() -> None:
    text = simulate("100", "--seed", "5", "--strategy", "random,smart,random,random")
    lines = text.splitlines()
    assert lines[0] == "Big Two: 100 games, --seed 5"
    header = lines[2].split()
    assert header == ["seat", "strategy", "win", "rate", "cards", "left"]
    assert [metric.name for metric in METRICS] == ["win rate", "cards left"]
    rows = [line.split() for line in lines[3:7]]
    assert [row[:2] for row in rows] == [["0", "random"], ["1", "smart"],
                                         ["2", "random"], ["3", "random"]]
    rates = [float(re.sub("%", "", row[2])) for row in rows]
    assert sum(rates) == pytest.approx(100, abs=0.05)
    assert max(rates) == rates[1]
    left = [float(row[5]) for row in rows]
    assert all(0 <= value <= 13 for value in left)
    assert lines[-1] == "± is the half width of the 95% confidence interval."


def test_the_default_strategy_is_the_planner_in_every_seat() -> None:
    text = simulate("3", "--seed", "1")
    assert [line.split()[1] for line in text.splitlines()[3:7]] == ["smart"] * 4
