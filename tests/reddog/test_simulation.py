"""Red Dog's --simulate: sessions played on the engine alone, and their report."""

from __future__ import annotations

import math

import pytest
from helpers.cli import RunCli

from common.engine.measures import GameResult
from common.simulation.runner import simulated_game
from common.simulation.statistics import Z_95, estimate
from reddog.cards import DEFAULT_DECKS
from reddog.events import Ending, Outcome
from reddog.game import Phase
from reddog.program import PROGRAM, main
from reddog.simulation import METRICS, play_session
from reddog.spec import DEFAULT_ROUNDS


def play_one(seed: int, strategies: tuple[str, ...], decks: int = DEFAULT_DECKS,
             rounds: int = DEFAULT_ROUNDS) -> GameResult:
    """One simulated session's metrics, as ``reddog --simulate`` plays it."""
    settings = {"decks": decks, "rounds": rounds, "hint": False}
    return simulated_game(PROGRAM.spec, settings, strategies, seed)


@pytest.mark.parametrize("strategy", ["smart", "random"])
def test_sessions_conserve_money_and_end_by_rounds_or_credit(strategy: str) -> None:
    for seed in range(40):
        session = play_session(seed, strategy, decks=1 + seed % 8, rounds=40)
        game = session.game
        assert game.phase is Phase.OVER and len(session.rounds) == game.rounds_played
        credit = game.starting_credit
        for number, result in enumerate(session.rounds, 1):
            assert result.round == number and result.credit_before == credit
            assert 0 < result.bet <= credit
            assert result.wager in (result.bet, 2 * result.bet)
            assert result.wager <= credit
            if result.outcome is Outcome.LOSS:
                assert result.payout == -result.wager
            elif result.outcome is Outcome.PUSH:
                assert result.payout == 0
            else:
                assert result.payout == result.pays * result.wager > 0
            credit += result.payout
            assert result.credit_after == credit >= 0
        assert credit == game.credit
        assert game.net == sum(result.payout for result in session.rounds)
        if game.ending is Ending.ROUNDS:
            assert game.rounds_played == 40
        else:
            assert game.ending is Ending.CREDIT and game.rounds_played <= 40


def test_play_one_gives_the_metrics_of_a_session() -> None:
    session = play_session(7, "smart", rounds=DEFAULT_ROUNDS)
    (result,) = play_one(7, ("smart",))
    assert len(result) == len(METRICS)
    assert result == (session.game.net / 100, float(session.expected) / 100,
                      sum(round_.bet for round_ in session.rounds) / 100,
                      float(len(session.rounds)))
    assert len(session.rounds) <= DEFAULT_ROUNDS
    assert play_one(7, ("smart",)) == play_one(7, ("smart",))


@pytest.mark.parametrize("strategy", ["smart", "random"])
def test_the_result_matches_the_exact_expectation_of_the_choices(strategy: str) -> None:
    # Each round's payout less its exact expectation given the cards seen has
    # mean zero, so the sums over a session do too: the means must agree.
    differences = []
    for seed in range(150):
        (result,) = play_one(seed, (strategy,), rounds=30)
        differences.append(result[0] - result[1])
    spread = estimate(differences)
    assert abs(spread.mean) < 4.5 * spread.half_width / Z_95


def test_the_report_is_the_same_with_one_or_two_jobs(run_cli: RunCli) -> None:
    one = run_cli("reddog", "--simulate", "60", "--seed", "5", "--jobs", "1",
                  "--rounds", "20")
    two = run_cli("reddog", "--simulate", "60", "--seed", "5", "--jobs", "2",
                  "--rounds", "20")
    assert one.returncode == two.returncode == 0
    assert one.stderr == two.stderr == b""
    assert one.stdout == two.stdout


def test_the_report_names_the_session_the_strategy_and_the_metrics(
        run_cli: RunCli) -> None:
    result = run_cli("reddog", "--simulate", "30", "--seed", "2", "--strategy",
                     "random", "--decks", "2", "--rounds", "10")
    assert result.returncode == 0 and result.stderr == b""
    lines = result.stdout.decode().splitlines()
    assert lines[0] == ("Red Dog, 2 decks, sessions of up to 10 rounds: 30 games,"
                        " --seed 2")
    assert lines[2].split() == ["seat", "strategy", "result", "$", "expected", "$",
                                "bets", "$", "rounds"]
    row = lines[3].split()
    assert row[:2] == ["0", "random"] and len(lines) == 6
    rounds = float(row[-3])
    assert 1 <= rounds <= 10 and math.isfinite(float(row[2]))
    assert lines[5] == "± is the half width of the 95% confidence interval."


def test_the_report_title_says_one_deck_and_one_round(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--simulate", "2", "--seed", "3", "--decks", "1", "--rounds", "1"]
    assert main(args) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title == "Red Dog, 1 deck, sessions of up to 1 round: 2 games, --seed 3"
