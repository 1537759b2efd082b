"""The full-screen table: one Textual app for every game.

The top line says where the game stands and whose turn it is; the table
shows every seat; the history pane keeps every move since the game began,
newest last; the controls (`common.tui.widgets.MovePad`) offer the moves of
the person whose turn it is, and the line under them says what the move
highlighted would do, or why the last one was refused.  A move can also be
typed as in line mode, on the command line (Tab, or any key the controls
do not take).  ``?`` or F1 shows the rules and keys; ``q`` asks, then quits;
Ctrl+C leaves at once.

Every key is read in the order it was typed, however fast: a key that
starts a typed line moves the keyboard to the command line before the next
key is read, so that a digit and Enter typed together send the digit.
A line typed and sent before the person's turn stays on the command line
and goes in when the turn comes, as a line typed ahead in line mode does;
so does a move's key pressed before it (`_send_ahead`).
Between two people's turns the hand-over screen takes no key for a moment
(`HandOverScreen.PAUSE`), nor does the table once it is dismissed, so that a key
typed ahead by one player is not the next one's move (nor a line: it is
dropped).  A move the game confirms (`GameLook.confirms`, Big Two's pass) is
asked about first, however it is made: its key, Enter, or a line.

The table fits the terminal: the history pane goes under the table below
`NARROW` columns; below `COMPACT` rows the table is compact (no history
pane, no footer, thin rules, `GameLook.table`'s compact form, the hand in
narrower cells); the top line and the message under the controls wrap, and
the table scrolls rather than lose a line.  Below the game's
`GameLook.min_size` the screen only asks for a larger window, and the table
comes back as soon as the window is large enough.

The app never runs the game: `common.tui.front.TableFront` does, in the
driver's thread, and calls `TableApp.begin_turn`, `TableApp.ask`,
`TableApp.refuse`, `TableApp.show_events` and `TableApp.game_over` here,
waiting for each; a move goes back with `TableFront.submit`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from common.console.console import asks_for_help, quit_words
from common.engine.events import Event
from common.engine.game import QUIT, IllegalMoveError
from common.language import N_, _
from common.tui.cells import measure_as_terminals_do
from common.tui.look import GameLook, styled
from common.tui.screens import (
    ConfirmScreen,
    HandOverScreen,
    HelpScreen,
    QuitScreen,
    TableScreen,
)
from common.tui.widgets import HistoryPane, MovePad, TablePane

NARROW = 72
"""Below this many columns the history pane goes under the table."""
COMPACT = 24
"""Below this many rows the table is compact (the history pane hidden)."""
ENLARGE = N_("Enlarge the window to at least {min}\n(now {now}).")
"""What the screen says below the game's `GameLook.min_size`."""
ALWAYS = frozenset({"ctrl+c", "ctrl+q"})
"""The keys the table takes even while it takes no other (leaving)."""


class Front(Protocol):
    """What the app asks of the front end that runs the game: a `TableFront`.

    The app only shows the game; the front end runs the driver's thread,
    which the app starts once it is on screen and stops when it closes.
    """

    look: GameLook[Any, Any]
    """The game's look."""
    title: str
    """The game's name."""
    rules: str
    """The rules in brief, for the help overlay."""
    people: frozenset[int]
    """The seats of the people at this keyboard."""
    shown: frozenset[int]
    """The seats whose hidden cards are face up (to themselves)."""
    hides_cards: bool
    """Whether the game has hidden cards (two people get a hand-over screen)."""

    @property
    def running(self) -> bool:
        """Whether the driver's thread is still going."""

    def start(self) -> None:
        """Start the driver's thread."""

    def stop(self) -> None:
        """Stop the driver's thread at its next wait."""

    def submit(self, line: str, move: Any) -> None:
        """Give the waiting seat its move: `line` is recorded; `move` None: typed."""


