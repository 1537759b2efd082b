"""Red Dog: one player against the house, betting that a middle card falls between two.

The engine (`RedDogGame`) holds the rules and state and never reads or prints;
`RedDogConsole` plays it on a terminal; `compute_odds` gives the exact odds of
a fresh shoe.  Run ``python3 -m reddog`` to play, ``python3 -m reddog --odds``
for the odds.  Money is integer cents throughout.
"""

from reddog.cards import RedDogCard, Shoe
from reddog.console import RedDogConsole
from reddog.game import (
    Deal,
    Decision,
    Outcome,
    Phase,
    RedDogGame,
    RoundResult,
    RulesError,
)
from reddog.hand import Hand, HandKind, spread_pays
from reddog.money import format_money, parse_money
from reddog.odds import Odds, SpreadOdds, compute_odds, format_odds

__all__ = [
    "Deal",
    "Decision",
    "Hand",
    "HandKind",
    "Odds",
    "Outcome",
    "Phase",
    "RedDogCard",
    "RedDogConsole",
    "RedDogGame",
    "RoundResult",
    "RulesError",
    "Shoe",
    "SpreadOdds",
    "compute_odds",
    "format_money",
    "format_odds",
    "parse_money",
    "spread_pays",
    "cards",
    "console",
    "game",
    "hand",
    "money",
    "odds",
]
