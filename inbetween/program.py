"""``python3 -m inbetween``: the In Between program's command line.

The game itself is `inbetween.spec.SPEC`; its console and its look are
imported by the methods that need them, so that ``--help`` and ``--version``
import none of them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from common.cli.options import OptionParser, int_in_range
from common.cli.program import GameProgram
from common.engine.spec import Settings
from common.language import N_, _
from inbetween.spec import SPEC

if TYPE_CHECKING:
    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.history import HistoryWriter
    from inbetween.console import InBetweenConsole
    from inbetween.game import InBetweenGame, InBetweenMove

MAX_ROUNDS = 10**6
"""The longest game ``--rounds`` allows."""


class InBetweenProgram(GameProgram["InBetweenGame"]):
    """In Between (Acey-Deucey) for 2 to 10 players at the console."""

    spec = SPEC
    languages = ("en", "pa")
    description = N_("Play In Between (Acey-Deucey): bet whether a drawn card falls "
                     "between your two cards.")
    epilog = N_("At each prompt type a bet (a whole number in the range shown), "
                "fold (or f), or quit; help shows the rules in brief, and --rules "
                "prints them whole.")
    deck_help = N_("deal round 1 from the 52 cards in FILE, in order (later rounds "
                   "are shuffled)")

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--players N``, ``--refill`` and ``--rounds N``."""
        fewest, most = SPEC.seats[0], SPEC.seats[-1]
        parser.add_argument("--players", type=int_in_range(fewest, most),
                            default=fewest, metavar="N",
                            help=_("number of players, {fewest} to {most} "
                                   "(default {fewest})").format(fewest=fewest,
                                                                most=most))
        parser.add_argument("--refill", action="store_true",
                            help=_("when the pool is empty, every player still in "
                                   "antes 1 coin again and the game goes on (by "
                                   "default an empty pool ends the game)"))
        parser.add_argument("--rounds", type=int_in_range(1, MAX_ROUNDS), metavar="N",
                            help=_("end the game after N rounds, the players with "
                                   "the most coins winning (default: no limit)"))

    def new_console(self, game: InBetweenGame, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> InBetweenConsole:
        """Return the In Between console."""
        from inbetween.console import InBetweenConsole

        return InBetweenConsole(game, terminal, history=history, hinted=hinted)

    def new_look(self, game: InBetweenGame,
                 console: Console[InBetweenGame, InBetweenMove],
                 settings: Settings) -> Any:
        """Return the full-screen table (`inbetween.tui`, which needs Textual)."""
        from inbetween.tui import InBetweenLook

        return InBetweenLook(game, console)


PROGRAM = InBetweenProgram()
"""The program ``python3 -m inbetween`` runs."""

main = PROGRAM.main
"""Run the program with the arguments `argv`; return the exit status."""
