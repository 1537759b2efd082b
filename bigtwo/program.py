"""``python3 -m bigtwo``: the Big Two program's options and how they build a game.

The game's own modules are imported by the methods that need them, so that
``--help`` and ``--version`` import none of them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from common.cli.program import GameProgram, Settings

if TYPE_CHECKING:
    from bigtwo.console import BigTwoConsole
    from bigtwo.game import BigTwo
    from bigtwo.moves import Move
    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.engine.dealer import Dealer
    from common.history import HistoryWriter
    from common.simulation.runner import GameResult


class BigTwoProgram(GameProgram["BigTwo"]):
    """The assignment's Big Two at the console."""

    name = "bigtwo"
    title = "Big Two"
    description = ("Play Big Two at the console: Players 0 to 3 at one keyboard, or "
                   "against the computer (--computer 1,2,3 --show 0 seats it at 1, 2 "
                   "and 3 and keeps its cards hidden). Type the indices of the cards "
                   "to play, separated by spaces; an empty line passes.")
    deck_help = ("deal these 52 cards (card i to player i %% 4) instead of a "
                 "shuffled deck")
    hidden_cards = True
    skips_bom = False  # the Java original reads a byte-order mark as text

    def num_seats(self, settings: Settings) -> int:
        """Four players."""
        from bigtwo.game import NUM_PLAYERS

        return NUM_PLAYERS

    def new_game(self, settings: Settings, dealer: Dealer) -> BigTwo:
        """Return a game dealt by `dealer`."""
        from bigtwo.game import BigTwo

        return BigTwo(dealer)

    def new_console(self, game: BigTwo, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> BigTwoConsole:
        """Return the assignment's console."""
        from bigtwo.console import BigTwoConsole

        return BigTwoConsole(game, terminal, shown=shown, history=history,
                             hinted=hinted)

    def new_look(self, game: BigTwo, console: Console[BigTwo, Move],
                  settings: Settings) -> Any:
        """Return the full-screen table (`bigtwo.tui`, which needs Textual)."""
        from bigtwo.tui import BigTwoLook

        return BigTwoLook(game, console)

    def measure(self, game: BigTwo) -> GameResult:
        """Return each seat's win and cards left."""
        from bigtwo.simulation import measure

        return measure(game)


PROGRAM = BigTwoProgram()
"""The program ``python3 -m bigtwo`` runs."""


def main(argv: list[str] | None = None) -> int:
    """Run ``bigtwo`` with the arguments `argv`; return the exit status."""
    return PROGRAM.main(argv)
