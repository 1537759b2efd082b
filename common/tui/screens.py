"""The table's screen, and those over it: the hand-over, the help, the questions.

`TableScreen` is the table's own; over it, `HandOverScreen` covers the whole
table between two people's turns at one keyboard, so that neither sees the
other's cards; `HelpScreen` shows the game's rules and keys; `QuitScreen`
asks before the game is left, and `ConfirmScreen` before a move a stray key
may make (Big Two's pass).

Textual reads a class's ``BINDINGS`` as the class is made, before the
language is chosen: each description is marked with `N_` there, and said
through `_` where the footer reads it (`TableScreen.active_bindings`).  The
screens over the table show no footer: their keys are said by their text
(`QuestionScreen.ANSWERS`, the help).
"""

from __future__ import annotations

import dataclasses
import re
import time
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from common.language import N_, _

# Translators: each line is two spaces, the keys (left as they are, but for
# "or"), two spaces or more, and what they do; the help lines the
# descriptions up itself.
KEYS = N_("""\
  Tab          type a move as in line mode (Enter sends it, Esc comes back)
  ? or F1      this help; Esc closes it
  q            quit (asks first); Ctrl+C leaves at once""")
"""The keys every game's table takes, after the game's own (said by the help)."""
KEY_COLUMN = 15
"""The cells before each key's description in the help, at the least."""
_KEY_LINE = re.compile(r"( *\S.*?)  +(\S.*)")
"""A line of keys: the indent and the keys, two spaces or more, what they do."""


def aligned(keys: str) -> str:
    """Return the lines of `keys` with every description at one column.

    Each line is an indent, the keys, two spaces or more and what they do
    (another line is left as it is).  The descriptions start at `KEY_COLUMN`,
    or further where keys take more room, counted in terminal cells: a
    translation's keys may take fewer cells than characters.
    """
    found = [(line, _KEY_LINE.fullmatch(line)) for line in keys.splitlines()]
    column = max([KEY_COLUMN, *(cell_len(match[1]) + 2
                                for _line, match in found if match is not None)])
    return "\n".join(
        line if match is None
        else match[1] + " " * (column - cell_len(match[1])) + match[2]
        for line, match in found)


class TableScreen(Screen[None]):
    """The table's own screen, under every other (the default screen of its apps).

    It says the descriptions of the keys active on it, which a footer shows.
    """

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys active now, described in the language spoken."""
        said: dict[str, ActiveBinding] = {}
        for key, active in super().active_bindings.items():
            said[key] = active._replace(binding=dataclasses.replace(
                active.binding, description=_(active.binding.description)))
        return said


class HandOverScreen(Screen[None]):
    """A blank screen naming the next player: Enter shows them the table.

    For its first `PAUSE` seconds it takes no key, so that a key the last
    player typed ahead does not dismiss it.
    """

    BINDINGS = [Binding("enter", "go_on", N_("Show my cards"))]
    PAUSE: ClassVar[float] = 0.5
    """Seconds the screen takes no key once shown, and the table none after it."""

    def __init__(self, player: str) -> None:
        """Hand the keyboard to `player`."""
        super().__init__(classes="hand-over")
        self.player = player
        self._shown = time.monotonic()
        self.done = False
        """Whether Enter has dismissed the screen (it takes no key after)."""

    @property
    def listening(self) -> bool:
        """Whether the screen takes Enter now (its `PAUSE` is over)."""
        return time.monotonic() - self._shown >= self.PAUSE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Take Enter only once the screen is `listening`."""
        return action != "go_on" or self.listening

    def compose(self) -> ComposeResult:
        """The name, and what to press."""
        with Middle(), Center():
            yield Static(_("{player}, press Enter\n\nEveryone else, look away: "
                           "the table shows {player}'s cards.").format(
                               player=self.player), id="hand-over-text")

    def action_go_on(self) -> None:
        """Show the table."""
        if not self.done:
            self.done = True
            self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The game's rules in brief and the keys, over the table."""

    BINDINGS = [Binding("escape,question_mark,f1,q,enter", "close", N_("Close help"))]

    def __init__(self, title: str, rules: str, keys: str) -> None:
        """Show `rules` and the keys: the game's `keys`, then `KEYS`.

        `keys` is as the game marked it (`N_`): it is said here.
        """
        super().__init__()
        # The rules are written to 80 columns: let the box wrap them instead.
        paragraphs = [" ".join(part.split()) for part in rules.strip().split("\n\n")]
        own = f"{_(keys).rstrip()}\n" if keys else ""  # a game may have none
        self.text = "\n\n".join(
            [title, *paragraphs, _("Keys") + "\n" + aligned(own + _(KEYS))])

    def compose(self) -> ComposeResult:
        """The text, scrolled when it does not fit."""
        with VerticalScroll(id="help-box"):
            yield Static(self.text, id="help-text", markup=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class QuestionScreen(ModalScreen[bool]):
    """A question over the table, answered yes or no with its `BINDINGS`."""

    # Translators: y and n are the keys that answer (left as they are).
    ANSWERS: ClassVar[str] = N_("y: yes    n: no")
    """The keys that answer, as the screen shows them (marked: it says them)."""

    def __init__(self, question: str) -> None:
        """Ask `question`."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and the answers."""
        with Middle(), Center():
            yield Static(f"{self.question}\n\n{_(self.ANSWERS)}", id="question-text")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)


class QuitScreen(QuestionScreen):
    """Asks whether to leave the game: y or Enter leaves, n or Esc stays."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", N_("Quit")),
        Binding("n,escape,q", "answer(False)", N_("Stay")),
    ]
    # Translators: y and n are the keys that answer (left as they are).
    ANSWERS = N_("y: quit    n: stay")


class ConfirmScreen(QuestionScreen):
    """Asks before a move a stray key may make: y makes it; n, Esc or Enter not.

    Enter answers no, so that Enter pressed twice makes no such move.
    """

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape,enter", "answer(False)", N_("No")),
    ]
    # Translators: y, n and Enter are the keys that answer (left as they are).
    ANSWERS = N_("y: yes    n or Enter: no")
