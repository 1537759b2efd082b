"""Red Dog's computer players: the view, the exact odds of the shoe as dealt,
the strategies, --hint, --rounds, and transcripts that replay as typed input."""

from __future__ import annotations

import importlib
import io
import itertools
import pkgutil
import random
import re
from fractions import Fraction

import pytest
from helpers.cli import RunCli, joined_hints
from helpers.paths import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

import reddog
from common.cards.card import Card
from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.engine.events import Event
from common.engine.seats import controllers, strategy_seed
from reddog import (
    DEAL,
    STRATEGIES,
    BestPlayer,
    Bet,
    Decision,
    Ending,
    IllegalMoveError,
    Move,
    NewShoe,
    Phase,
    RandomPlayer,
    RedDogCard,
    RedDogConsole,
    RedDogGame,
    RedDogView,
    RoundDealt,
    RoundSettled,
    Shoe,
    Spread,
    advise,
    compute_odds,
    parse_money,
    remaining_counts,
    round_expectation,
    spell,
    spread_odds,
)
from reddog.game import MAX_BET, MIN_BET, is_legal_bet
from reddog.hand import TRIPS_PAYS, spread_pays
from reddog.odds import (
    count_values,
    full_counts,
    round_totals,
    spread_play,
    trips_chance,
)

PROMPTS = re.compile(r"(?:New bet, Enter to deal, or quit: |"
                     r"Play or double\? \[play/double\]: |Play\? \[play\]: )(.*)$",
                     re.MULTILINE)


def card(code: str) -> RedDogCard:
    return RedDogCard.parse(code)


def of_value(value: int, suit: int = 0) -> RedDogCard:
    """The card of `value` (2 to 14, the ace 14) in `suit`."""
    return RedDogCard(suit, value - 1 if value < 14 else 0)


def spread_of(first: RedDogCard, second: RedDogCard) -> Spread:
    """The first two cards of a round, in the order dealt."""
    return Spread(None, [first, second])


def payout(events: list[Event]) -> int:
    """What the round settled among `events` (if any) did to the credit."""
    return sum(event.payout for event in events if isinstance(event, RoundSettled))


# --- the exact odds of the shoe as dealt ------------------------------------

@pytest.mark.parametrize("decks", range(1, 9))
def test_a_fresh_shoe_gives_exactly_compute_odds(decks: int) -> None:
    odds = compute_odds(decks)
    full = full_counts(decks)
    assert round_expectation(full) == odds.expectation
    for spread in odds.spreads:
        for low in range(2, 14 - spread.spread):
            first, second = of_value(low), of_value(low + spread.spread + 1, 1)
            hand = spread_of(first, second)
            assert hand.spread == spread.spread
            left = remaining_counts(decks, count_values([first, second]))
            exact = spread_odds(left, hand)
            assert exact.win == spread.win
            assert (exact.play, exact.double) == (spread.play, spread.double)
    pair_left = remaining_counts(decks, count_values([card("7S"), card("7H")]))
    assert trips_chance(pair_left, 7) == odds.trips


def brute_force(counts: tuple[int, ...], doubling: bool) -> Fraction:
    """The round's expectation by every ordered draw of three values."""
    total = sum(counts)
    expectation = Fraction(0)
    for first, second in itertools.product(range(13), repeat=2):
        left = list(counts)
        chance = Fraction(left[first], total)
        left[first] -= 1
        chance *= Fraction(max(left[second], 0), total - 1)
        left[second] -= 1
        if not chance:
            continue
        low, high = sorted((first, second))
        if high - low == 1:
            continue
        if low == high:
            expectation += chance * Fraction(left[low], total - 2) * TRIPS_PAYS
            continue
        win = Fraction(sum(left[low + 1:high]), total - 2)
        play = win * spread_pays(high - low - 1) - (1 - win)
        expectation += chance * (max(play, 2 * play) if doubling else play)
    return expectation


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=13, max_size=13).filter(
    lambda counts: sum(counts) >= 3), st.booleans())
def test_round_expectation_is_the_sum_over_every_deal(counts: list[int],
                                                      doubling: bool) -> None:
    assert (round_expectation(tuple(counts), doubling=doubling)
            == brute_force(tuple(counts), doubling))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 32), min_size=13, max_size=13).filter(
    lambda counts: sum(counts) >= 3))
