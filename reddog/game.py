"""The Red Dog engine: a game's state, advanced by moves.

`RedDogGame` implements the game contract (`common.engine.game.Game`) for its one
seat.  Between rounds the moves are `DEAL` (deal the next round with the
present bet), a `Bet` (change the bet) and `common.engine.game.QUIT`; on a playable
spread, `Decision.PLAY` or `Decision.DOUBLE`.  Consecutive hands and pairs
settle inside the deal; a game given ``max_rounds`` also ends after that many
rounds.  `RedDogGame.view` is what the player sees: a `RedDogView`.  Money is
integer cents.  The credit includes the stake in play, so a round changes it
once, by the round's payout, and a wager is never larger than the credit: the
credit never goes below zero.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum

from common.engine import game as contract
from common.engine.dealer import Dealer
from common.engine.events import Event
from common.engine.game import QUIT, Quit
from common.language import _
from reddog.cards import DEFAULT_DECKS, VALUES, RedDogCard, Shoe, value_index
from reddog.events import (
    BetChanged,
    Decision,
    DecisionMade,
    Ending,
    GameEnded,
    GameStarted,
    NewShoe,
    Outcome,
    RoundDealt,
    RoundSettled,
)
from reddog.hand import HandKind, Spread
from reddog.money import dollars, format_money

STARTING_CREDIT = dollars(1000)
"""The credit a game starts with."""
MIN_BET = dollars(50)
"""The smallest bet; the game ends when the credit is below it."""
MAX_BET = dollars(500)
"""The largest bet."""
BET_STEP = dollars(50)
"""Bets go in steps of this amount."""
DEFAULT_BET = MIN_BET
"""The bet a game starts with."""


class IllegalMoveError(contract.IllegalMoveError):
    """A Red Dog move the rules do not allow in the game's present state."""


class Phase(Enum):
    """Where a game stands."""

    BETTING = "betting"
    """Between rounds: the bet may change, the next round may be dealt."""
    DECIDING = "deciding"
    """A playable spread is dealt: the player plays or doubles."""
    OVER = "over"
    """The player quit or the credit is below the minimum bet."""


class DealNow(Enum):
    """Enter at the bet prompt: deal the next round with the present bet."""

    DEAL = "deal"

    def __str__(self) -> str:
        return self.value


DEAL = DealNow.DEAL
"""The move that deals the next round."""


@dataclass(frozen=True, slots=True)
class Bet:
    """The move that makes `cents` the bet (typed as the amount at the bet prompt)."""

    cents: int

    def __str__(self) -> str:
        return f"bet {format_money(self.cents)}"


RedDogMove = DealNow | Bet | Decision | Quit
"""A move: `DEAL`, a `Bet` or `common.engine.game.QUIT` between rounds; a `Decision`
on a spread."""


def is_legal_bet(cents: int) -> bool:
    """Return whether `cents` is a bet the table takes ($50 to $500 in $50 steps)."""
    return MIN_BET <= cents <= MAX_BET and cents % BET_STEP == 0


@dataclass(frozen=True, slots=True)
class RedDogView:
    """What the player sees: money, the hand awaiting a decision, the cards dealt.

    Every card is dealt face up, so `dealt` (the cards dealt from the shoe in
    play, in order) may be counted; the undealt order is never shown.
    """

    phase: Phase
    """Between rounds (a bet or a deal), or deciding (play or double)."""
    credit: int
    """The credit in cents."""
    bet: int
    """The bet in cents for the next (or present) round."""
    max_bet: int
    """The largest bet the credit covers."""
    hand: Spread | None
    """The spread awaiting play or double, else None."""
    can_double: bool
    """Whether the credit covers a double of the spread awaiting a decision."""
    decks: int
    """The decks in the shoe."""
    dealt: tuple[RedDogCard, ...]
    """The cards dealt from the shoe in play so far, in order."""
    seen: tuple[int, ...]
    """The same cards counted by value: index 0 counts the twos, 12 the aces."""
    new_shoe_next: bool
    """Whether a new shuffled shoe comes before the next deal."""


@functools.cache
def _between_rounds(max_bet: int) -> tuple[RedDogMove, ...]:
    # The moves between rounds, made once for each of the few highest bets:
    # a game lists them at every prompt.
    return (DEAL, *[Bet(cents) for cents in range(MIN_BET, max_bet + 1, BET_STEP)],
            QUIT)


