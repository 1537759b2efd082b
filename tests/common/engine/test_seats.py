"""Tests of common.engine.seats (who decides at a seat) and the computer options."""

import io
import random
from collections.abc import Callable
from typing import Any

import pytest

from common.cli.options import OptionParser, add_computer_options, add_show_option
from common.cli.run import run_console
from common.console.console import Console
from common.console.terminal import EndOfInput, Terminal
from common.engine.dealer import Dealer
from common.engine.game import IllegalMoveError
from common.engine.seats import (
    RANDOM,
    SMART,
    Computer,
    IllegalComputerMove,
    Person,
    all_computers,
    controllers,
    strategy_seed,
)


def terminal(text: bytes = b"", echo: bool = True) -> tuple[Terminal, io.StringIO]:
    out = io.StringIO()
    return Terminal(io.BytesIO(text), out, echo=echo), out


class Echo:
    """A strategy that says what it was shown, and counts its calls."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.calls = 0

    def decide(self, view: str) -> str:
        self.calls += 1
        return view.upper()


def no_view() -> str:
    raise AssertionError("a person needs no view")


def test_a_person_is_asked_through_the_front_end_and_never_builds_a_view() -> None:
    asked: list[int] = []

    def ask(seat: int) -> str:
        asked.append(seat)
        return "3 4"

    person: Person[str, str] = Person(ask)
    assert person.choose(2, no_view) == "3 4"
    assert asked == [2]
    assert person.at_frontend


def test_a_person_whose_input_ends_raises_end_of_input() -> None:
    term, _ = terminal(b"")
    person: Person[str, str] = Person(lambda seat: term.ask("> "))
    with pytest.raises(EndOfInput):
        person.choose(0, no_view)


def test_the_computer_builds_the_view_when_it_decides() -> None:
    strategy = Echo(random.Random(1))
    computer: Computer[str, str] = Computer(strategy)
    views = iter(["a", "b"])
    assert computer.choose(0, lambda: next(views)) == "A"
    assert computer.choose(0, lambda: next(views)) == "B"
    assert strategy.calls == 2
    assert not computer.at_frontend


def test_controllers_seat_people_and_computers_by_name() -> None:
    def person() -> Person[str, str]:
        return Person(str)

    seats = controllers([None, SMART, None, RANDOM], {SMART: Echo, RANDOM: Echo},
                        5, person)
    assert [type(seat) for seat in seats] == [Person, Computer, Person, Computer]


def test_each_computer_has_its_own_reproducible_generator() -> None:
    def draws(seed: int | None) -> list[float]:
        seats = controllers([SMART, SMART], {SMART: Echo}, seed,
                            lambda: Person[str, str](str))
        return [seat.strategy.rng.random() for seat in seats  # type: ignore[attr-defined]
                ]

    assert draws(7) == draws(7)
    first, second = draws(7)
    assert first != second
    assert draws(7) != draws(8)
    # Never the game's own generator: replaying with people deals the same.
    assert random.Random(7).random() not in draws(7)
    assert draws(None) != draws(None)


def test_strategy_seeds_do_not_depend_on_the_process() -> None:
    # Seeded from text hashed with SHA-512, not from hash(): a fixed value.
    fixed = random.Random("cardgames/strategy/1/0").getrandbits(64)
    assert strategy_seed(1, 0) == fixed
    seeds = {strategy_seed(seed, seat) for seed in range(20) for seat in range(10)}
    assert len(seeds) == 200


def parser(seat_list: bool = True) -> OptionParser:
    result = OptionParser(prog="game")
    result.add_argument("--deck")
    result.add_argument("--log")
    add_computer_options(result, seat_list=seat_list)
    return result


@pytest.mark.parametrize(("argv", "seats", "expected"), [
    ([], 4, [None, None, None, None]),
    (["--computer", "all"], 4, [SMART] * 4),
    (["--computer", " ALL "], 2, [SMART] * 2),
    (["--computer", "1,3"], 4, [None, SMART, None, SMART]),
    (["--computer", "3,1,3"], 4, [None, SMART, None, SMART]),
    (["--computer", "0", "--strategy", "random"], 2, [RANDOM, None]),
    (["--computer", "2,0", "--strategy", "random,smart"], 3, [RANDOM, None, SMART]),
    (["--computer", "0, 1", "--strategy", " Random , SMART"], 2, [RANDOM, SMART]),
    (["--computer", "007"], 10, [None] * 7 + [SMART, None, None]),
    (["--simulate", "10"], 2, [SMART, SMART]),
    (["--simulate", "10", "--jobs", "3", "--strategy", "smart,random,random"], 3,
     [SMART, RANDOM, RANDOM]),
])
def test_seat_strategies(argv: list[str], seats: int,
                         expected: list[str | None]) -> None:
    options = parser().parse_args(argv)
    assert parser().seat_strategies(options, seats) == expected


def test_a_one_seat_game_takes_a_plain_switch() -> None:
    one = parser(seat_list=False)
    assert one.seat_strategies(one.parse_args(["--computer"]), 1) == [SMART]
    assert one.seat_strategies(one.parse_args([]), 1) == [None]
    assert one.seat_strategies(one.parse_args(["--computer", "--strategy", "random"]),
                               1) == [RANDOM]


@pytest.mark.parametrize(("argv", "message"), [
    (["--computer", "4"], "argument --computer: '4' is not a seat (0 to 3, "
                          "comma-separated, or all)"),
    (["--computer", "-1"], "argument --computer: '-1' is not a seat"),
    (["--computer", "1,,2"], "argument --computer: '' is not a seat"),
    (["--computer", "１"], "argument --computer: '１' is not a seat"),
    (["--computer", "x"], "argument --computer: 'x' is not a seat"),
    (["--computer", "1" * 5000], "argument --computer: '11111111111111111111' is not"),
    (["--strategy", "random"], "--strategy needs --computer or --simulate"),
    (["--computer", "all", "--strategy", "clever"],
     "argument --strategy: unknown strategy 'clever' (choose from smart, random)"),
    (["--computer", "1,2", "--strategy", "smart,random,smart"],
     "argument --strategy: 3 names for 2 computer seats (give one, or one per seat)"),
    (["--computer", "2", "--strategy", "smart,random"],
     "argument --strategy: 2 names for 1 computer seat (give one, or one per seat)"),
    (["--jobs", "2"], "--jobs needs --simulate"),
    (["--computer", "1", "--jobs", "2"], "--jobs needs --simulate"),
    (["--simulate", "5", "--computer", "1"],
     "--simulate plays every seat by computer: it takes no --computer"),
    (["--simulate", "5", "--deck", "d"],
     "--simulate deals every game from --seed: it takes no --deck"),
    (["--simulate", "5", "--log", "l"],
     "--simulate deals every game from --seed: it takes no --log"),
    (["--simulate", "0"], "argument --simulate: must be 1 to 100000000, not 0"),
    (["--simulate", "x"], "argument --simulate: invalid int value: 'x'"),
    (["--simulate", "9", "--jobs", "0"], "argument --jobs: must be 1 to 256, not 0"),
])
def test_bad_computer_options_are_one_line_and_exit_2(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        one = parser()
        one.seat_strategies(one.parse_args(argv), 4)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"game: error: {message}")
    assert captured.err.count("\n") == 1


def test_all_computers_names_every_seat_or_refuses() -> None:
    assert all_computers([SMART, RANDOM]) == (SMART, RANDOM)
    with pytest.raises(ValueError):
        all_computers([SMART, None])


class Junk:
    """A broken strategy: whatever it is shown, it makes a move no game accepts."""

    def __init__(self, move: object) -> None:
        self.move = move

    def decide(self, view: object) -> object:
        return self.move


def test_a_person_may_be_refused_and_try_again() -> None:
    Person[str, str](str).refused(IllegalMoveError("no"))


def test_a_refused_computer_move_is_an_error_naming_the_move() -> None:
    computer: Computer[object, object] = Computer(Junk("junk!"))
    computer.choose(0, lambda: None)
    with pytest.raises(IllegalComputerMove, match="'junk!'.*not legal: no hand"):
        computer.refused(IllegalMoveError("no hand"))


def _junk_games() -> dict[str, tuple[Callable[[Terminal], Console[Any, Any]], object,
                                     str]]:
    """Each game's console on a fresh game, a move it refuses, and that move typed."""
    from bigtwo import BigTwo, BigTwoConsole
    from inbetween import InBetweenConsole, InBetweenGame
    from reddog import Bet, RedDogConsole, RedDogGame
    from stud import Action, StudConsole, StudGame

    def dealer() -> Dealer:
        return Dealer(random.Random(1))

    return {
        # The first move of Big Two must hold the ♦3; a pass does not.
        "bigtwo": (lambda term: BigTwoConsole(BigTwo(dealer()), term), (), ""),
        # Nothing to call at the first decision of a hand.
        "stud": (lambda term: StudConsole(StudGame(dealer()), term), Action.CALL,
                 "call"),
        # Round 1 allows a bet of 1 coin only.
        "inbetween": (lambda term: InBetweenConsole(InBetweenGame(dealer()), term),
                      7, "7"),
        "reddog": (lambda term: RedDogConsole(RedDogGame(dealer()), term),
                   Bet(12_345), "123.45"),
    }


