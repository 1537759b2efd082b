"""The expert Big Two player: `ExpertPlayer`, a determinized search.

It decides from its seat's view alone (`bigtwo.inference.Knowledge`): it
deals the cards it has not seen to the other seats many times, each deal as
often as the other players' decisions make it likely (taking them to play as
`smart` but for a slip now and then, or to lead as a lead departure does),
and plays each of its candidate moves out on the same deals, every seat then
playing as `smart`, but for departures now and then
(`bigtwo.playout.DEPARTURE` when the others follow,
`bigtwo.playout.LEAD_DEPARTURE` when any seat, its own too, leads).  A
playout scores 1 when the player goes out first, and otherwise loses
`CARD_PENALTY` per card it still holds: a lost game with few cards left is
worth more than one with many, which also tells apart moves that rarely win.
Successive halving spends the budget: every candidate is played out on the
first deals, the better half on more, and so on until the last two, the
better of which is played.  A cap by the clock, if the player has one, is
shared out as the budget is.  `hint` says the move and the figures behind it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bigtwo import strategy
from bigtwo.hands import named
from bigtwo.inference import Knowledge
from bigtwo.moves import PASS, Move
from bigtwo.playout import Smart, Table
from bigtwo.view import BigTwoView
from common.language import _, ngettext

CARD_PENALTY = 0.05
"""What each card left at the end of a lost playout costs (a win scores 1)."""
CANDIDATES = 4
"""The moves searched at most: smart's, the pass, and those leaving the
cheapest plans.  Four rather than eight, each then played out on more of the
same work's deals, won more against the PPO agent and as much on our own
tables (docs/expert-log.md, "four candidates")."""
WORK_PER_SECOND = 50_000
"""The work (`bigtwo.playout.Smart.work`) a decision does per second of
thinking.  Measured on the 2-core machine of issue 26: a search did a
median of 65,000 a CPU-second, 50,000 or more nine times in ten, 32,000 at
the least (290 searches of 40 deals against smart at
`bigtwo.spec.DEFAULT_THINK`)."""
BURN_IN = 0.25
"""The share of the budget the deals' chain takes before the first deal."""


@dataclass(slots=True)
class Tally:
    """What the playouts of one move came to."""

    move: Move
    """The move played first."""
    deals: int = 0
    """The deals it was played out on."""
    wins: int = 0
    """Those in which the player went out first."""
    left: int = 0
    """The cards the player held at the ends, summed over the deals."""
    score: float = 0.0
    """The playouts' scores summed: 1 a win, -`CARD_PENALTY` a card left."""

    def add(self, left: int) -> None:
        """Count one more playout, which ended with the player holding `left` cards."""
        self.deals += 1
        self.left += left
        if left:
            self.score -= CARD_PENALTY * left
        else:
            self.wins += 1
            self.score += 1.0


