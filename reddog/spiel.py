"""Red Dog as an OpenSpiel game: importing this registers ``reddog_v0``.

``import reddog.spiel`` then ``pyspiel.load_game("reddog_v0")`` is the game
of `common.research.spiel`, one player, with the actions and observations
of `reddog.research`; it needs the extra ``rl`` (docs/research.md).  Its
parameters are the game's settings, ``decks`` (4) and ``rounds`` (100), and
``rng_seed`` (-1, fresh deals, unless told).
"""

from common.research import extra
from reddog.research import RedDogEncoding

extra.check(extra.SPIEL)
from common.research.spiel import register  # noqa: E402  (after the check)

NAME = RedDogEncoding.name
"""``reddog_v0``, as ``pyspiel.load_game`` names it."""

register(RedDogEncoding)
