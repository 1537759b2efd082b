"""The In Between engine: rules and state, advanced only by moves.

The engine never prints or reads.  It implements the game contract
(`common.engine.game.Game`): `InBetweenGame.start` and each move given to
`InBetweenGame.apply` (a bet of some coins, `FOLD` or `common.engine.game.QUIT`)
play on until the next player must decide or the game is over, and return
the events that happened on the way.  Turns that need no decision (equal or
consecutive cards) are settled automatically.  The players' coins plus the
pool always equal ``STARTING_COINS`` times the number of players.

Two house rules are settings of the game: ``refill`` (when the pool empties,
every player still in antes again and the game goes on) and ``max_rounds``
(the game ends after that many rounds).
"""

from __future__ import annotations

from typing import Literal

from common.engine import game as contract
from common.engine.dealer import Dealer
from common.engine.game import QUIT, Quit
from common.language import _
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
    PoolRefilled,
    RoundStarted,
    Transfer,
    TransferReason,
)
from inbetween.hand import Gate
from inbetween.player import MAX_PLAYERS, MIN_PLAYERS, InBetweenPlayer
from inbetween.view import FOLD, InBetweenView

InBetweenMove = int | Literal["fold"] | Quit
"""A move: a bet of that many coins, `inbetween.view.FOLD`, or `common.engine.QUIT`."""

STARTING_COINS = 10
ANTE = 1
"""What every player pays into the pool at the start of the game (and, under
the refill rule, each time the pool empties)."""
FOLD_FEE = 1
PAIR_PAYOUT = 1
"""What a player with equal or consecutive cards receives from the pool."""
MIN_BET = 1
FIRST_ROUND_MAX_BET = 1


class IllegalMoveError(contract.IllegalMoveError):
    """An In Between move the rules do not allow now."""