class ExpertPlayer:
    """Searches its moves over deals of the unseen cards, playing each out.

    Args:
        rng: gives the player its seed: each decision draws its deals from
            a generator seeded by it and the view, so the same view gets
            the same move (unless `cap` cut its search short).
        think: the budget of a decision, in seconds on the machine the
            rate `WORK_PER_SECOND` was measured on; it is spent as that
            much work (`bigtwo.playout.Smart.work`: decisions of smart
            worked out, to weigh deals and to play them out), so a decision
            does not depend on the machine's speed.  The command line's
            default is `bigtwo.spec.DEFAULT_THINK`.
        cap: if given, seconds of wall clock shared out as the budget is
            (a quarter to the deals' burn-in, the rest evenly over the
            rounds of successive halving): each part stops when its work
            or its time is spent, whichever comes first, so that a person
            waiting never waits much longer than `cap`, however slow or
            busy the machine.  The move then depends on the machine's
            speed and load whenever a part runs out of time: on the
            machine of `WORK_PER_SECOND` a search took about three quarters
            of `think`, rarely more than one and a half times it, so a cap
            of `think` cut some searches short even there.  The
            full-screen and hosted tables cap at `think` (``--think``); the
            console, ``--simulate`` and the benchmarks (but
            ``expert_results.py --clock``) do not, so that a seed gives the
            same moves.
    """

    def __init__(self, rng: random.Random, think: float,
                 cap: float | None = None) -> None:
        """Build the player; it draws its seed from `rng`."""
        self._seed = rng.getrandbits(64)
        self.budget = max(1, round(think * WORK_PER_SECOND))
        """The work a decision does (`bigtwo.playout.Smart.work`)."""
        self.cap = cap
        """The seconds of wall clock after which a decision stops searching
        (None: no cap)."""

    def decide(self, view: BigTwoView) -> Move:
        """Return the move to make in `view`; always a legal one."""
        return self.search(view)[0].move

    def search(self, view: BigTwoView) -> list[Tally]:
        """Search the moves of `view`; return what each came to, the chosen first.

        The others follow, those the search dropped last first, each
        round's as it ranked them.  With only one move worth making (the
        only legal one, or the seat's last cards) there is no search: one
        tally, of no deal.
        """
        moves = view.moves
        if len(moves) == 1:
            return [Tally(moves[0])]
        for move in moves:
            if len(move) == len(view.hand):
                return [Tally(move)]  # out of cards: won
        known = self.knowledge(view)
        smart = Smart()
        table = self._table(known, view)
        candidates = self._candidates(smart, table, moves, known.counts)
        rng = random.Random(f"{self._seed}/{known.mine}/{known.played}/"
                            f"{len(view.history)}/{known.counts}")
        return self._search(known, table, candidates, smart, rng)

    def knowledge(self, view: BigTwoView) -> Knowledge:
        """What the seat of `view` knows (`Knowledge.of`), which its search reads.

        A hook for a table that forces a move the view cannot tell from a
        choice (as `benchmarks/expert_vs_ppo.py`'s engine forces its opening
        ♦3 alone): a subclass leaves that decision out.
        """
        return Knowledge.of(view)

    @staticmethod
    def _table(known: Knowledge, view: BigTwoView) -> Table:
        """The table of `view`, the other seats' cards still to be dealt."""
        last = view.last
        seat = view.seat
        hands: list[tuple[int, ...]] = [()] * len(known.counts)
        hands[seat] = known.mine
        held = [0] * len(known.counts)
        for key in known.mine:
            held[seat] |= 1 << key
        if last is None:
            return Table(hands, held, known.played, None, 0, seat, seat)
        return Table(hands, held, known.played, last.strength, len(last.cards),
                     last.seat, seat)

    def _candidates(self, smart: Smart, table: Table, moves: Sequence[Move],
                    counts: Sequence[int]) -> list[Move]:
        """The moves worth searching: smart's first, the pass, the best planned.

        `counts` are the cards each seat holds (the `table` has not dealt
        the others theirs).  Only `moves`: smart's move is left out where
        the table does not allow it (a table of other rules, as
        `benchmarks/expert_vs_ppo.py`'s).
        """
        seat = table.seat
        keys = table.hands[seat]
        held = table.held[seat]
        first = smart.choice(seat, keys, held, table.played,
                             strategy.close_counts(counts, seat),
                             table.last, table.last_size, table.leader == seat)
        chosen = [first] if first in moves else []
        if PASS in moves and PASS not in chosen:
            chosen.append(PASS)
        costs = []
        for move in moves:
            if move in chosen:
                continue
            left = held
            for index in move:
                left &= ~(1 << keys[index])
            costs.append((smart.plan_cost(left), move))
        costs.sort()
        chosen += [move for _, move in costs[:CANDIDATES - len(chosen)]]
        return chosen

    def _search(self, known: Knowledge, table: Table, candidates: list[Move],
                smart: Smart, rng: random.Random) -> list[Tally]:
        """Successive halving over `candidates`; return their tallies, best first."""
        seat = known.seat
        # A cap by the clock is shared as the budget is: a quarter to the
        # burn-in, the rest evenly over the rounds, so that every round,
        # the last above all, still compares its moves.
        deadline = burnt = None
        if self.cap is not None:
            now = time.monotonic()
            deadline, burnt = now + self.cap, now + self.cap * BURN_IN
        deals = known.deals(rng, smart, round(self.budget * BURN_IN), burnt)
        deal = self._deal(known, table, next(deals))
        tallies = {move: Tally(move) for move in candidates}
        arms = list(candidates)
        dropped: list[Tally] = []
        rounds = math.ceil(math.log2(len(arms)))
        departures = random.Random(rng.getrandbits(64))
        for round_ in range(rounds):
            start = smart.work
            share = (self.budget - start) / (rounds - round_)
            ends = None
            if deadline is not None:
                now = time.monotonic()
                ends = now + (deadline - now) / (rounds - round_)
            while True:
                for move in arms:
                    played = deal.copy()
                    played.apply(move)  # not the last cards: searched first
                    tallies[move].add(smart.play_out(played, seat, departures)[seat])
                deal = self._deal(known, table, next(deals))
                if smart.work - start >= share or (
                        ends is not None and time.monotonic() >= ends):
                    break
            # The better half goes on; candidates' order breaks ties.
            ranked = sorted(arms, key=lambda move: -tallies[move].score)
            kept = math.ceil(len(arms) / 2) if round_ < rounds - 1 else len(arms)
            dropped = [tallies[move] for move in ranked[kept:]] + dropped
            arms = ranked[:kept]
        return [tallies[move] for move in arms] + dropped

    @staticmethod
    def _deal(known: Knowledge, table: Table, hands: list[int]) -> Table:
        """`table` with the other seats holding `hands` (bits)."""
        deal = table.copy()
        for seat, bits in enumerate(hands):
            if seat != known.seat:
                deal.hands[seat] = strategy.keys_of(bits)
                deal.held[seat] = bits
        return deal

    def __repr__(self) -> str:
        return f"ExpertPlayer(budget={self.budget}, cap={self.cap})"


