"""The tests' fixtures; what they share besides is the `helpers` package."""

from __future__ import annotations

import pytest
from helpers.cli import RunCli, run_game


@pytest.fixture
def run_cli() -> RunCli:
    """Return `helpers.cli.run_game`, for tests that take it as a fixture."""
    return run_game
