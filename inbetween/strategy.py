"""The computer's strategies for In Between: a random baseline and the odds.

A winning bet of B coins wins B from the pool and a losing one (the card equal
to either end card, or outside them) loses B, so with p the chance that the
next card falls strictly between, the bet is worth ``(2p - 1) * B`` coins on
average.  `OddsBettor` works out p exactly from every card face up this round
and bets the most allowed when ``p > 1/2``, the least otherwise.  Folding
costs 1 coin for certain, while the least bet (also 1) loses at most that coin
and wins with chance p: folding is never better, and only as good when p is 0,
so `OddsBettor` never folds.  See ``docs/inbetween.md``.
"""

from __future__ import annotations

import random
from fractions import Fraction

from common.engine.seats import RANDOM, SMART, StrategyFactory
from common.language import _, ngettext
from inbetween.view import Choice, InBetweenView

DECK_SIZE = 52
"""The cards in the deck each round is dealt from."""
SUITS = 4
"""The cards of each rank in the deck."""


def chance_between(view: InBetweenView) -> Fraction:
    """Return the exact chance that the next card falls strictly between the seat's two.

    Each round is dealt from a freshly shuffled deck, so the next card is
    equally likely to be any card not yet face up this round.

    Raises:
        ValueError: when the seat holds no cards.
    """
    if len(view.cards) != 2:
        raise ValueError(f"seat {view.seat} holds no cards this round")
    low, high = sorted(card.value for card in view.cards)
    seen = view.seen
    between = SUITS * max(0, high - low - 1)
    between -= sum(1 for card in seen if low < card.value < high)
    return Fraction(between, DECK_SIZE - len(seen))


class RandomPlayer:
    """The baseline: every legal decision (each bet in range, or fold) equally likely.

    Args:
        rng: the generator the choices are drawn from.
    """

    def __init__(self, rng: random.Random) -> None:
        """Choose with `rng`."""
        self._rng = rng

    def decide(self, view: InBetweenView) -> Choice:
        """Return one of `view`'s legal choices, uniformly at random."""
        return self._rng.choice(view.legal_choices())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class OddsBettor:
    """Bets the most when the bet wins on average, the least otherwise; never folds.

    Args:
        rng: unused: the strategy draws nothing at random (every factory
            takes one).
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        """Build the strategy; it needs no generator."""

    def decide(self, view: InBetweenView) -> Choice:
        """Return the most allowed if the chance to win is over 1/2, else the least."""
        low, high = view.bet_range
        return high if chance_between(view) > Fraction(1, 2) else low

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


STRATEGIES: dict[str, StrategyFactory[InBetweenView, Choice]] = {
    SMART: OddsBettor,
    RANDOM: RandomPlayer,
}
"""The strategies by the names ``--strategy`` takes."""


def hint(view: InBetweenView) -> str:
    """Return, in plain words, what the smart strategy would do in `view`, and why.

    For ``--hint``: ``Hint: bet 3, the most you may: 24 of the 44 cards not
    seen yet fall between ♣3 and ♦9 (55%) ...``.  It decides as `OddsBettor`
    does, and changes nothing.
    """
    chance = chance_between(view)
    unseen = DECK_SIZE - len(view.seen)
    between = chance * unseen
    low_card, high_card = view.cards
    odds = ngettext("{between} of the {unseen} cards not seen yet falls between "
                    "{low_card} and {high_card} ({chance})",
                    "{between} of the {unseen} cards not seen yet fall between "
                    "{low_card} and {high_card} ({chance})", int(between)).format(
        between=between, unseen=unseen, low_card=low_card, high_card=high_card,
        chance=f"{float(chance):.0%}")
    low, high = view.bet_range
    if OddsBettor().decide(view) == high and high > low:
        hint = _("Hint: bet {high}, the most you may: {odds}, so a bet wins more "
                 "often than it loses.")
    elif chance > Fraction(1, 2):
        hint = _("Hint: bet {high}: {odds}, so a bet wins more often than it loses.")
    else:
        hint = _("Hint: bet {low}, the least: {odds}.  A fold costs a coin for sure; "
                 "a {low}-coin bet only when it loses.")
    return hint.format(low=low, high=high, odds=odds)
