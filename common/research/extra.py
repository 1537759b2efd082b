"""What the environments need beyond the standard library, and what says so.

The games themselves are standard-library only.  The environments need
PettingZoo, Gymnasium and NumPy, the extra ``rl``: whatever makes an
environment calls `check` first, which names what to install in one line
when any of them cannot be imported, before any module of the environments
needs them.
"""

from __future__ import annotations

import importlib

from common.version import install_command

INSTALL = install_command("rl")
"""What installs the extra ``rl``, as the error without it says."""

REQUIRED = ("numpy", "gymnasium", "pettingzoo")
"""The modules of the extra ``rl`` that the environments import."""


class MissingExtra(ImportError):
    """An environment was asked for without the extra ``rl`` installed."""


def check() -> None:
    """Import every module of `REQUIRED`.

    Raises:
        MissingExtra: when one cannot; the message is one line that says
            what to install.
    """
    missing = []
    for name in REQUIRED:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise MissingExtra(f"the environments need PettingZoo, Gymnasium and NumPy "
                           f"(missing: {', '.join(missing)}): {INSTALL}")
