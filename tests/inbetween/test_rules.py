"""Rules of In Between as the engine implements them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

import pytest
from helpers.paths import DATA as TEST_DATA

from common.cards.card import Card, parse_card, parse_cards
from common.cli.options import read_deck_file
from common.engine.dealer import Dealer, DeckOrderError
from common.engine.game import QUIT
from inbetween import (
    FOLD,
    Action,
    DrawOutcome,
    EndReason,
    Gate,
    IllegalMoveError,
    InBetweenCard,
    InBetweenDeck,
    InBetweenGame,
    PairKind,
    TransferReason,
)
from inbetween.events import (
    POOL,
    CardDrawn,
    CardsDealt,
    Decision,
    Event,
    GameEnded,
    GameStarted,
    PairFound,
    PlayerOut,
    PoolRefilled,
    RoundStarted,
    Transfer,
)

DATA = TEST_DATA / "inbetween"


def card(token: str) -> InBetweenCard:
    return InBetweenCard.parse(token)


def dealer(seed: int, deck: Sequence[Card] | None = None) -> Dealer:
    """Deal `deck` (when given) for round 1, then decks shuffled with `seed`."""
    return Dealer(random.Random(seed), [] if deck is None else [deck])


def make_deck(players: int, hands: dict[int, tuple[str, str]],
              draws: list[str]) -> list[Card]:
    """A round-1 deck dealing `hands` (seat -> two tokens), then `draws`."""
    order = [*range(1, players), 0]
    cards = [parse_card(hands[seat][k]) for k in range(2) for seat in order]
    cards += parse_cards(" ".join(draws))
    cards += [c for c in InBetweenDeck() if c not in cards]
    assert len(set(cards)) == 52
    return cards


E = TypeVar("E", bound=Event)


def of(kind: type[E], events: list[Event]) -> list[E]:
    return [event for event in events if isinstance(event, kind)]


# Cards ---------------------------------------------------------------------

def test_ace_is_high_and_two_is_low() -> None:
    values = [card(rank + "S").value for rank in "23456789TJQKA"]
    assert values == list(range(2, 15))
    assert card("AD") > card("KS") > card("2C")
    assert card("2H") < card("3D")


def test_deck_holds_52_in_between_cards() -> None:
    deck = InBetweenDeck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert all(isinstance(c, InBetweenCard) for c in deck)
    assert isinstance(InBetweenDeck(parse_cards("3D 4D")).deal_card(), InBetweenCard)


def test_shuffle_is_deterministic_for_a_seed() -> None:
    first, second = InBetweenDeck(), InBetweenDeck()
    first.shuffle(random.Random(3))
    second.shuffle(random.Random(3))
    assert list(first) == list(second) != list(InBetweenDeck())


@pytest.mark.parametrize(("a", "b", "kind"), [
    ("5C", "5H", PairKind.EQUAL),
    ("AC", "AH", PairKind.EQUAL),
    ("5C", "6H", PairKind.CONSECUTIVE),
    ("6H", "5C", PairKind.CONSECUTIVE),
    ("KC", "AH", PairKind.CONSECUTIVE),
    ("9C", "TH", PairKind.CONSECUTIVE),
    ("AC", "2H", None),
    ("5C", "7H", None),
    ("2C", "AH", None),
])
def test_pair_kind(a: str, b: str, kind: PairKind | None) -> None:
    assert Gate(None, [card(a), card(b)]).pair_kind is kind


@pytest.mark.parametrize(("a", "b", "drawn", "outcome"), [
    ("5C", "7H", "6D", DrawOutcome.BETWEEN),
    ("7H", "5C", "6D", DrawOutcome.BETWEEN),
    ("2C", "AH", "KD", DrawOutcome.BETWEEN),
    ("2C", "AH", "AD", DrawOutcome.EQUAL),
    ("2C", "AH", "2D", DrawOutcome.EQUAL),
    ("8C", "TH", "6D", DrawOutcome.OUTSIDE),
    ("8C", "TH", "JD", DrawOutcome.OUTSIDE),
    ("3C", "KH", "AD", DrawOutcome.OUTSIDE),
])
def test_draw_outcome(a: str, b: str, drawn: str, outcome: DrawOutcome) -> None:
    assert Gate(None, [card(a), card(b)]).outcome(card(drawn)) is outcome


# Setting up ----------------------------------------------------------------

@pytest.mark.parametrize("players", [0, 1, 11, -3])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError):
        InBetweenGame(dealer(1), players=players)


@pytest.mark.parametrize("extra", [0, 1, 51])
def test_first_deck_must_be_52_distinct_cards(extra: int) -> None:
    cards = list(InBetweenDeck())
    deck = cards[:2] if extra == 0 else cards + cards[:extra]
    game = InBetweenGame(dealer(1, deck), players=2)
    with pytest.raises(DeckOrderError):  # a ValueError, when round 1 is dealt
        game.start()


@pytest.mark.parametrize("players", range(2, 11))
def test_start_collects_the_ante_and_deals_two_cards_each(players: int) -> None:
    game = InBetweenGame(dealer(players), players=players)
    events = game.start()
    assert isinstance(events[0], GameStarted) and events[0].coins == 10
    antes = [e for e in of(Transfer, events) if e.reason is TransferReason.ANTE]
    assert [(e.payer, e.payee, e.amount) for e in antes] == [
        (seat, POOL, 1) for seat in range(players)]
    round_start = of(RoundStarted, events)[0]
    assert round_start.round == 1 and round_start.dealer == 0
    assert round_start.coins == (9,) * players and round_start.pool == players
    dealt = of(CardsDealt, events)
    assert [e.seat for e in dealt] == list(round_start.order)
    assert all(len(e.cards) == 2 for e in dealt)
    assert game.total_coins == 10 * players


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer() -> None:
    deck = make_deck(3, {1: ("3D", "9S"), 2: ("4C", "TC"), 0: ("2H", "QH")}, [])
    game = InBetweenGame(dealer(1, deck), players=3)
    events = game.start()
    assert [e.cards for e in of(CardsDealt, events)] == [
        (card("3D"), card("9S")), (card("4C"), card("TC")), (card("2H"), card("QH"))]
    assert of(RoundStarted, events)[0].order == (1, 2, 0)


def test_hands_are_sorted_low_to_high_with_the_ace_high() -> None:
    deck = make_deck(2, {1: ("AS", "3D"), 0: ("QH", "2H")}, [])
    game = InBetweenGame(dealer(1, deck), players=2)
    game.start()
    assert game.players[1].cards == (card("3D"), card("AS"))
    assert game.players[0].cards == (card("2H"), card("QH"))


def test_start_twice_and_moves_before_start_are_illegal() -> None:
    game = InBetweenGame(dealer(1), players=2)
    with pytest.raises(IllegalMoveError):
        game.apply(1)
    with pytest.raises(IllegalMoveError):
        game.apply(FOLD)
    game.start()
    with pytest.raises(IllegalMoveError):
        game.start()


# Betting -------------------------------------------------------------------

def test_winning_bet_is_paid_from_the_pool() -> None:
    deck = make_deck(3, {1: ("3D", "9S"), 2: ("4C", "TC"), 0: ("2H", "QH")}, ["7H"])
    game = InBetweenGame(dealer(1, deck), players=3)
    game.start()
    assert game.current_player.name == "Player 1" and game.current_seat == 1
    events = game.apply(1)
    assert events[0] == Decision(1, Action.BET, 1)
    drawn = of(CardDrawn, events)[0]
    assert drawn.card == card("7H") and drawn.outcome is DrawOutcome.BETWEEN
    transfer = of(Transfer, events)[0]
    assert (transfer.payer, transfer.payee, transfer.amount, transfer.reason) == (
        POOL, 1, 1, TransferReason.WON_BET)
    assert game.players[1].coins == 10 and game.pool == 2


@pytest.mark.parametrize("drawn", ["9H", "3H", "KH", "2S"])
def test_losing_bet_goes_into_the_pool(drawn: str) -> None:
    deck = make_deck(3, {1: ("3D", "9S"), 2: ("4C", "TC"), 0: ("2H", "QH")}, [drawn])
    game = InBetweenGame(dealer(1, deck), players=3)
    game.start()
    events = game.apply(1)
    assert of(CardDrawn, events)[0].outcome is not DrawOutcome.BETWEEN
    transfer = of(Transfer, events)[0]
    assert (transfer.payer, transfer.payee, transfer.reason) == (
        1, POOL, TransferReason.LOST_BET)
    assert game.players[1].coins == 8 and game.pool == 4


def test_fold_costs_one_coin_and_draws_nothing() -> None:
    deck = make_deck(3, {1: ("3D", "9S"), 2: ("4C", "TC"), 0: ("2H", "QH")}, ["7H"])
    game = InBetweenGame(dealer(1, deck), players=3)
    game.start()
    events = game.apply(FOLD)
    assert events[0] == Decision(1, Action.FOLD, None)
    assert not of(CardDrawn, events)
    assert of(Transfer, events)[0].reason is TransferReason.FOLD
    assert game.players[1].coins == 8 and game.pool == 4
    # The card Player 1 did not draw is Player 2's.
    assert of(CardDrawn, game.apply(1))[0].card == card("7H")


def test_first_round_maximum_bet_is_one() -> None:
    deck = make_deck(2, {1: ("3D", "KS"), 0: ("2H", "QH")}, [])
    game = InBetweenGame(dealer(1, deck), players=2)
    game.start()
    assert game.bet_range == (1, 1)
    for bad in (0, 2, -1, 10**9):
        with pytest.raises(IllegalMoveError):
            game.apply(bad)
    with pytest.raises(IllegalMoveError):
        game.apply(True)
    with pytest.raises(IllegalMoveError):
        game.apply(1.0)  # type: ignore[arg-type]
    assert game.players[1].coins == 9 and game.pool == 2


def test_later_maximum_is_the_smaller_of_coins_and_pool() -> None:
    checked = 0
    for seed in range(200):
        rng = random.Random(seed)
        game = InBetweenGame(dealer(seed), players=rng.randint(2, 10))
        game.start()
        while not game.is_over:
            player = game.current_player
            expected = 1 if game.round_number == 1 else min(player.coins, game.pool)
            assert game.bet_range == (1, expected)
            checked += game.round_number > 1
            low, high = game.bet_range
            coins, pool = player.coins, game.pool
            with pytest.raises(IllegalMoveError):
                game.apply(high + 1)
            assert (player.coins, game.pool) == (coins, pool)
            if rng.random() < 0.2:
                game.apply(FOLD)
            else:
                game.apply(rng.randint(low, high))
    assert checked > 1000


def test_equal_and_consecutive_cards_pay_one_coin_and_skip_the_bet() -> None:
    deck = make_deck(4, {1: ("5C", "5H"), 2: ("KC", "AD"), 3: ("4C", "TC"),
                         0: ("2H", "QH")}, [])
    game = InBetweenGame(dealer(1, deck), players=4)
    events = game.start()
    pairs = of(PairFound, events)
    assert [(e.seat, e.pair) for e in pairs] == [
        (1, PairKind.EQUAL), (2, PairKind.CONSECUTIVE)]
    paid = [e for e in of(Transfer, events) if e.payer == POOL]
    assert [(e.payee, e.amount, e.reason) for e in paid] == [
        (1, 1, TransferReason.EQUAL_CARDS),
        (2, 1, TransferReason.CONSECUTIVE_CARDS)]
    assert game.current_player.name == "Player 3"
    assert game.pool == 2 and game.players[1].coins == game.players[2].coins == 10


# Rounds, going out and the end ----------------------------------------------

def test_dealer_moves_left_and_the_dealer_plays_last() -> None:
    game = InBetweenGame(dealer(5), players=4)
    events = game.start()
    while not game.is_over and game.round_number < 6:
        events += game.apply(FOLD)
    starts = of(RoundStarted, events)
    assert [e.dealer for e in starts[:5]] == [0, 1, 2, 3, 0]
    assert starts[1].order == (2, 3, 0, 1)


def test_later_rounds_are_shuffled_from_the_seed_even_with_a_first_deck() -> None:
    deck = make_deck(2, {1: ("3D", "KS"), 0: ("2H", "QH")}, ["AH", "KD"])

    def second_round(seed: int) -> list[Event]:
        game = InBetweenGame(dealer(seed, deck), players=2)
        game.start()
        events = game.apply(1) + game.apply(1)
        assert of(RoundStarted, events)[0].round == 2
        return of(CardsDealt, events)

    assert second_round(4) == second_round(4)
    assert second_round(4) != second_round(5)


def test_empty_pool_ends_the_game_at_once_mid_round() -> None:
    deck = make_deck(3, {1: ("5C", "6H"), 2: ("8C", "8H"), 0: ("2H", "QH")}, [])
    game = InBetweenGame(dealer(1, deck), players=3)
    game.start()
    assert game.pool == 1 and not game.is_over
    assert game.current_player.name == "Player 0"
    deck = make_deck(2, {1: ("5C", "6H"), 0: ("8C", "8H")}, [])
    game = InBetweenGame(dealer(1, deck), players=2)
    events = game.start()
    assert game.is_over and game.end_reason is EndReason.POOL_EMPTY
    end = events[-1]
    assert isinstance(end, GameEnded) and end.pool == 0 and end.coins == (10, 10)
    assert end.winners == (0, 1)
    with pytest.raises(IllegalMoveError):
        game.apply(1)
    with pytest.raises(IllegalMoveError):
        game.apply(QUIT)


def test_a_winning_bet_that_empties_the_pool_ends_the_game() -> None:
    deck = make_deck(2, {1: ("5C", "6H"), 0: ("3C", "KH")}, ["9D"])
    game = InBetweenGame(dealer(1, deck), players=2)
    game.start()
    assert game.pool == 1 and game.current_player.name == "Player 0"
    events = game.apply(1)
    assert game.end_reason is EndReason.POOL_EMPTY
    end = events[-1]
    assert isinstance(end, GameEnded) and end.coins == (10, 10) and end.pool == 0


# The house rules: --refill and --rounds ---------------------------------------

def test_with_refill_an_empty_pool_is_anted_again_and_play_goes_on() -> None:
    # The pairs of both players empty the pool in round 1, as in the test above.
    deck = make_deck(2, {1: ("5C", "6H"), 0: ("8C", "8H")}, [])
    game = InBetweenGame(dealer(1, deck), players=2, refill=True)
    events = game.start()
    assert not game.is_over and game.end_reason is None
    refill = of(PoolRefilled, events)
    assert refill == [PoolRefilled((0, 1))]
    after = events[events.index(refill[0]) + 1:]
    antes = of(Transfer, after)[:2]
    assert [(t.payer, t.payee, t.amount, t.reason) for t in antes] == [
        (0, POOL, 1, TransferReason.ANTE), (1, POOL, 1, TransferReason.ANTE)]
    assert antes[-1].coins == (9, 9) and antes[-1].pool == 2
    # Round 1 was over; round 2 follows at once.
    assert of(RoundStarted, after)[0].round == 2
    assert game.round_number == 2 and game.total_coins == 20


def test_with_refill_a_winning_bet_that_empties_the_pool_is_anted_again() -> None:
    deck = make_deck(3, {1: ("5C", "6H"), 2: ("3C", "KH"), 0: ("2D", "AD")},
                     ["9D", "4S"])
    game = InBetweenGame(dealer(1, deck), players=3, refill=True)
    game.start()  # Player 1's pair: the pool is 2
    assert game.current_seat == 2 and game.pool == 2
    game.apply(1)  # Player 2 wins 1 coin (round 1 bets are 1): 1 left
    assert game.pool == 1
    events = game.apply(1)  # Player 0 wins the last coin
    assert of(PoolRefilled, events) == [PoolRefilled((0, 1, 2))]
    assert game.pool == 3 and tuple(p.coins for p in game.players) == (9, 9, 9)
    assert game.round_number == 2 and not game.is_over


def test_a_refill_ante_can_put_a_player_out_and_skip_their_turn() -> None:
    # Searched: a refill's ante takes the last coin of a player whose turn
    # this round is still to come; that turn never comes.
    for seed in range(3000):
        policy = random.Random(seed)
        game = InBetweenGame(dealer(seed), players=4, refill=True)
        events = game.start()
        order: tuple[int, ...] = ()
        played: list[int] = []
        skipped: set[int] = set()
        while True:
            for event in events:
                if isinstance(event, RoundStarted):
                    if skipped:
                        return  # the round ended without their turn
                    order, played = event.order, []
                elif isinstance(event, (PairFound, Decision)):
                    assert event.seat not in skipped
                    played.append(event.seat)
                elif isinstance(event, PlayerOut) and event.seat not in played:
                    assert event.seat in order and game.players[event.seat].coins == 0
                    skipped.add(event.seat)
            if game.is_over:
                break
            assert game.current_seat not in skipped
            low, high = game.bet_range
            events = game.apply(policy.choice([low, high]))
    pytest.fail("no seed led a refill to put out a player before their turn")


def test_the_game_ends_after_max_rounds_and_the_richest_win() -> None:
    for seed in range(50):
        game = InBetweenGame(dealer(seed), players=4, max_rounds=2)
        events = game.start()
        while not game.is_over:
            events = game.apply(1)
        if game.end_reason is not EndReason.ROUND_LIMIT:
            continue
        assert game.round_number == 2
        end = events[-1]
        assert isinstance(end, GameEnded) and end.seat is None
        assert end.pool == game.pool > 0  # the pool keeps its coins
        most = max(end.coins)
        assert end.winners == tuple(s for s, c in enumerate(end.coins) if c == most)
        assert sum(end.coins) + end.pool == 40
        return
    pytest.fail("no seed played 2 rounds to the limit")


@pytest.mark.parametrize("rounds", [0, -1])
def test_a_round_limit_below_one_is_refused(rounds: int) -> None:
    with pytest.raises(ValueError, match="at least one round"):
        InBetweenGame(dealer(1), max_rounds=rounds)


def test_last_player_standing_takes_the_pool() -> None:
    # The three-player golden game, replayed on the engine.
    deck = read_deck_file(str(DATA / "three_players.deck"))
    game = InBetweenGame(dealer(8664, deck), players=3)
    events = game.start()
    for line in (DATA / "three_players.in").read_text().split():
        events += game.apply(FOLD if line == "fold" else int(line))
    assert [e.seat for e in of(PlayerOut, events)] == [1, 0]
    assert [e.dealer for e in of(RoundStarted, events)] == [0, 1, 2, 0, 2]
    assert of(RoundStarted, events)[-1].order == (0, 2)
    last = of(Transfer, events)[-1]
    assert (last.payee, last.amount, last.reason) == (
        2, 19, TransferReason.LAST_PLAYER)
    end = events[-1]
    assert isinstance(end, GameEnded)
    assert end.reason is EndReason.LAST_PLAYER and end.seat == 2
    assert end.coins == (0, 0, 30) and end.pool == 0
    assert game.players[0].is_out and game.players[1].is_out


def test_a_fold_can_put_a_player_out() -> None:
    for seed in range(300):
        game = InBetweenGame(dealer(seed), players=2)
        game.start()
        while not game.is_over and game.current_player.coins > 1:
            game.apply(FOLD)
        if not game.is_over:
            folder = game.current_seat
            assert folder is not None
            events = game.apply(FOLD)
            assert PlayerOut(folder) in events
            assert game.end_reason is EndReason.LAST_PLAYER
            assert game.total_coins == 20 and game.pool == 0
            return
    pytest.fail("no seed led to a player folding their last coin")


def test_quit_ends_the_game_and_leaves_the_coins_where_they_are() -> None:
    game = InBetweenGame(dealer(2), players=3)
    game.start()
    coins = tuple(p.coins for p in game.players)
    pool = game.pool
    quitter = game.current_seat
    events = game.apply(QUIT)
    assert len(events) == 1 and isinstance(events[0], GameEnded)
    assert events[0].reason is EndReason.QUIT and events[0].seat == quitter
    assert events[0].coins == coins and events[0].pool == pool
    assert game.is_over
    with pytest.raises(IllegalMoveError):
        game.apply(FOLD)


def test_repr_and_event_records() -> None:
    game = InBetweenGame(dealer(1), players=2)
    events = game.start()
    assert "pool=2" in repr(game)
    assert "coins=9" in repr(game.players[0])
    dealt = of(CardsDealt, events)[0].record()
    assert set(dealt) == {"event", "seat", "cards"} and dealt["event"] == "deal"
    assert all(isinstance(code, str) and len(code) == 2
               for code in dealt["cards"])  # type: ignore[attr-defined]
    assert of(Transfer, events)[0].record()["reason"] == "ante"
