"""Red Dog: one player against the house, betting that a middle card falls between two.

The engine (`RedDogGame`) holds the rules and state and never reads or prints;
`RedDogConsole` plays it on a terminal; `compute_odds` gives the exact odds of
a fresh shoe, `round_expectation` and `spread_odds` those of the shoe as dealt.
`BestPlayer` plays the exact best strategy from the cards seen (`RedDogView`),
`RandomPlayer` is the baseline.  Run ``python3 -m reddog`` to play,
``python3 -m reddog --odds`` for the odds.  Money is integer cents throughout.
"""

from reddog.cards import RedDogCard, Shoe
from reddog.console import RedDogConsole
from reddog.game import (
    Deal,
    Decision,
    Ending,
    Outcome,
    Phase,
    RedDogGame,
    RedDogView,
    RoundResult,
    RulesError,
)
from reddog.hand import Hand, HandKind, spread_pays
from reddog.money import format_money, parse_money
from reddog.odds import (
    HandOdds,
    Odds,
    SpreadOdds,
    compute_odds,
    format_odds,
    remaining_counts,
    round_expectation,
    spread_odds,
)
from reddog.strategy import (
    DEAL,
    STRATEGIES,
    Advice,
    BestPlayer,
    Bet,
    Move,
    RandomPlayer,
    advise,
    spell,
)

__all__ = [
    "DEAL",
    "STRATEGIES",
    "Advice",
    "BestPlayer",
    "Bet",
    "Deal",
    "Decision",
    "Ending",
    "Hand",
    "HandKind",
    "HandOdds",
    "Move",
    "Odds",
    "Outcome",
    "Phase",
    "RandomPlayer",
    "RedDogCard",
    "RedDogConsole",
    "RedDogGame",
    "RedDogView",
    "RoundResult",
    "RulesError",
    "Shoe",
    "SpreadOdds",
    "advise",
    "compute_odds",
    "format_money",
    "format_odds",
    "parse_money",
    "remaining_counts",
    "round_expectation",
    "spell",
    "spread_odds",
    "spread_pays",
    "cards",
    "console",
    "game",
    "hand",
    "money",
    "odds",
    "simulation",
    "strategy",
]
