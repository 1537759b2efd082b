"""Red Dog: one player against the house, betting that a middle card falls between two.

The engine (`RedDogGame`, the game contract of `common.engine.game`) holds the rules
and state and never reads or prints; the first two cards of a round are a
`Spread` (the shared two-card hand);
`RedDogConsole` plays it on a terminal; `compute_odds` gives the exact odds of
a fresh shoe, `round_expectation` and `spread_odds` those of the shoe as dealt.
`BestPlayer` plays the exact best strategy from the cards seen (`RedDogView`),
`RandomPlayer` is the baseline.  Run ``python3 -m reddog`` to play,
``python3 -m reddog --odds`` for the odds.  Money is integer cents throughout.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from reddog.cards import RedDogCard as RedDogCard
    from reddog.cards import Shoe as Shoe
    from reddog.console import RedDogConsole as RedDogConsole
    from reddog.console import spell as spell
    from reddog.events import BetChanged as BetChanged
    from reddog.events import Decision as Decision
    from reddog.events import DecisionMade as DecisionMade
    from reddog.events import Ending as Ending
    from reddog.events import GameEnded as GameEnded
    from reddog.events import GameStarted as GameStarted
    from reddog.events import NewShoe as NewShoe
    from reddog.events import Outcome as Outcome
    from reddog.events import RoundDealt as RoundDealt
    from reddog.events import RoundSettled as RoundSettled
    from reddog.game import DEAL as DEAL
    from reddog.game import Bet as Bet
    from reddog.game import DealNow as DealNow
    from reddog.game import IllegalMoveError as IllegalMoveError
    from reddog.game import Phase as Phase
    from reddog.game import RedDogGame as RedDogGame
    from reddog.game import RedDogMove as RedDogMove
    from reddog.game import RedDogView as RedDogView
    from reddog.hand import HandKind as HandKind
    from reddog.hand import Spread as Spread
    from reddog.hand import spread_pays as spread_pays
    from reddog.money import format_money as format_money
    from reddog.money import parse_money as parse_money
    from reddog.odds import HandOdds as HandOdds
    from reddog.odds import Odds as Odds
    from reddog.odds import SpreadOdds as SpreadOdds
    from reddog.odds import compute_odds as compute_odds
    from reddog.odds import format_odds as format_odds
    from reddog.odds import remaining_counts as remaining_counts
    from reddog.odds import round_expectation as round_expectation
    from reddog.odds import spread_odds as spread_odds
    from reddog.strategy import STRATEGIES as STRATEGIES
    from reddog.strategy import Advice as Advice
    from reddog.strategy import BestPlayer as BestPlayer
    from reddog.strategy import Move as Move
    from reddog.strategy import RandomPlayer as RandomPlayer
    from reddog.strategy import advise as advise

__getattr__, __dir__ = exports(__name__)
