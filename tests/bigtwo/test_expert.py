"""The expert Big Two player: its playouts, what it infers, its decisions."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from bigtwo import expert, inference, playout
from bigtwo.cards import BigTwoDeck
from bigtwo.expert import ExpertPlayer, hint
from bigtwo.game import BigTwo
from bigtwo.inference import Knowledge
from bigtwo.moves import PASS, Move
from bigtwo.playout import Smart, Table
from bigtwo.program import PROGRAM
from bigtwo.spec import DEFAULT_THINK, SPEC
from bigtwo.strategy import STRATEGIES, PlanningPlayer, mask_of
from bigtwo.strategy import hint as strategy_hint
from bigtwo.view import BigTwoView
from common.console.terminal import Terminal
from common.engine.dealer import Dealer

ALL_KEYS = list(range(52))


def started(seed: int) -> BigTwo:
    game = BigTwo(Dealer(random.Random(seed)))
    game.start()
    return game


def positions(seed: int, strategies: tuple[str, ...]
              ) -> Iterator[tuple[BigTwo, BigTwoView, Move]]:
    """Yield (game, view of the seat to play, its move) before every move of a
    seeded game; the move is played once the caller has looked."""
    game = started(seed)
    players = [STRATEGIES[name](random.Random(seed * 4 + seat))
               for seat, name in enumerate(strategies)]
    while (seat := game.current_seat) is not None:
        view = game.view(seat)
        move = players[seat].decide(view)
        yield game, view, move
        game.apply(move)


def table_of(game: BigTwo) -> Table:
    """The lean table of `game`, every hand read from its seat's view."""
    seat = game.get_current_idx()
    hands = [tuple(card.key for card in game.view(at).hand) for at in range(4)]
    history = game.view(seat).history
    played = mask_of(card.key for hand in history for card in hand.cards)
    last = history[-1] if history else None
    if last is None:
        return Table(hands, [mask_of(keys) for keys in hands], played, None, 0,
                     seat, seat)
    return Table(hands, [mask_of(keys) for keys in hands], played, last.strength,
                 len(last.cards), last.seat, seat)


# -- the playouts --------------------------------------------------------------


def test_smart_is_what_the_smart_player_decides() -> None:
    smart = Smart()
    checked = 0
    for seed in range(40):
        for game, _, move in positions(seed, ("smart", "random", "smart", "smart")):
            if game.current_seat != 1:
                assert smart.move(table_of(game)) == move
                checked += 1
    assert checked > 1200
    assert smart.work == checked


def test_a_playout_plays_the_game_smart_plays() -> None:
    for seed in range(20):
        game = started(seed)
        counts = Smart().play_out(table_of(game))
        smart = [PlanningPlayer() for _ in range(4)]
        while (seat := game.current_seat) is not None:
            game.apply(smart[seat].decide(game.view(seat)))
        assert counts == list(game.card_counts)


def test_a_playout_with_departures_plays_the_game_it_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Played again in the real engine: every seat as smart, but the seats
    # depart from smart's move as often as the rates say: following a hand,
    # each seat other than the searcher, to a pass or its lowest beating
    # hand; leading while it holds more than one card, each seat, the
    # searcher too, to its lowest hand of the most cards.
    # Each case: the rates, and at least how many departures of each kind
    # the 20 games make, the searcher's leads apart (none when a rate is 0).
    for follow, lead, follows, leads, own in (
            (playout.DEPARTURE, playout.LEAD_DEPARTURE, 30, 15, 5),
            (1.0, 0.0, 300, 0, 0), (0.0, 1.0, 0, 25, 10)):
        monkeypatch.setattr(playout, "DEPARTURE", follow)
        monkeypatch.setattr(playout, "LEAD_DEPARTURE", lead)
        departed = led = searched = 0
        for seed in range(20):
            game = started(seed)
            searcher = seed % 4
            counts = Smart().play_out(table_of(game), searcher, random.Random(seed))
            draws = random.Random(seed)
            smart = [PlanningPlayer() for _ in range(4)]
            while (seat := game.current_seat) is not None:
                view = game.view(seat)
                move = smart[seat].decide(view)
                opened = not view.is_opening
                if opened and seat != searcher and view.can_pass \
                        and draws.random() < follow:
                    others = [other for other in (view.moves[0], PASS)
                              if other != move]
                    if others:
                        move = draws.choice(others)
                        departed += 1
                elif opened and not view.can_pass and len(view.hand) > 1 \
                        and draws.random() < lead:
                    most = max(len(other) for other in view.moves)
                    widest = next(other for other in view.moves if len(other) == most)
                    if seat == searcher:
                        searched += widest != move
                    else:
                        led += widest != move
                    move = widest
                game.apply(move)
            assert counts == list(game.card_counts)
        assert departed >= follows and (departed == 0) == (follow == 0.0)
        assert led >= leads and (led == 0) == (lead == 0.0)
        assert searched >= own and (searched == 0) == (lead == 0.0)


