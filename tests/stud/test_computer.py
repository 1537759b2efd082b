import contextlib
import functools
import io
import itertools
import random
import re
from collections.abc import Sequence

import pytest
from helpers.cli import run_game
from helpers.paths import DATA
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from common.cards.card import SPADES, Card, parse_cards
from common.console.terminal import EndOfInput, Terminal
from common.engine.dealer import Dealer
from common.engine.events import Event
from common.engine.seats import Strategy, controllers
from stud import Action, Phase, StudCard, StudConsole, StudGame
from stud.cards import StudDeck
from stud.console import spell
from stud.evaluator import evaluate
from stud.events import GameEnded, HandEnded
from stud.strategy import STRATEGIES, EquityPlayer, RandomPlayer, showdown_equity
from stud.view import StudView

Player = Strategy[StudView, Action]

DATA = DATA / "stud"
ANSWER = re.compile(r"^Player \d's turn \[[a-z/$0-9 ]+\]: (.*)$", re.M)
INPUT_ENDED = "stud: input ended before the game was over\n"

run = functools.partial(run_game, "stud")


def cards(text: str) -> list[StudCard]:
    return [StudCard(card.suit, card.rank) for card in parse_cards(text)]


def deck(prefix: str) -> list[Card]:
    first: list[Card] = cards(prefix)
    return first + [StudCard(s, r) for s in range(4) for r in range(13)
                    if StudCard(s, r) not in first]


def dealer(seed: int, first: Sequence[Card] | None = None) -> Dealer:
    """Deal `first` (when given) as the first hand's deck, then shuffle with `seed`."""
    return Dealer(random.Random(seed), [] if first is None else [first])


def after_hand_end(events: Sequence[Event]) -> list[Event]:
    """Return the events that followed the last hand's end."""
    ends = [i for i, event in enumerate(events) if isinstance(event, HandEnded)]
    assert ends, events
    return list(events[ends[-1] + 1:])


# --- strategies return legal actions ----------------------------------------

def play_checked(game: StudGame, players: Sequence[Player]) -> StudGame:
    """Start `game` and play it to its end, checking every decision and the money."""
    game.start()
    assert sum(game.stacks) + game.pot == 200
    while (seat := game.current_seat) is not None:
        view = game.view(seat)
        action = players[seat].decide(view)
        assert action in view.legal_actions == game.legal_actions()
        game.apply(action)
        assert sum(game.stacks) + game.pot == 200
    assert game.is_over
    return game


def named(seed: int, names: Sequence[str]) -> list[Player]:
    return [STRATEGIES[name](random.Random(seed * 2 + seat))
            for seat, name in enumerate(names)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["smart", "random"]),
       st.sampled_from(["smart", "random"]))
def test_strategies_only_play_legal_actions(seed: int, first: str, second: str) -> None:
    game = StudGame(dealer(seed), max_hands=2)
    play_checked(game, named(seed, (first, second)))
    assert game.hand_number <= 2


@pytest.mark.parametrize("seed", range(3))
def test_random_players_play_a_whole_game_to_the_end(seed: int) -> None:
    game = play_checked(StudGame(dealer(seed)), named(seed, ("random",) * 2))
    assert game.winner is not None and game.stacks[game.winner] == 200


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 40))
def test_equity_player_is_legal_with_short_stacks(seed: int, short: int) -> None:
    # Short stacks make the all-in cases: calls, bets and raises for less.
    game = StudGame(dealer(seed), stacks=(short, 200 - short), max_hands=3)
    play_checked(game, [EquityPlayer(random.Random(seed)),
                        RandomPlayer(random.Random(seed + 1))])
    assert game.phase is Phase.GAME_OVER


def test_random_player_picks_every_legal_action() -> None:
    game = StudGame(dealer(1, deck("2C 3C 9D QS")))
    game.start()
    game.apply(Action.BET)
    seat = game.current_seat
    assert seat is not None
    view = game.view(seat)
    player = RandomPlayer(random.Random(5))
    picks = {player.decide(view) for _ in range(200)}
    assert picks == set(view.legal_actions) == {Action.CALL, Action.RAISE, Action.FOLD}


