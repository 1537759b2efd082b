"""Tests for the BigTwo engine: dealing, turns, every illegal move, whole games."""

import inspect
import itertools
import random
from collections import Counter
from types import SimpleNamespace

import pytest
from helpers.oracles import assignment_key, classify, rank_pos, suit_pos

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.game import BigTwo, IllegalMoveError
from common.cards.card import Card, parse_cards
from common.engine import game as contract

FULL_DECK = sorted(card.code for card in BigTwoDeck())


def deck_dealing(*hands):
    """The deck that deals the given hands (player i gets cards i, i+4, …).

    The last hand may be left out: it gets every card the others do not hold.
    """
    hands = [parse_cards(text) for text in hands]
    if len(hands) == 3:
        held = set(itertools.chain(*hands))
        hands.append([card for card in BigTwoDeck() if card not in held])
    assert [len(h) for h in hands] == [13] * 4
    cards = [hands[i % 4][i // 4] for i in range(52)]
    assert len(set(cards)) == 52
    return BigTwoDeck(cards)


def started(*hands):
    game = BigTwo()
    game.start(deck_dealing(*hands))
    return game


def snapshot(game):
    """Everything a move may change, in comparable form."""
    return (
        game.get_current_idx(),
        [[card.code for card in p.get_cards_in_hand()] for p in game.get_player_list()],
        [(h.get_type(), [c.code for c in h], h.get_player())
         for h in game.get_hands_on_table()],
        game.is_over,
        game.get_winner(),
    )


def assert_conserved(game):
    held = [card.code for player in game.get_player_list()
            for card in player.get_cards_in_hand()]
    held += [card.code for hand in game.get_hands_on_table() for card in hand]
    assert sorted(held) == FULL_DECK


def indices(game, player_idx, text):
    """The indices in the player's hand of the named cards."""
    hand = list(game.get_player_list()[player_idx].get_cards_in_hand())
    return tuple(hand.index(card) for card in parse_cards(text))


def played(game, seat, events):
    """The hand `seat` played by the move that caused `events`, None for a pass."""
    if events[0] == Passed(seat):
        assert len(events) == 1
        return None
    hand = game.get_last_hand_on_table()
    assert events[0] == HandPlayed(seat, hand.get_type(), tuple(hand))
    return hand


def play(game, player_idx, text):
    """Player `player_idx`, whose turn it is, plays the named cards (or passes
    with an empty text); return the hand."""
    assert game.current_seat == player_idx
    result = played(game, player_idx, game.apply(indices(game, player_idx, text)))
    assert_conserved(game)
    return result


def assert_illegal(game, move):
    """The current player may not make `move`; trying changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.hand_of(move)
    with pytest.raises(IllegalMoveError):
        game.verify_move(move)
    assert not game.can_move(move)
    with pytest.raises(IllegalMoveError):
        game.apply(move)
    assert snapshot(game) == before


def assert_not_turn_of(game, player_idx):
    """Player `player_idx` cannot move now: a move is always the current
    seat's (no call names another player; see
    test_moves_are_for_the_current_player_only)."""
    assert game.current_seat != player_idx


# A deal with known hands; player 0 holds the ♦3.
P0 = "3D 3C 3H 4D 5C 6H 7S 8D 9C TH JS QD KC"
P1 = "3S 4C 4H 4S 5D 5H 5S 6D 6C 6S 7D 7C 7H"
P2 = "8C 8H 8S 9D 9H 9S TD TC TS JD JC JH QC"
P3 = "QH QS KD KH KS AD AC AH AS 2D 2C 2H 2S"


@pytest.fixture
def game():
    return started(P0, P1, P2, P3)


# --- before and at the start ---------------------------------------------------

def test_new_game_has_four_named_players_and_nothing_else():
    game = BigTwo()
    assert game.get_num_of_players() == 4
    assert [p.get_name() for p in game.get_player_list()] == [
        "Player 0", "Player 1", "Player 2", "Player 3"]
    assert all(p.get_num_of_cards() == 0 for p in game.get_player_list())
    assert game.get_deck() is None
    assert game.get_hands_on_table() == []
    assert game.get_last_hand_on_table() is None
    assert game.get_current_idx() == -1 and game.current_seat is None
    assert game.get_winner() is None and not game.is_over and game.winner is None
    assert game.legal_moves() == []
    assert_illegal(game, (0,))  # nothing is played before the start


def test_start_deals_card_i_to_player_i_mod_4_and_sorts():
    deck = BigTwoDeck()
    deck.shuffle(random.Random(5))
    dealt = list(deck)
    game = BigTwo()
    game.start(deck)
    assert game.get_deck() is deck and list(deck) == dealt
    for i, player in enumerate(game.get_player_list()):
        hand = list(player.get_cards_in_hand())
        assert Counter(hand) == Counter(dealt[i::4])
        assert [c.code for c in hand] == [
            c.code for c in sorted(dealt[i::4],
                                   key=lambda c: (rank_pos(c), suit_pos(c)))]
        assert all(type(c) is BigTwoCard for c in hand)
    assert game.get_hands_on_table() == []
    assert_conserved(game)


def test_unshuffled_deck_gives_the_three_of_diamonds_to_player_2():
    game = BigTwo()
    game.start(BigTwoDeck())
    # ♦3 is card 2 of the fresh deck (♦A ♦2 ♦3 …).
    assert game.get_current_idx() == 2
    assert str(game.get_player_list()[2].get_cards_in_hand().get_card(0)) == "♦3"
    assert str(game.get_player_list()[0].get_cards_in_hand()) == (
        "[♥3] [♣4] [♦5] [♠6] [♥7] [♣8] [♦9] [♠0] [♥J] [♣Q] [♦K] [♦A] [♠2]")


@pytest.mark.parametrize("seed", range(12))
def test_first_player_holds_the_three_of_diamonds(seed):
    deck = BigTwoDeck()
    deck.shuffle(random.Random(seed))
    game = BigTwo()
    game.start(deck)
    holder = [i for i, p in enumerate(game.get_player_list())
              if p.get_cards_in_hand().contains(Card.parse("3D"))]
    assert holder == [game.get_current_idx()] == [game.current_seat]
    assert game.get_winner() is None and not game.is_over


def test_a_game_starts_once(game):
    # As every game of the contract: a second start is refused, and the game
    # goes on unchanged.
    play(game, 0, "3D")
    play(game, 1, "")
    hands = [list(p.get_cards_in_hand()) for p in game.get_player_list()]
    moves = game.legal_moves()
    with pytest.raises(IllegalMoveError, match="the game has already started"):
        game.start(deck_dealing(P3, P2, P1, P0))
    assert [list(p.get_cards_in_hand()) for p in game.get_player_list()] == hands
    assert game.legal_moves() == moves
    assert len(game.get_hands_on_table()) == 1
    assert game.get_current_idx() == 2
    assert_conserved(game)


# --- legal moves ----------------------------------------------------------------

def test_a_short_game_of_singles_pairs_and_leads(game):
    assert game.get_current_idx() == 0
    first = play(game, 0, "3D")
    assert first.get_type() == "Single" and first.get_player().get_name() == "Player 0"
    assert game.get_current_idx() == 1
    # The table's record is values; its hands are made anew on each request.
    last = game.get_last_hand_on_table()
    assert (type(last), last, last.get_player()) == (type(first), first,
                                                     first.get_player())
    assert play(game, 1, "3S").get_type() == "Single"  # same rank, higher suit
    assert play(game, 2, "") is None
    assert play(game, 3, "") is None
    assert play(game, 0, "4D").get_type() == "Single"
    for player_idx in (1, 2, 3):
        assert play(game, player_idx, "") is None
    # Everyone passed: player 0 leads and may play any hand, even a lower single.
    assert game.can_pass() is False
    assert play(game, 0, "3C").get_type() == "Single"
    assert len(game.get_hands_on_table()) == 4
    assert [p.get_num_of_cards() for p in game.get_player_list()] == [10, 12, 13, 13]


def test_leader_may_change_size_after_three_passes(game):
    play(game, 0, "3D 3C")
    for player_idx in (1, 2, 3):
        play(game, player_idx, "")
    straight = play(game, 0, "5C 6H 7S 8D 9C")
    assert straight.get_type() == "Straight"
    assert play(game, 1, "4C 4H 4S 5D 5H").get_type() == "FullHouse"
    assert play(game, 2, "8C 8H 8S 9D 9H").get_type() == "FullHouse"
    assert play(game, 3, "AD AC AH AS QH").get_type() == "Quad"
    for player_idx in (0, 1, 2):
        play(game, player_idx, "")
    assert game.get_current_idx() == 3
    assert play(game, 3, "QS").get_type() == "Single"


def test_pass_allowed_only_when_someone_else_played_last(game):
    assert not game.can_pass()
    play(game, 0, "3D")
    assert game.can_pass()
    play(game, 1, "")
    play(game, 2, "")
    assert game.can_pass()
    play(game, 3, "2S")
    for player_idx in (0, 1, 2):
        assert game.can_pass()
        play(game, player_idx, "")
    assert not game.can_pass()


def test_check_move_changes_nothing(game):
    before = snapshot(game)
    move = indices(game, 0, "3D 3C 3H")
    hand = game.hand_of(move)
    assert hand.get_type() == "Triple"
    game.verify_move(move)
    assert game.can_move(move)
    assert snapshot(game) == before


def test_move_indices_may_come_in_any_order(game):
    events = game.apply(tuple(reversed(indices(game, 0, "3D 3C"))))
    hand = played(game, 0, events)
    assert hand.get_type() == "Pair"
    assert [c.code for c in hand] == ["3D", "3C"]


def test_moves_are_for_the_current_player_only(game):
    # The old check_move(player, cards) and make_move(player, cards) named the
    # player; a move now is the current seat's, so no call can name another.
    for call in (game.apply, game.verify_move, game.can_move, game.hand_of):
        assert list(inspect.signature(call).parameters) == ["move"]
        with pytest.raises(TypeError):
            call(1, (0,))
    assert isinstance(game, contract.Game)
    assert game.current_seat == 0
    play(game, 0, "3D")
    assert game.current_seat == 1  # the turn moves on only by a move


def test_a_player_who_empties_the_hand_wins():
    game = started("3D 4D 5D 6D 7D 8C 9C TC JC QC 2D 2C 2H",
                   "3C 3H 3S 4C 4H 4S 5C 5H 5S 6C 6H 6S 7C",
                   "7H 7S 8D 8H 8S 9D 9H 9S TD TH TS JD JH")
    assert game.get_current_idx() == 0
    assert play(game, 0, "3D 4D 5D 6D 7D").get_type() == "StraightFlush"
    for player_idx in (1, 2, 3):
        play(game, player_idx, "")
    assert play(game, 0, "8C 9C TC JC QC").get_type() == "StraightFlush"
    for player_idx in (1, 2, 3):
        play(game, player_idx, "")
    assert not game.is_over
    events = game.apply(indices(game, 0, "2D 2C 2H"))
    assert played(game, 0, events).get_type() == "Triple"
    assert events[1:] == [GameEnded(0, (0, 13, 13, 13))]
    assert game.is_over and game.winner == 0
    assert game.get_winner() is game.get_player_list()[0]
    assert game.current_seat is None and game.legal_moves() == []
    assert game.returns() == (1, 0, 0, 0)
    for move in ((), (0,)):
        assert_illegal(game, move)


# --- illegal moves: every kind leaves the game unchanged ------------------------

def test_illegal_opening_moves(game):
    assert_illegal(game, ())                             # pass on the first move
    assert_illegal(game, indices(game, 0, "3C"))         # no ♦3
    assert_illegal(game, indices(game, 0, "3C 3H"))      # no ♦3
    assert_illegal(game, indices(game, 0, "3D 4D"))      # no hand
    assert_illegal(game, indices(game, 0, "3D 3C 3H 4D"))  # four cards
    assert_illegal(game, indices(game, 0, "3D 4D 5C 6H 8D"))  # not a straight
    for other in (1, 3):
        assert_not_turn_of(game, other)                  # not player 1's/3's turn
    for bad in ((13,), (-1,), (0, 13), (0, -1), (100,), (-14,)):
        assert_illegal(game, bad)                        # index out of range
    for wrong in (-1, 4, 7):
        with pytest.raises(ValueError):
            game.view(wrong)                             # no such player
    assert_illegal(game, tuple(range(13)))               # thirteen cards


def test_illegal_replies(game):
    play(game, 0, "3D")
    play(game, 1, "4C")
    assert_illegal(game, indices(game, 2, "8C 8H"))      # pair on a single
    assert_not_turn_of(game, 1)                          # not player 1's turn
    play(game, 2, "8C")
    play(game, 3, "")
    assert_illegal(game, indices(game, 0, "4D"))         # lower single
    assert_illegal(game, indices(game, 0, "8D"))         # same rank, lower suit
    assert_illegal(game, indices(game, 0, "4D 5C"))      # no hand
    play(game, 0, "")
    assert_illegal(game, indices(game, 1, "7D 7C 7H"))   # triple on a single
    play(game, 1, "")
    # Player 2 played the 8♣ and everyone passed: no pass, any hand.
    assert_illegal(game, ())
    play(game, 2, "9D 9H")
    assert_illegal(game, indices(game, 3, "QH"))         # single on a pair
    assert_illegal(game, indices(game, 3, "KD KH KS"))   # triple on a pair
    play(game, 3, "QH QS")
    assert play(game, 0, "") is None


def test_illegal_five_card_replies(game):
    play(game, 0, "3D 4D 5C 6H 7S")  # straight, top ♠7
    assert_illegal(game, indices(game, 1, "3S 4C 5D 6D 7H"))  # top ♥7 < ♠7
    assert_illegal(game, indices(game, 1, "7D"))              # single
    assert_illegal(game, indices(game, 1, "4C 4H 4S 5D"))     # four cards
    assert_illegal(game, indices(game, 1, "4C 4H 4S 5D 6D"))  # no hand
    play(game, 1, "4C 4H 4S 5D 5H")  # full house of fours
    assert_illegal(game, indices(game, 2, "8C 9D TD JD QC"))  # straight < FH
    play(game, 2, "8C 8H 8S 9D 9H")  # full house of eights
    play(game, 3, "")
    play(game, 0, "")
    assert_illegal(game, indices(game, 1, "6D 6C 6S 7D 7C"))  # lower FH
    play(game, 1, "")
    assert_illegal(game, ())         # everyone passed: player 2 must lead
    assert play(game, 2, "TD TC TS JD JC").get_type() == "FullHouse"
    assert play(game, 3, "AD AC AH AS QH").get_type() == "Quad"
    assert_illegal(game, indices(game, 0, "3C 3H 8D 9C TH"))  # no hand


# --- the engine's own moves: played as listed, without a second check ----------

def twin_games(seed):
    """Two games dealt the same shuffled deck."""
    deck = BigTwoDeck()
    deck.shuffle(random.Random(seed))
    games = BigTwo(), BigTwo()
    for twin in games:
        twin.start(BigTwoDeck(deck))
    return games


def record(game, events):
    """What a move left behind, down to each hand's class and strength (players
    by name: each game has its own)."""
    current, held, table, over, winner = snapshot(game)
    table = [(kind, cards, player.get_name()) for kind, cards, player in table]
    return (current, held, table, over, winner and winner.get_name(), events,
            [(type(h), h.strength(), h.is_valid()) for h in game.get_hands_on_table()])


@pytest.mark.parametrize("seed", range(8))
def test_a_listed_move_plays_exactly_as_the_same_move_checked(seed):
    # `listed` lists its moves first and plays one of them, unchecked;
    # `checked` is only ever given the move, so it checks it in full.
    listed, checked = twin_games(seed)
    rng = random.Random(seed)
    while not listed.is_over:
        move = rng.choice(listed.legal_moves())
        assert checked.can_move(move)
        events = listed.apply(move)
        assert record(listed, events) == record(checked, checked.apply(move))
        assert_conserved(listed)
    assert checked.is_over and listed.returns() == checked.returns()


def test_listing_the_moves_lets_no_other_move_through(game):
    moves = game.legal_moves()
    assert (1,) not in moves and () not in moves
    with pytest.raises(IllegalMoveError, match="the ♦3 must be in the first hand"):
        game.apply((1,))
    with pytest.raises(IllegalMoveError, match="you cannot pass"):
        game.apply(())
    assert_illegal(game, (0, 13))
    assert game.legal_moves() == moves
    # The same cards named in another order are the listed move, checked.
    assert played(game, 0, game.apply((1, 0))).get_type() == "Pair"


# --- whole games of random legal moves, checked against an independent oracle --

def oracle_moves(hand, last, player_idx, opening):
    """Every legal selection of hand indices, with its type name and key.

    `last` is (player index, size, key) of the last hand on the table.
    """
    leading = last is None or last[0] == player_idx
    sizes = (1, 2, 3, 5) if leading else (last[1],)
    # The oracle reads only `code`; computing it once per card keeps this quick.
    hand = [SimpleNamespace(code=card.code) for card in hand]
    for size in sizes:
        for combo in itertools.combinations(range(len(hand)), size):
            cards = [hand[i] for i in combo]
            if opening and all(card.code != "3D" for card in cards):
                continue
            found = classify(cards)
            if found is None:
                continue
            key = assignment_key(*found)
            if not leading and not key > last[2]:
                continue
            yield combo, found[0], key


def random_selection(rng, size):
    """Junk and real selections alike: any indices, some out of range."""
    count = rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 5, 6])
    return [rng.randrange(-1, size + 1) if rng.random() < 0.05
            else rng.randrange(max(size, 1)) for _ in range(count)]


def play_random_game(seed):
    rng = random.Random(seed)
    deck = BigTwoDeck()
    deck.shuffle(rng)
    game = BigTwo()
    game.start(deck)
    last = None
    moves = 0
    while not game.is_over:
        moves += 1
        assert moves < 1000, "the game does not end"
        idx = game.get_current_idx()
        assert game.current_seat == idx
        hand = list(game.get_player_list()[idx].get_cards_in_hand())
        may_pass = last is not None and last[0] != idx
        assert game.can_pass() == may_pass
        legal = {combo: (name, key) for combo, name, key
                 in oracle_moves(hand, last, idx, opening=last is None)}
        assert legal or may_pass

        # A few random selections: the engine agrees with the oracle on each,
        # and an illegal one changes nothing.
        for _ in range(3):
            selection = random_selection(rng, len(hand))
            chosen = tuple(sorted(set(selection)))
            if (chosen in legal) or (not chosen and may_pass):
                checked = game.hand_of(tuple(selection))
                assert (checked is None) == (not chosen)
                if checked is not None:
                    assert checked.get_type() == legal[chosen][0]
            else:
                assert_illegal(game, tuple(selection))
        assert_not_turn_of(game, (idx + rng.randint(1, 3)) % 4)

        before = snapshot(game)
        if may_pass and (not legal or rng.random() < 0.3):
            assert played(game, idx, game.apply(())) is None
            assert snapshot(game)[1:3] == before[1:3]
        else:
            combo = rng.choice(sorted(legal))
            name, key = legal[combo]
            hand_played = played(game, idx, game.apply(combo))
            assert hand_played.get_type() == name
            assert Counter(hand_played) == Counter(hand[i] for i in combo)
            assert hand_played.get_player() is game.get_player_list()[idx]
            last = game.get_last_hand_on_table()
            assert (type(last), last, last.get_player()) == (
                type(hand_played), hand_played, hand_played.get_player())
            last = (idx, len(combo), key)
        assert_conserved(game)
        if not game.is_over:
            assert game.get_current_idx() == (idx + 1) % 4

    empty = [p for p in game.get_player_list() if p.get_num_of_cards() == 0]
    assert len(empty) == 1
    assert game.get_winner() is empty[0]
    assert game.get_last_hand_on_table().get_player() is empty[0]
    assert game.current_seat is None
    assert_illegal(game, ())
    return moves


@pytest.mark.parametrize("first_seed", range(0, 20, 5))
def test_random_legal_games_conserve_cards_and_have_one_winner(first_seed):
    for seed in range(first_seed, first_seed + 5):
        play_random_game(seed)


@pytest.mark.parametrize("asked_at", [0, 1, 9, 30])
def test_players_asked_for_late_hold_what_the_seats_hold_and_stay_in_step(asked_at):
    # The players are made on the first call; from then on every move
    # updates them, as it always updated the one record.
    game = BigTwo()
    game.start(BigTwoDeck())  # in order: deterministic
    rng = random.Random(asked_at)
    moves = 0
    while not game.is_over:
        if moves == asked_at:
            players = game.get_player_list()
        if moves >= asked_at:
            assert game.get_player_list() is players
            for seat, player in enumerate(players):
                assert player.get_name() == f"Player {seat}"
                assert tuple(player.get_cards_in_hand()) == game.view(seat).hand
            assert [p.get_num_of_cards() for p in players] == list(game.card_counts)
        game.apply(rng.choice(game.legal_moves()))
        moves += 1
    assert game.get_winner() is game.get_player_list()[game.winner]
    assert game.get_winner().get_num_of_cards() == 0
    assert_conserved(game)
