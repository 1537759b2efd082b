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
import operator
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


def total_cost(costs: Iterable[float]) -> float:
    """Return `costs` added up left to right: the same float on every Python.

    Since Python 3.12 `sum` adds floats with compensation, which changes the
    last bit of about a third of the plans' costs; those bits settle the
    planner's ties (see `_price`), so with `sum` smart, and the expert
    playing on it, would decide otherwise on 3.12 than on 3.10 and 3.11.
    """
    return functools.reduce(operator.add, costs, 0.0)


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


def mask_of(keys: Iterable[int]) -> int:
    """Return the cards of `keys` as bits: bit k for the card of key k."""
    mask = 0
    for key in keys:
        mask |= 1 << key
    return mask


_SUIT_CARDS = tuple(sum(1 << rank * 4 + suit for rank in range(13))
                    for suit in range(4))
"""The cards of each suit, as bits."""
_ABOVE_FIRST = _RANK_BITS * 0b1110
_ABOVE_SECOND = _RANK_BITS * 0b1100
_ABOVE_THIRD = _RANK_BITS * 0b1000
_LOWEST_TWO = tuple(mask_of(cards[:2]) if len(cards) > 1 else 0
                    for cards in _RANK_CARDS[0])
"""The lowest two of one rank's cards, for each set of its suits (as bits)."""
_LOWEST_THREE = tuple(mask_of(cards[:3]) if len(cards) > 2 else 0
                      for cards in _RANK_CARDS[0])
"""The lowest three of one rank's cards, for each set of its suits (as bits)."""


_QUARTER = (1 << 13) - 1
"""The cards of a quarter of the deck (13 keys in a row), as bits from its first."""


@functools.cache
def _key_tables() -> tuple[tuple[Combo, ...], ...]:
    """For each quarter of the deck, the sorted keys of each set of its cards.

    Entry b of quarter q is the keys of the cards ``b << 13 * q``.  Made on
    the first call of `keys_of` (8,192 entries a quarter, about 4 MB).
    """
    patterns: list[Combo] = [()]
    for key in range(13):
        patterns += [keys + (key,) for keys in patterns]
    return tuple(tuple(tuple([key + first for key in keys]) for keys in patterns)
                 for first in (0, 13, 26, 39))


def keys_of(cards: int) -> Combo:
    """The sorted keys of the cards `cards` (bits 0 to 51; `mask_of` undone)."""
    first, second, third, last = _key_tables()
    return (first[cards & _QUARTER] + second[cards >> 13 & _QUARTER]
            + third[cards >> 26 & _QUARTER] + last[cards >> 39])


def _lowest_cards(held: int) -> int:
    """The lowest card of each rank of the cards `held` (bits)."""
    return held & ~(held << 1 & _ABOVE_FIRST | held << 2 & _ABOVE_SECOND
                    | held << 3 & _ABOVE_THIRD)


