"""Command line: ``python3 -m reddog [--seed N] [--decks N] [--deck F] [--log F]``.

``--odds`` prints the exact odds and exits instead of playing.  ``--hint``
shows the best move before each prompt; ``--computer`` lets the computer play
(``--strategy smart`` or ``random``) a session of ``--rounds`` rounds;
``--simulate N`` plays N such sessions and prints the statistics instead.
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
from reddog.cards import DEFAULT_DECKS, MAX_DECKS, MIN_DECKS, Shoe
from reddog.console import RedDogConsole
from reddog.game import RedDogGame
from reddog.odds import compute_odds, format_odds
from reddog.simulation import DEFAULT_ROUNDS, METRICS, play_one
from reddog.strategy import STRATEGIES, spell

PROG = "reddog"
MAX_ROUNDS = 10**6
"""The longest game ``--rounds`` allows."""


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
    parser.add_argument("--rounds", type=int_in_range(1, MAX_ROUNDS), metavar="N",
                        help="end the game after N rounds (default: no limit; "
                             f"{DEFAULT_ROUNDS} when the computer plays)")
    parser.add_argument("--hint", action="store_true",
                        help="before each prompt, show the best move and its "
                             "exact expectation")
    add_computer_options(parser, seat_list=False)
    args = parser.parse_args(argv)
    if args.odds:
        if args.deck is not None or args.log is not None:
            parser.error("--odds prints the odds of a fresh shoe: it takes no "
                         "--deck or --log")
        playing = {"--rounds": args.rounds is not None, "--hint": args.hint,
                   "--computer": args.computer, "--strategy": args.strategy,
                   "--simulate": args.simulate is not None,
                   "--jobs": args.jobs is not None}
        for name, given in playing.items():
            if given:
                parser.error(f"--odds plays no game: it takes no {name}")
        odds = format_odds(compute_odds(args.decks))
        return run_console(PROG, lambda terminal: terminal.write(odds))
    names = parser.seat_strategies(args, 1)
    rounds = args.rounds
    if rounds is None and names[0] is not None:
        rounds = DEFAULT_ROUNDS
    if args.simulate is not None:
        if args.hint:
            parser.error("--simulate prints no transcript: it takes no --hint")
        strategies = all_computers(names)
        play_one_game = functools.partial(play_one, strategies=strategies,
                                          decks=args.decks, rounds=rounds)
        title = (f"Red Dog, {args.decks} deck{'s' if args.decks > 1 else ''},"
                 f" sessions of up to {rounds} round{'s' if rounds > 1 else ''}")
        return run_simulation(PROG, title, strategies, METRICS, play_one_game, args)
    rng = random.Random(args.seed)
    top = parser.read_deck(args.deck)
    shoe = None if top is None else Shoe.stacked(top, args.decks, rng)
    log = parser.open_log(args.log)
    game = RedDogGame(rng, decks=args.decks, shoe=shoe, max_rounds=rounds)
    seats = controllers(names, STRATEGIES, spell, args.seed)

    def play(terminal: Terminal) -> int:
        with log:
            return RedDogConsole(game, terminal, log, seats, hint=args.hint).play()

    return run_console(PROG, play)


if __name__ == "__main__":
    sys.exit(main())
