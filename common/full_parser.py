"""The argparse side of the options: help, errors, and what is not plain.

`build` turns a `common.options.OptionTable` into an
`argparse.ArgumentParser` whose errors and help go back to the table (so a
`common.cli.OptionParser` keeps its one-line errors).  Only a run that needs
argparse imports this module: ``--help``, ``--version``, or a command line
`OptionTable.read_plainly` leaves to argparse.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from common.options import SUPPRESS

if TYPE_CHECKING:
    from common.options import OptionTable


class FullParser(argparse.ArgumentParser):
    """An argparse parser that hands its errors and help to its table."""

    def __init__(self, table: OptionTable) -> None:
        """Build the parser with the table's program name and texts."""
        super().__init__(prog=table.prog, description=table.description,
                         epilog=table.epilog, formatter_class=HelpFormatter)
        self._table = table

    def error(self, message: str) -> NoReturn:
        """Report a bad command line through the table (``PROG: error: ...``)."""
        self._table.error(message)

    def print_help(self, file: Any = None) -> None:
        """Print the help through the table."""
        self._table.print_help(file)


def build(table: OptionTable) -> argparse.ArgumentParser:
    """Return the argparse parser of `table`'s declarations, in their order."""
    parser = FullParser(table)
    groups = [parser.add_argument_group(title, description)
              for title, description in table.groups]
    for declared in table.declared:
        target: Any = parser if declared.group is None else groups[declared.group]
        # argparse tells SUPPRESS by identity, not by value.
        options = {key: argparse.SUPPRESS if value is SUPPRESS else value
                   for key, value in declared.options.items()}
        target.add_argument(*declared.flags, **options)
    return parser


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, wrapped to the terminal's width as argparse does.

    argparse asks `shutil.get_terminal_size` for the width, and importing
    `shutil` imports its archive modules (zlib, bz2, lzma) too; this asks the
    operating system as `shutil` does: ``COLUMNS``, else the terminal
    standard output is, else 80 columns.
    """

    def __init__(self, prog: str, indent_increment: int = 2,
                 max_help_position: int = 24, width: int | None = None) -> None:
        """Lay out help for `prog`, as `argparse.HelpFormatter`."""
        if width is None:
            width = _terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _terminal_columns() -> int:
    with contextlib.suppress(ValueError):
        columns = int(os.environ.get("COLUMNS", ""))
        if columns > 0:
            return columns
    stream = sys.__stdout__
    if stream is not None:
        with contextlib.suppress(ValueError, OSError):
            return os.get_terminal_size(stream.fileno()).columns or 80
    return 80


class VersionAction(argparse.Action):
    """The ``--version`` action: print ``PROG (cardgames) X.Y.Z`` and exit 0.

    As argparse's own ``version`` action, except that the version is read
    only when the option is given.
    """

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS,
                 help: str | None = "show program's version number and exit",
                 ) -> None:
        """Build the action, as argparse does for ``action=VersionAction``."""
        super().__init__(option_strings=option_strings, dest=dest,
                         default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None,
                 option_string: str | None = None) -> None:
        """Print the version line on standard output and exit with 0.

        Raises:
            common.launch.OutputError: when standard output is closed or
                cannot be written (unlike argparse's action, which keeps quiet).
        """
        from common.launch import write_stdout
        from common.version import DISTRIBUTION, version

        write_stdout(f"{parser.prog} ({DISTRIBUTION}) {version()}\n")
        parser.exit()
