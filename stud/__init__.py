"""Five Card Stud: heads-up poker on the shared card classes.

`evaluate` and `category` rate any five cards; `StudGame` is the engine and
`StudConsole` its console (``python3 -m stud``).  A computer player decides
from a `StudView`: `EquityPlayer` (the ``smart`` strategy) or `RandomPlayer`;
`stud.simulation` plays whole games between them.  See ``docs/stud.md``.
"""

from stud.cards import StudCard, StudDeck
from stud.console import StudConsole
from stud.evaluator import HandCategory, category, category_of, evaluate
from stud.events import Action, Event
from stud.game import IllegalActionError, Phase, StudGame
from stud.hand import PokerHand
from stud.rules import StudRules
from stud.strategy import STRATEGIES, EquityPlayer, RandomPlayer
from stud.view import StudView

__all__ = [
    "Action",
    "EquityPlayer",
    "Event",
    "HandCategory",
    "IllegalActionError",
    "Phase",
    "PokerHand",
    "RandomPlayer",
    "STRATEGIES",
    "StudCard",
    "StudConsole",
    "StudDeck",
    "StudGame",
    "StudRules",
    "StudView",
    "category",
    "category_of",
    "evaluate",
    "cards",
    "console",
    "evaluator",
    "events",
    "game",
    "hand",
    "rules",
    "simulation",
    "strategy",
    "view",
]
