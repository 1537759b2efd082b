"""``python3 -m stud``: the Stud program's command line.

The game itself is `stud.spec.SPEC`; its console and its look are imported
by the methods that need them, so that ``--help`` and ``--version`` import
none of them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from common.cli.options import OptionParser, int_in_range
from common.cli.program import GameProgram
from common.engine.spec import Settings
from common.language import N_, _
from stud.spec import SPEC

if TYPE_CHECKING:
    import argparse

    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.history import HistoryWriter
    from stud.console import StudConsole
    from stud.game import StudGame, StudMove

MAX_HANDS = 10**6
"""The largest ``--hands``."""
SIMULATED_HANDS = 5
"""The hands a simulated game lasts at most, unless ``--hands`` says otherwise."""


class StudProgram(GameProgram["StudGame"]):
    """Heads-up Five Card Stud at the console."""

    spec = SPEC
    description = N_("Heads-up Five Card Stud for Players 0 and 1 at one terminal, "
                     "or against the computer (--computer 1 --show 0 seats it at 1 "
                     "and keeps its hole card hidden), $100 each, fixed bets of $1 "
                     "to $4. Type check, bet, call, raise, fold or quit.")
    deck_help = N_("deal the first hand from the 52 cards listed in FILE, in order "
                   "(later hands are shuffled)")

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--hands N``."""
        parser.add_argument("--hands", type=int_in_range(1, MAX_HANDS), metavar="N",
                            help=_("end the game after N hands, the player with "
                                   "more money winning (default: play until a "
                                   "player is broke; {hands} with --simulate)").format(
                                       hands=SIMULATED_HANDS))

    def settings(self, parser: OptionParser, options: argparse.Namespace,
                 names: Sequence[str | None]) -> Settings:
        """Return ``hands``: ``--hands``, or `SIMULATED_HANDS` for a simulation."""
        hands = options.hands
        if hands is None and getattr(options, "simulate", None) is not None:
            hands = SIMULATED_HANDS
        return {"hands": hands}

    def new_console(self, game: StudGame, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> StudConsole:
        """Return the Stud console."""
        from stud.console import StudConsole

        return StudConsole(game, terminal, shown=shown, history=history, hinted=hinted)

    def new_look(self, game: StudGame, console: Console[StudGame, StudMove],
                 settings: Settings) -> Any:
        """Return the full-screen table (`stud.tui`, which needs Textual)."""
        from stud.tui import StudLook

        return StudLook(game, console)


PROGRAM = StudProgram()
"""The program ``python3 -m stud`` runs."""

main = PROGRAM.main
"""Run the program with the arguments `argv`; return the exit status."""
