"""What the environments need beyond the standard library, and what says so.

The games themselves are standard-library only.  The environments need
PettingZoo, Gymnasium and NumPy, and the OpenSpiel games OpenSpiel and NumPy:
together, the extra ``rl``.  Whatever makes an environment calls `check`
first, and whatever makes an OpenSpiel game calls ``check(SPIEL)`` before
it imports OpenSpiel: either names what to install in one line when a module
cannot be imported, before any module of the environments needs it.
"""

from __future__ import annotations

import importlib

from common.version import install_command

INSTALL = install_command("rl")
"""What installs the extra ``rl``, as the error without it says."""

REQUIRED = ("numpy", "gymnasium", "pettingzoo")
"""The modules of the extra ``rl`` that the environments import."""
SPIEL = ("numpy", "pyspiel")
"""The modules of the extra ``rl`` that the OpenSpiel games import."""


class MissingExtra(ImportError):
    """An environment or an OpenSpiel game was asked for without the extra ``rl``."""


def check(required: tuple[str, ...] = REQUIRED) -> None:
    """Import every module of `required` (`REQUIRED`, or `SPIEL`).

    Raises:
        MissingExtra: when one cannot; the message is one line that says
            what to install.
    """
    missing = []
    for name in required:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise MissingExtra(f"the research environments need the extra rl "
                           f"(missing: {', '.join(missing)}): {INSTALL}")
