import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.cards.card import Card, parse_cards
from common.engine.dealer import Dealer
from common.engine.game import QUIT
from stud import Action, IllegalMoveError, Phase, StudCard, StudGame, StudRules
from stud.events import (
    ActionTaken,
    BettingClosed,
    CardDealt,
    Event,
    GameEnded,
    HandEnded,
    PlayerQuit,
    PotWon,
    RoundStarted,
    Showdown,
    UncalledReturned,
)

CHECK, BET, CALL, RAISE, FOLD = (Action.CHECK, Action.BET, Action.CALL, Action.RAISE,
                                 Action.FOLD)


def deck(prefix: str) -> list[Card]:
    """The named cards first (dealing order), then the rest in a fixed order."""
    first = parse_cards(prefix)
    return first + [Card(s, r) for s in range(4) for r in range(13)
                    if Card(s, r) not in first]


def dealer(seed: int, first: list[Card] | None = None) -> Dealer:
    """Deal `first` (when given) as the first hand's deck, then shuffle with `seed`."""
    return Dealer(random.Random(seed), [] if first is None else [first])


def game(prefix: str, stacks: tuple[int, int] = (100, 100)) -> StudGame:
    return StudGame(dealer(0, deck(prefix)), stacks=stacks)


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [event for event in events if isinstance(event, kind)]


def hand_end(events: list[Event]) -> HandEnded:
    """The one `HandEnded` among `events`: the money as the hand left it.

    The next hand is dealt in the same call, so the game's own stacks and pot
    already show the next hand's antes.
    """
    ends = of(HandEnded, events)
    assert len(ends) == 1, events
    end = ends[0]
    assert isinstance(end, HandEnded)
    return end


def split_at_hand_end(events: list[Event]) -> tuple[list[Event], list[Event]]:
    """The events up to the hand's end (included), and those after it."""
    index = events.index(hand_end(events)) + 1
    return events[:index], events[index:]


# --- the first-to-act rule -------------------------------------------------

@pytest.mark.parametrize(("first", "second"), [
    ("2C", "AC"),                  # ace high
    ("KH", "KS"),                  # same rank: hearts < spades
    ("AC", "AD"),                  # clubs lowest
    ("AS KS", "2C 2D"),            # a pair beats high cards
    ("AH QD", "AS KD"),            # high cards rank by rank
    ("3C 3D 9H", "3H 3S TC"),      # pair, then kicker
    ("2C 2D 3H", "AS AD KC"),      # pairs compared by rank
    ("KS KD QC QH", "AS AD 2C 2D"),  # two pair: top pair first
    ("AS AD KC KH", "2C 2D 2H 3S"),  # three of a kind beats two pair
    ("AS AD AC KH", "2C 2D 2H 2S"),  # four of a kind beats three
    ("9C TD JH QS", "2C 2D 5H 7S"),  # no straights: a pair beats four to one
    ("4H 7H 9H JH", "2C 2D 5C 7S"),  # no flushes either
    ("QC JC", "QD JD"),            # same ranks: the highest card's suit decides
])
def test_up_cards_order(first: str, second: str) -> None:
    low, high = parse_cards(first), parse_cards(second)
    assert StudRules.up_cards_key(low) < StudRules.up_cards_key(high)
    assert StudRules.first_to_act([low, high]) == 1
    assert StudRules.first_to_act([high, low]) == 0


def test_first_to_act_each_round_follows_the_up_cards() -> None:
    # Player 1 shows the higher first card; Player 0 pairs on the second up card.
    g = game("2C 3C 9D QS 9C 4D 5S 5H 6S 6H")
    rounds = of(RoundStarted, g.start())
    assert [(r.round, r.bet, r.first) for r in rounds] == [(1, 1, 1)]
    g.apply(CHECK)
    rounds = of(RoundStarted, g.apply(CHECK))
    assert [(r.round, r.bet, r.first) for r in rounds] == [(2, 2, 0)]
    assert g.current_seat == 0


