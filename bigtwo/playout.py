"""A lean Big Two game on integer keys, for a search to play out many times.

A `Table` is the whole state of one deal as plain integers: each seat's
sorted keys (see `bigtwo.cards.card_key`), the cards played as bits, the
hand to beat and whose turn it is.  No cards, views, events or players:
`Smart.play_out` plays it to the end with every seat deciding as the
`smart` strategy (`bigtwo.strategy.PlanningPlayer`) would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bigtwo.hands import Strength, strength
from bigtwo.moves import PASS, Move, moves_of
from bigtwo.strategy import PlanningPlayer, keys_of, plan_hand

SEATS = 4
"""Big Two's four seats; the turn passes from seat s to seat s + 1 (mod 4)."""
ALL_CARDS = (1 << 52) - 1
"""Every card, as bits (bit k for the card of key k)."""
DANGER = PlanningPlayer.DANGER
"""An opponent with this many cards or fewer is close to going out (smart's)."""
DEPARTURE = 0.2
"""How often, in a playout with departures (see `Smart.play_out`), a seat
following a hand it can beat does not make smart's move: it passes instead,
or plays its lowest hand that beats the table (the first that `moves_of`
lists, which puts a straight flush among the straights, by rank).

Players who are not smart (a person, another search) do depart, and a
search that foresees them exactly as smart favours moves that pay against
smart alone.  The inference's `bigtwo.inference.SLIP` is another model on
purpose: it weighs alike any decision smart would not make but a lead
departure's, where a playout must make one particular move (a lead
departure, which a playout makes half the time, the inference explains as
it does smart's lead)."""
LEAD_DEPARTURE = 0.5
"""How often, in a playout with departures, a seat leading while it holds
more than one card (after the opening move) does not make smart's move: it
leads its lowest hand of the most cards (the first of them that `moves_of`
lists: the lowest straight when it holds one).  The searcher's own seat
departs so too, though it never departs following.

Fitted to the published PPO agent, which leads a five-card hand 57% of the
times it holds one, where smart would 12% (``benchmarks/ppo_agreement.py``);
the other expert of a 2 + 2 table, too, leads otherwise than smart two
times in three.  The expert itself leads otherwise than smart as often,
so its playouts foresee its own leads better when they depart too
(docs/expert-log.md gives what each departure gained)."""


@dataclass(slots=True)
class Table:
    """One deal's state, every hand known: what a search plays out."""

    hands: list[tuple[int, ...]]
    """Each seat's cards, as sorted keys."""
    held: list[int]
    """Each seat's cards, as bits: the same cards as `hands` (`apply` reads
    a seat's cards left from them)."""
    played: int
    """The cards played so far, as bits."""
    last: Strength | None
    """The strength of the hand to beat (None before the opening move)."""
    last_size: int
    """Its size (0 before the opening move)."""
    leader: int
    """The seat that played it; the seat to play, before the opening move."""
    seat: int
    """The seat to play."""

    def copy(self) -> Table:
        """A table to play on, leaving this one as it is."""
        return Table(list(self.hands), list(self.held), self.played, self.last,
                     self.last_size, self.leader, self.seat)

    def counts(self) -> list[int]:
        """How many cards each seat holds, in seat order."""
        return [len(keys) for keys in self.hands]

    def apply(self, move: Move) -> bool:
        """Play `move` (indices into the hand of the seat to play, ``()`` passes).

        The turn passes on; returns whether the seat is out of cards (the
        deal is over, and `seat` is the winner's).  The move is not checked.
        """
        seat = self.seat
        if move:
            keys = self.hands[seat]
            cards = [keys[index] for index in move]
            self.last = strength(cards)
            self.last_size = len(cards)
            self.leader = seat
            bits = 0
            for key in cards:
                bits |= 1 << key
            self.held[seat] = left = self.held[seat] & ~bits
            self.played |= bits
            self.hands[seat] = keys_of(left)
            if not left:
                return True
        self.seat = (seat + 1) % SEATS
        return False


