"""The language a game speaks: the standard library's `gettext`, one catalogue per game.

Every message a person reads is written in English in the code and passed
through `_` (or `ngettext`, for a message that names a count) where it is
said.  A message made before it is said, such as a class's text, is marked
with `N_` where it is written and passed through `_` where it is said.

Each game is a gettext *domain* named as its package (``inbetween``), with
its catalogues under the package, in ``GAME/locale/LANG/LC_MESSAGES/``: the
``.po`` file in the repository, compiled to a ``.mo`` file when the package
is built (``setup.py``; ``python3 -m pip install -e .`` in a clone).  A
game's catalogue holds the shared messages of `common` too, so a language is
the game's alone: a Punjabi locale changes no word of a game without a
Punjabi catalogue (Big Two's output is the assignment's in every locale).

A program chooses the language once, before it says anything (`choose`),
from ``--lang`` or else the environment (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, in the order gettext reads them), and `activate`s
it; English, the code's own, is the default and the fallback.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

ENGLISH = "en"
"""The code's own language, which needs no catalogue."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the language, first found first (gettext's order)."""
NAMES = {"en": "English", "pa": "ਪੰਜਾਬੀ, Punjabi"}
"""Each language's name, in itself, for messages about languages."""

SHARED = ("cli", "console", "engine", "history.py", "language.py", "net",
          "process.py", "tui")
"""The modules of `common` whose messages every game's catalogue holds too
(those a player reads: the research environments and the simulation's
report are English alone)."""

_translations: gettext.NullTranslations = gettext.NullTranslations()


class CatalogueMissing(LookupError):
    """A language a game has whose compiled catalogue (``.mo``) is missing.

    So it is in a clone that was never built: the ``.po`` is there, the
    ``.mo`` is made by ``python3 -m pip install -e .``.
    """

    def __init__(self, language: str, path: Path) -> None:
        super().__init__(language, path)
        self.language = language
        """The language asked for (``pa``)."""
        self.path = path
        """Where its compiled catalogue should be."""


def _(message: str) -> str:
    """Return `message` in the active language (itself, in English).

    The empty message stays empty (gettext would give the catalogue's header).
    """
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """Return the form of a message that suits `count`, in the active language.

    As `gettext.ngettext`: in English `singular` for 1 and `plural` for any
    other count; a catalogue has as many forms as its language needs.
    """
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Return `message`, said in `context`, in the active language.

    For a word that means one thing in one place and another elsewhere.
    The words a person types at a prompt (``bet``, ``quit``) have the
    context ``"typed"``: each one's translation is another word that does
    the same, the English one still doing it too.  (The context is written
    out at each call, as extraction tools need it.)
    """
    return _translations.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the name every gettext tool knows)
    """Return `message` as it is: it marks a message said later through `_`."""
    return message


def locale_dir(package: str) -> Path:
    """Return the directory of `package`'s catalogues (``inbetween/locale``)."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, package
    return Path(spec.origin).parent / "locale"


def catalogue_path(package: str, language: str, suffix: str = ".mo") -> Path:
    """Return where `package`'s catalogue for `language` is (``.mo`` or ``.po``)."""
    return locale_dir(package) / language / "LC_MESSAGES" / f"{package}{suffix}"


def language_code(value: str) -> str:
    """Return the language a locale name names: ``pa`` for ``pa_IN.UTF-8``.

    ``C`` and ``POSIX``, the locales of no language, name English.
    """
    code = value.split(".")[0].split("@")[0].split("_")[0].strip().lower()
    return ENGLISH if code in ("c", "posix", "") else code


def wanted(environ: Mapping[str, str] | None = None) -> list[str]:
    """Return the languages the environment asks for, the first preferred.

    The first of `ENVIRONMENT` that is set and not empty names them
    (``LANGUAGE`` may list several: ``pa:en``); none set asks for English.
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable)
        if value:
            return [language_code(part) for part in value.split(":") if part]
    return [ENGLISH]


def choose(offered: Sequence[str], asked: str | None,
           environ: Mapping[str, str] | None = None) -> str:
    """Return the language to speak, of those `offered`.

    `asked` (``--lang``) wins when given; otherwise the first language the
    environment asks for that is offered (`wanted`), and English when none is.
    """
    if asked is not None:
        return asked
    return next((code for code in wanted(environ) if code in offered), ENGLISH)


def translations(package: str, language: str) -> gettext.NullTranslations:
    """Return `package`'s catalogue for `language` (nothing to load for English).

    Raises:
        CatalogueMissing: when `language`'s catalogue was never compiled.
    """
    if language == ENGLISH:
        return gettext.NullTranslations()
    path = catalogue_path(package, language)
    try:
        with path.open("rb") as file:
            return gettext.GNUTranslations(file)
    except FileNotFoundError:
        raise CatalogueMissing(language, path) from None


def activate(found: gettext.NullTranslations) -> None:
    """Speak the language of `found` from now on, in this whole process."""
    global _translations
    _translations = found


def spoken() -> str:
    """Return the code of the language spoken now (``en``, ``pa``)."""
    return str(_translations.info().get("language", ENGLISH)) or ENGLISH


def active() -> gettext.NullTranslations:
    """Return the catalogue spoken now (a `gettext.NullTranslations` for English)."""
    return _translations


@contextmanager
def speaking(found: gettext.NullTranslations) -> Iterator[None]:
    """Speak the language of `found` inside the ``with`` block, then as before."""
    before = _translations
    activate(found)
    try:
        yield
    finally:
        activate(before)


GURMUKHI_DIGITS = str.maketrans("੦੧੨੩੪੫੬੭੮੯", "0123456789")
"""Gurmukhi digits to ASCII ones, for numbers a person types."""


def ascii_digits(text: str) -> str:
    """Return `text` with its Gurmukhi digits (੦–੯) written as ASCII ones."""
    return text.translate(GURMUKHI_DIGITS)

