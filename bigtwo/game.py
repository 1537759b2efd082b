"""The assignment's `BigTwo` game: the rules and state of one game, no I/O.

`BigTwo` keeps the Java class's methods (`get_deck`, `get_player_list`,
`get_hands_on_table`, `get_current_idx`, `start`) and implements the game
contract (`common.engine.game.Game`): a move is the tuple of indices of the cards to
play from the current player's hand, ``()`` to pass.

The engine lists each position's legal moves once, when first asked
(`BigTwo.legal_moves`, or the seat's view), and applies a move from that list
without checking it again; any other move (a line a person typed) is checked
in full, and refused with its reason.

The game keeps each seat's cards as plain lists (the cards, and their keys
for the move generator); the Java API's objects (`CardGamePlayer`,
`BigTwoHand`) are made when first asked for, and the players then kept in
step, move by move: a simulation between computers never makes them.
"""

from __future__ import annotations

import operator

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.events import Dealt, GameEnded, HandPlayed, Passed
from bigtwo.hands import (
    THREE_OF_DIAMONDS_KEY,
    BigTwoHand,
    compose_hand,
    hand_class,
    named,
    strength,
)
from bigtwo.moves import PASS, Move, moves_of
from bigtwo.view import BigTwoView, PlayedHand
from common.cards.card import DIAMONDS, THREE
from common.cards.player import CardGamePlayer
from common.engine import game as contract
from common.engine.dealer import Dealer, Shuffle
from common.engine.events import Event
from common.language import _, ngettext

NUM_PLAYERS = 4
"""There are always four players."""
_SEATS = range(NUM_PLAYERS)
THREE_OF_DIAMONDS = BigTwoCard(DIAMONDS, THREE)
"""The card that must open the game."""
_by_key = operator.attrgetter("key")
# Each seat's pass: events are values, so each is made once.
_PASSES = tuple(Passed(seat) for seat in _SEATS)


class IllegalMoveError(contract.IllegalMoveError):
    """A Big Two move the rules do not allow; the game is unchanged."""


