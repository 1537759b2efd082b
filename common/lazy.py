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
``bigtwo``).  At run time nothing is imported with the package:
``python3 -m bigtwo`` imports the package first, before the game can hold
back Ctrl-C, and a package that imported its modules would make that window,
and every ``--help``, cost the whole game.  The package's ``__getattr__``
(PEP 562) reads the block from the package's source (which a wheel and a
checkout both have) the first time a name is asked for, and imports the
name's module then.  Its ``__all__`` is those names and the package's
submodules; a name may not be both.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
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

    Raises:
        ValueError: (from ``__getattr__``) when the block offers a name that
            is also a submodule's.
    """
    table: dict[str, str] = {}
    modules: list[str] = []

    def submodules() -> list[str]:
        if not modules:
            modules.extend(_submodules(sys.modules[package].__path__))
        return modules

    def offered() -> dict[str, str]:
        if not table:
            table.update(_read_offers(sys.modules[package]))
            clash = sorted(table.keys() & set(submodules()))
            if clash:
                table.clear()
                raise ValueError(f"{package} offers {clash[0]!r}, the name of a "
                                 "submodule of its own")
        return table

    def __getattr__(name: str) -> object:  # noqa: N807 - the name PEP 562 asks for
        value: object
        if name == "__all__":
            value = [*offered(), *submodules()]
        elif name in submodules():
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
        return sorted({*vars(sys.modules[package]), *offered(), *submodules()})

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
            if isinstance(statement, ast.ImportFrom) and statement.module \
                    and not statement.level:  # absolute, as the block writes them
                for alias in statement.names:
                    offers[alias.asname or alias.name] = statement.module
    return offers


def _submodules(path: Iterable[str]) -> list[str]:
    """Return the names of the modules and subpackages in the package `path`.

    Spelled as the files are, whatever the file system's case rules, and
    none whose name starts with ``_`` (``__main__``, ``__init__``).
    """
    names: list[str] = []
    for directory in path:
        for entry in sorted(os.listdir(directory)):
            stem, dot, suffix = entry.partition(".")
            if entry.startswith("_"):
                continue
            if (dot and suffix == "py") or (not dot and os.path.isfile(
                    os.path.join(directory, entry, "__init__.py"))):
                names.append(stem)
    return names
