"""The assignment's `BigTwoConsole`: the Big Two table as text.

The output is the assignment's, byte for byte; `docs/bigtwo.md` describes it.
The loop is the shared driver's (`common.engine.driver`); this class draws the table,
reads each selection as the Java original does (`bigtwo.selection`, from a
line of any length) and prints what was played.

Every piped line is a selection, as in the assignment: ``help``, ``quit`` or
``5,6`` select no card, and so pass.  A person at a keyboard loses no turn to
a word: ``help`` (or ``?``) prints the help and asks again, and any other line
that selects no card, but an empty one, asks ``Pass? [y/N]`` first.  They are
told more on standard error, which no transcript holds: what happened since
their last turn, that they have the lead, what a line that selected nothing
or was refused meant, and the help they asked for.  ``--hint`` hints go there
too.
"""

from __future__ import annotations

import collections
from collections.abc import Collection, Sequence

from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.game import BigTwo
from bigtwo.hands import named
from bigtwo.moves import Move
from bigtwo.selection import Selection, select, split_tokens
from bigtwo.selection import parse_java_int as parse_java_int
from common.console.console import QUIT_WORDS, Console, fill
from common.console.sharing import shared
from common.console.terminal import Terminal
from common.engine.events import Event
from common.engine.game import IllegalMoveError
from common.history import HistoryWriter
from common.language import N_, _, ngettext

NOT_LEGAL = N_("Not a legal move!!!")
"""The assignment's answer to a move that is not legal."""

LEAVE_WORDS = QUIT_WORDS | {"exit"}
"""Words a person may type to leave, which Big Two, with no quit, reads as a pass."""

COACHED_CHARS = 200
"""How much of a typed line the coaching looks at (a longer line is no word)."""


# Translators: y and N are typed, as they are.
PASS_QUESTION = N_("Pass? [y/N] ")
"""What a person at a keyboard is asked before a line that selects no card passes."""


def _word(line: str) -> str:
    # The word a short line is, for the coaching (a longer line is none).
    return line.strip().lower() if len(line) <= COACHED_CHARS else ""


def spell(move: Move) -> str:
    """Return the line a person types for `move`: its indices, or nothing to pass."""
    return " ".join(map(str, move))


