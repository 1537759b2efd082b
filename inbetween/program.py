"""``python3 -m inbetween``: the program's options and how they build a game.

The game's own modules are imported by the methods that need them, so that
``--help`` and ``--version`` import none of them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from common.cli.options import OptionParser, int_in_range
from common.cli.program import GameProgram, Settings
from inbetween.player import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.engine.dealer import Dealer
    from common.history import HistoryWriter
    from common.simulation.runner import GameResult
    from inbetween.console import InBetweenConsole
    from inbetween.game import InBetweenGame, InBetweenMove

MAX_ROUNDS = 10**6
"""The longest game ``--rounds`` allows."""


class InBetweenProgram(GameProgram["InBetweenGame"]):
    """In Between (Acey-Deucey) for 2 to 10 players at the console."""

    name = "inbetween"
    title = "In Between"
    description = ("Play In Between (Acey-Deucey): bet whether a drawn card falls "
                   "between your two cards.")
    epilog = ("At each prompt type a bet (a whole number in the range shown), "
              "fold (or f), or quit; help shows the rules in brief, and --rules "
              "prints them whole.")
    deck_help = ("deal round 1 from the 52 cards in FILE, in order (later rounds "
                 "are shuffled)")
    setting_options = ("players", "refill", "rounds")

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--players N``, ``--refill`` and ``--rounds N``."""
        parser.add_argument("--players", type=int_in_range(MIN_PLAYERS, MAX_PLAYERS),
                            default=MIN_PLAYERS, metavar="N",
                            help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} "
                                 f"(default {MIN_PLAYERS})")
        parser.add_argument("--refill", action="store_true",
                            help="when the pool is empty, every player still in "
                                 "antes 1 coin again and the game goes on (by "
                                 "default an empty pool ends the game)")
        parser.add_argument("--rounds", type=int_in_range(1, MAX_ROUNDS), metavar="N",
                            help="end the game after N rounds, the players with "
                                 "the most coins winning (default: no limit)")

    def num_seats(self, settings: Settings) -> int:
        """The number of players."""
        players: int = settings["players"]
        return players

    def new_game(self, settings: Settings, dealer: Dealer) -> InBetweenGame:
        """Return a game for ``players`` players, with ``refill`` and ``rounds``.

        Settings without the house rules (built before they existed) play
        the seed's rule.
        """
        from inbetween.game import InBetweenGame

        return InBetweenGame(dealer, players=settings["players"],
                             refill=settings.get("refill", False),
                             max_rounds=settings.get("rounds"))

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

    def measure(self, game: InBetweenGame) -> GameResult:
        """Return each seat's share of the win and its coins."""
        from inbetween.simulation import measure

        return measure(game)

    def simulation_title(self, settings: Settings) -> str:
        """Return ``In Between, N players``, with the house rules played."""
        title = f"In Between, {settings['players']} players"
        if settings.get("refill"):
            title += ", the pool refilled"
        rounds = settings.get("rounds")
        if rounds is not None:
            title += f", at most {rounds} round{'' if rounds == 1 else 's'}"
        return title


PROGRAM = InBetweenProgram()
"""The program ``python3 -m inbetween`` runs."""


def main(argv: list[str] | None = None) -> int:
    """Run ``inbetween`` with the arguments `argv`; return the exit status."""
    return PROGRAM.main(argv)
