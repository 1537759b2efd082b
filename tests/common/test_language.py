"""The language a game speaks: choosing it, its catalogues, and text in cells."""

from __future__ import annotations

import gettext
import string
import textwrap

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from common.console import cells
from common.language import (
    ENGLISH,
    SHARED,
    CatalogueMissing,
    _,
    ascii_digits,
    catalogue_path,
    choose,
    language_code,
    locale_dir,
    ngettext,
    pgettext,
    speaking,
    translations,
    wanted,
)

GAMES_WITH_CATALOGUES = {"inbetween": ("pa",)}
"""Each game that speaks more than English, and its languages."""



# Choosing the language.

@pytest.mark.parametrize(("value", "code"), [
    ("pa_IN.UTF-8", "pa"), ("pa", "pa"), ("en_GB.utf8@euro", "en"), ("C", "en"),
    ("POSIX", "en"), ("C.UTF-8", "en"), ("PA_in", "pa")])
def test_a_locale_names_its_language(value: str, code: str) -> None:
    assert language_code(value) == code


def test_the_environment_is_read_in_gettexts_order() -> None:
    assert wanted({}) == [ENGLISH]
    assert wanted({"LANG": "pa_IN.UTF-8"}) == ["pa"]
    assert wanted({"LANG": "pa_IN.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}) == ["en"]
    assert wanted({"LC_MESSAGES": "en_US", "LC_ALL": "pa_IN"}) == ["pa"]
    assert wanted({"LC_ALL": "en_US", "LANGUAGE": "fr:pa:en"}) == ["fr", "pa", "en"]
    assert wanted({"LANGUAGE": "", "LANG": "pa_IN"}) == ["pa"]


def test_the_first_offered_language_wanted_is_spoken_and_lang_wins() -> None:
    offered = ("en", "pa")
    assert choose(offered, None, {"LANGUAGE": "fr:pa"}) == "pa"
    assert choose(offered, None, {"LANGUAGE": "fr:de"}) == ENGLISH
    assert choose(("en",), None, {"LANG": "pa_IN.UTF-8"}) == ENGLISH
    assert choose(offered, "en", {"LANG": "pa_IN.UTF-8"}) == ENGLISH
    assert choose(offered, "pa", {}) == "pa"


def test_english_needs_no_catalogue_and_a_missing_one_is_named() -> None:
    assert type(translations("inbetween", ENGLISH)) is gettext.NullTranslations
    with pytest.raises(CatalogueMissing) as missing:
        translations("inbetween", "xx")
    assert missing.value.language == "xx"
    assert missing.value.path == catalogue_path("inbetween", "xx")


def test_speaking_is_undone_after_the_block() -> None:
    with speaking(translations("inbetween", "pa")):
        assert _("Player {seat}") != "Player {seat}"
        assert pgettext("typed", "bet") != "bet"
    assert _("Player {seat}") == "Player {seat}"
    assert ngettext("{amount} coin", "{amount} coins", 2) == "{amount} coins"


def test_gurmukhi_digits_read_as_ascii_ones() -> None:
    assert ascii_digits("ਸੱਟਾ ੧੨") == "ਸੱਟਾ 12"
    assert ascii_digits("੦੧੨੩੪੫੬੭੮੯") == "0123456789"


# Text in cells.

def test_gurmukhi_marks_take_no_cell() -> None:
    assert cells.width("ਸਿੱਕੇ") == 3  # ਸ ਿ ਕ, with ੱ and ੇ on them
    assert cells.width("ਖਿਡਾਰੀ") == 6  # every vowel sign here is a spacing one
    assert cells.width("ਪੂਲ") == 2
    assert cells.width("日本") == 4
    assert cells.width("Pool") == 4
    assert cells.ljust("ਪੂਲ", 4) == "ਪੂਲ  "


@given(st.lists(st.sampled_from(list("ab c\t\n\r\x0b\x0c\xa0\u2003\x1c")
                                + ["  ", "help", "x" * 16])).map("".join),
       st.integers(6, 30), st.sampled_from(["", "  ", "> "]),
       st.sampled_from(["", "  "]))
def test_one_cell_text_wraps_as_textwrap_wraps_it(text: str, columns: int,
                                                  indent: str, more: str) -> None:
    assert cells.wrap(text, columns, indent, indent + more) == textwrap.wrap(
        text, columns, initial_indent=indent, subsequent_indent=indent + more,
        break_on_hyphens=False)


@given(st.lists(st.sampled_from(["ਖਿਡਾਰੀ", "ਸਿੱਕੇ", "ਪੂਲ", "ਵਿੱਚ", "日本語", "a"]),
                max_size=40), st.integers(6, 40))
def test_wrapped_lines_fit_their_cells(words: list[str], columns: int) -> None:
    lines = cells.wrap(" ".join(words), columns)
    assert all(cells.width(line) <= columns for line in lines)
    assert " ".join(lines).split() == words


# The catalogues.

def _sources(game: str) -> list[tuple[str | None, str | tuple[str, ...], str]]:
    """Return (context, message, where) for every message a player of `game` reads."""
    game_dir = locale_dir(game).parent
    common_dir = locale_dir("common").parent
    found = []
    comment_tags = ("Translators:",)
    for path in [game_dir, *(common_dir / name for name in SHARED)]:
        if path.is_dir():
            extracted = ((str(path / name), line, message, context)
                         for name, line, message, _comments, context
                         in extract_from_dir(str(path), comment_tags=comment_tags))
        else:
            extracted = ((str(path), line, message, context)
                         for line, message, _comments, context
                         in extract_from_file("python", str(path)))
        found += [(context, message, f"{where}:{line}")
                  for where, line, message, context in extracted]
    return found


def _catalogue(game: str, language: str) -> Catalog:
    with catalogue_path(game, language, ".po").open("rb") as file:
        return read_po(file)


def _fields(text: str) -> list[str]:
    return sorted(name for _text, name, _spec, _conv in string.Formatter().parse(text)
                  if name is not None)


def problems(message: Message | None, msgid: str | tuple[str, ...]) -> list[str]:
    """Return what is wrong with the translation `message` of `msgid` (nothing: [])."""
    if message is None:
        return ["no entry"]
    if message.fuzzy:
        return ["fuzzy"]
    ids = msgid if isinstance(msgid, tuple) else (msgid,)
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    wrong = []
    for form in forms:
        if not form:
            wrong.append("not translated")
        elif _fields(form) != _fields(ids[-1]) or _fields(ids[0]) != _fields(ids[-1]):
            wrong.append(f"placeholders {_fields(form)} for {_fields(ids[-1])}: "
                         f"{form!r}")
    return wrong


@pytest.mark.parametrize(("game", "language"), [
    (game, language) for game, languages in GAMES_WITH_CATALOGUES.items()
    for language in languages])
def test_every_message_is_translated_with_its_placeholders(game: str,
                                                          language: str) -> None:
    catalogue = _catalogue(game, language)
    wrong = {}
    for context, msgid, where in _sources(game):
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        found = problems(catalogue.get(key, context=context), msgid)
        if found:
            wrong[where] = (msgid, found)
    assert not wrong, "\n".join(f"{where}: {msgid!r}: {found}"
                                for where, (msgid, found) in sorted(wrong.items()))


def test_the_check_of_placeholders_can_fail() -> None:
    catalogue = Catalog(locale="pa")
    catalogue.add("{player} bets {coins}.", "{player} {coin} ਦਾ ਸੱਟਾ ਲਾਉਂਦਾ ਹੈ।")
    catalogue.add("{player} folds.", "ਫੋਲਡ।")
    catalogue.add("{player} is out.", "")
    catalogue.add(("{amount} coin", "{amount} coins"), ("{amount} ਸਿੱਕਾ", "ਸਿੱਕੇ"))
    catalogue.add("Not a legal move: {reason}.", "x {reason}", flags=("fuzzy",))
    for msgid in ("{player} bets {coins}.", "{player} folds.", "{player} is out.",
                  ("{amount} coin", "{amount} coins"), "Not a legal move: {reason}."):
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        assert problems(catalogue.get(key), msgid), msgid
    assert problems(None, "new message") == ["no entry"]


@pytest.mark.parametrize(("game", "language"), [
    (game, language) for game, languages in GAMES_WITH_CATALOGUES.items()
    for language in languages])
def test_the_compiled_catalogue_is_the_po_file(game: str, language: str) -> None:
    path = catalogue_path(game, language)
    assert path.is_file(), (f"{path} is not compiled: run python3 -m pip install "
                            "-e . (setup.py compiles the catalogues)")
    compiled = translations(game, language)
    for message in _catalogue(game, language):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for count, form in ((1, 0), (2, 1)):
                assert compiled.ngettext(*message.id, count) == message.string[form]
        elif message.context:
            assert compiled.pgettext(message.context, message.id) == message.string
        else:
            assert compiled.gettext(message.id) == message.string


def test_the_template_lists_every_message() -> None:
    # So a translator updating a catalogue from it (docs/translating.md)
    # sees every new message.
    for game in GAMES_WITH_CATALOGUES:
        with (locale_dir(game) / f"{game}.pot").open("rb") as file:
            template = read_po(file)
        listed = {(message.context, message.id if isinstance(message.id, str)
                   else message.id[0]) for message in template if message.id}
        needed = {(context, msgid if isinstance(msgid, str) else msgid[0])
                  for context, msgid, _where in _sources(game)}
        assert needed - listed == set(), "run the extraction of docs/translating.md"


def test_the_empty_message_is_no_catalogue_header() -> None:
    with speaking(translations("inbetween", "pa")):
        assert _("") == ""
        assert _("Player {seat}") == "ਖਿਡਾਰੀ {seat}"
