"""What the games' option parser adds to argparse: one-line errors, strict reading.

`common.cli.options.OptionParser` is an `argparse.ArgumentParser`; these tests pin
down where it differs: an error is one line with no usage, `parse_strictly`
raises instead of exiting, `given_options` and `flag` name the options given,
and numbers are ASCII digits only.
"""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.program import PROGRAM as BIGTWO
from common.cli.options import OptionError, OptionParser, int_in_range
from inbetween.program import PROGRAM as INBETWEEN
from reddog.program import PROGRAM as REDDOG
from stud.program import PROGRAM as STUD

PROGRAMS = [BIGTWO, STUD, INBETWEEN, REDDOG]


def test_the_parser_is_argparse() -> None:
    assert isinstance(STUD.parser(), argparse.ArgumentParser)


def test_a_bad_option_is_one_line_and_status_2(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stop:
        STUD.parser().parse_args(["--seed", "x"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "stud: error: argument --seed: invalid int value: 'x'\n")


def test_a_strict_reading_raises_and_exits_nothing() -> None:
    parser = INBETWEEN.parser()
    with pytest.raises(OptionError, match="--players: must be 2 to 10, not 11"):
        parser.parse_strictly(["--players", "11"])
    # The parser is not left strict: the next error exits as usual.
    with pytest.raises(SystemExit):
        parser.parse_args(["--players", "11"])


def test_given_options_in_declaration_order() -> None:
    parser = STUD.parser()
    options = parser.parse_args(["--seed", "4", "--hint", "--hands", "2"])
    assert parser.given_options(options) == ["--seed", "--hands", "--hint"]
    assert parser.given_options(options, ("hint",)) == ["--seed", "--hands"]
    assert parser.given_options(parser.parse_args([])) == []


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda program: program.name)
def test_every_destination_is_named_by_its_flag(program: Any) -> None:
    # flag() relies on every option storing in its long name.
    parser = program.parser()
    for dest in vars(parser.parse_args([])):
        flag = parser.flag(dest)
        assert flag in parser.format_help(), flag


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=6))
def test_numbers_are_ascii_digits_only(text: str) -> None:
    parse = int_in_range(-10**6, 10**6)
    token = text.strip(" \t")
    digits = token[1:] if token[:1] in "+-" else token
    if digits and digits.isascii() and digits.isdigit():
        assert parse(text) == int(token)
    else:
        with pytest.raises((ValueError, argparse.ArgumentTypeError)):
            parse(text)


def test_a_number_out_of_range_says_the_range() -> None:
    parser = OptionParser("prog")
    parser.add_argument("--n", type=int_in_range(1, 3))
    with pytest.raises(OptionError, match="argument --n: must be 1 to 3, not 4"):
        parser.parse_strictly(["--n", "4"])
    with pytest.raises(OptionError, match="argument --n: invalid int value: '1_0'"):
        parser.parse_strictly(["--n", "1_0"])
