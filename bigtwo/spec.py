"""Big Two's fixed facts: four seats, the assignment's deal, hidden hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.engine.spec import GameSpec, Settings
from common.language import N_

if TYPE_CHECKING:
    from bigtwo.game import BigTwo
    from common.engine.dealer import Dealer


class BigTwoSpec(GameSpec["BigTwo"]):
    """The assignment's Big Two: Players 0 to 3, each hand hidden from the others."""

    name = "bigtwo"
    title = N_("Big Two")
    seats = range(4, 5)
    hidden_cards = True

    def new_game(self, settings: Settings, dealer: Dealer) -> BigTwo:
        """Return a game dealt by `dealer` (with the assignment's shuffle)."""
        from bigtwo.game import BigTwo

        return BigTwo(dealer)


SPEC = BigTwoSpec()
"""Big Two, as every front end and tool reads it."""
