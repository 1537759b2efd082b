"""Where the tests find the repository, their data, and the games' packages."""

from __future__ import annotations

import configparser
import importlib.metadata
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The tests' checkout: the repository, or CI's copy of the sdist's tests."""
DATA = ROOT / "tests" / "data"
"""The tests' data: golden transcripts, decks, Java's output."""
_COMMON = importlib.util.find_spec("common")
assert _COMMON is not None and _COMMON.origin is not None
PACKAGES = Path(_COMMON.origin).resolve().parents[1]
"""Where the games' packages are imported from: the repository, or the
installed wheel that CI tests with the sdist's copy of the tests."""


def cardgames_version() -> str:
    """Return the version ``--version`` must print: the one in setup.cfg.

    Tests copied away from the repository to check an installed wheel have no
    setup.cfg beside them; then it is the installed distribution's version.
    """
    setup_cfg = ROOT / "setup.cfg"
    if setup_cfg.exists():
        config = configparser.ConfigParser(interpolation=None)
        config.read(setup_cfg, encoding="utf-8")
        return config["metadata"]["version"]
    from common.version import DISTRIBUTION

    return importlib.metadata.version(DISTRIBUTION)
