"""The Red Dog engine: a game's state, advanced by explicit actions.

A round goes `RedDogGame.deal` then, for a playable spread, `RedDogGame.play`
or `RedDogGame.double`; consecutive hands and pairs settle inside ``deal``.
Between rounds `RedDogGame.set_bet` changes the bet and `RedDogGame.quit`
ends the game; a game given ``max_rounds`` also ends after that many rounds.
`RedDogGame.view` is what the player sees: a `RedDogView`.  Money is integer
cents.  The credit includes the stake in play, so a round changes it once, by
the round's payout, and a wager is never larger than the credit: the credit
never goes below zero.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from reddog.cards import DEFAULT_DECKS, VALUES, RedDogCard, Shoe, value_index
from reddog.hand import Hand, HandKind
from reddog.money import dollars

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


class RulesError(ValueError):
    """An action the rules do not allow in the game's present state."""


class Phase(Enum):
    """Where a game stands."""

    BETTING = "betting"
    """Between rounds: the bet may change, the next round may be dealt."""
    DECIDING = "deciding"
    """A playable spread is dealt: the player plays or doubles."""
    OVER = "over"
    """The player quit or the credit is below the minimum bet."""


class Decision(Enum):
    """The player's choice on a playable spread."""

    PLAY = "play"
    """Keep the wager at the bet."""
    DOUBLE = "double"
    """Double the wager."""

    def __str__(self) -> str:
        return self.value


class Outcome(Enum):
    """How a round ended for the player."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"

    def __str__(self) -> str:
        return self.value


class Ending(Enum):
    """Why a game is over."""

    QUIT = "quit"
    """The player quit."""
    CREDIT = "credit"
    """The credit is below the minimum bet."""
    ROUNDS = "rounds"
    """The game's last round (``max_rounds``) is played."""

    def __str__(self) -> str:
        return self.value


def is_legal_bet(cents: int) -> bool:
    """Return whether `cents` is a bet the table takes ($50 to $500 in $50 steps)."""
    return MIN_BET <= cents <= MAX_BET and cents % BET_STEP == 0


@dataclass(frozen=True)
class RoundResult:
    """A settled round: the cards, the choice, and what it did to the credit."""

    number: int
    """The round's number, from 1."""
    hand: Hand
    """The first two cards."""
    credit_before: int
    """The credit when the round was dealt."""
    bet: int
    """The initial bet."""
    decision: Decision | None
    """Play or double, or None when the hand settled at once."""
    wager: int
    """The amount at stake: the bet, or twice it when doubled."""
    third: RedDogCard | None
    """The middle card (the free third card on a pair), None when consecutive."""
    outcome: Outcome
    """Win, loss or push."""
    payout: int
    """The change to the credit: pays × wager on a win, −wager on a loss, 0 else."""
    credit_after: int
    """The credit once the round is settled."""

    @property
    def pays(self) -> int:
        """What the win paid, N to 1 (0 unless the round was won)."""
        return self.hand.pays if self.outcome is Outcome.WIN else 0


@dataclass(frozen=True)
class Deal:
    """The start of a round: the two cards and whether a new shoe came first."""

    number: int
    """The round's number, from 1."""
    hand: Hand
    """The first two cards."""
    credit: int
    """The credit at the start of the round."""
    bet: int
    """The bet for the round."""
    new_shoe: bool
    """Whether a new shuffled shoe was put into play before this deal."""
    result: RoundResult | None
    """The settled round when the hand was consecutive or a pair, else None."""


@dataclass(frozen=True)
class RedDogView:
    """What the player sees: money, the hand awaiting a decision, the cards dealt.

    Every card is dealt face up, so `dealt` (the cards dealt from the shoe in
    play, in order) may be counted; the undealt order is never shown.
    """

    phase: Phase
    """Between rounds (a bet or a deal), deciding (play or double), or over."""
    credit: int
    """The credit in cents."""
    bet: int
    """The bet in cents for the next (or present) round."""
    max_bet: int
    """The largest bet the credit covers."""
    hand: Hand | None
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