class InBetweenGame(contract.Game[InBetweenMove, InBetweenView]):
    """A game of In Between for 2 to 10 players.

    Args:
        dealer: where each round's deck comes from; a deck it is given is
            dealt in order, two cards to each player round the table.
        players: how many players, named ``Player 0`` and up.
        refill: the house rule for an empty pool: every player still in
            antes ``ANTE`` again and play goes on, instead of the game ending.
        max_rounds: when given, the game ends once that many rounds are
            played (the players with the most coins win).

    Raises:
        ValueError: for a number of players out of range, or `max_rounds`
            less than 1.
    """

    def __init__(self, dealer: Dealer | None = None, *,
                 players: int = MIN_PLAYERS, refill: bool = False,
                 max_rounds: int | None = None) -> None:
        """Seat the players; nothing is paid or dealt before `start`."""
        num_players = players
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(f"In Between is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                             f"players, not {num_players}")
        if max_rounds is not None and max_rounds < 1:
            raise ValueError(f"a game has at least one round, not {max_rounds}")
        self._refill = refill
        self._max_rounds = max_rounds
        self._deck_source = dealer if dealer is not None else Dealer()
        self._players = tuple(InBetweenPlayer(f"Player {seat}", STARTING_COINS)
                              for seat in range(num_players))
        self._pool = 0
        self._round = 0
        self._dealer_seat = 0
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
    def refill(self) -> bool:
        """Whether an empty pool is refilled by an ante instead of ending the game."""
        return self._refill

    @property
    def max_rounds(self) -> int | None:
        """The rounds after which the game ends; None: no limit."""
        return self._max_rounds

    @property
    def round_number(self) -> int:
        """The current round, from 1 (0 before `start`)."""
        return self._round

    @property
    def dealer(self) -> int:
        """The seat of this round's dealer."""
        return self._dealer_seat

    @property
    def drawn_cards(self) -> tuple[InBetweenCard, ...]:
        """The cards drawn after bets so far this round, in order."""
        return tuple(self._drawn)

    @property
    def total_coins(self) -> int:
        """The players' coins plus the pool: always ``STARTING_COINS`` per player."""
        return sum(player.coins for player in self._players) + self._pool

    @property
    def num_seats(self) -> int:
        """The number of players."""
        return len(self._players)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._end is not None

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, or None while it goes on."""
        return self._end

    @property
    def current_seat(self) -> int | None:
        """The seat of the player to decide now; None before `start` and at the end."""
        if not self._started or self._end is not None:
            return None
        return self._order[self._turn]

    @property
    def current_player(self) -> InBetweenPlayer:
        """The player who must decide now.

        Raises:
            IllegalMoveError: before `start` or after the end.
        """
        return self._players[self._seat_to_move()]

    def gate(self, seat: int) -> Gate:
        """Return the two cards `seat` holds this round (empty for a player out)."""
        player = self._players[seat]
        return Gate(player, player.cards)

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
            ValueError: when there is no such seat, or nobody is to move
                (before `start`, after the end).
        """
        if not 0 <= seat < len(self._players):
            raise ValueError(f"there is no seat {seat!r}")
        if self.current_seat is None:
            raise ValueError("nothing to see: nobody is to move")
        return InBetweenView(
            seat=seat, current=self._seat_to_move(), round=self._round,
            hands=tuple(player.cards for player in self._players),
            drawn=tuple(self._drawn), coins=self._coins(), pool=self._pool,
            bet_range=self.bet_range)

    def winning_seats(self) -> tuple[int, ...]:
        """The seats of the players holding the most coins (several on a tie)."""
        most = max(player.coins for player in self._players)
        return tuple(seat for seat, player in enumerate(self._players)
                     if player.coins == most)

    def returns(self) -> tuple[float, ...]:
        """Each player's coins won (negative when lost), ante included."""
        return tuple(float(player.coins - STARTING_COINS) for player in self._players)

    def legal_moves(self) -> list[InBetweenMove]:
        """Return every bet in range, then `FOLD`, then `common.engine.game.QUIT`."""
        if self.current_seat is None:
            return []
        low, high = self.bet_range
        return [*range(low, high + 1), FOLD, QUIT]

    def verify_move(self, move: InBetweenMove) -> None:
        """Check that the player on turn may make `move` now.

        Raises:
            IllegalMoveError: saying why not.
        """
        self._seat_to_move(move)
        if move is QUIT or move == FOLD:
            return
        low, high = self.bet_range
        if type(move) is not int or not low <= move <= high:
            reason = (_("bet {low} coin, or fold") if low == high
                      else _("bet {low} to {high} coins, or fold"))
            raise IllegalMoveError(reason.format(low=low, high=high), move)

    def apply(self, move: InBetweenMove) -> list[Event]:
        """Bet `move` coins, fold (pay `FOLD_FEE`), or quit (coins stay put).

        Raises:
            IllegalMoveError: as `verify_move`; the game is then unchanged.
        """
        self.verify_move(move)
        seat = self._seat_to_move()
        if move is QUIT:
            events: list[Event] = []
            self._finish(EndReason.QUIT, seat, events)
            return events
        if move == FOLD:
            return self._fold(seat)
        assert isinstance(move, int)
        return self._bet(seat, move)

    def start(self) -> list[Event]:
        """Collect the ante, deal round 1 and play on to the first decision.

        Raises:
            IllegalMoveError: when the game has already started.
        """
        if self._started:
            raise IllegalMoveError(_("the game has already started"))
        self._started = True
        events: list[Event] = [GameStarted(len(self._players), STARTING_COINS)]
        for seat in range(len(self._players)):
            self._pay_pool(seat, ANTE, TransferReason.ANTE, events)
        self._advance(events)
        return events

    def _bet(self, seat: int, amount: int) -> list[Event]:
        """Bet `amount` coins, draw a card and settle the bet."""
        events: list[Event] = [Decision(seat, Action.BET, amount)]
        gate = self.gate(seat)
        drawn = self._deck.deal_card()
        self._drawn.append(drawn)
        outcome = gate.outcome(drawn)
        events.append(CardDrawn(seat, drawn, (gate[0], gate[1]), outcome))
        if outcome is DrawOutcome.BETWEEN:
            self._pay_player(seat, amount, TransferReason.WON_BET, events)
            if self._pool == 0:
                self._pool_emptied(events)
        else:
            self._pay_pool(seat, amount, TransferReason.LOST_BET, events)
            self._check_out(events, seat)
        self._advance(events)
        return events

    def _fold(self, seat: int) -> list[Event]:
        """Fold: pay ``FOLD_FEE`` into the pool and bet nothing.

        A player always has a coin to pay: a player with none is dealt no
        cards, and one whose last coin goes to a refill's ante mid-round skips
        the rest of the round.
        """
        events: list[Event] = [Decision(seat, Action.FOLD, None)]
        self._pay_pool(seat, FOLD_FEE, TransferReason.FOLD, events)
        self._check_out(events, seat)
        self._advance(events)
        return events

    def _seat_to_move(self, move: object = None) -> int:
        if not self._started:
            raise IllegalMoveError(_("the game has not started"), move)
        if self._end is not None:
            raise IllegalMoveError(_("the game is over"), move)
        return self._order[self._turn]

    def _advance(self, events: list[Event]) -> None:
        """Move turn by turn, starting rounds and paying pairs, to the next decision."""
        while self._end is None:
            if self._turn + 1 < len(self._order):
                self._turn += 1
            elif self._round == self._max_rounds:
                self._finish(EndReason.ROUND_LIMIT, None, events)
                return
            else:
                self._start_round(events)
            seat = self._order[self._turn]
            if self._players[seat].is_out:
                continue  # put out this round by a refill's ante: no turn
            gate = self.gate(seat)
            kind = gate.pair_kind
            if kind is None:
                return
            events.append(PairFound(seat, kind, (gate[0], gate[1])))
            reason = (TransferReason.EQUAL_CARDS if kind is PairKind.EQUAL
                      else TransferReason.CONSECUTIVE_CARDS)
            self._pay_player(seat, PAIR_PAYOUT, reason, events)
            if self._pool == 0:
                self._pool_emptied(events)

    def _start_round(self, events: list[Event]) -> None:
        self._round += 1
        if self._round > 1:
            self._dealer_seat = self._seats_in_after(self._dealer_seat)[0]
        self._order = self._seats_in_after(self._dealer_seat)
        self._turn = 0
        self._deck = self._deck_source.deal(InBetweenDeck())
        self._drawn = []
        for player in self._players:
            player.remove_all_cards()
        events.append(RoundStarted(self._round, self._dealer_seat, tuple(self._order),
                                   self._coins(), self._pool))
        # One card at a time round the table, twice, as a dealer deals.
        for _twice in range(2):
            for seat in self._order:
                self._players[seat].add_card(self._deck.deal_card())
        for seat in self._order:
            player = self._players[seat]
            player.sort_cards_in_hand()
            first, second = player.cards
            events.append(CardsDealt(seat, (first, second)))

    def _seats_in_after(self, seat: int) -> list[int]:
        """The seats of players still in, going left from `seat`, `seat` last."""
        count = len(self._players)
        seats = [(seat + step) % count for step in range(1, count + 1)]
        return [seat for seat in seats if not self._players[seat].is_out]

    def _pool_emptied(self, events: list[Event]) -> None:
        """End the game, or under the refill rule have every player still in ante.

        An ante can take a player's last coin: that player is out (and, with
        a turn still to come this round, skips it).  Someone always stays in,
        since the players hold every coin when the pool is empty.
        """
        if not self._refill:
            self._finish(EndReason.POOL_EMPTY, None, events)
            return
        seats = tuple(seat for seat, player in enumerate(self._players)
                      if not player.is_out)
        events.append(PoolRefilled(seats))
        for seat in seats:
            self._pay_pool(seat, ANTE, TransferReason.ANTE, events)
        self._check_out(events, *seats)

    def _check_out(self, events: list[Event], *seats: int) -> None:
        """Put out those of `seats` with no coins; a lone survivor takes the pool."""
        out = [seat for seat in seats if self._players[seat].is_out]
        if not out:
            return
        events.extend(PlayerOut(seat) for seat in out)
        left = [other for other, player in enumerate(self._players)
                if not player.is_out]
        if len(left) == 1:
            self._pay_player(left[0], self._pool, TransferReason.LAST_PLAYER, events)
            self._finish(EndReason.LAST_PLAYER, left[0], events)

    def _pay_pool(self, seat: int, amount: int, reason: TransferReason,
                  events: list[Event]) -> None:
        self._players[seat].coins -= amount
        self._pool += amount
        events.append(Transfer(seat, POOL, amount, reason, self._coins(), self._pool))

    def _pay_player(self, seat: int, amount: int, reason: TransferReason,
                    events: list[Event]) -> None:
        self._pool -= amount
        self._players[seat].coins += amount
        events.append(Transfer(POOL, seat, amount, reason, self._coins(), self._pool))

    def _finish(self, reason: EndReason, seat: int | None, events: list[Event]) -> None:
        self._end = reason
        events.append(GameEnded(reason, seat, self._coins(), self._pool,
                                self.winning_seats()))

    def _coins(self) -> tuple[int, ...]:
        return tuple(player.coins for player in self._players)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(players={len(self._players)}, "
                f"round={self._round}, coins={list(self._coins())}, pool={self._pool})")
