"""``--simulate``: whole games between two computer players, with no console.

A simulated game is the game ``python3 -m stud --hands N`` plays: hands until
a player is broke or N hands are played, the player with more money winning
(equal money is a draw).  `play_one` plays it straight on the engine, calling
it as the console does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from common.seats import strategy_seed
from common.simulation import GameResult, Metric
from stud.game import PLAYERS, Phase, StudGame
from stud.rules import StudRules
from stud.strategy import STRATEGIES

SIMULATED_HANDS = 5
"""The hands a simulated game lasts at most, unless ``--hands`` says otherwise."""

METRICS = (Metric("win rate", percent=True), Metric("result $"))
"""Per seat and game: 1 for a win, 0 for a loss, 1/2 for a draw; the money won
(negative when lost)."""


def play_one(seed: int, strategies: Sequence[str],
             hands: int | None = SIMULATED_HANDS) -> GameResult:
    """Play one game seeded with `seed` between the named strategies; return its result.

    The shuffles draw from ``random.Random(seed)``, Player N's strategy from
    ``random.Random(common.seats.strategy_seed(seed, N))``, as in a console game
    given ``--seed seed``.  `hands` limits the game (None: play until a player
    is broke).  The result is one `METRICS` tuple per player.
    """
    game = StudGame(random.Random(seed), max_hands=hands)
    players = [STRATEGIES[name](random.Random(strategy_seed(seed, seat)))
               for seat, name in enumerate(strategies)]
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.BETWEEN_HANDS:
            game.start_hand()
        else:
            player = game.to_act
            game.act(players[player].decide(game.view(player)))
    winner = game.winner
    return tuple(
        (0.5 if winner is None else float(winner == player),
         float(game.stacks[player] - StudRules.STARTING_STACK))
        for player in range(PLAYERS))