# --- the view ---------------------------------------------------------------

def test_view_shows_own_hole_card_and_the_table() -> None:
    game = StudGame(dealer(0, deck("2C 3C 9D QS")))
    game.start()
    view = game.view(1)
    assert view.seat == 1 and view.opponent == 0
    assert view.hole_card == StudCard.parse("3C")
    assert view.up_cards == (tuple(cards("9D")), tuple(cards("QS")))
    assert view.own_cards == tuple(cards("3C QS"))
    assert view.opponent_up_cards == tuple(cards("9D"))
    assert (view.stacks, view.pot, view.to_call) == ((99, 99), 2, 0)
    assert view.legal_actions == (Action.CHECK, Action.BET)
    assert (view.round_number, view.bet_size, view.raises) == (1, 1, 0)
    assert game.view(0).legal_actions == ()  # not Player 0's turn
    game.apply(Action.BET)
    facing = game.view(0)
    assert (facing.to_call, facing.pot, facing.legal_actions) == (
        1, 3, (Action.CALL, Action.RAISE, Action.FOLD))
    assert str(facing) == ("Player 0, round 1: [♣2] [♦9] against [  ] [♠Q]; "
                           "pot $3, to call $1 [call/raise/fold]")


@pytest.mark.parametrize("player", [0, 1])
def test_view_is_the_same_whatever_the_hidden_cards(player: int) -> None:
    # Swap the other player's hole card with a card of the undealt deck: the
    # view must not change, in any round.
    first = deck("2C 3C 9D QS 4H 5H 6H 7H 8H 9H")
    second = list(first)
    hidden = 1 - player
    second[hidden], second[40] = second[40], second[hidden]
    games = [StudGame(dealer(0, order)) for order in (first, second)]
    for game in games:
        game.start()
    for _ in range(4):
        views = [game.view(player) for game in games]
        assert views[0] == views[1]
        assert all(card not in views[0].own_cards + views[0].opponent_up_cards
                   for card in (first[hidden], second[hidden]))
        for game in games:
            game.apply(Action.CHECK)
            if game.phase is Phase.BETTING:
                game.apply(Action.CHECK)
    # The first hand is over (the next one is dealt at once).
    assert all(game.hand_number == 2 for game in games)


def test_no_view_between_hands_or_of_a_stranger() -> None:
    game = StudGame(dealer(0))
    with pytest.raises(ValueError, match="nothing to see"):
        game.view(0)
    game.start()
    with pytest.raises(ValueError, match="no player"):
        game.view(2)


def test_view_is_frozen() -> None:
    game = StudGame(dealer(0))
    game.start()
    view = game.view(0)
    with pytest.raises(AttributeError):
        view.pot = 0  # type: ignore[misc]


# --- the equity -------------------------------------------------------------

def unseen_cards(seen: Sequence[Card]) -> list[StudCard]:
    """The cards of the deck not in `seen`, in deck order."""
    return [card for card in StudDeck() if card not in seen]


def brute_force_equity(own: list[StudCard], theirs: list[StudCard]) -> float:
    """Every deal of the missing cards, ours then theirs, ties half."""
    pool = unseen_cards(own + theirs)
    mine_needed = 5 - len(own)
    points = total = 0
    for ours in itertools.combinations(pool, mine_needed):
        rest = [card for card in pool if card not in ours]
        mine = evaluate(own + list(ours))
        for rest_of_theirs in itertools.combinations(rest, 5 - len(theirs)):
            value = evaluate(theirs + list(rest_of_theirs))
            points += 2 if mine > value else mine == value
            total += 2
    return points / total


