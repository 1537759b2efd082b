"""Big Two, the assignment's card game, ported class for class from Java.

`BigTwoCard` and `BigTwoDeck` order cards 3 … A, 2 and ♦ < ♣ < ♥ < ♠; `Hand`
and its eight subclasses are the legal combinations; `BigTwo` is the game's
rules and state, `BigTwoView` what one seat of it may see, and `legal_moves`
every move that seat may make; `BigTwoConsole` is its text interface.
`RandomPlayer` and `PlanningPlayer` are the computer players
(`bigtwo.simulation` measures them).  Play with
``python3 -m bigtwo``.
"""

from bigtwo.cards import BigTwoCard, BigTwoDeck
from bigtwo.console import BigTwoConsole
from bigtwo.game import BigTwo, IllegalMoveError
from bigtwo.hands import (
    HAND_TYPES,
    Flush,
    FullHouse,
    Hand,
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

__all__ = [
    "HAND_TYPES",
    "BigTwo",
    "BigTwoCard",
    "BigTwoConsole",
    "BigTwoDeck",
    "BigTwoView",
    "Flush",
    "FullHouse",
    "Hand",
    "IllegalMoveError",
    "Move",
    "Pair",
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
    "game",
    "hands",
    "moves",
    "simulation",
    "strategy",
    "view",
]