def test_round_totals_give_both_expectations_over_the_ordered_draws(
        counts: list[int]) -> None:
    # Up to an eight-deck shoe's 32 cards of a value.
    with_doubles, played, denominator = round_totals(counts)
    cards = sum(counts)
    assert denominator == cards * (cards - 1) * (cards - 2)
    assert Fraction(with_doubles, denominator) == brute_force(tuple(counts), True)
    assert Fraction(played, denominator) == brute_force(tuple(counts), False)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 32), min_size=13, max_size=13).filter(
    lambda counts: sum(counts) >= 1))
def test_spread_play_is_the_play_expectation_of_spread_odds(counts: list[int]) -> None:
    for low, high in itertools.combinations(range(2, 15), 2):
        if high - low < 2:
            continue  # consecutive: no spread
        hand = spread_of(of_value(low), of_value(high, 1))
        play, left = spread_play(counts, hand)
        assert left == sum(counts)
        assert Fraction(play, left) == spread_odds(counts, hand).play


def test_the_odds_of_the_shoe_as_dealt_refuse_what_cannot_be() -> None:
    with pytest.raises(ValueError):
        remaining_counts(1, count_values([card("2S")] * 5))
    with pytest.raises(ValueError):
        round_expectation((1, 1) + (0,) * 11)
    with pytest.raises(ValueError):
        spread_odds(full_counts(1), spread_of(card("2S"), card("3S")))
    with pytest.raises(ValueError):
        spread_odds((0,) * 13, spread_of(card("2S"), card("AS")))
    with pytest.raises(ValueError):
        spread_play(full_counts(1), spread_of(card("7S"), card("7H")))
    with pytest.raises(ValueError):
        round_totals((1, 1) + (0,) * 11)


# --- the view ---------------------------------------------------------------

def started(game: RedDogGame) -> RedDogGame:
    """`game`, started: ready for its first move."""
    game.start()
    return game


def game_dealing(top: str, seed: int) -> RedDogGame:
    """A started one-deck game dealing `top` first, the rest shuffled with `seed`."""
    cards = [Card.parse(code) for code in top.split()]
    shoe = Shoe.stacked(cards, 1, random.Random(seed))
    return started(RedDogGame(Dealer(random.Random(0), [list(shoe)]), decks=1))


def test_the_view_shows_the_cards_dealt_and_never_the_undealt_order() -> None:
    top = "5S 6H 5D 5C 5H 9D 4C"
    first, second = game_dealing(top, 1), game_dealing(top, 2)
    assert list(first.shoe)[7:] != list(second.shoe)[7:]  # the undealt cards differ
    for game in (first, second):
        game.apply(DEAL)  # consecutive
        game.apply(Bet(10_000))
        game.apply(DEAL)  # a pair and its third card
        game.apply(DEAL)  # a spread awaits
    view = first.view()
    assert view == second.view()
    assert view.phase is Phase.DECIDING
    assert view.dealt == tuple(card(code) for code in top.split())
    assert view.seen == count_values(view.dealt)
    assert view.hand == spread_of(card("9D"), card("4C")) and view.can_double
    assert (view.credit, view.bet, view.max_bet, view.decks) == (
        first.credit, 10_000, MAX_BET, 1)
    first.apply(Decision.PLAY)
    assert len(first.view().dealt) == 8 and first.view().hand is None
    assert first.view().phase is Phase.BETTING and not first.view().can_double


def test_the_cards_dealt_start_again_with_a_new_shoe() -> None:
    game = started(RedDogGame(Dealer(random.Random(5)), decks=1, credit=10**9))
    while not game.view().new_shoe_next:
        game.apply(DEAL)
        if game.phase is Phase.DECIDING:
            game.apply(Decision.PLAY)
        assert game.view().seen == count_values(game.view().dealt)
    assert 4 * (52 - len(game.view().dealt)) < 52
    deal = game.apply(DEAL)
    assert any(isinstance(event, NewShoe) for event in deal)
    (dealt,) = [event for event in deal if isinstance(event, RoundDealt)]
    assert game.view().dealt[:2] == (dealt.hand.first, dealt.hand.second)
    assert len(game.view().dealt) <= 3


# --- the rounds limit -------------------------------------------------------

