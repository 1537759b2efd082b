"""Unit tests for common.cards.deck.Deck, bigtwo.cards.BigTwoDeck and CardGamePlayer."""

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.game import BigTwo
from common.cards.card import Card, parse_cards
from common.cards.cardlist import CardList
from common.cards.deck import Deck
from common.cards.player import CardGamePlayer
from common.engine.dealer import Dealer, Shuffle


class OnlyRandom(random.Random):
    """A seeded generator that counts random() and fails on every other draw."""

    def __init__(self, seed):
        self.calls = 0
        super().__init__(seed)

    def random(self):
        self.calls += 1
        return super().random()

    def _forbidden(self, *args, **kwargs):
        raise AssertionError("shuffle must draw only random()")

    getrandbits = randrange = randint = choice = choices = _forbidden
    shuffle = sample = uniform = randbytes = _forbidden


class Scripted(random.Random):
    """A generator whose random() returns the given values in turn."""

    def __new__(cls, values):
        # Python 3.10's random.Random.__new__ seeds itself from the arguments
        # and cannot hash a list; 3.11 and later leave them to __init__.
        return super().__new__(cls)

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def random(self):
        return self.values.pop(0)


def java_shuffle(cards, rng):
    """The Java ``Deck.shuffle`` on a plain list: swap i with int(random() * n)."""
    cards = list(cards)
    n = len(cards)
    for i in range(n):
        j = int(rng.random() * n)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# --- Deck -------------------------------------------------------------------

@pytest.mark.parametrize("deck_class, card_class", [(Deck, Card),
                                                    (BigTwoDeck, BigTwoCard)])
def test_fresh_deck_has_52_distinct_cards_in_order(deck_class, card_class):
    deck = deck_class()
    assert deck.size() == 52 and len(set(deck)) == 52
    assert all(type(card) is card_class for card in deck)
    assert list(deck) == [Card(suit, rank) for suit in range(4) for rank in range(13)]
    assert isinstance(deck, CardList)


def test_initialize_refills_the_deck():
    deck = BigTwoDeck()
    for _ in range(10):
        deck.deal_card()
    deck.add_card(Card(0, 0))
    deck.initialize()
    assert list(deck) == list(BigTwoDeck())
    assert all(type(card) is BigTwoCard for card in deck)


def test_deck_from_cards_keeps_order_and_converts_class():
    cards = parse_cards("3D 2S AH")
    deck = BigTwoDeck(cards)
    assert list(deck) == cards
    assert all(type(card) is BigTwoCard for card in deck)
    plain = Deck(BigTwoCard(c.suit, c.rank) for c in cards)
    assert all(type(card) is Card for card in plain)
    assert Deck([]).is_empty()


@pytest.mark.parametrize("deck_class", [Deck, BigTwoDeck])
def test_shuffle_draws_only_random_once_per_card(deck_class):
    deck = deck_class()
    rng = OnlyRandom(42)
    deck.shuffle(rng)
    assert rng.calls == 52
    assert len(set(deck)) == 52 and set(deck) == set(deck_class())
    assert all(type(card) is deck_class.card_class for card in deck)


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**40])
def test_shuffle_is_the_java_algorithm(seed):
    deck = Deck()
    deck.shuffle(random.Random(seed))
    assert list(deck) == java_shuffle(Deck(), random.Random(seed))


def test_shuffle_hand_computed_examples():
    a, b, c = parse_cards("AD 2D 3D")
    deck = Deck([a, b, c])
    deck.shuffle(Scripted([0.0, 0.0, 0.0]))
    # i=1 swaps with 0 -> b a c; i=2 swaps with 0 -> c a b
    assert list(deck) == [c, a, b]
    deck = Deck([a, b, c])
    deck.shuffle(Scripted([0.999, 0.999, 0.999]))
    # i=0 swaps with 2 -> c b a; i=1 swaps with 2 -> c a b; i=2 stays
    assert list(deck) == [c, a, b]
    deck = Deck([a, b, c])
    deck.shuffle(Scripted([0.5, 0.0, 0.4]))
    # i=0 swaps with 1 -> b a c; i=1 swaps with 0 -> a b c; i=2 swaps with 1 -> a c b
    assert list(deck) == [a, c, b]


def test_shuffle_is_deterministic_for_a_seed():
    first, second, other = BigTwoDeck(), BigTwoDeck(), BigTwoDeck()
    first.shuffle(random.Random(99))
    second.shuffle(random.Random(99))
    other.shuffle(random.Random(100))
    assert list(first) == list(second)
    assert list(first) != list(other)
    assert list(first) != list(BigTwoDeck())


def test_shuffle_of_empty_deck_draws_nothing():
    deck = Deck([])
    rng = OnlyRandom(1)
    deck.shuffle(rng)
    assert deck.is_empty() and rng.calls == 0


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=2**64))
def test_shuffle_is_a_permutation(seed):
    deck = Deck()
    deck.shuffle(random.Random(seed))
    assert sorted(deck) == sorted(Deck())


# --- the uniform shuffle and the dealer ------------------------------------

def fisher_yates(cards, rng):
    """Fisher-Yates on a plain list, from the top: swap i with int(random() * (i+1))."""
    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@pytest.mark.parametrize("deck_class", [Deck, BigTwoDeck])
def test_uniform_shuffle_draws_only_random_once_per_card_but_one(deck_class):
    deck = deck_class()
    rng = OnlyRandom(42)
    deck.shuffle_uniform(rng)
    assert rng.calls == 51
    assert sorted(deck) == sorted(deck_class())
    assert all(type(card) is deck_class.card_class for card in deck)


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**40])
def test_uniform_shuffle_is_fisher_yates(seed):
    deck = Deck()
    deck.shuffle_uniform(random.Random(seed))
    assert list(deck) == fisher_yates(Deck(), random.Random(seed))
    assert list(deck) != java_shuffle(Deck(), random.Random(seed))


