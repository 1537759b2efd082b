"""Big Two computer players: `RandomPlayer`, the baseline, and `PlanningPlayer`.

Both decide from a `bigtwo.view.BigTwoView` only and return a legal move (a
tuple of indices into the seat's hand, ``()`` to pass).  `PlanningPlayer`
splits its hand into the combinations it means to play, then leads and answers
so as to finish in as few plays as it can; `docs/bigtwo.md` gives its
reasoning.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from bigtwo.cards import BigTwoCard, card_key
from bigtwo.hands import (
    THREE_OF_DIAMONDS_KEY,
    TWO_RANK,
    named,
)
from bigtwo.moves import PASS, Move
from bigtwo.view import BigTwoView, PlayedHand
from common.engine.seats import RANDOM, SMART, StrategyFactory
from common.language import _, ngettext

Combo = tuple[int, ...]
"""A combination as the sorted keys of its cards (see `bigtwo.cards.card_key`)."""

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


@dataclass(frozen=True, slots=True)
class Plan:
    """A way to play a whole hand: its combinations and what they cost."""

    combos: tuple[Combo, ...]
    """The combinations, together exactly the hand."""
    cost: float
    """The plays they take, each weighted up by its weakness; lower is better."""


def combo_cost(combo: Combo) -> float:
    """Return what playing `combo` costs: one play, more for a weak combination."""
    return 1.0 + _WEAKNESS_WEIGHT[len(combo)] * (1.0 - combo[-1] / 51)


def _group_by_rank(keys: Sequence[int]) -> list[Combo]:
    """Singles, pairs and triples of the sorted `keys`; four of a kind: two pairs."""
    combos: list[Combo] = []
    for rank in range(13):
        group = tuple(key for key in keys if key >> 2 == rank)
        if len(group) == 4:
            combos += [group[:2], group[2:]]
        elif group:
            combos.append(group)
    return combos


# A set of cards is an int here, bit k for the card of key k: the hand less
# one move is a mask away, and it keys the plans a player remembers.
_RANK_CARDS: tuple[tuple[Combo, ...], ...] = tuple(
    tuple(tuple(rank * 4 + suit for suit in range(4) if suits >> suit & 1)
          for suits in range(16))
    for rank in range(13))
"""The keys of one rank's cards, for each set of its suits (bit s for suit s)."""
_RANK_SPLITS: tuple[tuple[tuple[tuple[Combo, ...], tuple[float, ...]], ...], ...] = (
    tuple(tuple((combos, tuple(map(combo_cost, combos)))
                for combos in (tuple(_group_by_rank(cards)) for cards in by_suits))
          for by_suits in _RANK_CARDS))
"""How one rank's cards are grouped when no five-card hand takes them, and
what each group costs, for each set of its suits: a plan re-groups only the
ranks that its five-card hands take cards from."""
_FIVE_COSTS = tuple(combo_cost((top,) * 5) for top in range(52))
"""What a five-card combination costs, by its top card's key (`combo_cost`)."""
_CHUNK_RANKS = 3
"""Ranks grouped by one lookup of `_chunk_splits`."""
_CHUNK_CARDS = (1 << 4 * _CHUNK_RANKS) - 1
"""The cards of a chunk of ranks, as bits from its lowest rank's first."""
_RANK_BITS = sum(1 << rank * 4 for rank in range(13))
"""Bit 4r for each rank r: the first bit of each rank's four."""
_BITS_0_2 = _RANK_BITS * 0b0101
_BITS_0_1 = _RANK_BITS * 0b0011


@functools.cache
def _chunk_splits() -> tuple[tuple[int, tuple[tuple[tuple[Combo, ...],
                                                   tuple[float, ...]], ...]], ...]:
    """`_RANK_SPLITS` for `_CHUNK_RANKS` ranks at a time: (shift, table) by chunk.

    Entry b of a chunk's table is the groups of the cards b (bits, from the
    chunk's lowest rank's) and their costs, rank by rank, as `_RANK_SPLITS`
    gives them one rank at a time.  Made on the first plan (a few thousand
    entries a chunk).
    """
    chunks = []
    for low in range(0, 13, _CHUNK_RANKS):
        ranks = range(low, min(low + _CHUNK_RANKS, 13))
        table = []
        for cards in range(1 << 4 * len(ranks)):
            combos: list[Combo] = []
            costs: list[float] = []
            for rank in ranks:
                suits = cards >> (rank - low) * 4 & 15
                grouped, grouped_costs = _RANK_SPLITS[rank][suits]
                combos += grouped
                costs += grouped_costs
            table.append((tuple(combos), tuple(costs)))
        chunks.append((low * 4, tuple(table)))
    return tuple(chunks)


