"""Tests for BigTwoCard's order and Big Two's hands: validity, top cards, beats.

The property tests compare `compose_hand` and `Hand.beats` with an independent
classifier written here from rank and suit counts, on the assignment's text.
"""

import itertools
from collections import Counter

import pytest
from helpers.oracles import (
    ALL_CARDS,
    RANKS,
    SUITS,
    assignment_key,
    classify,
    highest,
    rank_pos,
    suit_pos,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.hands import (
    HAND_TYPES,
    Flush,
    Hand,
    Pair,
    Single,
    Straight,
    StraightFlush,
    compose_hand,
)
from common.cards.card import Card, parse_cards
from common.cards.player import CardGamePlayer

CLASSES = {cls.__name__: cls for cls in HAND_TYPES}

def hand(text, player=None):
    result = compose_hand(player, parse_cards(text))
    assert result is not None, text
    return result


# --- BigTwoCard ---------------------------------------------------------------

def test_big_two_card_order_is_3_to_2_then_suit():
    shuffled = [BigTwoCard(c.suit, c.rank) for c in reversed(ALL_CARDS)]
    assert [c.code for c in sorted(shuffled)] == [c.code for c in ALL_CARDS]
    deck = BigTwoDeck()
    deck.sort()
    assert str(deck.get_card(0)) == "♦3" and str(deck.get_card(51)) == "♠2"


def test_big_two_card_compare_to_everywhere():
    cards = [BigTwoCard(c.suit, c.rank) for c in ALL_CARDS]
    for (i, a), (j, b) in itertools.product(enumerate(cards), repeat=2):
        assert a.compare_to(b) == (i > j) - (i < j)
        assert (a < b) == (i < j) and (a > b) == (i > j)
        # compare_to places the other card in this card's order, any class.
        assert a.compare_to(Card(b.suit, b.rank)) == (i > j) - (i < j)


@pytest.mark.parametrize("low, high", [("3D", "3C"), ("3S", "4D"), ("KS", "AD"),
                                       ("AS", "2D"), ("2H", "2S"), ("0S", "JD")])
def test_big_two_card_examples(low, high):
    assert BigTwoCard.parse(low) < BigTwoCard.parse(high)


def test_big_two_card_keeps_encoding_and_equality():
    card = BigTwoCard.parse("2S")
    assert (card.suit, card.rank) == (3, 1)
    assert str(card) == "♠2" and card == Card(3, 1)


# --- validity: data-driven --------------------------------------------------

VALIDITY = [
    # singles, pairs, triples
    ("3D", "Single"), ("2S", "Single"),
    ("3D 3S", "Pair"), ("2C 2H", "Pair"), ("3D 4D", None), ("AS 2S", None),
    ("3D 3S 3H", "Triple"), ("KD KC KS", "Triple"), ("3D 3S 4H", None),
    ("3D 4D 5D", None),
    # wrong sizes
    ("", None), ("3D 3C 3H 3S", None), ("3D 4C 5H 6S", None),
    ("3D 4D 5D 6D", None), ("3D 4C 5H 6S 7D 8C", None),
    ("3D 3C 3H 3S 4D 4C", None), ("3D 4D 5D 6D 7D 8D", None),
    # straights: five consecutive ranks in Big Two order, not one suit
    ("3D 4C 5H 6S 7D", "Straight"), ("4D 5C 6H 7S 8D", "Straight"),
    ("9D TC JH QS KD", "Straight"), ("TD JC QH KS AD", "Straight"),
    ("JD QC KH AS 2D", "Straight"), ("2D AS KH QC JD", "Straight"),
    ("7S 3D 5H 4C 6S", "Straight"), ("8S 9S TS JS QH", "Straight"),
    # wrap-arounds are not straights
    ("AD 2C 3H 4S 5D", None), ("2D 3C 4H 5S 6D", None),
    ("KD AC 2H 3S 4D", None), ("QD KC AH 2S 3D", None),
    ("3D 4C 5H 6S 8D", None), ("TD JC QH KS 2D", None),
    # flushes, including the one-suit wrap-arounds
    ("3D 5D 7D 9D JD", "Flush"), ("3S 4S 5S 6S 8S", "Flush"),
    ("AD 2D 3D 4D 5D", "Flush"), ("2H 3H 4H 5H 6H", "Flush"),
    ("KC AC 2C 3C 4C", "Flush"), ("QS KS AS 2S 3S", "Flush"),
    ("9H JH QH KH 2H", "Flush"),
    # straight flushes
    ("3D 4D 5D 6D 7D", "StraightFlush"), ("JS QS KS AS 2S", "StraightFlush"),
    ("TH JH QH KH AH", "StraightFlush"), ("9C TC JC QC KC", "StraightFlush"),
    # full houses
    ("3D 3C 3H 4S 4D", "FullHouse"), ("2D 2C AH AS AD", "FullHouse"),
    ("KD KC 2H 2S 2D", "FullHouse"), ("3D 3C 4H 4S 5D", None),
    ("3D 3C 3H 5S 6D", None), ("3D 3C 3H 3S 3D", None),
    # quads: four of a rank and any fifth card
    ("5D 5C 5H 5S 6S", "Quad"), ("5D 5C 5H 5S 2D", "Quad"),
    ("3D AD AC AH AS", "Quad"), ("2D 2C 2H 2S 3D", "Quad"),
]


@pytest.mark.parametrize("text, expected", VALIDITY)
def test_compose_hand_table(text, expected):
    cards = parse_cards(text)
    result = compose_hand(None, cards)
    if expected is None:
        assert result is None
    else:
        assert result is not None and type(result) is CLASSES[expected]
        assert result.get_type() == expected


@pytest.mark.parametrize("text, expected", VALIDITY)
def test_exactly_the_expected_class_is_valid(text, expected):
    cards = parse_cards(text)
    for name, cls in CLASSES.items():
        assert cls(None, cards).is_valid() == (name == expected), name


@pytest.mark.parametrize("cls", HAND_TYPES)
def test_get_type_is_the_class_name(cls):
    assert cls(None, []).get_type() == cls.__name__
    assert cls.__name__ in {"Single", "Pair", "Triple", "Straight", "Flush",
                            "FullHouse", "Quad", "StraightFlush"}
    assert issubclass(cls, Hand)


def test_there_are_exactly_eight_hand_types():
    assert len(HAND_TYPES) == 8 == len(set(HAND_TYPES))


def test_hand_is_abstract():
    with pytest.raises(TypeError):
        Hand(None, [])  # type: ignore[abstract]


def test_hand_keeps_player_and_sorted_big_two_cards():
    player = CardGamePlayer("Player 1")
    result = compose_hand(player, parse_cards("2D AS 3H KC QD"))
    assert result is None
    result = compose_hand(player, parse_cards("2D AS KH QC JD"))
    assert result.get_player() is player
    assert str(result) == "[♦J] [♣Q] [♥K] [♠A] [♦2]"
    assert all(type(card) is BigTwoCard for card in result)
    assert repr(result) == "Straight('Player 1', '[♦J] [♣Q] [♥K] [♠A] [♦2]')"
    assert compose_hand(None, parse_cards("3D")).get_player() is None


TOP_CARDS = [
    ("3D", "3D"), ("2S", "2S"),
    ("3D 3S", "3S"), ("2H 2C", "2H"),
    ("KD KS KC", "KS"),
    ("3S 4C 5H 6D 7D", "7D"), ("JD QC KH AS 2D", "2D"), ("TS JS QS KS AH", "AH"),
    ("3D 5D 7D 9D JD", "JD"), ("AD 2D 3D 4D 5D", "2D"), ("KH 3H 4H 5H AH", "AH"),
    ("JS QS KS AS 2S", "2S"), ("3C 4C 5C 6C 7C", "7C"),
    ("3D 3C 3H 2S 2D", "3H"), ("KD KS AH AS AD", "AS"), ("2D 2C 3H 3S 3D", "3S"),
    ("5D 5C 5H 5S 2S", "5S"), ("AD AC AH AS 2S", "AS"), ("3D 4D 4C 4H 4S", "4S"),
]


@pytest.mark.parametrize("text, top", TOP_CARDS)
def test_top_card(text, top):
    assert hand(text).get_top_card() == Card.parse(top)


# --- validity: exhaustive where cheap ----------------------------------------

def test_every_single():
    for card in ALL_CARDS:
        result = compose_hand(None, [card])
        assert type(result) is Single and result.get_top_card() == card


def test_every_two_card_selection():
    for a, b in itertools.combinations(ALL_CARDS, 2):
        result = compose_hand(None, [b, a])
        if a.rank == b.rank:
            assert type(result) is Pair
            assert result.get_top_card() == highest([a, b])
        else:
            assert result is None


def one_suit_and_one_off():
    """Every one-suit pattern of five suits and every one differing in one place."""
    for base in SUITS:
        yield (base,) * 5
        for place, other in itertools.product(range(5), SUITS):
            if other != base:
                yield (base,) * place + (other,) + (base,) * (4 - place)


def test_every_five_card_run_of_ranks():
    """The 13 cyclic windows of five ranks, each one-suit or one card off-suit."""
    for start in range(13):
        ranks = [RANKS[(start + k) % 13] for k in range(5)]
        in_order = start <= 8  # windows 3-7 … J-2; the rest wrap past the 2
        for suits in one_suit_and_one_off():
            cards = [Card.parse(r + s) for r, s in zip(ranks, suits, strict=True)]
            result = compose_hand(None, cards)
            one_suit = len(set(suits)) == 1
            if in_order:
                expected = StraightFlush if one_suit else Straight
                assert type(result) is expected, cards
                assert result.get_top_card() == cards[4]
            elif one_suit:
                assert type(result) is Flush, cards
            else:
                assert result is None, cards


# --- validity: properties against the independent classifier ----------------

cards_st = st.sampled_from(ALL_CARDS)


@st.composite
def by_shape(draw, shape):
    """Cards whose rank counts are `shape`, distinct ranks, distinct suits per rank."""
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=len(shape),
                          max_size=len(shape), unique=True))
    cards = []
    for rank, count in zip(ranks, shape, strict=True):
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=count,
                              max_size=count, unique=True))
        cards += [Card.parse(rank + suit) for suit in suits]
    return cards