class BigTwoConsole(Console[BigTwo, Move]):
    """The text user interface of a Big Two game (the Java ``BigTwoConsole``).

    Each seat's move comes from its controller: a person types the indices
    of the cards at the prompt; the computer's move is printed after the
    prompt as a person would type it.
    """

    rules = N_("""\
Four players, 13 cards each.  The holder of the ♦3 opens with a hand holding
it.  Each player in turn then plays a hand of the same number of cards that
beats the last hand on the table, or passes.  When everyone else has passed,
the player of the last hand has the lead and plays any hand.  The first player
out of cards wins.

Hands: a single card, a pair, a triple, or five cards: a straight (five ranks
in a row) < a flush (one suit) < a full house (a triple and a pair) < four of
a kind and any card < a straight flush.  A hand beats one of its kind with a
higher top card; a flush beats a flush of a lower suit.

Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2.  Suits, low to high: ♦ ♣ ♥ ♠
(they decide between cards of one rank).  J Q K A 2 is the highest straight,
3 4 5 6 7 the lowest.""")
    """The rules in brief (``help`` prints them)."""
    help_aside = True
    hides_cards = True

    def __init__(self, game: BigTwo, terminal: Terminal, *,
                 shown: Collection[int] | None = None,
                 history: HistoryWriter | None = None,
                 hinted: Collection[int] = (), think: float | None = None,
                 cap: float | None = None) -> None:
        """Show `game` on `terminal` (the arguments are `common.console.Console`'s).

        With `think` (an expert plays: ``--strategy expert``), hints say what
        the expert would do, thinking that many seconds (and `cap` seconds
        at most by the clock, if given: `bigtwo.expert.ExpertPlayer`);
        otherwise what the smart strategy would.
        """
        super().__init__(game, terminal, shown=shown, history=history, hinted=hinted)
        self._think = think
        self._cap = cap
        # The last moves, put in words only when a person is coached (`coach`).
        self._recent: collections.deque[HandPlayed | Passed] = collections.deque(
            maxlen=len(self.game.get_player_list()))

    def repaint(self) -> None:
        """Print every player's cards, then the last hand on the table."""
        self.terminal.write(self.render_table())

    def render_table(self) -> str:
        """Return the text `repaint` prints.

        The consoles of one game print the same table at a turn, but for
        the cards of the seat to play, face up on its own console (at a
        hosted table: one console a seat, and the watchers'): each text is
        made once (`common.console.sharing`).
        """
        active = self._active_player
        face_up = active == -1 or self.shows_cards_of(active)
        return shared((self.game, "table", active, face_up),
                      lambda: self._render_table(active, face_up))

    def _render_table(self, active: int, face_up: bool) -> str:
        lines = []
        for idx, player in enumerate(self.game.get_player_list()):
            lines.append(f"<{player.get_name()}>\n")
            cards = player.get_cards_in_hand()
            if idx == active:
                lines.append("==> " + cards.render(print_front=face_up,
                                                   print_index=True))
            else:
                lines.append("    " + cards.render(print_front=active == -1,
                                                   print_index=True))
        # Translators: the heading of the hand on the table, in the
        # assignment's notation.
        lines.append(_("<Table>") + "\n")
        last = self.game.get_last_hand_on_table()
        if last is None:
            # Translators: under <Table>, when no hand is on it.
            lines.append("  " + _("[Empty]") + "\n")
        else:
            owner = last.get_player()
            name = owner.get_name() if owner is not None else ""
            lines.append(f"    <{name}> {{{last.get_type()}}} " + last.render())
        return "".join(lines)

    def prompt(self, seat: int) -> str:
        """Return ``Player N's turn: ``."""
        return _("{player}'s turn: ").format(
            player=self.game.get_player_list()[seat].get_name())

    def parse(self, line: str, seat: int) -> Move:
        """Return the selection the line makes from `seat`'s hand, sorted.

        As the Java original reads it (`bigtwo.selection.select`); any line is
        a selection, an empty one a pass.
        """
        return tuple(select(line, self._hand_size(seat)))

    def is_help(self, line: str) -> bool:
        """No line of a transcript asks for help: ``help`` is a selection.

        As in the assignment, it selects no card and so passes.  Typed at a
        keyboard it asks for help all the same (`wants_help`), answered on
        standard error, off the transcript.
        """
        return False

    def show_help(self, seat: int) -> None:
        """Print the help on standard error: the transcript stays the assignment's."""
        self.terminal.aside(self.help_text(seat))

    def read_move(self, seat: int) -> Move:
        """Read the person's selection from a line of any length.

        From a pipe, in bounded memory, as the assignment reads it: every line
        is a selection.  At a keyboard, ``help`` asks again and a line that
        selects no card (but an empty one) asks before it passes; the person
        is coached on standard error before the prompt and after the line
        (see the module's notes).

        Raises:
            common.console.terminal.EndOfInput: when input has ended.
        """
        size = self._hand_size(seat)
        selection = Selection(size)
        if not self.terminal.interactive:
            self.read_text(seat, selection.feed)
            return tuple(selection.indices())
        self.coach(seat)
        while True:
            pieces, move = self._read_selection(seat, size)
            line = "".join(pieces)
            if self.wants_help(line):
                self.show_help(seat)
                continue
            question = None if move else self.doubt(seat, line)
            if question is not None and not self.terminal.confirm(question):
                continue
            self.record_line(seat, pieces)
            self._coach_line(line[:COACHED_CHARS + 1], size, move)
            return move

    def words(self, seat: int) -> str:
        """Return how a line reads: card numbers, an empty line to pass."""
        size = self._hand_size(seat)
        # Translators: {last} is the number of the last card; 0 2 is typed.
        return _("Type the numbers in front of the cards you play, separated by "
                 "spaces (your cards are 0 to {last}; 0 2 plays the first and the "
                 "third); an empty line passes.  Any other line that selects no "
                 "card asks whether you pass (in a script, as in the assignment, it "
                 "passes).  There is no quit: Ctrl-C leaves the game.  A card shown "
                 "as 0, such as [♠0], is a ten.").format(last=size - 1)

    def hint(self, seat: int) -> str:
        """Return what the computer would do in `seat`'s turn, and why.

        `bigtwo.strategy.hint` says what smart would do; when an expert plays,
        `bigtwo.expert.hint` says what the expert would.
        """
        # Here, not above: a game without hints needs no strategy.
        view = self.game.view(seat)
        if self._think is not None:
            from bigtwo.expert import hint as expert_hint

            return expert_hint(view, self._think, cap=self._cap)
        from bigtwo.strategy import hint

        return hint(view)

    def show_hint(self, text: str) -> None:
        """Print the hint on standard error: the transcript stays the assignment's."""
        self.terminal.aside(fill(text))

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Print the assignment's refusal; at a keyboard, say why on standard error."""
        super().refuse(seat, error)
        if self.terminal.interactive:
            reason = f"{error.reason[:1].upper()}{error.reason[1:]}"
            # Translators: {reason} is why the move is refused, as a sentence;
            # {what_now} says what may be played instead.
            self.terminal.aside(fill(_("{reason}. {what_now}").format(
                reason=reason, what_now=self._legal_now(seat)), "  "))

    def refusal(self, error: IllegalMoveError) -> str:
        """Return the assignment's `NOT_LEGAL`."""
        return _(NOT_LEGAL)

    def on_events(self, events: Sequence[Event]) -> None:
        """Print each event's text, and keep the last moves for the recap."""
        super().on_events(events)
        self._recent.extend(event for event in events
                            if isinstance(event, (HandPlayed, Passed)))

    def _said(self, move: HandPlayed | Passed) -> str:
        # A move in words, for the coaching.
        if isinstance(move, Passed):
            return _("{player} passed").format(player=self._name(move.seat))
        cards = " ".join(map(str, move.cards))
        # Translators: {hand} is the hand played: Pair ♦6 ♣6.
        return _("{player} played {hand}").format(
            player=self._name(move.seat), hand=f"{move.hand_type} {cards}")

    def _name(self, seat: int) -> str:
        return self.game.get_player_list()[seat].get_name()

    def recap(self) -> str:
        """Nothing: the coaching says what happened since a person's last turn."""
        return ""

    def coach(self, seat: int) -> None:
        """At a keyboard, say what happened since `seat` last moved, and if it leads."""
        if not self.terminal.interactive:
            return
        recent = list(self._recent)
        mine = [index for index, move in enumerate(recent) if move.seat == seat]
        since = recent[mine[-1] + 1:] if mine else recent
        if since:
            # Translators: {moves} are the moves, such as Player 1 played
            # Single ♦4; Player 2 passed.
            self.terminal.aside(fill(_("Since your last turn: {moves}.").format(
                moves="; ".join(map(self._said, since)))))
        view = self.game.view(seat)
        if view.is_opening:
            self.terminal.aside(_("You hold the ♦3: open with a hand that holds it."))
        elif view.is_free:
            self.terminal.aside(fill(_("Everyone else passed: you have the lead, so "
                                       "play any hand (the table still shows your "
                                       "last one).")))

    def _read_selection(self, seat: int, size: int) -> tuple[list[str], Move]:
        """Read a line at `seat`'s prompt, unrecorded: its pieces and its selection."""
        selection = Selection(size)
        pieces: list[str] = []

        def take(text: str) -> None:
            selection.feed(text)
            pieces.append(text)

        self.read_unrecorded(seat, take)
        return pieces, tuple(selection.indices())

    def doubt(self, seat: int, line: str) -> str | None:
        """At a keyboard, ask before a line that selects no card (not empty) passes.

        Say aside why it would pass, and return ``Pass? [y/N] ``.
        """
        if not self.terminal.interactive or not line.strip():
            return None
        size = self._hand_size(seat)
        if select(line, size):
            return None
        word = _word(line)
        if word in LEAVE_WORDS:
            # Translators: {word} is the word typed: quit, q or exit.
            self.terminal.aside(fill(_("{word}: there is no quit in Big Two.  The "
                                       "line selects no card, so it is a pass; "
                                       "Ctrl-C leaves the game.").format(word=word)))
        else:
            # Translators: {last} is the number of the last card.
            self.terminal.aside(fill(_("No card selected: that is a pass (your cards "
                                       "are numbered 0 to {last}).").format(
                                           last=size - 1)))
        return _(PASS_QUESTION)

    def _coach_line(self, text: str, size: int, move: Move) -> None:
        """Say which parts of a selection were ignored, and why."""
        if move and len(text) <= COACHED_CHARS:
            ignored = [token for token in split_tokens(text)
                       if (index := parse_java_int(token)) is None
                       or not 0 <= index < size]
            if ignored:
                listed = ", ".join(token[:12] for token in ignored[:5])
                # Translators: {tokens} are the parts of the line ignored: x, 99;
                # {last} is the number of the last card.
                self.terminal.aside(fill(_("Ignored {tokens}: not the number of a "
                                           "card (yours are 0 to {last}).").format(
                                               tokens=listed, last=size - 1)))

    def _legal_now(self, seat: int) -> str:
        """Say what `seat` may do now, with a move to type."""
        view = self.game.view(seat)
        plays = [move for move in view.moves if move]
        if not plays:
            return _("You can only pass: type an empty line.")
        first = plays[0]
        typed, hand = spell(first), named(view.hand[index] for index in first)
        if view.is_free:
            # Translators: {typed} is what to type (0 1), {hand} what it
            # plays: Pair ♦6 ♣6.
            return _("For example, {typed} plays {hand}.").format(typed=typed,
                                                                 hand=hand)
        count = len(plays)
        # Translators: {typed} is what to type (0 1), {hand} what it plays:
        # Pair ♦6 ♣6.
        return ngettext("{count} of your plays beats it, such as {typed} plays "
                        "{hand}; or pass with an empty line.",
                        "{count} of your plays beat it, such as {typed} plays "
                        "{hand}; or pass with an empty line.", count).format(
                            count=count, typed=typed, hand=hand)

    def _hand_size(self, seat: int) -> int:
        return self.game.get_player_list()[seat].get_num_of_cards()

    def spell(self, move: Move) -> str:
        """Return the indices separated by spaces (an empty line passes)."""
        return spell(move)

    def get_selected(self) -> list[int]:
        """Ask the active player for card indices and return them, sorted.

        Tokens that are not integers, are negative or are not below the number
        of cards in hand are ignored, and duplicates count once.  An empty
        list means a pass.
        """
        return list(self.read_move(self._active_player))

    def describe(self, event: Event) -> str:
        """Return what the assignment prints for `event`.

        The end of the game shows every hand face up, then the result.
        """
        if isinstance(event, HandPlayed):
            cards = " ".join(f"[{card}]" for card in event.cards)
            return f"{{{event.hand_type}}} {cards}\n\n"
        if isinstance(event, Passed):
            return "{Pass}\n\n"
        if isinstance(event, GameEnded):
            self.set_active_player(-1)
            lines = [self.render_table(), "\n" + _("Game ends") + "\n"]
            for player, count in zip(self.game.get_player_list(), event.cards_left,
                                     strict=True):
                name = player.get_name()
                lines.append(_("{player} wins the game.").format(player=name) + "\n"
                             if count == 0 else
                             # Translators: the assignment writes "cards" for 1
                             # too; a translation uses the form its count needs.
                             ngettext("{player} has {count} cards in hand.",
                                      "{player} has {count} cards in hand.",
                                      count).format(player=name, count=count) + "\n")
            return "".join(lines)
        return ""