def test_a_game_with_max_rounds_ends_after_them() -> None:
    game = started(RedDogGame(Dealer(random.Random(3)), max_rounds=4))
    while game.phase is not Phase.OVER:
        game.apply(DEAL)
        if game.phase is Phase.DECIDING:
            game.apply(Decision.PLAY)
    assert game.rounds_played == 4 and game.ending is Ending.ROUNDS
    with pytest.raises(IllegalMoveError):
        game.apply(DEAL)
    with pytest.raises(ValueError):
        RedDogGame(Dealer(random.Random(3)), max_rounds=0)


def test_running_out_of_credit_in_the_last_round_ends_for_the_credit() -> None:
    top = [Card.parse(code) for code in ["2S", "9S", "AS"]]
    shoe = Shoe.stacked(top, 1, random.Random(0))
    game = started(RedDogGame(Dealer(random.Random(0), [list(shoe)]), decks=1,
                              credit=MIN_BET, max_rounds=1))
    game.apply(DEAL)
    game.apply(Decision.PLAY)
    assert game.ending is Ending.CREDIT and game.credit == 0


# --- the strategies ---------------------------------------------------------

def is_legal(view: RedDogView, move: Move) -> bool:
    if view.phase is Phase.BETTING:
        return move is DEAL or (isinstance(move, Bet) and is_legal_bet(move.cents)
                                and move.cents <= view.max_bet)
    assert view.phase is Phase.DECIDING
    return move is Decision.PLAY or (move is Decision.DOUBLE and view.can_double)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(sorted(STRATEGIES)),
       decks=st.integers(1, 8), credit=st.integers(50, 500_000),
       bet=st.sampled_from(range(MIN_BET, MAX_BET + 1, MIN_BET)))
def test_strategies_make_only_legal_moves(seed: int, name: str, decks: int,
                                          credit: int, bet: int) -> None:
    rng = random.Random(seed)
    credit = max(credit, bet)
    game = started(RedDogGame(Dealer(rng), decks=decks, credit=credit, bet=bet,
                              max_rounds=60))
    player = STRATEGIES[name](random.Random(strategy_seed(seed, 0)))
    start = game.credit
    payouts = 0
    while game.phase is not Phase.OVER:
        view = game.view()
        move = player.decide(view)
        assert is_legal(view, move), (view, move)
        payouts += payout(game.apply(move))
        assert game.credit == start + payouts >= 0
    assert game.rounds_played <= 60


@pytest.mark.parametrize("seed", range(12))
def test_the_best_player_makes_the_move_advise_gives(seed: int) -> None:
    # Games of every shoe size and at every credit, the random player's
    # among them for the prompts the best player never reaches.
    game = started(RedDogGame(Dealer(random.Random(seed)), decks=1 + seed % 8,
                              credit=(seed % 4 + 1) * 40_000, max_rounds=150))
    player = BestPlayer()
    mover = player if seed % 2 else RandomPlayer(random.Random(seed))
    while game.phase is not Phase.OVER:
        view = game.view()
        assert player.decide(view) == advise(view).move, view
        game.apply(mover.decide(view))
    with pytest.raises(ValueError):
        player.decide(view_of(phase=Phase.OVER))


def view_of(*, phase: Phase = Phase.BETTING, credit: int = 100_000, bet: int = MIN_BET,
            hand: Spread | None = None, decks: int = 1,
            dealt: tuple[RedDogCard, ...] = ()) -> RedDogView:
    max_bet = min(MAX_BET, credit - credit % MIN_BET)
    seen = count_values(dealt)
    left = 52 * decks - len(dealt)
    return RedDogView(phase, credit, bet, max_bet, hand,
                      phase is Phase.DECIDING and 2 * bet <= credit, decks, dealt,
                      seen, 4 * left < 52 * decks)


@pytest.mark.parametrize("decks", [1, 4, 8])
def test_on_a_fresh_shoe_the_best_player_doubles_at_spreads_7_to_11(decks: int) -> None:
    player = BestPlayer()
    assert player.decide(view_of(decks=decks)) is DEAL  # minimum bet: the house edge
    assert player.decide(view_of(decks=decks, bet=MAX_BET)) == Bet(MIN_BET)
    for spread in range(1, 12):
        hand = spread_of(of_value(2), of_value(spread + 3, 1))
        assert hand.spread == spread
        view = view_of(phase=Phase.DECIDING, hand=hand, decks=decks,
                       dealt=(hand.first, hand.second))
        expected = Decision.DOUBLE if spread >= 7 else Decision.PLAY
        assert player.decide(view) is expected
        doubles = compute_odds(decks).double_spreads
        assert (expected is Decision.DOUBLE) == (spread in doubles)
        no_double = view_of(phase=Phase.DECIDING, hand=hand, decks=decks,
                            credit=MIN_BET, dealt=(hand.first, hand.second))
        assert player.decide(no_double) is Decision.PLAY


