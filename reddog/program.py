"""``python3 -m reddog``: the Red Dog program's options and how they build a game.

``--odds`` prints the exact odds and exits instead of playing.  ``--hint``
shows the best move before each prompt; ``--computer`` lets the computer play
(``--strategy smart`` or ``random``) a session of ``--rounds`` rounds;
``--simulate N`` plays N such sessions and prints the statistics instead.
The game itself is `reddog.spec.SPEC`; its console, its look and the odds
are imported by the methods that need them, so that ``--help`` and
``--version`` import none of them, and ``--odds`` only the odds.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from common.cli.options import OptionParser, int_in_range
from common.cli.program import GameProgram
from common.cli.run import run_console
from common.engine.spec import Settings
from common.language import N_, _
from reddog.cards import DEFAULT_DECKS, MAX_DECKS, MIN_DECKS
from reddog.spec import DEFAULT_ROUNDS, SPEC

if TYPE_CHECKING:
    import argparse

    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.history import HistoryWriter
    from reddog.console import RedDogConsole
    from reddog.game import RedDogGame, RedDogMove

MAX_ROUNDS = 10**6
"""The longest game ``--rounds`` allows."""


class RedDogProgram(GameProgram["RedDogGame"]):
    """Red Dog against the house, or its exact odds."""

    spec = SPEC
    description = N_("Play Red Dog against the house, or print its exact odds.")
    deck_help = N_("52 cards to put on top of the first shoe, in order (the rest of "
                   "the shoe follows, shuffled)")

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--decks``, ``--odds`` and ``--rounds``."""
        parser.add_argument("--decks", type=int_in_range(MIN_DECKS, MAX_DECKS),
                            default=DEFAULT_DECKS, metavar="N",
                            help=_("decks in the shoe, {least} to {most} (default "
                                   "{decks})").format(least=MIN_DECKS, most=MAX_DECKS,
                                                      decks=DEFAULT_DECKS))
        parser.add_argument("--odds", action="store_true",
                            help=_("print the exact odds of a fresh shoe of --decks "
                                   "decks and exit"))
        parser.add_argument("--rounds", type=int_in_range(1, MAX_ROUNDS), metavar="N",
                            help=_("end the game after N rounds (default: no limit; "
                                   "{rounds} when the computer plays)").format(
                                       rounds=DEFAULT_ROUNDS))

    def run_instead(self, parser: OptionParser,
                    options: argparse.Namespace) -> int | None:
        """With ``--odds``, print the odds of a fresh shoe; return the status."""
        if not options.odds:
            return None
        if options.deck is not None or options.log is not None:
            parser.error(_("--odds prints the odds of a fresh shoe: it takes no "
                           "--deck or --log"))
        playing = {"--rounds": options.rounds is not None, "--hint": options.hint,
                   "--tui": options.tui,
                   "--computer": options.computer, "--strategy": options.strategy,
                   "--simulate": options.simulate is not None,
                   "--jobs": options.jobs is not None,
                   "--host": options.host is not None}
        for name, given in playing.items():
            if given:
                # Translators: {option} is an option: --rounds.
                parser.error(_("--odds plays no game: it takes no {option}").format(
                    option=name))
        from reddog.odds import compute_odds, format_odds

        odds = format_odds(compute_odds(options.decks))
        return run_console(self.name, lambda terminal: terminal.write(odds))

    def settings(self, parser: OptionParser, options: argparse.Namespace,
                 names: Sequence[str | None]) -> Settings:
        """Return the decks and the rounds (100 when the computer plays)."""
        rounds = options.rounds
        if rounds is None and any(name is not None for name in names):
            rounds = DEFAULT_ROUNDS
        return {"decks": options.decks, "rounds": rounds}

    def new_console(self, game: RedDogGame, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> RedDogConsole:
        """Return the Red Dog console."""
        from reddog.console import RedDogConsole

        return RedDogConsole(game, terminal, history=history, hinted=hinted)

    def new_look(self, game: RedDogGame, console: Console[RedDogGame, RedDogMove],
                 settings: Settings) -> Any:
        """Return the full-screen table (`reddog.tui`, which needs Textual)."""
        from reddog.tui import RedDogLook

        return RedDogLook(game, console)


PROGRAM = RedDogProgram()
"""The program ``python3 -m reddog`` runs."""

main = PROGRAM.main
"""Run the program with the arguments `argv`; return the exit status."""
