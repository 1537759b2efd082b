"""Who decides at a seat: a person at the keyboard, or the computer.

A console asks each seat's `Controller` for the line that seat types at a
prompt.  A `Person` reads it from the terminal.  A `Computer` asks its
`Strategy` for a move, computed from the view of the game the console hands it
(what that seat may see, never another player's hidden cards or the undealt
deck), and prints the move after the prompt spelled exactly as a person would
type it.  Either way the console parses the line and calls the engine in the
same way, so a transcript reads the same whoever sat where, and the lines
after its prompts, typed back in, replay it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

from common.terminal import Terminal

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
_ViewT_contra = TypeVar("_ViewT_contra", contravariant=True)
_MoveT_co = TypeVar("_MoveT_co", covariant=True)

SMART = "smart"
"""The name of each game's real strategy, the default."""
RANDOM = "random"
"""The name of each game's baseline: uniform over the legal decisions."""
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
    """The computer typed a line the console refused: a bug in its strategy.

    Raised rather than asking again, which would repeat the same move forever.
    """


class Controller(ABC, Generic[ViewT]):
    """Whoever decides at one seat."""

    is_computer: bool = False
    """Whether the computer decides at this seat."""

    @abstractmethod
    def answer(self, terminal: Terminal, prompt: str, view: Callable[[], ViewT]) -> str:
        """Show `prompt` on `terminal` and return the line the seat types.

        `view` builds what the seat may see now; a person has no need of it.

        Raises:
            common.terminal.EndOfInput: when a person's input has ended.
        """

    def refused(self) -> None:
        """Note that the console refused the last line; a person simply tries again.

        Raises:
            IllegalComputerMove: for the computer, whose moves must be legal.
        """


class Person(Controller[ViewT]):
    """A person at the keyboard: the line is read from the terminal."""

    def answer(self, terminal: Terminal, prompt: str, view: Callable[[], ViewT]) -> str:
        """Ask the terminal for a line (see `common.terminal.Terminal.ask`)."""
        return terminal.ask(prompt)

    def __repr__(self) -> str:
        return "Person()"


class Computer(Controller[ViewT], Generic[ViewT, MoveT]):
    """The computer: a strategy decides and the move is printed as typed.

    Args:
        strategy: chooses the move from the seat's view.
        spell: turns a move into the line a person would type for it.
    """

    is_computer = True

    def __init__(self, strategy: Strategy[ViewT, MoveT],
                 spell: Callable[[MoveT], str]) -> None:
        """Decide with `strategy`; print moves as `spell` writes them."""
        self.strategy = strategy
        self._spell = spell
        self._last_line: str | None = None

    def answer(self, terminal: Terminal, prompt: str, view: Callable[[], ViewT]) -> str:
        """Decide, then print `prompt` and the move's line as if it had been typed."""
        line = self._spell(self.strategy.decide(view()))
        terminal.say(prompt, line)
        self._last_line = line
        return line

    def refused(self) -> None:
        """Raise `IllegalComputerMove`: the strategy made a move that is not legal."""
        raise IllegalComputerMove(f"the computer's move {self._last_line!r} "
                                  f"({self.strategy!r}) is not legal")

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


def controllers(names: Sequence[str | None],
                factories: Mapping[str, StrategyFactory[ViewT, MoveT]],
                spell: Callable[[MoveT], str],
                seed: int | None) -> list[Controller[ViewT]]:
    """Return one controller per seat: a person where `names` has None.

    Elsewhere the computer plays the strategy `factories[name]`, with a
    generator seeded from `seed` and the seat (unseeded when `seed` is None).
    """
    seats: list[Controller[ViewT]] = []
    for seat, name in enumerate(names):
        if name is None:
            seats.append(Person())
        else:
            rng = random.Random(None if seed is None else strategy_seed(seed, seat))
            seats.append(Computer(factories[name](rng), spell))
    return seats
