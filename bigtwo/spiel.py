"""Big Two as an OpenSpiel game: importing this registers ``bigtwo_v0``.

``import bigtwo.spiel`` then ``pyspiel.load_game("bigtwo_v0")`` is the game
of `common.research.spiel`, four players, with the actions and observations
of `bigtwo.research`; it needs the extra ``rl`` (docs/research.md).  Its
parameter is ``rng_seed`` (-1, fresh deals, unless told).  A move is
announced as the cards it plays, or ``pass``; OpenSpiel's ISMCTS may play it
(`common.research.spiel.CardGameState.resample_from_infostate`).
"""

from bigtwo.research import BigTwoEncoding
from common.research import extra

extra.check(extra.SPIEL)
from common.research.spiel import register  # noqa: E402  (after the check)

NAME = BigTwoEncoding.name
"""``bigtwo_v0``, as ``pyspiel.load_game`` names it."""

register(BigTwoEncoding)
