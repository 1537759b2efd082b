"""What one seat of a Big Two game can infer of the cards it has not seen.

`Knowledge.of(view)` reads a `bigtwo.view.BigTwoView` and nothing else: the
seat's own cards, the cards played, how many cards each other seat holds,
and every decision of the other seats: each hand played, and each pass,
which the view does not record but implies (the turn goes round the table,
so the seats between two consecutive hands passed over the first).

`Knowledge.deals` deals the unseen cards to the other seats, each as many
as it holds, as often as each deal explains those decisions: it takes the
other players to play as `smart` does (`bigtwo.playout.Smart.choice`) but
for a slip now and then, and to lead now and then as a playout's lead
departure does (`bigtwo.playout.biggest_lead`).  A deal in which a seat
would have made, at one of its decisions, another move than the one it
made is `SLIP` times as likely for each such decision: likely deals make
the same moves, unlikely ones are never ruled out, so a player who is not
`smart` (a person, the random player) only makes the evidence weaker.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from bigtwo.hands import Strength
from bigtwo.playout import (
    ALL_CARDS,
    SEATS,
    Smart,
    biggest_lead,
    can_lead_depart,
)
from bigtwo.strategy import close_counts, keys_of, mask_of
from bigtwo.view import BigTwoView

SLIP = 0.1
"""How likely a deal is made by each decision it does not explain, relative
to one that explains it."""
TOLERANCE = 4
"""The slips counted at most against a seat: a player whose decisions no
deal explains (who does not play as smart) tells nothing more."""
STEPS = 10
"""The swaps offered between one deal and the next (see `Knowledge.deals`)."""
TARGET = 0.5
"""How often a seat with a slip offers a card it would have played instead."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A move another seat made, and all it saw then but its own cards."""

    seat: int
    """The seat that decided."""
    cards: int
    """The cards it played, as bits; 0 for a pass."""
    later: int
    """The cards it played after this decision, as bits: it held them then."""
    played: int
    """The cards played before the decision, as bits."""
    close: list[int]
    """The counts of the other seats holding `bigtwo.playout.DANGER` cards or
    fewer, in order (`bigtwo.strategy.close_counts`)."""
    last: Strength | None
    """The strength of the hand to beat (None on the opening move)."""
    last_size: int
    """Its size (0 on the opening move)."""
    free: bool
    """Whether the seat led (it opened, or everyone else passed)."""
    memo: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """What `instead` found, by the cards held now: a chain offers the same
    swaps again and again."""

    led: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    """The lead of a playout's lead departure (bits), by the cards held now."""

    def explained(self, smart: Smart, hidden: int) -> bool:
        """Whether a seat holding `hidden` (bits) now makes this move.

        It does if `smart` makes it, or if it leads here (not the opening
        move) holding more than one card, and the move is its lowest hand
        of the most cards, as in a playout's lead departure
        (`bigtwo.playout.LEAD_DEPARTURE`): the playouts foresee such
        leads, so the deals explain them too.
        """
        if self.instead(smart, hidden) == self.cards:
            return True
        if not self.free:
            return False
        chosen = self.led.get(hidden)
        if chosen is None:
            held = hidden | self.later | self.cards
            chosen = 0
            if can_lead_depart(self.last, held.bit_count()):
                keys = keys_of(held)
                lead = biggest_lead(keys, self.last, self.last_size)
                chosen = mask_of(keys[index] for index in lead)
            self.led[hidden] = chosen
        return chosen == self.cards

    def instead(self, smart: Smart, hidden: int) -> int:
        """The cards `smart` plays here (bits; 0 to pass), holding `hidden` now."""
        chosen = self.memo.get(hidden)
        if chosen is None:
            held = hidden | self.later | self.cards
            keys = keys_of(held)
            move = smart.choice(self.seat, keys, held, self.played, self.close,
                                self.last, self.last_size, self.free)
            chosen = 0
            for index in move:  # `mask_of` written out: the chain's hot path
                chosen |= 1 << keys[index]
            self.memo[hidden] = chosen
        return chosen


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a seat knows of a deal: its cards, the unseen ones, the decisions."""

    seat: int
    """The seat that knows."""
    mine: tuple[int, ...]
    """Its cards, as sorted keys (the indices of its moves point into them)."""
    played: int
    """The cards played, as bits."""
    counts: tuple[int, ...]
    """How many cards each seat holds, in seat order."""
    decisions: tuple[Decision, ...]
    """Every decision of the other seats, oldest first."""

    @property
    def unseen(self) -> int:
        """The cards the other seats hold between them, as bits."""
        hidden = ALL_CARDS & ~self.played
        for key in self.mine:
            hidden &= ~(1 << key)
        return hidden

    @staticmethod
    def of(view: BigTwoView) -> Knowledge:
        """Return what the seat of `view` knows; the view is all it reads."""
        me = view.seat
        history = view.history
        counts = list(view.card_counts)
        for hand in history:
            counts[hand.seat] += len(hand.cards)
        played = 0
        made: list[tuple[int, int, int, list[int], Strength | None, int, bool]] = []
        last = None
        for at, hand in enumerate(history):
            bits = 0
            for card in hand.cards:
                bits |= 1 << card.key
            seat = hand.seat
            if seat != me:
                made.append((seat, bits, played, close_counts(counts, seat),
                             None if last is None else last.strength,
                             0 if last is None else len(last.cards),
                             last is None or last.seat == seat))
            played |= bits
            counts[seat] -= len(hand.cards)
            # The seats after the hand's player, up to the next player,
            # passed over it; all three if the hand won its round.
            follows = history[at + 1].seat if at + 1 < len(history) else view.current
            for step in range(1, (follows - seat) % SEATS or SEATS):
                passer = (seat + step) % SEATS
                if passer != me:
                    made.append((passer, 0, played, close_counts(counts, passer),
                                 hand.strength, len(hand.cards), False))
            last = hand
        later = [0] * SEATS
        decisions = []
        for seat, bits, before, close, beaten, size, free in reversed(made):
            decisions.append(Decision(seat, bits, later[seat], before, close, beaten,
                                      size, free))
            later[seat] |= bits
        decisions.reverse()
        return Knowledge(me, tuple(sorted(card.key for card in view.hand)), played,
                         tuple(view.card_counts), tuple(decisions))

    def deals(self, rng: random.Random, smart: Smart, burn_in: int,
              deadline: float | None = None) -> Iterator[list[int]]:
        """Deal the unseen cards to the other seats, again and again.

        Yields each seat's cards (bits; the seat's own are its own), each
        deal about as often as the decisions it explains make it likely
        (see the module), by a Markov chain: a deal is drawn uniformly, and
        each step offers to swap a card of one other seat for a card of
        another, taken if the swap explains as many decisions, or with the
        ratio of the deals' likelihoods if fewer (Metropolis).  Half the
        time a seat offers a card it would have played instead of what it
        did.  The first deal comes once `smart` has counted `burn_in` work
        (each step counts one, and each decision it works out one), or
        sooner if `time.monotonic` passes `deadline`; the next ones every
        `STEPS` steps.
        """
        others = [seat for seat in range(SEATS)
                  if seat != self.seat and self.counts[seat]]
        hands, split = self._uniform(others, rng)
        if len(others) < 2 or not self.decisions:
            # Nothing to weigh: every deal is as likely.
            while True:
                yield hands
                hands, split = self._uniform(others, rng)
        made = {seat: [decision for decision in self.decisions
                       if decision.seat == seat] for seat in others}
        slips = {seat: _slips(made[seat], smart, hands[seat], TOLERANCE)
                 for seat in others}
        per_slip = math.log(SLIP)
        until = smart.work + burn_in
        while True:
            steps = 0
            while steps < STEPS or smart.work < until and (
                    deadline is None or time.monotonic() < deadline):
                steps += 1
                smart.work += 1
                one, other = rng.sample(others, 2)
                mine, theirs = split[one], split[other]
                i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
                if slips[one] and rng.random() < TARGET:
                    i = _suspect(made[one], smart, hands[one], mine, rng, i)
                given, taken = mine[i], theirs[j]
                swapped = (hands[one] ^ (1 << given | 1 << taken),
                           hands[other] ^ (1 << given | 1 << taken))
                # The swap is taken when it makes fewer slips than `bound`,
                # drawn so that this happens with probability SLIP ** (slips
                # - now) (Metropolis): the counting stops at the bound.
                bound = (slips[one] + slips[other]
                         + math.log(1.0 - rng.random()) / per_slip)
                first = _slips(made[one], smart, swapped[0], min(bound, TOLERANCE))
                if first >= bound:
                    continue
                second = _slips(made[other], smart, swapped[1],
                                min(bound - first, TOLERANCE))
                if first + second >= bound:
                    continue
                mine[i], theirs[j] = taken, given
                hands[one], hands[other] = swapped
                slips[one], slips[other] = first, second
            yield list(hands)

    def _uniform(self, others: list[int],
                 rng: random.Random) -> tuple[list[int], dict[int, list[int]]]:
        """A deal of the unseen cards to `others`, uniformly at random.

        Returns each seat's cards as bits, and the keys of the `others`'.
        """
        unseen = self.unseen
        cards = [key for key in range(52) if unseen >> key & 1]
        rng.shuffle(cards)
        hands = [0] * SEATS
        for key in self.mine:
            hands[self.seat] |= 1 << key
        split: dict[int, list[int]] = {}
        start = 0
        for seat in others:
            split[seat] = keys = cards[start:start + self.counts[seat]]
            start += len(keys)
            for key in keys:
                hands[seat] |= 1 << key
        return hands, split


def _slips(made: Sequence[Decision], smart: Smart, hidden: int,
           bound: float) -> int:
    """How many of `made` a seat holding `hidden` now leaves unexplained.

    See `Decision.explained`.  The counting stops at `bound`: the count is
    then `bound` or more.
    """
    slips = 0
    for decision in made:
        if not decision.explained(smart, hidden):
            slips += 1
            if slips >= bound:
                break
    return slips


def _suspect(made: Sequence[Decision], smart: Smart, hidden: int,
             keys: list[int], rng: random.Random, index: int) -> int:
    """The index in `keys` (the cards `hidden`) of a card to offer away.

    A card the seat would have played at one of the decisions `made` that
    it did not; `index` if there is none.
    """
    wrong = [decision for decision in made if not decision.explained(smart, hidden)]
    if wrong:
        suspects = rng.choice(wrong).instead(smart, hidden) & hidden
        if suspects:
            return keys.index(rng.choice(keys_of(suspects)))
    return index
