"""The full-screen table (``--tui``): another front end over the same driver.

Textual draws it, an optional extra (``python3 -m pip install -e '.[tui]'`` in a
clone); the command line offers ``--tui`` and refuses it with one line when
Textual is missing (`common.cli.fullscreen`).  `common.tui.front` runs the shared
driver in a thread behind `common.tui.app`'s Textual app; `common.tui.look`
is what each game writes (its ``GAME/tui.py``); `common.tui.widgets`,
`common.tui.screens` and `common.tui.cards` are the pieces every game
shares; ``table.tcss`` is the style sheet.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.tui.app import TableApp as TableApp
    from common.tui.front import TableFront as TableFront
    from common.tui.look import Choice as Choice
    from common.tui.look import GameLook as GameLook

__getattr__, __dir__ = exports(__name__)
