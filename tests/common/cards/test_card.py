"""Unit and property tests for common.cards.card: Card, parse_card, parse_cards."""

import copy
import itertools
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cards import BigTwoCard
from common.cards.card import (
    Card,
    CardParseError,
    parse_card,
    parse_cards,
)

# Written out by hand rather than taken from the module under test.
GLYPHS = {0: "♦", 1: "♣", 2: "♥", 3: "♠"}
LETTERS = {0: "D", 1: "C", 2: "H", 3: "S"}
PRINTED_RANKS = {0: "A", 1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8",
                 8: "9", 9: "0", 10: "J", 11: "Q", 12: "K"}
FILE_RANKS = {**PRINTED_RANKS, 9: "T"}

ALL_CARDS = [Card(suit, rank) for suit in range(4) for rank in range(13)]


# --- construction -----------------------------------------------------------

def test_all_52_cards_are_distinct():
    assert len(set(ALL_CARDS)) == 52
    assert {(c.suit, c.rank) for c in ALL_CARDS} == set(
        itertools.product(range(4), range(13)))


@pytest.mark.parametrize("suit, rank", [(-1, 0), (4, 0), (0, -1), (0, 13),
                                        (99, 99), ("0", 0), (0, "3"),
                                        (0.0, 0), (0, 2.0), (None, 0)])
def test_bad_suit_or_rank_is_rejected(suit, rank):
    with pytest.raises(ValueError):
        Card(suit, rank)


def test_getters_agree_with_properties():
    for card in ALL_CARDS:
        assert card.get_suit() == card.suit
        assert card.get_rank() == card.rank


# --- text forms -------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_str_is_glyph_then_rank_char(card):
    assert str(card) == GLYPHS[card.suit] + PRINTED_RANKS[card.rank]


@pytest.mark.parametrize("suit, rank, text", [(0, 2, "♦3"), (3, 9, "♠0"),
                                              (2, 0, "♥A"), (1, 12, "♣K"),
                                              (0, 1, "♦2"), (3, 10, "♠J")])
def test_str_examples(suit, rank, text):
    assert str(Card(suit, rank)) == text


def test_code_is_file_form():
    for card in ALL_CARDS:
        assert card.code == FILE_RANKS[card.rank] + LETTERS[card.suit]
    assert Card(3, 9).code == "TS"


def test_repr_round_trips():
    for card in ALL_CARDS:
        assert eval(repr(card), {"Card": Card}) == card
    assert repr(BigTwoCard(0, 2)) == "BigTwoCard.parse('3D')"


# --- immutability, equality, hashing ----------------------------------------

@pytest.mark.parametrize("name", ["suit", "rank", "_suit", "_rank", "other"])
def test_cards_are_immutable(name):
    card = Card(0, 2)
    with pytest.raises(AttributeError):
        setattr(card, name, 1)
    assert card == Card(0, 2)


def test_cards_are_hashable_and_equal_by_value():
    for card in ALL_CARDS:
        twin = Card(card.suit, card.rank)
        assert card == twin and hash(card) == hash(twin)
        assert (card != twin) is False
    assert len({Card(0, 2), Card(0, 2), Card(1, 2)}) == 2


def test_equality_across_subclasses():
    for card in ALL_CARDS:
        b2 = BigTwoCard(card.suit, card.rank)
        assert card == b2 and b2 == card
        assert hash(card) == hash(b2)
    assert len(set(ALL_CARDS) | {BigTwoCard(c.suit, c.rank) for c in ALL_CARDS}) == 52


def test_unequal_to_other_types():
    card = Card(0, 2)
    assert card != (0, 2)
    assert card != "♦3"
    assert card != 2
    assert card is not None


def test_copy_and_pickle_keep_value_and_class():
    for card in (Card(2, 9), BigTwoCard(3, 1)):
        for clone in (copy.copy(card), copy.deepcopy(card),
                      pickle.loads(pickle.dumps(card))):
            assert clone == card and type(clone) is type(card)


# --- ordering ----------------------------------------------------------------

