"""Five Card Stud: heads-up poker on the shared card classes.

`evaluate` and `category` rate any five cards, and `poker_hand` makes them
a hand of its category's class (`PokerHand`, the assignment's `common.Hand`);
`StudGame` is the engine (the game contract of `common.engine.game`) and
`StudConsole` its console (``python3 -m stud``).  A computer player decides
from a `StudView`: `EquityPlayer` (the ``smart`` strategy) or `RandomPlayer`;
`stud.simulation` plays whole games between them.  See ``docs/stud.md``.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from stud.cards import StudCard as StudCard
    from stud.cards import StudDeck as StudDeck
    from stud.console import StudConsole as StudConsole
    from stud.evaluator import HandCategory as HandCategory
    from stud.evaluator import category as category
    from stud.evaluator import category_of as category_of
    from stud.evaluator import evaluate as evaluate
    from stud.events import Action as Action
    from stud.events import Event as Event
    from stud.game import IllegalMoveError as IllegalMoveError
    from stud.game import Phase as Phase
    from stud.game import StudGame as StudGame
    from stud.game import StudMove as StudMove
    from stud.hand import POKER_HANDS as POKER_HANDS
    from stud.hand import PokerHand as PokerHand
    from stud.hand import poker_hand as poker_hand
    from stud.rules import StudRules as StudRules
    from stud.strategy import STRATEGIES as STRATEGIES
    from stud.strategy import EquityPlayer as EquityPlayer
    from stud.strategy import RandomPlayer as RandomPlayer
    from stud.view import StudView as StudView

__getattr__, __dir__ = exports(__name__)
