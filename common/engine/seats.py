"""Who decides at a seat: a person at the front end, or the computer.

The driver (`common.engine.driver`) asks each seat's `Controller` for its move.  A
`Person` is asked through the front end (the console prompts and parses the
line typed).  A `Computer` asks its `Strategy`, which sees only the seat's
view (never another player's hidden cards or the undealt deck); the front end
then shows the move spelled exactly as a person would type it.  So a
transcript reads the same whoever sat where, and the lines after its prompts,
typed back in, replay it.  A table for players at other terminals awaits
each seat's move itself (`common.net.hosting.HostedGame`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from common.language import _

if TYPE_CHECKING:
    from common.engine.game import IllegalMoveError


ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
_ViewT_contra = TypeVar("_ViewT_contra", contravariant=True)
_MoveT_co = TypeVar("_MoveT_co", covariant=True)

SMART = "smart"
"""The name of each game's real strategy, the default."""
RANDOM = "random"
"""The name of each game's baseline: uniform over the legal decisions."""
EXPERT = "expert"
"""The name of a strategy that searches, given time to think (Big Two's)."""
STRATEGY_NAMES = (SMART, RANDOM)
"""The strategies every game offers, the default first."""


class Strategy(Protocol[_ViewT_contra, _MoveT_co]):
    """A computer's way of choosing a move from what its seat may see."""

    def decide(self, view: _ViewT_contra) -> _MoveT_co:
        """Return the move to make, given `view`; it must be legal."""
        ...


StrategyFactory = Callable[[random.Random], Strategy[ViewT, MoveT]]
"""Makes a strategy that draws any randomness it needs from the given generator."""


class IllegalComputerMove(RuntimeError):
    """The computer chose a move the game refused: a bug in its strategy.

    Raised rather than asking again, which would repeat the same move forever.
    """


class Controller(ABC, Generic[ViewT, MoveT]):
    """Whoever decides at one seat."""

    at_frontend: bool = False
    """Whether the move is typed at the front end, which then shows it already;
    the driver has the front end show every other seat's move."""

    @abstractmethod
    def choose(self, seat: int, view: Callable[[], ViewT]) -> MoveT:
        """Return the move `seat` makes now.

        `view` builds what the seat may see; a person has no need of it.

        Raises:
            common.engine.game.IllegalMoveError: when what a person typed names no move.
            common.console.terminal.EndOfInput: when a person's input has ended.
        """

    def refused(self, error: IllegalMoveError) -> None:
        """Note that the game refused the last move; a person simply tries again.

        Raises:
            IllegalComputerMove: for the computer, whose moves must be legal.
        """


class Person(Controller[ViewT, MoveT]):
    """A person at the front end: `ask` prompts them and reads their move.

    Args:
        ask: the front end's way of asking the person at a seat, such as
            `common.console.console.Console.read_move`.
    """

    at_frontend = True

    def __init__(self, ask: Callable[[int], MoveT]) -> None:
        """Ask the person at a seat with `ask`."""
        self._ask = ask

    def choose(self, seat: int, view: Callable[[], ViewT]) -> MoveT:
        """Return what the person types, read through the front end."""
        return self._ask(seat)

    def __repr__(self) -> str:
        return "Person()"


class Computer(Controller[ViewT, MoveT]):
    """The computer: `strategy` decides from the seat's view."""

    def __init__(self, strategy: Strategy[ViewT, MoveT]) -> None:
        """Decide with `strategy`."""
        self.strategy = strategy
        self._last: MoveT | None = None

    def choose(self, seat: int, view: Callable[[], ViewT]) -> MoveT:
        """Return the strategy's move for the seat's view."""
        self._last = move = self.strategy.decide(view())
        return move

    def refused(self, error: IllegalMoveError) -> None:
        """Raise `IllegalComputerMove`: the strategy made a move that is not legal."""
        raise IllegalComputerMove(_("the computer's move {move} ({strategy}) is not "
                                    "legal: {reason}").format(
                                        move=repr(self._last),
                                        strategy=repr(self.strategy),
                                        reason=error.reason))

    def __repr__(self) -> str:
        return f"Computer({self.strategy!r})"


def strategy_seed(seed: int, seat: int) -> int:
    """Return the seed of the computer at `seat` in a game seeded with `seed`.

    The computers never draw from the game's own generator, so a game replayed
    with people typing the same moves deals the same cards.
    """
    return random.Random(f"cardgames/strategy/{seed}/{seat}").getrandbits(64)


def all_computers(names: Sequence[str | None]) -> tuple[str, ...]:
    """Return the strategy names of seats that are all computers (a simulation's).

    Raises:
        ValueError: when a person sits at one of them (None in `names`).
    """
    strategies = tuple(name for name in names if name is not None)
    if len(strategies) != len(names):
        raise ValueError("a simulation has a computer in every seat")
    return strategies


def computer(name: str, factories: Mapping[str, StrategyFactory[ViewT, MoveT]],
             seed: int | None, seat: int) -> Computer[ViewT, MoveT]:
    """Return the computer at `seat` playing strategy `name` of `factories`.

    Its generator is seeded from `seed` and the seat (unseeded for None).
    """
    rng = random.Random(None if seed is None else strategy_seed(seed, seat))
    return Computer(factories[name](rng))


def controllers(names: Sequence[str | None],
                factories: Mapping[str, StrategyFactory[ViewT, MoveT]],
                seed: int | None,
                person: Callable[[], Controller[ViewT, MoveT]],
                ) -> list[Controller[ViewT, MoveT]]:
    """Return one controller per seat: `person()` where `names` has None.

    Elsewhere the computer plays the strategy `factories[name]` (see
    `computer`).
    """
    return [person() if name is None else computer(name, factories, seed, seat)
            for seat, name in enumerate(names)]
