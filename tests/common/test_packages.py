"""Each package offers its names once, lazily; and no module goes round the layers.

The import-linter contracts of pyproject.toml check the layers; what they
cannot see is an import of the root package `common`, which belongs to no
layer (``from common import Dealer`` in the card model would import the
engine through it).  So no module of the project imports the root but a
game's ``__main__``, for `common.hold_stop_signals`.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest
from helpers.paths import PACKAGES

from common import lazy

PACKAGE_NAMES = ["common", "common.cards", "common.engine", "common.console",
                 "common.simulation", "common.net", "common.cli", "common.tui",
                 "common.research",
                 "bigtwo", "stud", "inbetween", "reddog"]


@pytest.mark.parametrize("name", PACKAGE_NAMES)
def test_every_name_a_package_offers_is_its_module_s(name: str) -> None:
    if name == "common.tui":
        pytest.importorskip("textual")
    if name == "common.research":  # its environments need the extra rl
        pytest.importorskip("pettingzoo")
    package = importlib.import_module(name)
    offers = lazy._read_offers(package)
    submodules = lazy._submodules(package.__path__)
    assert offers and not offers.keys() & set(submodules)
    assert package.__all__ == [*offers, *submodules]
    for offered, module in offers.items():
        assert getattr(package, offered) is getattr(sys.modules[module], offered)
    for submodule in submodules:
        assert getattr(package, submodule) is importlib.import_module(
            f"{name}.{submodule}")


def test_a_name_that_is_also_a_submodule_is_refused(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    ) -> None:
    package = tmp_path / "clashing"
    package.mkdir()
    (package / "thing.py").write_text("def thing() -> None: ...\n")
    (package / "__init__.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from common.lazy import exports\n"
        "if TYPE_CHECKING:\n"
        "    from clashing.thing import thing as thing\n"
        "__getattr__, __dir__ = exports(__name__)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    clashing = importlib.import_module("clashing")
    try:
        assert clashing.thing is sys.modules["clashing.thing"]  # the submodule
        with pytest.raises(ValueError, match="offers 'thing', the name of a "
                                             "submodule"):
            _ = clashing.__all__
    finally:
        for module in ("clashing", "clashing.thing"):
            sys.modules.pop(module, None)


def test_submodules_are_named_as_their_files_are() -> None:
    cards = PACKAGES / "common" / "cards"
    assert lazy._submodules([str(cards)]) == [
        "card", "cardlist", "deck", "hand", "player"]


def _imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def test_no_module_imports_the_root_package_but_a_game_s_main() -> None:
    for package in ("common", "bigtwo", "stud", "inbetween", "reddog"):
        for path in sorted((PACKAGES / package).rglob("*.py")):
            if path.name == "__main__.py":
                continue
            assert "common" not in _imports_of(path), path
