"""In Between as an OpenSpiel game: importing this registers ``inbetween_v0``.

``import inbetween.spiel`` then ``pyspiel.load_game("inbetween_v0")`` is the
game of `common.research.spiel`, with the actions and observations of
`inbetween.research`; it needs the extra ``rl`` (docs/research.md).  Its
parameters are the game's settings, ``players`` (2), ``refill`` (false) and
``rounds``: OpenSpiel needs a bound on every game, so `ROUNDS` unless told
(the environment's game has no limit) and ``rng_seed`` (-1, fresh deals,
unless told).
"""

from common.research import extra
from inbetween.research import InBetweenEncoding

extra.check(extra.SPIEL)
from common.research.spiel import register  # noqa: E402  (after the check)

NAME = InBetweenEncoding.name
"""``inbetween_v0``, as ``pyspiel.load_game`` names it."""
ROUNDS = 20
"""The most rounds of a game, unless told."""

register(InBetweenEncoding, rounds=ROUNDS)
