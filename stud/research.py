"""Five Card Stud as a research environment: `stud_v0`, for PettingZoo.

``stud_v0.env(hands=1)`` (or ``env()`` here) is the PettingZoo AEC
environment of `common.research.environment`, two agents ``player_0`` and
``player_1`` by seat; it needs the extra ``rl`` (docs/research.md).  A game
is ``hands`` hands (1 unless told; None: until a player is broke).

Actions (5): 0 check, 1 bet, 2 call, 3 raise, 4 fold (`stud.events.Action`
in order); a bet or raise is the round's fixed amount, or all a player has
when that is less.  The mask holds the seat's legal actions.

Observation (170 numbers, 0 to 1), the seat's view alone (its own hole
card, never the other's), cards by `common.research.encoding.card_index`,
money as a share of all there is (both starting stacks):

- 0–51: the seat's hole card; 52–103: its up cards; 104–155: the other
  player's up cards;
- 156–159: the betting round (1 to 4); 160–163: the raises it has had (0
  to 3);
- 164: the seat's stack; 165: the other's; 166: the pot; 167: what the
  seat must call; 168: the round's bet;
- 169: whether the seat is to act.

The reward, at the end of the game, is each seat's money won or lost
(`stud.game.StudGame.returns`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from common.research.encoding import Encoding, card_index
from common.research.versions import Version
from stud.events import Action
from stud.game import PLAYERS
from stud.rules import StudRules
from stud.spec import SPEC
from stud.view import StudView

if TYPE_CHECKING:
    from common.research.encoding import Vector
    from stud.cards import StudCard

ACTIONS = tuple(Action)
"""Every action's move, by action."""
_ACTION_OF = {action: index for index, action in enumerate(ACTIONS)}
_MONEY = PLAYERS * StudRules.STARTING_STACK
_HOLE, _UP, _OTHER_UP, _ROUND, _RAISES, _MONEY_AT, _TO_ACT = (
    0, 52, 104, 156, 160, 164, 169)
SIZE = 170
"""The numbers in an observation."""


class StudEncoding(Encoding[StudView, Action]):
    """Five Card Stud's actions and observations (see `stud.research`)."""

    name = "stud_v0"
    spec = SPEC
    defaults = {"hands": 1}

    num_actions = len(ACTIONS)
    """5: check, bet, call, raise, fold."""
    observation_size = SIZE
    """170 (see `stud.research`)."""

    def observe(self, view: StudView, out: Vector) -> None:
        """Write the seat's cards, the other's up cards and the betting."""
        out[_HOLE + card_index(view.hole_card)] = 1
        for start, cards in ((_UP, view.up_cards[view.seat]),
                             (_OTHER_UP, view.opponent_up_cards)):
            for card in cards:
                out[start + card_index(card)] = 1
        out[_ROUND + view.round_number - 1] = 1
        out[_RAISES + view.raises] = 1
        out[_MONEY_AT:_MONEY_AT + 5] = [
            view.stacks[view.seat] / _MONEY, view.stacks[view.opponent] / _MONEY,
            view.pot / _MONEY, view.to_call / _MONEY, view.bet_size / _MONEY]
        out[_TO_ACT] = bool(view.legal_actions)

    def legal_actions(self, view: StudView) -> Iterable[int]:
        """The view's legal actions."""
        return [_ACTION_OF[action] for action in view.legal_actions]

    def moves(self, action: int, view: StudView) -> Sequence[Action]:
        """The one move of `action`."""
        return (ACTIONS[action],)

    def action(self, move: Action, view: StudView) -> int:
        """The action of `move`."""
        return _ACTION_OF[move]

    def returns_range(self) -> tuple[float, float]:
        """A player wins or loses at most the stack each starts with."""
        return -float(StudRules.STARTING_STACK), float(StudRules.STARTING_STACK)

    def max_decisions(self) -> int:
        """24 a hand: each of 4 rounds a check, a bet, its raises and a call.

        Raises:
            ValueError: when the hands are None (until a player is broke).
        """
        hands = self.settings["hands"]
        if hands is None:
            raise ValueError("a game until a player is broke has no bound: give hands")
        return int(hands) * len(StudRules.BET_SIZES) * (3 + StudRules.MAX_RAISES)

    def seen_cards(self, view: StudView) -> Iterable[StudCard]:
        """The seat's hole card and every up card of the hand."""
        return [view.hole_card, *view.up_cards[0], *view.up_cards[1]]


stud_v0 = Version(StudEncoding)
"""Five Card Stud's environment, version 0: ``stud_v0.env()``, ``stud_v0.raw_env()``."""
env = stud_v0.env
"""Return the wrapped environment (`common.research.versions.Version.env`)."""
raw_env = stud_v0.raw_env
"""Return the environment unwrapped (`common.research.versions.Version.raw_env`)."""
