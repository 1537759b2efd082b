"""Computer players: a random baseline and a pot-odds player that weighs its equity.

A strategy gets only a `stud.view.StudView` (its own hole card and what is on
the table) and returns one of the view's legal actions.  `STRATEGIES` names
them for ``--strategy``.  Why the thresholds are what they are is in
``docs/stud.md``, "Computer players".
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence

from common.cards.deck import standard_cards
from common.engine.seats import RANDOM, SMART, StrategyFactory
from common.language import _
from stud.cards import StudCard
from stud.evaluator import evaluate
from stud.events import Action
from stud.view import StudView

HAND_SIZE = 5
"""Cards in a showdown hand: the hole card and four up cards."""

# An equity estimate with the cards it was made from: ours, then their up cards.
_Estimate = tuple[tuple[StudCard, ...], tuple[StudCard, ...], float]


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
    the other player's hole card and the up cards still to come.  It is exact
    in rounds 3 and 4 and a Monte Carlo estimate of `samples` deals, drawn
    from the player's own generator, in rounds 1 and 2.  Then:

    - nothing to call: bet when the equity is at least `BET_EQUITY`, else check;
    - facing a bet: raise when the equity is at least `RAISE_EQUITY` (and a
      raise is allowed), call when it beats the price ``to_call / (pot +
      to_call)``, fold otherwise.
    """

    BET_EQUITY = 0.60
    """The least equity worth a bet (see ``docs/stud.md`` for why)."""
    RAISE_EQUITY = 0.70
    """The least equity worth a raise."""
    SAMPLES = 200
    """Monte Carlo deals per estimate in rounds 1 and 2."""

    def __init__(self, rng: random.Random, samples: int = SAMPLES) -> None:
        """Draw the Monte Carlo deals from `rng`, `samples` per estimate."""
        self._rng = rng
        self._samples = samples
        self._last: _Estimate | None = None

    def equity(self, view: StudView) -> float:
        """Return the chance of winning the showdown from `view`, ties counting half.

        A second call on the same cards (a later decision in the same betting
        round) returns the first estimate again.
        """
        own, theirs = view.own_cards, view.opponent_up_cards
        if self._last is not None and self._last[:2] == (own, theirs):
            return self._last[2]
        value = showdown_equity(own, theirs, self._rng, self._samples)
        self._last = (own, theirs, value)
        return value

    def decide(self, view: StudView) -> Action:
        """Return the action the equity and the pot odds call for."""
        legal = view.legal_actions
        equity = self.equity(view)
        if Action.CHECK in legal:
            if Action.BET in legal and equity >= self.BET_EQUITY:
                return Action.BET
            return Action.CHECK
        if Action.RAISE in legal and equity >= self.RAISE_EQUITY:
            return Action.RAISE
        if equity > view.to_call / (view.pot + view.to_call):
            return Action.CALL
        return Action.FOLD

    def __repr__(self) -> str:
        return f"EquityPlayer(samples={self._samples})"


STRATEGIES: dict[str, StrategyFactory[StudView, Action]] = {
    SMART: EquityPlayer,
    RANDOM: RandomPlayer,
}
"""The strategies ``--strategy`` names: ``smart`` (the default) and ``random``."""


def unseen_cards(seen: Sequence[StudCard]) -> list[StudCard]:
    """Return the cards of the deck not in `seen`, in deck order."""
    known = set(seen)
    return [StudCard(card.suit, card.rank) for card in standard_cards(StudCard)
            if card not in known]


def showdown_equity(own: Sequence[StudCard], opponent_up: Sequence[StudCard],
                    rng: random.Random, samples: int) -> float:
    """Return the chance that `own` cards beat the opponent's at the showdown.

    `own` is the hole card and the up cards so far, `opponent_up` the other
    player's up cards (as many as ours).  The opponent's hole card and the
    cards still to come are every card not in either; a tie counts half.
    With three or four up cards each the answer is exact; with fewer it is
    the average over `samples` random deals drawn from `rng`.

    Raises:
        ValueError: when the cards are not a hand in progress.
    """
    ups = len(opponent_up)
    if not 1 <= ups <= HAND_SIZE - 1 or len(own) != ups + 1:
        raise ValueError(f"{len(own)} own cards and {ups} up cards are not a hand")
    pool = unseen_cards([*own, *opponent_up])
    if ups == HAND_SIZE - 1:
        return _exact_last_card(tuple(own), tuple(opponent_up), pool)
    if ups == HAND_SIZE - 2:
        return _exact_two_cards(tuple(own), tuple(opponent_up), pool)
    return _sampled(tuple(own), tuple(opponent_up), pool, rng, samples)