def test_uniform_shuffle_hand_computed_example():
    a, b, c = parse_cards("AD 2D 3D")
    deck = Deck([a, b, c])
    deck.shuffle_uniform(Scripted([0.0, 0.9]))
    # i=2 swaps with 0 -> c b a; i=1 swaps with int(0.9 * 2) = 1 -> c b a
    assert list(deck) == [c, b, a]


def every_order(shuffle, size, choices):
    """Count the orders `shuffle` makes of `size` cards over every draw sequence.

    `choices[k]` is how many values the k-th draw is scaled to; each draw
    sequence is played exactly once, each value at the middle of its slot.
    """
    cards = parse_cards("AD 2D 3D 4D 5D")[:size]
    counts = {}
    for picks in itertools.product(*(range(n) for n in choices)):
        deck = Deck(cards)
        draws = [(pick + 0.5) / n for pick, n in zip(picks, choices, strict=True)]
        shuffle(deck, Scripted(draws))
        key = tuple(card.code for card in deck)
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_uniform_shuffle_makes_every_order_exactly_once(size):
    # Every sequence of draws, once each: each of the size! orders comes up
    # exactly once, so with a uniform random() every order is equally likely.
    counts = every_order(Deck.shuffle_uniform, size, range(size, 1, -1))
    assert len(counts) == math.factorial(size)
    assert set(counts.values()) == {1}


@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_java_shuffle_is_not_uniform(size):
    # size**size equally likely draw sequences for size! orders: some orders
    # come up more often (for 3 cards, 5 of 27 against 4 of 27).
    counts = every_order(Deck.shuffle, size, [size] * size)
    assert sum(counts.values()) == size**size
    assert len(counts) == math.factorial(size)
    assert len(set(counts.values())) > 1


def test_the_dealer_shuffles_uniformly_unless_asked_for_the_java_shuffle():
    uniform = Dealer(random.Random(3)).deal(Deck())
    assert list(uniform) == fisher_yates(Deck(), random.Random(3))
    java = Dealer(random.Random(3)).deal(Deck(), Shuffle.JAVA)
    assert list(java) == java_shuffle(Deck(), random.Random(3))
    given = parse_cards("AS 2S") + [card for card in Deck()
                                    if card not in parse_cards("AS 2S")]
    assert list(Dealer(random.Random(3), [given]).deal(Deck(), Shuffle.JAVA)) == given


def test_big_two_deals_from_the_java_shuffle():
    # The assignment's game keeps the assignment's shuffle: a seed deals what
    # it always dealt.
    game = BigTwo(Dealer(random.Random(11)))
    game.start()
    assert list(game.get_deck()) == java_shuffle(BigTwoDeck(), random.Random(11))


def test_deal_card_takes_the_top_card():
    deck = BigTwoDeck()
    expected = list(deck)
    dealt = [deck.deal_card() for _ in range(52)]
    assert dealt == expected
    assert deck.is_empty()
    with pytest.raises(IndexError):
        deck.deal_card()


# --- CardGamePlayer ---------------------------------------------------------

def test_player_name():
    player = CardGamePlayer("Player 0")
    assert player.get_name() == "Player 0" == str(player)
    assert repr(player) == "CardGamePlayer('Player 0')"
    player.set_name("Alice")
    assert player.get_name() == "Alice" == player.name


def test_player_cards_in_hand():
    player = CardGamePlayer("P")
    assert player.get_num_of_cards() == 0
    assert player.get_cards_in_hand().is_empty()
    for card in parse_cards("2S 3D KH 3C"):
        player.add_card(BigTwoCard(card.suit, card.rank))
    assert player.get_num_of_cards() == 4
    player.sort_cards_in_hand()
    assert str(player.get_cards_in_hand()) == "[♦3] [♣3] [♥K] [♠2]"
    # The list itself, not a copy.
    assert player.get_cards_in_hand() is player.get_cards_in_hand()
    player.remove_cards(parse_cards("3C 2S"))
    assert str(player.get_cards_in_hand()) == "[♦3] [♥K]"
    player.remove_cards(parse_cards("AS"))  # not held: nothing happens
    assert player.get_num_of_cards() == 2
    player.remove_all_cards()
    assert player.get_num_of_cards() == 0


def test_an_empty_handed_player_is_still_truthy():
    assert CardGamePlayer("winner")


def test_get_playing_cards_and_play():
    player = CardGamePlayer("P")
    for card in parse_cards("3D 4C 5H 6S"):
        player.add_card(card)
    assert player.get_playing_cards([]) is None
    assert player.get_playing_cards([4, -1, 99]) is None
    selected = player.get_playing_cards([2, 0, 7])
    assert list(selected) == parse_cards("5H 3D")
    assert player.get_num_of_cards() == 4
    played = player.play([1, 3])
    assert list(played) == parse_cards("4C 6S")
    assert list(player.get_cards_in_hand()) == parse_cards("3D 5H")
    assert player.play([]).is_empty()
    assert player.get_num_of_cards() == 2


def test_each_index_is_played_once():
    player = CardGamePlayer("Player 0")
    for card in parse_cards("3D 4D 5D 6D"):
        player.add_card(card)
    assert str(player.get_playing_cards([2, 0, 2, 0])) == "[♦5] [♦3]"
    assert str(player.play([1, 1])) == "[♦4]"
    assert str(player.get_cards_in_hand()) == "[♦3] [♦5] [♦6]"


def test_decks_share_their_immutable_cards():
    first, second = BigTwoDeck(), BigTwoDeck()
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert all(type(card) is BigTwoCard for card in first)
    assert all(type(card) is Card for card in Deck())
