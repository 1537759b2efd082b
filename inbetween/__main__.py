"""The command line: ``python3 -m inbetween [options]`` plays one game.

Options are checked, and the deck and log files opened, before play starts.
``--computer`` lets the computer play some seats; ``--simulate N`` plays N
games with the computer in every seat and prints each seat's results instead.
"""

from __future__ import annotations

import functools
import random
import sys

from common.cli import (
    add_computer_options,
    int_in_range,
    make_parser,
    run_console,
    run_simulation,
)
from common.seats import all_computers, controllers
from common.terminal import Terminal
from inbetween.console import InBetweenConsole, spell
from inbetween.game import MAX_PLAYERS, MIN_PLAYERS, InBetweenGame
from inbetween.simulation import METRICS, play_one
from inbetween.strategy import STRATEGIES

PROG = "inbetween"


def main(argv: list[str] | None = None) -> int:
    """Parse the options, then play one game at the terminal; return the exit status."""
    parser = make_parser(PROG, "Play In Between (Acey-Deucey): bet whether a "
                               "drawn card falls between your two cards.")
    parser.epilog = ("At each prompt type a bet (a whole number in the range shown), "
                     "fold (or f), or quit.  Rules: docs/inbetween.md.")
    parser.add_argument("--players", type=int_in_range(MIN_PLAYERS, MAX_PLAYERS),
                        default=MIN_PLAYERS, metavar="N",
                        help=f"number of players, {MIN_PLAYERS} to {MAX_PLAYERS} "
                             f"(default {MIN_PLAYERS})")
    parser.add_argument("--deck", metavar="FILE",
                        help="deal round 1 from the 52 cards in FILE, in order "
                             "(later rounds are shuffled)")
    parser.add_argument("--log", metavar="FILE",
                        help="write every event to FILE, one JSON object per line")
    add_computer_options(parser)
    args = parser.parse_args(argv)
    names = parser.seat_strategies(args, args.players)
    if args.simulate is not None:
        strategies = all_computers(names)
        return run_simulation(PROG, f"In Between, {args.players} players",
                              strategies, METRICS,
                              functools.partial(play_one, strategies=strategies), args)
    first_deck = parser.read_deck(args.deck)
    log = parser.open_log(args.log)
    game = InBetweenGame(args.players, random.Random(args.seed), first_deck)
    seats = controllers(names, STRATEGIES, spell, args.seed)

    def play(terminal: Terminal) -> int:
        with log:
            return InBetweenConsole(game, terminal, log, seats).play()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
