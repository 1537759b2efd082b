"""``python3 -m stud``: the Stud program's options and how they build a game.

The game's own modules are imported by the methods that need them, so that
``--help`` and ``--version`` import none of them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from common.cli.options import OptionParser, int_in_range
from common.cli.program import GameProgram, Settings

if TYPE_CHECKING:
    import argparse

    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.engine.dealer import Dealer
    from common.history import HistoryWriter
    from common.simulation.runner import GameResult
    from stud.console import StudConsole
    from stud.game import StudGame, StudMove

MAX_HANDS = 10**6
"""The largest ``--hands``."""
SIMULATED_HANDS = 5
"""The hands a simulated game lasts at most, unless ``--hands`` says otherwise."""


class StudProgram(GameProgram["StudGame"]):
    """Heads-up Five Card Stud at the console."""

    name = "stud"
    title = "Five Card Stud"
    description = ("Heads-up Five Card Stud for Players 0 and 1 at one terminal, or "
                   "against the computer (--computer 1 --show 0 seats it at 1 and "
                   "keeps its hole card hidden), $100 each, fixed bets of $1 to $4. "
                   "Type check, bet, call, raise, fold or quit.")
    deck_help = ("deal the first hand from the 52 cards listed in FILE, in order "
                 "(later hands are shuffled)")
    setting_options = ("hands",)
    hidden_cards = True

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--hands N``."""
        parser.add_argument("--hands", type=int_in_range(1, MAX_HANDS), metavar="N",
                            help="end the game after N hands, the player with more "
                                 "money winning (default: play until a player is "
                                 f"broke; {SIMULATED_HANDS} with --simulate)")

    def settings(self, parser: OptionParser, options: argparse.Namespace,
                 names: Sequence[str | None]) -> Settings:
        """Return ``hands``: ``--hands``, or `SIMULATED_HANDS` for a simulation."""
        hands = options.hands
        if hands is None and getattr(options, "simulate", None) is not None:
            hands = SIMULATED_HANDS
        return {"hands": hands}

    def num_seats(self, settings: Settings) -> int:
        """Two players."""
        from stud.game import PLAYERS

        return PLAYERS

    def new_game(self, settings: Settings, dealer: Dealer) -> StudGame:
        """Return a game of at most ``hands`` hands (no limit for None)."""
        from stud.game import StudGame

        return StudGame(dealer, max_hands=settings["hands"])

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

    def measure(self, game: StudGame) -> GameResult:
        """Return the win (½ for a draw) and the money won of each player."""
        from stud.simulation import measure

        return measure(game)

    def simulation_title(self, settings: Settings) -> str:
        """Return ``Five Card Stud, games of N hands``."""
        hands = settings["hands"]
        return f"Five Card Stud, games of {hands} hand{'' if hands == 1 else 's'}"


PROGRAM = StudProgram()
"""The program ``python3 -m stud`` runs."""


def main(argv: list[str] | None = None) -> int:
    """Run ``stud`` with the arguments `argv`; return the exit status."""
    return PROGRAM.main(argv)
