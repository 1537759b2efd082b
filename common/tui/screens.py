"""The screens over the table: the hand-over, the help overlay, the questions.

`HandOverScreen` covers the whole table between two people's turns at one
keyboard, so that neither sees the other's cards; `HelpScreen` shows the
game's rules and keys; `QuitScreen` asks before the game is left, and
`ConfirmScreen` before a move a stray key may make (Big Two's pass).
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

KEYS = """\
  Tab          type a move as in line mode (Enter sends it, Esc comes back)
  ? or F1      this help; Esc closes it
  q            quit (asks first); Ctrl+C leaves at once"""
"""The keys every game's table takes, after the game's own."""


class HandOverScreen(Screen[None]):
    """A blank screen naming the next player: Enter shows them the table.

    For its first `PAUSE` seconds it takes no key, so that a key the last
    player typed ahead does not dismiss it.
    """

    BINDINGS = [Binding("enter", "go_on", "Show my cards")]
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
            yield Static(f"{self.player}, press Enter\n\n"
                         "Everyone else, look away: the table shows "
                         f"{self.player}'s cards.", id="hand-over-text")

    def action_go_on(self) -> None:
        """Show the table."""
        if not self.done:
            self.done = True
            self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The game's rules in brief and the keys, over the table."""

    BINDINGS = [Binding("escape,question_mark,f1,q,enter", "close", "Close help")]

    def __init__(self, title: str, rules: str, keys: str) -> None:
        """Show `rules` and the keys (the game's `keys`, then `KEYS`)."""
        super().__init__()
        # The rules are written to 80 columns: let the box wrap them instead.
        paragraphs = [" ".join(part.split()) for part in rules.strip().split("\n\n")]
        own = f"{keys.rstrip()}\n" if keys else ""
        self.text = "\n\n".join([title, *paragraphs, f"Keys\n{own}{KEYS}"])

    def compose(self) -> ComposeResult:
        """The text, scrolled when it does not fit."""
        with VerticalScroll(id="help-box"):
            yield Static(self.text, id="help-text", markup=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class QuestionScreen(ModalScreen[bool]):
    """A question over the table, answered yes or no with its `BINDINGS`."""

    ANSWERS: ClassVar[str] = "y: yes    n: no"
    """The keys that answer, as the screen shows them."""

    def __init__(self, question: str) -> None:
        """Ask `question`."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and the answers."""
        with Middle(), Center():
            yield Static(f"{self.question}\n\n{self.ANSWERS}", id="question-text")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)


class QuitScreen(QuestionScreen):
    """Asks whether to leave the game: y or Enter leaves, n or Esc stays."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Quit"),
        Binding("n,escape,q", "answer(False)", "Stay"),
    ]
    ANSWERS = "y: quit    n: stay"


class ConfirmScreen(QuestionScreen):
    """Asks before a move a stray key may make: y makes it; n, Esc or Enter not.

    Enter answers no, so that Enter pressed twice makes no such move.
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape,enter", "answer(False)", "No"),
    ]
    ANSWERS = "y: yes    n or Enter: no"
