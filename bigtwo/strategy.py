"""Big Two computer players: `RandomPlayer`, the baseline, and `PlanningPlayer`.

Both decide from a `bigtwo.view.BigTwoView` only and return a legal move (a
tuple of indices into the seat's hand, ``()`` to pass).  `PlanningPlayer`
splits its hand into the combinations it means to play, then leads and answers
so as to finish in as few plays as it can; `docs/bigtwo.md` gives its
reasoning.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bigtwo.hands import (
    THREE_OF_DIAMONDS_KEY,
    TWO_RANK,
    by_rank,
    by_suit,
    card_key,
    straight_windows,
    strength,
)
from bigtwo.moves import PASS, Move
from bigtwo.view import BigTwoView
from common.seats import RANDOM, SMART, StrategyFactory

Combo = tuple[int, ...]
"""A combination as the sorted keys of its cards (see `bigtwo.hands.card_key`)."""

# How much a combination's weakness (0 for the top card, 1 for the ♦3) adds to
# the one play it costs, by size: a low single is the hardest to get rid of,
# as anyone may answer it; a five-card hand is rarely answered at all.
_WEAKNESS_WEIGHT = {1: 1.0, 2: 0.7, 3: 0.5, 5: 0.3}


class RandomPlayer:
    """Plays uniformly at random among the legal moves, a pass counting as one."""

    def __init__(self, rng: random.Random) -> None:
        """Draw every choice from `rng`."""
        self._rng = rng

    def decide(self, view: BigTwoView) -> Move:
        """Return one of the legal moves, each as likely."""
        return self._rng.choice(view.moves)

    def __repr__(self) -> str:
        return "RandomPlayer()"


@dataclass(frozen=True)
class Plan:
    """A way to play a whole hand: its combinations and what they cost."""

    combos: tuple[Combo, ...]
    """The combinations, together exactly the hand."""
    cost: float
    """The plays they take, each weighted up by its weakness; lower is better."""


def combo_cost(combo: Combo) -> float:
    """Return what playing `combo` costs: one play, more for a weak combination."""
    return 1.0 + _WEAKNESS_WEIGHT[len(combo)] * (1.0 - combo[-1] / 51)


def _planning_five_card_hands(keys: Combo) -> list[Combo]:
    """The five-card hands worth planning with, one per distinct shape.

    A straight takes the lowest card of each rank and a full house the lowest
    cards of its ranks (the higher ones are better kept as singles); flushes
    and straight flushes are all listed, their suits being the point.  The
    shapes come from `bigtwo.hands`, whose rule each hand passes.
    """
    groups = [[keys[position] for position in group] for group in by_rank(keys)]
    hands: list[Combo] = [tuple(group[0] for group in window)
                          for window in straight_windows(groups)]
    for suited in by_suit(keys):
        if len(suited) >= 5:
            hands.extend(c for c in combinations((keys[p] for p in suited), 5)
                         if strength(c) is not None)
    singles = [group[0] for group in groups if len(group) == 1]
    for rank, group in enumerate(groups):
        if len(group) >= 3:
            for other, pair in enumerate(groups):
                if other != rank and len(pair) >= 2:
                    hands.append(tuple(sorted(group[:3] + pair[:2])))
        if len(group) == 4 and len(keys) > 4:
            fifth = singles[0] if singles else next(k for k in keys if k >> 2 != rank)
            hands.append(tuple(sorted([*group, fifth])))
    return [hand for hand in dict.fromkeys(hands) if strength(hand) is not None]


def _group_by_rank(keys: Sequence[int]) -> list[Combo]:
    """Singles, pairs and triples of the cards left after the five-card hands."""
    combos: list[Combo] = []
    for group in by_rank(keys):
        if len(group) == 4:
            first, second, third, fourth = (keys[position] for position in group)
            combos += [(first, second), (third, fourth)]
        elif group:
            combos.append(tuple(keys[position] for position in group))
    return combos


@lru_cache(maxsize=1 << 16)
def plan_hand(keys: Combo) -> Plan:
    """Return the cheapest split of the sorted `keys` into combinations.

    It tries no, one or two disjoint five-card hands and groups the rest by
    rank into triples, pairs and singles.
    """
    fives = _planning_five_card_hands(keys)
    # Cards as bits, so that a pair of five-card hands is checked for a shared
    # card cheaply: a hand of one suit has over a thousand flushes to pair.
    masks = [sum(1 << key for key in five) for five in fives]
    options: list[tuple[int, ...]] = [()]
    options += [(index,) for index in range(len(fives))]
    options += [(first, second)
                for first, second in combinations(range(len(fives)), 2)
                if not masks[first] & masks[second]]
    best: Plan | None = None
    for chosen in options:
        used = 0
        for index in chosen:
            used |= masks[index]
        combos = (*(fives[index] for index in chosen),
                  *_group_by_rank([k for k in keys if not used >> k & 1]))
        cost = sum(combo_cost(combo) for combo in combos)
        if best is None or cost < best.cost:
            best = Plan(combos, cost)
    assert best is not None
    return best


class PlanningPlayer:
    """Plans its hand into combinations and plays them off as cheaply as it can.

    It leads its weakest combination (a planned five-card hand, pair or triple
    sheds more cards than a single of the same weakness), answers with the
    move that leaves the cheapest plan, keeps its control cards (2s and cards
    no unseen card beats) while the others are far from going out, and when
    an opponent is close to going out leads combinations of a size that
    opponent cannot play out with and never passes when it can beat.

    Args:
        rng: unused (the strategy is deterministic); taken as every strategy is.
    """

    DANGER = 3
    """An opponent with this many cards or fewer is close to going out."""
    EARLY = 6
    """Holding more cards than this, the player saves its control cards."""
    CONTROL_COST = 1.5
    """What spending a control card early costs: a later lead is lost."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """Build the player; it draws nothing from `rng`."""
        self._rng = rng

    def decide(self, view: BigTwoView) -> Move:
        """Return the move to make in `view`; always a legal one."""
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        keys = tuple(card_key(card) for card in view.hand)
        played = {card_key(card) for hand in view.history for card in hand.cards}
        unseen = frozenset(range(52)) - played - set(keys)
        close = sorted(count for seat, count in enumerate(view.card_counts)
                       if seat != view.seat and count <= self.DANGER)
        if view.is_free:
            return self._lead(keys, view.is_opening, unseen, close)
        return self._answer(keys, moves, unseen, close)

    def _lead(self, keys: Combo, opening: bool, unseen: frozenset[int],
              close: list[int]) -> Move:
        """Choose which planned combination to lead."""
        combos = plan_hand(keys).combos
        if opening:
            # The planned combination holding the ♦3 (it is a legal opening).
            return _to_move(keys, next(c for c in combos if THREE_OF_DIAMONDS_KEY in c))
        losers = [c for c in combos if not _is_control(c, unseen)]
        if len(losers) <= 1 < len(combos):
            # Every combination but one wins its round: play those first,
            # keeping the lead, and the loser last.
            combo = max((c for c in combos if c not in losers), key=len)
            return _to_move(keys, combo)
        if close:
            safe = [c for c in combos if len(c) not in close]
            if safe:
                return _to_move(keys, _weakest(safe))
            return _to_move(keys, max(combos, key=lambda c: c[-1]))
        return _to_move(keys, _weakest(combos))

    def _answer(self, keys: Combo, moves: Sequence[Move], unseen: frozenset[int],
                close: list[int]) -> Move:
        """Choose the cheapest answer to the table, or pass."""
        plays = [move for move in moves if move]
        if not plays:
            return PASS
        if close and len(plays[0]) == 1 and close[0] <= 2:
            # Someone is about to go out on singles: answer with the highest.
            return max(plays, key=lambda move: keys[move[0]])
        options: list[tuple[float, Move]] = []
        early = not close and len(keys) > self.EARLY
        for move in plays:
            played = tuple(keys[index] for index in move)
            rest = tuple(key for index, key in enumerate(keys) if index not in move)
            cost = plan_hand(rest).cost
            if early and len(move) < 5 and (played[-1] >> 2 == TWO_RANK
                                            or _is_control(played, unseen)):
                cost += self.CONTROL_COST
            options.append((cost, move))
        cost, move = min(options)
        # A pass costs nothing by itself: play only what leaves a cheaper plan.
        if close or cost < plan_hand(keys).cost:
            return move
        return PASS

    def __repr__(self) -> str:
        return "PlanningPlayer()"


def _weakest(combos: Sequence[Combo]) -> Combo:
    """The combination it costs most to keep, the bigger on a tie."""
    return max(combos, key=lambda combo: (combo_cost(combo), len(combo)))


def _is_control(combo: Combo, unseen: frozenset[int]) -> bool:
    """Whether no hand of the unseen cards can beat `combo` (five-card hands: no)."""
    top = combo[-1]
    if len(combo) == 1:
        return not any(key > top for key in unseen)
    if len(combo) in (2, 3):
        by_rank: list[list[int]] = [[] for _ in range(13)]
        for key in unseen:
            by_rank[key >> 2].append(key)
        return not any(len(same) >= len(combo) and max(same) > top
                       for same in by_rank)
    return False


def _to_move(keys: Combo, combo: Combo) -> Move:
    """The indices in the hand `keys` of the cards of `combo`."""
    wanted = set(combo)
    return tuple(index for index, key in enumerate(keys) if key in wanted)


STRATEGIES: dict[str, StrategyFactory[BigTwoView, Move]] = {
    SMART: PlanningPlayer,
    RANDOM: RandomPlayer,
}
"""The strategies by name: ``smart`` (`PlanningPlayer`) and ``random``."""