@pytest.mark.parametrize(("own", "theirs"), [
    ("AS KS QD JC 9H", "AH KH QC JD"),    # ties when the hole card is a nine
    ("2C 3D 4H 5S 9C", "AH AD 7C 8C"),
    ("AS KS QS JD", "2C 2D 9H"),
    ("5C 5D 9S TS", "QH JH 2S"),
])
def test_exact_equity_matches_brute_force(own: str, theirs: str) -> None:
    exact = showdown_equity(cards(own), cards(theirs))
    assert exact == pytest.approx(brute_force_equity(cards(own), cards(theirs)))


def pair_by_pair_equity(own: Sequence[Card], theirs: Sequence[Card]) -> float:
    """Round 3's equity the plain way: each card of ours, each pair of theirs."""
    pool = unseen_cards([*own, *theirs])
    points = total = 0
    for ours in pool:
        mine = evaluate([*own, ours])
        for pair in itertools.combinations([c for c in pool if c != ours], 2):
            value = evaluate([*theirs, *pair])
            points += 2 if mine > value else mine == value
            total += 2
    return points / total


_DECK = list(StudDeck())
_SPADES = [card for card in _DECK if card.suit == SPADES]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(_DECK), min_size=4, max_size=4, unique=True),
       st.lists(st.sampled_from(_DECK), min_size=3, max_size=3, unique=True)
       | st.lists(st.sampled_from(_SPADES), min_size=3, max_size=3, unique=True))
def test_round_three_equity_is_the_pair_by_pair_count_exactly(
        own: list[StudCard], theirs: list[StudCard]) -> None:
    # Kinds of cards are counted, not dealt one by one: the same points to
    # the bit.  Up cards of one suit (the second source) make flushes count.
    assume(not set(own) & set(theirs))
    exact = showdown_equity(own, theirs)
    assert exact == pair_by_pair_equity(own, theirs)


def test_a_sure_thing_and_a_tie() -> None:
    royal = cards("AS KS QS JS TS")
    assert showdown_equity(royal, cards("2C 3D 7H 8S")) == 1.0
    # Their ten of hearts ties the royal flush: one card of 43 counts half.
    assert showdown_equity(royal, cards("AH KH QH JH")) == (
        pytest.approx(1 - 0.5 / 43))
    # Only a nine that is not a heart ties; every other card loses or wins.
    equity = showdown_equity(cards("AS KS QD JC 9H"), cards("AH KH QC JD"))
    assert 0 < equity < 1


def test_equity_needs_a_hand_in_progress() -> None:
    with pytest.raises(ValueError, match="not a hand"):
        showdown_equity(cards("AS KS QS"), cards("2C"))


# --- the thresholds ---------------------------------------------------------

class FixedEquity(EquityPlayer):
    def __init__(self, value: float) -> None:
        super().__init__(random.Random(0))
        self.value = value

    def equity_bounds(self, view: StudView) -> tuple[float, float]:
        return self.value, self.value

    def equity(self, view: StudView) -> float:
        return self.value


def a_view(to_call: int, pot: int, legal: tuple[Action, ...]) -> StudView:
    return StudView(seat=0, hole_card=StudCard.parse("2C"),
                    up_cards=((StudCard.parse("3D"),), (StudCard.parse("4H"),)),
                    stacks=(90, 90), pot=pot, to_call=to_call, legal_actions=legal,
                    round_number=1, bet_size=1, raises=0)


FREE = (Action.CHECK, Action.BET)
FACING = (Action.CALL, Action.RAISE, Action.FOLD)


@pytest.mark.parametrize(("equity", "to_call", "pot", "legal", "expected"), [
    (0.59, 0, 4, FREE, Action.CHECK),
    (0.60, 0, 4, FREE, Action.BET),
    (0.99, 0, 4, (Action.CHECK,), Action.CHECK),   # too short to bet
    (0.70, 2, 10, FACING, Action.RAISE),
    (0.69, 2, 10, FACING, Action.CALL),
    (0.99, 2, 10, (Action.CALL, Action.FOLD), Action.CALL),  # raises capped
    (0.17, 2, 10, FACING, Action.CALL),             # the price is 2/12
    (0.16, 2, 10, FACING, Action.FOLD),
    (0.0, 4, 40, FACING, Action.FOLD),
])
def test_equity_player_thresholds(equity: float, to_call: int, pot: int,
                                  legal: tuple[Action, ...], expected: Action) -> None:
    view = a_view(to_call, pot, legal)
    assert FixedEquity(equity).decide(view) is expected


