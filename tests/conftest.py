"""The tests' fixtures; what they share besides is the `helpers` package."""

from __future__ import annotations

import gettext
import os
import signal
from collections.abc import Iterator

import pytest
from helpers.cli import RunCli, run_game

from common.language import activate


def pytest_configure(config: pytest.Config) -> None:
    """Give the games the tests start the stop signals at their defaults.

    The tests play a terminal's part, whose foreground jobs get Ctrl-C,
    SIGTERM and SIGHUP as signals that stop them.  A game started ignoring
    one keeps ignoring it, as ``nohup`` asks; and a shell starts a
    background job (``pytest &``, a CI hook) ignoring SIGINT.  Caught here,
    the signals are back at their defaults in every child after its exec.
    """
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, signal.default_int_handler
                          if signum == signal.SIGINT else signal.SIG_DFL)
    # The games speak the language of the environment (common.language):
    # the tests expect English unless one says otherwise, whatever the
    # locale of the person running them.
    os.environ["LANGUAGE"] = "en"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Speak English again after each test: a game run in-process chose its own."""
    yield
    activate(gettext.NullTranslations())


@pytest.fixture
def run_cli() -> RunCli:
    """Return `helpers.cli.run_game`, for tests that take it as a fixture."""
    return run_game
