"""What a game writes for the full-screen table: `GameLook`.

A game's ``GAME/tui.py`` subclasses `GameLook`: how its table looks, the
line each event adds to the history pane, the moves its controls offer
(`Choice`), and for Big Two the cards a person picks with the arrow keys.
Everything else (the app, the seats, the pacing, the hand-over screen, the
help overlay) is shared, in `common.tui`.

The table reads the game only while the game stands still: from the driver's
calls to the front end, and while a person's move is awaited.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text

from common.cards.card import Card
from common.console.console import Console
from common.engine.events import Event
from common.engine.game import Game, IllegalMoveError
from common.language import _

GameT = TypeVar("GameT", bound="Game[Any, Any]")
MoveT = TypeVar("MoveT")

Shows = Callable[[int], bool]
"""Whether a seat's hidden cards are face up on the table now."""


def styled(message: str, style: str = "", **values: object) -> Text:
    """Return `message` as Rich text, each ``{name}`` in it replaced by its value.

    As ``message.format(**values)``, but a value that is a `Text` keeps its
    styles (a card in its colour): so a translated message places the cards
    where its language puts them, and a line with a card in it is one whole
    message for a translator (``_("{player} gets {card}")``).  `style` is
    the whole line's.
    """
    text = Text(style=style)
    for literal, name, spec, _conversion in Formatter().parse(message):
        text.append(literal)
        if name is not None:
            value = values[name]
            if isinstance(value, Text):
                text.append_text(value)
            else:
                text.append(format(value, spec or ""))
    return text


@dataclass(frozen=True, slots=True)
class Choice(Generic[MoveT]):
    """A move the controls offer: a button with its label and key."""

    label: str
    """What the button says, such as ``Call $2``."""
    move: MoveT
    """The move it makes."""
    key: str | None = None
    """The key that makes it at once (a letter), or None."""
    enabled: bool = True
    """Whether the rules allow it now; a disabled one is shown, and refused
    with its reason when its key is pressed."""


class GameLook(ABC, Generic[GameT, MoveT]):
    """One game at the full-screen table: its look, its history, its controls.

    Args:
        game: the game shown.
        console: the game's console, which spells a move as the line a
            person types for it and reads such a line (`Console.parse`).
    """

    picks_cards: ClassVar[bool] = False
    """Whether a person picks cards from their hand (Big Two) rather than
    one of the `choices`."""
    MIN_SIZE: ClassVar[tuple[int, int]] = (60, 15)
    """The smallest window, (columns, rows), the compact table plays in."""
    keys: ClassVar[str] = ""
    """The game's own keys, for the help overlay, one per line (the keys every
    table takes follow them: `common.tui.screens.KEYS`): two spaces, the key,
    two spaces or more, what it does.  Marked with `N_`: the overlay says it."""

    def __init__(self, game: GameT, console: Console[GameT, MoveT]) -> None:
        """Show `game`; `console` spells and reads moves."""
        self.game = game
        self.console = console

    @staticmethod
    def name(seat: int) -> str:
        """Return the name of the player at `seat`: ``Player 0`` and up."""
        return _("Player {seat}").format(seat=seat)

    @abstractmethod
    def status(self) -> str:
        """Return where the game stands, for the top line (``Hand 2 of 5``)."""

    def min_size(self) -> tuple[int, int]:
        """Return the smallest window, (columns, rows), the table plays in.

        Below it the screen asks for a larger window instead.  At that size
        the table is compact (`table`'s `compact`): what it shows there must
        fit, with the controls and a two-line message under it.
        """
        return self.MIN_SIZE

    @abstractmethod
    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return the table: every seat, the pot or the last hand.

        `shows` says whose hidden cards are face up; `turn` is the seat to
        move (None when nobody is).  `compact`: on a short screen, without
        what the status line, the prompt or the help already say, and
        without blank lines.
        """

    @abstractmethod
    def history(self, event: Event) -> list[Text]:
        """Return the lines `event` adds to the history pane (maybe none)."""

    @abstractmethod
    def prompt(self, seat: int) -> str:
        """Return what the person at `seat` is asked, when their turn comes."""

    def asking(self, seat: int) -> str:
        """Return the `prompt`, and the console's hint when `seat` is hinted."""
        console = self.console
        if console.hints(seat):
            return f"{self.prompt(seat)} {console.hint(seat)}".rstrip()
        return self.prompt(seat)

    def choices(self, seat: int) -> list[Choice[MoveT]]:
        """Return the moves the controls offer `seat` now, in order."""
        return []

    def default_choice(self, choices: Sequence[Choice[MoveT]]) -> int:
        """Return the index of the choice highlighted first: the first enabled one."""
        return next((index for index, choice in enumerate(choices)
                     if choice.enabled), 0)

    def hand(self, seat: int) -> Sequence[Card]:
        """Return the cards `seat` picks from (for `picks_cards`), in hand order."""
        return ()

    def picked(self, seat: int, indices: tuple[int, ...]) -> MoveT:
        """Return the move the cards picked at `indices` make (for `picks_cards`)."""
        raise NotImplementedError(f"{type(self).__name__} picks no cards")

    def confirms(self, move: MoveT) -> str | None:
        """Return what to ask before `move` is made, or None not to ask.

        For a move a stray key may make by accident (Big Two's pass): it is
        asked about however it is made (its key, Enter, a typed line), and
        only when the rules allow it.
        """
        return None

    def judge(self, move: MoveT) -> str:
        """Return what `move` would do, or why the rules refuse it, in a line."""
        try:
            self.game.verify_move(move)
        except IllegalMoveError as error:
            return _("Not legal: {reason}").format(reason=error.reason)
        # Translators: {move} is the line a person types for the move (3, fold).
        return _("Enter: {move}.").format(move=self.console.spell(move))

    @abstractmethod
    def outcome(self) -> list[str]:
        """Return the result of the finished game, one line each."""

    def verdict(self) -> list[str]:
        """Return the result in brief, for the table's last message.

        The `outcome`, unless the table at the end already shows part of it.
        """
        return self.outcome()
