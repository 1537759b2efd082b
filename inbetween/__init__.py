"""In Between (Acey-Deucey): the multi-player coin game, on the shared card classes.

Each player holds two cards face up and bets whether a third card will fall
strictly between them.  `InBetweenGame` is the engine (rules and state only),
`InBetweenConsole` plays it at a terminal, and ``python3 -m inbetween`` starts a
game; see ``docs/inbetween.md`` for the rules as implemented.
"""

from inbetween.cards import InBetweenCard, InBetweenDeck
from inbetween.console import InBetweenConsole
from inbetween.events import (
    Action,
    DrawOutcome,
    EndReason,
    Event,
    PairKind,
    TransferReason,
)
from inbetween.game import IllegalMoveError, InBetweenGame
from inbetween.player import InBetweenPlayer

__all__ = [
    "Action",
    "DrawOutcome",
    "EndReason",
    "Event",
    "IllegalMoveError",
    "InBetweenCard",
    "InBetweenConsole",
    "InBetweenDeck",
    "InBetweenGame",
    "InBetweenPlayer",
    "PairKind",
    "TransferReason",
    "cards",
    "console",
    "events",
    "game",
    "player",
]