def _five_card_masks(held: int) -> list[int]:
    """The five-card hands worth planning with among the cards `held`, each once.

    Each as bits, in the order the planner tries them: the straights, lowest
    first, of the lowest card of each rank; each suit's flushes in
    `itertools.combinations` order, less those listed as straights; then rank
    by rank the full houses of the lowest three cards of that rank and the
    lowest two of each other rank, lowest first, and the quad of that rank
    with the lowest single (else the lowest card of the lowest other rank).
    The higher cards of a rank are better kept as singles; flushes are all
    listed, their suits being the point.  Each is a hand by `bigtwo.hands`'
    rule (the tests check it).
    """
    if held.bit_count() < 5:
        return []
    # Each rank's count of cards, in its own four bits; bit 4r of `present`
    # says rank r is held.
    counts = held - (held >> 1 & _BITS_0_2)
    counts = (counts & _BITS_0_1) + (counts >> 2 & _BITS_0_1)
    present = (counts | counts >> 1 | counts >> 2) & _RANK_BITS
    hands: list[int] = []
    # Bit 4r of `runs`: ranks r to r + 4 are all held.
    runs = present & present >> 4 & present >> 8 & present >> 12 & present >> 16
    if runs:
        lowest = _lowest_cards(held)
        while runs:
            run = runs & -runs
            hands.append(lowest & run * 0xFFFFF)  # its rank's four bits and the next 16
            runs ^= run
    straights = hands[:]
    for cards in _SUIT_CARDS:
        suited = held & cards
        if suited.bit_count() >= 5:
            flushes = _flushes(suited)
            # A straight whose lowest cards share a suit is also a flush.
            hands += [flush for flush in flushes
                      if flush not in straights] if straights else flushes
    triples = (counts >> 2 | counts >> 1 & counts) & _RANK_BITS
    while triples:
        rank = triples & -triples
        triples ^= rank
        shift = rank.bit_length() - 1
        suits = held >> shift & 15
        three = _LOWEST_THREE[suits] << shift
        pairs = (counts >> 1 | counts >> 2) & _RANK_BITS & ~rank
        while pairs:
            pair = pairs & -pairs
            pairs ^= pair
            other = pair.bit_length() - 1
            hands.append(three | _LOWEST_TWO[held >> other & 15] << other)
        if suits == 15:
            singles = counts & ~(counts >> 1 | counts >> 2) & _RANK_BITS
            spare = singles or present & ~rank
            fifth = held & (spare & -spare) * 15
            hands.append(15 << shift | fifth & -fifth)
    return hands


@functools.lru_cache(maxsize=4096)
def _flushes(suited: int) -> tuple[int, ...]:
    """Every five of the cards `suited` (bits, of one suit), in `combinations` order.

    Kept: a search meets the same cards of a suit again and again.
    """
    cards = [1 << key for key in keys_of(suited)]
    return tuple([a | b | c | d | e for a, b, c, d, e in combinations(cards, 5)])


_UNITS = 510
"""One play in cost units: `combo_cost` times 510 is a whole number, the
weights being tenths and a weakness a number of 51sts."""
_WEAKNESS_UNITS = {size: round(weight * 10)
                   for size, weight in _WEAKNESS_WEIGHT.items()}
# The units are exact, and the bounds below true, only for weights in tenths.
assert all(math.isclose(weight * 10, _WEAKNESS_UNITS[size])
           for size, weight in _WEAKNESS_WEIGHT.items()), _WEAKNESS_WEIGHT
_FIVE_STEP = _WEAKNESS_UNITS[5]
"""What a five-card combination costs more, in units, a key lower its top card."""
_TOP_KEY = 51
"""The key of the highest card, the 2 of spades: its weakness is 0."""


def _combo_units(combo: Combo) -> int:
    """`combo_cost` of `combo` in units (`_UNITS`), exactly."""
    return _UNITS + _WEAKNESS_UNITS[len(combo)] * (_TOP_KEY - combo[-1])


_FIVE_UNITS = tuple(_combo_units((top,) * 5) for top in range(52))
"""What a five-card combination costs in units, by its top card's key."""

_RANK_UNITS = tuple(tuple(sum(map(_combo_units, combos)) for combos, _ in by_suits)
                    for by_suits in _RANK_SPLITS)
"""What one rank's cards grouped cost in units, for each set of its suits."""
_REGROUPED = tuple(_RANK_UNITS[rank][suits & ~taken] - _RANK_UNITS[rank][suits]
                   for rank in range(13) for suits in range(16) for taken in range(16))
"""Entry 256r + 16s + t: what taking the cards t (suits) of rank r changes, in
units, of its cards s grouped."""


def _most_added(key: int) -> int:
    """The most units the card `key` adds to its rank's other cards grouped."""
    rank, suit = key >> 2, 1 << (key & 3)
    return max(_RANK_UNITS[rank][suits | suit] - _RANK_UNITS[rank][suits]
               for suits in range(16) if not suits & suit)