def test_equity_player_reuses_its_estimate_within_a_round() -> None:
    game = StudGame(dealer(0, deck("2C 3C 9D QS")))
    game.start()
    player = EquityPlayer(random.Random(1))
    view = game.view(1)
    first = player.equity(view)
    game.apply(Action.BET)
    game.apply(Action.RAISE)
    assert player.equity(game.view(1)) == first


# --- --hands ----------------------------------------------------------------

def test_the_hand_limit_ends_the_game_the_richer_player_winning() -> None:
    game = StudGame(dealer(0, deck("2C 3C 9D QS")), max_hands=1)
    game.start()
    game.apply(Action.BET)  # Player 1, showing the queen
    events = after_hand_end(game.apply(Action.FOLD))
    assert events == [GameEnded(stacks=(99, 101), pot=0, winner=1, hand_limit=1)]
    assert game.phase is Phase.GAME_OVER and game.winner == 1
    console = StudConsole(game, Terminal(io.BytesIO(), io.StringIO()))
    assert console.describe_lines(events[0]) == [
        "Game ends after 1 hand", "Player 0 has $99.", "Player 1 has $101.",
        "Player 1 wins the game."]


def test_equal_money_after_the_hand_limit_is_a_draw() -> None:
    game = StudGame(dealer(0, parse_cards((DATA / "split.deck").read_text())),
                    max_hands=1)
    events = game.start()
    while game.phase is Phase.BETTING:
        events = game.apply(Action.CHECK)
    event = after_hand_end(events)[0]
    assert event == GameEnded(stacks=(100, 100), pot=0, winner=None, hand_limit=1)
    console = StudConsole(game, Terminal(io.BytesIO(), io.StringIO()))
    assert console.describe_lines(event)[-1] == "The game is a draw."


def test_a_broke_player_ends_the_game_before_the_limit() -> None:
    game = StudGame(dealer(0), stacks=(0, 200), max_hands=5)
    assert game.start() == [GameEnded(stacks=(0, 200), pot=0, winner=1)]


def test_max_hands_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least one hand"):
        StudGame(dealer(0), max_hands=0)


def test_hands_option_through_the_command() -> None:
    result = run("--seed", "4", "--hands", "2", "--computer", "all")
    assert result.returncode == 0 and result.stderr == b""
    transcript = result.stdout.decode()
    assert transcript.count("=== Hand ") == 2
    assert "Game ends after 2 hands\n" in transcript


# --- computer seats at the console ------------------------------------------

def answers(transcript: bytes) -> bytes:
    lines = ANSWER.findall(transcript.decode())
    return "".join(line + "\n" for line in lines).encode()


@pytest.mark.parametrize(("strategy", "seed", "hands"), [
    ("smart", 1, "3"), ("smart", 7, "3"), ("random", 2, "6"), ("random", 9, None),
    ("smart,random", 3, "3"), ("random,smart", 5, "3"),
])
def test_a_computer_game_replays_when_typed_back(strategy: str, seed: int,
                                                 hands: str | None) -> None:
    limit = [] if hands is None else ["--hands", hands]
    played = run("--computer", "all", "--strategy", strategy, "--seed", str(seed),
                 *limit)
    assert played.returncode == 0 and played.stderr == b""
    assert b"Game ends" in played.stdout
    typed = run("--seed", str(seed), *limit, stdin=answers(played.stdout))
    assert typed.returncode == 0 and typed.stderr == b""
    assert typed.stdout == played.stdout


JUNK = ["", "  ", "bett", "1e3", "-1", "βετ", "\t", "quit please"]
WORDS = ["check", "k", "BET", " b ", "call", "C", "raise", "r", "fold", "F"]


