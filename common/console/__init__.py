"""The text front end: the `Console` every game extends, over a `Terminal`.

`common.console.console` is the assignment's ``BigTwoConsole`` shape for
every game; `common.console.terminal` writes the text and reads the lines,
as the Java originals read them (`common.console.lines`);
`common.console.cells` measures and wraps text in terminal cells;
`common.console.sharing` lets consoles told the same thing make its text once.
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.console.console import Console as Console
    from common.console.lines import EndOfInput as EndOfInput
    from common.console.lines import LineTooLong as LineTooLong
    from common.console.terminal import Terminal as Terminal

__getattr__, __dir__ = exports(__name__)