def _most_saved(rank: int, taken: int) -> int:
    """The most units taking the cards `taken` (suits) of `rank` saves a plan.

    Of any cards holding them and no quad.  Put the cards back into the best
    split of the rest: its five-card hands are the whole's, but for one that
    took the next cards of the rank where the whole takes lower ones (a
    straight takes a rank's lowest card, a full house its lowest two or
    three); swap them back there.  That split of the whole costs at most
    what as many cards add to the rank's grouping more, and `_FIVE_STEP` a
    key the five's top card falls (three keys at most, within the rank).
    One card k: at most what k adds, or what a higher card b of the rank
    adds and `_FIVE_STEP` for each key from k to b.
    """
    if taken & taken - 1:
        count = taken.bit_count()
        return 3 * _FIVE_STEP + max(_RANK_UNITS[rank][more] - _RANK_UNITS[rank][fewer]
                       for more in range(16) for fewer in range(16)
                       if not fewer & ~more and (more ^ fewer).bit_count() == count)
    key = rank * 4 + taken.bit_length() - 1
    return max([_most_added(key)] + [_most_added(other) + _FIVE_STEP * (other - key)
                                     for other in range(key + 1, (key | 3) + 1)])


_MOST_SAVED = tuple(tuple(_most_saved(rank, taken) if taken else 0
                          for taken in range(16))
                    for rank in range(13))
"""`_most_saved` by rank and the suits taken."""

UnitTables = tuple[list[int], ...]
"""What the cards of a few ranks grouped cost in units, a table a few ranks."""


@functools.cache
def _unit_tables() -> UnitTables:
    """`_RANK_UNITS` for `_CHUNK_RANKS` ranks a lookup, as in `_chunk_splits`."""
    tables = []
    for low in range(0, 13, _CHUNK_RANKS):
        ranks = list(enumerate(_RANK_UNITS[low:low + _CHUNK_RANKS]))
        tables.append([sum(units[cards >> 4 * offset & 15] for offset, units in ranks)
                       for cards in range(1 << 4 * len(ranks))])
    return tuple(tables)


def _grouped_units(cards: int, tables: UnitTables) -> int:
    """What the cards `cards` grouped by rank cost in units (`_unit_tables`)."""
    first, second, third, fourth, last = tables
    return (first[cards & _CHUNK_CARDS] + second[cards >> 12 & _CHUNK_CARDS]
            + third[cards >> 24 & _CHUNK_CARDS] + fourth[cards >> 36 & _CHUNK_CARDS]
            + last[cards >> 48])


# Why units: the planner compares sums of floats, whose last bits depend on
# the order of the additions.  The units are those sums exactly, and a sum's
# rounding error is below 1e-12 of a play, far below a unit (about 0.002): a
# unit apart, the floats order as the units do, and only splits that cost the
# same number of units need their floats to pick the one `_plan` picks.

Pricing = tuple[int, int, "tuple[int, ...] | None"]
"""What `_price` says of a set of cards: units, reach, the cheapest split."""


def _price(held: int) -> Pricing:
    """What `plan_hand` of the cards `held` (bits) costs, in units, and more.

    Returns the units; the reach, every card of each rank that one of the
    five-card hands worth planning with takes from (every card when one is a
    quad, whose fifth card any card may change); and the five-card hands
    (bits) of the one split that costs the fewest units, or None when
    several do.  Outside its reach the cards are grouped by rank whatever
    the split: the cards `held` less any others have no five-card hand
    outside it, and cost what their part inside it costs plus the rest
    grouped (`PlanningPlayer._answer` reads it so).
    """
    first_table, second_table, third_table, fourth_table, last_table = _unit_tables()
    # `_grouped_units` written out: this is the planner's innermost loop.
    best = (first_table[held & _CHUNK_CARDS] + second_table[held >> 12 & _CHUNK_CARDS]
            + third_table[held >> 24 & _CHUNK_CARDS]
            + fourth_table[held >> 36 & _CHUNK_CARDS] + last_table[held >> 48])
    fives = _five_card_masks(held)
    if not fives:
        return best, 0, ()
    chosen: tuple[int, ...] | None = ()
    reach = 0
    for five in fives:
        reach |= five
        left = held & ~five
        total = (_FIVE_UNITS[five.bit_length() - 1] + first_table[left & _CHUNK_CARDS]
                 + second_table[left >> 12 & _CHUNK_CARDS]
                 + third_table[left >> 24 & _CHUNK_CARDS]
                 + fourth_table[left >> 36 & _CHUNK_CARDS] + last_table[left >> 48])
        if total < best:
            best, chosen = total, (five,)
        elif total == best:
            chosen = None
    for index, other in _disjoint_pairs(held, fives):
        first, second = fives[index], fives[other]
        left = held & ~first & ~second
        total = (_FIVE_UNITS[first.bit_length() - 1]
                 + _FIVE_UNITS[second.bit_length() - 1]
                 + first_table[left & _CHUNK_CARDS]
                 + second_table[left >> 12 & _CHUNK_CARDS]
                 + third_table[left >> 24 & _CHUNK_CARDS]
                 + fourth_table[left >> 36 & _CHUNK_CARDS] + last_table[left >> 48])
        if total < best:
            best, chosen = total, (first, second)
        elif total == best:
            chosen = None
    if held & held >> 1 & held >> 2 & held >> 3 & _RANK_BITS:
        return best, _ALL_CARDS, chosen
    reach = (reach | reach >> 1 | reach >> 2 | reach >> 3) & _RANK_BITS
    return best, reach * 15, chosen


