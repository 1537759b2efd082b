"""Play across terminals: a game hosted for players at other terminals.

`common.net.hosting` runs the game (a `HostedGame`, over the shared driver),
`common.net.server` serves its connections with asyncio, and
`common.net.client` joins or watches one; `common.net.protocol` is the wire
format both ends share (``docs/protocol.md``).
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.net.client import Client as Client
    from common.net.hosting import HostedGame as HostedGame
    from common.net.server import Server as Server

__getattr__, __dir__ = exports(__name__)
