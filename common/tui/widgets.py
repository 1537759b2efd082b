"""The controls and panes every game's full-screen table shares: `MovePad` and more.

`MovePad` offers the moves of the seat to play: a row of `Choice` buttons
(highlight one with ← →, Enter makes it, or its key), and in Big Two the
hand itself (← → move along it, Space picks a card, Enter plays the cards
picked).  Other printable keys (`MovePad.types`) go to the command line,
where a move is typed as in line mode.  `HistoryPane` keeps every line of
the game, newest last; `TablePane` holds the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from common.cards.card import Card
from common.language import N_
from common.tui.cards import card_text
from common.tui.look import Choice

CELL = 5
"""Columns one card takes in the hand: ``♥10`` and two spaces."""
NARROW_CELL = 4
"""Columns one card takes in a compact hand that `CELL` would fold: one space."""


@dataclass(frozen=True, slots=True)
class _Spot:
    line: int
    start: int
    end: int
    card: int | None = None
    choice: int | None = None


class MovePad(Widget):
    """The controls of the person whose turn it is."""

    can_focus = True

    BINDINGS = [  # (the table's footer says them: common.tui.screens.TableScreen)
        Binding("left", "move(-1)", N_("Left"), show=False),
        Binding("right", "move(1)", N_("Right"), show=False),
        Binding("space", "pick", N_("Pick"), key_display="Space"),
        Binding("enter", "make", N_("Move"), key_display="Enter"),
    ]

    class Chosen(Message):
        """The person made a move with the controls (or pressed Enter idle)."""

        def __init__(self, move: Any, picked: bool = False,
                     idle: bool = False) -> None:
            """Carry `move`: a choice's, or the indices of the cards `picked`.

            `idle`: Enter pressed while the controls offer nothing (no move).
            """
            super().__init__()
            self.move = move
            self.picked = picked
            self.idle = idle

    class Changed(Message):
        """The highlight or the cards picked changed."""

    def __init__(self, **kwargs: Any) -> None:
        """Start empty: nobody's turn."""
        super().__init__(**kwargs)
        self.cards: tuple[Card, ...] = ()
        self.picked: set[int] = set()
        self.choices: list[Choice[Any]] = []
        self.cursor = 0
        self.active = False
        self.picks_cards = False
        self.note = ""
        self.compact = False
        """Whether the table is compact: the hand in `NARROW_CELL` columns a
        card when `CELL` would fold it in two rows."""
        self._spots: list[_Spot] = []

    # What the app sets.

    def offer(self, choices: Sequence[Choice[Any]], default: int,
              cards: Sequence[Card] = (), *, picks_cards: bool = False,
              keep: bool = False) -> None:
        """Offer `choices` (and, when `picks_cards`, the `cards` to pick from).

        `keep` keeps the cards picked and the highlight (the same turn, asked
        again after a refusal); otherwise `default` is highlighted.
        """
        same_cards = tuple(cards) == self.cards
        self.choices = list(choices)
        self.cards = tuple(cards)
        self.picks_cards = picks_cards
        self.active = True
        self.note = ""
        self.refresh_bindings()
        if not (keep and same_cards):
            self.picked = set()
            self.cursor = 0 if picks_cards else default
        self.cursor = max(0, min(self.cursor, self._length() - 1))
        self.refresh(layout=True)

    def hold(self) -> None:
        """Take no keys for now, keeping the cards picked (the move is on its way)."""
        self.active = False
        self.refresh()

    def wait(self, note: str, cards: Sequence[Card] = ()) -> None:
        """Offer nothing: show `note` (and the person's `cards`, face up)."""
        self.active = False
        self.choices = []
        self.cards = tuple(cards)
        self.picked = set()
        self.note = note
        self.refresh(layout=True)

    @property
    def selection(self) -> tuple[int, ...]:
        """The indices of the cards picked, ascending."""
        return tuple(sorted(self.picked))

    @property
    def highlighted(self) -> Choice[Any] | None:
        """The choice highlighted, when the controls are choices."""
        if self.picks_cards or not self.choices:
            return None
        return self.choices[self.cursor]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show Space (pick a card) only where cards are picked."""
        return action != "pick" or self.picks_cards

    def _length(self) -> int:
        return len(self.cards) if self.picks_cards else len(self.choices)

    # Keys.

    def action_move(self, step: int) -> None:
        """Move the highlight along the cards or the choices."""
        if self.active and self._length():
            self.cursor = (self.cursor + step) % self._length()
            self.refresh()
            self.post_message(self.Changed())

    def action_pick(self) -> None:
        """Pick or put back the highlighted card."""
        if not self.active:
            return
        if self.cards:
            self.picked ^= {self.cursor}
            self.refresh()
            self.post_message(self.Changed())

    def action_make(self) -> None:
        """Make the move: the cards picked, or the highlighted choice."""
        if not self.active:
            self.post_message(self.Chosen(None, idle=True))
            return
        if self.picks_cards:
            self.post_message(self.Chosen(self.selection, picked=True))
        elif self.choices:
            self.post_message(self.Chosen(self.choices[self.cursor].move))

    def makes(self, key: str, character: str | None) -> tuple[Any, bool] | None:
        """Return the move `key` would make now, and whether it is cards picked.

        None when the key makes no move (or the controls take none now).
        """
        if not self.active:
            return None
        choice = self._choice_of(character)
        if choice is not None:
            return choice.move, False
        if key != "enter":
            return None
        if self.picks_cards:
            return self.selection, True
        if self.choices:
            return self.choices[self.cursor].move, False
        return None

    def _choice_of(self, character: str | None) -> Choice[Any] | None:
        """Return the choice whose key `character` is, if any."""
        if character is None:
            return None
        return next((choice for choice in self.choices
                     if choice.key is not None and choice.key == character.lower()),
                    None)

    def types(self, character: str | None) -> bool:
        """Whether the key of `character` starts a typed line (the app moves it).

        A printable key that is no choice's, nor Space, ``?`` or ``q``.
        """
        return (character is not None and character.isprintable()
                and character not in " ?q" and self._choice_of(character) is None)

    def on_key(self, event: events.Key) -> None:
        """Make the choice whose key this is."""
        choice = self._choice_of(event.character)
        if choice is not None:
            event.stop()
            if self.active:
                self.post_message(self.Chosen(choice.move))

    def on_click(self, event: events.Click) -> None:
        """Pick the card clicked, or make the choice clicked."""
        offset = event.get_content_offset(self)
        if offset is None or not self.active:
            return
        for spot in self._spots:
            if spot.line == offset.y and spot.start <= offset.x < spot.end:
                if spot.card is not None:
                    self.cursor = spot.card
                    self.action_pick()
                elif spot.choice is not None:
                    self.cursor = spot.choice
                    self.post_message(self.Chosen(self.choices[spot.choice].move))
                return

    # Drawing.

    def render(self) -> Text:
        """Draw the hand (reflowed to the width) and the choices."""
        self._spots = []
        lines: list[Text] = []
        width = self.content_size.width
        if self.cards:
            lines += self._hand_lines(width)
        if self.choices:
            lines += self._choice_lines(len(lines), width)
        elif self.note:
            lines.append(Text(self.note, style="italic"))
        return Text("\n").join(lines)

    @property
    def cell(self) -> int:
        """Columns a card of the hand takes now (see `compact`)."""
        if self.compact and len(self.cards) * CELL > self.content_size.width:
            return NARROW_CELL
        return CELL

    def _hand_lines(self, width: int) -> list[Text]:
        cell = self.cell
        per_row = max(1, width // cell)
        lines: list[Text] = []
        for first in range(0, len(self.cards), per_row):
            raised, lowered, numbers = Text(), Text(), Text()
            for index in range(first, min(first + per_row, len(self.cards))):
                face = card_text(self.cards[index])
                number = Text(str(index), style="dim")
                if self.active and self.picks_cards and index == self.cursor:
                    face.stylize("reverse")
                    number.stylize("reverse")
                    number.stylize("bold")
                up = index in self.picked
                blank = Text(" " * cell)
                start = raised.cell_len
                raised.append_text(self._cell(face, cell) if up else blank)
                lowered.append_text(blank if up else self._cell(face, cell))
                numbers.append_text(self._cell(number, cell))
                row = len(lines) + (0 if up else 1)
                self._spots.append(_Spot(row, start, start + cell, card=index))
                self._spots.append(_Spot(len(lines) + 2, start, start + cell,
                                         card=index))
            lines += [raised, lowered, numbers]
        return lines

    @staticmethod
    def _cell(text: Text, width: int) -> Text:
        cell = text.copy()
        cell.pad_right(width - 1 - cell.cell_len)
        return Text(" ") + cell

    def _choice_lines(self, line: int, width: int) -> list[Text]:
        """Return the buttons, a new line where the next would not fit."""
        lines = [Text()]
        for index, choice in enumerate(self.choices):
            words = choice.label + (f" ({choice.key})" if choice.key else "")
            if not choice.enabled:
                button = Text(f" {words} ", style="dim strike")
            else:
                button = Text(f"[{words}]", style="bold")
                if (self.active and not self.picks_cards and index == self.cursor):
                    button.stylize("reverse")
            text = lines[-1]
            if text.cell_len and text.cell_len + 2 + button.cell_len > width:
                text = Text()
                lines.append(text)
            elif text.cell_len:
                text.append("  ")
            start = text.cell_len
            text.append_text(button)
            self._spots.append(_Spot(line + len(lines) - 1, start, text.cell_len,
                                     choice=index))
        return lines


class TablePane(VerticalScroll):
    """The table, scrolled rather than cut when the window leaves it too few rows."""

    can_focus = False  # a click on it leaves the keys with the controls


class HistoryPane(VerticalScroll):
    """Every line of the game so far, newest last, scrolled to the newest."""

    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        """Start with no lines."""
        super().__init__(**kwargs)
        self._lines: list[Text] = []
        self._body = Static(id="history-lines")

    def compose(self) -> Any:
        """The one block of lines, which wraps to the pane's width."""
        yield self._body

    def add(self, lines: Sequence[Text]) -> None:
        """Add `lines` at the end and show them."""
        if not lines:
            return
        self._lines.extend(lines)
        self._body.update(Text("\n").join(self._lines))
        self.scroll_to_newest()

    def scroll_to_newest(self) -> None:
        """Scroll to the newest line, once the pane is laid out."""
        self.call_after_refresh(self.scroll_end, animate=False)

    @property
    def lines(self) -> list[Text]:
        """Every line shown so far, oldest first."""
        return list(self._lines)
