"""The game contract (`common.engine.Game`), checked the same way on all four engines.

Hypothesis plays seeded games choosing among each position's legal moves and
throwing junk at every turn: a legal move always applies, a refused one says
why and changes nothing, the turn and the end agree, views show a seat only
what it may see, events are values that compare and serialise, and money and
cards are conserved.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import common.engine.game
from bigtwo import BigTwo
from common.cards.hand import FixedHandError
from common.engine.dealer import Dealer
from common.engine.events import Event
from common.engine.game import QUIT, Game, IllegalMoveError
from inbetween import InBetweenGame
from reddog import Bet, Decision, RedDogGame
from stud import Action, StudGame

ENGINES: dict[str, Callable[[Dealer], Game[Any, Any]]] = {
    "bigtwo": BigTwo,
    "stud": lambda dealer: StudGame(dealer, max_hands=4),
    "inbetween": lambda dealer: InBetweenGame(dealer, players=4),
    "reddog": lambda dealer: RedDogGame(dealer, decks=1, max_rounds=30),
}
# Moves that are sometimes illegal, or never: refused with a reason.
JUNK: dict[str, list[Any]] = {
    "bigtwo": [(), (0, 1), (0, 1, 2), (0, 1, 2, 3), (12,), (0, 99), (-1,), "x", None,
               QUIT, (0.5,), 3],
    "stud": list(Action) + ["check", None],
    "inbetween": [0, 1, 5, 11, -1, "fold", "bet", None, 2.0],
    "reddog": [Bet(0), Bet(5000), Bet(60000), Bet(100000), Decision.PLAY,
               Decision.DOUBLE, "deal", None],
}


def snapshot(game: Game[Any, Any]) -> tuple[object, ...]:
    """What a refused move must leave as it was."""
    seats = range(game.num_seats)
    views = tuple(repr(game.view(seat)) for seat in seats) if not game.is_over else ()
    return (game.current_seat, game.is_over, game.returns(), views,
            tuple(map(repr, game.legal_moves())))


def money(game: Game[Any, Any]) -> int:
    """Everything a betting game holds: it never changes."""
    if isinstance(game, StudGame):
        return sum(game.stacks) + game.pot
    if isinstance(game, InBetweenGame):
        return game.total_coins
    return 0


def play_through(name: str, seed: int, choices: random.Random) -> Game[Any, Any]:
    game = ENGINES[name](Dealer(random.Random(seed)))
    assert game.current_seat is None and not game.is_over
    with pytest.raises(ValueError, match="nothing to see"):
        game.view(0)  # a view is of a game being played
    check_events(game.start())
    start_money = money(game)
    legal: list[Any] = []
    for _ in range(2000):
        seat = game.current_seat
        assert (seat is None) == game.is_over
        if seat is None:
            assert game.legal_moves() == []
            break
        legal = list(game.legal_moves())
        assert legal, "a seat to move always has a move"
        for junk in choices.sample(JUNK[name], 3):
            if junk in legal:
                continue
            before = snapshot(game)
            assert not game.can_move(junk)
            with pytest.raises(IllegalMoveError) as refused:
                game.apply(junk)
            assert isinstance(refused.value, common.engine.game.IllegalMoveError)
            assert isinstance(refused.value, ValueError)
            assert refused.value.reason and str(refused.value) == refused.value.reason
            assert snapshot(game) == before
        playable = [move for move in legal if move is not QUIT]
        move = (QUIT if QUIT in legal and choices.random() < 0.01
                else choices.choice(playable))
        assert game.can_move(move)
        game.verify_move(move)
        check_events(game.apply(move))
        assert money(game) == start_money
    assert game.is_over
    # Over, it refuses the last move it allowed, or junk if it allowed none:
    # In Between may end as it starts (pairs dealt first can empty the pool).
    with pytest.raises(IllegalMoveError):
        game.apply(legal[0] if legal else JUNK[name][0])
    for seat in range(game.num_seats):
        with pytest.raises(ValueError, match="nothing to see"):
            game.view(seat)
    return game


def check_events(events: Any) -> None:
    for event in events:
        assert isinstance(event, Event)
        assert dataclasses.is_dataclass(event) and event == copy.deepcopy(event)
        assert pickle.loads(pickle.dumps(event)) == event
        # A name that is no field, the ClassVar kind: a slotted frozen
        # dataclass refuses it with a TypeError on every CPython from 3.10 to
        # 3.13 (its __setattr__ calls super() on the class slots replaced).
        with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
            event.kind = "changed"  # type: ignore[misc]
        assert event.kind == type(event).kind
        for field in dataclasses.fields(event):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(event, field.name, None)
        record = event.record()
        assert record["event"] == event.kind
        assert json.loads(json.dumps(record)) == record
        assert str(event) and repr(event)


def test_a_game_over_as_it_starts_holds_the_contract_too() -> None:
    # The pairs dealt first empty the pool: no seat ever moves.
    game = play_through("inbetween", 383187936, random.Random(0))
    assert game.is_over and len(game.returns()) == game.num_seats


@pytest.mark.parametrize("name", sorted(ENGINES))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_the_contract_holds_through_whole_games(name: str, seed: int,
                                                choices: random.Random) -> None:
    game = play_through(name, seed, choices)
    returns = game.returns()
    assert len(returns) == game.num_seats
    if isinstance(game, BigTwo):
        assert sorted(returns) == [0.0, 0.0, 0.0, 1.0]
    elif isinstance(game, StudGame):
        assert sum(returns) == 0
    elif isinstance(game, InBetweenGame):
        assert sum(returns) == -game.pool


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_moves_before_the_start_are_refused(name: str) -> None:
    game = ENGINES[name](Dealer(random.Random(1)))
    for move in JUNK[name]:
        with pytest.raises(IllegalMoveError):
            game.apply(move)
    game.start()
    with pytest.raises(IllegalMoveError, match="already started"):
        game.start()


def test_a_big_two_seat_sees_its_own_cards_only() -> None:
    game = BigTwo(Dealer(random.Random(5)))
    game.start()
    for seat in range(4):
        view = game.view(seat)
        others = {card for other, player in enumerate(game.get_player_list())
                  if other != seat for card in player.get_cards_in_hand()}
        assert set(view.hand) == set(game.get_player_list()[seat].get_cards_in_hand())
        assert not others & set(view.hand)
        assert not any(card in repr(view) for card in map(repr, others))


def test_a_stud_seat_never_sees_the_other_hole_card() -> None:
    for seed in range(20):
        game = StudGame(Dealer(random.Random(seed)))
        game.start()
        seat = game.current_seat
        assert seat is not None
        hidden = game.hole_card(1 - seat)
        assert hidden is not None
        view = game.view(seat)
        assert hidden not in [view.hole_card, *view.up_cards[0], *view.up_cards[1]]
        assert repr(hidden) not in repr(view)


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_views_of_missing_seats_are_refused(name: str) -> None:
    game = ENGINES[name](Dealer(random.Random(1)))
    game.start()
    for seat in (-1, game.num_seats):
        with pytest.raises((ValueError, IndexError)):
            game.view(seat)


def test_big_two_reasons_say_why() -> None:
    game = BigTwo(Dealer(random.Random(7)))
    game.start()
    seat = game.current_seat
    assert seat is not None
    hand = game.get_player_list()[seat].get_cards_in_hand()
    not_three = next(index for index, card in enumerate(hand) if card.code != "3D")
    with pytest.raises(IllegalMoveError, match="the ♦3 must be in the first hand"):
        game.apply((not_three,))
    with pytest.raises(IllegalMoveError, match="you cannot pass: open with a hand"):
        game.apply(())
    with pytest.raises(IllegalMoveError, match="your cards are numbered 0 to 12"):
        game.apply((13,))


def test_stud_reasons_name_the_legal_actions() -> None:
    game = StudGame(Dealer(random.Random(2)))
    game.start()
    with pytest.raises(IllegalMoveError,
                       match=r"nothing to call: check instead of folding "
                             r"\(you may check/bet\)"):
        game.apply(Action.FOLD)


def test_views_and_events_hold_no_live_object_of_the_engine() -> None:
    # Nothing a strategy is handed may lead to another seat's cards or let it
    # change the game: views and events hold plain values.
    game = BigTwo(Dealer(random.Random(1)))
    game.start()
    game.apply(game.legal_moves()[0])
    view = game.view(game.current_seat or 0)
    assert view.last is not None and not hasattr(view.last, "hand")
    assert all(type(getattr(view.last, field.name)) in (int, str, tuple)
               for field in dataclasses.fields(view.last))
    red = RedDogGame(Dealer(random.Random(3)), decks=1)
    red.start()
    while red.phase.value == "betting":
        events = red.apply(red.legal_moves()[0])
    spread = red.view().hand
    assert spread is not None and spread == red.hand
    # A hand is a value: a strategy's mischief is refused, and changes nothing.
    with pytest.raises(FixedHandError):
        spread.remove_card(0)
    with pytest.raises(TypeError):
        spread.add_card(spread[0])
    assert red.hand is not None and red.hand.size() == 2 and hash(red.hand)
    assert all(event.hand.size() == 2 for event in events if hasattr(event, "hand"))
