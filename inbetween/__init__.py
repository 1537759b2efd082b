"""In Between (Acey-Deucey): the multi-player coin game, on the shared card classes.

Each player holds two cards face up and bets whether a third card will fall
strictly between them (`Gate`, the shared two-card hand).  `InBetweenGame` is
the engine (rules and state only, the game contract of `common.engine.game`),
`InBetweenConsole` plays it at a terminal, and ``python3 -m inbetween`` starts a
game; see ``docs/inbetween.md`` for the rules as implemented.  The computer
decides from an `InBetweenView` with `OddsBettor` (the real strategy) or
`RandomPlayer` (the baseline); `inbetween.simulation` plays whole games with
the computer in every seat.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from inbetween.cards import InBetweenCard as InBetweenCard
    from inbetween.cards import InBetweenDeck as InBetweenDeck
    from inbetween.console import InBetweenConsole as InBetweenConsole
    from inbetween.console import spell as spell
    from inbetween.events import Action as Action
    from inbetween.events import DrawOutcome as DrawOutcome
    from inbetween.events import EndReason as EndReason
    from inbetween.events import Event as Event
    from inbetween.events import PairKind as PairKind
    from inbetween.events import TransferReason as TransferReason
    from inbetween.game import IllegalMoveError as IllegalMoveError
    from inbetween.game import InBetweenGame as InBetweenGame
    from inbetween.game import InBetweenMove as InBetweenMove
    from inbetween.hand import Gate as Gate
    from inbetween.player import InBetweenPlayer as InBetweenPlayer
    from inbetween.strategy import STRATEGIES as STRATEGIES
    from inbetween.strategy import OddsBettor as OddsBettor
    from inbetween.strategy import RandomPlayer as RandomPlayer
    from inbetween.strategy import chance_between as chance_between
    from inbetween.view import FOLD as FOLD
    from inbetween.view import Choice as Choice
    from inbetween.view import InBetweenView as InBetweenView

__getattr__, __dir__ = exports(__name__)
