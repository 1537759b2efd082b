"""The command line of the full-screen table: ``--tui`` and ``--delay``.

`add_options` offers them; `check_options` refuses, with one line and exit
status 2, a ``--tui`` that cannot run (no Textual, no terminal); and
`table_front` builds the front end (`common.tui.front.TableFront`), which
imports Textual: only a run with ``--tui`` does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from common.cli.options import install_hint, seconds_in_range
from common.language import _

if TYPE_CHECKING:
    from common.console.console import Console
    from common.engine.spec import GameSpec
    from common.history import HistoryWriter

DEFAULT_DELAY = 0.8
"""Seconds each computer move waits, so that a person can follow it."""
MAX_DELAY = 60.0
"""The longest ``--delay``."""




def add_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--tui`` and ``--delay SECONDS`` to `parser`."""
    parser.add_argument("--tui", action="store_true",
                        help=_("play at a full-screen table in the terminal (needs "
                               "Textual, the extra tui: {install})").format(
                                   install=install_hint("tui")))
    parser.add_argument("--delay", type=seconds_in_range(0, MAX_DELAY),
                        metavar="SECONDS",
                        help=_("with --tui, how long each computer move waits "
                               "(default {seconds})").format(
                                   seconds=f"{DEFAULT_DELAY:g}"))


def check_options(parser: Any, options: argparse.Namespace) -> None:
    """Refuse, as an option error (one line, exit 2), a ``--tui`` that cannot run.

    ``--delay`` needs ``--tui``; ``--tui`` takes no ``--replay`` or
    ``--simulate`` (it plays one game at the keyboard), needs Textual, and
    needs a terminal on standard input and standard error (where Textual
    draws).  `parser` is a `common.cli.options.OptionParser`.
    """
    if not options.tui:
        if options.delay is not None:
            parser.error(_("--delay paces the full-screen table: it needs --tui"))
        return
    for name in ("replay", "simulate"):
        if getattr(options, name, None) is not None:
            parser.error(_("--tui plays one game at the keyboard: it takes no "
                           "{option}").format(option=f"--{name}"))
    try:
        import textual  # noqa: F401
    except ImportError:
        parser.error(_("--tui needs Textual: {install}").format(
            install=install_hint("tui")))
    if not _at_a_terminal():
        parser.error(_("--tui needs a terminal (standard input and standard error)"))


def _at_a_terminal() -> bool:
    streams = (sys.stdin, sys.__stderr__)
    return all(stream is not None and stream.isatty() for stream in streams)


def shown_by_default(names: Sequence[str | None]) -> frozenset[int]:
    """Return the seats whose hidden cards the table shows without ``--show``.

    The people's (None in `names`), each to themselves: unlike line mode,
    the full-screen table never shows the computer's cards unless asked.
    """
    return frozenset(seat for seat, name in enumerate(names) if name is None)


def table_front(spec: GameSpec[Any], look: Any, console: Console[Any, Any],
                shown: Collection[int] | None, history: HistoryWriter | None,
                delay: float | None) -> Any:
    """Return the `common.tui.front.TableFront` that plays `look`'s game.

    `look` is the game's `common.tui.look.GameLook` (its program's
    ``new_look``); the other arguments are as the console's.  The console's
    rules (marked with `common.language.N_`) go in the language spoken.
    """
    from common.tui.front import TableFront

    return TableFront(look, title=_(spec.title), rules=_(console.rules),
                      history=history, shown=shown,
                      delay=DEFAULT_DELAY if delay is None else delay,
                      hides_cards=spec.hidden_cards)