def test_sorted_by_rank_then_suit_ace_low():
    expected = [Card(suit, rank) for rank in range(13) for suit in range(4)]
    assert sorted(reversed(ALL_CARDS)) == expected
    assert [str(c) for c in expected[:5]] == ["♦A", "♣A", "♥A", "♠A", "♦2"]
    assert str(expected[-1]) == "♠K"


def test_compare_to_is_a_total_order_matching_operators():
    position = {card: (card.rank, card.suit) for card in ALL_CARDS}
    for a, b in itertools.product(ALL_CARDS, repeat=2):
        expected = (position[a] > position[b]) - (position[a] < position[b])
        assert a.compare_to(b) == expected
        assert (a < b) == (expected < 0)
        assert (a <= b) == (expected <= 0)
        assert (a > b) == (expected > 0)
        assert (a >= b) == (expected >= 0)


# --- parsing ----------------------------------------------------------------

@pytest.mark.parametrize("token, suit, rank", [
    ("3D", 0, 2), ("3d", 0, 2), ("ts", 3, 9), ("TS", 3, 9), ("10h", 2, 9),
    ("10H", 2, 9), ("0c", 1, 9), ("AH", 2, 0), ("ah", 2, 0), ("2s", 3, 1),
    ("kD", 0, 12), ("Qc", 1, 11), ("jh", 2, 10), ("9S", 3, 8),
    ("♦3", 0, 2), ("♠0", 3, 9), ("♥A", 2, 0), ("♣K", 1, 12), ("♠10", 3, 9),
    ("♦T", 0, 9), ("♥q", 2, 11),
])
def test_parse_card_examples(token, suit, rank):
    assert parse_card(token) == Card(suit, rank)


def test_parse_every_card_in_every_form():
    for card in ALL_CARDS:
        for token in (card.code, card.code.lower(), str(card),
                      str(card).lower()):
            assert parse_card(token) == card
        assert Card.parse(card.code) == card


@pytest.mark.parametrize("token", [
    "", " ", "3", "D", "3X", "X3", "1D", "11H", "01H", "D3", "3♦", "♦", "♦1",
    "♦11", "3DD", "33D", "3 D", "AAH", "♦3♦", "3D,", "BS", "☆3", "١D", "３D",
    "\x00", "♦３",
])
def test_bad_tokens_raise_naming_the_token(token):
    with pytest.raises(CardParseError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("token", ["3ſ", "Aſ", "Tſ"])
def test_only_ascii_letters_name_suits(token):
    with pytest.raises(CardParseError):
        parse_card(token)


def test_parse_returns_the_calling_class():
    assert type(Card.parse("3D")) is Card
    card = BigTwoCard.parse("♠2")
    assert type(card) is BigTwoCard and card == Card(3, 1)


def test_parse_cards_splits_on_white_space():
    assert parse_cards("3D ts\t10h\n♠0  ♥A") == [
        Card(0, 2), Card(3, 9), Card(2, 9), Card(3, 9), Card(2, 0)]
    assert parse_cards("") == []
    assert parse_cards("   \n") == []


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(CardParseError) as info:
        parse_cards("3D 4X 5Y")
    assert "'4X'" in str(info.value)
    assert "5Y" not in str(info.value)


def test_parse_round_trips_in_every_mixed_case():
    for card in ALL_CARDS:
        for upper in itertools.product([False, True], repeat=2):
            code = "".join(ch.upper() if up else ch.lower()
                           for ch, up in zip(card.code, upper, strict=True))
            assert parse_card(code) == card


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=4))
def test_parse_card_accepts_or_raises_parse_error(token):
    try:
        card = parse_card(token)
    except CardParseError as error:
        assert repr(token) in str(error)
    else:
        # Anything accepted names a card whose canonical forms parse back to it.
        assert isinstance(card, Card)
        assert parse_card(card.code) == card


def test_ace_high_cards_run_two_to_ace():
    from common import AceHighCard
    cards = sorted(AceHighCard(suit, rank) for suit in range(4) for rank in range(13))
    assert [card.value for card in cards[::4]] == list(range(2, 15))
    assert str(cards[-1]) == "♠A" and str(cards[0]) == "♦2"
    assert AceHighCard.parse("TS").value == 10
    assert AceHighCard.parse("KD").value == 13
