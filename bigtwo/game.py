"""The assignment's `BigTwo` game: the rules and state of one game, no I/O.

`BigTwo` keeps the Java class's methods (`get_deck`, `get_player_list`,
`get_hands_on_table`, `get_current_idx`, `start`) and implements the game
contract (`common.game.Game`): a move is the tuple of indices of the cards to
play from the current player's hand, ``()`` to pass.
"""

from __future__ import annotations

from typing import cast

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.hands import BigTwoHand, compose_hand
from bigtwo.moves import Move, legal_moves
from bigtwo.view import BigTwoView, PlayedHand
from common import game as contract
from common.cards import DIAMONDS, THREE
from common.dealer import Dealer, Shuffle
from common.events import Event
from common.player import CardGamePlayer

NUM_PLAYERS = 4
"""There are always four players."""
THREE_OF_DIAMONDS = BigTwoCard(DIAMONDS, THREE)
"""The card that must open the game."""


class IllegalMoveError(contract.IllegalMoveError):
    """A Big Two move the rules do not allow; the game is unchanged."""


def _named(hand: BigTwoHand) -> str:
    """A hand as a sentence names it: ``Pair ♣Q ♠Q``."""
    return f"{hand.get_type()} {' '.join(map(str, hand))}"


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
        self._player_list = [CardGamePlayer(f"Player {i}") for i in range(NUM_PLAYERS)]
        self._table: list[PlayedHand] = []
        self._current_idx = -1
        self._winner: int | None = None

    # The Java class's methods.

    def get_deck(self) -> BigTwoDeck | None:
        """Return the deck the game was started with (None before `start`)."""
        return self._deck

    def get_player_list(self) -> list[CardGamePlayer]:
        """Return the players, in seat order."""
        return self._player_list

    def get_num_of_players(self) -> int:
        """Return the number of players (always 4)."""
        return len(self._player_list)

    def get_hands_on_table(self) -> list[BigTwoHand]:
        """Return the hands played so far, oldest first."""
        return [played.hand for played in self._table]

    def get_current_idx(self) -> int:
        """Return the index of the player whose turn it is (-1 before `start`)."""
        return self._current_idx

    def get_last_hand_on_table(self) -> BigTwoHand | None:
        """Return the last hand played, or None when the table is empty."""
        return self._table[-1].hand if self._table else None

    def start(self, deck: BigTwoDeck | None = None) -> list[Event]:
        """Start a game with `deck`, shuffled or in order (the dealer's if None).

        Card i of the deck goes to player i % 4; each hand is then sorted, and
        the player holding the three of diamonds is the first to play.  As the
        Java original's, a second call starts a new game: the table is
        cleared and the hands dealt afresh.
        """
        if deck is None:
            # The assignment's own shuffle, not a uniform one: Big Two stays
            # the assignment's game, and a seed deals what it always dealt.
            deck = self._dealer.deal(BigTwoDeck(), Shuffle.JAVA)
        self._deck = deck
        self._table.clear()
        self._winner = None
        for player in self._player_list:
            player.remove_all_cards()
        for i, card in enumerate(deck):
            self._player_list[i % NUM_PLAYERS].add_card(card)
        for idx, player in enumerate(self._player_list):
            player.sort_cards_in_hand()
            if player.get_cards_in_hand().contains(THREE_OF_DIAMONDS):
                self._current_idx = idx
        return []

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
        """Return every legal move of the current player, passing last."""
        if self.current_seat is None:
            return []
        return legal_moves(self.view(self._current_idx))

    def hand_of(self, move: Move) -> BigTwoHand | None:
        """Return the hand `move` would play (None for a pass), without playing it.

        Raises:
            IllegalMoveError: when the game is over, an index is out of range,
                the cards form no hand, or the move breaks a rule; its reason
                says which.
        """
        if self.current_seat is None:
            raise IllegalMoveError("the game is over" if self.is_over
                                   else "the game has not started", move)
        player = self._player_list[self._current_idx]
        indices = sorted(set(move))
        last = self.get_last_hand_on_table()
        if not indices:
            if last is None:
                raise IllegalMoveError("you cannot pass: open with a hand holding "
                                       f"the {THREE_OF_DIAMONDS}", move)
            if not self.can_pass():
                raise IllegalMoveError("you cannot pass: the others all passed, so "
                                       "you lead with any hand", move)
            return None
        size = player.get_num_of_cards()
        if indices[0] < 0 or indices[-1] >= size:
            raise IllegalMoveError(f"your cards are numbered 0 to {size - 1}", move)
        cards = [player.get_cards_in_hand()[i] for i in indices]
        hand = compose_hand(player, cards)
        if hand is None:
            raise IllegalMoveError(f"{' '.join(map(str, cards))} make no hand", move)
        if last is None:
            if not hand.contains(THREE_OF_DIAMONDS):
                raise IllegalMoveError(f"the {THREE_OF_DIAMONDS} must be in the "
                                       "first hand", move)
        elif self._table[-1].seat != self._current_idx and not hand.beats(last):
            if hand.size() != last.size():
                count = last.size()
                raise IllegalMoveError(f"a {hand.get_type()} cannot answer a "
                                       f"{last.get_type()}: play {count} "
                                       f"card{'s' if count > 1 else ''} or pass", move)
            raise IllegalMoveError(f"{_named(hand)} does not beat {_named(last)}",
                                   move)
        return hand

    def verify_move(self, move: Move) -> None:
        """Check that the current player may make `move` (see `hand_of`)."""
        self.hand_of(move)

    def apply(self, move: Move) -> list[Event]:
        """Play the cards at the indices of `move`, or pass for ``()``.

        The turn then moves on, unless the player is out of cards: then the
        game is over.

        Raises:
            IllegalMoveError: as `hand_of`; the game is then unchanged.
        """
        hand = self.hand_of(move)
        seat = self._current_idx
        if hand is None:
            events: list[Event] = [Passed(seat)]
        else:
            player = self._player_list[seat]
            player.remove_cards(hand)
            self._table.append(PlayedHand(seat, hand))
            events = [HandPlayed(seat, hand.get_type(), tuple(hand))]
            if player.get_num_of_cards() == 0:
                self._winner = seat
                events.append(GameEnded(seat, tuple(
                    p.get_num_of_cards() for p in self._player_list)))
                return events
        self._current_idx = (seat + 1) % NUM_PLAYERS
        return events

    def returns(self) -> tuple[float, ...]:
        """1 for the player out of cards, 0 for the others (all 0 before the end)."""
        return tuple(float(seat == self._winner) for seat in range(NUM_PLAYERS))

    def view(self, seat: int) -> BigTwoView:
        """Return what `seat` may see now: its own cards and the public record.

        Raises:
            ValueError: when `seat` is not 0 to 3 (a negative index would
                otherwise show the cards of a seat counted from the end).
        """
        if seat not in range(NUM_PLAYERS):
            raise ValueError(f"there is no seat {seat!r}")
        table = self._table
        return BigTwoView(
            seat=seat,
            current=self._current_idx,
            hand=cast(tuple[BigTwoCard, ...],
                      tuple(self._player_list[seat].get_cards_in_hand())),
            card_counts=tuple(p.get_num_of_cards() for p in self._player_list),
            history=tuple(table),
            last=table[-1] if table else None,
            can_pass=self.can_pass(),
        )

    def get_winner(self) -> CardGamePlayer | None:
        """Return the player with no cards left, or None while the game goes on."""
        return None if self._winner is None else self._player_list[self._winner]
