"""Computer players for Red Dog, the best move with its expectation, and hints.

A strategy sees only a `reddog.game.RedDogView` and returns a `Move`: between
rounds `reddog.game.DEAL` (Enter) or a `reddog.game.Bet`; on a spread a
`reddog.events.Decision`.

`BestPlayer` is the exact best strategy for the shoe as dealt: every card is
dealt face up, so it counts them and works out, in fractions, what is left
(`reddog.odds`).  On a spread it doubles exactly when doubling's expectation
beats playing's, which is when playing's is positive.  Between rounds it bets
the maximum when the next round's expectation under that best play is
positive (the count favours the player), else the minimum; when the credit
covers the double of a smaller bet but not of the maximum, it compares the
money each of these bets expects.  `RandomPlayer`,
the baseline, picks uniformly among the legal choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from common.engine.seats import RANDOM, SMART, StrategyFactory
from common.language import _
from reddog.events import Decision
from reddog.game import BET_STEP, DEAL, MIN_BET, Bet, DealNow, Phase, RedDogView
from reddog.money import format_money
from reddog.odds import full_counts, remaining_counts, round_totals, spread_play

Move = DealNow | Bet | Decision
"""A strategy's move: `DEAL` or a `Bet` between rounds, a `Decision` on a spread."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The best move at a prompt, with the exact expectations behind it."""

    move: Move
    """The best move: the bet to make, `DEAL`, or play or double."""
    expectation: Fraction
    """Between rounds: the next round's expectation per unit bet under the best
    play; on a spread: the best decision's expectation per initial bet."""
    other: Fraction | None = None
    """On a spread: the other decision's expectation (None when it may not be
    made, or between rounds)."""
    bet: int = MIN_BET
    """Between rounds: the bet the best strategy makes for the next round."""

    def hint(self) -> str:
        """Return the line ``--hint`` prints before the prompt, in plain words.

        ``Hint: press Enter to deal: the cards left favour the house (a $1
        bet loses about 2.9 cents on average), so bet the least, $50.00.``
        """
        value = self.expectation
        if isinstance(self.move, Decision):
            if self.other is None:
                text = _by_sign(
                    value,
                    _("Hint: play: each $1 of your bet wins about {cents:.1f} cents on "
                      "average here, and your credit does not cover a double."),
                    _("Hint: play: each $1 of your bet breaks even on average here, "
                      "and your credit does not cover a double."),
                    _("Hint: play: each $1 of your bet loses about {cents:.1f} cents "
                      "on average here, and your credit does not cover a double."))
            elif self.move is Decision.DOUBLE:
                # Doubling is best only when it wins: the other two are for
                # an `Advice` made by hand.
                text = _by_sign(
                    value,
                    _("Hint: double: each $1 of your bet wins about {cents:.1f} cents "
                      "on average if you double, against half that if you play: the "
                      "spread favours you."),
                    _("Hint: double: each $1 of your bet breaks even on average if "
                      "you double, against half that if you play: the spread "
                      "favours you."),
                    _("Hint: double: each $1 of your bet loses about {cents:.1f} "
                      "cents on average if you double, against half that if you "
                      "play: the spread favours you."))
            else:
                text = _by_sign(
                    value,
                    _("Hint: play: each $1 of your bet wins about {cents:.1f} cents on "
                      "average; doubling would risk twice as much for nothing more."),
                    _("Hint: play: each $1 of your bet breaks even on average; "
                      "doubling would risk twice as much for nothing more."),
                    _("Hint: play: each $1 of your bet loses about {cents:.1f} cents "
                      "on average; doubling would double the loss."))
        elif self.move is DEAL:
            text = _by_sign(
                value,
                _("Hint: press Enter to deal with your {bet} bet: the cards left "
                  "favour you (a $1 bet wins about {cents:.1f} cents on average)."),
                _("Hint: press Enter to deal with your {bet} bet: the cards left "
                  "favour the house (a $1 bet breaks even on average)."),
                _("Hint: press Enter to deal with your {bet} bet: the cards left "
                  "favour the house (a $1 bet loses about {cents:.1f} cents on "
                  "average)."))
        else:
            text = _by_sign(
                value,
                # Translators: {typed} is what to type: 500.
                _("Hint: type {typed} to bet {bet}, the most worth betting: the "
                  "cards left favour you (a $1 bet wins about {cents:.1f} cents on "
                  "average)."),
                # Translators: {typed} is what to type: 50.
                _("Hint: type {typed} to bet {bet}, the least worth betting: the "
                  "cards left favour the house (a $1 bet breaks even on average)."),
                # Translators: {typed} is what to type: 50.
                _("Hint: type {typed} to bet {bet}, the least worth betting: the "
                  "cards left favour the house (a $1 bet loses about {cents:.1f} "
                  "cents on average)."))
        bet = format_money(self.bet)
        return text.format(cents=abs(float(value)) * 100, bet=bet,
                           typed=bet[1:].removesuffix(".00"))


def _by_sign(value: Fraction, wins: str, even: str, loses: str) -> str:
    """Return the message of the three that suits `value`, a $1 bet's expectation.

    `wins` when it is positive, `loses` when negative, `even` when zero; a
    message says the cents, ``{cents:.1f}``, as their absolute value.
    """
    if value > 0:
        return wins
    return loses if value < 0 else even