def test_deal_order_from_a_deck_file() -> None:
    g = game("2C 3C 9D QS 9C 4D 5S 5H 6S 6H")
    dealt = of(CardDealt, g.start())
    assert [(e.seat, e.card.code, e.face_up) for e in dealt] == [
        (0, "2C", False), (1, "3C", False), (0, "9D", True), (1, "QS", True)]
    assert all(isinstance(e.card, StudCard) for e in dealt)
    g.apply(CHECK)
    g.apply(CHECK)
    assert g.up_cards(0) == tuple(parse_cards("9D 9C"))
    assert g.up_cards(1) == tuple(parse_cards("QS 4D"))
    assert g.hole_card(0) == Card.parse("2C")


# --- the betting state machine ---------------------------------------------

def test_legal_actions_through_a_round_with_the_raise_cap() -> None:
    g = game("2C 3C 9D QS")
    g.start()
    assert g.phase is Phase.BETTING and g.current_seat == 1
    assert g.legal_actions() == (CHECK, BET)
    g.apply(BET)
    assert g.legal_actions() == (CALL, RAISE, FOLD)
    g.apply(RAISE)
    g.apply(RAISE)
    assert g.legal_actions() == (CALL, RAISE, FOLD)
    g.apply(RAISE)
    assert g.raises == 3
    assert g.legal_actions() == (CALL, FOLD)
    with pytest.raises(IllegalMoveError):
        g.apply(RAISE)
    before = (g.stacks, g.pot, g.current_seat)
    with pytest.raises(IllegalMoveError):
        g.apply(CHECK)
    assert (g.stacks, g.pot, g.current_seat) == before
    g.apply(CALL)
    # Four bets of $1 each, plus the antes.
    assert g.stacks == (95, 95) and g.pot == 10
    assert g.round_number == 2 and g.bet_size == 2 and g.raises == 0


def test_check_then_bet_then_call() -> None:
    g = game("2C 3C 9D QS")
    g.start()
    g.apply(CHECK)
    assert g.current_seat == 0 and g.legal_actions() == (CHECK, BET)
    g.apply(BET)
    assert g.to_call(1) == 1
    g.apply(CALL)
    assert g.round_number == 2 and g.pot == 4


def test_fold_gives_the_pot_to_the_other_player() -> None:
    g = game("2C 3C 9D QS")
    g.start()
    g.apply(BET)
    events = g.apply(FOLD)
    # Player 1 (♠Q up) bet first; Player 0 folds.
    assert of(PotWon, events) == [PotWon(stacks=(99, 101), pot=0, seat=1, amount=3,
                                         split=False)]
    # The hand ends there: the next hand is dealt from those stacks.
    hand, after = split_at_hand_end(events)
    assert hand[-1] == HandEnded(stacks=(99, 101), pot=0, hand=1)
    assert of(CardDealt, after) and g.hand_number == 2
    assert g.stacks == (98, 100) and g.pot == 2


def test_showdown_after_four_rounds() -> None:
    g = game("AS 2C AD 3D KS 4H KD 7C QH 9S")
    g.start()
    for _ in range(4):
        g.apply(CHECK)
        events = g.apply(CHECK)
    shown = of(Showdown, events)[0]
    assert [str(hand.category) for hand in shown.hands] == ["Two Pair", "High Card"]
    end = hand_end(events)
    assert end.stacks == (101, 99) and end.pot == 0


def test_a_tie_splits_the_pot() -> None:
    g = game("AS AH KS KH QD QC JC JD 9H 9S")
    g.start()
    assert g.current_seat == 0  # ♠K over ♥K
    g.apply(BET)
    g.apply(CALL)
    for _ in range(3):
        g.apply(CHECK)
        events = g.apply(CHECK)
    wins = of(PotWon, events)
    assert [(w.seat, w.amount, w.split) for w in wins] == [(0, 2, True), (1, 2, True)]
    assert hand_end(events).stacks == (100, 100)


