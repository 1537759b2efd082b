"""The computer at In Between: the view, the strategies, and replayable transcripts."""

from __future__ import annotations

import dataclasses
import functools
import io
import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from helpers.cli import run_game
from helpers.inputs import random_input
from helpers.paths import DATA
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.engine.driver import play
from common.engine.events import Event
from common.engine.game import QUIT
from common.engine.seats import Computer, Controller, controllers
from inbetween import (
    FOLD,
    STRATEGIES,
    InBetweenCard,
    InBetweenConsole,
    InBetweenDeck,
    InBetweenGame,
    InBetweenView,
    OddsBettor,
    RandomPlayer,
    chance_between,
    spell,
)
from inbetween.program import main
from inbetween.view import Choice

DATA = DATA / "inbetween"
run = functools.partial(run_game, "inbetween")
PROMPT = re.compile(r"^Player \d+'s turn \[bet [0-9-]+/fold/quit\]: (.*)$",
                    re.MULTILINE)


def cards(text: str) -> tuple[InBetweenCard, ...]:
    return tuple(InBetweenCard.parse(code) for code in text.split())


def dealer(seed: int, deck: Sequence[InBetweenCard] | None = None) -> Dealer:
    """Deal `deck` (when given) for round 1, then decks shuffled with `seed`."""
    return Dealer(random.Random(seed), [] if deck is None else [deck])


def to_move(game: InBetweenGame) -> int:
    """The seat to move in a game under way."""
    seat = game.current_seat
    assert seat is not None
    return seat


def make_view(hands: list[str], drawn: str = "", *, seat: int = 0,
              bet_range: tuple[int, int] = (1, 5)) -> InBetweenView:
    return InBetweenView(
        seat=seat, current=seat, round=2, hands=tuple(cards(hand) for hand in hands),
        drawn=cards(drawn), coins=(10,) * len(hands), pool=8, bet_range=bet_range)


def full_deck() -> list[InBetweenCard]:
    return [card for card in InBetweenDeck() if isinstance(card, InBetweenCard)]


def brute_force_chance(view: InBetweenView) -> Fraction:
    """The share of the cards not face up that fall strictly between: by counting."""
    seen = set(view.seen)
    unseen = [card for card in full_deck() if card not in seen]
    low, high = sorted(card.value for card in view.cards)
    between = [card for card in unseen if low < card.value < high]
    return Fraction(len(between), len(unseen))


class Checked:
    """Wraps a strategy: every decision must be one of the legal choices."""

    def __init__(self, strategy: RandomPlayer | OddsBettor, seat: int) -> None:
        self.strategy = strategy
        self.seat = seat
        self.decisions = 0

    def decide(self, view: InBetweenView) -> Choice:
        assert view.seat == view.current == self.seat
        choice = self.strategy.decide(view)
        assert choice in view.legal_choices()
        assert isinstance(choice, int) or choice == FOLD
        self.decisions += 1
        return choice


# The view ------------------------------------------------------------------


def test_the_view_shows_the_table_and_the_draws_of_this_round_only() -> None:
    game = InBetweenGame(dealer(4), players=3)
    game.start()
    seat = to_move(game)
    view = game.view(seat)
    assert view.seat == view.current == seat and view.round == 1
    assert view.hands == tuple(player.cards for player in game.players)
    assert view.cards == game.players[seat].cards and len(view.cards) == 2
    assert view.drawn == () and view.bet_range == (1, 1)
    assert view.coins == (9, 9, 9) and view.pool == 3
    assert view.legal_choices() == (1, FOLD)
    seen_drawn = []
    while game.round_number == 1 and not game.is_over:
        before = len(game.drawn_cards)
        game.apply(1)
        if len(game.drawn_cards) > before:
            seen_drawn.append(game.drawn_cards[-1])
        if game.round_number == 1 and not game.is_over:
            assert game.view(to_move(game)).drawn == tuple(seen_drawn)
    if not game.is_over:
        assert game.view(to_move(game)).drawn == ()


def test_the_view_of_another_seat_names_whose_turn_it_is() -> None:
    game = InBetweenGame(dealer(2), players=4)
    game.start()
    other = (to_move(game) + 1) % 4
    view = game.view(other)
    assert view.seat == other and view.current == game.current_seat
    assert view.cards == game.players[other].cards
    with pytest.raises(ValueError, match="no seat 4"):
        game.view(4)
    with pytest.raises(ValueError, match="no seat -1"):
        game.view(-1)


def test_no_view_before_the_start_or_after_the_end() -> None:
    game = InBetweenGame(dealer(1), players=2)
    with pytest.raises(ValueError, match="nothing to see"):
        game.view(0)
    game.start()
    game.apply(QUIT)
    with pytest.raises(ValueError, match="nothing to see"):
        game.view(0)