_SUIT_CARDS = tuple(sum(1 << rank * 4 + suit for rank in range(13))
                    for suit in range(4))
"""The cards of each suit, as bits."""


def mask_of(keys: Iterable[int]) -> int:
    """Return the cards of `keys` as bits: bit k for the card of key k."""
    mask = 0
    for key in keys:
        mask |= 1 << key
    return mask


def _planning_five_card_hands(held: int) -> list[Combo]:
    """The five-card hands worth planning with among the cards `held`, each once.

    A straight takes the lowest card of each rank and a full house the lowest
    cards of its ranks (the higher ones are better kept as singles); flushes
    and straight flushes are all listed, their suits being the point.  Each
    is a hand by `bigtwo.hands`' rule (the tests check it).
    """
    if held.bit_count() < 5:
        return []
    # Each rank's count of cards, in its own four bits: bit 4r of `present`
    # says rank r is held, of `triples` that three or more of it are.
    counts = held - (held >> 1 & _BITS_0_2)
    counts = (counts & _BITS_0_1) + (counts >> 2 & _BITS_0_1)
    present = (counts | counts >> 1 | counts >> 2) & _RANK_BITS
    triples = (counts >> 2 | counts >> 1 & counts) & _RANK_BITS
    hands: list[Combo] = []
    # Bit 4r of `runs`: ranks r to r + 4 are all held, lowest run first.
    runs = present & present >> 4 & present >> 8 & present >> 12 & present >> 16
    while runs:
        low = ((runs & -runs).bit_length() - 1) >> 2
        hands.append(tuple(_RANK_CARDS[rank][held >> rank * 4 & 15][0]
                           for rank in range(low, low + 5)))
        runs &= runs - 1
    for suit, cards in enumerate(_SUIT_CARDS):
        if (held & cards).bit_count() >= 5:
            suited = [key for key in range(suit, 52, 4) if held >> key & 1]
            hands.extend(combinations(suited, 5))
    if triples:
        hands += _full_houses_and_quads(held)
    # A straight whose lowest cards share a suit is also one of the flushes.
    return list(dict.fromkeys(hands))


def _full_houses_and_quads(held: int) -> list[Combo]:
    """`_planning_five_card_hands`' full houses and quads, rank by rank."""
    groups = [_RANK_CARDS[rank][held >> rank * 4 & 15] for rank in range(13)]
    hands: list[Combo] = []
    singles = [group[0] for group in groups if len(group) == 1]
    for rank, group in enumerate(groups):
        if len(group) < 3:
            continue
        for other, pair in enumerate(groups):
            if other != rank and len(pair) >= 2:
                hands.append(tuple(sorted(group[:3] + pair[:2])))
        if len(group) == 4 and held.bit_count() > 4:
            fifth = singles[0] if singles else next(
                same[0] for other, same in enumerate(groups) if same and other != rank)
            hands.append(tuple(sorted([*group, fifth])))
    return hands


def plan_hand(keys: Iterable[int]) -> Plan:
    """Return the cheapest split of the cards `keys` into combinations.

    It tries no, one or two disjoint five-card hands and groups the rest by
    rank into triples, pairs and singles.  The first cheapest wins a tie.
    """
    return _plan(mask_of(keys))


def _plan(held: int) -> Plan:
    """`plan_hand` of the cards `held` (bits)."""
    # The rank groups three ranks at a time: a few lookups a split.
    splits = [(shift, table) for shift, table in _chunk_splits()
              if held >> shift & _CHUNK_CARDS]
    fives = _planning_five_card_hands(held)
    best: tuple[int, ...] = ()
    if fives:
        # Cards as bits, so that a pair of five-card hands is checked for a
        # shared card cheaply: a hand of one suit has over a thousand flushes.
        masks = [1 << a | 1 << b | 1 << c | 1 << d | 1 << e for a, b, c, d, e in fives]
        costs = [_FIVE_COSTS[five[4]] for five in fives]
        options: list[tuple[int, ...]] = [()]
        options += [(index,) for index in range(len(fives))]
        options += [(first, second)
                    for first, second in combinations(range(len(fives)), 2)
                    if not masks[first] & masks[second]]
        best_cost = math.inf
        for chosen in options:
            left = held
            parts = []
            for index in chosen:
                left &= ~masks[index]
                parts.append(costs[index])
            for shift, table in splits:
                parts += table[left >> shift & _CHUNK_CARDS][1]
            # The costs in the order of the plan's combinations, added up as
            # the plan's own cost is: a plan always costs the same to the bit.
            cost = sum(parts)
            if cost < best_cost:
                best, best_cost = chosen, cost
    combos: list[Combo] = []
    parts = []
    for index in best:
        held &= ~mask_of(fives[index])
        combos.append(fives[index])
        parts.append(_FIVE_COSTS[fives[index][4]])
    for shift, table in splits:
        grouped, grouped_costs = table[held >> shift & _CHUNK_CARDS]
        combos += grouped
        parts += grouped_costs
    return Plan(tuple(combos), sum(parts))


