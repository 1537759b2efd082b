"""Big Two, the assignment's card game, ported class for class from Java.

`BigTwoCard` and `BigTwoDeck` order cards 3 … A, 2 and ♦ < ♣ < ♥ < ♠; `Hand`
and its eight subclasses are the legal combinations; `BigTwo` is the game's
rules and state; `BigTwoConsole` is its text interface.  Play with
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

__all__ = [
    "HAND_TYPES",
    "BigTwo",
    "BigTwoCard",
    "BigTwoConsole",
    "BigTwoDeck",
    "Flush",
    "FullHouse",
    "Hand",
    "IllegalMoveError",
    "Pair",
    "Quad",
    "Single",
    "Straight",
    "StraightFlush",
    "Triple",
    "compose_hand",
    "cards",
    "console",
    "game",
    "hands",
]
