"""The games as research environments: PettingZoo, Gymnasium (an extra).

What is shared by the four games' environments, none of it about one game:
an `Encoding` (`common.research.encoding`) is how a game turns one seat's
view into numbers and its moves into a fixed set of numbered actions; each
game writes its own, in its ``research`` module (`bigtwo.research`...).
`CardGameEnv` (`common.research.environment`) is the PettingZoo AEC
environment of any game with an encoding, driving the engine through the
same contract as a simulation (`common.engine`), and `SingleSeatEnv`
(`common.research.gym`) the Gymnasium environment of a one-seat game (Red
Dog).  `common.research.spiel` registers any such game with OpenSpiel (each
game's version does, `common.research.versions.Version.spiel_game`), for
OpenSpiel's algorithms.  PettingZoo, Gymnasium, OpenSpiel and NumPy are the extra
``rl`` (`common.research.extra`): without them, only the environments and
the OpenSpiel games themselves cannot be made.  docs/research.md shows them
at work.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.research.encoding import Encoding as Encoding
    from common.research.environment import CardGameEnv as CardGameEnv
    from common.research.extra import INSTALL as INSTALL
    from common.research.extra import MissingExtra as MissingExtra
    from common.research.gym import SingleSeatEnv as SingleSeatEnv
    from common.research.versions import Version as Version

__getattr__, __dir__ = exports(__name__)
