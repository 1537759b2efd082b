import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.cards.card import parse_cards
from stud.cards import StudCard, StudDeck
from stud.equity import (
    SHARES,
    count_outcomes,
    count_points,
    deals,
    outcome_bounds,
    points_bounds,
    round_one_signatures,
    round_two_keys,
    showdown_points,
    signature,
)

DECK = list(StudDeck())


def cards(text: str) -> list[StudCard]:
    return [StudCard(card.suit, card.rank) for card in parse_cards(text)]


def chance(own: list[StudCard], theirs: list[StudCard]) -> Fraction:
    return Fraction(*count_points(own, theirs))


def next_round_average(own: list[StudCard], theirs: list[StudCard]) -> Fraction:
    """The chance as the average of the next round's over our next card and theirs."""
    pool = [card for card in DECK if card not in own + theirs]
    total = sum((chance(own + [ours], theirs + [up])
                 for ours, up in itertools.permutations(pool, 2)), Fraction(0))
    return total / (len(pool) * (len(pool) - 1))


def a_hand(ups: int, rng: random.Random, suited: int) -> tuple[list[StudCard],
                                                                 list[StudCard]]:
    """Cards of a hand with `ups` up cards each; `suited` 1: ours share a suit,
    2: theirs do, 3: both, the same suit."""
    deck = list(DECK)
    rng.shuffle(deck)
    suit = rng.randrange(4)
    in_suit = [card for card in deck if card.suit == suit]
    others = [card for card in deck if card.suit != suit]
    if suited == 1:
        return in_suit[:ups + 1], others[:ups]
    if suited == 2:
        return others[:ups + 1], in_suit[:ups]
    if suited == 3:
        return in_suit[:ups + 1], in_suit[ups + 1:2 * ups + 1]
    return deck[:ups + 1], deck[ups + 1:2 * ups + 1]


# --- counting every deal ------------------------------------------------------

@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3))
def test_round_two_is_the_average_of_round_three(seed: int, suited: int) -> None:
    # Round 3 is checked against every deal, one by one (test_computer.py).
    own, theirs = a_hand(2, random.Random(seed), suited)
    assert chance(own, theirs) == next_round_average(own, theirs)


def test_round_one_is_the_average_of_round_two() -> None:
    # Every card of the suit of all three cards is a flush draw, both ways.
    own, theirs = cards("AS KS"), cards("QS")
    assert chance(own, theirs) == next_round_average(own, theirs)


def test_the_deals_are_every_way_the_unseen_cards_fall() -> None:
    assert [deals(ups) for ups in (4, 3, 2, 1)] == [
        43, 45 * 946, 1081 * 14190, 18424 * 163185]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.integers(0, 3))
def test_wins_and_ties_make_the_points(seed: int, ups: int, suited: int) -> None:
    own, theirs = a_hand(ups, random.Random(seed), suited)
    wins, ties, dealt = count_outcomes(own, theirs)
    assert count_points(own, theirs) == (2 * wins + ties, 2 * dealt)


def test_a_hand_in_progress_is_needed() -> None:
    for own, theirs in [("AS KS QS", "2C"), ("AS", ""), ("AS KS QS JS TS 9S",
                                                          "2C 3C 4C 5C 6C")]:
        with pytest.raises(ValueError, match="not a hand"):
            count_points(cards(own), cards(theirs))
    with pytest.raises(ValueError, match="no table of round 3"):
        outcome_bounds(cards("AS KS QS JS"), cards("2C 3C 4C"))


# --- the tables -------------------------------------------------------------

def test_round_one_signatures_are_every_hand_once() -> None:
    found = {signature(own, [up]) for own in itertools.combinations(DECK, 2)
             for up in DECK if up not in own}
    listed = round_one_signatures()
    assert len(listed) == len(set(listed)) and set(listed) == found


def test_round_one_table_entries_are_the_counts() -> None:
    rng = random.Random(11)
    for _ in range(40):
        own, theirs = a_hand(1, rng, rng.randrange(4))
        wins, ties, dealt = count_outcomes(own, theirs)
        assert outcome_bounds(own, theirs) == (wins, wins, wins + ties, wins + ties,
                                               dealt)
        assert showdown_points(own, theirs) == count_points(own, theirs)


def test_round_two_table_entries_are_the_counts_in_255ths() -> None:
    # The keys with no flush possible: the table's shares of each are the
    # chances counted, rounded down.
    rng = random.Random(12)
    keys = rng.sample(round_two_keys(), 300)
    for mine, theirs in keys:
        for suits in itertools.product(range(4), repeat=5):
            hand = [StudCard(suit, rank) for suit, rank in zip(suits, mine + theirs,
                                                           strict=True)]
            if (len(set(hand)) == 5 and signature(hand[:3], hand[3:])
                    == (mine, theirs, None, None)):
                break
        else:
            continue  # no five such cards: more than four of a rank
        wins, ties, dealt = count_outcomes(hand[:3], hand[3:])
        bounds = outcome_bounds(hand[:3], hand[3:])
        for count, low, high in [(wins, *bounds[:2]), (wins + ties, *bounds[2:4])]:
            share = count * SHARES // dealt
            assert low == -(-share * dealt // SHARES) <= count <= high
            assert high == min(dealt, ((share + 1) * dealt - 1) // SHARES)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2]), st.integers(0, 3))
def test_bounds_hold_the_counts(seed: int, ups: int, suited: int) -> None:
    own, theirs = a_hand(ups, random.Random(seed), suited)
    wins_low, wins_high, kept_low, kept_high, dealt = outcome_bounds(own, theirs)
    wins, ties, counted = count_outcomes(own, theirs)
    assert wins_low <= wins <= wins_high and kept_low <= wins + ties <= kept_high
    assert counted == dealt
    if ups == 1:
        assert (wins_low, kept_low) == (wins_high, kept_high)
    else:
        assert wins_high - wins_low < dealt // 10 and kept_high - kept_low < dealt // 10


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4]), st.integers(0, 3))
def test_points_bounds_hold_the_points(seed: int, ups: int, suited: int) -> None:
    own, theirs = a_hand(ups, random.Random(seed), suited)
    low, high, most = points_bounds(own, theirs)
    points = count_points(own, theirs)
    assert low <= points[0] <= high and points[1] == most
    if ups == 4 or suited:
        assert low == high
    else:  # the pairs holding our card: 44 of them for each of our 45 cards
        assert high - low <= 2 * 45 * 44 == most * 2 // 43
    with pytest.raises(ValueError, match="no bounds of round 2"):
        points_bounds(own[:3], theirs[:2])
