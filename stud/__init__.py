"""Five Card Stud: heads-up poker on the shared card classes.

`evaluate` and `category` rate any five cards, and `poker_hand` makes them
a hand of its category's class (`PokerHand`, the assignment's `common.Hand`);
`StudGame` is the engine (the game contract of `common.game`) and
`StudConsole` its console (``python3 -m stud``).  A computer player decides
from a `StudView`: `EquityPlayer` (the ``smart`` strategy) or `RandomPlayer`;
`stud.simulation` plays whole games between them.  See ``docs/stud.md``.
"""

from common.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy; at run time each name is imported on first use
    from stud.cards import StudCard, StudDeck
    from stud.console import StudConsole
    from stud.evaluator import HandCategory, category, category_of, evaluate
    from stud.events import Action, Event
    from stud.game import IllegalMoveError, Phase, StudGame, StudMove
    from stud.hand import POKER_HANDS, PokerHand, poker_hand
    from stud.rules import StudRules
    from stud.strategy import STRATEGIES, EquityPlayer, RandomPlayer
    from stud.view import StudView

__all__ = [
    "Action",
    "EquityPlayer",
    "Event",
    "HandCategory",
    "IllegalMoveError",
    "POKER_HANDS",
    "Phase",
    "PokerHand",
    "RandomPlayer",
    "STRATEGIES",
    "StudCard",
    "StudConsole",
    "StudDeck",
    "StudGame",
    "StudMove",
    "StudRules",
    "StudView",
    "category",
    "category_of",
    "evaluate",
    "poker_hand",
    "cards",
    "console",
    "evaluator",
    "events",
    "game",
    "hand",
    "program",
    "rules",
    "simulation",
    "strategy",
    "tui",
    "view",
]

__getattr__ = exports(__name__, {
    "stud.cards": ["StudCard", "StudDeck"],
    "stud.console": ["StudConsole"],
    "stud.evaluator": ["HandCategory", "category", "category_of", "evaluate"],
    "stud.events": ["Action", "Event"],
    "stud.game": ["IllegalMoveError", "Phase", "StudGame", "StudMove"],
    "stud.hand": ["POKER_HANDS", "PokerHand", "poker_hand"],
    "stud.rules": ["StudRules"],
    "stud.strategy": ["STRATEGIES", "EquityPlayer", "RandomPlayer"],
    "stud.view": ["StudView"],
}, __all__)