Split = tuple[int, int, tuple[int, ...]]
"""A split of a set of cards: its units, its five-card hands' cards, those hands."""


def _all_splits(held: int, fives: list[int]) -> list[Split]:
    """Every split `_price` tries of the cards `held` with their hands `fives`.

    In the planner's order: none, each five-card hand, then each two
    disjoint ones in `itertools.combinations` order.
    """
    tables = _unit_tables()
    splits: list[Split] = [(_grouped_units(held, tables), 0, ())]
    splits += [(_FIVE_UNITS[five.bit_length() - 1]
                + _grouped_units(held & ~five, tables), five, (five,))
               for five in fives]
    for index, other in _disjoint_pairs(held, fives):
        first, second = fives[index], fives[other]
        splits.append((_FIVE_UNITS[first.bit_length() - 1]
                       + _FIVE_UNITS[second.bit_length() - 1]
                       + _grouped_units(held & ~first & ~second, tables),
                       first | second, (first, second)))
    return splits


@functools.lru_cache(maxsize=32)
def _suited_pairs(cards: int) -> tuple[tuple[int, int], ...]:
    """Each two disjoint sets of five of the cards `cards` (bits), once.

    Each ten of the cards split in two, the half holding the lowest card
    first; not in `itertools.combinations` order.  Kept for the next hands
    holding the same cards of the suit (a search prices many that differ
    only in other suits): an entry takes about 0.2 MB for eleven cards,
    1 MB for twelve and 4.5 MB for a whole suit.
    """
    pairs = []
    for ten in combinations(keys_of(cards), 10):
        both = mask_of(ten)
        for four in combinations(ten[1:], 4):
            first = mask_of((ten[0], *four))
            pairs.append((first, both & ~first))
    return tuple(pairs)


_FEW_FIVES = 12
"""Up to this many five-card hands, `_disjoint_pairs` tries every two: for so
few, sorting them by suit costs more than the pairs it skips."""


def _disjoint_pairs(held: int, fives: Sequence[int]) -> list[tuple[int, int]]:
    """Each two disjoint hands of `fives`, as indices, in `combinations` order.

    `fives` are the hands `_five_card_masks(held)` lists.  Two hands of one
    suit share a card unless the suit has ten cards or more; then its hands
    are every five of its cards (flushes and straight flushes, each once,
    as `fives` lists them), and only the disjoint ones are paired
    (`_suited_pairs`), not each with every other: eleven cards of one suit
    make 462 such hands, 106,491 pairs of them, 1,386 disjoint.
    """
    count = len(fives)
    if count <= _FEW_FIVES:
        return [(index, other) for index, other in combinations(range(count), 2)
                if not fives[index] & fives[other]]
    mixed: list[int] = []
    suited: list[list[int]] = [[], [], [], []]
    for index, five in enumerate(fives):
        suit = (five.bit_length() - 1) & 3  # its top card's
        if five & ~_SUIT_CARDS[suit]:
            mixed.append(index)
        else:
            suited[suit].append(index)
    pairs = [(index, other) for group, others in combinations([mixed, *suited], 2)
             for index in group for other in others if not fives[index] & fives[other]]
    pairs += [(index, other) for index, other in combinations(mixed, 2)
              if not fives[index] & fives[other]]
    for suit, group in enumerate(suited):
        cards = held & _SUIT_CARDS[suit]
        if cards.bit_count() >= 10:
            found = {fives[index]: index for index in group}
            pairs += [(found[first], found[second])
                      for first, second in _suited_pairs(cards)]
    return sorted((index, other) if index < other else (other, index)
                  for index, other in pairs)