def hint(view: BigTwoView, think: float, seed: int = 0,
         cap: float | None = None) -> str:
    """Return, in plain words, the move the expert makes in `view`, and why.

    It decides as ``ExpertPlayer(random.Random(seed), think, cap)`` does,
    from the view alone, and changes nothing: ``Hint: play Pair ♦6 ♣6 (type 0
    1): in 212 of 400 sampled deals you went out first after it, holding
    2.1 cards on average at the end (passing: 150 of 400, holding 3.4).``
    The figures are those of the move and of the one the search ranked
    next (see `ExpertPlayer.search`).  With only one move
    worth making it says what `bigtwo.strategy.hint` says of the only legal
    move, or that the cards are the seat's last.
    """
    if len(view.moves) == 1:
        return strategy.hint(view)
    tallies = ExpertPlayer(random.Random(seed), think, cap).search(view)
    chosen = tallies[0]
    if len(chosen.move) == len(view.hand):
        # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
        # numbers (0 1).
        return _("Hint: play {hand} (type {typed}): your last cards: you go "
                 "out.").format(hand=named(view.hand), typed=_typed(chosen.move))
    other = tallies[1]
    # Translators: {move} is what to do (play Pair ♦3 ♠3 (type 0 1), or pass
    # (an empty line)); {wins} of {deals} the deals the search played out
    # after it, {left} the cards the player held at their ends on average
    # (2.1); {other} the move it ranked next (passing, or playing Single ♠9)
    # and {other_wins}, {other_deals}, {other_left} its own figures.
    return ngettext("Hint: {move}: in {wins} of {deals} sampled deal you went out "
                    "first after it, holding {left} cards on average at the end "
                    "({other}: {other_wins} of {other_deals}, holding "
                    "{other_left}).",
                    "Hint: {move}: in {wins} of {deals} sampled deals you went out "
                    "first after it, holding {left} cards on average at the end "
                    "({other}: {other_wins} of {other_deals}, holding "
                    "{other_left}).", chosen.deals).format(
        move=_move(view, chosen.move, False), wins=chosen.wins, deals=chosen.deals,
        left=f"{chosen.left / chosen.deals:.1f}", other=_move(view, other.move, True),
        other_wins=other.wins, other_deals=other.deals,
        other_left=f"{other.left / other.deals:.1f}")


def _move(view: BigTwoView, move: Move, instead: bool) -> str:
    """`move` of `view`'s seat in words: to do, or (`instead`) as an alternative."""
    if not move:
        return _("passing") if instead else _("pass (an empty line)")
    hand = named(view.hand[index] for index in move)
    if instead:
        # Translators: {hand} is a hand the player might play instead
        # (Single ♠9).
        return _("playing {hand}").format(hand=hand)
    # Translators: {hand} is the hand to play (Pair ♦3 ♠3), {typed} its
    # numbers (0 1).
    return _("play {hand} (type {typed})").format(hand=hand, typed=_typed(move))


def _typed(move: Move) -> str:
    """What a player types to make `move`: its numbers, ``0 1``."""
    return " ".join(map(str, move))
