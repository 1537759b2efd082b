"""Tests of common.simulation: seeds, runs over processes, statistics, progress."""

import functools
import io
import math
import os
import random
import statistics
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.engine.measures import Metric
from common.simulation import runner as simulation
from common.simulation import workers
from common.simulation.runner import Progress, game_seed, report, run, simulate
from common.simulation.statistics import Estimate, Tally, estimate, interval, shown


def coin_game(seed: int, seats: int = 2) -> tuple[tuple[float, ...], ...]:
    """A toy game: a uniformly drawn winner, and a score per seat."""
    rng = random.Random(seed)
    winner = rng.randrange(seats)
    return tuple((float(seat == winner), rng.random()) for seat in range(seats))


TOY_METRICS = [Metric("win rate", percent=True), Metric("score")]


def pid_game(seed: int) -> tuple[tuple[float, ...], ...]:
    """A toy game whose one result is the process that played it."""
    return ((float(os.getpid()),),)


def test_game_seeds_are_fixed_and_distinct() -> None:
    seeds = [game_seed(1, index) for index in range(10_000)]
    assert len(set(seeds)) == len(seeds)
    assert game_seed(1, 0) == random.Random("cardgames/game/1/0").getrandbits(64)
    assert game_seed(2, 0) != game_seed(1, 0)


@pytest.mark.parametrize("jobs", [2, 3])
def test_results_do_not_depend_on_the_number_of_processes(
        jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # As many CPUs as jobs, so that each run does use that many processes.
    monkeypatch.setattr(simulation, "usable_cpus", lambda: jobs)
    alone = run(coin_game, 500, seed=9, jobs=1)
    assert run(coin_game, 500, seed=9, jobs=jobs) == alone
    assert alone == [coin_game(game_seed(9, index)) for index in range(500)]


def test_a_partial_of_a_module_function_runs_over_processes() -> None:
    three = functools.partial(coin_game, seats=3)
    results = run(three, 50, seed=1, jobs=2)
    assert [len(result) for result in results] == [3] * 50
    assert sum(seat[0] for result in results for seat in result) == 50


def test_run_reports_each_finished_game() -> None:
    done: list[int] = []
    run(coin_game, 7, seed=1, jobs=2, on_result=done.append)
    assert done == [1, 2, 3, 4, 5, 6, 7]


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=50))
def test_estimate_is_the_mean_and_the_normal_95_percent_interval(
        values: list[float]) -> None:
    found = estimate(values)
    assert found.mean == pytest.approx(statistics.fmean(values), abs=1e-6)
    expected = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    assert found.half_width == pytest.approx(expected, rel=1e-3, abs=1e-6)
    assert found.low <= found.mean <= found.high


def test_estimate_of_one_value_has_no_interval_and_of_none_is_an_error() -> None:
    assert math.isnan(estimate([3.0]).half_width)
    assert estimate([3.0]).mean == 3.0
    with pytest.raises(ValueError):
        estimate([])


def test_the_interval_covers_the_true_rate_of_a_fair_coin() -> None:
    results = run(coin_game, 4000, seed=3)
    found = estimate([result[0][0] for result in results])
    assert found.low < 0.5 < found.high
    assert 0.01 < found.half_width < 0.02  # 1.96 * 0.5 / sqrt(4000) = 0.0155


def test_metrics_format_means_and_intervals() -> None:
    assert shown(Metric("win rate", percent=True), Estimate(0.6523, 0.0093)) \
        == "65.23% ± 0.93%"
    assert shown(Metric("cards left", places=1), Estimate(-1.25, 0.5)) == "-1.2 ± 0.5"
    assert shown(Metric("coins"), Estimate(2.0, math.nan)) == "2.00"


def test_intervals_may_be_signed_and_have_none_from_one_value() -> None:
    assert interval(Estimate(3.4, 2.8), 1, sign="+") == "+3.4 ± 2.8"
    assert interval(Estimate(-0.004, 0.0191), 1, percent=True, sign="+") \
        == "-0.4% ± 1.9%"
    assert interval(estimate([0.25]), 1, percent=True) == "25.0%"


def test_the_report_is_a_row_per_seat_and_a_column_per_metric() -> None:
    # Two games: each interval is 1.96 * sample sd / sqrt(2), e.g. 1.96 for 3, 1.
    results = [((1.0, 3.0), (0.0, 5.0)), ((0.0, 1.0), (1.0, 1.0))]
    metrics = [Metric("win rate", percent=True), Metric("score", places=1)]
    text = report("Toy: 2 games", ["smart", "random"], metrics, results)
    assert text == (
        "Toy: 2 games\n"
        "\n"
        "seat  strategy  win rate         score\n"
        "0     smart     50.00% ± 98.00%  2.0 ± 2.0\n"
        "1     random    50.00% ± 98.00%  3.0 ± 3.9\n"
        "\n"
        "± is the half width of the 95% confidence interval.\n")


