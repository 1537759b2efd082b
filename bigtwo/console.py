"""The assignment's `BigTwoConsole`: the Big Two table as text, and the game loop.

The output is the assignment's, byte for byte; `docs/bigtwo.md` describes it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence

from bigtwo.game import NUM_PLAYERS, BigTwo, IllegalMoveError
from bigtwo.moves import Move
from bigtwo.view import BigTwoView
from common.seats import Controller, Person
from common.terminal import Terminal

NOT_LEGAL = "Not a legal move!!!"
"""What an illegal selection prints before the prompt is shown again."""

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


def spell(move: Move) -> str:
    """Return the line a person types for `move`: its indices, or nothing to pass."""
    return " ".join(map(str, move))


class BigTwoConsole:
    """The text user interface of a Big Two game (the Java ``BigTwoConsole``).

    Each seat's line comes from its controller: a person types it, the
    computer prints its move as a person would type it (None: all persons).
    """

    def __init__(self, game: BigTwo, terminal: Terminal,
                 controllers: Sequence[Controller[BigTwoView]] | None = None,
                 shown: Collection[int] | None = None) -> None:
        """Show `game` on `terminal`; no player is active yet.

        `shown` are the seats whose cards are face up on their turns (None:
        every seat, as the assignment shows them); the others' stay face down.

        Raises:
            ValueError: when `controllers` is not one per seat.
        """
        if controllers is None:
            controllers = [Person() for _ in range(NUM_PLAYERS)]
        if len(controllers) != NUM_PLAYERS:
            raise ValueError(f"{len(controllers)} controllers for {NUM_PLAYERS} seats")
        self._game = game
        self._terminal = terminal
        self._controllers = list(controllers)
        self._shown = frozenset(range(NUM_PLAYERS) if shown is None else shown)
        self._active_player = -1

    def set_active_player(self, active_player: int) -> None:
        """Set whose cards are shown face up; -1 shows every hand face up."""
        self._active_player = active_player

    def repaint(self) -> None:
        """Print every player's cards, then the last hand on the table."""
        out = self._terminal
        for idx, player in enumerate(self._game.get_player_list()):
            out.print(f"<{player.get_name()}>")
            cards = player.get_cards_in_hand()
            if idx == self._active_player:
                face_up = idx in self._shown
                out.write("==> " + cards.render(print_front=face_up, print_index=True))
            else:
                face_up = self._active_player == -1
                out.write("    " + cards.render(print_front=face_up, print_index=True))
        out.print("<Table>")
        last = self._game.get_last_hand_on_table()
        if last is None:
            out.print("  [Empty]")
        else:
            owner = last.get_player()
            name = owner.get_name() if owner is not None else ""
            out.write(f"    <{name}> {{{last.get_type()}}} " + last.render())

    def get_selected(self) -> list[int]:
        """Ask the active player for card indices and return them, sorted.

        As the Java original reads them: tokens that are not integers, are
        negative or are not below the number of cards in hand are ignored,
        and duplicates count once.  An empty list means a pass.
        """
        game, idx = self._game, self._active_player
        player = game.get_player_list()[idx]
        prompt = f"{player.get_name()}'s turn: "
        line = self._controllers[idx].answer(self._terminal, prompt,
                                             lambda: game.view(idx))
        size = player.get_num_of_cards()
        selected = {parse_java_int(token) for token in _DELIMITERS.split(line)}
        return sorted(index for index in selected
                      if index is not None and 0 <= index < size)

    def play(self) -> None:
        """Run the game from the first move to the end (the Java ``start`` loop)."""
        game, out = self._game, self._terminal
        while not game.end_of_game():
            current = game.get_current_idx()
            self.set_active_player(current)
            self.repaint()
            while True:
                try:
                    hand = game.make_move(current, self.get_selected())
                except IllegalMoveError:
                    out.print(NOT_LEGAL)
                    self._controllers[current].refused()
                    continue
                out.print("{Pass}" if hand is None else f"{{{hand.get_type()}}} {hand}")
                out.print()
                break
        self.set_active_player(-1)
        self.repaint()
        out.print()
        out.print("Game ends")
        for player in game.get_player_list():
            if player.get_num_of_cards() == 0:
                out.print(f"{player.get_name()} wins the game.")
            else:
                out.print(f"{player.get_name()} has {player.get_num_of_cards()} "
                          "cards in hand.")
