"""The options a program takes: declared once, read without argparse when plain.

`OptionTable` records ``add_argument`` calls exactly as argparse takes them.
A plain command line, every word an option this table declares (or its
value), it reads itself (`OptionTable.read_plainly`), giving what argparse
would give.  Anything else (``--help``, an abbreviation, a bad value, a word
that is no option) it leaves to the argparse parser it builds from the same
declarations (`common.full_parser`), for argparse's help and errors.

Why: importing argparse imports `gettext`, and building a parser imports
`locale`; together they cost a game more than replaying the whole appendix
game does.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from common.launch import EXIT_USAGE

if TYPE_CHECKING:
    import argparse

SUPPRESS = "==SUPPRESS=="
"""argparse's ``SUPPRESS``: a default or destination that makes no attribute."""

_SIMPLE_ACTIONS = {None: None, "store": None, "store_true": True, "store_false": False,
                   "store_const": None}
"""The actions read plainly, and the value a switch among them stores."""

_KEYWORDS = frozenset({"action", "nargs", "const", "default", "type", "choices",
                       "required", "help", "metavar", "dest", "version", "deprecated"})
"""The keywords argparse's ``add_argument`` takes."""


class Declared:
    """One ``add_argument`` call: its option strings, keywords and group."""

    __slots__ = ("flags", "options", "group", "dest")

    def __init__(self, flags: tuple[str, ...], options: dict[str, Any],
                 group: int | None) -> None:
        """Record a call; `group` indexes the table's argument groups."""
        self.flags = flags
        self.options = options
        self.group = group
        long = next((flag for flag in flags if flag.startswith("--")), flags[0])
        self.dest: str = options.get("dest") or long.lstrip("-").replace("-", "_")

    @property
    def default(self) -> Any:
        """The default as argparse keeps it (``get_default``), before any type."""
        action = self.options.get("action")
        if "default" in self.options:
            return self.options["default"]
        if action == "store_true":
            return False
        if action == "store_false":
            return True
        return None


class _Group:
    """What ``add_argument_group`` returns: it records into its table."""

    def __init__(self, table: OptionTable, index: int) -> None:
        self._table = table
        self._index = index

    def add_argument(self, *flags: str, **options: Any) -> None:
        """Declare an option in this group, as argparse's ``add_argument``."""
        self._table.declare(flags, options, self._index)


