"""How a game becomes numbers: its `Encoding`, written once per game.

An environment (`common.research.environment`) knows no game.  It asks the
game's encoding how many actions there are and how long an observation is;
it hands it one seat's view (`common.engine.game.Game.view`, which holds only
what that seat may see) to write that seat's observation, and, on the
seat's turn, to say which actions are legal; and it asks which engine moves
an action makes.  The encoding sees views only, never the game, so no
observation can hold what its seat may not see.

The encodings are plain Python: a game's ``research`` module imports
without NumPy, and each observation is written into an array of zeros the
environment hands over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar

from common.lazy import imported

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from common.cards.card import Card
    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.engine.dealer import Dealer
    from common.engine.game import Game
    from common.engine.spec import GameSpec, Settings

    Vector: TypeAlias = npt.NDArray[np.float32]
    """An observation: a one-dimensional array of 32-bit floats."""

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")


def card_index(card: Card) -> int:
    """Return the place of `card` among the 52, ``4 * rank + suit`` (0 to 51).

    Rank and suit as `common.cards.card.Card` numbers them: ranks A, 2 … K
    are 0 to 12, suits ♦ ♣ ♥ ♠ 0 to 3.
    """
    return 4 * card.rank + card.suit


class Encoding(ABC, Generic[ViewT, MoveT]):
    """One game's actions and observations, for the settings of one environment.

    Args:
        settings: the game's settings that differ from `defaults`.

    Raises:
        ValueError: for a setting the game does not have.
    """

    name: ClassVar[str]
    """The environment's versioned name (``bigtwo_v0``)."""
    spec: ClassVar[GameSpec[Any]]
    """The game."""
    defaults: ClassVar[Settings] = {}
    """The settings an environment's game has unless told otherwise."""
    observation_high: ClassVar[float] = 1.0
    """The largest value in an observation (every value is at least 0)."""
    num_actions: int
    """How many actions there are, numbered from 0 (each game sets it)."""
    observation_size: int
    """How many numbers an observation holds (each game sets it)."""

    def __init__(self, settings: Settings) -> None:
        """Take `settings` over the `defaults`."""
        unknown = sorted(settings.keys() - self.defaults.keys())
        if unknown:
            raise ValueError(f"{self.spec.name} has no setting {unknown[0]!r} (it has "
                             f"{', '.join(self.defaults) or 'none'})")
        self.settings: Settings = {**self.defaults, **settings}
        """The settings of every game of the environment."""

    @property
    def num_seats(self) -> int:
        """The seats of each game."""
        return self.spec.num_seats(self.settings)

    def new_game(self, dealer: Dealer) -> Game[MoveT, ViewT]:
        """Return a new game with the `settings`, dealt by `dealer` (not started)."""
        game: Game[MoveT, ViewT] = self.spec.new_game(self.settings, dealer)
        return game

    @abstractmethod
    def observe(self, view: ViewT, out: Vector) -> None:
        """Write what the seat of `view` sees into `out`, all zeros so far."""

    @abstractmethod
    def legal_actions(self, view: ViewT) -> Iterable[int]:
        """Return the actions open to the seat to move, given its `view`."""

    @abstractmethod
    def moves(self, action: int, view: ViewT) -> Sequence[MoveT]:
        """Return the engine moves that `action` makes, in order, for the seat to move.

        Most actions are one move; an action may not be legal.
        """

    @abstractmethod
    def action(self, move: MoveT, view: ViewT) -> int:
        """Return the action that makes `move` (a strategy's) for the seat of `view`."""

    # What OpenSpiel asks of a game besides its actions and observations
    # (`common.research.spiel`).

    utility_sum: ClassVar[float | None] = 0.0
    """What the seats' returns add up to in every game (None: it varies)."""

    @abstractmethod
    def returns_range(self) -> tuple[float, float]:
        """Return the least and the most any seat's return can be, game over."""

    @abstractmethod
    def max_decisions(self) -> int:
        """Return the most decisions a game can take, all seats together.

        Raises:
            ValueError: when the settings bound no game (no limit of rounds).
        """

    def seen_cards(self, view: ViewT) -> Iterable[Card] | None:
        """Return every card of the deck now in play that the seat of `view` has seen.

        OpenSpiel's searches redeal the others (`common.research.spiel`).
        None (by default) when the game cannot say, and so cannot be redealt.
        """
        return None

    def announce(self, action: int, view: ViewT) -> str:
        """Return `action` of the seat to move as every seat sees it made.

        What the others hear of a move, and what replays it in another deal
        of the unseen cards (`announced_action`); by default the action's
        number, which means the same in every deal.
        """
        return str(action)

    def announced_action(self, announced: str, view: ViewT) -> int:
        """Return the action of the seat to move that `announce` said as `announced`."""
        return int(announced)

    def console(self, game: Game[MoveT, ViewT], terminal: Terminal,
                ) -> Console[Any, MoveT]:
        """Return the game's console showing `game` on `terminal`.

        The console its program makes (``PROGRAM`` of the game's ``program``
        module), showing every seat's hidden cards on its own turn, as for
        players at one keyboard.
        """
        program = imported(f"{self.spec.name}.program", "PROGRAM")
        console: Console[Any, MoveT] = program.new_console(game, terminal,
                                                           self.settings, None, None)
        return console