@st.composite
def runs(draw):
    """Five cyclically consecutive ranks (wrapping too), often of one suit."""
    start = draw(st.integers(0, 12))
    if draw(st.booleans()):
        suits = [draw(st.sampled_from(SUITS))] * 5
    else:
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=5, max_size=5))
    return [Card.parse(RANKS[(start + k) % 13] + suit)
            for k, suit in enumerate(suits)]


@st.composite
def flushes(draw):
    suit = draw(st.sampled_from(SUITS))
    ranks = draw(st.lists(st.sampled_from(RANKS), min_size=5, max_size=5,
                          unique=True))
    return [Card.parse(rank + suit) for rank in ranks]


SHAPES = [(1,), (2,), (1, 1), (3,), (2, 1), (1, 1, 1), (4,), (2, 2), (3, 1),
          (1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1),
          (1, 1, 1, 1, 1, 1), (3, 3), (4, 2)]

any_selection = st.one_of(
    st.lists(cards_st, min_size=0, max_size=6, unique=True),
    st.lists(cards_st, min_size=5, max_size=5, unique=True),
    st.sampled_from(SHAPES).flatmap(by_shape),
    runs(),
    flushes(),
).flatmap(st.permutations)


@settings(max_examples=250, deadline=None)
@given(any_selection)
def test_compose_hand_agrees_with_the_classifier(cards):
    expected = classify(cards)
    result = compose_hand(None, cards)
    if expected is None:
        assert result is None
        assert not any(cls(None, cards).is_valid() for cls in HAND_TYPES)
        return
    name, top = expected
    assert result is not None and result.get_type() == name
    assert result.get_top_card() == top
    assert Counter(result) == Counter(cards)
    assert list(result) == sorted(cards, key=lambda c: (rank_pos(c), suit_pos(c)))
    assert [cls.__name__ for cls in HAND_TYPES
            if cls(None, cards).is_valid()] == [name]


