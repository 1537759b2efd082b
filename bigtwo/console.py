"""The assignment's `BigTwoConsole`: the Big Two table as text.

The output is the assignment's, byte for byte; `docs/bigtwo.md` describes it.
The loop is the shared driver's (`common.driver`); this class draws the table,
reads each selection as the Java original does and prints what was played.
"""

from __future__ import annotations

import re
import unicodedata

from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.game import BigTwo
from bigtwo.moves import Move
from common.console import Console
from common.events import Event

# Java's StringTokenizer splits on these, and Integer.parseInt reads an optional
# sign and decimal digits; anything else in a token makes it junk.
_DELIMITERS = re.compile(r"[ \t\n\r\f]+")
_INTEGER = re.compile(r"[+-]?\d+")
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def parse_java_int(token: str) -> int | None:
    """Return `token` read as Java's ``Integer.parseInt`` reads it, or None.

    An optional sign, then decimal digits (any script, as Java's
    ``Character.digit``); None where Java throws: junk, or outside 32 bits.
    """
    if not _INTEGER.fullmatch(token):
        return None
    value = 0
    for char in token.lstrip("+-"):
        value = value * 10 + unicodedata.decimal(char)
        if value > -_INT_MIN:
            return None  # stop early: a line may hold thousands of digits
    value = -value if token.startswith("-") else value
    return value if _INT_MIN <= value <= _INT_MAX else None


def parse_selection(line: str, size: int) -> Move:
    """Return the indices a line selects from a hand of `size` cards, sorted.

    As the Java original reads them: tokens that are not integers, are
    negative or are not below `size` are ignored, and duplicates count once.
    An empty selection is a pass.
    """
    selected = {parse_java_int(token) for token in _DELIMITERS.split(line)}
    return tuple(sorted(index for index in selected
                        if index is not None and 0 <= index < size))


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
        """Return the selection the line makes from `seat`'s hand (see above)."""
        size = self.game.get_player_list()[seat].get_num_of_cards()
        return parse_selection(line, size)

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