def test_all_in_call_returns_the_uncalled_part_and_runs_out_the_cards() -> None:
    g = game("AS 2C AD 3D KS 4H KD 7C QH 9S", stacks=(100, 3))
    g.start()  # Player 1 has $2 behind
    assert g.current_seat == 0
    g.apply(BET)
    g.apply(CALL)
    g.apply(BET)  # round 2: $2, and Player 1 has $1 left
    assert g.legal_actions() == (CALL, FOLD)
    events = g.apply(CALL)
    hand, after = split_at_hand_end(events)
    taken = of(ActionTaken, hand)[0]
    assert (taken.seat, taken.amount, taken.all_in) == (1, 1, True)
    returned = of(UncalledReturned, hand)[0]
    assert (returned.seat, returned.amount) == (0, 1)
    assert of(BettingClosed, hand)[0].seat == 1
    assert len(of(CardDealt, hand)) == 4  # rounds 3 and 4, no betting
    assert of(Showdown, hand)
    assert g.stacks == (103, 0) and g.pot == 0
    assert of(GameEnded, after)[0].winner == 0
    assert g.phase is Phase.GAME_OVER and g.winner == 0


def test_no_raise_against_a_player_with_nothing_behind() -> None:
    g = game("AS 2C AD 3D", stacks=(100, 3))
    g.start()
    g.apply(BET)
    g.apply(RAISE)  # Player 1: all $2 in
    assert g.stacks[1] == 0
    assert g.legal_actions() == (CALL, FOLD)


def test_a_full_bet_needs_no_more_than_the_stack() -> None:
    g = game("AS 2C AD 3D KS 4H", stacks=(100, 3))
    g.start()
    g.apply(CHECK)
    g.apply(CHECK)  # round 2: bets are $2, Player 1 has exactly $2
    g.apply(CHECK)
    assert g.current_seat == 1 and g.legal_actions() == (CHECK, BET)
    taken = of(ActionTaken, g.apply(BET))[0]
    assert (taken.amount, taken.all_in) == (2, True)


# --- short stacks: all-in bets and raises for less --------------------------

def test_a_short_player_may_bet_all_in_for_less() -> None:
    g = game("AS 2C AD 3D KS 4H KD 7C QH 9S", stacks=(100, 2))
    g.start()  # Player 1 has $1 behind: round 2's $2 bet is out of reach
    g.apply(CHECK)
    g.apply(CHECK)
    g.apply(CHECK)
    assert g.current_seat == 1 and g.bet_size == 2
    assert g.legal_actions() == (CHECK, BET)  # not check alone
    assert g.bet_amount(1) == 1
    taken = of(ActionTaken, g.apply(BET))[0]
    assert (taken.seat, taken.action, taken.amount, taken.all_in) == (1, BET, 1, True)
    # Nobody may raise a player with nothing behind: call or fold.
    assert g.current_seat == 0 and g.to_call(0) == 1
    assert g.legal_actions() == (CALL, FOLD)
    events = g.apply(CALL)
    hand, _ = split_at_hand_end(events)
    assert of(ActionTaken, hand)[0].amount == 1
    assert not of(UncalledReturned, hand)
    assert of(BettingClosed, hand)[0].seat == 1
    assert of(Showdown, hand)
    assert sum(hand_end(hand).stacks) == 102