def _splits(held: int) -> tuple[list[Split], frozenset[int]]:
    """Every split `_price` tries of the cards `held` (bits), cheapest first.

    With the straights among their five-card hands, which `_units_taking`
    tells from the flushes.
    """
    fives = _five_card_masks(held)
    splits = sorted(_all_splits(held, fives), key=lambda split: split[0])
    # A straight: the lowest cards of five ranks in a row.
    lowest = _lowest_cards(held)
    straights = frozenset(five for five in fives if not five & ~lowest and (
        ranks := (five | five >> 1 | five >> 2 | five >> 3) & _RANK_BITS)
        == (ranks & -ranks) * 0x11111)
    return splits, straights


def _units_taking(held: int, taken: int, splits: list[Split],
                  straights: frozenset[int]) -> tuple[int, tuple[int, ...] | None]:
    """`_price` of the cards `held` less `taken`, cards of one rank, from `_splits`.

    Returns the units and the five-card hands of the one cheapest split (None
    when several different ones are).  Each split of the rest is one of the whole's with
    its five-card hand that took cards `taken` moved up to the next cards of
    the rank (`_most_saved`), and costs what the whole's does but for that
    hand's top card and the rank's grouping: the splits are read cheapest
    first until no other can cost less.  `held` must hold no quad.
    """
    shift = (taken.bit_length() - 1) & ~3
    rank_units = _RANK_UNITS[shift >> 2]
    suits = held >> shift & 15
    kept = suits & ~(taken >> shift)
    saved = _MOST_SAVED[shift >> 2][taken >> shift]
    best: float = math.inf
    chosen: tuple[int, ...] | None = None
    tied = False
    for cost, cards, fives in splits:
        if cost - saved > best:
            break
        if cards & taken:
            # The five-card hand that took some moves up, if it still can;
            # two cannot both (each would take the rank's lowest card left).
            hit = [five for five in fives if five & taken]
            if len(hit) > 1:
                continue
            moved = hit[0]
            part = moved >> shift & 15
            if part & part - 1:
                lower = (_LOWEST_TWO if part.bit_count() == 2 else _LOWEST_THREE)[kept]
            else:
                lower = kept & -kept if moved in straights else 0
            if not lower:
                continue
            five = moved & ~(15 << shift) | lower << shift
            if five & cards & ~moved:
                continue
            units = (cost + _FIVE_UNITS[five.bit_length() - 1]
                     - _FIVE_UNITS[moved.bit_length() - 1]
                     + rank_units[kept & ~(cards >> shift) & ~lower]
                     - rank_units[suits & ~(cards >> shift)])
            split = tuple(five if other == moved else other for other in fives)
        else:
            left = suits & ~(cards >> shift)
            units = cost + rank_units[left & ~(taken >> shift)] - rank_units[left]
            split = fives
        if units < best:
            best, chosen, tied = units, split, False
        elif units == best and split != chosen:
            tied = True
    return int(best), None if tied else chosen


def plan_hand(keys: Iterable[int]) -> Plan:
    """Return the cheapest split of the cards `keys` into combinations.

    It tries no, one or two disjoint five-card hands and groups the rest by
    rank into triples, pairs and singles.  The first cheapest wins a tie.
    """
    return _plan(mask_of(keys))


def _plan(held: int, chosen: tuple[int, ...] | None = None) -> Plan:
    """`plan_hand` of the cards `held` (bits), its five-card hands `chosen` if known."""
    if chosen is None:
        chosen = _price(held)[2]
    if chosen is None:
        chosen = _first_cheapest(held)
    return _split(held, chosen)


