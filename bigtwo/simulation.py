"""``bigtwo --simulate``: whole Big Two games played by computers, measured.

`play_one` plays one game straight on the engine, through the calls the
console makes, and returns each seat's `METRICS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bigtwo.cards import BigTwoDeck
from bigtwo.game import BigTwo
from bigtwo.strategy import STRATEGIES
from common.seats import strategy_seed
from common.simulation import GameResult, Metric

METRICS = (Metric("win rate", percent=True), Metric("cards left"))
"""Per seat: whether it won (a percentage over the games), and the cards it
still held at the end (0 for the winner)."""


def play_game(seed: int, strategies: Sequence[str]) -> BigTwo:
    """Play one game seeded with `seed`, seat i played by ``strategies[i]``.

    The deck is shuffled with ``random.Random(seed)``, as ``bigtwo --seed``
    shuffles it, and each seat's strategy draws from its own generator
    (`common.seats.strategy_seed`).  Returns the finished game.
    """
    deck = BigTwoDeck()
    deck.shuffle(random.Random(seed))
    game = BigTwo()
    game.start(deck)
    players = [STRATEGIES[name](random.Random(strategy_seed(seed, seat)))
               for seat, name in enumerate(strategies)]
    while not game.end_of_game():
        seat = game.get_current_idx()
        game.make_move(seat, players[seat].decide(game.view(seat)))
    return game


def play_one(seed: int, strategies: Sequence[str]) -> GameResult:
    """Play one game (see `play_game`) and return each seat's `METRICS`."""
    game = play_game(seed, strategies)
    left = [player.get_num_of_cards() for player in game.get_player_list()]
    return tuple((float(count == 0), float(count)) for count in left)