def test_a_short_player_may_raise_all_in_for_less() -> None:
    g = game("AS 2C AD 3D KS 4H KD 7C QH 9S", stacks=(100, 4))
    g.start()  # Player 1 has $3 behind
    g.apply(CHECK)
    g.apply(CHECK)
    g.apply(BET)  # round 2: Player 0 bets $2; a full raise would cost $4
    assert g.current_seat == 1 and g.to_call(1) == 2
    assert g.legal_actions() == (CALL, RAISE, FOLD)
    assert g.bet_amount(1) == 3
    taken = of(ActionTaken, g.apply(RAISE))[0]
    assert (taken.action, taken.amount, taken.all_in) == (RAISE, 3, True)
    assert g.raises == 1
    # The raise of $1 is short of the $2 raise and does not reopen the
    # betting; heads-up there is nobody left to raise anyway.
    assert g.current_seat == 0 and g.to_call(0) == 1
    assert g.legal_actions() == (CALL, FOLD)
    with pytest.raises(IllegalMoveError, match="all-in: there is nothing to raise"):
        g.apply(RAISE)
    hand, _ = split_at_hand_end(g.apply(CALL))
    assert of(ActionTaken, hand)[0].amount == 1
    assert of(BettingClosed, hand)[0].seat == 1
    assert hand_end(hand).pot == 0 and sum(hand_end(hand).stacks) == 104


def test_no_raise_with_only_the_call_behind() -> None:
    g = game("AS 2C AD 3D KS 4H", stacks=(100, 3))
    g.start()  # Player 1 has $2 behind
    g.apply(CHECK)
    g.apply(CHECK)
    g.apply(BET)  # round 2: $2 to call, all Player 1 has
    assert g.legal_actions() == (CALL, FOLD)
    with pytest.raises(IllegalMoveError, match=r"calling puts in all your \$2"):
        g.apply(RAISE)


def test_the_part_of_a_short_bet_nobody_can_match_goes_back() -> None:
    # Round 4 ($4): Player 0 bets all-in for $3; Player 1 calls all-in with
    # $1; the $2 nobody can match goes back to Player 0.
    g = game("AS 2C AD 3D KS 4H KD 7C QH 9S", stacks=(4, 2))
    g.start()  # $3 and $1 behind
    for _ in range(3):
        g.apply(CHECK)
        g.apply(CHECK)
    assert g.round_number == 4 and g.current_seat == 0
    taken = of(ActionTaken, g.apply(BET))[0]
    assert (taken.amount, taken.all_in) == (3, True)
    hand, _ = split_at_hand_end(g.apply(CALL))
    called = of(ActionTaken, hand)[0]
    assert (called.seat, called.amount, called.all_in) == (1, 1, True)
    returned = of(UncalledReturned, hand)[0]
    assert (returned.seat, returned.amount) == (0, 2)
    assert of(PotWon, hand)[0].amount == 4  # the antes and $1 each
    assert sum(hand_end(hand).stacks) == 6


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32))
def test_short_stack_rules_hold_at_every_prompt(first: int, second: int,
                                                seed: int) -> None:
    # Any stacks, any legal play: a player with money is never left with
    # check alone, a raise is offered exactly when the rules allow one, and
    # a bet or raise puts in the full amount or, short of it, everything.
    rng = random.Random(seed)
    g = StudGame(dealer(seed), stacks=(first, second), max_hands=4)
    total = first + second
    events = g.start()
    while g.phase is Phase.BETTING:
        player = g.current_seat
        assert player is not None
        stack, other = g.stacks[player], g.stacks[1 - player]
        owed = g.to_call(player)
        assert stack > 0
        legal = g.legal_actions()
        if not owed:
            assert legal == (CHECK, BET)
        else:
            may_raise = g.raises < StudRules.MAX_RAISES and stack > owed and other > 0
            assert legal == ((CALL, RAISE, FOLD) if may_raise else (CALL, FOLD))
        action, size = rng.choice(legal), g.bet_size
        events = g.apply(action)
        taken = events[0]
        assert isinstance(taken, ActionTaken)
        if action in (BET, RAISE):
            assert taken.amount == min(owed + size, stack)
        elif action is CALL:
            assert taken.amount == min(owed, stack)
        assert taken.all_in == (taken.amount == stack)
        for event in events:
            assert sum(event.stacks) + event.pot == total
            assert min(event.stacks) >= 0
    assert sum(g.stacks) == total and g.pot == 0