class Smart:
    """Smart's decisions on keys, for a search: one planner a seat, work counted.

    `choice` gives the move `bigtwo.strategy.PlanningPlayer.decide` makes
    from what a seat's view holds, without building the view, through the
    planner's own key-level entry (`PlanningPlayer.hold` and `choose`; the
    tests check it move for move against `decide`).  Each seat has its own
    planner, which keeps the prices of the cards it holds (a price is the
    same for the same cards, whoever holds them), so one `Smart` serves
    every deal a search plays out.  `work` counts the decisions worked out,
    the unit of a search's budget.
    """

    def __init__(self) -> None:
        """Start with no cards held and no work counted."""
        self._planners = [PlanningPlayer() for _ in range(SEATS)]
        self._holding: list[tuple[int, ...] | None] = [None] * SEATS
        self.work = 0
        """The decisions worked out so far, and any other steps a search
        counts in (a step of `bigtwo.inference.Knowledge.deals`)."""

    def choice(self, seat: int, keys: tuple[int, ...], held: int, played: int,
               close: list[int], last: Strength | None, last_size: int,
               free: bool) -> Move:
        """Return the move smart makes at `seat` holding `keys` (sorted; bits `held`).

        `played` are the cards played (bits), `close` the counts of the other
        seats holding `DANGER` cards or fewer, in order; `last` and
        `last_size` the hand to beat (None and 0 before the opening move),
        and `free` whether the seat leads.
        """
        self.work += 1
        if free:
            if len(keys) == 1:
                return (0,)
            # decide leads from any hand of two cards or more, whatever its
            # moves: the planner reads none.
            moves: Sequence[Move] = ()
        else:
            moves = moves_of(keys, last, last_size, False)
            if len(moves) == 1:
                return PASS
        planner = self._planners[seat]
        if self._holding[seat] != keys:
            planner.hold(keys, held)
            self._holding[seat] = keys
        return planner.choose(moves, free, last is None, ALL_CARDS & ~held & ~played,
                              close)

    def move(self, table: Table) -> Move:
        """Return the move smart makes at `table`'s seat to play, from its view."""
        seat = table.seat
        # `close_counts` written out, from the hands: the playouts' hot path.
        close = sorted([len(other) for at, other in enumerate(table.hands)
                        if at != seat and len(other) <= DANGER])
        return self.choice(seat, table.hands[seat], table.held[seat], table.played,
                           close, table.last, table.last_size, table.leader == seat)

    def play_out(self, table: Table, searcher: int | None = None,
                 departures: random.Random | None = None) -> list[int]:
        """Play `table` to its end, every seat as smart; return the cards each holds.

        `table` is played on (see `Table.copy`); the winner holds none.  With
        `departures`, the seats depart now and then from smart's move, drawn
        from it: following a hand it can beat, each seat but `searcher`,
        `DEPARTURE` of the time, passes or plays its lowest hand that beats
        the table, whichever smart did not; leading while it holds more than
        one card, each seat, `searcher` too, `LEAD_DEPARTURE` of the time,
        leads its lowest hand of the most cards.
        """
        while True:
            move = self.move(table)
            if departures is not None and (table.seat != searcher
                                           or table.leader == searcher):
                move = depart(table, move, departures)
            if table.apply(move):
                return table.counts()

    def plan_cost(self, held: int) -> float:
        """What smart's plan of the cards `held` (bits) costs (`Plan.cost`)."""
        return plan_hand(keys_of(held)).cost


def depart(table: Table, move: Move, departures: random.Random) -> Move:
    """Return the move the seat to play at `table` makes instead of smart's `move`.

    Drawn from `departures`, as `Smart.play_out` describes; mostly `move`
    itself.
    """
    seat = table.seat
    keys = table.hands[seat]
    if table.leader != seat:
        if departures.random() < DEPARTURE:
            lowest = moves_of(keys, table.last, table.last_size,
                              False)[0]  # the pass when nothing beats
            others = [other for other in (lowest, PASS) if other != move]
            if others:
                return departures.choice(others)
    elif can_lead_depart(table.last, len(keys)) \
            and departures.random() < LEAD_DEPARTURE:
        return biggest_lead(keys, table.last, table.last_size)
    return move


def can_lead_depart(last: Strength | None, count: int) -> bool:
    """Whether a seat leading, holding `count` cards, may make a lead departure.

    It may after the opening move (`last`, the hand that won the round
    before, is not None) while it holds more than one card.
    """
    return last is not None and count > 1


def biggest_lead(keys: Sequence[int], last: Strength | None, last_size: int) -> Move:
    """Return the lead of a lead departure: the lowest hand of the most cards.

    `keys` are the leading seat's cards (sorted), `last` and `last_size` the
    hand that won the round before (see `can_lead_depart`).  The first hand
    of the most cards that `moves_of` lists: the lowest straight when the
    seat holds one, else its lowest flush, and so on; else a triple, a
    pair, a single.
    """
    moves = moves_of(keys, last, last_size, True)
    most = len(moves[-1])  # listed by size: singles first, five-card hands last
    return next(other for other in moves if len(other) == most)
