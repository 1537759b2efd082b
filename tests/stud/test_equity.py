import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
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
from stud.events import Action
from stud.strategy import EquityPlayer
from stud.view import StudView

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


# --- the player -------------------------------------------------------------

def estimate(own: list[StudCard], theirs: list[StudCard], seed: int) -> float:
    """The smart player's estimate of 200 deals, seeded, one deal at a time.

    Each deal is a 31-bit random number, from a 32-bit field of
    ``getrandbits``: won when below the chance of a win, tied when below
    that of a win or a tie, each rounded up to a multiple of 2^-31.
    """
    samples = EquityPlayer.SAMPLES
    bits = random.Random(seed).getrandbits(32 * samples)
    wins, ties, dealt = count_outcomes(own, theirs)
    win_bar = math.ceil(Fraction(wins, dealt) * 2**31)
    tie_bar = math.ceil(Fraction(wins + ties, dealt) * 2**31)
    points = 0
    for deal in range(samples):
        number = bits >> (32 * deal) & (2**31 - 1)
        points += 2 if number < win_bar else number < tie_bar
    return points / (2 * samples)


def a_view(own: list[StudCard], theirs: list[StudCard], pot: int, to_call: int,
           raises: int) -> StudView:
    if not to_call:
        legal = (Action.CHECK, Action.BET)
    elif raises < 3:
        legal = (Action.CALL, Action.RAISE, Action.FOLD)
    else:
        legal = (Action.CALL, Action.FOLD)
    return StudView(seat=0, hole_card=own[0], up_cards=(tuple(own[1:]), tuple(theirs)),
                    stacks=(50, 50), pot=pot, to_call=to_call, legal_actions=legal,
                    round_number=len(theirs), bet_size=2, raises=raises)


def rule(view: StudView, equity: float) -> Action:
    """EquityPlayer's rule, from the equity."""
    if not view.to_call:
        return Action.BET if equity >= EquityPlayer.BET_EQUITY else Action.CHECK
    if Action.RAISE in view.legal_actions and equity >= EquityPlayer.RAISE_EQUITY:
        return Action.RAISE
    return Action.CALL if equity > view.to_call / (view.pot + view.to_call) else (
        Action.FOLD)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2, 3, 4]), st.integers(0, 3),
       st.integers(0, 3), st.integers(2, 30), st.booleans())
def test_the_player_decides_from_its_estimate_or_the_exact_equity(
        seed: int, ups: int, suited: int, raises: int, pot: int, facing: bool) -> None:
    # In rounds 2 and 3 it mostly decides from bounds: as it would from the
    # estimate (rounds 1 and 2) or the exact equity (rounds 3 and 4).
    own, theirs = a_hand(ups, random.Random(seed), suited)
    to_call = 2 * (1 + raises) if facing else 0
    assume(to_call <= pot)
    view = a_view(own, theirs, pot, to_call, raises)
    player = EquityPlayer(random.Random(seed))
    if ups <= 2:
        expected = estimate(own, theirs, seed)
    else:
        points, most = count_points(own, theirs)
        expected = points / most
    assert player.decide(view) is rule(view, expected)
    low, high = player.equity_bounds(view)
    assert low <= expected <= high
    assert player.equity(view) == expected


def test_a_decision_the_bounds_leave_open_asks_for_the_counts() -> None:
    # Our three spades may make a flush: the bounds of the estimate are
    # points apart, and a price between them is settled by the counts.
    own, theirs = cards("AS 9S 4S"), cards("KD 8C")
    low, high = EquityPlayer(random.Random(1)).equity_bounds(
        a_view(own, theirs, 10, 2, 3))
    equity = estimate(own, theirs, 1)
    assert low < equity < high
    prices = [(pot, to_call) for pot in range(1, 100) for to_call in range(1, 20)
              if low < to_call / (pot + to_call) < high]
    assert any(to_call / (pot + to_call) < equity for pot, to_call in prices)
    assert any(to_call / (pot + to_call) > equity for pot, to_call in prices)
    for pot, to_call in prices:
        view = a_view(own, theirs, pot, to_call, 3)
        assert EquityPlayer(random.Random(1)).decide(view) is rule(view, equity)


def test_the_estimate_is_of_200_deals_around_the_exact_equity() -> None:
    # The mean of many estimates is the exact equity; their spread that of
    # 200 deals: each a win (2 points), a tie (1) or a loss.
    own, theirs = cards("7C 7D"), cards("AH")
    wins, ties, dealt = count_outcomes(own, theirs)
    win, tie = wins / dealt, ties / dealt
    exact = win + tie / 2
    spread = ((win + tie / 4 - exact**2) / EquityPlayer.SAMPLES) ** 0.5
    view = a_view(own, theirs, 10, 0, 0)
    values = [EquityPlayer(random.Random(seed)).equity(view) for seed in range(2000)]
    mean = sum(values) / len(values)
    assert abs(mean - exact) < 4 * spread / len(values) ** 0.5
    deviation = (sum((value - mean) ** 2 for value in values) / len(values)) ** 0.5
    assert 0.9 * spread < deviation < 1.1 * spread
    assert values[0] == EquityPlayer(random.Random(0)).equity(view)  # seeded
