"""Big Two, the assignment's card game, ported class for class from Java.

`BigTwoCard` and `BigTwoDeck` order cards 3 … A, 2 and ♦ < ♣ < ♥ < ♠; the
eight subclasses of the assignment's `Hand` (shared in `common.hand`) are the
legal combinations; `BigTwo` is the game's rules and state (the game contract
of `common.game`), `BigTwoView` what one seat of it may see, and `legal_moves`
every move that seat may make; `BigTwoConsole` is its text interface.
`RandomPlayer` and `PlanningPlayer` are the computer players
(`bigtwo.simulation` measures them).  Play with
``python3 -m bigtwo``.
"""

from common.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy; at run time each name is imported on first use
    from bigtwo.cards import BigTwoCard, BigTwoDeck
    from bigtwo.console import BigTwoConsole
    from bigtwo.events import Dealt, GameEnded, HandPlayed, Passed
    from bigtwo.game import BigTwo, IllegalMoveError
    from bigtwo.hands import (
        HAND_TYPES,
        BigTwoHand,
        Flush,
        FullHouse,
        Pair,
        Quad,
        Single,
        Straight,
        StraightFlush,
        Triple,
        compose_hand,
    )
    from bigtwo.moves import Move, legal_moves
    from bigtwo.strategy import STRATEGIES, PlanningPlayer, RandomPlayer
    from bigtwo.view import BigTwoView, PlayedHand
    from common.hand import Hand

__all__ = [
    "HAND_TYPES",
    "BigTwo",
    "BigTwoCard",
    "BigTwoConsole",
    "BigTwoDeck",
    "BigTwoHand",
    "BigTwoView",
    "Dealt",
    "Flush",
    "FullHouse",
    "GameEnded",
    "Hand",
    "HandPlayed",
    "IllegalMoveError",
    "Move",
    "Pair",
    "Passed",
    "PlayedHand",
    "PlanningPlayer",
    "Quad",
    "RandomPlayer",
    "STRATEGIES",
    "Single",
    "Straight",
    "StraightFlush",
    "Triple",
    "compose_hand",
    "legal_moves",
    "cards",
    "console",
    "events",
    "game",
    "hands",
    "moves",
    "program",
    "selection",
    "simulation",
    "strategy",
    "tui",
    "view",
]

__getattr__ = exports(__name__, {
    "bigtwo.cards": ["BigTwoCard", "BigTwoDeck"],
    "bigtwo.console": ["BigTwoConsole"],
    "bigtwo.events": ["Dealt", "GameEnded", "HandPlayed", "Passed"],
    "bigtwo.game": ["BigTwo", "IllegalMoveError"],
    "bigtwo.hands": [
        "HAND_TYPES",
        "BigTwoHand",
        "Flush",
        "FullHouse",
        "Pair",
        "Quad",
        "Single",
        "Straight",
        "StraightFlush",
        "Triple",
        "compose_hand",
    ],
    "bigtwo.moves": ["Move", "legal_moves"],
    "bigtwo.strategy": ["STRATEGIES", "PlanningPlayer", "RandomPlayer"],
    "bigtwo.view": ["BigTwoView", "PlayedHand"],
    "common.hand": ["Hand"],
}, __all__)