def _first_cheapest(held: int) -> tuple[int, ...]:
    """The five-card hands of the first of the cheapest splits of the cards `held`.

    The splits are tried in order: none, each five-card hand, then each
    disjoint two in `itertools.combinations` order; the floats settle what
    the units leave tied.
    """
    splits = _all_splits(held, _five_card_masks(held))
    least = min(units for units, _, _ in splits)
    return min((fives for units, _, fives in splits if units == least),
               key=lambda fives: _split(held, fives).cost)


def _split(held: int, fives: Sequence[int]) -> Plan:
    """The plan of the cards `held` playing `fives` (bits) and grouping the rest.

    Its cost is the costs of its combinations added up in their order
    (`total_cost`): a plan costs the same to the bit on every Python.
    """
    combos: list[Combo] = []
    parts: list[float] = []
    for five in fives:
        held &= ~five
        combos.append(keys_of(five))
        parts.append(_FIVE_COSTS[five.bit_length() - 1])
    for shift, table in _chunk_splits():
        grouped, grouped_costs = table[held >> shift & _CHUNK_CARDS]
        combos += grouped
        parts += grouped_costs
    return Plan(tuple(combos), total_cost(parts))


class PlanningPlayer:
    """Plans its hand into combinations and plays them off as cheaply as it can.

    It leads its weakest combination (a planned five-card hand, pair or triple
    sheds more cards than a single of the same weakness), answers with the
    move that leaves the cheapest plan, keeps its control cards (2s and cards
    no unseen card beats) while the others are far from going out, and when
    an opponent is close to going out leads combinations of a size that
    opponent cannot play out with and never passes when it can beat.

    Each turn it prices what it holds after each answer it may make (in
    exact units, a whole plan only to lead or settle a tie), those that
    cannot be the cheapest not at all; the prices of the cards it still
    holds are kept for its later turns (the hand it keeps was priced when
    it chose), and the others dropped.

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
        self._hand: tuple[BigTwoCard, ...] = ()
        self._keys: Combo = ()
        self._held = 0
        self._prices: dict[int, Pricing] = {}
        self._listed: tuple[int, list[Split], frozenset[int]] = (-1, [], frozenset())
        # The cards of the hands played, as bits, up to a length of the
        # game's history and the last hand read there: the mask grows with
        # the new hands only, while the history is the same game's.
        self._played: tuple[int, PlayedHand | None, int] = (0, None, 0)

    def decide(self, view: BigTwoView) -> Move:
        """Return the move to make in `view`; always a legal one."""
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        if view.hand != self._hand:
            self.hold(tuple([card.key for card in view.hand]))
            self._hand = view.hand
        return self.choose(moves, view.is_free, view.is_opening,
                           self._unseen(view.history),
                           close_counts(view.card_counts, view.seat))

    def hold(self, keys: Combo, held: int | None = None) -> None:
        """Take the cards of `keys` (sorted) as those held, for `choose`.

        `held`, if the caller has it, must be ``mask_of(keys)``: it is not
        checked.  The prices of their parts are kept, the others dropped.
        """
        if held is None:
            held = mask_of(keys)
        prices = self._prices
        before = prices.get(self._held)
        if before is not None and held not in prices and not held & ~self._held:
            # The cards kept after a play: priced within the reach of those
            # held before it (see `_price`).
            prices[held] = self._price_within(held, before[1])
        if len(prices) > _REMEMBERED:
            # Prices of cards no longer all held will not be asked for again.
            self._prices = {cards: price for cards, price in prices.items()
                            if not cards & ~held}
        self._hand, self._keys, self._held = (), keys, held

    def choose(self, moves: Sequence[Move], free: bool, opening: bool, unseen: int,
               close: list[int]) -> Move:
        """Return the move `decide` makes holding the cards given to `hold`.

        What a view says, on integer keys, for a search that plays many
        games without views: `moves` are the legal moves (as `moves_of`
        lists them; more than one), `free` whether the seat leads, `opening`
        whether it makes the game's first move, `unseen` the cards neither
        held nor played (bits, `mask_of`), and `close` the card counts of
        the other seats holding `DANGER` cards or fewer, in ascending order.
        """
        if free:
            return self._lead(opening, unseen, close)
        return self._answer(moves, unseen, close)

    def _unseen(self, history: Sequence[PlayedHand]) -> int:
        """The cards neither held nor in a hand of `history`, as bits (`mask_of`)."""
        count, last, played = self._played
        if not count or len(history) < count or history[count - 1] is not last:
            count, played = 0, 0  # another game's history: read it all
        for hand in history[count:]:
            for card in hand.cards:
                played |= 1 << card.key
        if history:
            self._played = (len(history), history[-1], played)
        return _ALL_CARDS & ~self._held & ~played

    def _price(self, cards: int) -> Pricing:
        """`_price` of `cards`, remembered with that of its part in its reach."""
        price = self._prices.get(cards)
        if price is None:
            price = self._prices[cards] = _price(cards)
            units, reach, chosen = price
            inside = cards & reach
            if inside not in self._prices:
                outside = _grouped_units(cards & ~reach, _unit_tables())
                self._prices[inside] = (units - outside, reach, chosen)
        return price

    def _price_within(self, cards: int, reach: int) -> Pricing:
        """`_price` of `cards`, part of a set of cards whose reach is `reach`.

        Their part in it is priced once for all the sets that share it.
        """
        units, within, chosen = self._price(cards & reach)
        return units + _grouped_units(cards & ~reach, _unit_tables()), within, chosen

    def _price_taking(self, inner: int, taken: int, reach: int) -> Pricing:
        """`_price` of the cards `inner` less `taken`, cards of one rank.

        `inner` are the cards held inside their reach `reach`; their splits
        are listed once (`_splits`) for every answer and turn that prices
        them less a rank's cards (`_units_taking`).
        """
        cards = inner & ~taken
        price = self._prices.get(cards)
        if price is None:
            if self._listed[0] != inner:
                self._listed = (inner, *_splits(inner))
            _, splits, straights = self._listed
            units, chosen = _units_taking(inner, taken, splits, straights)
            price = self._prices[cards] = (units, reach, chosen)
        return price

    def _plan(self, cards: int) -> Plan:
        """The plan of the cards `cards` (bits), some of those held."""
        price = (self._prices.get(cards)
                 or self._price_within(cards, self._price(self._held)[1]))
        return _plan(cards, price[2])

    def _lead(self, opening: bool, unseen: int, close: list[int]) -> Move:
        """Choose which planned combination to lead."""
        keys = self._keys
        combos = self._plan(self._held).combos
        if opening:
            # The planned combination holding the ♦3 (it is a legal opening).
            return _to_move(keys, next(c for c in combos if THREE_OF_DIAMONDS_KEY in c))
        losers = [c for c in combos if not _is_control(len(c), c[-1], unseen)]
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

    def _answer(self, moves: Sequence[Move], unseen: int, close: list[int]) -> Move:
        """Choose the cheapest answer to the table, or pass."""
        keys = self._keys
        # The pass comes last (`bigtwo.moves.moves_of`).
        plays = moves[:-1] if not moves[-1] else [move for move in moves if move]
        if not plays:
            return PASS
        if close and len(plays[0]) == 1 and close[0] <= 2:
            # Someone is about to go out on singles: answer with the highest.
            return max(plays, key=lambda move: keys[move[0]])
        held = self._held
        units, reach, _ = self._price(held)
        inner = held & reach
        prices = self._prices
        # The cards outside the reach are grouped by rank in every split.
        outer = units - (prices.get(inner) or self._price(inner))[0]
        early = not close and len(keys) > self.EARLY
        surcharge = self.CONTROL_COST * _UNITS
        options: list[tuple[float, Move, int, bool]] = []
        # Answers not priced yet, by the least they may cost (`_most_saved`):
        # priced only if that may be the cheapest.
        later: list[tuple[float, Move, int, bool]] = []
        cost: float
        if len(plays[0]) < 5:
            # Singles, pairs or triples: each takes cards of one rank.
            bounded = not inner & inner >> 1 & inner >> 2 & inner >> 3 & _RANK_BITS
            for move in plays:
                top = keys[move[-1]]
                shift = top & ~3
                if len(move) == 1:
                    taken = 1 << top
                    spends = early and (top >> 2 == TWO_RANK or not unseen >> top + 1)
                else:
                    taken = 0
                    for index in move:
                        taken |= 1 << keys[index]
                    spends = early and (top >> 2 == TWO_RANK
                                        or _is_control(len(move), top, unseen))
                if not taken & reach:
                    # Every split stays: only the rank is grouped anew.
                    cost = units + _REGROUPED[
                        top >> 2 << 8 | (held >> shift & 15) << 4 | taken >> shift]
                elif inner & ~taken in prices or not bounded:
                    cost = self._price(inner & ~taken)[0] + outer
                else:
                    cost = units - _MOST_SAVED[top >> 2][taken >> shift]
                    later.append((cost + surcharge if spends else cost, move,
                                  held & ~taken, spends))
                    continue
                options.append((cost + surcharge if spends else cost, move,
                                held & ~taken, spends))
        else:
            for move in plays:
                left = held
                for index in move:
                    left ^= 1 << keys[index]
                # No five-card hand of the cards left is outside the reach
                # of those held (see `_price`): the part inside it is priced
                # once for every answer and turn that leaves it.
                options.append((self._price_within(left, reach)[0], move, left, False))
        least = min([option[0] for option in options], default=math.inf)
        for bound, move, left, spends in sorted(later):
            if bound - (least if close else min(least, units)) >= 1:
                # No play left may be cheaper, nor cheaper than a pass.
                break
            cost = self._price_taking(inner, held & ~left, reach)[0] + outer
            options.append((cost + surcharge if spends else cost, move, left, spends))
            least = min(least, options[-1][0])
        # Within a unit of the cheapest, the floats decide (see `_price`).
        near = [option for option in options if option[0] - least < 1]
        if not near:
            return PASS
        chosen = near[0] if len(near) == 1 else min(near, key=self._cost)
        # A pass costs nothing by itself: play only what leaves a cheaper plan.
        if not close and units - least < 1 and (
                least - units >= 1 or self._cost(chosen)[0] >= self._plan(held).cost):
            return PASS
        return chosen[1]

    def _cost(self, option: tuple[float, Move, int, bool]) -> tuple[float, Move]:
        """What an answer's `option` costs as floats, with the move."""
        _, move, left, spends = option
        cost = self._plan(left).cost
        if spends:
            cost += self.CONTROL_COST
        return cost, move

    def __repr__(self) -> str:
        return "PlanningPlayer()"


