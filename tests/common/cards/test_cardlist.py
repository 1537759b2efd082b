"""Unit and property tests for common.cards.cardlist.CardList."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cards import BigTwoCard
from common.cards.card import Card, parse_cards
from common.cards.cardlist import CardList

ALL_CARDS = [Card(suit, rank) for suit in range(4) for rank in range(13)]
card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=60)


def java_print(cards, print_front, print_index):
    """The Java ``CardList.print`` loop, transcribed statement by statement."""
    out = []
    if len(cards) > 0:
        for i in range(len(cards)):
            string = ""
            if print_index:
                string = str(i) + " "
            if print_front:
                string = string + "[" + str(cards[i]) + "]"
            else:
                string = string + "[  ]"
            if i % 13 != 0:
                string = " " + string
            out.append(string)
            if i % 13 == 12 or i == len(cards) - 1:
                out.append("\n")
    else:
        out.append("[Empty]\n")
    return "".join(out)


# --- the Java methods ---------------------------------------------------------

def test_new_list_is_empty():
    cards = CardList()
    assert cards.is_empty() and cards.size() == 0 and len(cards) == 0
    assert list(cards) == []


def test_add_get_size_and_order():
    cards = CardList()
    for n, card in enumerate(parse_cards("3D 4C 2S 3D"), start=1):
        cards.add_card(card)
        assert cards.size() == n == len(cards)
        assert cards.get_card(n - 1) == card
    assert not cards.is_empty()
    assert list(cards) == parse_cards("3D 4C 2S 3D")
    assert cards[1] == cards.get_card(1) == Card.parse("4C")
    assert cards.get_card(-1) == Card.parse("3D")


def test_constructor_copies_its_input():
    source = parse_cards("3D 4C")
    cards = CardList(source)
    source.append(Card.parse("5H"))
    assert cards.size() == 2
    assert CardList(iter(source)).size() == 3


def test_get_out_of_range_raises():
    cards = CardList(parse_cards("3D"))
    with pytest.raises(IndexError):
        cards.get_card(1)
    with pytest.raises(IndexError):
        CardList().get_card(0)


def test_set_card_returns_the_replaced_card():
    cards = CardList(parse_cards("3D 4C 5H"))
    old = cards.set_card(1, Card.parse("KS"))
    assert old == Card.parse("4C")
    assert list(cards) == parse_cards("3D KS 5H")
    with pytest.raises(IndexError):
        cards.set_card(3, Card.parse("2S"))


def test_remove_by_index_returns_the_card():
    cards = CardList(parse_cards("3D 4C 5H"))
    assert cards.remove_card(1) == Card.parse("4C")
    assert list(cards) == parse_cards("3D 5H")
    assert cards.remove_card(-1) == Card.parse("5H")
    with pytest.raises(IndexError):
        cards.remove_card(5)
    assert list(cards) == parse_cards("3D")


def test_remove_by_card_returns_whether_it_was_there():
    cards = CardList(parse_cards("3D 4C 3D 5H"))
    assert cards.remove_card(Card.parse("3D")) is True
    assert list(cards) == parse_cards("4C 3D 5H")  # only the first copy goes
    assert cards.remove_card(Card.parse("AS")) is False
    assert list(cards) == parse_cards("4C 3D 5H")
    # Equality across card classes: a BigTwoCard removes the equal Card.
    assert cards.remove_card(BigTwoCard.parse("5H")) is True
    assert list(cards) == parse_cards("4C 3D")


def test_contains_and_in():
    cards = CardList(parse_cards("3D 4C"))
    assert cards.contains(Card.parse("4C")) and Card.parse("4C") in cards
    assert cards.contains(BigTwoCard.parse("3D"))
    assert not cards.contains(Card.parse("4D"))
    assert "3D" not in cards and None not in cards


def test_remove_all_cards():
    cards = CardList(parse_cards("3D 4C 5H"))
    cards.remove_all_cards()
    assert cards.is_empty() and cards.size() == 0
    cards.remove_all_cards()
    assert cards.is_empty()


def test_sort_uses_the_cards_own_order():
    plain = CardList(parse_cards("2S AD KH 3C 3D"))
    plain.sort()
    assert str(plain) == "[♦A] [♠2] [♦3] [♣3] [♥K]"
    big_two = CardList(BigTwoCard(c.suit, c.rank)
                       for c in parse_cards("2S AD KH 3C 3D"))
    big_two.sort()
    assert str(big_two) == "[♦3] [♣3] [♥K] [♦A] [♠2]"


@settings(max_examples=40, deadline=None)
@given(card_lists)
def test_sort_is_sorted_and_a_permutation(items):
    cards = CardList(items)
    cards.sort()
    assert sorted(items, key=lambda c: (c.rank, c.suit)) == list(cards)


# --- printing ----------------------------------------------------------------

@pytest.mark.parametrize("front, index, expected", [
    (True, True, "0 [♦3] 1 [♣4]\n"),
    (True, False, "[♦3] [♣4]\n"),
    (False, False, "[  ] [  ]\n"),
    (False, True, "0 [  ] 1 [  ]\n"),
])
def test_render_two_cards(front, index, expected):
    assert CardList(parse_cards("3D 4C")).render(front, index) == expected


@pytest.mark.parametrize("front", [True, False])
@pytest.mark.parametrize("index", [True, False])
def test_render_empty(front, index):
    assert CardList().render(front, index) == "[Empty]\n"


def test_render_defaults_are_face_up_without_indices():
    cards = CardList(parse_cards("3D ts"))
    assert cards.render() == "[♦3] [♠0]\n"


def test_render_breaks_after_every_13th_card():
    deck = [Card(suit, rank) for suit in range(4) for rank in range(13)]
    text = CardList(deck[:14]).render(True, True)
    first, second, rest = text.split("\n")
    assert first == ("0 [♦A] 1 [♦2] 2 [♦3] 3 [♦4] 4 [♦5] 5 [♦6] 6 [♦7] 7 [♦8] "
                     "8 [♦9] 9 [♦0] 10 [♦J] 11 [♦Q] 12 [♦K]")
    assert second == "13 [♣A]"
    assert rest == ""
    exactly_13 = CardList(deck[:13]).render(False, False)
    assert exactly_13 == " ".join(["[  ]"] * 13) + "\n"
    all_52 = CardList(deck).render(True, False)
    assert all_52.count("\n") == 4 and all_52.endswith("[♠K]\n")
    assert all(line.count("[") == 13 for line in all_52.splitlines())


@settings(max_examples=80, deadline=None)
@given(card_lists, st.booleans(), st.booleans())
def test_render_equals_the_java_print(items, front, index):
    assert CardList(items).render(front, index) == java_print(items, front, index)


def test_str_and_repr():
    cards = CardList(parse_cards("3D 4C"))
    assert str(cards) == "[♦3] [♣4]"
    assert str(CardList()) == ""
    assert repr(cards) == "CardList([Card.parse('3D'), Card.parse('4C')])"


# --- Python protocols -------------------------------------------------------

def test_equality_and_unhashable():
    assert CardList(parse_cards("3D 4C")) == CardList(parse_cards("3D 4C"))
    assert CardList(parse_cards("3D 4C")) != CardList(parse_cards("4C 3D"))
    assert CardList() != []
    with pytest.raises(TypeError):
        hash(CardList())


@settings(max_examples=40, deadline=None)
@given(card_lists)
def test_iteration_indexing_and_len_agree(items):
    cards = CardList(items)
    assert len(cards) == cards.size() == len(items)
    assert list(cards) == items
    assert [cards[i] for i in range(len(items))] == items
    assert cards.is_empty() == (not items)
    for card in ALL_CARDS[:8]:
        assert cards.contains(card) == (card in items) == (card in cards)


def _hands_of_every_family() -> list[Any]:
    from bigtwo.hands import compose_hand
    from common.cards.card import parse_cards
    from inbetween.hand import Gate
    from reddog.hand import Spread
    from stud.hand import poker_hand

    return [compose_hand(None, parse_cards("3D 3S")),
            poker_hand(parse_cards("AS KD QC JH 9S")),
            Gate(None, parse_cards("9H 4C")), Spread(None, parse_cards("2D KS"))]


@pytest.mark.parametrize("hand", _hands_of_every_family(),
                         ids=lambda hand: type(hand).__name__)
def test_a_hand_is_a_value_whose_cards_are_fixed(hand: Any) -> None:
    from common.cards.hand import FixedHandError

    cards = list(hand)
    twin = type(hand)(None, cards)
    assert twin == hand and hash(twin) == hash(hand)
    assert {hand, twin} == {hand}
    for change in (lambda: hand.add_card(cards[0]), lambda: hand.set_card(0, cards[0]),
                   lambda: hand.remove_card(0), lambda: hand.remove_card(cards[0]),
                   hand.remove_all_cards, hand.sort):
        with pytest.raises(FixedHandError, match="fixed"):
            change()
    assert list(hand) == cards