class OptionTable:
    """A program's options, declared as to `argparse.ArgumentParser`.

    `prog`, `description` and `epilog` are argparse's.  Only options are
    declared here (``--name``), no positional arguments.
    """

    def __init__(self, prog: str, description: str | None = None,
                 epilog: str | None = None) -> None:
        """Start a table with no options (argparse adds ``--help`` when built)."""
        self.prog = prog
        self.description = description
        self.epilog = epilog
        self.declared: list[Declared] = []
        self.groups: list[tuple[str, str | None]] = []
        self._by_flag: dict[str, Declared] = {}
        self._built: argparse.ArgumentParser | None = None

    def add_argument(self, *flags: str, **options: Any) -> None:
        """Declare an option, as argparse's ``add_argument``."""
        self.declare(flags, options, None)

    def add_argument_group(self, title: str, description: str | None = None) -> _Group:
        """Start a group of options (a heading in ``--help``), as argparse's."""
        self.groups.append((title, description))
        return _Group(self, len(self.groups) - 1)

    def declare(self, flags: Sequence[str], options: dict[str, Any],
                group: int | None) -> None:
        """Record one declaration; the argparse parser, if built, is stale.

        Raises:
            ValueError: for a positional argument or an option string
                declared before (as argparse, at once rather than when built).
            TypeError: for a keyword argparse does not take.
        """
        unknown = options.keys() - _KEYWORDS
        if unknown:
            raise TypeError(f"add_argument takes no {sorted(unknown)[0]!r}")
        if not flags or not all(flag.startswith("-") for flag in flags):
            raise ValueError(f"{flags!r}: only options (--name) are declared here")
        for flag in flags:
            if flag in self._by_flag:
                raise ValueError(f"conflicting option string: {flag}")
        declared = Declared(tuple(flags), dict(options), group)
        self.declared.append(declared)
        self._by_flag.update(dict.fromkeys(flags, declared))
        self._built = None

    def get_default(self, dest: str) -> Any:
        """Return the default of the option stored in `dest`, as argparse's."""
        declared = self._storing(dest)
        return None if declared is None else declared.default

    def flag(self, dest: str) -> str:
        """Return the option string that stores in `dest` (``--turn-timeout``)."""
        declared = self._storing(dest)
        return f"--{dest}" if declared is None else declared.flags[0]

    def _storing(self, dest: str) -> Declared | None:
        return next((declared for declared in self.declared if declared.dest == dest),
                    None)

    def parse_args(self, args: Sequence[str] | None = None) -> argparse.Namespace:
        """Return the options `args` (default: the command line's) give.

        A plain command line is read here; the rest by argparse, whose
        errors go to `error` and whose ``--help`` to `print_help`.
        """
        words = sys.argv[1:] if args is None else list(args)
        plain = self.read_plainly(words)
        if plain is not None:
            # The same attributes as argparse's Namespace, without argparse.
            return cast("argparse.Namespace", plain)
        return self.full_parser().parse_args(words)

    def full_parser(self) -> argparse.ArgumentParser:
        """Return the argparse parser of these declarations (built once)."""
        if self._built is None:
            from common.full_parser import build

            self._built = build(self)
        return self._built

    def format_help(self) -> str:
        """Return the ``--help`` text, as argparse lays it out."""
        return self.full_parser().format_help()

    def print_help(self, file: TextIO | None = None) -> None:
        """Print the ``--help`` text on `file` (standard output by default)."""
        (sys.stdout if file is None else file).write(self.format_help())

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` on standard error; exit with `EXIT_USAGE`."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """Print `message` (if any) on standard error and exit with `status`."""
        if message:
            with contextlib.suppress(AttributeError, OSError):  # as argparse
                sys.stderr.write(message)
        sys.exit(status)

    def read_plainly(self, args: Sequence[str]) -> SimpleNamespace | None:
        """Return the options `args` give, or None where argparse must read them.

        Read here: each word one of the declared option strings, exactly, or
        ``--name=value``, with a value that does not start with ``-``, that
        its type converts and its choices allow.  The result has the
        attributes argparse's would, with the same values.
        """
        if any(declared.options.get("required") for declared in self.declared):
            return None  # argparse says which are missing
        values: dict[str, Any] = {}
        words = iter(args)
        for word in words:
            name, equals, attached = word.partition("=")
            declared = self._by_flag.get(name if word.startswith("--") else word)
            if declared is None or (equals and not word.startswith("--")):
                return None
            options = declared.options
            action = options.get("action")
            if (action not in _SIMPLE_ACTIONS or "nargs" in options
                    or declared.dest == SUPPRESS):
                return None
            if action == "store_const":
                if equals:
                    return None
                values[declared.dest] = options.get("const")
                continue
            switch = _SIMPLE_ACTIONS[action]
            if switch is not None:
                if equals:
                    return None
                values[declared.dest] = switch
                continue
            text = attached if equals else next(words, None)
            if text is None or text.startswith("-"):
                return None
            value = _converted(options, text)
            if value is _REFUSED:
                return None
            values[declared.dest] = value
        return self._with_defaults(values)

    def _with_defaults(self, values: dict[str, Any]) -> SimpleNamespace | None:
        # As argparse: every destination gets its default, converted by the
        # option's type when it is a string; SUPPRESS makes no attribute.
        for declared in self.declared:
            options = declared.options
            if declared.dest == SUPPRESS or declared.dest in values:
                continue
            custom = options.get("action") not in _SIMPLE_ACTIONS
            if custom and "default" not in options:
                return None  # a custom action's default is its own business
            default = declared.default
            if default == SUPPRESS:
                continue
            if isinstance(default, str) and "type" in options:
                default = _converted(options, default)
                if default is _REFUSED:
                    return None
            values[declared.dest] = default
        return SimpleNamespace(**values)


def refuse_value(message: str) -> NoReturn:
    """Refuse an option's value: argparse reports ``argument --x: MESSAGE``.

    For an option's ``type``.  argparse is imported here, as the refused
    value leaves the command line to argparse anyway.
    """
    import argparse

    raise argparse.ArgumentTypeError(message)


_REFUSED: Any = object()


def _converted(options: dict[str, Any], text: str) -> Any:
    """Return `text` as the option's type makes it, or `_REFUSED`."""
    kind = options.get("type")
    try:
        value = text if kind is None else kind(text)
    except Exception:  # noqa: BLE001 - argparse will say what is wrong
        return _REFUSED
    choices = options.get("choices")
    if choices is not None and value not in choices:
        return _REFUSED
    return value
