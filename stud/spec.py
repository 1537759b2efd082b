"""Five Card Stud's fixed facts: two seats, a hand limit, the hole cards hidden.

The engine, the strategies and the measures are imported when first used,
so that ``--help`` imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from common.engine.spec import GameSpec, Settings

if TYPE_CHECKING:
    from common.engine.dealer import Dealer
    from common.engine.measures import GameResult, Metric
    from common.engine.seats import StrategyFactory
    from stud.game import StudGame


class StudSpec(GameSpec["StudGame"]):
    """Heads-up Five Card Stud: Players 0 and 1, each hole card hidden."""

    name = "stud"
    title = "Five Card Stud"
    seats = range(2, 3)
    settings = ("hands",)
    """``hands``: the most hands a game lasts (None: until a player is broke)."""
    hidden_cards = True

    def new_game(self, settings: Settings, dealer: Dealer) -> StudGame:
        """Return a game of at most ``hands`` hands (no limit for None)."""
        from stud.game import StudGame

        return StudGame(dealer, max_hands=settings["hands"])

    @property
    def strategies(self) -> Mapping[str, StrategyFactory[Any, Any]]:
        """The equity player (``smart``) and the random one."""
        from stud.strategy import STRATEGIES

        return STRATEGIES

    @property
    def metrics(self) -> Sequence[Metric]:
        """Each player's win rate and money won."""
        from stud.simulation import METRICS

        return METRICS

    def measure(self, game: StudGame) -> GameResult:
        """Return the win (½ for a draw) and the money won of each player."""
        from stud.simulation import measure

        return measure(game)

    def simulation_title(self, settings: Settings) -> str:
        """Return ``Five Card Stud, games of N hands``."""
        hands = settings["hands"]
        return f"Five Card Stud, games of {hands} hand{'' if hands == 1 else 's'}"


SPEC = StudSpec()
"""Five Card Stud, as every front end and tool reads it."""
