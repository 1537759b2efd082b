"""In Between's fixed facts: 2 to 10 seats, the house rules, every card face up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.engine.spec import GameSpec, Settings
from common.language import N_
from inbetween.player import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from common.engine.dealer import Dealer
    from inbetween.game import InBetweenGame


class InBetweenSpec(GameSpec["InBetweenGame"]):
    """In Between (Acey-Deucey) for 2 to 10 players."""

    name = "inbetween"
    title = N_("In Between")
    seats = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    settings = ("players", "refill", "rounds")
    """``players``; ``refill``: whether an empty pool is refilled rather than
    ending the game; ``rounds``: the most rounds a game lasts (None: no limit)."""

    def num_seats(self, settings: Settings) -> int:
        """The number of players."""
        players: int = settings["players"]
        return players

    def new_game(self, settings: Settings, dealer: Dealer) -> InBetweenGame:
        """Return a game for ``players`` players, with ``refill`` and ``rounds``.

        Settings without the house rules (built before they existed) play
        the seed's rule.
        """
        from inbetween.game import InBetweenGame

        return InBetweenGame(dealer, players=settings["players"],
                             refill=settings.get("refill", False),
                             max_rounds=settings.get("rounds"))

    def simulation_title(self, settings: Settings) -> str:
        """Return ``In Between, N players``, with the house rules played."""
        title = f"In Between, {settings['players']} players"
        if settings.get("refill"):
            title += ", the pool refilled"
        rounds = settings.get("rounds")
        if rounds is not None:
            title += f", at most {rounds} round{'' if rounds == 1 else 's'}"
        return title


SPEC = InBetweenSpec()
"""In Between, as every front end and tool reads it."""
