"""The assignment's `BigTwoConsole`: the Big Two table as text, and the game loop.

The output is the assignment's, byte for byte; `docs/bigtwo.md` describes it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from bigtwo.game import NUM_PLAYERS, BigTwo, IllegalMoveError
from bigtwo.moves import Move
from bigtwo.selection import Selection
from bigtwo.selection import parse_java_int as parse_java_int
from bigtwo.view import BigTwoView
from common.seats import Controller, Person
from common.terminal import Terminal

NOT_LEGAL = "Not a legal move!!!"
"""What an illegal selection prints before the prompt is shown again."""

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

    def get_selected(self, on_text: Callable[[str], None] | None = None) -> list[int]:
        """Ask the active player for card indices and return them, sorted.

        As the Java original reads them (`bigtwo.selection`): tokens that are
        not integers, are negative or are not below the number of cards in
        hand are ignored, and duplicates count once.  An empty list means a
        pass.  A person's line is read in pieces, so it may be of any length
        (up to `common.lines.LINE_LIMIT` bytes) in bounded memory; `on_text`,
        when given, gets the line's text in those pieces as it is read (the
        computer's line in one piece; an empty line in none).

        Raises:
            common.terminal.EndOfInput: when a person's input has ended.
        """
        game, idx = self._game, self._active_player
        player = game.get_player_list()[idx]
        prompt = f"{player.get_name()}'s turn: "
        selection = Selection(player.get_num_of_cards())

        def take(text: str) -> None:
            selection.feed(text)
            if on_text is not None and text:
                on_text(text)

        controller = self._controllers[idx]
        if isinstance(controller, Person):
            self._terminal.ask_text(prompt, take)
        else:
            take(controller.answer(self._terminal, prompt, lambda: game.view(idx)))
        return selection.indices()

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
