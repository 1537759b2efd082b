"""The assignment's `BigTwoConsole`: the Big Two table as text.

The output is the assignment's, byte for byte; `docs/bigtwo.md` describes it.
The loop is the shared driver's (`common.driver`); this class draws the table,
reads each selection as the Java original does (`bigtwo.selection`, from a
line of any length) and prints what was played.
"""

from __future__ import annotations

from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.game import BigTwo
from bigtwo.moves import Move
from bigtwo.selection import Selection, select
from bigtwo.selection import parse_java_int as parse_java_int
from common.console import Console
from common.events import Event


def spell(move: Move) -> str:
    """Return the line a person types for `move`: its indices, or nothing to pass."""
    return " ".join(map(str, move))


class BigTwoConsole(Console[BigTwo, Move]):
    """The text user interface of a Big Two game (the Java ``BigTwoConsole``).

    Each seat's move comes from its controller: a person types the indices
    of the cards at the prompt; the computer's move is printed after the
    prompt as a person would type it.
    """

    def repaint(self) -> None:
        """Print every player's cards, then the last hand on the table."""
        self.terminal.write(self.render_table())

    def render_table(self) -> str:
        """Return the text `repaint` prints."""
        lines = []
        active = self._active_player
        for idx, player in enumerate(self.game.get_player_list()):
            lines.append(f"<{player.get_name()}>\n")
            cards = player.get_cards_in_hand()
            if idx == active:
                lines.append("==> " + cards.render(print_front=self.shows_cards_of(idx),
                                                   print_index=True))
            else:
                lines.append("    " + cards.render(print_front=active == -1,
                                                   print_index=True))
        lines.append("<Table>\n")
        last = self.game.get_last_hand_on_table()
        if last is None:
            lines.append("  [Empty]\n")
        else:
            owner = last.get_player()
            name = owner.get_name() if owner is not None else ""
            lines.append(f"    <{name}> {{{last.get_type()}}} " + last.render())
        return "".join(lines)

    def prompt(self, seat: int) -> str:
        """Return ``Player N's turn: ``."""
        return f"{self.game.get_player_list()[seat].get_name()}'s turn: "

    def parse(self, line: str, seat: int) -> Move:
        """Return the selection the line makes from `seat`'s hand, sorted.

        As the Java original reads it (`bigtwo.selection.select`); any line is
        a selection, an empty one a pass.
        """
        return tuple(select(line, self._hand_size(seat)))

    def read_move(self, seat: int) -> Move:
        """Read the person's selection from a line of any length, in bounded memory.

        Raises:
            common.terminal.EndOfInput: when input has ended.
        """
        selection = Selection(self._hand_size(seat))
        self.read_text(seat, selection.feed)
        return tuple(selection.indices())

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
            lines = [self.render_table(), "\nGame ends\n"]
            for player, count in zip(self.game.get_player_list(), event.cards_left,
                                     strict=True):
                lines.append(f"{player.get_name()} wins the game.\n" if count == 0
                             else f"{player.get_name()} has {count} cards in hand.\n")
            return "".join(lines)
        return ""