def test_the_best_player_bets_the_maximum_when_the_count_favours_it() -> None:
    # Left in a one-deck shoe: the four 2s, 7s, 8s, 9s and aces (20 cards).
    dealt = tuple(of_value(value, suit) for suit in range(4)
                  for value in (3, 4, 5, 6, 10, 11, 12, 13))
    left = remaining_counts(1, count_values(dealt))
    assert left == (4, 0, 0, 0, 0, 4, 4, 4, 0, 0, 0, 0, 4)
    assert round_expectation(left) == Fraction(7, 285)
    player = BestPlayer()
    assert player.decide(view_of(dealt=dealt)) == Bet(MAX_BET)
    assert player.decide(view_of(dealt=dealt, bet=MAX_BET)) is DEAL
    advice = advise(view_of(dealt=dealt, bet=MAX_BET))
    assert advice.hint() == ("Hint: press Enter to deal with your $500.00 bet: the "
                             "cards left favour you (a $1 bet wins about 2.5 "
                             "cents on average).")
    # Here the edge comes from doubling (3/95 is lost without it): with $950
    # the best bet is the largest whose double the credit covers.
    assert round_expectation(left, doubling=False) == Fraction(-3, 95)
    assert player.decide(view_of(dealt=dealt, credit=95_000)) == Bet(45_000)
    assert player.decide(view_of(dealt=dealt, credit=9_900)) is DEAL
    assert advise(view_of(dealt=dealt, credit=9_900)).expectation == Fraction(-3, 95)
    # Past a quarter of the shoe a new one comes: the fresh-shoe house edge.
    many = dealt + tuple(of_value(value, suit) for suit in range(4)
                         for value in (2, 7, 8))
    assert player.decide(view_of(dealt=many, bet=MAX_BET)) == Bet(MIN_BET)


def test_the_hints_give_the_best_choice_and_its_exact_expectation() -> None:
    hand = spread_of(card("2S"), card("TH"))  # spread 7: 112 of 206 cards win
    view = view_of(phase=Phase.DECIDING, hand=hand, decks=4, dealt=(hand.first,
                                                                     hand.second))
    assert advise(view).hint() == (
        "Hint: double: each $1 of your bet wins about 17.5 cents on average if you "
        "double, against half that if you play: the spread favours you.")
    narrow = spread_of(card("8S"), card("TH"))
    view = view_of(phase=Phase.DECIDING, hand=narrow, decks=4, credit=MIN_BET,
                   dealt=(narrow.first, narrow.second))
    assert advise(view).hint() == (
        "Hint: play: each $1 of your bet loses about 53.4 cents on average here, "
        "and your credit does not cover a double.")
    assert advise(view_of(decks=4)).hint() == (
        "Hint: press Enter to deal with your $50.00 bet: the cards left favour the "
        "house (a $1 bet loses about 2.9 cents on average).")
    with pytest.raises(ValueError):
        advise(view_of(phase=Phase.OVER))


def test_the_random_player_spreads_over_every_legal_choice() -> None:
    player = RandomPlayer(random.Random(1))
    view = view_of(credit=30_000)
    moves = [player.decide(view) for _ in range(2000)]
    assert 900 < moves.count(DEAL) < 1100
    assert {move for move in moves if move is not DEAL} == {
        Bet(cents) for cents in range(MIN_BET, 30_001, MIN_BET)}
    hand = spread_of(card("2S"), card("TH"))
    spread = view_of(phase=Phase.DECIDING, hand=hand, dealt=(hand.first, hand.second))
    decisions = [player.decide(spread) for _ in range(1000)]
    assert 400 < decisions.count(Decision.DOUBLE) < 600
    poor = view_of(phase=Phase.DECIDING, hand=hand, credit=MIN_BET,
                   dealt=(hand.first, hand.second))
    assert {player.decide(poor) for _ in range(50)} == {Decision.PLAY}


