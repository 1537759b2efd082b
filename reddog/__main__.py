"""Command line: ``python3 -m reddog [--seed N] [--decks N] [--deck F] [--log F]``.

``--odds`` prints the exact odds and exits instead of playing.
"""

from __future__ import annotations

import random
import sys

from common.cli import DeckFileError, make_parser, read_deck_file, run_console
from common.eventlog import EventLog
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
    parser.add_argument("--decks", type=int, default=DEFAULT_DECKS, metavar="N",
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
    if not MIN_DECKS <= args.decks <= MAX_DECKS:
        parser.error(f"argument --decks: must be {MIN_DECKS} to {MAX_DECKS},"
                     f" not {args.decks}")
    if args.odds:
        odds = format_odds(compute_odds(args.decks))
        return run_console(PROG, lambda terminal: terminal.write(odds))
    rng = random.Random(args.seed)
    shoe = None
    if args.deck is not None:
        try:
            shoe = Shoe.stacked(read_deck_file(args.deck), args.decks, rng)
        except DeckFileError as error:
            parser.error(str(error))
    try:
        log = EventLog.open(args.log)
    except OSError as error:
        parser.error(f"cannot open log file {args.log}: {error.strerror or error}")
    game = RedDogGame(rng, decks=args.decks, shoe=shoe)

    def play(terminal: Terminal) -> int:
        try:
            return RedDogConsole(game, terminal, log).run()
        finally:
            log.close()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