# -- what a seat infers --------------------------------------------------------


def test_the_decisions_a_seat_infers_are_the_decisions_made() -> None:
    for seed in range(30):
        made: list[tuple[int, int, int]] = []  # seat, cards played, hands before
        for game, view, move in positions(seed, ("random", "smart", "random", "smart")):
            known = Knowledge.of(view)
            history = view.history
            expected = [
                (seat, cards, mask_of(card.key for hand in history[:at]
                                      for card in hand.cards),
                 mask_of(card.key for hand in history[at + bool(cards):]
                         if hand.seat == seat for card in hand.cards),
                 history[at - 1].strength if at else None,
                 (not at or history[at - 1].seat == seat) and bool(cards))
                for seat, cards, at in made if seat != view.seat]
            assert [(decision.seat, decision.cards, decision.played, decision.later,
                     decision.last, decision.free)
                    for decision in known.decisions] == expected
            assert known.unseen == mask_of(
                card.key for at in range(4) if at != view.seat
                for card in game.view(at).hand)
            made.append((view.seat, mask_of(view.hand[index].key for index in move),
                         len(history)))


def test_the_cards_smart_players_hold_explain_all_their_decisions() -> None:
    smart = Smart()
    for seed in range(20):
        for game, view, _ in positions(seed, ("smart",) * 4):
            known = Knowledge.of(view)
            for decision in known.decisions:
                hidden = mask_of(card.key for card in game.view(decision.seat).hand)
                assert decision.explained(smart, hidden)


def test_a_lead_of_the_lowest_hand_of_the_most_cards_is_explained() -> None:
    # Seats that lead as the playouts' lead departure does (their lowest
    # hand of the most cards) and follow at random: each such lead is
    # explained, though smart would have led otherwise at many of them,
    # and every other decision (a follow, the opening) only when smart
    # makes it.
    smart = Smart()
    checked = unlike_smart = others = 0
    for seed in range(20):
        game = started(seed)
        draws = random.Random(seed)
        while (seat := game.current_seat) is not None:
            view = game.view(seat)
            held = [mask_of(card.key for card in game.view(at).hand) for at in range(4)]
            move = draws.choice(view.moves)
            if not view.can_pass and not view.is_opening and len(view.hand) > 1:
                most = max(len(other) for other in view.moves)
                move = next(other for other in view.moves if len(other) == most)
            game.apply(move)
        # The view before the last move holds every decision of the others.
        for decision in Knowledge.of(view).decisions:
            hidden = held[decision.seat]
            as_smart = decision.instead(smart, hidden) == decision.cards
            if decision.free and decision.last is not None \
                    and (hidden | decision.later | decision.cards).bit_count() > 1:
                assert decision.explained(smart, hidden)
                checked += 1
                unlike_smart += not as_smart
            else:
                assert decision.explained(smart, hidden) == as_smart
                others += not as_smart
    assert checked >= 100 and unlike_smart >= 50 and others >= 100


