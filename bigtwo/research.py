"""Big Two as a research environment: `bigtwo_v0`, for PettingZoo.

``bigtwo_v0.env()`` (or ``env()`` here) is the PettingZoo AEC environment of
`common.research.environment`, four agents ``player_0`` to ``player_3`` by
seat; it needs the extra ``rl`` (docs/research.md).

Actions (1,665, fixed): a move is the positions of the cards to play in
the seat's own hand, sorted as the console shows it (0 to 12), so action
``i`` is the ``i``-th of `ACTIONS`: the 13 single positions, then the 78
pairs of positions, the 286 triples and the 1,287 fives, each in
lexicographic order, and last (1,664) the pass.  The mask holds the legal
moves of the seat to move.

Observation (378 numbers, each 0 or 1), seats counted from the observing
seat (0 is itself, 1 the next to play…), cards by their Big Two key
(`bigtwo.cards.card_key`: ♦3 is 0, ♠2 is 51):

- 0–51: the seat's own cards;
- 52–259: for each seat in turn, the 52 cards it has played so far;
- 260–311: the last hand on the table (none before the opening move);
- 312–315: who played it;
- 316–371: for each seat in turn, how many cards it holds (0 to 13, one of
  14);
- 372–375: whose turn it is;
- 376: whether the seat to move leads (plays any hand); 377: whether it is
  the opening move (the ♦3 must be played).

The reward is the game's own result at its end (`bigtwo.game.BigTwo.returns`):
1 for the seat out of cards, 0 for the others.

For OpenSpiel (``bigtwo_v0.spiel_game()``, `common.research.spiel`) a move
is announced as the cards it plays (``♦3 ♣3``) or ``pass``: the positions
of a hand differ from one deal of the unseen cards to another, the cards do
not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from bigtwo.game import THREE_OF_DIAMONDS
from bigtwo.moves import PASS, Move
from bigtwo.spec import SPEC
from bigtwo.view import BigTwoView
from common.research.encoding import Encoding
from common.research.versions import Version

if TYPE_CHECKING:
    from bigtwo.cards import BigTwoCard
    from common.research.encoding import Vector

SEATS = 4
HAND = 13
"""The most cards a seat holds: positions 0 to 12."""
ACTIONS: tuple[Move, ...] = (*(move for size in (1, 2, 3, 5)
                               for move in combinations(range(HAND), size)), PASS)
"""Every action's move, by action: the positions played, ``()`` to pass."""
_ACTION_OF = {move: action for action, move in enumerate(ACTIONS)}

_OWN, _PLAYED, _LAST, _LAST_SEAT = 0, 52, 260, 312
_COUNTS, _TURN, _LEADS, _OPENING = 316, 372, 376, 377
SIZE = 378
"""The numbers in an observation."""
_PASSED = "pass"


class BigTwoEncoding(Encoding[BigTwoView, Move]):
    """Big Two's actions and observations (see `bigtwo.research`); no settings."""

    name = "bigtwo_v0"
    spec = SPEC

    num_actions = len(ACTIONS)
    """1,665: the positions' singles, pairs, triples and fives, then the pass."""
    observation_size = SIZE
    """378 (see `bigtwo.research`)."""

    def observe(self, view: BigTwoView, out: Vector) -> None:
        """Write the seat's hand, the public record and whose turn it is."""
        me, current, last, counts = view.seat, view.current, view.last, view.card_counts
        # Every number is 0 or 1: the places of the 1s are gathered, then set
        # at once.  Cards by the key each card keeps (`BigTwoCard.key`).
        ones = [card.key for card in view.hand]
        ones += [_PLAYED + 52 * ((hand.seat - me) % SEATS) + card.key
                 for hand in view.history for card in hand.cards]
        if last is None:
            ones += (_LEADS, _OPENING)
        else:
            ones += [_LAST + card.key for card in last.cards]
            ones.append(_LAST_SEAT + (last.seat - me) % SEATS)
            if last.seat == current:
                ones.append(_LEADS)
        ones += [_COUNTS + 14 * ((seat - me) % SEATS) + counts[seat]
                 for seat in range(SEATS)]
        ones.append(_TURN + (current - me) % SEATS)
        out[ones] = 1

    def legal_actions(self, view: BigTwoView) -> Iterable[int]:
        """The actions of the view's legal moves."""
        return [_ACTION_OF[move] for move in view.moves]

    def moves(self, action: int, view: BigTwoView) -> Sequence[Move]:
        """The one move of `action`: positions to play, or the pass."""
        return (ACTIONS[action],)

    def action(self, move: Move, view: BigTwoView) -> int:
        """The action playing `move`'s positions (sorted), or passing."""
        return _ACTION_OF[tuple(sorted(move))]

    utility_sum = 1.0
    """One seat wins."""

    def returns_range(self) -> tuple[float, float]:
        """0 (lost) to 1 (won)."""
        return 0.0, 1.0

    def max_decisions(self) -> int:
        """208: at most 52 hands played, each followed by at most three passes."""
        return 52 * SEATS

    def seen_cards(self, view: BigTwoView) -> Iterable[BigTwoCard]:
        """The seat's own cards, every card played, and the ♦3 before it is.

        Whoever holds the ♦3 opens, so every seat knows where it is.
        """
        seen = [*view.hand, *(card for hand in view.history for card in hand.cards)]
        if view.is_opening and THREE_OF_DIAMONDS not in seen:
            seen.append(THREE_OF_DIAMONDS)
        return seen

    def announce(self, action: int, view: BigTwoView) -> str:
        """The cards played (``♦3 ♣3``), or ``pass``."""
        move = ACTIONS[action]
        return " ".join(str(view.hand[i]) for i in move) if move else _PASSED

    def announced_action(self, announced: str, view: BigTwoView) -> int:
        """The action playing those cards from the seat's hand, or passing."""
        if announced == _PASSED:
            return _ACTION_OF[PASS]
        position = {str(card): i for i, card in enumerate(view.hand)}
        return _ACTION_OF[tuple(sorted(position[card] for card in announced.split()))]


bigtwo_v0 = Version(BigTwoEncoding)
"""Big Two's environment, version 0: ``bigtwo_v0.env()``, ``bigtwo_v0.raw_env()``."""
env = bigtwo_v0.env
"""Return the wrapped environment (`common.research.versions.Version.env`)."""
raw_env = bigtwo_v0.raw_env
"""Return the environment unwrapped (`common.research.versions.Version.raw_env`)."""


