"""``python3 -m stud``: play heads-up Five Card Stud at the terminal."""

from __future__ import annotations

import functools
import random
import sys

from common.cli import (
    add_computer_options,
    add_show_option,
    int_in_range,
    make_parser,
    run_console,
    run_simulation,
)
from common.seats import all_computers, controllers
from common.terminal import Terminal
from stud.console import StudConsole, spell
from stud.game import PLAYERS, StudGame
from stud.simulation import METRICS, SIMULATED_HANDS, play_one
from stud.strategy import STRATEGIES

PROG = "stud"
MAX_HANDS = 10**6
"""The largest ``--hands``."""


def main(argv: list[str] | None = None) -> int:
    """Parse the options, then play a game or simulate many; return the exit status."""
    parser = make_parser(PROG, "Heads-up Five Card Stud for Players 0 and 1 at "
                               "one terminal, or against the computer (--computer "
                               "1 --show 0 seats it at 1 and keeps its hole card "
                               "hidden), $100 each, fixed bets of $1 to "
                               "$4. Type check, bet, call, raise, fold or quit.")
    parser.add_argument("--deck", metavar="FILE",
                        help="deal the first hand from the 52 cards listed in FILE, "
                             "in order (later hands are shuffled)")
    parser.add_argument("--log", metavar="FILE",
                        help="write every game event to FILE as JSON lines")
    parser.add_argument("--hands", type=int_in_range(1, MAX_HANDS), metavar="N",
                        help="end the game after N hands, the player with more "
                             "money winning (default: play until a player is "
                             f"broke; {SIMULATED_HANDS} with --simulate)")
    add_computer_options(parser)
    add_show_option(parser)
    options = parser.parse_args(argv)
    names = parser.seat_strategies(options, PLAYERS)
    shown = parser.shown_seats(options, PLAYERS, names)
    if options.simulate is not None:
        hands = SIMULATED_HANDS if options.hands is None else options.hands
        strategies = all_computers(names)
        title = f"Five Card Stud, games of {hands} hand{'' if hands == 1 else 's'}"
        return run_simulation(PROG, title, strategies, METRICS,
                              functools.partial(play_one, strategies=strategies,
                                                hands=hands), options)
    first_deck = parser.read_deck(options.deck)
    log = parser.open_log(options.log)
    game = StudGame(random.Random(options.seed), first_deck, max_hands=options.hands)
    seats = controllers(names, STRATEGIES, spell, options.seed)

    def play(terminal: Terminal) -> int:
        with log:
            return StudConsole(game, terminal, log, seats, shown).play()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
