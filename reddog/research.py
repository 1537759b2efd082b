"""Red Dog as a research environment: `reddog_v0` (PettingZoo) and `gym_env`.

``reddog_v0.env()`` (or ``env()`` here) is the PettingZoo AEC environment
of `common.research.environment`, one agent ``player_0``; ``gym_env()`` is
the same game as a Gymnasium environment (`common.research.gym`).  Both
need the extra ``rl`` (docs/research.md).  The settings are the game's:
``decks`` (4 unless told) and ``rounds`` (100 unless told, as the computer
plays a session; None: until the player is broke).

Actions (12): 0 plays the spread, 1 doubles; 2 to 11 deal the next round
with a bet of $50 to $500 (``2 + k`` bets $50 × (k + 1)): the bet, then
the deal, are the game's moves.  The mask holds play (and double when the
credit covers it) on a spread, else the bets the credit covers.  Quitting
is no action: the game ends with its rounds, or when the credit is below
the least bet.

Observation (54 numbers, at least 0; every card is dealt face up, so the
player sees all but the order of the cards left):

- 0: whether a spread awaits play or double; 1: the credit, in thousands
  of dollars (it starts at 1);
- 2–11: the bet ($50 to $500, one of ten);
- 12–24 and 25–37: the values (2 to ace) of the spread's first and second
  card, when one awaits;
- 38: whether the credit covers a double;
- 39–51: for each value, the share of the shoe's cards of that value dealt;
- 52: the share of the shoe dealt; 53: whether a new shoe comes next.

The reward, at the end of the game, is the money won or lost, in dollars
(`reddog.game.RedDogGame.returns`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from common.research.encoding import Encoding
from common.research.versions import Version
from reddog.cards import CARDS_PER_DECK, DEFAULT_DECKS, VALUES, value_index
from reddog.events import Decision
from reddog.game import (
    BET_STEP,
    DEAL,
    MAX_BET,
    STARTING_CREDIT,
    Bet,
    Phase,
    RedDogMove,
    RedDogView,
)
from reddog.hand import TRIPS_PAYS
from reddog.money import CENTS_PER_DOLLAR
from reddog.spec import DEFAULT_ROUNDS, SPEC

if TYPE_CHECKING:
    from common.research.encoding import Vector
    from common.research.gym import SingleSeatEnv
    from reddog.cards import RedDogCard

PLAY, DOUBLE, DEAL_AT = 0, 1, 2
"""Play, double, and the first deal action (a $50 bet)."""
BETS = 10
"""The bets: $50 to $500."""
_DECIDING, _CREDIT, _BET, _FIRST, _SECOND = 0, 1, 2, 12, 25
_DOUBLE, _SEEN, _DEALT, _NEW_SHOE = 38, 39, 52, 53
SIZE = 54
"""The numbers in an observation."""


def _bet_action(cents: int) -> int:
    return DEAL_AT + cents // BET_STEP - 1


class RedDogEncoding(Encoding[RedDogView, RedDogMove]):
    """Red Dog's actions and observations (see `reddog.research`)."""

    name = "reddog_v0"
    spec = SPEC
    defaults = {"decks": DEFAULT_DECKS, "rounds": DEFAULT_ROUNDS}
    observation_high = float("inf")

    num_actions = DEAL_AT + BETS
    """12: play, double, and a deal with each bet."""
    observation_size = SIZE
    """54 (see `reddog.research`)."""

    def observe(self, view: RedDogView, out: Vector) -> None:
        """Write the money, the spread awaiting a decision and the count."""
        out[_DECIDING] = view.phase is Phase.DECIDING
        out[_CREDIT] = view.credit / STARTING_CREDIT
        out[_bet_action(view.bet) - DEAL_AT + _BET] = 1
        hand = view.hand
        if hand is not None:
            out[_FIRST + value_index(hand.first.value)] = 1
            out[_SECOND + value_index(hand.second.value)] = 1
        out[_DOUBLE] = view.can_double
        out[_SEEN:_SEEN + VALUES] = [count / (4 * view.decks) for count in view.seen]
        out[_DEALT] = len(view.dealt) / (CARDS_PER_DECK * view.decks)
        out[_NEW_SHOE] = view.new_shoe_next

    def legal_actions(self, view: RedDogView) -> Iterable[int]:
        """Play and double on a spread (double if covered), else the bets covered."""
        if view.phase is Phase.DECIDING:
            return (PLAY, DOUBLE) if view.can_double else (PLAY,)
        return range(DEAL_AT, _bet_action(view.max_bet) + 1)

    def moves(self, action: int, view: RedDogView) -> Sequence[RedDogMove]:
        """Play or double; or the bet (unless it is the bet already), then the deal."""
        if action == PLAY:
            return (Decision.PLAY,)
        if action == DOUBLE:
            return (Decision.DOUBLE,)
        cents = (action - DEAL_AT + 1) * BET_STEP
        return (DEAL,) if cents == view.bet else (Bet(cents), DEAL)

    def action(self, move: RedDogMove, view: RedDogView) -> int:
        """The action of `move`: a bet or a deal deals with that bet."""
        if move is Decision.PLAY:
            return PLAY
        if move is Decision.DOUBLE:
            return DOUBLE
        if isinstance(move, Bet):
            return _bet_action(move.cents)
        assert move is DEAL, move
        return _bet_action(view.bet)

    utility_sum = None
    """One player, against the house."""

    def returns_range(self) -> tuple[float, float]:
        """The credit lost, up to each round's largest bet doubled, won at 11 to 1.

        Raises:
            ValueError: when the rounds are None (until the player is broke).
        """
        most = self._rounds() * 2 * MAX_BET * TRIPS_PAYS
        return -STARTING_CREDIT / CENTS_PER_DOLLAR, most / CENTS_PER_DOLLAR

    def max_decisions(self) -> int:
        """Two a round: its deal, and a decision on its spread.

        Raises:
            ValueError: when the rounds are None (until the player is broke).
        """
        return 2 * self._rounds()

    def _rounds(self) -> int:
        rounds = self.settings["rounds"]
        if rounds is None:
            raise ValueError("a game until broke has no bound: give rounds")
        return int(rounds)

    def seen_cards(self, view: RedDogView) -> Iterable[RedDogCard]:
        """The cards dealt from the shoe in play: all are face up."""
        return view.dealt


reddog_v0 = Version(RedDogEncoding)
"""Red Dog's environment, version 0: ``reddog_v0.env()``, ``reddog_v0.raw_env()``."""
env = reddog_v0.env
"""Return the wrapped environment (`common.research.versions.Version.env`)."""
raw_env = reddog_v0.raw_env
"""Return the environment unwrapped (`common.research.versions.Version.raw_env`)."""


def gym_env(render_mode: str | None = None, **settings: Any) -> SingleSeatEnv:
    """Return Red Dog as a Gymnasium environment (`common.research.gym.SingleSeatEnv`).

    Raises:
        common.research.extra.MissingExtra: without the extra ``rl``.
        ValueError: for a setting or render mode there is not.
    """
    from common.research import extra

    extra.check()
    from common.research.gym import SingleSeatEnv

    return SingleSeatEnv(RedDogEncoding(settings), render_mode)
