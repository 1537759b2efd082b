"""Red Dog's cards, shoe, pay table, money and engine actions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from common.cards.card import Card
from common.engine.dealer import Dealer
from common.engine.events import Event
from common.engine.game import QUIT
from reddog import (
    DEAL,
    Bet,
    Decision,
    HandKind,
    IllegalMoveError,
    NewShoe,
    Outcome,
    Phase,
    RedDogCard,
    RedDogGame,
    RoundDealt,
    RoundSettled,
    Shoe,
    Spread,
    format_money,
    parse_money,
    spread_pays,
)
from reddog.money import format_change


def card(code: str) -> RedDogCard:
    return RedDogCard.parse(code)


def cards(codes: str) -> list[RedDogCard]:
    return [card(code) for code in codes.split()]


def hand(codes: str) -> Spread:
    first, second = codes.split()
    return Spread(None, [card(first), card(second)])


def started(game: RedDogGame) -> RedDogGame:
    """`game`, started: ready for its first move."""
    game.start()
    return game


def game_with(codes: str, *, decks: int = 1, credit: int = 100_000,
              bet: int = 5_000) -> RedDogGame:
    """A started game whose shoe starts with `codes` (the rest of it shuffled below)."""
    rng = random.Random(0)
    top = [Card.parse(code) for code in codes.split()]
    shoe = Shoe.stacked(top, decks, rng)
    return started(RedDogGame(Dealer(rng, [list(shoe)]), decks=decks, credit=credit,
                              bet=bet))


def dealt(events: list[Event]) -> RoundDealt:
    """The one round dealt among `events`."""
    (round_dealt,) = [event for event in events if isinstance(event, RoundDealt)]
    return round_dealt


def settled(events: list[Event]) -> RoundSettled | None:
    """The round settled among `events`, if one was."""
    results = [event for event in events if isinstance(event, RoundSettled)]
    assert len(results) <= 1
    return results[0] if results else None


def decide(game: RedDogGame, decision: Decision) -> RoundSettled:
    """Play or double the spread awaiting a decision; return the settled round."""
    result = settled(game.apply(decision))
    assert result is not None
    return result


# --- cards and shoe ---------------------------------------------------------

def test_card_values_run_two_to_fourteen_with_the_ace_high() -> None:
    assert [c.value for c in cards("2S 3S 9S TS JS QS KS AS")] == [
        2, 3, 9, 10, 11, 12, 13, 14]
    assert card("AD") > card("KS") > card("2C")
    assert sorted([card("AH"), card("2H"), card("KH")]) == [
        card("2H"), card("KH"), card("AH")]
    assert str(card("TD")) == "♦10" and repr(card("AS")) == "RedDogCard.parse('AS')"


@pytest.mark.parametrize("decks", [1, 4, 8])
def test_a_shoe_holds_each_card_once_per_deck(decks: int) -> None:
    shoe = Shoe(decks)
    assert len(shoe) == shoe.capacity == 52 * decks
    assert set(Counter(shoe).values()) == {decks}
    assert all(isinstance(c, RedDogCard) for c in shoe)


@pytest.mark.parametrize("decks", [0, 9, -1])
def test_a_shoe_needs_one_to_eight_decks(decks: int) -> None:
    with pytest.raises(ValueError, match="1 to 8 decks"):
        Shoe(decks)


def test_the_shoe_is_renewed_below_a_quarter() -> None:
    shoe = Shoe(4)
    while len(shoe) > 52:
        assert not shoe.needs_new_shoe()
        shoe.deal_card()
    assert len(shoe) == 52 and not shoe.needs_new_shoe()  # exactly a quarter
    shoe.deal_card()
    assert shoe.needs_new_shoe()


def test_a_stacked_shoe_puts_the_file_on_top_and_shuffles_the_rest() -> None:
    top = [Card(suit, rank) for rank in range(13) for suit in range(4)]
    shoe = Shoe.stacked(top, 3, random.Random(5))
    cards = list(shoe)
    assert cards[:52] == top
    assert Counter(cards) == Counter(Shoe(3))
    assert cards[52:] != list(Shoe(2))  # shuffled, not in fresh order
    assert list(Shoe.stacked(top, 1, random.Random(5))) == top


def test_a_stacked_shoe_rejects_cards_it_does_not_hold() -> None:
    with pytest.raises(ValueError, match="AS"):
        Shoe.stacked([Card.parse("AS")] * 2, 1, random.Random(0))


def test_a_seeded_shoe_is_reproducible() -> None:
    assert list(Shoe.shuffled(4, random.Random(9))) == list(
        Shoe.shuffled(4, random.Random(9)))


# --- the pay table (the seed's table) ---------------------------------------

@pytest.mark.parametrize(("spread", "pays"), [
    (1, 5), (2, 4), (3, 2), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1),
    (10, 1), (11, 1)])
def test_spread_pays_the_seed_table(spread: int, pays: int) -> None:
    assert spread_pays(spread) == pays


@pytest.mark.parametrize("spread", [0, 12, -1])
def test_spread_pays_only_spreads_one_to_eleven(spread: int) -> None:
    with pytest.raises(ValueError):
        spread_pays(spread)


@pytest.mark.parametrize(("codes", "kind", "spread", "pays"), [
    ("5S 6H", HandKind.CONSECUTIVE, 0, 0),
    ("KD AC", HandKind.CONSECUTIVE, 0, 0),
    ("AC 2D", HandKind.SPREAD, 11, 1),  # the ace is never low
    ("2D AC", HandKind.SPREAD, 11, 1),
    ("7D 9S", HandKind.SPREAD, 1, 5),
    ("JD 8C", HandKind.SPREAD, 2, 4),
    ("2C 6D", HandKind.SPREAD, 3, 2),
    ("8S KD", HandKind.SPREAD, 4, 1),
    ("5D 5C", HandKind.PAIR, None, 11),
    ("AD AS", HandKind.PAIR, None, 11),
])
def test_hand_kinds_spreads_and_pays(codes: str, kind: HandKind, spread: int | None,
                                     pays: int) -> None:
    dealt = hand(codes)
    assert (dealt.kind, dealt.spread, dealt.pays) == (kind, spread, pays)


def test_the_middle_card_wins_strictly_between_or_as_trips() -> None:
    spread = hand("3D TC")
    assert [spread.wins(c) for c in cards("3H 4H 9H TH AH 2H")] == [
        False, True, True, False, False, False]
    pair = hand("9D 9C")
    assert pair.wins(card("9S")) and not pair.wins(card("8S"))
    assert not hand("5S 6H").wins(card("5H"))
    assert str(hand("AS 2D")) == "[♠A] [♦2]"


# --- money ------------------------------------------------------------------

@pytest.mark.parametrize(("cents", "text"), [
    (100_000, "$1000.00"), (0, "$0.00"), (5, "$0.05"), (-5_000, "-$50.00"),
    (123_456_789, "$1234567.89")])
def test_format_money(cents: int, text: str) -> None:
    assert format_money(cents) == text


def test_format_change_signs_gains_and_losses() -> None:
    assert [format_change(c) for c in (15_000, -5_000, 0)] == [
        "+$150.00", "-$50.00", "$0.00"]


@pytest.mark.parametrize(("text", "cents"), [
    ("100", 10_000), ("$100", 10_000), (" 100.00 ", 10_000), ("$50.5", 5_050),
    ("0", 0), ("", None), ("-1", None), ("1e3", None), ("1,000", None),
    ("$", None), ("100.", None), ("100.001", None), ("١٠٠", None), ("99999999", None),
    ("fifty", None), ("50 50", None), ("\u00a050", None), ("\t50 ", 5_000)])
def test_parse_money(text: str, cents: int | None) -> None:
    assert parse_money(text) == cents


# --- engine actions ---------------------------------------------------------

def test_a_new_game_starts_with_1000_dollars_and_a_50_dollar_bet() -> None:
    game = RedDogGame(Dealer(random.Random(1)))
    assert (game.credit, game.bet, game.phase) == (100_000, 5_000, Phase.BETTING)
    assert len(game.shoe) == 208 and game.rounds_played == 0 and game.net == 0


@pytest.mark.parametrize("cents", [0, 2_500, 4_999, 7_500, 55_000, 50_001, -5_000])
def test_set_bet_refuses_bets_off_the_table(cents: int) -> None:
    game = started(RedDogGame(Dealer(random.Random(1))))
    with pytest.raises(IllegalMoveError):
        game.apply(Bet(cents))
    assert game.bet == 5_000


def test_set_bet_takes_every_step_from_50_to_500() -> None:
    game = started(RedDogGame(Dealer(random.Random(1))))
    for cents in range(5_000, 50_001, 5_000):
        game.apply(Bet(cents))
        assert game.bet == cents


def test_set_bet_refuses_more_than_the_credit() -> None:
    game = started(RedDogGame(Dealer(random.Random(1)), credit=20_000))
    assert game.max_bet == 20_000
    with pytest.raises(IllegalMoveError):
        game.apply(Bet(25_000))


def test_consecutive_is_a_push_settled_at_the_deal() -> None:
    game = game_with("5S 6H 7H")
    result = settled(game.apply(DEAL))
    assert result is not None and result.outcome is Outcome.PUSH
    assert result.third is None and result.payout == 0
    assert game.phase is Phase.BETTING and game.credit == 100_000
    assert len(game.shoe) == 50  # no middle card was drawn


def test_a_pair_and_its_third_card_make_trips_paying_11_to_1() -> None:
    game = game_with("5D 5C 5H", bet=10_000)
    result = settled(game.apply(DEAL))
    assert result is not None
    assert (result.outcome, result.pays, result.payout) == (Outcome.WIN, 11, 110_000)
    assert result.decision is None and result.third == card("5H")
    assert game.credit == 210_000


def test_a_pair_without_trips_is_a_push() -> None:
    game = game_with("9D 9C 4H")
    result = settled(game.apply(DEAL))
    assert result is not None and result.outcome is Outcome.PUSH
    assert game.credit == 100_000


def test_no_doubling_and_no_decision_on_a_pair() -> None:
    game = game_with("9D 9C 4H")
    game.apply(DEAL)
    assert not game.can_double
    with pytest.raises(IllegalMoveError):
        game.apply(Decision.DOUBLE)


@pytest.mark.parametrize(("codes", "decision", "payout"), [
    ("7D 9S 8D", Decision.PLAY, 25_000),      # spread 1 pays 5:1
    ("JD 8C 9H", Decision.DOUBLE, 40_000),    # spread 2 pays 4:1 on 100
    ("2C 6D 4C", Decision.PLAY, 10_000),      # spread 3 pays 2:1
    ("AS 2D KC", Decision.DOUBLE, 10_000),    # spread 11 pays 1:1 on 100
    ("3D TC TH", Decision.PLAY, -5_000),      # equal to a card loses
    ("4D TD AH", Decision.DOUBLE, -10_000),   # outside loses the whole wager
])
def test_a_spread_pays_by_the_table(codes: str, decision: Decision,
                                    payout: int) -> None:
    game = game_with(codes)
    deal = game.apply(DEAL)
    assert settled(deal) is None and game.phase is Phase.DECIDING
    assert game.hand == dealt(deal).hand
    result = decide(game, decision)
    assert result.payout == payout
    assert result.wager == (10_000 if decision is Decision.DOUBLE else 5_000)
    assert result.credit_after == result.credit_before + payout == game.credit
    assert game.phase is Phase.BETTING and game.hand is None


def test_doubling_needs_the_credit_to_cover_twice_the_bet() -> None:
    game = game_with("3C 9D KH", credit=50_000, bet=30_000)
    game.apply(DEAL)
    assert not game.can_double
    with pytest.raises(IllegalMoveError, match="does not cover"):
        game.apply(Decision.DOUBLE)
    game.apply(Decision.PLAY)
    assert game.credit == 20_000
    assert game.bet == 20_000  # lowered to what the credit covers


def test_actions_out_of_turn_are_refused() -> None:
    game = game_with("3C 9D KH")
    with pytest.raises(IllegalMoveError):
        game.apply(Decision.PLAY)
    game.apply(DEAL)
    for move in (DEAL, QUIT, Bet(10_000)):
        with pytest.raises(IllegalMoveError):
            game.apply(move)


def test_no_move_is_taken_before_the_start() -> None:
    game = RedDogGame(Dealer(random.Random(1)))
    assert game.current_seat is None and game.legal_moves() == []
    for move in (DEAL, QUIT, Bet(10_000), Decision.PLAY):
        with pytest.raises(IllegalMoveError, match="not started"):
            game.apply(move)
    assert game.rounds_played == 0 and len(game.shoe) == 208


def test_losing_below_the_minimum_bet_ends_the_game() -> None:
    game = game_with("3C 9D KH", credit=5_000)
    game.apply(DEAL)
    game.apply(Decision.PLAY)
    assert game.credit == 0 and game.phase is Phase.OVER
    with pytest.raises(IllegalMoveError):
        game.apply(DEAL)


def test_quit_ends_the_game_and_keeps_the_credit() -> None:
    game = game_with("2C 6D 4C")
    game.apply(DEAL)
    game.apply(Decision.PLAY)
    game.apply(QUIT)
    assert game.phase is Phase.OVER and game.rounds_played == 1 and game.net == 10_000
    # Quitting an ended game changes nothing: once over, every move is refused.
    with pytest.raises(IllegalMoveError, match="over"):
        game.apply(QUIT)
    assert game.phase is Phase.OVER and game.rounds_played == 1 and game.net == 10_000


def test_a_new_shoe_comes_exactly_when_fewer_than_a_quarter_remain() -> None:
    game = started(RedDogGame(Dealer(random.Random(3)), decks=1, credit=10**9))
    new_shoes = 0
    for _ in range(300):
        remaining = len(game.shoe)
        deal = game.apply(DEAL)
        new_shoe = any(isinstance(event, NewShoe) for event in deal)
        assert new_shoe == (4 * remaining < 52)
        result = settled(deal) or decide(game, Decision.PLAY)
        used = 2 if result.third is None else 3
        assert len(game.shoe) == (52 if new_shoe else remaining) - used
        new_shoes += new_shoe
    assert new_shoes >= 15


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError):
        RedDogGame(Dealer(random.Random(0)), bet=1)
    with pytest.raises(ValueError):
        RedDogGame(Dealer(random.Random(0)), credit=-1)
    assert RedDogGame(Dealer(random.Random(0)), credit=4_000).phase is Phase.OVER