# --- beats: data-driven --------------------------------------------------------

BEATS = [
    # singles: rank, then suit
    ("4D", "3S"), ("3S", "3H"), ("3C", "3D"), ("2D", "AS"), ("AD", "KS"),
    ("2S", "2H"), ("0D", "9S"),
    # pairs: rank, then the highest suit
    ("4D 4C", "3H 3S"), ("3D 3S", "3C 3H"), ("2D 2C", "AH AS"),
    ("KC KH", "KD KC"),
    # triples: rank
    ("4D 4C 4H", "3C 3H 3S"), ("2D 2C 2H", "AC AH AS"),
    # straights: top card rank, then suit
    ("4D 5C 6H 7S 8D", "3D 4C 5H 6S 7S"), ("JD QC KH AS 2D", "TS JS QS KS AH"),
    ("TD JC QH KS AD", "9S TS JS QS KH"), ("3D 4C 5H 6S 7S", "3S 4S 5H 6S 7H"),
    ("3D 4D 5D 6H 7C", "3S 4S 5S 6S 7D"),
    # flushes: suit first, then top card rank
    ("3S 4S 5S 6S 8S", "9H JH QH KH 2H"), ("3C 5C 7C 9C JC", "TD QD KD AD 2D"),
    ("3D 5D 7D 9D 2D", "3D 5D 7D 9D AD"), ("4H 5H 6H 7H AH", "9H JH QH KH 3H"),
    # full houses: the triple, whatever the pair
    ("4D 4C 4H 3S 3D", "3D 3C 3H 2S 2D"), ("2D 2C 2H 3S 3D", "AD AC AH KS KD"),
    # quads: the quadruple, whatever the fifth card
    ("4D 4C 4H 4S 3D", "3D 3C 3H 3S 2D"), ("2D 2C 2H 2S 3D", "AD AC AH AS KS"),
    # straight flushes: top card rank, then suit
    ("3S 4S 5S 6S 7S", "3D 4D 5D 6D 7D"), ("4D 5D 6D 7D 8D", "3S 4S 5S 6S 7S"),
    ("JD QD KD AD 2D", "TS JS QS KS AS"), ("JS QS KS AS 2S", "JH QH KH AH 2H"),
    # five-card types: StraightFlush > Quad > FullHouse > Flush > Straight
    ("3D 4D 5D 6D 7D", "2D 2C 2H 2S AS"), ("3D 3C 3H 3S 4D", "2D 2C 2H AS AH"),
    ("3D 3C 3H 4S 4D", "TS QS KS AS 2S"), ("3D 4D 5D 6D 8D", "JS QS KS AS 2H"),
    ("3D 4D 5D 6D 7D", "JH QS KS AS 2S"), ("3D 3C 3H 3S 4D", "JS QS KS AS 2H"),
]


