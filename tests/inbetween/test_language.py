"""In Between in Punjabi: choosing it, reading Punjabi moves, a clone never built."""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import run_game
from hypothesis import given
from hypothesis import strategies as st

from common.language import locale_dir, speaking, translations
from inbetween.console import parse_move

run = functools.partial(run_game, "inbetween")
# The packages as they are imported: the clone's, or an installed wheel's.
PACKAGES = {name: locale_dir(name).parent for name in ("common", "inbetween")}
GURMUKHI = str.maketrans("0123456789", "੦੧੨੩੪੫੬੭੮੯")


def test_rules_page_in_the_language_spoken() -> None:
    english = (PACKAGES["inbetween"] / "RULES.md").read_bytes()
    punjabi = (PACKAGES["inbetween"] / "RULES.pa.md").read_bytes()
    assert run("--rules").stdout == english
    assert run("--rules", "--lang", "pa").stdout == punjabi
    assert run("--rules", env={"LANG": "pa_IN.UTF-8"}).stdout == punjabi
    assert run("--rules", "--lang", "en", env={"LANG": "pa_IN.UTF-8"}).stdout == english


def test_help_of_the_options_in_punjabi() -> None:
    result = run("--help", "--lang", "pa")
    assert result.returncode == 0
    assert "ਖਿਡਾਰੀਆਂ ਦੀ ਗਿਣਤੀ, 2 ਤੋਂ 10" in " ".join(result.stdout.decode().split())


@pytest.mark.parametrize("args", [["--lang", "xx"], ["--lang"], ["--lang", "PA"]])
def test_an_unknown_language_is_one_line_and_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"--lang" in result.stderr


@pytest.fixture(scope="module")
def unbuilt_clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the packages as a clone has them before any build: no ``.mo``."""
    clone = tmp_path_factory.mktemp("clone")
    for package, path in PACKAGES.items():
        shutil.copytree(path, clone / package,
                        ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
    return clone


def _run_in(clone: Path, *args: str, env: dict[str, str],
            stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    # `python3 -m` puts the working directory first on the path: the copy.
    return subprocess.run([sys.executable, "-m", "inbetween", *args], cwd=clone,
                          input=stdin, capture_output=True, timeout=60, check=False,
                          env={"PATH": "/usr/bin:/bin", **env})


def test_lang_pa_in_a_clone_never_built_says_how_to_build(unbuilt_clone: Path) -> None:
    result = _run_in(unbuilt_clone, "--lang", "pa", env={"LANG": "C.UTF-8"})
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.decode() == (
        "inbetween: error: --lang pa: the catalogue of pa (ਪੰਜਾਬੀ, Punjabi) is not "
        "compiled in this clone: run python3 -m pip install -e .\n")


def test_a_punjabi_locale_in_a_clone_never_built_plays_in_english(
        unbuilt_clone: Path) -> None:
    result = _run_in(unbuilt_clone, "--seed", "1", env={"LANG": "pa_IN.UTF-8"},
                     stdin=b"quit\n")
    assert result.returncode == 0
    assert result.stdout.startswith(b"In Between: 2 players, 10 coins each.\n")
    assert result.stderr.decode() == (
        "inbetween: the catalogue of pa (ਪੰਜਾਬੀ, Punjabi) is not compiled in this "
        "clone: run python3 -m pip install -e . (English meanwhile)\n")


@given(st.integers(0, 10**4), st.integers(1, 50), st.integers(0, 50),
       st.sampled_from(["", "bet", "b", "ਸੱਟਾ", "ਸ", "BET ", " ਸੱਟਾ  "]))
def test_gurmukhi_digits_and_punjabi_words_read_as_english(
        amount: int, low: int, more: int, word: str) -> None:
    high = low + more
    with speaking(translations("inbetween", "pa")):
        typed = parse_move(word + str(amount).translate(GURMUKHI), low, high)
        english = parse_move("bet " + str(amount), low, high)
    assert typed == english


@pytest.mark.parametrize(("line", "move"), [
    ("ਫੋਲਡ", "fold"), ("ਫ", "fold"), ("fold", "fold"), ("ਛੱਡੋ", "quit"),
    ("ਛ", "quit"), (" Q ", "quit"), ("ਸੱਟਾ", 1), ("ਸ", 1), ("੧", 1)])
def test_the_words_of_the_moves_in_punjabi(line: str, move: object) -> None:
    with speaking(translations("inbetween", "pa")):
        assert parse_move(line, 1, 1) == move
    if not line.isascii():
        assert parse_move(line, 1, 1) in (None, 1)  # English reads digits alone


def test_help_word_in_punjabi_only_in_punjabi() -> None:
    from common.console.console import asks_for_help

    with speaking(translations("inbetween", "pa")):
        assert asks_for_help(" ਮਦਦ ") and asks_for_help("HELP")
    assert not asks_for_help("ਮਦਦ")


PUNJABI_MOVES = "ਸੱਟਾ\nਗਲਤ\nਫੋਲਡ\n੧\nਛੱਡੋ\n".encode()
ENGLISH_MOVES = b"bet\njunk\nfold\n1\nquit\n"


@pytest.mark.parametrize(("lang", "moves", "replays"), [
    ("pa", PUNJABI_MOVES, [{"LANGUAGE": "en"}, {"LANG": "pa_IN.UTF-8"}, {}]),
    ("en", ENGLISH_MOVES, [{"LANG": "pa_IN.UTF-8"}, {"LANGUAGE": "pa"}, {}]),
])
def test_a_history_replays_in_the_language_it_was_played_in(
        tmp_path: Path, lang: str, moves: bytes,
        replays: list[dict[str, str]]) -> None:
    # Its lines were read, and its refusals said, in that language: the
    # replay speaks it whatever the locale.
    log = tmp_path / "game.jsonl"
    played = run("--lang", lang, "--seed", "3", "--players", "3", "--log", str(log),
                 stdin=moves, env={"LANGUAGE": "en"})
    assert played.returncode == 0, played.stderr
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"].get("lang") == (None if lang == "en" else lang)
    for env in replays:
        replayed = run("--replay", str(log), env=env)
        assert replayed.returncode == 0, replayed.stderr
        assert replayed.stdout == played.stdout
    other = "en" if lang == "pa" else "pa"
    refused = run("--replay", str(log), "--lang", other)
    assert refused.returncode == 2 and refused.stdout == b""
    assert refused.stderr.count(b"\n") == 1 and b"--lang" in refused.stderr
