"""The command line every game shares, on top of every other layer.

A game describes its command line with a `GameProgram`
(`common.cli.program`); `common.cli.options` declares and reads the shared
options; `common.cli.run` turns a run's endings into exit statuses;
`common.cli.launch` is how the process starts and ends; `common.cli.network`
and `common.cli.fullscreen` are the options of the network and full-screen
front ends.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.cli.options import OptionError as OptionError
    from common.cli.options import OptionParser as OptionParser
    from common.cli.program import GameProgram as GameProgram

__getattr__, __dir__ = exports(__name__)
