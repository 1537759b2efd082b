"""A package's names, each imported when first asked for.

Every package of cardgames states what it offers once, one name a line, as
the imports of an ``if TYPE_CHECKING:`` block in its ``__init__``, and hands
itself to `exports`::

    if TYPE_CHECKING:  # what the package offers, one name a line
        from bigtwo.game import BigTwo as BigTwo
        from bigtwo.game import IllegalMoveError as IllegalMoveError

    __getattr__, __dir__ = exports(__name__)

Type checkers and readers see plain imports (``X as X`` is the form they
read as a re-export: ``mypy --strict`` users may import ``BigTwo`` from
``bigtwo``).  At run time nothing is imported with the package: ``python3 -m
bigtwo`` imports the package first, before the game can hold back Ctrl-C,
and a package that imported its modules
would make that window, and every ``--help``, cost the whole game.  The
package's ``__getattr__`` (PEP 562) reads the block from the package's source
the first time a name is asked for, and imports the name's module then.
Its ``__all__`` is those names and the package's submodules.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any


def imported(module: str, name: str) -> Any:
    """Return `name` of `module`, importing the module now if it is not yet.

    As an import statement imports it (``importlib.import_module`` would hide
    the module from ``python3 -X importtime``, which the start-up tests read).
    """
    __import__(module)
    return getattr(sys.modules[module], name)


def exports(package: str) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """Return the ``__getattr__`` and ``__dir__`` of `package`.

    ``__getattr__`` gives each name of the package's ``if TYPE_CHECKING:``
    block, importing its module the first time; a submodule, importing it;
    and ``__all__``: those names, then the submodules.  A name once given is
    set on the package, so it is looked up once.
    """
    table: dict[str, str] = {}
    modules: list[str] = []

    def offered() -> dict[str, str]:
        if not table:
            table.update(_read_offers(sys.modules[package]))
        return table

    def submodules() -> list[str]:
        if not modules:
            modules.extend(_submodules(package))
        return modules

    def __getattr__(name: str) -> object:  # noqa: N807 - the name PEP 562 asks for
        value: object
        if name == "__all__":
            value = [*offered(), *submodules()]
        elif _is_submodule(package, name):
            # Asked by ``from package import submodule`` too, before it
            # imports it: no need to read the table for that.
            __import__(f"{package}.{name}")
            value = sys.modules[f"{package}.{name}"]
        elif name in offered():
            value = imported(offered()[name], name)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:  # noqa: N807 - the name PEP 562 asks for
        return sorted({*vars(sys.modules[package]), *offered(),
                       *submodules()})

    return __getattr__, __dir__


def _read_offers(module: Any) -> dict[str, str]:
    """Return each name a package's ``if TYPE_CHECKING:`` block imports, by module."""
    import ast

    with open(module.__file__, encoding="utf-8") as source:
        tree = ast.parse(source.read(), module.__file__)
    offers: dict[str, str] = {}
    for node in tree.body:
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module:
                for alias in statement.names:
                    offers[alias.asname or alias.name] = statement.module
    return offers


def _is_submodule(package: str, name: str) -> bool:
    """Whether `package` has a module or subpackage called `name` (a file looked up)."""
    for directory in sys.modules[package].__path__:
        path = os.path.join(directory, name)
        if os.path.isfile(path + ".py") or os.path.isfile(
                os.path.join(path, "__init__.py")):
            return True
    return False


def _submodules(package: str) -> list[str]:
    """Return the names of `package`'s modules and subpackages (not ``__main__``)."""
    import pkgutil

    path = sys.modules[package].__path__
    return [info.name for info in pkgutil.iter_modules(path)
            if not info.name.startswith("_")]
