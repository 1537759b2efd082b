import functools
import io
import random
import re
from collections.abc import Sequence

import pytest
from helpers.cli import run_game

from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.engine.seats import controllers
from common.simulation.runner import GameResult, simulated_game
from common.simulation.runner import run as run_games
from stud import StudConsole, StudGame
from stud.program import PROGRAM, SIMULATED_HANDS
from stud.simulation import METRICS
from stud.strategy import STRATEGIES

run = functools.partial(run_game, "stud")
ROW = re.compile(r"^(\d)\s+(smart|random)\s+(-?[\d.]+)% ± ([\d.]+)%\s+"
                 r"(-?[\d.]+) ± ([\d.]+)$", re.M)


def play_one(seed: int, strategies: Sequence[str],
             hands: int | None = SIMULATED_HANDS) -> GameResult:
    """One simulated game of at most `hands` hands (None: to the last dollar)."""
    return simulated_game(PROGRAM.spec, {"hands": hands}, strategies, seed)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("names", [("random", "random"), ("smart", "random")])
def test_one_game_conserves_the_money(seed: int, names: tuple[str, str]) -> None:
    result = play_one(seed, names, hands=3)
    assert len(result) == 2 and all(len(seat) == len(METRICS) for seat in result)
    (first_win, first_money), (second_win, second_money) = result
    assert first_win + second_win == 1 and {first_win, second_win} <= {0, 0.5, 1}
    assert first_money + second_money == 0
    if first_money != 0:
        assert first_win == float(first_money > 0)
    else:
        assert first_win == 0.5
    assert play_one(seed, names, hands=3) == result


@pytest.mark.parametrize("seed", range(3))
def test_a_game_without_a_limit_is_played_to_the_last_dollar(seed: int) -> None:
    result = play_one(seed, ("random", "random"), hands=None)
    assert sorted(result) == [(0.0, -100.0), (1.0, 100.0)]


@pytest.mark.parametrize(("seed", "names"), [(6, ("smart", "random")),
                                             (13, ("random", "smart")),
                                             (2, ("smart", "smart"))])
def test_a_simulated_game_is_the_console_game_of_the_same_seed(
        seed: int, names: tuple[str, str]) -> None:
    game = StudGame(Dealer(random.Random(seed)), max_hands=SIMULATED_HANDS)
    console = StudConsole(game, Terminal(io.BytesIO(), io.StringIO()))
    console.play(controllers(names, STRATEGIES, seed, console.person))
    money = tuple(stack - 100.0 for stack in game.stacks)
    assert tuple(seat[1] for seat in play_one(seed, names)) == money


def test_results_do_not_depend_on_the_jobs() -> None:
    play = functools.partial(simulated_game, PROGRAM.spec, {"hands": 2},
                             ("smart", "random"))
    assert run_games(play, 24, 5, jobs=1) == run_games(play, 24, 5, jobs=2)


def test_the_command_prints_the_same_report_for_any_jobs() -> None:
    args = ["--simulate", "30", "--seed", "3", "--strategy", "random,smart",
            "--hands", "2"]
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0
    assert one.stderr == two.stderr == b""
    assert one.stdout == two.stdout


def test_the_report_has_a_row_per_seat_and_sane_figures() -> None:
    result = run("--simulate", "150", "--seed", "1", "--strategy", "smart,random",
                 "--hands", "2")
    assert result.returncode == 0 and result.stderr == b""
    report = result.stdout.decode()
    lines = report.splitlines()
    assert lines[0] == "Five Card Stud, games of 2 hands: 150 games, --seed 1"
    assert re.match(r"^seat\s+strategy\s+win rate\s+result \$$", lines[2])
    rows = ROW.findall(report)
    assert [(seat, name) for seat, name, *_ in rows] == [("0", "smart"),
                                                         ("1", "random")]
    rates = [float(row[2]) for row in rows]
    money = [float(row[4]) for row in rows]
    assert sum(rates) == pytest.approx(100, abs=0.02)
    assert sum(money) == pytest.approx(0, abs=0.02)
    assert rates[0] > 50  # the real strategy beats the random one


def test_the_default_game_length_is_in_the_title() -> None:
    result = run("--simulate", "3", "--seed", "2", "--strategy", "random")
    assert result.stdout.decode().startswith(
        f"Five Card Stud, games of {SIMULATED_HANDS} hands: 3 games, --seed 2\n")
    one = run("--simulate", "1", "--seed", "2", "--strategy", "random", "--hands", "1")
    assert one.stdout.decode().startswith("Five Card Stud, games of 1 hand: 1 game")