def test_moves_are_spelled_as_a_person_types_them() -> None:
    assert [spell(move) for move in (DEAL, Bet(MAX_BET), Decision.PLAY,
                                     Decision.DOUBLE)] == ["", "500", "play", "double"]
    assert all(parse_money(spell(Bet(cents))) == cents
               for cents in range(MIN_BET, MAX_BET + 1, MIN_BET))
    assert spell(Bet(12_345)) == "123.45"


# --- the command line -------------------------------------------------------

def moves(transcript: bytes) -> bytes:
    """The line after every prompt of `transcript`, one a line: its input."""
    return "".join(line + "\n" for line in
                   PROMPTS.findall(transcript.decode())).encode()


@pytest.mark.parametrize(("strategy", "seed", "extra"), [
    ("smart", 1, []), ("smart", 2, ["--hint"]), ("random", 3, []),
    ("random", 4, ["--hint"]), ("smart", 5, ["--decks", "1", "--rounds", "60"]),
    ("random", 6, ["--decks", "1", "--rounds", "200", "--hint"]),
])
def test_a_computer_transcript_replays_as_typed_input(
        run_cli: RunCli, strategy: str, seed: int, extra: list[str]) -> None:
    rounds = [] if "--rounds" in extra else ["--rounds", "100"]
    computer = run_cli("reddog", "--computer", "--strategy", strategy,
                       "--seed", str(seed), *extra)
    assert computer.returncode == 0 and computer.stderr == b""
    assert computer.stdout.endswith(b"\n") and b"Game over: " in computer.stdout
    person = run_cli("reddog", "--seed", str(seed), *rounds, *extra,
                     stdin=moves(computer.stdout))
    assert person.returncode == 0 and person.stderr == b""
    assert person.stdout == computer.stdout


def test_a_computer_game_needs_no_input_and_stops_after_100_rounds(
        run_cli: RunCli) -> None:
    result = run_cli("reddog", "--computer", "--seed", "11", "--decks", "8")
    assert result.returncode == 0 and result.stderr == b""
    text = result.stdout.decode()
    assert "Round 100: " in text and "Round 101: " not in text
    assert "That was the last round: the game is 100 rounds long.\n" in text


def test_the_smart_computer_follows_its_own_hints(run_cli: RunCli) -> None:
    result = run_cli("reddog", "--computer", "--hint", "--seed", "6", "--decks", "1",
                     "--rounds", "150")
    assert result.returncode == 0
    lines = joined_hints(result.stdout.decode()).splitlines()
    checked = 0
    for hint, prompt in itertools.pairwise(lines):
        if not hint.startswith("Hint: "):
            continue
        typed = PROMPTS.search(prompt)
        assert typed is not None, prompt
        advice = hint.removeprefix("Hint: ")
        if advice.startswith("press Enter to deal"):
            expected = ""
        elif advice.startswith("type "):
            expected = advice.split()[1]  # the amount to type
        else:
            expected = advice.split(":")[0]  # play or double
        assert typed.group(1) == expected, (hint, prompt)
        checked += 1
    assert checked > 150
    for bet in (b"500", b"450", b"50"):  # the maximum, one whose double is covered
        assert b"New bet, Enter to deal, or quit: " + bet + b"\n" in result.stdout


def test_a_person_with_hints_sees_one_before_each_prompt(run_cli: RunCli) -> None:
    deck = str(DATA / "reddog" / "basics.deck")
    script = (DATA / "reddog" / "basics.in").read_bytes()
    plain = run_cli("reddog", "--deck", deck, "--decks", "1", "--seed", "1",
                    stdin=script)
    hinted = run_cli("reddog", "--deck", deck, "--decks", "1", "--seed", "1", "--hint",
                     stdin=script)
    assert hinted.returncode == plain.returncode == 0
    lines = joined_hints(hinted.stdout.decode()).splitlines(keepends=True)
    assert "".join(line for line in lines
                   if not line.startswith("Hint: ")).encode() == plain.stdout
    for index, line in enumerate(lines):
        if PROMPTS.search(line):
            assert lines[index - 1].startswith("Hint: ")