def close_counts(counts: Sequence[int], seat: int) -> list[int]:
    """The counts of the seats other than `seat` close to going out, in order.

    Those holding `PlanningPlayer.DANGER` cards or fewer, in ascending
    order: what `PlanningPlayer.choose` takes as `close`.
    """
    return sorted([count for other, count in enumerate(counts)
                   if other != seat and count <= PlanningPlayer.DANGER])


_ALL_CARDS = (1 << 52) - 1
_REMEMBERED = 32
"""Prices a player keeps before it drops those of cards it no longer holds."""


def _weakest(combos: Sequence[Combo]) -> Combo:
    """The combination it costs most to keep, the bigger on a tie."""
    return max(combos, key=lambda combo: (combo_cost(combo), len(combo)))


def _is_control(size: int, top: int, unseen: int) -> bool:
    """Whether no hand of the `unseen` cards (bits) beats `size` cards topped by `top`.

    Five-card hands: no.
    """
    if size == 1:
        return not unseen >> top + 1
    if size in (2, 3):
        # Only a rank at least as high, with as many unseen cards, one of
        # them above the top card, beats it.
        for rank in range(top >> 2, 13):
            suits = unseen >> rank * 4 & 15
            highest = rank * 4 + suits.bit_length() - 1
            if suits.bit_count() >= size and highest > top:
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
