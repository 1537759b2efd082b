"""Big Two's fixed facts: four seats, the assignment's deal, hidden hands."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from common.engine.seats import EXPERT, RANDOM, SMART
from common.engine.spec import GameSpec, Settings
from common.language import N_

if TYPE_CHECKING:
    import random

    from bigtwo.game import BigTwo
    from common.engine.dealer import Dealer
    from common.engine.seats import Strategy, StrategyFactory

DEFAULT_THINK = 0.3
"""Seconds the expert (`bigtwo.expert.ExpertPlayer`) thinks over a decision
by default (``--think``): 15,000 decisions of smart.  On the two-core
machine of issue 26, quiet, 453 decisions of 40 deals against smart took a
median of 0.19 CPU-second, 0.28 s nine times in ten, 0.40 s at the most
(0.57 s at the most of 11,152 decisions while the machine was busy)."""
MIN_THINK = 0.01
"""The shortest ``--think``."""
MAX_THINK = 60.0
"""The longest ``--think``."""


class BigTwoSpec(GameSpec["BigTwo"]):
    """The assignment's Big Two: Players 0 to 3, each hand hidden from the others."""

    name = "bigtwo"
    title = N_("Big Two")
    seats = range(4, 5)
    hidden_cards = True
    strategy_names = (SMART, RANDOM, EXPERT)

    def new_game(self, settings: Settings, dealer: Dealer) -> BigTwo:
        """Return a game dealt by `dealer` (with the assignment's shuffle)."""
        from bigtwo.game import BigTwo

        return BigTwo(dealer)

    def factories(self, settings: Settings) -> Mapping[str, StrategyFactory[Any, Any]]:
        """Smart, random and the expert, thinking ``settings["think"]`` seconds.

        The expert is not in ``bigtwo.strategy.STRATEGIES``: it needs its
        time to think, and only a game with an expert seat imports it.
        With ``settings["cap"]`` (the full-screen and hosted tables'), it
        also stops at that many seconds by the clock
        (`bigtwo.expert.ExpertPlayer`).
        """
        expert = functools.partial(_expert, think=settings.get("think", DEFAULT_THINK),
                                   cap=settings.get("cap"))
        return {**self.strategies, EXPERT: expert}


def _expert(rng: random.Random, think: float, cap: float | None) -> Strategy[Any, Any]:
    """An expert player (`bigtwo.expert.ExpertPlayer`) thinking `think` seconds."""
    from bigtwo.expert import ExpertPlayer

    return ExpertPlayer(rng, think, cap)


SPEC = BigTwoSpec()
"""Big Two, as every front end and tool reads it."""