@pytest.mark.parametrize("game", ["bigtwo", "stud", "inbetween", "reddog"])
def test_a_computer_making_an_illegal_move_stops_the_game_not_loops(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    term, out = terminal()
    make_console, move, typed = _junk_games()[game]
    seats = 1 if game == "reddog" else (4 if game == "bigtwo" else 2)

    def play(term: Terminal) -> int:
        return make_console(term).play([Computer(Junk(move)) for _ in range(seats)])

    status = run_console(game, play, term)
    assert status == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{game}: cannot go on: the computer's move {move!r}")
    assert err.count("\n") == 1
    assert out.getvalue().count(f": {typed}\n") == 1  # asked once, refused once


class Keyboard(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("argv", "names", "shown"), [
    (["--computer", "1,2,3"], [None, SMART, SMART, SMART], {0}),
    (["--computer", "0,2"], [SMART, None, SMART, None], {1, 3}),
    (["--computer", "all"], [SMART] * 4, {0, 1, 2, 3}),
    ([], [None] * 4, {0, 1, 2, 3}),
    (["--computer", "1,2,3", "--show", "0,1"], [None, SMART, SMART, SMART], {0, 1}),
    (["--computer", "1,2,3", "--show", "all"], [None, SMART, SMART, SMART],
     {0, 1, 2, 3}),
])
def test_a_person_playing_the_computer_at_a_terminal_sees_only_their_cards(
        argv: list[str], names: list[str | None], shown: set[int],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    one = parser()
    add_show_option(one)
    monkeypatch.setattr("sys.stdin", Keyboard())
    assert one.shown_seats(one.parse_args(argv), 4, names) == shown
    assert capsys.readouterr().err == ""


def test_a_script_against_the_computer_shows_every_seat_as_it_did(
        capsys: pytest.CaptureFixture[str]) -> None:
    one = parser()
    add_show_option(one)
    shown = one.shown_seats(one.parse_args(["--computer", "1"]), 2, [None, SMART])
    assert (shown, capsys.readouterr().err) == (frozenset({0, 1}), "")