def test_end_of_input_with_hints_exits_1(run_cli: RunCli) -> None:
    result = run_cli("reddog", "--hint", "--seed", "1", stdin=b"\n")
    assert result.returncode == 1
    assert result.stderr == b"reddog: input ended before the game was over\n"


def test_a_person_may_play_a_set_number_of_rounds(run_cli: RunCli) -> None:
    result = run_cli("reddog", "--seed", "1", "--rounds", "2", stdin=b"\np\n" * 3)
    text = result.stdout.decode()
    assert result.returncode == 0 and "Round 2: " in text and "Round 3" not in text
    assert "\nThat was the last round: the game is 2 rounds long.\n" \
           "Game over: 2 rounds played, net result " in text


@pytest.mark.parametrize(("args", "message"), [
    (["--hint", "--simulate", "5"], "--simulate prints no transcript: it takes no"
                                    " --hint"),
    (["--strategy", "smart"], "--strategy needs --computer or --simulate"),
    (["--computer", "--strategy", "clever"], "argument --strategy: unknown strategy"
                                             " 'clever' (choose from smart, random)"),
    (["--computer", "--strategy", "smart,random"], "argument --strategy: 2 names for"
                                                   " 1 computer seat"),
    (["--computer", "--jobs", "2"], "--jobs needs --simulate"),
    (["--simulate", "0"], "argument --simulate: must be 1 to 100000000, not 0"),
    (["--simulate", "x"], "argument --simulate: invalid int value: 'x'"),
    (["--simulate", "5", "--jobs", "0"], "argument --jobs: must be 1 to 256, not 0"),
    (["--simulate", "5", "--computer"], "--simulate plays every seat by computer"),
    (["--simulate", "5", "--deck", "x"], "--simulate deals every game from --seed"),
    (["--simulate", "5", "--log", "x"], "--simulate deals every game from --seed"),
    (["--rounds", "0"], "argument --rounds: must be 1 to 1000000, not 0"),
    (["--rounds", "many"], "argument --rounds: invalid int value: 'many'"),
    (["--computer=yes"], "argument --computer: ignored explicit argument 'yes'"),
    (["--odds", "--computer"], "--odds plays no game: it takes no --computer"),
    (["--odds", "--hint"], "--odds plays no game: it takes no --hint"),
    (["--odds", "--rounds", "3"], "--odds plays no game: it takes no --rounds"),
    (["--odds", "--simulate", "3"], "--odds plays no game: it takes no --simulate"),
])
def test_bad_computer_options_are_one_line_and_exit_2(
        run_cli: RunCli, args: list[str], message: str) -> None:
    result = run_cli("reddog", *args)
    assert result.returncode == 2 and result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("reddog: error: ")
    assert message in lines[0]


@pytest.mark.parametrize("count", [0, 2])
def test_the_console_takes_exactly_one_controller(count: int) -> None:
    terminal = Terminal(io.BytesIO(), io.StringIO())
    game = RedDogGame(Dealer(random.Random(1)))
    console = RedDogConsole(game, terminal)
    seats = controllers(["smart"] * count, STRATEGIES, 1, console.person)
    with pytest.raises(ValueError, match=f"{count} controllers for 1 seat"):
        console.play(seats)
    assert game.current_seat is None and game.rounds_played == 0  # never started


def test_a_name_means_one_thing_across_the_modules() -> None:
    # reddog.game.Deal (a round's first cards) once shared its name with the
    # strategy's move "deal now".
    modules = [importlib.import_module(f"reddog.{info.name}")
               for info in pkgutil.iter_modules(reddog.__path__)]
    for name in reddog.__all__:
        thing = getattr(reddog, name, None)
        if isinstance(thing, type):
            for module in modules:
                assert getattr(module, name, thing) is thing, (module, name)


def test_the_hint_never_speaks_of_a_loss_when_playing_breaks_even(
        run_cli: RunCli) -> None:
    played = run_cli("reddog", "--computer", "--seed", "2", "--decks", "1", "--hint",
                      "--rounds", "200")
    hints = [" ".join(hint.split()) for hint in
             played.stdout.decode().split("Hint: ")[1:]]
    even = [hint for hint in hints if "breaks even on average;" in hint]
    assert even, "a round where playing breaks even"
    for hint in even:
        assert "double the loss" not in hint
        assert "doubling would risk twice as much for nothing more." in hint
