"""Five Card Stud as an OpenSpiel game: importing this registers ``stud_v0``.

``import stud.spiel`` then ``pyspiel.load_game("stud_v0")`` is the game of
`common.research.spiel`, two players, with the actions and observations of
`stud.research`; it needs the extra ``rl`` (docs/research.md).  Its
parameters are ``hands`` (1 unless told) and ``rng_seed`` (-1, fresh deals,
unless told).  OpenSpiel's ISMCTS may play it
(`common.research.spiel.CardGameState.resample_from_infostate`).
"""

from common.research import extra
from stud.research import StudEncoding

extra.check(extra.SPIEL)
from common.research.spiel import register  # noqa: E402  (after the check)

NAME = StudEncoding.name
"""``stud_v0``, as ``pyspiel.load_game`` names it."""

register(StudEncoding)