def test_an_all_in_ante_goes_straight_to_showdown() -> None:
    g = game("AS 2C AD 3D", stacks=(199, 1))
    hand, _ = split_at_hand_end(g.start())  # the hand is over at once
    assert of(BettingClosed, hand) and of(Showdown, hand)
    assert not of(RoundStarted, hand)
    assert sum(hand_end(hand).stacks) == 200


def test_a_player_who_cannot_post_the_ante_loses() -> None:
    g = game("AS 2C AD 3D", stacks=(0, 200))
    events = g.start()
    assert events == [GameEnded(stacks=(0, 200), pot=0, winner=1)]
    assert g.phase is Phase.GAME_OVER and g.hand_number == 0
    with pytest.raises(IllegalMoveError):
        g.start()
    with pytest.raises(IllegalMoveError):
        g.apply(QUIT)


def test_quit_refunds_the_unfinished_hand() -> None:
    g = game("AS 2C AD 3D")
    g.start()
    g.apply(BET)
    g.apply(RAISE)
    events = g.apply(QUIT)  # Player 0, whose turn it is
    assert g.stacks == (100, 100) and g.pot == 0
    assert isinstance(events[-1], GameEnded) and events[-1].winner is None
    assert g.phase is Phase.GAME_OVER


def test_later_hands_are_shuffled_from_the_seed() -> None:
    def second_hand(seed: int) -> list[str]:
        g = StudGame(dealer(seed, deck("")))
        g.start()
        g.apply(BET)
        _, second = split_at_hand_end(g.apply(FOLD))
        return [e.card.code for e in of(CardDealt, second)]

    assert second_hand(3) == second_hand(3)
    assert second_hand(3) != second_hand(4)
    assert second_hand(3) != [c.code for c in deck("")[:4]]


# --- conservation over many random games ------------------------------------

def play_randomly(seed: int) -> StudGame:
    rng = random.Random(seed)
    g = StudGame(dealer(seed))
    check_money(g, g.start())
    for _ in range(5_000):
        if g.phase is Phase.GAME_OVER:
            break
        if rng.random() < 0.001:
            events = g.apply(QUIT)
        else:
            action = rng.choice(list(Action))
            if action not in g.legal_actions():
                with pytest.raises(IllegalMoveError):
                    g.apply(action)
                continue
            events = g.apply(action)
        check_money(g, events)
    return g


def check_money(g: StudGame, events: list[Event]) -> None:
    for event in events:
        assert sum(event.stacks) + event.pot == 200
        assert min(event.stacks) >= 0 and event.pot >= 0
        if isinstance(event, HandEnded):  # between hands the pot is empty
            assert event.pot == 0
    assert sum(g.stacks) + g.pot == 200
    if g.phase is not Phase.BETTING:
        assert g.pot == 0


@pytest.mark.parametrize("seed", range(60))
def test_money_is_conserved_in_random_games(seed: int) -> None:
    g = play_randomly(seed)
    if g.phase is Phase.GAME_OVER and g.winner is not None:
        assert g.stacks[g.winner] == 200


@pytest.mark.parametrize("player", [-1, 2, 7])
def test_only_a_seated_player_can_quit(player: int) -> None:
    # A quit is a move, made by the seat to act: there is no seat to name,
    # and a player who is not seated has no view to move from.
    game = StudGame(dealer(1))
    with pytest.raises(IllegalMoveError):
        game.apply(QUIT)  # nobody is seated at a game not started
    game.start()
    with pytest.raises(ValueError, match="no player"):
        game.view(player)
    assert game.phase is Phase.BETTING
    seat = game.current_seat
    assert seat is not None and QUIT in game.legal_moves()
    assert of(PlayerQuit, game.apply(QUIT)) == [
        PlayerQuit(stacks=(99, 99), pot=2, seat=seat)]