@pytest.mark.parametrize("winner, loser", BEATS)
def test_beats_table(winner, loser):
    high, low = hand(winner), hand(loser)
    assert high.beats(low)
    assert not low.beats(high)


@pytest.mark.parametrize("a, b", [
    ("2S", "3D 3C"), ("2S 2H", "3D 3C 3H"), ("2S 2H 2D", "3D 4C 5H 6S 7D"),
    ("2S", "3D 4D 5D 6D 7D"), ("AD AC AH", "3D 3C 3H 3S 4D"),
])
def test_hands_of_different_sizes_never_beat(a, b):
    assert not hand(a).beats(hand(b))
    assert not hand(b).beats(hand(a))


@pytest.mark.parametrize("text", [text for text, name in VALIDITY if name])
def test_no_hand_beats_itself_or_its_twin(text):
    assert not hand(text).beats(hand(text))
    twin = hand(" ".join(reversed(text.split())), CardGamePlayer("other"))
    assert not twin.beats(hand(text))


# --- beats: exhaustive where cheap --------------------------------------------

def test_singles_beat_exactly_the_lower_cards():
    singles = [compose_hand(None, [card]) for card in ALL_CARDS]
    for (i, a), (j, b) in itertools.product(enumerate(singles), repeat=2):
        assert a.beats(b) == (i > j)


