"""Five Card Stud's fixed facts: two seats, a hand limit, the hole cards hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.engine.spec import GameSpec, Settings
from common.language import N_, ngettext

if TYPE_CHECKING:
    from common.engine.dealer import Dealer
    from stud.game import StudGame


class StudSpec(GameSpec["StudGame"]):
    """Heads-up Five Card Stud: Players 0 and 1, each hole card hidden."""

    name = "stud"
    title = N_("Five Card Stud")
    seats = range(2, 3)
    settings = ("hands",)
    """``hands``: the most hands a game lasts (None: until a player is broke)."""
    hidden_cards = True

    def new_game(self, settings: Settings, dealer: Dealer) -> StudGame:
        """Return a game of at most ``hands`` hands (no limit for None)."""
        from stud.game import StudGame

        return StudGame(dealer, max_hands=settings["hands"])

    def simulation_title(self, settings: Settings) -> str:
        """Return ``Five Card Stud, games of N hands``."""
        hands = settings["hands"]
        return ngettext("Five Card Stud, games of {count} hand",
                        "Five Card Stud, games of {count} hands", hands).format(
                            count=hands)


SPEC = StudSpec()
"""Five Card Stud, as every front end and tool reads it."""
