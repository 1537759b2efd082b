"""The In Between engine: rules and state, advanced only by explicit actions.

The engine never prints or reads.  `InBetweenGame.start` and each action
(`InBetweenGame.bet`, `InBetweenGame.fold`, `InBetweenGame.quit`) play on until
the next player must decide or the game is over, and return the events that
happened on the way.  Turns that need no decision (equal or consecutive cards)
are settled automatically.  The players' coins plus the pool always equal
``STARTING_COINS`` times the number of players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from common.cards import Card
from inbetween.cards import InBetweenCard, InBetweenDeck
from inbetween.events import (
    POOL,
    Action,
    CardDrawn,
    CardsDealt,
    Decision,
    DrawOutcome,
    EndReason,
    Event,
    GameEnded,
    GameStarted,
    PairFound,
    PairKind,
    PlayerOut,
    RoundStarted,
    Transfer,
    TransferReason,
)
from inbetween.player import InBetweenPlayer
from inbetween.view import InBetweenView

MIN_PLAYERS = 2
MAX_PLAYERS = 10
STARTING_COINS = 10
ANTE = 1
"""What every player pays into the pool at the start of the game."""
FOLD_FEE = 1
PAIR_PAYOUT = 1
"""What a player with equal or consecutive cards receives from the pool."""
MIN_BET = 1
FIRST_ROUND_MAX_BET = 1


class IllegalMoveError(ValueError):
    """An action the rules do not allow now (a bet out of range, a move at the end)."""


def pair_kind(first: InBetweenCard, second: InBetweenCard) -> PairKind | None:
    """Return whether two cards are equal or consecutive in rank, or None.

    The ace is high only, so K-A are consecutive and A-2 are not.
    """
    gap = abs(first.value - second.value)
    if gap == 0:
        return PairKind.EQUAL
    if gap == 1:
        return PairKind.CONSECUTIVE
    return None


def draw_outcome(first: InBetweenCard, second: InBetweenCard,
                 drawn: InBetweenCard) -> DrawOutcome:
    """Return where `drawn` falls against the two cards `first` and `second`."""
    low, high = sorted((first.value, second.value))
    if drawn.value in (low, high):
        return DrawOutcome.EQUAL
    if low < drawn.value < high:
        return DrawOutcome.BETWEEN
    return DrawOutcome.OUTSIDE


class InBetweenGame:
    """A game of In Between for 2 to 10 players.

    Args:
        num_players: how many players, named ``Player 0`` and up.
        rng: the generator every shuffle draws from.
        first_deck: if given, the 52 cards of round 1's deck in dealing order
            (not shuffled); later rounds always shuffle a fresh deck.
    """

    def __init__(self, num_players: int, rng: random.Random,
                 first_deck: Sequence[Card] | None = None) -> None:
        """Seat the players; nothing is paid or dealt before `start`."""
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"In Between is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                             f"players, not {num_players}")
        if first_deck is not None and not len(first_deck) == len(set(first_deck)) == 52:
            raise ValueError("the first deck must hold the 52 different cards")
        self._rng = rng
        self._first_deck = None if first_deck is None else tuple(first_deck)
        self._players = tuple(InBetweenPlayer(f"Player {seat}", STARTING_COINS)
                              for seat in range(num_players))
        self._pool = 0
        self._round = 0
        self._dealer = 0
        self._order: list[int] = []
        self._turn = -1
        self._deck = InBetweenDeck()
        self._drawn: list[InBetweenCard] = []
        self._started = False
        self._end: EndReason | None = None

    @property
    def players(self) -> tuple[InBetweenPlayer, ...]:
        """The players, by seat."""
        return self._players

    @property
    def pool(self) -> int:
        """The coins in the pool."""
        return self._pool

    @property
    def round_number(self) -> int:
        """The current round, from 1 (0 before `start`)."""
        return self._round

    @property
    def dealer(self) -> int:
        """The seat of this round's dealer."""
        return self._dealer

    @property
    def drawn_cards(self) -> tuple[InBetweenCard, ...]:
        """The cards drawn after bets so far this round, in order."""
        return tuple(self._drawn)

    @property
    def total_coins(self) -> int:
        """The players' coins plus the pool: always ``STARTING_COINS`` per player."""
        return sum(player.coins for player in self._players) + self._pool

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._end is not None

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, or None while it goes on."""
        return self._end

    @property
    def current_seat(self) -> int:
        """The seat of the player who must decide now.

        Raises:
            IllegalMoveError: before `start` or after the end.
        """
        self._require_turn()
        return self._order[self._turn]

    @property
    def current_player(self) -> InBetweenPlayer:
        """The player who must decide now (see `current_seat`)."""
        return self._players[self.current_seat]

    @property
    def bet_range(self) -> tuple[int, int]:
        """The smallest and largest bet the current player may make.

        In round 1 at most ``FIRST_ROUND_MAX_BET``; later at most the smaller
        of the player's coins and the pool.
        """
        player = self.current_player
        if self._round == 1:
            return MIN_BET, FIRST_ROUND_MAX_BET
        return MIN_BET, min(player.coins, self._pool)

    def view(self, seat: int) -> InBetweenView:
        """Return what the player at `seat` may see now: all but the undealt deck.

        Raises:
            IllegalMoveError: before `start` or after the end.
            IndexError: when there is no such seat.
        """
        if not 0 <= seat < len(self._players):
            raise IndexError(f"no seat {seat}")
        return InBetweenView(
            seat=seat, turn=self.current_seat, round=self._round,
            hands=tuple(player.cards for player in self._players),
            drawn=tuple(self._drawn), coins=self._coins(), pool=self._pool,
            bet_range=self.bet_range)

    def winners(self) -> tuple[InBetweenPlayer, ...]:
        """The players holding the most coins (several on a tie)."""
        most = max(player.coins for player in self._players)
        return tuple(player for player in self._players if player.coins == most)

    def start(self) -> list[Event]:
        """Collect the ante, deal round 1 and play on to the first decision.

        Raises:
            IllegalMoveError: when the game has already started.
        """
        if self._started:
            raise IllegalMoveError("the game has already started")
        self._started = True
        events: list[Event] = [GameStarted(tuple(p.name for p in self._players),
                                           STARTING_COINS)]
        for player in self._players:
            self._pay_pool(player, ANTE, TransferReason.ANTE, events)
        self._advance(events)
        return events

    def bet(self, amount: int) -> list[Event]:
        """Bet `amount` coins, draw a card and settle the bet.

        Raises:
            IllegalMoveError: when no one may bet now or `amount` is out of range.
        """
        low, high = self.bet_range
        if type(amount) is not int or not low <= amount <= high:
            raise IllegalMoveError(f"the bet must be {low} to {high}, not {amount!r}")
        player = self.current_player
        events: list[Event] = [Decision(player.name, Action.BET, amount)]
        first, second = player.cards
        drawn = self._deck.deal_card()
        self._drawn.append(drawn)
        outcome = draw_outcome(first, second, drawn)
        events.append(CardDrawn(player.name, drawn, (first, second), outcome))
        if outcome is DrawOutcome.BETWEEN:
            self._pay_player(player, amount, TransferReason.WON_BET, events)
            if self._pool == 0:
                self._finish(EndReason.POOL_EMPTY, None, events)
        else:
            self._pay_pool(player, amount, TransferReason.LOST_BET, events)
            self._check_out(player, events)
        self._advance(events)
        return events

    def fold(self) -> list[Event]:
        """Fold: pay ``FOLD_FEE`` into the pool and bet nothing.

        A player always has a coin to pay, since coins only leave a player on
        their own turn and a player with none is dealt no cards.

        Raises:
            IllegalMoveError: when no one may fold now.
        """
        player = self.current_player
        events: list[Event] = [Decision(player.name, Action.FOLD, None)]
        self._pay_pool(player, FOLD_FEE, TransferReason.FOLD, events)
        self._check_out(player, events)
        self._advance(events)
        return events

    def quit(self) -> list[Event]:
        """End the game now, at the current player's request; coins stay put.

        Raises:
            IllegalMoveError: when no one is to play now.
        """
        player = self.current_player
        events: list[Event] = []
        self._finish(EndReason.QUIT, player.name, events)
        return events

    def _require_turn(self) -> None:
        if not self._started:
            raise IllegalMoveError("the game has not started")
        if self._end is not None:
            raise IllegalMoveError("the game is over")

    def _advance(self, events: list[Event]) -> None:
        """Move turn by turn, starting rounds and paying pairs, to the next decision."""
        while self._end is None:
            if self._turn + 1 < len(self._order):
                self._turn += 1
            else:
                self._start_round(events)
            player = self._players[self._order[self._turn]]
            first, second = player.cards
            kind = pair_kind(first, second)
            if kind is None:
                return
            events.append(PairFound(player.name, kind, (first, second)))
            reason = (TransferReason.EQUAL_CARDS if kind is PairKind.EQUAL
                      else TransferReason.CONSECUTIVE_CARDS)
            self._pay_player(player, PAIR_PAYOUT, reason, events)
            if self._pool == 0:
                self._finish(EndReason.POOL_EMPTY, None, events)

    def _start_round(self, events: list[Event]) -> None:
        self._round += 1
        if self._round > 1:
            self._dealer = self._seats_in_after(self._dealer)[0]
        self._order = self._seats_in_after(self._dealer)
        self._turn = 0
        if self._round == 1 and self._first_deck is not None:
            self._deck = InBetweenDeck(self._first_deck)
        else:
            self._deck = InBetweenDeck()
            self._deck.shuffle(self._rng)
        self._drawn = []
        for player in self._players:
            player.remove_all_cards()
        events.append(RoundStarted(
            self._round, self._players[self._dealer].name,
            tuple(self._players[seat].name for seat in self._order),
            self._coins(), self._pool))
        # One card at a time round the table, twice, as a dealer deals.
        for _ in range(2):
            for seat in self._order:
                self._players[seat].add_card(self._deck.deal_card())
        for seat in self._order:
            player = self._players[seat]
            player.sort_cards_in_hand()
            first, second = player.cards
            events.append(CardsDealt(player.name, (first, second)))

    def _seats_in_after(self, seat: int) -> list[int]:
        """The seats of players still in, going left from `seat`, `seat` last."""
        count = len(self._players)
        seats = [(seat + step) % count for step in range(1, count + 1)]
        return [seat for seat in seats if not self._players[seat].is_out]

    def _check_out(self, player: InBetweenPlayer, events: list[Event]) -> None:
        """Put out a player with no coins; a lone survivor then takes the pool."""
        if not player.is_out:
            return
        events.append(PlayerOut(player.name))
        left = [p for p in self._players if not p.is_out]
        if len(left) == 1:
            self._pay_player(left[0], self._pool, TransferReason.LAST_PLAYER, events)
            self._finish(EndReason.LAST_PLAYER, left[0].name, events)

    def _pay_pool(self, player: InBetweenPlayer, amount: int, reason: TransferReason,
                  events: list[Event]) -> None:
        player.coins -= amount
        self._pool += amount
        events.append(Transfer(player.name, POOL, amount, reason, self._coins(),
                               self._pool))

    def _pay_player(self, player: InBetweenPlayer, amount: int, reason: TransferReason,
                    events: list[Event]) -> None:
        self._pool -= amount
        player.coins += amount
        events.append(Transfer(POOL, player.name, amount, reason, self._coins(),
                               self._pool))

    def _finish(self, reason: EndReason, player: str | None,
                events: list[Event]) -> None:
        self._end = reason
        events.append(GameEnded(reason, player, self._coins(), self._pool,
                                tuple(p.name for p in self.winners())))

    def _coins(self) -> tuple[int, ...]:
        return tuple(player.coins for player in self._players)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(players={len(self._players)}, "
                f"round={self._round}, coins={list(self._coins())}, pool={self._pool})")