class TableApp(App[None]):
    """The full-screen table of one game, driven by a `TableFront` (a `Front`)."""

    CSS_PATH = "table.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # (the footer says them: `TableScreen`)
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("q", "quit_game", N_("Quit")),
        Binding("ctrl+q", "quit_game", N_("Quit"), show=False, priority=True),
        Binding("ctrl+c", "interrupt", N_("Leave now"), show=False, priority=True),
        Binding("tab", "command_line", N_("Type a move"), key_display="Tab",
                priority=True),
    ]

    def __init__(self, front: Front) -> None:
        """Show the game `front` plays."""
        super().__init__()
        measure_as_terminals_do()
        self.front = front
        self.look = front.look
        self.title = front.title
        self.turn: int | None = None
        """The seat whose turn it is (None before the first and after the end)."""
        self.asking: int | None = None
        """The seat whose move the controls are waiting for, if any."""
        self.over = False
        self._revealed: int | None = None
        seeing = front.people & front.shown
        self._hot_seat = front.hides_cards and len(seeing) > 1
        if not self._hot_seat and len(seeing) == 1:
            # Alone at the keyboard: your own cards stay face up throughout.
            self._revealed = next(iter(seeing))
        self._quitting = False
        self._leaving = False
        self._leave_asked = False
        self._handing_over = False
        self._asked: int | None = None
        self._ahead: str | None = None
        self.compact = False
        """Whether the table is compact (below `COMPACT` rows)."""
        self.too_small = False
        """Whether the window is below the game's `GameLook.min_size`."""
        self._focus_before: Widget | None = None
        self.left = False
        """Whether the person left through the quit question, before the end."""

    def get_default_screen(self) -> TableScreen:
        """The table's own screen, whose footer says the keys in the language spoken."""
        return TableScreen(id="_default")

    def compose(self) -> ComposeResult:
        """The top line, the table and history, the controls, the command line.

        And the request for a larger window, shown alone when it is too small.
        """
        yield Static(id="enlarge")
        yield Static(id="status")
        with Horizontal(id="top"):
            with TablePane(id="table"):
                yield Static(id="table-body")
            yield HistoryPane(id="history")
        yield MovePad(id="pad")
        yield Static(id="message")
        # Not select_on_focus: the key that moved the focus here is kept.
        yield Input(id="command", placeholder=_("Tab: type a move as in line mode"),
                    select_on_focus=False)
        yield Footer()

    def on_mount(self) -> None:
        """Name the panes, fit the layout to the size, start the game."""
        self.query_one("#table").border_title = self.title
        self.query_one("#history").border_title = _("History")
        self.query_one(MovePad).focus()
        self._fit(self.size)
        self.redraw()
        if self._leave_asked:  # a stop signal came before the loop ran
            self.call_later(self.leave)
            return
        self.front.start()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the layout to the new size (see `_fit`)."""
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Lay the table out for `size`: narrow, compact, or too small for it.

        The classes go on the table's own screen, whatever is over it.
        """
        screen = self.default_screen
        width, height = size
        screen.set_class(width < NARROW, "narrow")
        compact = height < COMPACT
        screen.set_class(compact, "compact")
        least = self.look.min_size()
        small = width < least[0] or height < least[1]
        self.query_one("#enlarge", Static).update(_(ENLARGE).format(
            min=f"{least[0]}×{least[1]}", now=f"{width}×{height}"))
        if small and not self.too_small:
            # Hidden widgets lose the focus: the keys wait (see on_event).
            self._focus_before = self.focused
        screen.set_class(small, "too-small")
        was_small, self.too_small = self.too_small, small
        if was_small and not small:
            before = self._focus_before
            (before if before is not None and before.is_attached
             else self.query_one(MovePad)).focus()
        self.query_one(Input).placeholder = (
            # Translators: Tab, ? and q are the keys (left as they are).
            _("Tab: type a move · ? help · q quit") if compact
            else _("Tab: type a move as in line mode"))
        if compact != self.compact:
            self.compact = compact
            pad = self.query_one(MovePad)
            pad.compact = compact
            pad.refresh(layout=True)
            if self._still():
                self.redraw()  # otherwise the driver's next call redraws
        if (was_small and not small) or not compact:
            # Lines added while the pane was hidden did not scroll it.
            self.query_one(HistoryPane).scroll_to_newest()

    def _still(self) -> bool:
        """Whether the game stands still, so that the app may read it now."""
        return (self.asking is not None or self.over
                or not self.front.running)

    # What the driver's thread calls, waiting for each.

    def begin_turn(self, seat: int) -> None:
        """`seat`'s turn begins: hide the cards, hand the keyboard over if needed."""
        self.turn = seat
        if self._hot_seat and self._revealed != seat:
            self._revealed = None
        self._asked = None
        self.redraw()
        pad = self.query_one(MovePad)
        if seat in self.front.people:
            if self._hot_seat and seat in self.front.shown and self._revealed != seat:
                self._handing_over = True
                # Typed ahead by the last player: not this one's move, and
                # the keys go back to the controls.
                self._ahead = None
                self.query_one("#command", Input).value = ""
                pad.focus()
                pad.wait("")
                self.push_screen(HandOverScreen(self.look.name(seat)),
                                 lambda _result: self._hand_over(seat))
            return
        pad.wait(_("{player} is thinking…").format(player=self.look.name(seat)),
                 self._own_cards())

    def _hand_over(self, seat: int) -> None:
        # The driver only waits for this seat's move: the game stands still.
        # The cards show at once; the controls wait a moment, which the keys
        # typed with the one that dismissed the screen are dropped in.
        self._revealed = seat
        self.redraw()
        self.set_timer(HandOverScreen.PAUSE, lambda: self._handed_over(seat))

    def _handed_over(self, seat: int) -> None:
        self._handing_over = False
        if self.asking == seat:
            self._offer(keep=False)

    def ask(self, seat: int) -> None:
        """Offer the person at `seat` their moves (again, after a refusal)."""
        again = self._asked == seat
        self.asking = self._asked = seat
        self._offer(keep=again)
        if not again:
            self._say(self.look.asking(seat))
            self._send_ahead()

    def _send_ahead(self) -> None:
        """Make what was typed before the turn came: a line sent, or a key.

        A line sent ahead goes in, unless edited since; a lone key of one
        of the moves offered now, left on the command line (where the keys
        go while nothing is offered), makes that move as at the controls.
        """
        line, self._ahead = self._ahead, None
        command = self.query_one("#command", Input)
        typed, seat, pad = command.value, self.asking, self.query_one(MovePad)
        made = pad.makes("", typed) if len(typed) == 1 else None
        if seat is None or not typed or (typed != line and made is None):
            return
        command.value = ""
        if isinstance(self.focused, Input):
            pad.focus()
        if typed == line:
            self._send_typed(line)
        elif made is not None:
            self._make(seat, *made)

    def _offer(self, keep: bool) -> None:
        seat = self.asking
        if seat is None or self._handing_over:
            return
        pad = self.query_one(MovePad)
        choices = self.look.choices(seat)
        cards = self.look.hand(seat) if self.look.picks_cards else ()
        pad.offer(choices, self.look.default_choice(choices), cards,
                  picks_cards=self.look.picks_cards, keep=keep)
        if not isinstance(self.focused, Input):
            pad.focus()

    def refuse(self, seat: int, reason: str) -> None:
        """Show why `seat`'s move was refused."""
        refused = _("Not legal: {reason}").format(reason=reason)
        self._say(Text.assemble(("✗ ", "bold red"), (refused, "bold")))

    def show_events(self, happened: list[Event]) -> None:
        """Add the events to the history and redraw the table."""
        lines = [line for event in happened for line in self.look.history(event)]
        self.query_one(HistoryPane).add(lines)
        self.redraw()

    def game_over(self) -> None:
        """The game is over: every card face up, the result, Enter to leave."""
        self.over = True
        self.turn = self.asking = None
        self._ahead = None
        self.redraw()
        if self._leaving:
            self.call_later(self.leave)
            return
        self.query_one(MovePad).wait(_("Game over. Press Enter (or q) to leave."))
        self.query_one(MovePad).focus()
        self._say(Text(" ".join(self.look.verdict()), style="bold"))

    # Drawing.

    def shows(self, seat: int) -> bool:
        """Whether `seat`'s hidden cards are face up on the table now."""
        if self.over:
            return True
        if seat not in self.front.shown:
            return False
        if seat in self.front.people:
            return seat == self._revealed
        return seat == self.turn

    def _own_cards(self) -> tuple[Any, ...]:
        seat = self._revealed
        if seat is None or not self.look.picks_cards or self.over:
            return ()
        return tuple(self.look.hand(seat))

    def redraw(self) -> None:
        """Draw the top line and the table from the game (standing still).

        Compact, the top line leaves out the game's name, which the table's
        rule shows just under it.
        """
        parts = [] if self.compact else [Text(self.title)]
        if self.over:
            parts.append(Text(_("game over"), style="bold"))
        elif self.turn is not None:
            parts.append(Text(_("{player}'s turn").format(
                player=self.look.name(self.turn)), style="bold"))
        parts.append(Text(self.look.status()))
        status = Text(" ") + Text(" · ").join(parts)
        self.query_one("#status", Static).update(status)
        shows = self.shows
        if self.look.picks_cards:
            # The controls show the people's own cards: not twice.
            def shows(seat: int) -> bool:
                return self.over or (seat not in self.front.people
                                     and self.shows(seat))
        self.query_one("#table-body", Static).update(
            self.look.table(shows, self.turn, compact=self.compact))

    def _say(self, message: str | Text) -> None:
        self.query_one("#message", Static).update(message)

    # The person's keys.

    def on_move_pad_changed(self, message: MovePad.Changed) -> None:
        """Say what the move highlighted (or the cards picked) would do."""
        pad = self.query_one(MovePad)
        seat = self.asking
        if seat is None:
            return
        if pad.picks_cards:
            if not pad.picked:
                self._say(self.look.asking(seat))
                return
            move = self.look.picked(seat, pad.selection)
        else:
            choice = pad.highlighted
            if choice is None:
                return
            move = choice.move
        self._say(self.look.judge(move))

    def on_move_pad_chosen(self, message: MovePad.Chosen) -> None:
        """Make the move chosen with the keys (Enter at the end leaves)."""
        seat = self.asking
        if seat is None or message.idle:
            if self.over:
                self.call_later(self.leave)
            elif not self._handing_over:  # (the controls are coming)
                self._not_asked()
            return
        self._make(seat, message.move, message.picked)

    def _make(self, seat: int, move: Any, picked: bool) -> None:
        """Make the move of the controls: the cards `picked`, or a choice's."""
        if picked:
            move = self.look.picked(seat, move)
        line = self.look.console.spell(move)
        self._confirmed(move, lambda: self.submit(line, move))

    def _confirmed(self, move: Any, make: Callable[[], None]) -> None:
        """Make `move` with `make`, once confirmed when the game asks first.

        An illegal move is not asked about: the driver refuses it at once.
        """
        question = self.look.confirms(move)
        seat = self.asking
        if question is None or seat is None or not self.look.game.can_move(move):
            make()
            return
        if isinstance(self.screen, ConfirmScreen):
            return  # a key typed ahead: the question is already asked

        def answered(yes: bool | None) -> None:
            if yes and self.asking == seat:
                make()
            elif self.asking == seat:
                self._say(self.look.asking(seat))

        self.push_screen(ConfirmScreen(question), answered)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """Take a typed line: help, quit, or a move read as line mode reads it."""
        line = message.value
        word = line.strip().lower()
        quits = word in quit_words() | {"exit"}
        if self.asking is None and not self.over and not asks_for_help(line) \
                and not quits:
            if word and not self._handing_over:
                # As a line typed ahead in line mode: read when the turn comes.
                self._ahead = line
                self._say(styled(
                    _("Not your turn yet: {line} goes in when it comes (edit it "
                      "to hold it back)."), line=Text(line.strip(), style="bold")))
            else:
                self._not_asked()
            return
        message.input.value = ""
        self.screen.set_focus(self.query_one(MovePad))
        if asks_for_help(line):
            self.action_help()
        elif quits:
            self.action_quit_game()
        elif self.over:
            self.call_later(self.leave)
        else:
            self._send_typed(line)

    def _send_typed(self, line: str) -> None:
        """Send a typed line, once confirmed when the move it names asks first."""
        assert self.asking is not None
        try:  # the game stands still while a person's move is awaited
            move = self.look.console.parse(line, self.asking)
        except IllegalMoveError:
            self.submit(line, None)  # the driver refuses it, with its reason
            return
        self._confirmed(move, lambda: self.submit(line, None))

    async def on_event(self, event: events.Event) -> None:
        """Read each key in order: to the command line at once when it types.

        Textual hands a key to the widget focused when the key is read, and
        the widget takes it later: a focus moved by a widget's message would
        come after the keys typed with it.  Keys come in here one by one, so
        the command line is focused here, before the next key is read; and a
        move the game asks about first is asked about here, so that the key
        typed after it answers the question.  While a hand-over is under way,
        or the window is too small to show the table, the table takes no key
        (`ALWAYS` aside).
        """
        if isinstance(event, events.Key) and not event.is_forwarded:
            screen = self.screen
            if event.key not in ALWAYS and (
                    (self._handing_over and not (isinstance(screen, HandOverScreen)
                                                 and not screen.done))
                    or (self.too_small and screen is self.default_screen)):
                event.stop()
                return
            pad = self.focused
            if isinstance(pad, MovePad):
                if pad.types(event.character):
                    self.screen.set_focus(self.query_one("#command", Input))
                elif self._asks_now(pad, event):
                    event.stop()
                    return
        await super().on_event(event)

    def _asks_now(self, pad: MovePad, key: events.Key) -> bool:
        """Ask about the move `key` makes at `pad` now, if the game asks first."""
        seat = self.asking
        made = pad.makes(key.key, key.character)
        if seat is None or made is None:
            return False
        move, picked = made
        if self.look.confirms(self.look.picked(seat, move) if picked else move) \
                is None:
            return False
        self._make(seat, move, picked)
        return True

    def on_input_changed(self, message: Input.Changed) -> None:
        """A line sent ahead and edited since waits for Enter again."""
        if self._ahead is not None and message.value != self._ahead:
            self._ahead = None
            self._not_asked()

    def on_key(self, event: events.Key) -> None:
        """Esc on the command line goes back to the controls."""
        if event.key == "escape" and isinstance(self.focused, Input):
            self.query_one(MovePad).focus()

    def submit(self, line: str, move: Any) -> None:
        """Hand the waiting seat its move: `line` to record, `move` (None: typed)."""
        seat = self.asking
        if seat is None:
            self._not_asked()
            return
        self.asking = None
        self.query_one(MovePad).hold()
        self._say("")
        self.front.submit(line, move)

    def _not_asked(self) -> None:
        if self.over:
            self._say(_("The game is over: press Enter to leave."))
        elif self.turn is not None:
            self._say(_("Not your turn: it is {player}'s.").format(
                player=self.look.name(self.turn)))

    # Help, quitting.

    def action_help(self) -> None:
        """Show the rules and the keys."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.title, self.front.rules,
                                        self.look.keys))

    def action_command_line(self) -> None:
        """Go to the command line, or back to the controls."""
        if isinstance(self.focused, Input):
            self.query_one(MovePad).focus()
        else:
            self.query_one("#command", Input).focus()

    def action_quit_game(self) -> None:
        """Ask, then quit: with the game's own quit where it has one now."""
        if self.over:
            self.call_later(self.leave)
            return
        if self._quitting:
            return
        seat = self.asking
        by_rule = seat is not None and QUIT in self.look.game.legal_moves()
        if by_rule:
            # Translators: quit is the word a player types to end the game.
            question = _("Quit the game? It ends here, as typing quit ends it.")
        else:
            question = _("Leave the game? It is not over, and cannot be taken up "
                         "again.")
        self._quitting = True

        def answered(leave: bool | None) -> None:
            self._quitting = False
            if not leave:
                return
            if by_rule and self.asking == seat:
                self._leaving = True
                self.submit(self.look.console.spell(QUIT), QUIT)
            else:
                self.left = True
                self.call_later(self.leave)

        self.push_screen(QuitScreen(question), answered)

    def action_interrupt(self) -> None:
        """Leave at once, as Ctrl+C does in line mode."""
        self.call_later(self.leave)

    def leave_soon(self) -> None:
        """Leave as soon as the app can: safe to call from a signal handler.

        It only schedules `leave` on the app's loop (or on its mount, when
        the loop is not running yet).
        """
        self._leave_asked = True
        with contextlib.suppress(RuntimeError):  # no loop running (yet)
            asyncio.get_running_loop().call_soon_threadsafe(self.call_later,
                                                            self.leave)

    async def leave(self) -> None:
        """Stop the driver's thread, wait for it, and close the app."""
        self.front.stop()
        for _tick in range(500):  # at most about 5 s
            if not self.front.running:
                break
            await asyncio.sleep(0.01)
        self.exit()
