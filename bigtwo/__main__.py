"""``python3 -m bigtwo``: parse the options, deal, and play at the console."""

from __future__ import annotations

import random
import sys

from bigtwo.cards import BigTwoDeck
from bigtwo.console import BigTwoConsole
from bigtwo.game import BigTwo
from common.cli import make_parser, run_console
from common.terminal import Terminal


def main(argv: list[str] | None = None) -> int:
    """Play one game of Big Two and return the exit status."""
    parser = make_parser("bigtwo", "Play Big Two at the console: four players, "
                         "one keyboard. Type the indices of the cards to play, "
                         "separated by spaces; an empty line passes.")
    parser.add_argument("--deck", metavar="FILE",
                        help="deal these 52 cards (card i to player i %% 4) "
                             "instead of a shuffled deck")
    args = parser.parse_args(argv)
    cards = parser.read_deck(args.deck)
    if cards is not None:
        deck = BigTwoDeck(cards)
    else:
        deck = BigTwoDeck()
        deck.shuffle(random.Random(args.seed))

    def play(terminal: Terminal) -> None:
        game = BigTwo()
        game.start(deck)
        BigTwoConsole(game, terminal).play()

    return run_console("bigtwo", play)


if __name__ == "__main__":
    sys.exit(main())