@given(st.integers(2, 10), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_the_undealt_deck_does_not_change_the_view(players: int,
                                                   rng: random.Random) -> None:
    # Two games whose decks differ only below the dealt cards look the same.
    order = full_deck()
    rng.shuffle(order)
    dealt = 2 * players
    rest = order[dealt:]
    other = [*order[:dealt], *rng.sample(rest, len(rest))]
    first, second = (InBetweenGame(dealer(0, deck), players=players)
                     for deck in (order, other))
    first.start()
    second.start()
    if first.is_over:
        return
    assert first.current_seat == second.current_seat
    for seat in range(players):
        assert first.view(seat) == second.view(seat)
    assert not any("deck" in field.name for field in dataclasses.fields(first.view(0)))


# The strategies ------------------------------------------------------------


def test_chance_between_counts_the_cards_not_face_up() -> None:
    # 4 and J: 5 to 10 lie between, 24 cards; two 7s and a 10 are face up.
    view = make_view(["4D JC", "7H 7S", "2C AD"], drawn="TH")
    assert chance_between(view) == Fraction(24 - 3, 52 - 7)
    assert chance_between(make_view(["2D AC", "3H 4S"])) == Fraction(44 - 2, 48)
    assert chance_between(make_view(["5D 7C", "6H 6S"], "6D 6C")) == 0


def test_chance_between_needs_cards() -> None:
    with pytest.raises(ValueError, match="no cards"):
        chance_between(make_view(["", "3H 9S"]))


@st.composite
def views(draw: st.DrawFn) -> InBetweenView:
    """A view on the seat's turn: hands and draws dealt from a shuffled deck."""
    players = draw(st.integers(2, 10))
    rng = draw(st.randoms(use_true_random=False))
    deck = full_deck()
    rng.shuffle(deck)
    hands = []
    for _ in range(players):
        hand = sorted(deck[:2], key=lambda card: card.sort_key())
        del deck[:2]
        hands.append(tuple(hand))
    seat = draw(st.integers(0, players - 1))
    # Equal or consecutive cards are paid without a decision.
    assume(abs(hands[seat][0].value - hands[seat][1].value) > 1)
    drawn = tuple(deck[:draw(st.integers(0, players - 1))])
    high = draw(st.integers(1, 95))
    return InBetweenView(seat=seat, current=seat, round=2, hands=tuple(hands),
                         drawn=drawn, coins=(high,) * players, pool=high,
                         bet_range=(1, high))


@given(views())
@settings(max_examples=200, deadline=None)
def test_chance_between_is_the_share_of_unseen_cards_between(
        view: InBetweenView) -> None:
    assert chance_between(view) == brute_force_chance(view)


@given(views())
@settings(max_examples=200, deadline=None)
def test_odds_bettor_bets_the_most_exactly_when_the_bet_pays(
        view: InBetweenView) -> None:
    choice = OddsBettor().decide(view)
    low, high = view.bet_range
    expected = high if brute_force_chance(view) > Fraction(1, 2) else low
    assert choice == expected
    assert choice != FOLD


def test_odds_bettor_bets_the_least_at_even_odds_and_at_no_chance() -> None:
    # 2 and 9: 3 to 8 between, 24 of 48 unseen cards; exactly 1/2.
    even = make_view(["2D 9C", "KH AS"])
    assert chance_between(even) == Fraction(1, 2)
    assert OddsBettor().decide(even) == 1
    # 5 and 7 with every 6 face up: the bet surely loses, but a fold costs as
    # much, so it still bets 1.
    hopeless = make_view(["5D 7C", "6H 6S"], "6D 6C")
    assert OddsBettor().decide(hopeless) == 1
    assert OddsBettor().decide(make_view(["2D AC", "3H 4S"])) == 5


def test_random_player_draws_every_legal_choice_evenly() -> None:
    player = RandomPlayer(random.Random(7))
    view = make_view(["2D AC", "5H 9S"], bet_range=(1, 4))
    counts = Counter(player.decide(view) for _ in range(10000))
    assert set(counts) == {1, 2, 3, 4, FOLD}
    assert all(1700 < count < 2300 for count in counts.values()), counts


def test_strategies_by_name_and_spelling() -> None:
    assert isinstance(STRATEGIES["smart"](random.Random(1)), OddsBettor)
    assert isinstance(STRATEGIES["random"](random.Random(1)), RandomPlayer)
    assert repr(OddsBettor()) == "OddsBettor()"
    assert repr(RandomPlayer(random.Random(1))) == "RandomPlayer()"
    assert spell(3) == "3" and spell(FOLD) == "fold"


@given(st.integers(0, 10**6), st.integers(2, 10),
       st.lists(st.sampled_from(sorted(STRATEGIES)), min_size=10, max_size=10))
@settings(max_examples=150, deadline=None)
def test_strategies_make_only_legal_moves_over_whole_games(
        seed: int, players: int, names: list[str]) -> None:
    game = InBetweenGame(dealer(seed), players=players)
    seats = [Checked(STRATEGIES[name](random.Random(seed + seat)), seat)
             for seat, name in enumerate(names[:players])]

    class CoinsKept:
        def on_events(self, events: Sequence[Event]) -> None:
            assert game.total_coins == 10 * players

    computers: list[Controller[Any, Any]] = [Computer(seat) for seat in seats]
    play(game, computers, listeners=[CoinsKept()])
    assert game.is_over


# The console and the command line -----------------------------------------


def test_the_console_asks_each_seat_its_controller() -> None:
    game = InBetweenGame(dealer(5), players=2)
    out = io.StringIO()
    terminal = Terminal(io.BytesIO(b""), out, echo=True)
    console = InBetweenConsole(game, terminal)
    seats = controllers(["smart", "random"], STRATEGIES, 5, console.person)
    assert all(isinstance(seat, Computer) for seat in seats)
    assert console.play(seats) == 0
    assert "Game ends: " in out.getvalue()
    with pytest.raises(ValueError, match="1 controller for 2 seats"):
        InBetweenConsole(InBetweenGame(dealer(1), players=2), terminal).play(seats[:1])


def replay_lines(transcript: bytes) -> bytes:
    """The line after every prompt of `transcript`, as input to type again."""
    lines = PROMPT.findall(transcript.decode("utf-8"))
    return "".join(line + "\n" for line in lines).encode("utf-8")


def assert_replays(game: list[str], computer: list[str], stdin: bytes = b"") -> bytes:
    """Play with the `computer` options, then replay by people alone."""
    played = run(*game, *computer, stdin=stdin)
    assert played.returncode == 0, played.stderr
    assert played.stderr == b""
    replayed = run(*game, stdin=replay_lines(played.stdout))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout == played.stdout
    return played.stdout


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 5), (4, 10)])
def test_an_all_computer_game_replays_from_its_transcript(
        strategy: str, seed: int, players: int) -> None:
    transcript = assert_replays(["--seed", str(seed), "--players", str(players)],
                                ["--computer", "all", "--strategy", strategy])
    assert PROMPT.search(transcript.decode()) is not None


