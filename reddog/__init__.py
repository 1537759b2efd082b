"""Red Dog: one player against the house, betting that a middle card falls between two.

The engine (`RedDogGame`, the game contract of `common.game`) holds the rules
and state and never reads or prints; the first two cards of a round are a
`Spread` (the shared two-card hand);
`RedDogConsole` plays it on a terminal; `compute_odds` gives the exact odds of
a fresh shoe, `round_expectation` and `spread_odds` those of the shoe as dealt.
`BestPlayer` plays the exact best strategy from the cards seen (`RedDogView`),
`RandomPlayer` is the baseline.  Run ``python3 -m reddog`` to play,
``python3 -m reddog --odds`` for the odds.  Money is integer cents throughout.
"""

from common.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy; at run time each name is imported on first use
    from reddog.cards import RedDogCard, Shoe
    from reddog.console import RedDogConsole, spell
    from reddog.events import (
        BetChanged,
        Decision,
        DecisionMade,
        Ending,
        GameEnded,
        GameStarted,
        NewShoe,
        Outcome,
        RoundDealt,
        RoundSettled,
    )
    from reddog.game import (
        DEAL,
        Bet,
        DealNow,
        IllegalMoveError,
        Phase,
        RedDogGame,
        RedDogMove,
        RedDogView,
    )
    from reddog.hand import HandKind, Spread, spread_pays
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
        STRATEGIES,
        Advice,
        BestPlayer,
        Move,
        RandomPlayer,
        advise,
    )

__all__ = [
    "DEAL",
    "STRATEGIES",
    "Advice",
    "BestPlayer",
    "Bet",
    "BetChanged",
    "DealNow",
    "Decision",
    "DecisionMade",
    "Ending",
    "GameEnded",
    "GameStarted",
    "HandKind",
    "HandOdds",
    "IllegalMoveError",
    "Move",
    "NewShoe",
    "Odds",
    "Outcome",
    "Phase",
    "RandomPlayer",
    "RedDogCard",
    "RedDogConsole",
    "RedDogGame",
    "RedDogMove",
    "RedDogView",
    "RoundDealt",
    "RoundSettled",
    "Shoe",
    "Spread",
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
    "events",
    "game",
    "hand",
    "money",
    "odds",
    "program",
    "simulation",
    "strategy",
    "tui",
]

__getattr__ = exports(__name__, {
    "reddog.cards": ["RedDogCard", "Shoe"],
    "reddog.console": ["RedDogConsole", "spell"],
    "reddog.events": [
        "BetChanged",
        "Decision",
        "DecisionMade",
        "Ending",
        "GameEnded",
        "GameStarted",
        "NewShoe",
        "Outcome",
        "RoundDealt",
        "RoundSettled",
    ],
    "reddog.game": [
        "DEAL",
        "Bet",
        "DealNow",
        "IllegalMoveError",
        "Phase",
        "RedDogGame",
        "RedDogMove",
        "RedDogView",
    ],
    "reddog.hand": ["HandKind", "Spread", "spread_pays"],
    "reddog.money": ["format_money", "parse_money"],
    "reddog.odds": [
        "HandOdds",
        "Odds",
        "SpreadOdds",
        "compute_odds",
        "format_odds",
        "remaining_counts",
        "round_expectation",
        "spread_odds",
    ],
    "reddog.strategy": [
        "STRATEGIES",
        "Advice",
        "BestPlayer",
        "Move",
        "RandomPlayer",
        "advise",
    ],
}, __all__)