def test_the_deals_give_each_seat_its_count_of_the_unseen_cards() -> None:
    for seed in range(6):
        for turn, (_, view, _) in enumerate(
                positions(seed, ("smart", "smart", "random", "smart"))):
            if turn % 7:
                continue
            known = Knowledge.of(view)
            deals = known.deals(random.Random(seed), Smart(), 50)
            for _ in range(5):
                hands = next(deals)
                assert hands[view.seat] == mask_of(known.mine)
                assert [hand.bit_count() for hand in hands] == list(view.card_counts)
                assert sum(hands) == mask_of(known.mine) | known.unseen


def test_the_deals_follow_the_decisions_as_bayes_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Late in a smart game few cards are unseen: every deal is listed, and
    # weighed by the decisions it does not explain.  Without the offers of
    # suspect cards, the chain is Metropolis: its deals come as often.
    monkeypatch.setattr(inference, "TARGET", 0.0)
    view = next(view for seed in range(20)
                for _, view, _ in positions(seed, ("smart",) * 4)
                if sum(view.card_counts) - len(view.hand) <= 9 and len(view.moves) > 1)
    known = Knowledge.of(view)
    smart = Smart()
    others = [seat for seat in range(4) if seat != view.seat]
    cards = [key for key in ALL_KEYS if known.unseen >> key & 1]
    weights: dict[tuple[int, ...], float] = {}
    first, second, third = (view.card_counts[seat] for seat in others)
    for one in itertools.combinations(cards, first):
        rest = [key for key in cards if key not in one]
        for two in itertools.combinations(rest, second):
            hands = (mask_of(one), mask_of(two), mask_of(rest) & ~mask_of(two))
            slips = sum(min(inference.TOLERANCE, sum(
                not decision.explained(smart, hands[others.index(decision.seat)])
                for decision in known.decisions if decision.seat == seat))
                for seat in others)
            weights[hands] = inference.SLIP ** slips
    total = sum(weights.values())
    deals = known.deals(random.Random(2), smart, 200)
    found: dict[tuple[int, ...], int] = dict.fromkeys(weights, 0)
    draws = 3000
    for _ in range(draws):
        dealt = next(deals)
        found[tuple(dealt[seat] for seat in others)] += 1
    uniform = first / len(cards)
    telling = 0.0
    for key in cards:
        # How often the first other seat holds each card.
        expected = sum(weight for hands, weight in weights.items()
                       if hands[0] >> key & 1) / total
        drawn = sum(count for hands, count in found.items() if hands[0] >> key & 1)
        assert abs(drawn / draws - expected) < 0.05
        telling = max(telling, abs(expected - uniform))
    assert telling > 0.2  # the decisions do tell where the cards are


# -- the expert ----------------------------------------------------------------

TINY = 0.001
"""A budget of a couple of playouts: the whole search, quickly."""


def test_the_expert_makes_only_legal_moves() -> None:
    arrangements = [("expert",) * 4, ("expert", "smart", "random", "expert")]
    decided = 0
    for seed in range(200):
        names = arrangements[seed % 2]
        game = started(seed)
        players = [ExpertPlayer(random.Random(seed * 4 + seat), TINY)
                   if name == "expert" else STRATEGIES[name](random.Random(seed))
                   for seat, name in enumerate(names)]
        while (seat := game.current_seat) is not None:
            view = game.view(seat)
            move = players[seat].decide(view)
            assert move in view.moves
            decided += names[seat] == "expert"
            game.apply(move)
    assert decided > 5000


def test_the_same_seed_and_view_give_the_same_move() -> None:
    for seed in range(3):
        views = [view for turn, (_, view, _) in enumerate(
            positions(seed, ("smart", "random", "smart", "random"))) if turn % 5 == 1]
        first = ExpertPlayer(random.Random(seed), DEFAULT_THINK)
        second = ExpertPlayer(random.Random(seed), DEFAULT_THINK)
        moves = [first.decide(view) for view in views]
        assert [second.decide(view) for view in reversed(views)] == moves[::-1]
        assert [first.decide(view) for view in views] == moves