@pytest.mark.parametrize(("seed", "players", "computers", "strategy"), [
    (11, 2, "1", "smart"),
    (12, 3, "0,2", "random"),
    (13, 4, "1,2", "smart,random"),
    (14, 6, "0,1,2,3,4", "random"),
])
def test_a_mixed_game_with_junk_replays_from_its_transcript(
        seed: int, players: int, computers: str, strategy: str) -> None:
    transcript = assert_replays(
        ["--seed", str(seed), "--players", str(players)],
        ["--computer", computers, "--strategy", strategy],
        stdin=random_input(random.Random(seed), 300))
    assert b"Not a legal move: " in transcript


def test_an_all_computer_game_needs_no_input() -> None:
    result = run("--computer", "all", "--players", "4", "--seed", "9", stdin=b"")
    assert result.returncode == 0 and result.stderr == b""
    assert b"Game ends: " in result.stdout


def test_end_of_input_at_a_persons_prompt_in_a_mixed_game() -> None:
    # Player 1, a person, plays first and types nothing.
    result = run("--computer", "0", "--seed", "1", stdin=b"")
    assert result.returncode == 1
    assert result.stderr == b"inbetween: input ended before the game was over\n"
    assert result.stdout.endswith(b"Player 1's turn [bet 1/fold/quit]: ")


@pytest.mark.parametrize("args", [
    ["--computer", "2"], ["--computer", "x"], ["--computer", "-1"], ["--computer", ""],
    ["--players", "3", "--computer", "0,3"],
    ["--strategy", "smart"],
    ["--computer", "all", "--strategy", "clever"],
    ["--computer", "0", "--strategy", "smart,random"],
    ["--computer", "all", "--strategy", "smart,random,random"],
    ["--simulate", "0"], ["--simulate", "x"], ["--simulate", "-3"], ["--simulate"],
    ["--jobs", "2"], ["--simulate", "5", "--jobs", "0"],
    ["--simulate", "5", "--jobs", "x"],
    ["--simulate", "5", "--computer", "all"],
    ["--simulate", "5", "--deck", str(DATA / "two_players.deck")],
    ["--simulate", "5", "--log", str(DATA / "never-written.jsonl")],
    ["--simulate", "5", "--players", "3", "--strategy", "smart,random"],
])
def test_bad_computer_options_are_one_line_and_exit_2(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # In process, for speed: main parses exactly as the command does (below).
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert not (DATA / "never-written.jsonl").exists()
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("inbetween: error: ")


def test_a_bad_computer_option_stops_the_command_before_any_play() -> None:
    result = run("--computer", "0", "--strategy", "smart,random", stdin=b"1\n")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr == (b"inbetween: error: argument --strategy: 2 names for "
                             b"1 computer seat (give one, or one per seat)\n")
