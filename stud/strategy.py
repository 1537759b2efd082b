"""Computer players: a random baseline and a pot-odds player that weighs its equity.

A strategy gets only a `stud.view.StudView` (its own hole card and what is on
the table) and returns one of the view's legal actions.  `STRATEGIES` names
them for ``--strategy``.  Why the thresholds are what they are is in
``docs/stud.md``, "Computer players".
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from common.engine.seats import RANDOM, SMART, StrategyFactory
from common.language import _
from stud.cards import StudCard
from stud.equity import (
    count_outcomes,
    count_points,
    outcome_bounds,
    points_bounds,
    showdown_points,
)
from stud.events import Action
from stud.view import StudView


class RandomPlayer:
    """The baseline: picks uniformly among the legal actions."""

    def __init__(self, rng: random.Random) -> None:
        """Draw every choice from `rng`."""
        self._rng = rng

    def decide(self, view: StudView) -> Action:
        """Return one of `view.legal_actions`, each as likely as the others."""
        return self._rng.choice(view.legal_actions)

    def __repr__(self) -> str:
        return "RandomPlayer()"


class EquityPlayer:
    """Bets its chance of winning the showdown against the price of going on.

    The equity is the chance that its hand beats the other player's at the
    showdown (a tie counting half), over every way the unseen cards can fall:
    the other player's hole card and the up cards still to come.  It is
    exact in rounds 3 and 4, and in rounds 1 and 2 the estimate of `SAMPLES`
    random deals, drawn from the player's own generator: not by dealing
    them, but from the exact chances of a win and of a tie (`stud.equity`),
    one random number a deal.  Then:

    - nothing to call: bet when the equity is at least `BET_EQUITY`, else check;
    - facing a bet: raise when the equity is at least `RAISE_EQUITY` (and a
      raise is allowed), call when it beats the price ``to_call / (pot +
      to_call)``, fold otherwise.

    With these thresholds the estimate plays better than the exact chance
    would (``docs/stud.md``).  In rounds 2 and 3, where bounds of the
    chances are much cheaper than the chances themselves, it decides from
    the bounds whenever they settle a comparison: the same decisions, a
    fraction of the work.
    """

    BET_EQUITY = 0.60
    """The least equity worth a bet (see ``docs/stud.md`` for why)."""
    RAISE_EQUITY = 0.70
    """The least equity worth a raise."""
    SAMPLES = 200
    """Random deals per estimate in rounds 1 and 2."""

    def __init__(self, rng: random.Random) -> None:
        """Draw the random deals of the estimates from `rng`."""
        self._rng = rng
        self._cards: tuple[tuple[StudCard, ...], tuple[StudCard, ...]] | None = None
        self._bounds = (0.0, 1.0)
        self._equity: float | None = None
        self._deals = 0

    def equity_bounds(self, view: StudView) -> tuple[float, float]:
        """Return a lower and an upper bound of `equity`, as cheaply known.

        Both are the equity itself in rounds 1 and 4.  In round 2 the
        chances are read from a table in 255ths and the flushes a player
        may still make are bounded, not counted
        (`stud.equity.outcome_bounds`); in round 3, when no flush is
        possible, the pairs of theirs holding our last card are bounded
        (`stud.equity.points_bounds`).
        """
        cards = view.own_cards, view.opponent_up_cards
        if cards != self._cards:
            self._cards, self._equity = cards, None
            if len(cards[1]) <= 2:
                self._deals = _random_numbers(self._rng, self.SAMPLES)
                known = outcome_bounds(*cards)
                self._bounds = (
                    self._estimate(known.wins_low, known.not_lost_low, known.deals),
                    self._estimate(known.wins_high, known.not_lost_high, known.deals))
            else:
                low, high, most = points_bounds(*cards)
                self._bounds = (low / most, high / most)
            if self._bounds[0] == self._bounds[1]:
                self._equity = self._bounds[0]
        return self._bounds

    def equity(self, view: StudView) -> float:
        """Return the chance of winning the showdown from `view`, ties counting half.

        Exact in rounds 3 and 4, the estimate of `SAMPLES` deals in rounds
        1 and 2.  A later call on the same cards (a later decision in the
        same betting round) returns the same, at no cost.
        """
        self.equity_bounds(view)
        if self._equity is None:
            assert self._cards is not None
            if len(self._cards[1]) <= 2:
                wins, ties, deals = count_outcomes(*self._cards)
                self._equity = self._estimate(wins, wins + ties, deals)
            else:
                points, most = count_points(*self._cards)
                self._equity = points / most
        return self._equity

    def _estimate(self, wins: int, not_lost: int, deals: int) -> float:
        """The estimate from the deals drawn, given the wins and non-losses of all.

        A deal drawn is won when its random number is below the chance of
        a win, tied when below that of a win or a tie: 2 points or 1.
        """
        points = (_below(self._deals, self.SAMPLES, wins, deals)
                  + _below(self._deals, self.SAMPLES, not_lost, deals))
        return points / (2 * self.SAMPLES)

    def decide(self, view: StudView) -> Action:
        """Return the action the equity and the pot odds call for."""
        return _action(view, functools.partial(self._reaches, view), self.BET_EQUITY,
                       self.RAISE_EQUITY)

    def _reaches(self, view: StudView, bar: float, strictly: bool) -> bool:
        """Return whether the equity is at least `bar` (above it, `strictly`)."""
        low, high = self.equity_bounds(view)
        if low > bar or (low == bar and not strictly):
            return True
        if high < bar or (high == bar and strictly):
            return False
        equity = self.equity(view)
        return equity > bar or (equity == bar and not strictly)

    def __repr__(self) -> str:
        return "EquityPlayer()"


_BITS = 31
"""The bits of the random number of a deal drawn: its chances are multiples of 2^-31."""


def _random_numbers(rng: random.Random, count: int) -> int:
    """Return `count` random numbers of `_BITS` bits, side by side in one int.

    Each takes a field of ``_BITS + 1`` bits, its top bit 0: a guard that
    `_below` counts with, all the fields at once.
    """
    return rng.getrandbits((_BITS + 1) * count) & _fields(count)[1]


def _below(numbers: int, count: int, part: int, whole: int) -> int:
    """Return how many of the `count` numbers are below the chance part/whole.

    The chance is rounded up to a multiple of 2^-31 (`_BITS`).  Each field
    of ``(2^31 + bar - 1) - number`` keeps its guard bit exactly when the
    number is below the bar, and no field borrows from the next: that needs
    ``0 <= part <= whole``.
    """
    assert 0 <= part <= whole, (part, whole)
    bar = -((-part << _BITS) // whole)
    if not bar:
        return 0
    repeat, _low, guards = _fields(count)
    return ((((bar - 1) | (1 << _BITS)) * repeat - numbers) & guards).bit_count()


@functools.cache
def _fields(count: int) -> tuple[int, int, int]:
    """1 in each of `count` fields; the low `_BITS` bits of each; the guard bits."""
    repeat = sum(1 << (_BITS + 1) * field for field in range(count))
    return repeat, ((1 << _BITS) - 1) * repeat, (1 << _BITS) * repeat


def _action(view: StudView, reaches: Callable[[float, bool], bool],
            bet_equity: float, raise_equity: float) -> Action:
    """Return the action of `EquityPlayer`'s rule, with these thresholds.

    ``reaches(bar, strictly)`` says whether the equity is at least `bar`
    (above it, when `strictly`).
    """
    legal = view.legal_actions
    if Action.CHECK in legal:
        if Action.BET in legal and reaches(bet_equity, False):
            return Action.BET
        return Action.CHECK
    if Action.RAISE in legal and reaches(raise_equity, False):
        return Action.RAISE
    if reaches(view.to_call / (view.pot + view.to_call), True):
        return Action.CALL
    return Action.FOLD


STRATEGIES: dict[str, StrategyFactory[StudView, Action]] = {
    SMART: EquityPlayer,
    RANDOM: RandomPlayer,
}
"""The strategies ``--strategy`` names: ``smart`` (the default) and ``random``."""


def showdown_equity(own: Sequence[StudCard], opponent_up: Sequence[StudCard]) -> float:
    """Return the chance that `own` cards beat the opponent's at the showdown.

    `own` is the hole card and the up cards so far, `opponent_up` the other
    player's up cards (as many as ours).  The opponent's hole card and the
    cards still to come are every card not in either; a tie counts half.
    Exact (`stud.equity.showdown_points`).

    Raises:
        ValueError: when the cards are not a hand in progress.
    """
    points, most = showdown_points(own, opponent_up)
    return points / most


def hint(view: StudView) -> str:
    """Return, in plain words, what the smart strategy would do in `view`, and why.

    For ``--hint``: ``Hint: call $3: you win the showdown about 72% of the
    time; calling $3 to win $11 needs 21%.``  It decides by `EquityPlayer`'s
    rule from the exact equity; the computer, which in rounds 1 and 2
    decides from its estimate, may choose the other way near a threshold.
    """
    equity = showdown_equity(view.own_cards, view.opponent_up_cards)
    action = _action(view, lambda bar, strictly: equity > bar or (
        equity == bar and not strictly), EquityPlayer.BET_EQUITY,
        EquityPlayer.RAISE_EQUITY)
    pot = view.pot + view.to_call
    need = view.to_call / pot if view.to_call else 0.0
    if action is Action.CHECK:
        text = _("Hint: check: you win the showdown about {equity:.0%} of the time; "
                 "betting pays only from {bet_equity:.0%} up.")
    elif action is Action.BET:
        text = _("Hint: bet: you win the showdown about {equity:.0%} of the time, "
                 "and betting pays from {bet_equity:.0%} up.")
    elif action is Action.RAISE:
        text = _("Hint: raise: you win the showdown about {equity:.0%} of the time, "
                 "and raising pays from {raise_equity:.0%} up.")
    elif action is Action.CALL:
        text = _("Hint: call: you win the showdown about {equity:.0%} of the time; "
                 "calling ${to_call} to win ${pot} needs {need:.0%}.")
    else:
        text = _("Hint: fold: you win the showdown about {equity:.0%} of the time; "
                 "calling ${to_call} to win ${pot} needs {need:.0%}.")
    return text.format(equity=equity, bet_equity=EquityPlayer.BET_EQUITY,
                       raise_equity=EquityPlayer.RAISE_EQUITY, to_call=view.to_call,
                       pot=pot, need=need)
