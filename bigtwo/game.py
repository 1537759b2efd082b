"""The assignment's `BigTwo` game: the rules and state of one game, no I/O.

The console asks `BigTwo.make_move` to play the current player's selection; the
engine checks it against the rules, applies it and says what was played.
"""

from __future__ import annotations

from collections.abc import Iterable

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.hands import Hand, compose_hand
from bigtwo.view import BigTwoView, PlayedHand
from common.cards import DIAMONDS, THREE
from common.player import CardGamePlayer

NUM_PLAYERS = 4
"""There are always four players."""
THREE_OF_DIAMONDS = BigTwoCard(DIAMONDS, THREE)
"""The card that must open the game."""


class IllegalMoveError(ValueError):
    """A move the rules do not allow; the game is unchanged."""


class BigTwo:
    """A Big Two game (the Java ``BigTwo``): deck, players, table, current player."""

    def __init__(self) -> None:
        """Create the game with its four players, ``Player 0`` to ``Player 3``."""
        self._deck: BigTwoDeck | None = None
        self._player_list = [CardGamePlayer(f"Player {i}") for i in range(NUM_PLAYERS)]
        self._hands_on_table: list[Hand] = []
        # The public record of the table, kept alongside it for `view`.
        self._played: list[PlayedHand] = []
        self._current_idx = -1

    def get_deck(self) -> BigTwoDeck | None:
        """Return the deck the game was started with (None before `start`)."""
        return self._deck

    def get_player_list(self) -> list[CardGamePlayer]:
        """Return the players, in seat order."""
        return self._player_list

    def get_num_of_players(self) -> int:
        """Return the number of players (always 4)."""
        return len(self._player_list)

    def get_hands_on_table(self) -> list[Hand]:
        """Return the hands played so far, oldest first."""
        return self._hands_on_table

    def get_current_idx(self) -> int:
        """Return the index of the player whose turn it is (-1 before `start`)."""
        return self._current_idx

    def get_last_hand_on_table(self) -> Hand | None:
        """Return the last hand played, or None when the table is empty."""
        return self._hands_on_table[-1] if self._hands_on_table else None

    def start(self, deck: BigTwoDeck) -> None:
        """Start a game with `deck`, already shuffled or in a fixed order.

        Card i of the deck goes to player i % 4; each hand is then sorted, and
        the player holding the three of diamonds is the first to play.
        """
        self._deck = deck
        self._hands_on_table.clear()
        self._played.clear()
        for player in self._player_list:
            player.remove_all_cards()
        for i, card in enumerate(deck):
            self._player_list[i % NUM_PLAYERS].add_card(card)
        for idx, player in enumerate(self._player_list):
            player.sort_cards_in_hand()
            if player.get_cards_in_hand().contains(THREE_OF_DIAMONDS):
                self._current_idx = idx

    def can_pass(self) -> bool:
        """Return whether the current player may pass.

        Not on the opening move, and not when the player played the last hand
        on the table (everyone else passed): then any legal hand may be played.
        """
        last = self.get_last_hand_on_table()
        current = self._player_list[self._current_idx]
        return last is not None and last.get_player() is not current

    def check_move(self, player_idx: int, card_idx: Iterable[int]) -> Hand | None:
        """Return the hand the move would play (None for a pass) without playing it.

        `card_idx` are indices into the player's hand; none means a pass.

        Raises:
            IllegalMoveError: when it is not the player's turn, an index is out
                of range, the cards form no hand, or the move breaks a rule.
        """
        if player_idx != self._current_idx or self.end_of_game():
            raise IllegalMoveError(f"it is not player {player_idx}'s turn")
        player = self._player_list[player_idx]
        indices = sorted(set(card_idx))
        if not indices:
            if not self.can_pass():
                raise IllegalMoveError("passing is not allowed now")
            return None
        if indices[0] < 0 or indices[-1] >= player.get_num_of_cards():
            raise IllegalMoveError("a card index is out of range")
        hand = compose_hand(player, (player.get_cards_in_hand()[i] for i in indices))
        if hand is None:
            raise IllegalMoveError("the cards make no legal hand")
        last = self.get_last_hand_on_table()
        if last is None:
            if not hand.contains(THREE_OF_DIAMONDS):
                raise IllegalMoveError("the first hand must contain the ♦3")
        elif last.get_player() is not player and not hand.beats(last):
            raise IllegalMoveError("the hand does not beat the last hand")
        return hand

    def make_move(self, player_idx: int, card_idx: Iterable[int]) -> Hand | None:
        """Play the cards at `card_idx` of the player's hand, or pass if there are none.

        Returns the hand played, or None for a pass; then the turn moves on
        (unless the game has ended).

        Raises:
            IllegalMoveError: as `check_move`; the game is then unchanged.
        """
        hand = self.check_move(player_idx, card_idx)
        if hand is not None:
            self._player_list[player_idx].remove_cards(hand)
            self._hands_on_table.append(hand)
            self._played.append(PlayedHand(player_idx, hand.get_type(), tuple(hand)))
        if not self.end_of_game():
            self._current_idx = (self._current_idx + 1) % NUM_PLAYERS
        return hand

    def view(self, seat: int) -> BigTwoView:
        """Return what `seat` may see now: its own cards and the public record.

        Raises:
            ValueError: when `seat` is not 0 to 3 (a negative index would
                otherwise show the cards of a seat counted from the end).
        """
        if seat not in range(NUM_PLAYERS):
            raise ValueError(f"there is no seat {seat!r}")
        played = self._played
        return BigTwoView(
            seat=seat,
            current=self._current_idx,
            hand=tuple(self._player_list[seat].get_cards_in_hand()),
            card_counts=tuple(p.get_num_of_cards() for p in self._player_list),
            history=tuple(played),
            last=played[-1] if played else None,
            can_pass=self.can_pass(),
        )

    def end_of_game(self) -> bool:
        """Return whether a player has no cards left."""
        return self.get_winner() is not None

    def get_winner(self) -> CardGamePlayer | None:
        """Return the player with no cards left, or None while the game goes on."""
        if self._current_idx < 0:
            return None
        return next((player for player in self._player_list
                     if player.get_num_of_cards() == 0), None)
