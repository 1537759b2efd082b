"""Package names imported on first use, so that starting a game imports little.

Each package of cardgames offers its main classes at the top
(``from bigtwo import BigTwo``) without importing them all when the package
is imported: ``python3 -m bigtwo`` imports the package first, and a package
that pulled in every module would cost every run, ``--help`` included, the
whole code base and the standard modules it uses.  A package's ``__init__``
gives `exports` the module of each name; its ``__getattr__`` (PEP 562)
imports a name's module the first time the name is asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy: the games' start imports no typing for this
    from typing import Any


def imported(module: str, name: str) -> Any:
    """Return `name` of `module`, importing the module now if it is not yet.

    As an import statement imports it (``importlib.import_module`` would hide
    the module from ``python3 -X importtime``, which the start-up tests read).
    """
    __import__(module)
    return getattr(sys.modules[module], name)


def exports(package: str, modules: Mapping[str, Iterable[str]],
            public: Iterable[str]) -> Callable[[str], object]:
    """Return the ``__getattr__`` of `package`, importing its names when first asked.

    `modules` maps each module to the names the package takes from it;
    every other name of `public` (the package's ``__all__``) is a submodule.
    A name once imported is set on the package, so it is looked up once.
    """
    where = {name: module for module, names in modules.items() for name in names}
    submodules = frozenset(public) - where.keys()

    def __getattr__(name: str) -> object:  # noqa: N807 - the name PEP 562 asks for
        if name in where:
            value = imported(where[name], name)
        elif name in submodules:
            __import__(f"{package}.{name}")
            value = sys.modules[f"{package}.{name}"]
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
