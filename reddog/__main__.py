"""Command line: ``python3 -m reddog [--seed N] [--decks N] [--deck F] [--log F]``.

``--odds`` prints the exact odds and exits instead of playing.
"""

from __future__ import annotations

import random
import sys

from common.cli import int_in_range, make_parser, run_console
from common.terminal import Terminal
from reddog.cards import DEFAULT_DECKS, MAX_DECKS, MIN_DECKS, Shoe
from reddog.console import RedDogConsole
from reddog.game import RedDogGame
from reddog.odds import compute_odds, format_odds

PROG = "reddog"


def main(argv: list[str] | None = None) -> int:
    """Parse the options, then play Red Dog (or print the odds); return the status."""
    parser = make_parser(PROG, "Play Red Dog against the house,"
                                " or print its exact odds.")
    parser.add_argument("--decks", type=int_in_range(MIN_DECKS, MAX_DECKS),
                        default=DEFAULT_DECKS, metavar="N",
                        help=f"decks in the shoe, {MIN_DECKS} to {MAX_DECKS}"
                             f" (default {DEFAULT_DECKS})")
    parser.add_argument("--deck", metavar="FILE",
                        help="52 cards to put on top of the first shoe, in order"
                             " (the rest of the shoe follows, shuffled)")
    parser.add_argument("--log", metavar="FILE",
                        help="write the game's events to FILE as JSON lines")
    parser.add_argument("--odds", action="store_true",
                        help="print the exact odds of a fresh shoe of --decks decks"
                             " and exit")
    args = parser.parse_args(argv)
    if args.odds:
        if args.deck is not None or args.log is not None:
            parser.error("--odds prints the odds of a fresh shoe: it takes no "
                         "--deck or --log")
        odds = format_odds(compute_odds(args.decks))
        return run_console(PROG, lambda terminal: terminal.write(odds))
    rng = random.Random(args.seed)
    top = parser.read_deck(args.deck)
    shoe = None if top is None else Shoe.stacked(top, args.decks, rng)
    log = parser.open_log(args.log)
    game = RedDogGame(rng, decks=args.decks, shoe=shoe)

    def play(terminal: Terminal) -> int:
        with log:
            return RedDogConsole(game, terminal, log).play()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