class RedDogGame:
    """One player's game of Red Dog against the house."""

    def __init__(self, rng: random.Random, *, decks: int = DEFAULT_DECKS,
                 shoe: Shoe | None = None, credit: int = STARTING_CREDIT,
                 bet: int = DEFAULT_BET, max_rounds: int | None = None) -> None:
        """Start a game; new shoes are shuffled with `rng`.

        `shoe` is the first shoe (a fresh one shuffled with `rng` by default);
        later shoes hold `decks` decks, like it.  With `max_rounds` the game
        is over once that many rounds are played.

        Raises:
            RulesError: when `bet` is not a legal bet, `credit` is negative or
                `max_rounds` is not positive.
        """
        if not is_legal_bet(bet):
            raise RulesError(f"not a legal bet: {bet} cents")
        if credit < 0:
            raise RulesError("the credit cannot be negative")
        if max_rounds is not None and max_rounds < 1:
            raise RulesError(f"a game has at least one round, not {max_rounds}")
        self._rng = rng
        self._shoe = shoe if shoe is not None else Shoe.shuffled(decks, rng)
        self._starting_credit = credit
        self._credit = credit
        self._bet = bet
        self._rounds = 0
        self._max_rounds = max_rounds
        self._dealt: list[RedDogCard] = []
        self._seen = [0] * VALUES
        self._hand: Hand | None = None
        self._phase = Phase.BETTING
        self._ending: Ending | None = None
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
    def hand(self) -> Hand | None:
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

    def view(self) -> RedDogView:
        """Return what the player sees now (see `RedDogView`)."""
        return RedDogView(self._phase, self._credit, self._bet, self.max_bet,
                          self.hand, self.can_double, self._shoe.decks,
                          tuple(self._dealt), tuple(self._seen),
                          self._shoe.needs_new_shoe())

    def set_bet(self, cents: int) -> None:
        """Make `cents` the bet from the next round on.

        Raises:
            RulesError: between rounds only, for a legal bet the credit covers.
        """
        self._require(Phase.BETTING)
        if not is_legal_bet(cents) or cents > self._credit:
            raise RulesError(f"not a legal bet: {cents} cents")
        self._bet = cents

    def deal(self) -> Deal:
        """Start a round with the present bet: deal two cards, settle if unplayable.

        A new shuffled shoe comes first when fewer than a quarter of the
        shoe's cards remain.  A pair gets its free third card at once.

        Raises:
            RulesError: unless the game is between rounds.
        """
        self._require(Phase.BETTING)
        new_shoe = self._shoe.needs_new_shoe()
        if new_shoe:
            self._shoe = Shoe.shuffled(self._shoe.decks, self._rng)
            self._dealt.clear()
            self._seen = [0] * VALUES
        credit, bet = self._credit, self._bet
        self._rounds += 1
        self._hand = hand = Hand(self._draw(), self._draw())
        self._phase = Phase.DECIDING
        result: RoundResult | None = None
        if hand.kind is HandKind.CONSECUTIVE:
            result = self._settle(None, None, Outcome.PUSH)
        elif hand.kind is HandKind.PAIR:
            third = self._draw()
            result = self._settle(None, third,
                                  Outcome.WIN if hand.wins(third) else Outcome.PUSH)
        return Deal(self._rounds, hand, credit, bet, new_shoe, result)

    def play(self) -> RoundResult:
        """Play the spread for the bet: deal the middle card and settle.

        Raises:
            RulesError: unless a playable spread awaits a decision.
        """
        return self.decide(Decision.PLAY)

    def double(self) -> RoundResult:
        """Double the wager on the spread, deal the middle card and settle.

        Raises:
            RulesError: unless a playable spread awaits and the credit covers twice
                the bet.
        """
        return self.decide(Decision.DOUBLE)

    def decide(self, decision: Decision) -> RoundResult:
        """Play or double, as `decision` says (see `play` and `double`).

        Raises:
            RulesError: when the decision is not allowed now.
        """
        self._require(Phase.DECIDING)
        if decision is Decision.DOUBLE and not self.can_double:
            raise RulesError("the credit does not cover a double")
        assert self._hand is not None  # set by deal() with the DECIDING phase
        third = self._draw()
        outcome = Outcome.WIN if self._hand.wins(third) else Outcome.LOSS
        return self._settle(decision, third, outcome)

    def quit(self) -> None:
        """End the game between rounds.

        Raises:
            RulesError: while a round is in play.
        """
        if self._phase is not Phase.OVER:
            self._require(Phase.BETTING)
            self._end(Ending.QUIT)

    def _draw(self) -> RedDogCard:
        card = self._shoe.deal_card()
        assert isinstance(card, RedDogCard)  # a Shoe converts every card
        self._dealt.append(card)
        self._seen[value_index(card.value)] += 1
        return card

    def _require(self, phase: Phase) -> None:
        if self._phase is not phase:
            raise RulesError(f"not allowed while the game is {self._phase.value}")

    def _settle(self, decision: Decision | None, third: RedDogCard | None,
                outcome: Outcome) -> RoundResult:
        assert self._hand is not None
        wager = 2 * self._bet if decision is Decision.DOUBLE else self._bet
        if outcome is Outcome.WIN:
            payout = self._hand.pays * wager
        elif outcome is Outcome.LOSS:
            payout = -wager
        else:
            payout = 0
        before = self._credit
        self._credit += payout
        result = RoundResult(self._rounds, self._hand, before, self._bet, decision,
                             wager, third, outcome, payout, self._credit)
        self._phase = Phase.BETTING
        self._fit_bet()
        return result

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

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(phase={self._phase.value},"
                f" credit={self._credit}, bet={self._bet}, rounds={self._rounds})")