def test_pairs_order_is_rank_then_highest_suit():
    pairs = [compose_hand(None, cards)
             for cards in itertools.combinations(ALL_CARDS, 2)
             if cards[0].rank == cards[1].rank]
    assert len(pairs) == 78
    for a, b in itertools.product(pairs, repeat=2):
        top_a, top_b = a.get_top_card(), b.get_top_card()
        key_a = (rank_pos(top_a), suit_pos(top_a))
        key_b = (rank_pos(top_b), suit_pos(top_b))
        assert a.beats(b) == (key_a > key_b)


def test_triples_of_different_ranks_order_by_rank():
    triples = [compose_hand(None, cards)
               for cards in itertools.combinations(ALL_CARDS, 3)
               if len({card.rank for card in cards}) == 1]
    assert len(triples) == 52
    for a, b in itertools.product(triples, repeat=2):
        ra, rb = rank_pos(a.get_top_card()), rank_pos(b.get_top_card())
        if ra != rb:
            assert a.beats(b) == (ra > rb)
            assert a.beats(b) != b.beats(a)


# --- beats: properties ---------------------------------------------------------

@st.composite
def straights(draw):
    start = draw(st.integers(0, 8))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=5, max_size=5))
    return [Card.parse(RANKS[start + k] + suit) for k, suit in enumerate(suits)]


@st.composite
def straight_flushes(draw):
    start = draw(st.integers(0, 8))
    suit = draw(st.sampled_from(SUITS))
    return [Card.parse(RANKS[start + k] + suit) for k in range(5)]


valid_selection = st.one_of(
    by_shape((1,)), by_shape((2,)), by_shape((3,)),
    straights(), flushes(), by_shape((3, 2)), by_shape((4, 1)), straight_flushes(),
)
five_card_selection = st.one_of(
    straights(), flushes(), by_shape((3, 2)), by_shape((4, 1)), straight_flushes(),
)


def valid_hand(cards):
    result = compose_hand(None, cards)
    assert result is not None
    return result


@settings(max_examples=200, deadline=None)
@given(valid_selection, valid_selection)
def test_beats_agrees_with_the_assignment_and_is_total(cards_a, cards_b):
    """Beats follows the assignment's key; where keys differ exactly one wins.

    Equal keys with different top cards are same-rank triples, full houses or
    quads, which the assignment does not order and no game can deal.
    """
    a, b = valid_hand(cards_a), valid_hand(cards_b)
    if a.size() != b.size():
        assert not a.beats(b) and not b.beats(a)
        return
    key_a = assignment_key(a.get_type(), a.get_top_card())
    key_b = assignment_key(b.get_type(), b.get_top_card())
    if key_a != key_b:
        assert a.beats(b) == (key_a > key_b)
        assert b.beats(a) == (key_b > key_a)
        assert a.beats(b) != b.beats(a)
    elif a.get_top_card() == b.get_top_card():
        assert not a.beats(b) and not b.beats(a)
    else:
        # Same triple/quadruple rank: the assignment does not say; no cycle.
        assert not (a.beats(b) and b.beats(a))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([(1,), (2,), (3,), None]).flatmap(
    lambda shape: st.tuples(*[by_shape(shape) if shape else five_card_selection] * 3)))
def test_beats_is_a_strict_order(selections):
    a, b, c = (valid_hand(cards) for cards in selections)
    for x in (a, b, c):
        assert not x.beats(x)
    for x, y in itertools.permutations((a, b, c), 2):
        assert not (x.beats(y) and y.beats(x))
    for x, y, z in itertools.permutations((a, b, c)):
        if x.beats(y) and y.beats(z):
            assert x.beats(z)


@pytest.mark.parametrize("text", ["3D 3D", "3D 3D 3D", "3D 3D 3C 4D 4C",
                                  "3D 4D 5D 6D 6D"])
def test_repeated_cards_make_no_hand(text):
    assert compose_hand(None, parse_cards(text)) is None
