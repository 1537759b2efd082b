"""The cardgames version, and the ``--version`` option every game has.

The version is written in one place, ``setup.cfg`` (``version = X.Y.Z``).
`version` finds it for the code that is running:

- an installed copy (a wheel, or ``pip install .``) reads it from its
  distribution's metadata with `importlib.metadata`, but only from a
  distribution whose ``RECORD`` lists this very file, so another copy of
  cardgames-console installed on the same machine is never taken for this
  one;
- a source tree that is not installed that way (a fresh clone, an unpacked
  sdist, an editable install) reads its own ``setup.cfg``, which is never
  stale as an editable install's metadata can be.

Nothing is looked up until ``--version`` is asked for
(`common.cli.options.VersionAction`), so the games start as fast without it.
"""

from __future__ import annotations

import os

DISTRIBUTION = "cardgames-console"
"""The distribution name, as in ``setup.cfg`` and ``pip install``.  (The
public index already has an unrelated ``cardgames``.)"""


INSTALL_WORDS = "{command} in a clone (from the index: '{requirement}')"
"""How `install_command` says what installs an extra, in English: this module
is beneath `common.language` (`common.cli.options.install_hint` says it in
the language spoken)."""


def install_command(extra: str, words: str = INSTALL_WORDS) -> str:
    """Return what installs the optional extra `extra`, as the games say it.

    The command that works in a clone, and the name to give once the
    distribution is on the public index: ``python3 -m pip install -e
    '.[tui]' in a clone (from the index: 'cardgames-console[tui]')``.
    `words` says them, with ``{command}`` and ``{requirement}`` in it.
    """
    return words.format(command=f"python3 -m pip install -e '.[{extra}]'",
                        requirement=f"{DISTRIBUTION}[{extra}]")


UNKNOWN = "0+unknown"
"""The version printed when neither the metadata nor ``setup.cfg`` gives one."""

_THIS_FILE = "common/version.py"  # as a wheel's RECORD lists it


def version() -> str:
    """Return the version of the cardgames code that is running.

    From the installed distribution that holds this module, else from the
    ``setup.cfg`` of the source tree around it, else `UNKNOWN`.
    """
    return _installed_version() or _source_version() or UNKNOWN


def _installed_version() -> str | None:
    from importlib import metadata  # only here: it is slow to import

    here = os.path.realpath(__file__)
    for dist in metadata.distributions(name=DISTRIBUTION):
        if dist.read_text("RECORD") is None:
            continue  # an egg-info in a source tree, not an installed copy
        for path in dist.files or ():
            if (path.as_posix() == _THIS_FILE
                    and os.path.realpath(path.locate()) == here):
                return dist.version
    return None


def _source_version() -> str | None:
    import configparser

    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    config = configparser.ConfigParser(interpolation=None)
    try:
        with open(os.path.join(root, "setup.cfg"), encoding="utf-8") as stream:
            config.read_file(stream)
    except (OSError, UnicodeDecodeError, configparser.Error):
        return None
    if config.get("metadata", "name", fallback=None) != DISTRIBUTION:
        return None
    value = config.get("metadata", "version", fallback="").strip()
    # A directive such as "attr: ..." is not a version.
    return value if value and ":" not in value else None