class RedDogGame(contract.Game[RedDogMove, RedDogView]):
    """One player's game of Red Dog against the house.

    Args:
        dealer: where each shoe comes from (the first one when the game
            starts); a shoe it is given is dealt in order.
        decks: the decks in each shoe, 1 to 8.
        credit: the credit the game starts with, in cents.
        bet: the first bet, in cents.
        max_rounds: when given, the game is over once that many rounds are
            played.

    Raises:
        ValueError: when `bet` is not a legal bet, `credit` is negative or
            `max_rounds` is not positive.
    """

    def __init__(self, dealer: Dealer | None = None, *, decks: int = DEFAULT_DECKS,
                 credit: int = STARTING_CREDIT, bet: int = DEFAULT_BET,
                 max_rounds: int | None = None) -> None:
        """Set up a game and its first shoe; nothing is dealt before `start`."""
        if not is_legal_bet(bet):
            raise ValueError(f"not a legal bet: {bet} cents")
        if credit < 0:
            raise ValueError("the credit cannot be negative")
        if max_rounds is not None and max_rounds < 1:
            raise ValueError(f"a game has at least one round, not {max_rounds}")
        self._dealer = dealer if dealer is not None else Dealer()
        self._shoe = Shoe(decks)  # unshuffled until `start` deals the first shoe
        self._starting_credit = credit
        self._credit = credit
        self._bet = bet
        self._rounds = 0
        self._max_rounds = max_rounds
        self._dealt: list[RedDogCard] = []
        self._seen = [0] * VALUES
        self._hand: Spread | None = None
        self._started = False
        self._phase = Phase.BETTING
        self._ending: Ending | None = None
        self._events: list[Event] = []
        self._fit_bet()

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        return self._phase

    @property
    def credit(self) -> int:
        """The player's credit in cents."""
        return self._credit

    @property
    def bet(self) -> int:
        """The bet in cents for the next (or present) round."""
        return self._bet

    @property
    def starting_credit(self) -> int:
        """The credit the game started with."""
        return self._starting_credit

    @property
    def net(self) -> int:
        """The player's net result so far, in cents."""
        return self._credit - self._starting_credit

    @property
    def rounds_played(self) -> int:
        """The number of rounds dealt (and settled, unless one is in play)."""
        return self._rounds

    @property
    def max_rounds(self) -> int | None:
        """The number of rounds after which the game is over (None: no limit)."""
        return self._max_rounds

    @property
    def ending(self) -> Ending | None:
        """Why the game is over, or None while it is not."""
        return self._ending

    @property
    def shoe(self) -> Shoe:
        """The shoe in play."""
        return self._shoe

    @property
    def seen(self) -> tuple[int, ...]:
        """The cards dealt from the shoe in play, counted by value (twos first)."""
        return tuple(self._seen)

    @property
    def hand(self) -> Spread | None:
        """The hand awaiting the player's decision, if any."""
        return self._hand if self._phase is Phase.DECIDING else None

    @property
    def max_bet(self) -> int:
        """The largest bet the table takes that the credit covers."""
        return min(MAX_BET, self._credit - self._credit % BET_STEP)

    @property
    def can_double(self) -> bool:
        """Whether the player may double: a spread awaits and the credit covers it."""
        return self._phase is Phase.DECIDING and 2 * self._bet <= self._credit

    # The game contract.

    @property
    def num_seats(self) -> int:
        """One seat: the player against the house."""
        return 1

    @property
    def current_seat(self) -> int | None:
        """Seat 0 while the game goes on; None before `start` and once over."""
        return 0 if self._started and self._phase is not Phase.OVER else None

    @property
    def is_over(self) -> bool:
        """Whether the player quit, ran out of credit or played the last round."""
        return self._phase is Phase.OVER

    def view(self, seat: int = 0) -> RedDogView:
        """Return what the player sees now (see `RedDogView`).

        Raises:
            ValueError: for a seat other than 0, or when the player is not to
                move (before `start`, once the game is over).
        """
        if seat != 0:
            raise ValueError(f"Red Dog has one seat, not {seat!r}")
        if self.current_seat is None:
            raise ValueError("nothing to see: the player is not to move")
        hand = self.hand
        return RedDogView(self._phase, self._credit, self._bet, self.max_bet,
                          hand, self.can_double,
                          self._shoe.decks,
                          tuple(self._dealt), tuple(self._seen),
                          self._shoe.needs_new_shoe())

    def returns(self) -> tuple[float, ...]:
        """The player's net result so far, in dollars."""
        return (self.net / 100,)

    def legal_moves(self) -> list[RedDogMove]:
        """Between rounds: `DEAL`, every bet the credit covers, `QUIT`.

        On a spread: play, and double when the credit covers it.
        """
        if self.current_seat is None:
            return []
        if self._phase is Phase.DECIDING:
            return [Decision.PLAY, Decision.DOUBLE] if self.can_double else [
                Decision.PLAY]
        return list(_between_rounds(self.max_bet))

    def start(self) -> list[Event]:
        """Seat the player: the game waits for the first deal (or is already over).

        Raises:
            IllegalMoveError: when the game has already started.
        """
        if self._started:
            raise IllegalMoveError(_("the game has already started"))
        self._started = True
        self._shoe = self._dealer.deal(Shoe(self._shoe.decks))
        events: list[Event] = [GameStarted(self._shoe.decks, self._credit, self._bet)]
        if self._ending is not None:
            events.append(self._ended())
        return events

    def verify_move(self, move: RedDogMove) -> None:
        """Check that the player may make `move` now.

        Raises:
            IllegalMoveError: saying why not.
        """
        if not self._started:
            raise IllegalMoveError(_("the game has not started"), move)
        if self._phase is Phase.OVER:
            raise IllegalMoveError(_("the game is over"), move)
        if self._phase is Phase.DECIDING:
            if move is QUIT:
                # Translators: quit is typed, as it is.
                raise IllegalMoveError(_("finish this hand first: quit is taken "
                                         "between rounds"), move)
            if move is Decision.DOUBLE and not self.can_double:
                raise IllegalMoveError(_("your credit does not cover a double"), move)
            if not isinstance(move, Decision):
                raise IllegalMoveError(_("play or double the spread"), move)
            return
        if isinstance(move, Bet):
            if not is_legal_bet(move.cents) or move.cents > self._credit:
                raise IllegalMoveError(
                    _("{bet} is not a bet you may make: bets are {minimum} to "
                      "{maximum} in steps of {step}").format(
                          bet=format_money(move.cents), minimum=format_money(MIN_BET),
                          maximum=format_money(self.max_bet),
                          step=format_money(BET_STEP)), move)
        elif move is not DEAL and move is not QUIT:
            raise IllegalMoveError(_("there is no spread to play: deal first"), move)

    def apply(self, move: RedDogMove) -> list[Event]:
        """Make `move`; return what happened.

        A deal brings a new shuffled shoe first when fewer than a quarter of
        the shoe's cards remain; a pair gets its free third card at once.

        Raises:
            IllegalMoveError: as `verify_move`; the game is then unchanged.
        """
        self.verify_move(move)
        self._events = []
        if isinstance(move, Bet):
            self._bet = move.cents
            self._events.append(BetChanged(move.cents))
        elif move is QUIT:
            self._end(Ending.QUIT)
        elif move is DEAL:
            self._deal()
        else:
            assert isinstance(move, Decision)
            assert self._hand is not None  # set by the deal with the DECIDING phase
            third = self._draw()
            self._events.append(DecisionMade(
                self._rounds, move, 2 * self._bet if move is Decision.DOUBLE
                else self._bet))
            self._settle(move, third,
                         Outcome.WIN if self._hand.wins(third) else Outcome.LOSS)
        return self._events

    def _deal(self) -> None:
        if self._shoe.needs_new_shoe():
            self._shoe = self._dealer.deal(Shoe(self._shoe.decks))
            self._dealt.clear()
            self._seen = [0] * VALUES
            self._events.append(NewShoe(self._rounds + 1, self._shoe.decks,
                                        self._shoe.capacity))
        self._rounds += 1
        first = self._draw()
        self._hand = hand = Spread(None, [first, self._draw()])
        self._phase = Phase.DECIDING
        self._events.append(RoundDealt(self._rounds, hand, self._credit,
                                       self._bet))
        if hand.kind is HandKind.CONSECUTIVE:
            self._settle(None, None, Outcome.PUSH)
        elif hand.kind is HandKind.PAIR:
            third = self._draw()
            self._settle(None, third, Outcome.WIN if hand.wins(third) else Outcome.PUSH)

    def _draw(self) -> RedDogCard:
        card = self._shoe.deal_card()
        self._dealt.append(card)
        self._seen[value_index(card.value)] += 1
        return card

    def _settle(self, decision: Decision | None, third: RedDogCard | None,
                outcome: Outcome) -> None:
        hand = self._hand
        assert hand is not None
        bet = self._bet
        wager = 2 * bet if decision is Decision.DOUBLE else bet
        if outcome is Outcome.WIN:
            payout = hand.pays * wager
        elif outcome is Outcome.LOSS:
            payout = -wager
        else:
            payout = 0
        before = self._credit
        self._credit += payout
        self._phase = Phase.BETTING
        self._fit_bet()
        self._events.append(RoundSettled(
            self._rounds, hand, before, bet, decision, wager, third, outcome,
            payout, self._credit, None if self._ending is not None else self._bet))
        if self._ending is not None:
            self._events.append(self._ended())

    def _fit_bet(self) -> None:
        # The bet follows the credit down so that Enter always deals a bet the
        # credit covers; below the minimum bet the game is over.
        if self._credit < MIN_BET:
            self._end(Ending.CREDIT)
        else:
            self._bet = min(self._bet, self.max_bet)
            if self._rounds == self._max_rounds:
                self._end(Ending.ROUNDS)

    def _end(self, ending: Ending) -> None:
        self._phase = Phase.OVER
        self._ending = ending
        if ending is Ending.QUIT:
            self._events.append(self._ended())

    def _ended(self) -> GameEnded:
        assert self._ending is not None
        return GameEnded(self._ending, self._rounds, self._max_rounds, self.net,
                         self._credit)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(phase={self._phase.value},"
                f" credit={self._credit}, bet={self._bet}, rounds={self._rounds})")
