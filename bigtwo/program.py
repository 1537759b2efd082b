"""``python3 -m bigtwo``: the Big Two program's command line.

The game itself is `bigtwo.spec.SPEC`; its console and its look are imported
by the methods that need them, so that ``--help`` and ``--version`` import
none of them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from bigtwo.spec import SPEC
from common.cli.program import GameProgram
from common.engine.spec import Settings
from common.language import N_

if TYPE_CHECKING:
    from bigtwo.console import BigTwoConsole
    from bigtwo.game import BigTwo
    from bigtwo.moves import Move
    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.history import HistoryWriter


class BigTwoProgram(GameProgram["BigTwo"]):
    """The assignment's Big Two at the console."""

    spec = SPEC
    description = N_("Play Big Two at the console: Players 0 to 3 at one keyboard, "
                     "or against the computer (--computer 1,2,3 --show 0 seats it "
                     "at 1, 2 and 3 and keeps its cards hidden). Type the indices "
                     "of the cards to play, separated by spaces; an empty line "
                     "passes.")
    # Translators: %% is a percent sign (the option help's notation): i %% 4
    # is the remainder of i divided by 4.
    deck_help = N_("deal these 52 cards (card i to player i %% 4) instead of a "
                   "shuffled deck")
    skips_bom = False  # the Java original reads a byte-order mark as text

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


PROGRAM = BigTwoProgram()
"""The program ``python3 -m bigtwo`` runs."""

main = PROGRAM.main
"""Run the program with the arguments `argv`; return the exit status."""
