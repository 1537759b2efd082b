"""A game's fixed facts, declared once beside its engine: its `GameSpec`.

OpenSpiel keeps a game's facts (its players, how to make a state) apart from
the state itself; so does this.  Each game declares one `GameSpec`
(``GAME/spec.py``): its name and title, how many seats it takes, the settings
that shape it, how to make a game, whether its seats hold cards hidden from
the others, its computer strategies, and what a simulation measures of it.
Every front end and tool reads the game from there: the command line, the
console's program, the network table, the full-screen table, the
simulation.

A game's settings are the values that shape one game (``players``,
``hands``...), by name; a hand history's header records them as JSON values,
so that a replay makes the same game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from common.engine.seats import STRATEGY_NAMES
from common.lazy import imported

# A program reads its game's spec to print its --help: what only making and
# playing a game uses is imported there.
if TYPE_CHECKING:
    import random

    from common.cards.card import Card
    from common.engine.dealer import Dealer
    from common.engine.events import Event
    from common.engine.game import Game
    from common.engine.measures import GameResult, Meter, Metric
    from common.engine.seats import StrategyFactory

GameT = TypeVar("GameT", bound="Game[Any, Any]")

Settings = dict[str, Any]
"""The values that shape one game (``players``, ``hands``...), by name."""

class GameSpec(ABC, Generic[GameT]):
    """One game's fixed facts: a game declares them by subclassing, once.

    The class attributes say what the game is; `new_game` makes one;
    `strategies` and `metrics` (and `measure` or `meter`) are for the
    computer and the simulation, found by default in the game's own
    ``strategy`` and ``simulation`` modules when first asked for.
    """

    name: ClassVar[str]
    """The game's name (``bigtwo``): its package, its command and its histories'."""
    title: ClassVar[str]
    """The game's name for people (``Big Two``), marked with `common.language.N_`
    and said through `_` by the front ends."""
    seats: ClassVar[range]
    """The numbers of seats a game may have (``range(4, 5)``: four)."""
    settings: ClassVar[tuple[str, ...]] = ()
    """The names of the settings that shape a game (``players``...)."""
    strategy_names: ClassVar[tuple[str, ...]] = STRATEGY_NAMES
    """The names of the computer's strategies, the default first: every game's
    (`common.engine.seats.STRATEGY_NAMES`), then a game's own.  Known without
    importing them, for ``--strategy`` and its help."""
    hidden_cards: ClassVar[bool] = False
    """Whether each seat holds cards the others may not see (Big Two's hand,
    Stud's hole card): a table shows them to their own seat only, if at all.
    In the other games every card is dealt face up."""

    def num_seats(self, settings: Settings) -> int:
        """Return how many seats a game with `settings` has.

        The one number `seats` allows; a game whose number of seats is a
        setting says how to read it.
        """
        if len(self.seats) != 1:
            raise NotImplementedError(f"{self.name}: the seats are a setting")
        return self.seats[0]

    @abstractmethod
    def new_game(self, settings: Settings, dealer: Dealer) -> GameT:
        """Return a new game (not started) with `settings`, dealt by `dealer`."""

    def first_decks(self, cards: Sequence[Card] | None, settings: Settings,
                    rng: random.Random) -> list[Sequence[Card]]:
        """Return the decks to deal first, given 52 `cards` to deal (``--deck``).

        By default the cards are the first deck, in order.
        """
        return [] if cards is None else [cards]

    @property
    def strategies(self) -> Mapping[str, StrategyFactory[Any, Any]]:
        """The computer's strategies by name (``smart`` first).

        ``STRATEGIES`` of the game's ``strategy`` module (``bigtwo.strategy``),
        imported when a computer first plays; a spec may say otherwise.
        """
        found: Mapping[str, StrategyFactory[Any, Any]] = imported(
            f"{self.name}.strategy", "STRATEGIES")
        return found

    def factories(self, settings: Settings) -> Mapping[str, StrategyFactory[Any, Any]]:
        """The computer's strategies by name, for a game with `settings`.

        `strategies` by default; a game whose strategy takes a setting (Big
        Two's expert, its time to think) binds it here.
        """
        return self.strategies

    @property
    def metrics(self) -> Sequence[Metric]:
        """What a simulation measures for each seat.

        ``METRICS`` of the game's ``simulation`` module, imported when a
        simulation first runs; a spec may say otherwise.
        """
        found: Sequence[Metric] = imported(f"{self.name}.simulation", "METRICS")
        return found

    def measure(self, game: GameT) -> GameResult:
        """Return each seat's `metrics` values for the finished `game`.

        ``measure`` of the game's ``simulation`` module, by default.
        """
        found: GameResult = imported(f"{self.name}.simulation", "measure")(game)
        return found

    def meter(self, game: GameT) -> Meter:
        """Return what measures `game` as it is played (by `measure`, at the end)."""
        return _FinalMeter(self, game)

    def simulation_title(self, settings: Settings) -> str:
        """Return the title of a simulation's report (the game's `title`)."""
        return self.title

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class _FinalMeter(Generic[GameT]):
    """Measures a game once it is over, from its final state."""

    def __init__(self, spec: GameSpec[GameT], game: GameT) -> None:
        self._spec = spec
        self._game = game

    def on_events(self, events: Sequence[Event]) -> None:
        """Nothing to note as the game goes."""

    def result(self) -> GameResult:
        """Return the spec's measure of the finished game."""
        return self._spec.measure(self._game)
