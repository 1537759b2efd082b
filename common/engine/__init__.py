"""The engine: the contract every game implements and the one loop that plays it.

`Game` is the rules and state of one game (`common.engine.game`), answering
each move with `Event` values; a `Dealer` hands it its decks; a seat is
decided by a `Controller`, a `Person` or a `Computer` playing a `Strategy`
(`common.engine.seats`); `play` is the only game loop
(`common.engine.driver`).  Each game declares its fixed facts in a `GameSpec`
(`common.engine.spec`), with what a simulation measures of it
(`common.engine.measures`).  It uses the card model alone.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.engine.dealer import Dealer as Dealer
    from common.engine.dealer import DeckOrderError as DeckOrderError
    from common.engine.dealer import Shuffle as Shuffle
    from common.engine.driver import Frontend as Frontend
    from common.engine.driver import Listener as Listener
    from common.engine.driver import play as play
    from common.engine.events import Event as Event
    from common.engine.events import Refused as Refused
    from common.engine.game import QUIT as QUIT
    from common.engine.game import Game as Game
    from common.engine.game import IllegalMoveError as IllegalMoveError
    from common.engine.measures import GameResult as GameResult
    from common.engine.measures import Meter as Meter
    from common.engine.measures import Metric as Metric
    from common.engine.seats import Computer as Computer
    from common.engine.seats import Controller as Controller
    from common.engine.seats import IllegalComputerMove as IllegalComputerMove
    from common.engine.seats import Person as Person
    from common.engine.seats import Strategy as Strategy
    from common.engine.spec import GameSpec as GameSpec
    from common.engine.spec import Settings as Settings

__getattr__, __dir__ = exports(__name__)
