"""In Between (Acey-Deucey): the multi-player coin game, on the shared card classes.

Each player holds two cards face up and bets whether a third card will fall
strictly between them (`Gate`, the shared two-card hand).  `InBetweenGame` is
the engine (rules and state only, the game contract of `common.game`),
`InBetweenConsole` plays it at a terminal, and ``python3 -m inbetween`` starts a
game; see ``docs/inbetween.md`` for the rules as implemented.  The computer
decides from an `InBetweenView` with `OddsBettor` (the real strategy) or
`RandomPlayer` (the baseline); `inbetween.simulation` plays whole games with
the computer in every seat.
"""

from common.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy; at run time each name is imported on first use
    from inbetween.cards import InBetweenCard, InBetweenDeck
    from inbetween.console import InBetweenConsole, spell
    from inbetween.events import (
        Action,
        DrawOutcome,
        EndReason,
        Event,
        PairKind,
        TransferReason,
    )
    from inbetween.game import IllegalMoveError, InBetweenGame, InBetweenMove
    from inbetween.hand import Gate
    from inbetween.player import InBetweenPlayer
    from inbetween.strategy import (
        STRATEGIES,
        OddsBettor,
        RandomPlayer,
        chance_between,
    )
    from inbetween.view import FOLD, Choice, InBetweenView

__all__ = [
    "FOLD",
    "STRATEGIES",
    "Action",
    "Choice",
    "DrawOutcome",
    "EndReason",
    "Event",
    "Gate",
    "IllegalMoveError",
    "InBetweenCard",
    "InBetweenConsole",
    "InBetweenDeck",
    "InBetweenGame",
    "InBetweenMove",
    "InBetweenPlayer",
    "InBetweenView",
    "OddsBettor",
    "PairKind",
    "RandomPlayer",
    "TransferReason",
    "cards",
    "chance_between",
    "console",
    "events",
    "game",
    "hand",
    "player",
    "program",
    "simulation",
    "spell",
    "strategy",
    "tui",
    "view",
]

__getattr__ = exports(__name__, {
    "inbetween.cards": ["InBetweenCard", "InBetweenDeck"],
    "inbetween.console": ["InBetweenConsole", "spell"],
    "inbetween.events": [
        "Action",
        "DrawOutcome",
        "EndReason",
        "Event",
        "PairKind",
        "TransferReason",
    ],
    "inbetween.game": ["IllegalMoveError", "InBetweenGame", "InBetweenMove"],
    "inbetween.hand": ["Gate"],
    "inbetween.player": ["InBetweenPlayer"],
    "inbetween.strategy": [
        "STRATEGIES",
        "OddsBettor",
        "RandomPlayer",
        "chance_between",
    ],
    "inbetween.view": ["FOLD", "Choice", "InBetweenView"],
}, __all__)
