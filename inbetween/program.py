"""``python3 -m inbetween``: the program's options and how they build a game.

The game's own modules are imported by the methods that need them, so that
``--help`` and ``--version`` import none of them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from common.cli import OptionParser, int_in_range
from common.program import GameProgram, Settings
from inbetween.player import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from common.dealer import Dealer
    from common.history import HistoryWriter
    from common.seats import StrategyFactory
    from common.simulation import GameResult, Metric
    from common.terminal import Terminal
    from inbetween.console import InBetweenConsole
    from inbetween.game import InBetweenGame


class InBetweenProgram(GameProgram["InBetweenGame"]):
    """In Between (Acey-Deucey) for 2 to 10 players at the console."""

    name = "inbetween"
    title = "In Between"
    description = ("Play In Between (Acey-Deucey): bet whether a drawn card falls "
                   "between your two cards.")
    epilog = ("At each prompt type a bet (a whole number in the range shown), "
              "fold (or f), or quit.  Rules: docs/inbetween.md.")
    deck_help = ("deal round 1 from the 52 cards in FILE, in order (later rounds "
                 "are shuffled)")
    setting_options = ("players",)

    @property
    def strategies(self) -> Mapping[str, StrategyFactory[Any, Any]]:
        """``smart`` (`inbetween.OddsBettor`) and ``random``."""
        from inbetween.strategy import STRATEGIES

        return STRATEGIES

    @property
    def metrics(self) -> Sequence[Metric]:
        """The share of the win and the coins at the end."""
        from inbetween.simulation import METRICS

        return METRICS

    def add_options(self, parser: OptionParser) -> None:
        """Add ``--players N``."""
        parser.add_argument("--players", type=int_in_range(MIN_PLAYERS, MAX_PLAYERS),
                            default=MIN_PLAYERS, metavar="N",
                            help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} "
                                 f"(default {MIN_PLAYERS})")

    def num_seats(self, settings: Settings) -> int:
        """The number of players."""
        players: int = settings["players"]
        return players

    def new_game(self, settings: Settings, dealer: Dealer) -> InBetweenGame:
        """Return a game for ``players`` players."""
        from inbetween.game import InBetweenGame

        return InBetweenGame(dealer, players=settings["players"])

    def new_console(self, game: InBetweenGame, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None,
                    history: HistoryWriter | None) -> InBetweenConsole:
        """Return the In Between console."""
        from inbetween.console import InBetweenConsole

        return InBetweenConsole(game, terminal, history=history)

    def measure(self, game: InBetweenGame) -> GameResult:
        """Return each seat's share of the win and its coins."""
        from inbetween.simulation import measure

        return measure(game)

    def simulation_title(self, settings: Settings) -> str:
        """Return ``In Between, N players``."""
        return f"In Between, {settings['players']} players"


PROGRAM = InBetweenProgram()
"""The program ``python3 -m inbetween`` runs."""


def main(argv: list[str] | None = None) -> int:
    """Run ``inbetween`` with the arguments `argv`; return the exit status."""
    return PROGRAM.main(argv)