class PlanningPlayer:
    """Plans its hand into combinations and plays them off as cheaply as it can.

    It leads its weakest combination (a planned five-card hand, pair or triple
    sheds more cards than a single of the same weakness), answers with the
    move that leaves the cheapest plan, keeps its control cards (2s and cards
    no unseen card beats) while the others are far from going out, and when
    an opponent is close to going out leads combinations of a size that
    opponent cannot play out with and never passes when it can beat.

    Each turn it plans what it holds after each answer it may make; the
    plans of the cards it still holds are kept for its later turns (the
    hand it keeps was planned when it chose), and the others dropped.

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
        self._plans: dict[int, Plan] = {}
        # The cards of the hands played, as bits, up to a length of the
        # game's history and the last hand read there: the mask grows with
        # the new hands only, while the history is the same game's.
        self._played: tuple[int, PlayedHand | None, int] = (0, None, 0)

    def decide(self, view: BigTwoView) -> Move:
        """Return the move to make in `view`; always a legal one."""
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        keys = tuple([card.key for card in view.hand])
        held = mask_of(keys)
        # Plans of cards no longer all held will not be asked for again.
        self._plans = {cards: plan for cards, plan in self._plans.items()
                       if not cards & ~held}
        unseen = _ALL_CARDS & ~held & ~self._played_cards(view.history)
        close = sorted(count for seat, count in enumerate(view.card_counts)
                       if seat != view.seat and count <= self.DANGER)
        if view.is_free:
            return self._lead(keys, held, view.is_opening, unseen, close)
        return self._answer(keys, held, moves, unseen, close)

    def _played_cards(self, history: Sequence[PlayedHand]) -> int:
        """The cards of every hand in `history`, as bits (see `mask_of`)."""
        count, last, played = self._played
        if not count or len(history) < count or history[count - 1] is not last:
            count, played = 0, 0  # another game's history: read it all
        for hand in history[count:]:
            for card in hand.cards:
                played |= 1 << card.key
        if history:
            self._played = (len(history), history[-1], played)
        return played

    def _plan(self, held: int) -> Plan:
        """The plan of the cards `held`, remembered while they are all held."""
        plan = self._plans.get(held)
        if plan is None:
            plan = self._plans[held] = _plan(held)
        return plan

    def _lead(self, keys: Combo, held: int, opening: bool, unseen: int,
              close: list[int]) -> Move:
        """Choose which planned combination to lead."""
        combos = self._plan(held).combos
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

    def _answer(self, keys: Combo, held: int, moves: Sequence[Move], unseen: int,
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
            played = tuple([keys[index] for index in move])
            left = held
            for key in played:
                left &= ~(1 << key)
            cost = self._plan(left).cost
            if early and len(move) < 5 and (played[-1] >> 2 == TWO_RANK
                                            or _is_control(played, unseen)):
                cost += self.CONTROL_COST
            options.append((cost, move))
        cost, move = min(options)
        # A pass costs nothing by itself: play only what leaves a cheaper plan.
        if close or cost < self._plan(held).cost:
            return move
        return PASS

    def __repr__(self) -> str:
        return "PlanningPlayer()"


_ALL_CARDS = (1 << 52) - 1


def _weakest(combos: Sequence[Combo]) -> Combo:
    """The combination it costs most to keep, the bigger on a tie."""
    return max(combos, key=lambda combo: (combo_cost(combo), len(combo)))


def _is_control(combo: Combo, unseen: int) -> bool:
    """Whether no hand of the `unseen` cards (bits) can beat `combo`.

    Five-card hands: no.
    """
    top = combo[-1]
    if len(combo) == 1:
        return not unseen >> top + 1
    if len(combo) in (2, 3):
        # Only a rank at least as high, with as many unseen cards, one of
        # them above the top card, beats it.
        for rank in range(top >> 2, 13):
            suits = unseen >> rank * 4 & 15
            highest = rank * 4 + suits.bit_length() - 1
            if suits.bit_count() >= len(combo) and highest > top:
                return False
        return True
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


def _card_of(key: int) -> BigTwoCard:
    """The card whose key is `key` (see `bigtwo.cards.card_key`)."""
    return BigTwoCard(key & 3, ((key >> 2) + 2) % 13)


def hint(view: BigTwoView) -> str:
    """Return, in plain words, what the smart strategy would do in `view`, and why.

    For ``--hint``: ``Lead your weakest combination, Pair ♦6 ♣6 ...``.  It
    decides as `PlanningPlayer` does, from the view alone, and changes
    nothing.
    """
    move = PlanningPlayer().decide(view)
    keys = tuple(card_key(card) for card in view.hand)
    plan = plan_hand(keys)
    combos = len(plan.combos)
    listed = ", ".join(named(map(_card_of, combo)) for combo in plan.combos)
    close = [
        ngettext("Player {seat} has {count} card", "Player {seat} has {count} cards",
                 count).format(seat=seat, count=count)
        for seat, count in enumerate(view.card_counts)
        if seat != view.seat and count <= PlanningPlayer.DANGER]
    players = _both(close)
    last = view.last
    table = "" if last is None else named(last.cards)
    # The English says "1 plays" too: both its forms are "plays".
    if not move:
        if len(view.moves) == 1:
            # Translators: {table} is the hand on the table: Pair ♦6 ♣6.
            return _("Hint: pass (an empty line): nothing you hold beats "
                     "{table}.").format(table=table)
        # Translators: {table} is the hand on the table: Pair ♦6 ♣6.  The
        # English says "plays" for 1 too.
        return ngettext("Hint: pass (an empty line): an answer to {table} would "
                        "break up your hand or spend a card worth saving (your plan "
                        "is {count} plays).",
                        "Hint: pass (an empty line): an answer to {table} would "
                        "break up your hand or spend a card worth saving (your plan "
                        "is {count} plays).", combos).format(table=table, count=combos)
    hand = named(view.hand[index] for index in move)
    typed = " ".join(map(str, move))
    if view.is_opening:
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1), {plan} the hands of the plan.  The English says
        # "plays" for 1 too.
        text = ngettext("Hint: open with {hand} (type {typed}), the combination "
                        "holding the ♦3; your plan is {count} plays: {plan}.",
                        "Hint: open with {hand} (type {typed}), the combination "
                        "holding the ♦3; your plan is {count} plays: {plan}.", combos)
    elif view.is_free and close:
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1), {players} who is close to winning (Player 1 has 2
        # cards), {plan} the hands of the plan.  The English says "plays"
        # for 1 too.
        text = ngettext("Hint: lead {hand} (type {typed}): {players}: lead what "
                        "they cannot follow; your plan is {count} plays: {plan}.",
                        "Hint: lead {hand} (type {typed}): {players}: lead what "
                        "they cannot follow; your plan is {count} plays: {plan}.",
                        combos)
    elif view.is_free:
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1), {plan} the hands of the plan.  The English says
        # "plays" for 1 too.
        text = ngettext("Hint: lead {hand} (type {typed}): you have the lead: get "
                        "rid of your weakest combination while you can; your plan "
                        "is {count} plays: {plan}.",
                        "Hint: lead {hand} (type {typed}): you have the lead: get "
                        "rid of your weakest combination while you can; your plan "
                        "is {count} plays: {plan}.", combos)
    elif close:
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1), {table} the hand it beats, {players} who is close
        # to winning (Player 1 has 2 cards).
        text = _("Hint: play {hand} (type {typed}) on {table}: {players}, so do "
                 "not let them lead.")
    else:
        combos = len(plan_hand(set(keys) - {keys[i] for i in move}).combos)
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1), {table} the hand it beats; {count} counts the
        # plays the cards left make (the English says "plays" for 1 too).
        text = ngettext("Hint: play {hand} (type {typed}) on {table}: it fits your "
                        "plan (the cards left make {count} plays).",
                        "Hint: play {hand} (type {typed}) on {table}: it fits your "
                        "plan (the cards left make {count} plays).", combos)
    return text.format(hand=hand, typed=typed, table=table, players=players,
                       count=combos, plan=listed)


def _both(clauses: Sequence[str]) -> str:
    """Return `clauses` joined as a person lists them: ``A and B and C``."""
    if not clauses:
        return ""
    joined = clauses[0]
    for clause in clauses[1:]:
        # Translators: two things said of the other players: Player 1 has 2
        # cards and Player 2 has 1 card.
        joined = _("{first} and {second}").format(first=joined, second=clause)
    return joined