class BigTwo(contract.Game[Move, BigTwoView]):
    """A Big Two game (the Java ``BigTwo``): deck, players, table, current player.

    Args:
        dealer: where the deck comes from when `start` is given none (a
            shuffled deck from an unseeded generator by default).
    """

    def __init__(self, dealer: Dealer | None = None) -> None:
        """Create the game with its four players, ``Player 0`` to ``Player 3``."""
        self._dealer = dealer if dealer is not None else Dealer()
        self._deck: BigTwoDeck | None = None
        # What each seat holds, in Big Two order, and the cards' keys.
        self._held: list[list[BigTwoCard]] = [[] for _ in _SEATS]
        self._keys: list[list[int]] = [[] for _ in _SEATS]
        self._players: list[CardGamePlayer] | None = None
        """The Java API's players, once asked for (`get_player_list`)."""
        # Read off the seats' cards each time they change (the deal, a
        # hand played): every view shares it.
        self._card_counts: tuple[int, ...] = (0,) * NUM_PLAYERS
        # A tuple, replaced as hands are played: every view shares it.
        self._table: tuple[PlayedHand, ...] = ()
        self._current_idx = -1
        self._winner: int | None = None
        self._moves: tuple[Move, ...] | None = None
        """The current seat's legal moves, once listed; None until then."""

    # The Java class's methods.

    def get_deck(self) -> BigTwoDeck | None:
        """Return the deck the game was started with (None before `start`)."""
        return self._deck

    def get_player_list(self) -> list[CardGamePlayer]:
        """Return the players, in seat order, ``Player 0`` to ``Player 3``.

        Each player's card list is what the player holds, in Big Two order,
        kept in step with the game from the first call on: read it, but
        change it only by moves.
        """
        if self._players is None:
            self._players = [CardGamePlayer(_("Player {seat}").format(seat=i))
                             for i in _SEATS]
            self._fill_players()
        return self._players

    def _fill_players(self) -> None:
        """Give each player, made already, the cards the seat holds."""
        assert self._players is not None
        for player, held in zip(self._players, self._held, strict=True):
            player.remove_all_cards()
            for card in held:
                player.add_card(card)

    @property
    def card_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds, in seat order."""
        return self._card_counts

    def get_num_of_players(self) -> int:
        """Return the number of players (always 4)."""
        return NUM_PLAYERS

    def get_hands_on_table(self) -> list[BigTwoHand]:
        """Return the hands played so far, oldest first, each with its player.

        New `BigTwoHand` objects, made from the table's record.
        """
        return [self._hand_played(played) for played in self._table]

    def get_current_idx(self) -> int:
        """Return the index of the player whose turn it is (-1 before `start`)."""
        return self._current_idx

    def get_last_hand_on_table(self) -> BigTwoHand | None:
        """Return the last hand played, or None when the table is empty."""
        return self._hand_played(self._table[-1]) if self._table else None

    def _hand_played(self, played: PlayedHand) -> BigTwoHand:
        return BigTwoHand.trusted(self.get_player_list()[played.seat], played.cards,
                                  played.strength)

    def start(self, deck: BigTwoDeck | None = None) -> list[Event]:
        """Start the game with `deck`, shuffled or in order (the dealer's if None).

        The Java ``start(BigTwoDeck)``.  Card i of the deck goes to player
        i % 4; each hand is then sorted, and the player holding the three of
        diamonds is the first to play.

        Raises:
            IllegalMoveError: when the game has already started (a game
                starts once, as every game of the contract).
        """
        if self._deck is not None:
            raise IllegalMoveError(_("the game has already started"))
        if deck is None:
            # The assignment's own shuffle, not a uniform one: Big Two stays
            # the assignment's game, and a seed deals what it always dealt.
            deck = self._dealer.deal(BigTwoDeck(), Shuffle.JAVA)
        self._deck = deck
        cards = [card if type(card) is BigTwoCard else BigTwoCard(card.suit, card.rank)
                 for card in deck]
        for idx in _SEATS:
            # Sorted by key is sorted in Big Two order (`sort_cards_in_hand`).
            self._held[idx] = held = sorted(cards[idx::NUM_PLAYERS], key=_by_key)
            self._keys[idx] = [card.key for card in held]
            if held and held[0].key == THREE_OF_DIAMONDS_KEY:
                self._current_idx = idx
        if self._players is not None:
            self._fill_players()
        self._card_counts = tuple(map(len, self._held))
        return [Dealt(tuple(map(tuple, self._held)), self._current_idx)]

    # The game contract.

    @property
    def num_seats(self) -> int:
        """Four seats."""
        return NUM_PLAYERS

    @property
    def current_seat(self) -> int | None:
        """The seat to play; None before `start` and once a player is out of cards."""
        if self._current_idx < 0 or self._winner is not None:
            return None
        return self._current_idx

    @property
    def is_over(self) -> bool:
        """Whether a player has no cards left."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat of the player out of cards, or None while the game goes on."""
        return self._winner

    def can_pass(self) -> bool:
        """Return whether the current player may pass.

        Not on the opening move, and not when the player played the last hand
        on the table (everyone else passed): then any legal hand may be played.
        """
        return bool(self._table) and self._table[-1].seat != self._current_idx

    def legal_moves(self) -> list[Move]:
        """Return every legal move of the current player, passing last.

        The list `bigtwo.view.legal_moves` makes of the player's view; the
        engine lists them once a position, and applies them unchecked.
        """
        if self.current_seat is None:
            return []
        return list(self._legal_moves())

    def _legal_moves(self) -> tuple[Move, ...]:
        """The current seat's legal moves, listed on the first call of a position."""
        if self._moves is None:
            seat = self._current_idx
            keys = self._keys[seat]
            table = self._table
            if not table:
                self._moves = moves_of(keys, None, 0, True)
            else:
                last = table[-1]
                self._moves = moves_of(keys, last.strength, len(last.cards),
                                       last.seat == seat)
        return self._moves

    def hand_of(self, move: Move) -> BigTwoHand | None:
        """Return the hand `move` would play (None for a pass), without playing it.

        Raises:
            IllegalMoveError: when the game is over, an index is out of range,
                the cards form no hand, or the move breaks a rule; its reason
                says which.
        """
        return self._check(move)[1]

    def _check(self, move: Move) -> tuple[Move, BigTwoHand | None]:
        """Check `move` in full; return its indices, sorted, and hand (`hand_of`)."""
        if self.current_seat is None:
            raise IllegalMoveError(_("the game is over") if self.is_over
                                   else _("the game has not started"), move)
        if not isinstance(move, (tuple, list)) or not all(
                type(index) is int for index in move):
            raise IllegalMoveError(_("a move is the indices of the cards to play "
                                     "(none to pass)"), move)
        player = self.get_player_list()[self._current_idx]
        indices = tuple(sorted(set(move)))
        last = self.get_last_hand_on_table()
        if not indices:
            if last is None:
                # Translators: {card} is the card that opens: ♦3.
                raise IllegalMoveError(_("you cannot pass: open with a hand holding "
                                         "the {card}").format(card=THREE_OF_DIAMONDS),
                                       move)
            if not self.can_pass():
                raise IllegalMoveError(_("you cannot pass: the others all passed, so "
                                         "you lead with any hand"), move)
            return PASS, None
        size = player.get_num_of_cards()
        if indices[0] < 0 or indices[-1] >= size:
            # Translators: {last} is the number of the last card.
            raise IllegalMoveError(_("your cards are numbered 0 to {last}").format(
                last=size - 1), move)
        cards = [player.get_cards_in_hand()[i] for i in indices]
        hand = compose_hand(player, cards)
        if hand is None:
            # Translators: {cards} are the cards selected: ♦4 ♠5.
            raise IllegalMoveError(_("{cards} make no hand").format(
                cards=" ".join(map(str, cards))), move)
        if last is None:
            if not hand.contains(THREE_OF_DIAMONDS):
                # Translators: {card} is the card that opens: ♦3.
                raise IllegalMoveError(_("the {card} must be in the first "
                                         "hand").format(card=THREE_OF_DIAMONDS), move)
        elif self._table[-1].seat != self._current_idx and not hand.beats(last):
            if hand.size() != last.size():
                count = last.size()
                # Translators: {hand} and {last} are the kinds of hand, as the
                # table names them: Single, Pair, Triple, FullHouse...
                raise IllegalMoveError(ngettext(
                    "a {hand} cannot answer a {last}: play {count} card or pass",
                    "a {hand} cannot answer a {last}: play {count} cards or pass",
                    count).format(hand=hand.get_type(), last=last.get_type(),
                                  count=count), move)
            # Translators: {hand} and {last} are hands: Pair ♦6 ♣6.
            raise IllegalMoveError(_("{hand} does not beat {last}").format(
                hand=named(hand), last=named(last)), move)
        return indices, hand

    def verify_move(self, move: Move) -> None:
        """Check that the current player may make `move` (see `hand_of`)."""
        self.hand_of(move)

    def apply(self, move: Move) -> list[Event]:
        """Play the cards at the indices of `move`, or pass for ``()``.

        The turn then moves on, unless the player is out of cards: then the
        game is over.  A move of the position's legal moves (`legal_moves`,
        the view's `moves`) is played as listed; any other is checked first.

        Raises:
            IllegalMoveError: as `hand_of`; the game is then unchanged.
        """
        seat = self._current_idx
        listed = self._moves or ()
        try:
            at = listed.index(move)
        except ValueError:
            at = -1
        held = self._held[seat]
        keys = self._keys[seat]
        if at >= 0:
            # The engine's own move for this position: no need to check it.
            move = listed[at]
            if not move:
                played = None
            else:
                cards = tuple([held[index] for index in move])
                found = strength([keys[index] for index in move])
                assert found is not None
                played = PlayedHand(seat, hand_class(found, len(cards)).__name__,
                                    cards, found)
        else:
            move, hand = self._check(move)
            played = None if hand is None else PlayedHand(
                seat, hand.get_type(), tuple(hand), hand.strength())
        self._moves = None
        if played is None:
            self._current_idx = (seat + 1) % NUM_PLAYERS
            return [_PASSES[seat]]
        for index in reversed(move):  # ascending indices: the last one first
            del held[index]
            del keys[index]
        if self._players is not None:
            cards_in_hand = self._players[seat].get_cards_in_hand()
            for index in reversed(move):
                cards_in_hand.remove_card(index)
        self._card_counts = tuple(map(len, self._held))
        self._table = (*self._table, played)
        events: list[Event] = [HandPlayed(seat, played.kind, played.cards)]
        if not held:
            self._winner = seat
            events.append(GameEnded(seat, self._card_counts))
        else:
            self._current_idx = (seat + 1) % NUM_PLAYERS
        return events

    def returns(self) -> tuple[float, ...]:
        """1 for the player out of cards, 0 for the others (all 0 before the end)."""
        return tuple(float(seat == self._winner) for seat in range(NUM_PLAYERS))

    def view(self, seat: int) -> BigTwoView:
        """Return what `seat` may see now: its own cards and the public record.

        Raises:
            ValueError: when `seat` is not 0 to 3 (a negative index would
                otherwise show the cards of a seat counted from the end), or
                no seat is to move (before `start`, once a player is out).
        """
        if seat not in _SEATS:
            raise ValueError(f"there is no seat {seat!r}")
        if self._current_idx < 0 or self._winner is not None:
            raise ValueError("nothing to see: nobody is to move")
        table = self._table
        current = self._current_idx
        last = table[-1] if table else None
        moves = (self._moves or self._legal_moves()) if seat == current else ()
        # In field order, positionally: a view is made every turn, and
        # keywords cost a third more.
        return BigTwoView(seat, current, tuple(self._held[seat]), self._card_counts,
                          table, last, last is not None and last.seat != current,
                          moves)

    def get_winner(self) -> CardGamePlayer | None:
        """Return the player with no cards left, or None while the game goes on."""
        return None if self._winner is None else self.get_player_list()[self._winner]
