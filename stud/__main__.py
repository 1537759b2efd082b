"""``python3 -m stud``: play heads-up Five Card Stud at the terminal."""

from __future__ import annotations

import random
import sys

from common.cli import make_parser, run_console
from common.terminal import Terminal
from stud.console import StudConsole
from stud.game import StudGame

PROG = "stud"


def main(argv: list[str] | None = None) -> int:
    """Parse the options, then play a game; return the exit status."""
    parser = make_parser(PROG, "Heads-up Five Card Stud for two players at one "
                               "terminal, $100 each, fixed bets of $1 to $4.")
    parser.add_argument("--deck", metavar="FILE",
                        help="deal the first hand from the 52 cards listed in FILE, "
                             "in order (later hands are shuffled)")
    parser.add_argument("--log", metavar="FILE",
                        help="write every game event to FILE as JSON lines")
    options = parser.parse_args(argv)
    first_deck = parser.read_deck(options.deck)
    log = parser.open_log(options.log)
    game = StudGame(random.Random(options.seed), first_deck)

    def play(terminal: Terminal) -> int:
        with log:
            return StudConsole(game, terminal, log).play()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