def _exact_last_card(own: tuple[StudCard, ...], theirs: tuple[StudCard, ...],
                     pool: list[StudCard]) -> float:
    """Every hand is down to the opponent's hole card: try each one."""
    mine = evaluate(own)
    points = 0
    for hole in pool:
        value = evaluate((*theirs, hole))
        points += 2 if mine > value else mine == value
    return points / (2 * len(pool))


def _exact_two_cards(own: tuple[StudCard, ...], theirs: tuple[StudCard, ...],
                     pool: list[StudCard]) -> float:
    """We need one card, they need two: count their pairs by kind, not one by one.

    A hand's value depends on its ranks and on whether its five cards share
    a suit (`stud.evaluator.evaluate`), so the opponent's value depends only
    on the ranks of their two cards and on whether both have the suit of
    their up cards, when those share one.  The pool's cards fall into a few
    dozen such kinds: each pair of kinds is rated once and counted as many
    times as it can be dealt.  For our card c the opponent holds any pair of
    the other cards; the pairs beaten are those beaten among all pairs less
    those containing c.
    """
    suits = {card.suit for card in theirs}
    flush_suit = next(iter(suits)) if len(suits) == 1 else None
    # The pool's cards by kind: rank, and whether a flush of theirs needs it.
    kinds: dict[tuple[int, bool], list[StudCard]] = {}
    for card in pool:
        kinds.setdefault((card.rank, card.suit == flush_suit), []).append(card)
    members = list(kinds.values())
    # The opponent's value with a card of kind i and one of kind j, and how
    # many of their pairs are worth each value.
    value_of = [[0] * len(members) for _ in members]
    counts: dict[int, int] = {}
    for i, first in enumerate(members):
        for j in range(i, len(members)):
            second = members[j]
            dealt = (len(first) * (len(first) - 1) // 2 if i == j
                     else len(first) * len(second))
            if dealt:  # of one kind: its first and last cards
                value = evaluate((*theirs, first[0], second[-1]))
                value_of[i][j] = value_of[j][i] = value
                counts[value] = counts.get(value, 0) + dealt
    values = sorted(counts)
    below_each = [0]
    for value in values:
        below_each.append(below_each[-1] + counts[value])
    points = 0
    for i, kind in enumerate(members):
        # Cards of one kind worth the same to us score the same.
        scored: dict[int, int] = {}
        for card in kind:
            mine = evaluate((*own, card))
            if mine not in scored:
                at = bisect.bisect_left(values, mine)
                below = below_each[at]
                equal = counts.get(mine, 0)
                # Less the pairs holding this card: it and any other card.
                for j, other_kind in enumerate(members):
                    value = value_of[i][j]
                    if value < mine:
                        below -= len(other_kind) - (i == j)
                    elif value == mine:
                        equal -= len(other_kind) - (i == j)
                scored[mine] = 2 * below + equal
            points += scored[mine]
    others = len(pool) - 1
    return points / (2 * len(pool) * (others * (others - 1) // 2))


def _sampled(own: tuple[StudCard, ...], theirs: tuple[StudCard, ...],
             pool: list[StudCard], rng: random.Random, samples: int) -> float:
    """Deal the missing cards `samples` times at random and count the wins."""
    ours = HAND_SIZE - len(own)
    needed = ours + HAND_SIZE - len(theirs)
    size = len(pool)
    draw = rng.random
    points = 0
    for _sample in range(samples):
        # A partial Fisher-Yates shuffle: the first `needed` cards become a
        # uniform random draw, whatever order the pool was left in.
        for index in range(needed):
            pick = index + int(draw() * (size - index))
            pool[index], pool[pick] = pool[pick], pool[index]
        mine = evaluate((*own, *pool[:ours]))
        value = evaluate((*theirs, *pool[ours:needed]))
        points += 2 if mine > value else mine == value
    return points / (2 * samples)


def hint(view: StudView) -> str:
    """Return, in plain words, what the smart strategy would do in `view`, and why.

    For ``--hint``: ``Hint: call $3: you win the showdown about 72% of the
    time; calling $3 to win $11 needs 21%.``  It decides as `EquityPlayer`
    does, its estimate drawn from a generator seeded by the cards in view,
    so the same position gives the same hint and nothing else is drawn.
    """
    seen = " ".join(card.code for card in (*view.own_cards, *view.opponent_up_cards))
    player = EquityPlayer(random.Random(f"cardgames/hint/{seen}"))
    equity = player.equity(view)
    action = player.decide(view)
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
