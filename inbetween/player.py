"""An In Between player: the shared `CardGamePlayer` with a purse of coins."""

from __future__ import annotations

from typing import cast

from common.cards.player import CardGamePlayer
from inbetween.cards import InBetweenCard

MIN_PLAYERS = 2
"""The fewest players a game seats."""
MAX_PLAYERS = 10
"""The most players a game seats (a deck deals two cards to each, and more)."""


class InBetweenPlayer(CardGamePlayer):
    """A player with a name, the two cards of the round and a number of coins."""

    def __init__(self, name: str, coins: int) -> None:
        """Build a player called `name` holding `coins` coins and no cards."""
        super().__init__(name)
        self.coins = coins

    @property
    def is_out(self) -> bool:
        """Whether the player has no coins left, and so takes no more part."""
        return self.coins == 0

    @property
    def cards(self) -> tuple[InBetweenCard, ...]:
        """The cards in hand, as In Between cards (ace high)."""
        # The game deals to players only from an InBetweenDeck.
        return cast(tuple[InBetweenCard, ...], tuple(self.get_cards_in_hand()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, coins={self.coins})"