@pytest.mark.parametrize(("computer", "seed"), [("1", 3), ("0", 8)])
def test_a_mixed_game_replays_junk_and_all(computer: str, seed: int) -> None:
    rng = random.Random(seed)
    script = "".join((rng.choice(JUNK) if rng.random() < 0.3 else rng.choice(WORDS))
                     + "\n" for _ in range(600))
    options = ["--seed", str(seed), "--hands", "3", "--deck",
               str(DATA / "split.deck")]
    played = run("--computer", computer, *options, stdin=script.encode())
    assert played.returncode == 0 and played.stderr == b""
    assert b"Not a legal move: " in played.stdout
    typed = run(*options, stdin=answers(played.stdout))
    assert typed.stdout == played.stdout
    assert typed.returncode == 0


def test_the_computer_in_process_matches_the_command() -> None:
    stdout = io.StringIO()
    game = StudGame(dealer(6), max_hands=2)
    console = StudConsole(game, Terminal(io.BytesIO(), stdout))
    assert console.play(controllers(["smart", "random"], STRATEGIES, 6,
                                    console.person)) == 0
    result = run("--computer", "all", "--strategy", "smart,random", "--seed", "6",
                 "--hands", "2")
    assert result.stdout.decode() == stdout.getvalue()


def test_an_all_computer_game_needs_no_input() -> None:
    result = run("--computer", "all", "--strategy", "random", "--seed", "11")
    assert result.returncode == 0
    assert result.stderr == b""
    assert b"wins the game." in result.stdout


def test_end_of_input_at_the_persons_prompt_exits_1() -> None:
    result = run("--computer", "1", "--seed", "2", stdin=b"junk\n")
    assert result.returncode == 1
    assert result.stderr.decode() == INPUT_ENDED
    refused = b"junk\nNot a legal move: 'junk' is none of check, bet, quit.\n"
    assert refused in result.stdout
    last_line = result.stdout.rsplit(b"\n", 1)[1]
    assert re.fullmatch(rb"Player 0's turn \[[a-z/$0-9 ]+\]: ", last_line)


def test_the_person_can_quit_against_the_computer() -> None:
    result = run("--computer", "0", "--seed", "2", stdin=b"quit\n" * 3)
    assert result.returncode == 0
    assert b"Player 1 quits" in result.stdout


def test_controllers_must_match_the_seats() -> None:
    console = StudConsole(StudGame(dealer(0)), Terminal(io.BytesIO(), io.StringIO()))
    with pytest.raises(ValueError, match="controllers"):
        console.play([])


def test_spell_is_what_the_console_reads() -> None:
    game = StudGame(dealer(0))
    stdout = io.StringIO()
    terminal = Terminal(io.BytesIO(b"".join(
        spell(action).encode() + b"\n" for action in Action)), stdout, echo=True)
    console = StudConsole(game, terminal)
    with contextlib.suppress(EndOfInput):
        console.play([console.person(), console.person()])
    assert "Player 0 checks" in stdout.getvalue() or "Player 1 checks" in (
        stdout.getvalue())


@pytest.mark.parametrize("args", [
    ["--computer", "2"],
    ["--computer", "x"],
    ["--computer", "0,"],
    ["--computer", "all", "--strategy", "clever"],
    ["--computer", "0", "--strategy", "smart,random"],
    ["--strategy", "smart"],
    ["--jobs", "2"],
    ["--computer", "all", "--jobs", "2"],
    ["--simulate", "0"],
    ["--simulate", "x"],
    ["--simulate", "5", "--jobs", "0"],
    ["--simulate", "5", "--computer", "all"],
    ["--simulate", "5", "--strategy", "smart,random,random"],
    ["--simulate", "5", "--deck", str(DATA / "split.deck")],
    ["--simulate", "5", "--log", "/tmp/never-written.jsonl"],
    ["--hands", "0"],
    ["--hands", "ten"],
])
def test_bad_computer_options_exit_2_with_one_line(args: list[str]) -> None:
    result = run(*args, stdin=b"quit\n")
    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stud: error: ")
