"""``python3 -m bigtwo``: parse the options, deal, and play at the console."""

from __future__ import annotations

import random
import sys
from functools import partial

from bigtwo.cards import BigTwoDeck
from bigtwo.console import BigTwoConsole, spell
from bigtwo.game import NUM_PLAYERS, BigTwo
from bigtwo.simulation import METRICS, play_one
from bigtwo.strategy import STRATEGIES
from common.cli import (
    add_computer_options,
    add_show_option,
    make_parser,
    run_console,
    run_simulation,
)
from common.seats import all_computers, controllers
from common.terminal import Terminal


def main(argv: list[str] | None = None) -> int:
    """Play one game of Big Two and return the exit status."""
    parser = make_parser("bigtwo", "Play Big Two at the console: Players 0 to 3 "
                         "at one keyboard, or against the computer (--computer "
                         "1,2,3 --show 0 seats it at 1, 2 and 3 and keeps its "
                         "cards hidden). Type the indices of the "
                         "cards to play, separated by spaces; an empty line passes.")
    parser.add_argument("--deck", metavar="FILE",
                        help="deal these 52 cards (card i to player i %% 4) "
                             "instead of a shuffled deck")
    add_computer_options(parser)
    add_show_option(parser)
    args = parser.parse_args(argv)
    names = parser.seat_strategies(args, NUM_PLAYERS)
    shown = parser.shown_seats(args, NUM_PLAYERS, names)
    if args.simulate is not None:
        strategies = all_computers(names)
        return run_simulation("bigtwo", "Big Two", strategies, METRICS,
                              partial(play_one, strategies=strategies), args)
    cards = parser.read_deck(args.deck)
    if cards is not None:
        deck = BigTwoDeck(cards)
    else:
        deck = BigTwoDeck()
        deck.shuffle(random.Random(args.seed))

    def play(terminal: Terminal) -> None:
        game = BigTwo()
        game.start(deck)
        seats = controllers(names, STRATEGIES, spell, args.seed)
        BigTwoConsole(game, terminal, seats, shown).play()

    return run_console("bigtwo", play)


if __name__ == "__main__":
    sys.exit(main())
