"""Big Two, the assignment's card game, ported class for class from Java.

`BigTwoCard` and `BigTwoDeck` order cards 3 … A, 2 and ♦ < ♣ < ♥ < ♠; the
eight subclasses of the assignment's `Hand` (shared in `common.cards.hand`) are the
legal combinations; `BigTwo` is the game's rules and state (the game contract
of `common.engine.game`), `BigTwoView` what one seat of it may see, and `legal_moves`
every move that seat may make; `BigTwoConsole` is its text interface.
`RandomPlayer` and `PlanningPlayer` are the computer players
(`bigtwo.simulation` measures them).  Play with
``python3 -m bigtwo``.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from bigtwo.cards import BigTwoCard as BigTwoCard
    from bigtwo.cards import BigTwoDeck as BigTwoDeck
    from bigtwo.console import BigTwoConsole as BigTwoConsole
    from bigtwo.events import Dealt as Dealt
    from bigtwo.events import GameEnded as GameEnded
    from bigtwo.events import HandPlayed as HandPlayed
    from bigtwo.events import Passed as Passed
    from bigtwo.game import BigTwo as BigTwo
    from bigtwo.game import IllegalMoveError as IllegalMoveError
    from bigtwo.hands import HAND_TYPES as HAND_TYPES
    from bigtwo.hands import BigTwoHand as BigTwoHand
    from bigtwo.hands import Flush as Flush
    from bigtwo.hands import FullHouse as FullHouse
    from bigtwo.hands import Pair as Pair
    from bigtwo.hands import Quad as Quad
    from bigtwo.hands import Single as Single
    from bigtwo.hands import Straight as Straight
    from bigtwo.hands import StraightFlush as StraightFlush
    from bigtwo.hands import Triple as Triple
    from bigtwo.hands import compose_hand as compose_hand
    from bigtwo.moves import Move as Move
    from bigtwo.strategy import STRATEGIES as STRATEGIES
    from bigtwo.strategy import PlanningPlayer as PlanningPlayer
    from bigtwo.strategy import RandomPlayer as RandomPlayer
    from bigtwo.view import BigTwoView as BigTwoView
    from bigtwo.view import PlayedHand as PlayedHand
    from bigtwo.view import legal_moves as legal_moves
    from common.cards.hand import Hand as Hand

__getattr__, __dir__ = exports(__name__)
