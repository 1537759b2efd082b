"""The build's one step beyond ``setup.cfg``: compile the message catalogues.

A game's translations are ``.po`` files in the repository
(``GAME/locale/LANG/LC_MESSAGES/GAME.po``, see ``docs/translating.md``); the
program reads the ``.mo`` file compiled beside each (`common.language`).
Every build compiles them first (Babel, a build requirement in
``pyproject.toml``): a wheel's, an sdist's, and the editable install's of
``python3 -m pip install -e .``, whose ``.mo`` files stay in the clone
(``.gitignore`` keeps them out of git).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
CATALOGUES = "*/locale/*/LC_MESSAGES/*.po"


def compile_catalogues() -> None:
    """Compile each ``.po`` catalogue to the ``.mo`` beside it (fuzzy ones left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(HERE.glob(CATALOGUES)):
        with po.open("rb") as file:
            catalogue = read_po(file)
        with po.with_suffix(".mo").open("wb") as file:
            write_mo(file, catalogue)


class BuildPy(build_py):
    """Build the packages with their catalogues compiled."""

    def run(self) -> None:
        """Compile the catalogues, then build as setuptools does."""
        compile_catalogues()
        super().run()


class Sdist(sdist):
    """Make the sdist with the catalogues compiled, so it carries both files."""

    def run(self) -> None:
        """Compile the catalogues, then make the sdist as setuptools does."""
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
