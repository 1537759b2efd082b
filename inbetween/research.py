"""In Between as a research environment: `inbetween_v0`, for PettingZoo.

``inbetween_v0.env(players=2)`` (or ``env()`` here) is the PettingZoo AEC
environment of `common.research.environment`, an agent a seat,
``player_0`` and up; it needs the extra ``rl`` (docs/research.md).  The
settings are the game's: ``players`` (2 unless told), ``refill`` and
``rounds`` (see `inbetween.spec.InBetweenSpec`).

Actions (1 + 10 × players): 0 folds, ``k`` bets ``k`` coins; the mask holds
fold and the bets in range (1 in the first round, then up to the smaller
of the seat's coins and the pool).

Observation (160 + 2 × players numbers, 0 to 1): every card of a round is
face up, so a seat sees all but the undealt deck; seats are counted from
the observing one (0 is itself), cards by
`common.research.encoding.card_index`, coins as a share of all there are:

- 0–51: the seat's own two cards; 52–103: the other seats' cards; 104–155:
  the cards drawn after bets this round;
- then for each seat in turn its coins; then the pool;
- then whose turn it is, a place per seat;
- then the least and the most the seat to move may bet, and whether this
  is the first round.

The reward, at the end of the game, is each seat's coins won or lost,
ante included (`inbetween.game.InBetweenGame.returns`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from common.research.encoding import Encoding, card_index
from common.research.versions import Version
from inbetween.game import STARTING_COINS, InBetweenMove
from inbetween.player import MIN_PLAYERS
from inbetween.spec import SPEC
from inbetween.view import FOLD, Choice, InBetweenView

if TYPE_CHECKING:
    from common.engine.spec import Settings
    from common.research.encoding import Vector
    from inbetween.cards import InBetweenCard

_OWN, _OTHERS, _DRAWN, _COINS = 0, 52, 104, 156


class InBetweenEncoding(Encoding[InBetweenView, InBetweenMove]):
    """In Between's actions and observations (see `inbetween.research`)."""

    name = "inbetween_v0"
    spec = SPEC
    defaults = {"players": MIN_PLAYERS, "refill": False, "rounds": None}

    def __init__(self, settings: Settings) -> None:
        """Take `settings` over the `defaults`; the sizes follow the players."""
        super().__init__(settings)
        self.coins = STARTING_COINS * self.num_seats
        """All the coins there are: each player's start."""
        self.num_actions = 1 + self.coins
        """Fold, then a bet of each number of coins up to all there are."""
        self.observation_size = _COINS + 2 * self.num_seats + 4
        """160 + 2 × players (see `inbetween.research`)."""

    def observe(self, view: InBetweenView, out: Vector) -> None:
        """Write the cards face up, the coins, the pool and the bets open."""
        me, seats, coins = view.seat, self.num_seats, self.coins
        for seat, hand in enumerate(view.hands):
            start = _OWN if seat == me else _OTHERS
            for card in hand:
                out[start + card_index(card)] = 1
        for card in view.drawn:
            out[_DRAWN + card_index(card)] = 1
        for seat, held in enumerate(view.coins):
            out[_COINS + (seat - me) % seats] = held / coins
        pool = _COINS + seats
        out[pool] = view.pool / coins
        out[pool + 1 + (view.current - me) % seats] = 1
        low, high = view.bet_range
        end = pool + 1 + seats
        out[end:end + 3] = [low / coins, high / coins, view.round == 1]

    def legal_actions(self, view: InBetweenView) -> Iterable[int]:
        """Fold and every bet in range."""
        low, high = view.bet_range
        return [0, *range(low, high + 1)]

    def moves(self, action: int, view: InBetweenView) -> Sequence[Choice]:
        """The one move of `action`: fold, or a bet of `action` coins."""
        return (FOLD if action == 0 else action,)

    def action(self, move: InBetweenMove, view: InBetweenView) -> int:
        """The action of `move`: 0 to fold, the coins of a bet."""
        if move == FOLD:
            return 0
        assert isinstance(move, int), move
        return move

    utility_sum = None
    """What is left in the pool at the end is nobody's."""

    def returns_range(self) -> tuple[float, float]:
        """A seat loses at most its coins and wins at most all the others'."""
        return -float(STARTING_COINS), float(self.coins - STARTING_COINS)

    def max_decisions(self) -> int:
        """A decision a seat a round.

        Raises:
            ValueError: when the rounds are None (no limit).
        """
        rounds = self.settings["rounds"]
        if rounds is None:
            raise ValueError("a game with no limit of rounds has no bound: give rounds")
        return int(rounds) * self.num_seats

    def seen_cards(self, view: InBetweenView) -> Iterable[InBetweenCard]:
        """Every card of the round: all are face up."""
        return [*(card for hand in view.hands for card in hand), *view.drawn]


SPIEL_ROUNDS = 20
"""The most rounds of a game for OpenSpiel, unless told: it needs a bound."""
inbetween_v0 = Version(InBetweenEncoding, {"rounds": SPIEL_ROUNDS})
"""In Between's environment, version 0: ``inbetween_v0.env()``,
``inbetween_v0.raw_env()``."""
env = inbetween_v0.env
"""Return the wrapped environment (`common.research.versions.Version.env`)."""
raw_env = inbetween_v0.raw_env
"""Return the environment unwrapped (`common.research.versions.Version.raw_env`)."""
