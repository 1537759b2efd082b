"""Big Two's fixed facts: four seats, the assignment's deal, hidden hands.

The engine, the strategies and the measures are imported when first used,
so that ``--help`` imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from common.engine.spec import GameSpec, Settings

if TYPE_CHECKING:
    from bigtwo.game import BigTwo
    from common.engine.dealer import Dealer
    from common.engine.measures import GameResult, Metric
    from common.engine.seats import StrategyFactory


class BigTwoSpec(GameSpec["BigTwo"]):
    """The assignment's Big Two: Players 0 to 3, each hand hidden from the others."""

    name = "bigtwo"
    title = "Big Two"
    seats = range(4, 5)
    hidden_cards = True

    def new_game(self, settings: Settings, dealer: Dealer) -> BigTwo:
        """Return a game dealt by `dealer` (with the assignment's shuffle)."""
        from bigtwo.game import BigTwo

        return BigTwo(dealer)

    @property
    def strategies(self) -> Mapping[str, StrategyFactory[Any, Any]]:
        """The planning player (``smart``) and the random one."""
        from bigtwo.strategy import STRATEGIES

        return STRATEGIES

    @property
    def metrics(self) -> Sequence[Metric]:
        """Each seat's win rate and the cards it still holds at the end."""
        from bigtwo.simulation import METRICS

        return METRICS

    def measure(self, game: BigTwo) -> GameResult:
        """Return each seat's win and cards left."""
        from bigtwo.simulation import measure

        return measure(game)


SPEC = BigTwoSpec()
"""Big Two, as every front end and tool reads it."""
