"""``python3 -m bigtwo``: the Big Two program's command line.

The game itself is `bigtwo.spec.SPEC`; its console and its look are imported
by the methods that need them, so that ``--help`` and ``--version`` import
none of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from bigtwo.spec import DEFAULT_THINK, MAX_THINK, MIN_THINK, SPEC
from common.cli.options import OptionParser, seconds_in_range
from common.cli.program import GameProgram
from common.engine.seats import EXPERT
from common.engine.spec import Settings
from common.language import N_, _

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
    replayed_options = ("think",)

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--think SECONDS``, the expert's time for each decision."""
        parser.add_argument("--think", type=seconds_in_range(MIN_THINK, MAX_THINK),
                            metavar="SECONDS",
                            # Translators: {expert} is the strategy's name,
                            # typed as it is.
                            help=_("about how long the {expert} computer player "
                                   "thinks over each move (default {seconds}); "
                                   "--hint then says what it would do")
                            .format(expert=EXPERT, seconds=f"{DEFAULT_THINK:g}"))

    def settings(self, parser: OptionParser, options: argparse.Namespace,
                 names: Sequence[str | None]) -> Settings:
        """The expert's time to think, when an expert plays (none otherwise).

        Where people wait on it live, at the full-screen table (``--tui``)
        and at a hosted one (``--host``), it is also a cap by the clock
        (``cap``), so that they never wait much longer, however slow the machine;
        the console counts work alone, so that a seed and the same lines
        give the same transcript.  ``--think`` without an expert seat is an
        option error.
        """
        settings = super().settings(parser, options, names)
        if EXPERT in names:
            settings["think"] = (DEFAULT_THINK if options.think is None
                                 else options.think)
            if options.tui or options.host is not None:
                settings["cap"] = settings["think"]
        elif options.think is not None and names:
            # Translators: {expert} is the strategy's name, typed as it is.
            parser.error(_("--think is how long the {expert} player thinks: it "
                           "needs --strategy {expert}").format(expert=EXPERT))
        return settings

    def new_console(self, game: BigTwo, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> BigTwoConsole:
        """Return the assignment's console."""
        from bigtwo.console import BigTwoConsole

        return BigTwoConsole(game, terminal, shown=shown, history=history,
                             hinted=hinted, think=settings.get("think"),
                             cap=settings.get("cap"))

    def new_look(self, game: BigTwo, console: Console[BigTwo, Move],
                 settings: Settings) -> Any:
        """Return the full-screen table (`bigtwo.tui`, which needs Textual)."""
        from bigtwo.tui import BigTwoLook

        return BigTwoLook(game, console)


PROGRAM = BigTwoProgram()
"""The program ``python3 -m bigtwo`` runs."""

main = PROGRAM.main
"""Run the program with the arguments `argv`; return the exit status."""
