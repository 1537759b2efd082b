"""The options read without argparse are the options argparse reads.

`common.options.OptionTable.read_plainly` reads a plain command line itself
and leaves the rest to argparse.  For any command line it reads, the result
must be argparse's, attribute for attribute; a command line argparse refuses
it must leave to argparse, so that argparse says what is wrong.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.program import PROGRAM as BIGTWO
from common.cli import OptionParser
from common.options import SUPPRESS
from inbetween.program import PROGRAM as INBETWEEN
from reddog.program import PROGRAM as REDDOG
from stud.program import PROGRAM as STUD

PROGRAMS = [BIGTWO, STUD, INBETWEEN, REDDOG]

VALUES = ["0", "1", "3", "12", "-1", "+2", " 4", "x", "1_0", "٣", "all", "0,1",
          "smart", "random", "0.5", "nan", "", "a.deck", "127.0.0.1:5", "=", "-"]
JUNK = ["-h", "--help", "--version", "--", "--se", "--seed=", "--hint=1", "-x",
        "--nope", "plain", "--computer=all", "--seed=7", "--seed=-3", "--delay=2"]


def argparse_reading(parser: OptionParser, args: list[str]) -> dict[str, Any] | None:
    """Return what argparse reads from `args`, or None when it refuses them.

    (Or when it answers them and exits: ``--help``, ``--version``.)
    """
    try:
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            return vars(parser.full_parser().parse_args(args))
    except SystemExit:
        return None


def command_lines(parser: OptionParser) -> st.SearchStrategy[list[str]]:
    flags = sorted({flag for declared in parser.declared for flag in declared.flags})
    words = st.one_of(st.sampled_from(flags), st.sampled_from(flags),
                      st.sampled_from(VALUES), st.sampled_from(JUNK))
    return st.lists(words, max_size=8)


def test_argparse_suppress_is_ours() -> None:
    assert argparse.SUPPRESS == SUPPRESS


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda program: program.name)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_plain_reading_is_argparse_reading(program: Any, data: st.DataObject) -> None:
    parser = program.parser()
    args = data.draw(command_lines(parser))
    plain = parser.read_plainly(args)
    expected = argparse_reading(parser, args)
    if plain is not None:
        assert vars(plain) == expected
    elif expected is not None:
        # Left to argparse though argparse reads it: only a word the plain
        # reading does not claim (an abbreviation, --name=value, a value
        # that starts with "-").
        flags = {flag for declared in parser.declared for flag in declared.flags}
        assert any(word.startswith("-") and word not in flags for word in args)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda program: program.name)
@pytest.mark.parametrize("args", [
    [], ["--seed", "3"], ["--computer", "all", "--seed", "12"], ["--hint"],
    ["--deck", "a.deck"], ["--log", "game.jsonl", "--seed", "1"],
    ["--simulate", "100", "--jobs", "2"], ["--tui", "--delay", "0.5"],
])
def test_the_usual_command_lines_need_no_argparse(program: Any,
                                                   args: list[str]) -> None:
    parser = program.parser()
    if program is REDDOG and args[:1] == ["--computer"]:
        args = ["--computer", "--seed", "12"]
    plain = parser.read_plainly(args)
    assert plain is not None
    assert vars(plain) == argparse_reading(parser, args)


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"], ["--se", "3"],
                                  ["--seed", "x"], ["--seed", "-3"], ["plain"],
                                  ["--hint=1"], ["--"], ["--simulate", "0"]])
def test_what_argparse_must_answer_is_left_to_it(args: list[str]) -> None:
    assert STUD.parser().read_plainly(args) is None


def test_a_bad_option_is_still_one_line_and_status_2(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        STUD.parser().parse_args(["--seed", "x"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "stud: error: argument --seed: invalid int value: 'x'\n")


def test_given_options_and_defaults_match_argparse() -> None:
    parser = STUD.parser()
    full = parser.full_parser()
    for declared in parser.declared:
        if declared.dest != SUPPRESS:
            assert parser.get_default(declared.dest) == full.get_default(declared.dest)
    options = parser.parse_args(["--seed", "4", "--hint", "--hands", "2"])
    assert parser.given_options(options) == ["--seed", "--hands", "--hint"]


def test_a_declaration_argparse_would_refuse_is_refused_at_once() -> None:
    table = OptionParser("prog")
    table.add_argument("--seed")
    with pytest.raises(ValueError, match="conflicting option string: --seed"):
        table.add_argument("--seed")
    with pytest.raises(ValueError, match="only options"):
        table.add_argument("file")
    with pytest.raises(TypeError, match="'actoin'"):
        table.add_argument("--x", actoin="store_true")


def test_a_required_option_is_left_to_argparse() -> None:
    table = OptionParser("prog")
    table.add_argument("--a", dest="x")
    table.add_argument("--b", dest="x", required=True)
    assert table.read_plainly(["--a", "1"]) is None
    with pytest.raises(SystemExit):
        table.parse_args(["--a", "1"])