def advise(view: RedDogView) -> Advice:
    """Return the best move for `view` and its exact expectation.

    On a spread: double when doubling's expectation beats playing's and the
    credit covers it, else play.  Between rounds: of the minimum bet, the
    largest bet whose double the credit covers and the maximum bet, the one
    whose round expects the most money (the bet times `round_expectation`,
    with doubles when the credit covers the bet's); the maximum when the count
    favours the player and the credit covers its double, else the minimum.

    Raises:
        ValueError: when the game is over.
    """
    if view.phase is Phase.DECIDING:
        return _advise_decision(view)
    if view.phase is Phase.BETTING:
        return _advise_bet(view)
    raise ValueError("the game is over: there is no move to make")


# The best moves are worked out in integers, numerators over denominators
# (`reddog.odds.spread_play`, `round_totals`): the strategy moves on them
# alone, and only `advise` makes the fractions a hint shows.


def _advise_decision(view: RedDogView) -> Advice:
    decision, play, left = _best_decision(view)
    if not view.can_double:
        return Advice(decision, Fraction(play, left))
    if decision is Decision.DOUBLE:
        return Advice(decision, Fraction(2 * play, left), Fraction(play, left))
    return Advice(decision, Fraction(play, left), Fraction(2 * play, left))


def _best_decision(view: RedDogView) -> tuple[Decision, int, int]:
    """The best decision on the spread, and playing's expectation per unit bet.

    The expectation as numerator and denominator (`spread_play`).
    """
    assert view.hand is not None  # a spread awaits while deciding
    play, left = spread_play(remaining_counts(view.decks, view.seen), view.hand)
    # Doubling's expectation is twice playing's: it is better when positive.
    return (Decision.DOUBLE if view.can_double and play > 0 else Decision.PLAY,
            play, left)


def _advise_bet(view: RedDogView) -> Advice:
    move, bet, numerator, denominator = _best_bet(view)
    return Advice(move, Fraction(numerator, denominator), bet=bet)


def _best_bet(view: RedDogView) -> tuple[Move, int, int, int]:
    """The move to the best bet, that bet, and its round's expectation per unit bet.

    The expectation as numerator and denominator (`round_totals`).
    """
    counts = (full_counts(view.decks) if view.new_shoe_next
              else remaining_counts(view.decks, view.seen))
    # The round's money is the bet times its expectation per unit bet, which
    # depends on the bet only through whether the credit covers its double:
    # the best bet is the maximum, the largest whose double is covered, or
    # the minimum.  Ties go to the smaller bet.  Both expectations share
    # their denominator, so the numerators compare.
    covered = min(view.max_bet, view.credit // 2 - view.credit // 2 % BET_STEP)
    with_doubles, played, denominator = round_totals(counts)
    best: tuple[int, int, int] | None = None
    for bet in sorted({MIN_BET, max(covered, MIN_BET), view.max_bet}):
        numerator = with_doubles if 2 * bet <= view.credit else played
        if best is None or bet * numerator > best[0]:
            best = (bet * numerator, bet, numerator)
    assert best is not None  # the minimum bet is always a candidate
    _score, bet, numerator = best
    return DEAL if bet == view.bet else Bet(bet), bet, numerator, denominator


class BestPlayer:
    """The exact best strategy for the shoe as dealt (the ``smart`` strategy).

    Plays the `Advice` of `advise`: doubles when doubling's expectation beats
    playing's and the credit covers it, else plays; bets the maximum when the
    next round's expectation is positive, else the minimum (see `advise`).  It needs no
    randomness, and never quits: a session ends by its rounds or its credit.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make the player; `rng` is accepted like every strategy's and unused."""

    def decide(self, view: RedDogView) -> Move:
        """Return the best move for `view`: the move of `advise`."""
        if view.phase is Phase.DECIDING:
            return _best_decision(view)[0]
        if view.phase is Phase.BETTING:
            return _best_bet(view)[0]
        return advise(view).move  # which says the game is over

    def __repr__(self) -> str:
        return "BestPlayer()"


class RandomPlayer:
    """The baseline: uniform over the legal decisions, drawing from `rng`.

    Between rounds it first picks, evenly, dealing now or changing the bet,
    then (to change it) a legal bet uniformly from $50 up to what the credit
    covers, the present bet included.  On a spread it plays or doubles evenly
    when the credit covers a double, else plays.  It never quits.
    """

    def __init__(self, rng: random.Random) -> None:
        """Draw every choice from `rng`."""
        self._rng = rng

    def decide(self, view: RedDogView) -> Move:
        """Return a uniformly random legal move for `view`."""
        if view.phase is Phase.DECIDING:
            if view.can_double:
                return self._rng.choice((Decision.PLAY, Decision.DOUBLE))
            return Decision.PLAY
        if self._rng.random() < 0.5:
            return DEAL
        return Bet(self._rng.randrange(MIN_BET, view.max_bet + 1, BET_STEP))

    def __repr__(self) -> str:
        return "RandomPlayer()"


STRATEGIES: dict[str, StrategyFactory[RedDogView, Move]] = {
    SMART: BestPlayer,
    RANDOM: RandomPlayer,
}
"""The strategies by name, for ``--strategy``: ``smart`` and ``random``."""
