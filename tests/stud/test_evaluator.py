import itertools
import random
import subprocess
import sys
from collections import Counter

import pytest
from helpers.paths import ROOT
from hypothesis import given
from hypothesis import strategies as st

from common.cards.card import Card, parse_cards
from stud import (
    HandCategory,
    StudCard,
    category,
    category_of,
    evaluate,
    poker_hand,
)

DECK = [Card(suit, rank) for suit in range(4) for rank in range(13)]

STANDARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
DISTINCT_PER_CATEGORY = {
    HandCategory.STRAIGHT_FLUSH: 10,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FLUSH: 1_277,
    HandCategory.STRAIGHT: 10,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.TWO_PAIR: 858,
    HandCategory.PAIR: 2_860,
    HandCategory.HIGH_CARD: 1_277,
}


def value(text: str) -> int:
    return evaluate(parse_cards(text))


def test_every_hand_exhaustively() -> None:
    values = Counter(map(evaluate, itertools.combinations(DECK, 5)))
    assert sum(values.values()) == 2_598_960
    assert len(values) == 7_462
    assert min(values) == 1 and max(values) == 7_462
    hands = Counter()
    distinct = Counter()
    for hand_value, count in values.items():
        kind = category_of(hand_value)
        hands[kind] += count
        distinct[kind] += 1
    assert hands == STANDARD_COUNTS
    assert distinct == DISTINCT_PER_CATEGORY


def test_categories_are_contiguous_and_ordered() -> None:
    kinds = [category_of(v) for v in range(1, 7_463)]
    assert kinds == sorted(kinds)
    assert set(kinds) == set(HandCategory)


@pytest.mark.parametrize("bad", [0, 7_463, -1])
def test_category_of_rejects_values_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError):
        category_of(bad)


@pytest.mark.parametrize(("cards", "name"), [
    ("AS KS QS JS TS", "Straight Flush"),
    ("5D 4D 3D 2D AD", "Straight Flush"),
    ("9C 9D 9H 9S 2C", "Four of a Kind"),
    ("3C 3D 3H KS KC", "Full House"),
    ("2H 7H 9H JH AH", "Flush"),
    ("AS 2D 3C 4H 5S", "Straight"),
    ("TS JD QC KH AS", "Straight"),
    ("7C 7D 7H 2S 9C", "Three of a Kind"),
    ("7C 7D 2H 2S 9C", "Two Pair"),
    ("AC AD 2H 3S 9C", "Pair"),
    ("AC KD 2H 3S 9C", "High Card"),
    ("2C 3D 4H 5S 7C", "High Card"),
    ("QS KS AS 2S 3D", "High Card"),  # no wrap-around straight
])
def test_category_names(cards: str, name: str) -> None:
    assert category(parse_cards(cards)) == name
    assert str(poker_hand(parse_cards(cards)).category) == name


def test_extremes() -> None:
    assert value("AS KS QS JS TS") == 7_462
    assert value("7C 5D 4H 3S 2C") == 1
    assert value("5H 4H 3H 2H AH") == value("AS KS QS JS TS") - 9


def test_wheel_is_the_lowest_straight_and_broadway_the_highest() -> None:
    wheel = value("AS 2D 3C 4H 5S")
    six_high = value("2D 3C 4H 5S 6D")
    broadway = value("TS JD QC KH AS")
    king_high = value("9S TD JC QH KS")
    trip_aces = value("AS AD AC KH QS")
    assert trip_aces < wheel < six_high < king_high < broadway
    assert broadway < value("2H 4H 6H 8H TH")  # any flush beats any straight
    steel_wheel = value("AC 2C 3C 4C 5C")
    assert value("AS AD AC AH KS") < steel_wheel < value("2D 3D 4D 5D 6D")


@pytest.mark.parametrize(("better", "worse"), [
    ("AS AD KC 4H 3S", "AH AC QD JH TS"),       # pair: kicker
    ("AS AD KC 4H 3S", "AH AC KD 4D 2S"),       # pair: last kicker
    ("KS KD 4C 4H 3S", "KH KC 3D 3H AS"),       # two pair: second pair first
    ("KS KD 4C 4H 5S", "KH KC 4D 4S 3H"),       # two pair: kicker
    ("9S 9D 9C 2H 3S", "8H 8C 8D AS KS"),       # trips by rank
    ("3S 3D 3C 2H 2S", "2H 2C 2D AS AD"),       # full house: trips first
    ("AH QH 9H 5H 3H", "AS QS 9S 5S 2S"),       # flush: rank by rank
    ("AS KD QC JH 9S", "AH KC QD JS 8D"),       # high card: fifth card
    ("2S 2D 2C 2H 4S", "2S 2D 2C 2H 3S"),       # four of a kind: kicker
])
def test_tie_breaks(better: str, worse: str) -> None:
    assert value(better) > value(worse)


@pytest.mark.parametrize(("first", "second"), [
    ("AS KD QC JH 9S", "AH KC QD JS 9D"),
    ("TS JD QC KH AS", "TH JC QD KS AD"),
    ("7C 7D 2H 2S 9C", "7H 7S 2D 2C 9D"),
    ("2H 7H 9H JH AH", "2S 7S 9S JS AS"),
])
def test_suits_never_break_a_tie(first: str, second: str) -> None:
    assert value(first) == value(second)
    one, other = poker_hand(parse_cards(first)), poker_hand(parse_cards(second))
    assert not one.beats(other) and not other.beats(one)


@given(st.permutations(DECK).map(lambda cards: cards[:5]))
def test_any_card_class_and_order_give_the_same_value(cards: list[Card]) -> None:
    expected = evaluate(cards)
    assert evaluate([StudCard(card.suit, card.rank) for card in cards]) == expected
    assert evaluate(tuple(reversed(cards))) == expected
    assert evaluate(iter(cards)) == expected


def test_order_agrees_with_treys() -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    rng = random.Random(5)
    ours_to_theirs: dict[int, int] = {}
    for _ in range(30_000):
        hand = rng.sample(DECK, 5)
        theirs = evaluator.evaluate(
            [treys.Card.new(card.code[0] + card.code[1].lower()) for card in hand], [])
        assert ours_to_theirs.setdefault(evaluate(hand), theirs) == theirs
    # treys counts down from 1 (royal flush): the map must be strictly decreasing.
    theirs_in_our_order = [theirs for _, theirs in sorted(ours_to_theirs.items())]
    assert theirs_in_our_order == sorted(set(theirs_in_our_order), reverse=True)


@pytest.mark.parametrize("count", [0, 4, 6])
def test_evaluate_needs_five_cards(count: int) -> None:
    with pytest.raises(ValueError):
        evaluate(DECK[:count])


def test_poker_hand_needs_five_distinct_cards() -> None:
    with pytest.raises(ValueError):
        poker_hand(parse_cards("AS AS KD QC JH"))
    with pytest.raises(ValueError):
        poker_hand(parse_cards("AS KD QC JH"))
    hand = poker_hand(parse_cards("AS KD QC JH 9S"))
    assert hand == poker_hand(parse_cards("9S JH QC KD AS"))
    assert str(hand) == "[♠A] [♦K] [♣Q] [♥J] [♠9] High Card"
    assert all(isinstance(card, StudCard) for card in hand.cards)


def test_import_builds_no_table() -> None:
    code = ("import stud, stud.__main__, stud.evaluator as e; "
            "assert not e._UNSUITED and not e._FLUSH; "
            "stud.evaluate(stud.StudDeck()[:5]); assert e._UNSUITED")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
