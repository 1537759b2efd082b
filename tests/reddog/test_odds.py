"""The exact odds: checked by hand, by an independent enumeration, against the
published figures, and against a seeded simulation played by the engine."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction

import pytest

from common.engine.dealer import Dealer
from reddog import (
    DEAL,
    Decision,
    HandKind,
    RedDogGame,
    RoundDealt,
    RoundSettled,
    compute_odds,
    format_odds,
)
from reddog.odds import format_decimal

SEED_PAYS = {1: 5, 2: 4, 3: 2}  # wider spreads pay 1:1, trips 11:1


def test_one_spread_by_hand_for_eight_decks() -> None:
    # 416 cards; after two cards one value apart by two there are 414 left,
    # 32 of them of the single value in between: 32/414 = 16/207.  Playing
    # wins 5 with 16/207 and loses 1 with 191/207: (80 - 191)/207 = -111/207.
    spread1 = compute_odds(8).spreads[0]
    assert spread1.spread == 1 and spread1.pays == 5
    assert spread1.win == Fraction(16, 207)
    assert spread1.play == Fraction(-111, 207)
    assert spread1.double == Fraction(-222, 207)
    assert not spread1.doubling_pays


def test_pairs_and_consecutive_hands_by_hand_for_four_decks() -> None:
    odds = compute_odds(4)
    # 208 cards, 16 of a value: the second card pairs the first 15/207 of the
    # time; the free third card makes trips 14/206 of the time.
    assert odds.pair == Fraction(15, 207)
    assert odds.trips == Fraction(14, 206)
    assert odds.pair_expectation == 11 * Fraction(14, 206)
    # 24 ordered value pairs are one apart: 24 * 16/208 * 16/207.
    assert odds.consecutive == Fraction(24 * 16 * 16, 208 * 207)
    total = odds.pair + odds.consecutive + sum(s.probability for s in odds.spreads)
    assert total == 1


def test_four_deck_figures_are_pinned() -> None:
    odds = compute_odds(4)
    assert odds.expectation == Fraction(-7993, 277173)
    assert format_decimal(odds.house_edge, 3) == "2.884"
    assert odds.double_spreads == (7, 8, 9, 10, 11)


# Published house edges for this pay table (e.g. oddsshark.com, "Red Dog odds":
# 3.15%, 3.077%, 2.88%, 2.80% and 2.75% for 1, 2, 4, 6 and 8 decks).
@pytest.mark.parametrize(("decks", "published"), [
    (1, "3.15"), (2, "3.077"), (4, "2.88"), (6, "2.80"), (8, "2.75")])
def test_house_edge_agrees_with_the_published_figures(decks: int,
                                                      published: str) -> None:
    places = len(published.split(".")[1])
    edge = compute_odds(decks).house_edge
    assert abs(edge - Fraction(published)) < Fraction(1, 10**places)


def enumerate_game(decks: int) -> dict[str, Fraction | dict[int, Fraction]]:
    """Every ordered deal of three values, weighted by its number of card orders.

    The decision is taken per pair of first values from its own conditional
    expectation, so nothing here relies on the odds module's formulas.
    """
    count = {value: 4 * decks for value in range(2, 15)}
    total = math.perm(52 * decks, 3)
    spread_weight: dict[int, int] = defaultdict(int)
    spread_wins: dict[int, int] = defaultdict(int)
    pair = trips = consecutive = 0
    gain = Fraction(0)
    for first in count:
        for second in count:
            ways2 = count[first] * (count[second] - (first == second))
            low, high = sorted((first, second))
            outcomes: list[tuple[int, bool]] = []
            for third in count:
                ways = ways2 * (count[third] - (third == first) - (third == second))
                if ways:
                    wins = (third == low) if low == high else low < third < high
                    outcomes.append((ways, wins))
            weight = sum(ways for ways, _ in outcomes)
            won = sum(ways for ways, wins in outcomes if wins)
            if high - low == 1:
                consecutive += weight
            elif high == low:
                pair += weight
                trips += won
                gain += Fraction(11 * won, total)
            else:
                spread = high - low - 1
                spread_weight[spread] += weight
                spread_wins[spread] += won
                pays = SEED_PAYS.get(spread, 1)
                play = Fraction(pays * won - (weight - won), total)
                gain += max(play, 2 * play)
    return {
        "pair": Fraction(pair, total), "trips": Fraction(trips, pair),
        "consecutive": Fraction(consecutive, total), "expectation": gain,
        "spread": {s: Fraction(w, total) for s, w in spread_weight.items()},
        "win": {s: Fraction(spread_wins[s], w) for s, w in spread_weight.items()},
    }


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_odds_equal_an_independent_enumeration(decks: int) -> None:
    odds = compute_odds(decks)
    counted = enumerate_game(decks)
    assert (odds.pair, odds.trips, odds.consecutive) == (
        counted["pair"], counted["trips"], counted["consecutive"])
    assert {s.spread: s.probability for s in odds.spreads} == counted["spread"]
    assert {s.spread: s.win for s in odds.spreads} == counted["win"]
    assert odds.expectation == counted["expectation"]


ROUNDS = 200_000


def test_the_odds_agree_with_a_simulation_by_the_engine() -> None:
    # The engine deals from a 4-deck shoe renewed below a quarter; the exact
    # odds are for a fresh shoe, which the shoe's depth changes only far below
    # these tolerances.  All checks allow 4.5 standard errors.
    odds = compute_odds(4)
    game = RedDogGame(Dealer(random.Random(20240607)), decks=4, credit=10**15)
    game.start()
    bet, doubles = game.bet, set(odds.double_spreads)
    dealt: dict[object, int] = defaultdict(int)
    won: dict[int, int] = defaultdict(int)
    total = total_sq = 0
    for _ in range(ROUNDS):
        events = list(game.apply(DEAL))
        (hand,) = [event.hand for event in events if isinstance(event, RoundDealt)]
        if game.hand is not None:  # a spread awaits the decision
            assert hand.spread is not None
            events += game.apply(Decision.DOUBLE if hand.spread in doubles
                                 else Decision.PLAY)
        (result,) = [event for event in events if isinstance(event, RoundSettled)]
        key = hand.spread if hand.kind is HandKind.SPREAD else hand.kind
        dealt[key] += 1
        if hand.kind is not HandKind.CONSECUTIVE and result.payout > 0:
            won[hand.spread or 0] += 1
        units = result.payout // bet
        total += units
        total_sq += units * units

    def close(observed: int, trials: int, p: Fraction) -> bool:
        error = math.sqrt(float(p * (1 - p)) / trials)
        return abs(observed / trials - float(p)) <= 4.5 * error

    assert close(dealt[HandKind.PAIR], ROUNDS, odds.pair)
    assert close(dealt[HandKind.CONSECUTIVE], ROUNDS, odds.consecutive)
    assert close(won[0], dealt[HandKind.PAIR], odds.trips)
    for spread in odds.spreads:
        assert close(dealt[spread.spread], ROUNDS, spread.probability), spread
        assert close(won[spread.spread], dealt[spread.spread], spread.win), spread
    mean = total / ROUNDS
    error = math.sqrt((total_sq / ROUNDS - mean * mean) / ROUNDS)
    assert abs(mean - float(odds.expectation)) <= 4.5 * error
    assert mean < 0  # the house edge shows in the long run


def test_format_odds_prints_every_spread_and_the_edge() -> None:
    text = format_odds(compute_odds(4))
    lines = text.splitlines()
    assert lines[0].startswith("Red Dog odds, fresh shoe of 4 decks (208 cards), exact")
    rows = [line.split() for line in lines[3:14]]
    assert [row[0] for row in rows] == [str(s) for s in range(1, 12)]
    assert [row[1] for row in rows] == ["5:1", "4:1", "2:1"] + ["1:1"] * 8
    assert [row[-1] for row in rows] == ["play"] * 6 + ["double"] * 5
    assert rows[0][3:6] == ["8/103", "=", "0.07767"]
    assert "Best strategy: double at spreads 7 to 11, otherwise play." in lines
    assert "Expectation per initial bet: -7993/277173 = -0.028838" in lines
    assert lines[-1] == "House edge: 2.884% of the initial bet"
    assert compute_odds(1).spreads[-1].win == Fraction(22, 25)
    assert "fresh shoe of 1 deck (52 cards)" in format_odds(compute_odds(1))


@pytest.mark.parametrize(("value", "places", "text"), [
    (Fraction(1, 3), 3, "0.333"), (Fraction(-2, 3), 2, "-0.67"),
    (Fraction(-1, 10**6), 3, "0.000"), (Fraction(5, 2), 0, "2"),
    (Fraction(7), 2, "7.00")])
def test_format_decimal_rounds_exactly(value: Fraction, places: int, text: str) -> None:
    assert format_decimal(value, places) == text


def test_compute_odds_needs_a_deck() -> None:
    with pytest.raises(ValueError):
        compute_odds(0)