def test_simulate_names_the_seed_it_drew_so_the_run_can_be_repeated() -> None:
    texts: list[str] = []
    simulate("toy", "Toy", ["a", "b"], TOY_METRICS, coin_game, 20, None, 1,
             texts.append)
    seed = int(texts[0].splitlines()[0].rsplit("--seed ", 1)[1])
    again: list[str] = []
    simulate("toy", "Toy", ["a", "b"], TOY_METRICS, coin_game, 20, seed, 2,
             again.append)
    assert again == texts
    assert texts[0].startswith(f"Toy: 20 games, --seed {seed}\n")


class FakeTty(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_shows_on_a_terminal_after_a_second_and_is_cleared() -> None:
    now = [0.0]
    stream = FakeTty(True)
    progress = Progress("toy", 10, stream, clock=lambda: now[0])
    progress.update(1)
    assert stream.getvalue() == ""  # under a second: nothing
    now[0] = 1.5
    progress.update(4)
    assert stream.getvalue() == "\rtoy: 4/10 games (40%)"
    now[0] = 1.55
    progress.update(5)  # too soon after the last update
    assert stream.getvalue() == "\rtoy: 4/10 games (40%)"
    progress.close()
    assert stream.getvalue().endswith("\r" + " " * len("toy: 4/10 games (40%)") + "\r")


def test_progress_is_silent_when_standard_error_is_not_a_terminal() -> None:
    now = [0.0]
    stream = FakeTty(False)
    progress = Progress("toy", 10, stream, clock=lambda: now[0])
    now[0] = 5.0
    progress.update(9)
    progress.close()
    assert stream.getvalue() == ""


def workers_started(jobs: int, games: int, cpus: int) -> int:
    """The workers a run of `games` games with `jobs` jobs starts, on a
    machine with `cpus` CPUs; the run's results are those of one process."""
    started: list[int] = []
    real_start = workers._start

    def start(*args: Any) -> None:
        started.append(1)
        real_start(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(workers, "_start", start)
        patch.setattr(simulation, "usable_cpus", lambda: cpus)
        assert run(coin_game, games, seed=4, jobs=jobs) == run(coin_game, games, seed=4)
    return len(started)


def test_more_processes_than_games_start_no_idle_workers() -> None:
    assert workers_started(jobs=256, games=3, cpus=8) == 3


def test_more_processes_than_cpus_start_one_per_cpu() -> None:
    assert workers_started(jobs=256, games=50, cpus=2) == 2
    assert workers_started(jobs=5, games=50, cpus=1) == 0  # played in this process


def test_processes_are_capped_at_the_cpus_this_process_may_use() -> None:
    cpus = simulation.usable_cpus()
    assert 1 <= cpus <= (os.cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        assert cpus <= len(os.sched_getaffinity(0))
    pids = {pid for ((pid,),) in run(pid_game, 4 * cpus + 8, seed=1, jobs=256)}
    assert 1 <= len(pids) <= cpus


def test_the_report_reads_the_games_once_as_they_come() -> None:
    games = (coin_game(game_seed(5, index)) for index in range(300))
    streamed = report("Toy", ["a", "b"], TOY_METRICS, games)
    listed = report("Toy", ["a", "b"], TOY_METRICS, run(coin_game, 300, seed=5))
    assert streamed == listed


def test_a_report_with_more_values_than_metrics_is_an_error() -> None:
    with pytest.raises(ValueError):
        report("Toy", ["a", "b"], TOY_METRICS[:1], run(coin_game, 3, seed=5))


def test_results_are_handed_out_in_batches_larger_runs_included() -> None:
    # More games than one batch of seeds (2 jobs x 8 a chunk x 64).
    games = 1100
    assert run(coin_game, games, seed=2, jobs=2) == run(coin_game, games, seed=2)


def test_a_tally_matches_the_estimate_of_a_list() -> None:
    rng = random.Random(3)
    values = [rng.gauss(0, 1) for _ in range(10)]
    tally = Tally()
    for value in values:
        tally.add(value)
    assert tally.count == 10
    assert tally.estimate() == estimate(values)
    with pytest.raises(ValueError):
        Tally().estimate()


def gated(item: tuple[int, str, int]) -> int:
    """Item 0 waits until most others have been played (each marks a folder).

    All but those sent to its own worker behind it (`workers.AHEAD` chunks).
    """
    number, folder, count = item
    if number == 0:
        for _ in range(3000):  # 30 s at most
            if len(os.listdir(folder)) >= count - 1 - 2 * workers.AHEAD:
                return number
            time.sleep(0.01)
        raise TimeoutError("the other items were not played while item 0 waited")
    with open(os.path.join(folder, str(number)), "w"):
        pass
    return number


def test_a_worker_held_up_holds_up_only_its_own_chunk(tmp_path: Any) -> None:
    # Item 0's worker is held until the other worker has played nearly all
    # the rest: work that went out round robin never finishes.
    count = 40
    items = [(number, str(tmp_path), count) for number in range(count)]
    assert list(workers.imap(gated, items, 2, 1)) == list(range(count))