def redealt(seed: int, turns: int) -> tuple[BigTwo, BigTwo]:
    """A seeded smart game after `turns` moves, and a game where the seat to
    play sees the same: the other seats hold the cards they have not played
    shuffled among them, and the same hands were played."""
    game = next(game for turn, (game, _, _) in enumerate(
        positions(seed, ("smart",) * 4)) if turn == turns)
    me = game.get_current_idx()
    view = game.view(me)
    me = view.seat
    played: list[list[int]] = [[] for _ in range(4)]
    for hand in view.history:
        played[hand.seat] += [card.key for card in hand.cards]
    hidden = [card.key for seat in range(4) if seat != me
              for card in game.view(seat).hand]
    random.Random(seed).shuffle(hidden)
    cards = {card.key: card for card in BigTwoDeck()}
    hands = []
    for seat in range(4):
        if seat == me:
            keys = [card.key for card in view.hand] + played[seat]
        else:
            count = view.card_counts[seat]
            keys, hidden = played[seat] + hidden[:count], hidden[count:]
        hands.append(sorted(keys))
    other = BigTwo()
    other.start(BigTwoDeck([cards[hands[i % 4][i // 4]] for i in range(52)]))
    for hand in view.history:
        while other.current_seat != hand.seat:
            other.apply(PASS)
        held = other.view(hand.seat).hand
        other.apply(tuple(held.index(card) for card in hand.cards))
    while other.current_seat != me:
        other.apply(PASS)
    return game, other


def test_the_move_does_not_depend_on_the_cards_the_seat_has_not_seen() -> None:
    for seed in range(8):
        for turns in (6, 12, 18):
            game, other = redealt(seed, turns)
            me = game.get_current_idx()
            assert other.view(me) == game.view(me)
            assert [other.view(seat).hand for seat in range(4)] != [
                game.view(seat).hand for seat in range(4)]
            mine, theirs = (ExpertPlayer(random.Random(seed), DEFAULT_THINK)
                            for _ in range(2))
            assert mine.decide(game.view(me)) == theirs.decide(other.view(me))


def test_the_search_puts_the_move_it_makes_first() -> None:
    views = [view for turn, (_, view, _) in enumerate(
        positions(2, ("smart", "random", "smart", "random"))) if turn % 3 == 0]
    for view in views:
        tallies = ExpertPlayer(random.Random(5), TINY).search(view)
        assert tallies[0].move == ExpertPlayer(random.Random(5), TINY).decide(view)
        assert sorted(tally.move for tally in tallies) == sorted(
            set(tally.move for tally in tallies))
        if len(tallies) > 1:
            # The last two kept were played out on the same deals.
            assert tallies[0].deals == tallies[1].deals > 0
            assert tallies[0].score >= tallies[1].score


def test_the_first_move_searched_is_smarts() -> None:
    # Smart's move is searched first (it wins a tie): the move smart makes
    # in the view, seeing how many cards each other seat holds.
    searched = 0
    for seed in range(3):
        for _, view, move in positions(seed, ("smart",) * 4):
            if len(view.moves) < 2:
                continue
            player = ExpertPlayer(random.Random(5), TINY)
            known = player.knowledge(view)
            table = player._table(known, view)
            candidates = player._candidates(Smart(), table, view.moves, known.counts)
            assert candidates[0] == move
            searched += 1
    assert searched > 50


def test_the_search_keeps_to_the_moves_the_view_allows() -> None:
    # A table of other rules may not allow smart's move, even one that plays
    # the seat's last cards (found against the PPO agent's engine, whose
    # rules have no four of a kind with a card): it is not searched.
    for game, view, _ in itertools.islice(positions(3, ("smart",) * 4), 0, None, 5):
        chosen = Smart().move(table_of(game))
        allowed = tuple(move for move in view.moves if move != chosen)
        if len(allowed) < 2 or any(len(move) == len(view.hand) for move in allowed):
            continue
        narrowed = dataclasses.replace(view, moves=allowed)
        tallies = ExpertPlayer(random.Random(5), TINY).search(narrowed)
        assert {tally.move for tally in tallies} <= set(allowed)


def stop_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put the expert's clock (its own, no one else's) past every deadline
    once read."""
    readings = itertools.count()
    clock = types.SimpleNamespace(monotonic=lambda: 1e9 * next(readings))
    monkeypatch.setattr(expert, "time", clock)
    monkeypatch.setattr(inference, "time", clock)


def twelfth_turn() -> tuple[BigTwo, BigTwoView]:
    """A smart game at its twelfth turn, and the view of the seat to play
    (four moves worth searching)."""
    return next((game, view) for turn, (game, view, _) in enumerate(
        positions(1, ("smart",) * 4)) if turn == 12)


def test_a_cap_stops_the_search_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    _, view = twelfth_turn()
    full = ExpertPlayer(random.Random(0), DEFAULT_THINK).search(view)
    assert len(full) == 4 and full[0].deals > 50
    decisions = itertools.count()
    choice = Smart.choice

    def counted(*args: Any) -> Move:
        next(decisions)
        return choice(*args)

    monkeypatch.setattr(Smart, "choice", counted)
    stop_clock(monkeypatch)
    capped = ExpertPlayer(random.Random(0), DEFAULT_THINK, cap=1.0).search(view)
    # The chain stops its burn-in (a quarter of the budget: 3,750 work)
    # after its first steps, and each round plays out one deal: both rounds
    # still compare their moves.
    assert [tally.deals for tally in capped] == [2, 2, 1, 1]
    assert capped[0].move in view.moves
    assert next(decisions) < 1000


def test_hints_think_by_the_clock_where_the_expert_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, view = twelfth_turn()
    stop_clock(monkeypatch)
    assert "of 2 sampled deals" in hint(view, DEFAULT_THINK, cap=1.0)
    terminal = Terminal(io.BytesIO(), io.StringIO())
    for settings, deals in (({"think": DEFAULT_THINK, "cap": 1.0}, "of 2 sampled"),
                            ({"think": DEFAULT_THINK}, "of 70 sampled")):
        console = PROGRAM.new_console(game, terminal, settings, None, None)
        assert deals in console.hint(view.seat)


def test_the_expert_thinks_by_the_clock_only_if_told() -> None:
    player = SPEC.factories({"think": 0.5, "cap": 0.5})["expert"](random.Random(0))
    assert isinstance(player, ExpertPlayer) and player.cap == 0.5
    player = SPEC.factories({"think": 0.5})["expert"](random.Random(0))
    assert isinstance(player, ExpertPlayer) and player.cap is None
    assert repr(player) == "ExpertPlayer(budget=25000, cap=None)"


# -- the hint ------------------------------------------------------------------


def test_the_hint_says_the_move_and_its_figures() -> None:
    view = next(view for turn, (_, view, _) in enumerate(
        positions(1, ("smart",) * 4)) if turn == 4)
    assert ExpertPlayer(random.Random(0), 0.05).decide(view) == (0, 1)
    assert hint(view, 0.05) == (
        "Hint: play Pair ♦5 ♥5 (type 0 1): in 7 of 14 sampled deals you went "
        "out first after it, holding 0.5 cards on average at the end (playing "
        "Pair ♣6 ♠6: 6 of 14, holding 1.2).")


def test_the_hint_decides_as_the_expert_does() -> None:
    for turn, (_, view, _) in enumerate(positions(3, ("smart", "random") * 2)):
        if turn % 4 == 0 and len(view.moves) > 1:
            text = hint(view, TINY, seed=turn)
            move = ExpertPlayer(random.Random(turn), TINY).decide(view)
            assert text.startswith("Hint: pass" if not move else "Hint: play ")
            if move:
                assert f"(type {' '.join(map(str, move))})" in text


def test_the_hint_of_the_last_cards_and_of_the_only_move() -> None:
    said = set()
    for seed in range(10):
        for _, view, _ in positions(seed, ("smart",) * 4):
            if len(view.moves) == 1:
                assert hint(view, TINY) == strategy_hint(view)
                said.add("only")
            elif any(len(move) == len(view.hand) for move in view.moves):
                typed = " ".join(map(str, range(len(view.hand))))
                assert hint(view, TINY).endswith(
                    f"(type {typed}): your last cards: you go out.")
                said.add("out")
    assert said == {"only", "out"}
