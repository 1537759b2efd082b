"""Property: the port reads any input as a model of the Java rules does.

The model is written here from the Java 17 sources, independently of the
port's code and in Java's order: decode the whole input (``sun.nio.cs.UTF_8``
with ``REPLACE``), split the text into lines (``Scanner.nextLine``), split
each line into tokens over UTF-16 units (``StringTokenizer``) and read each
with ``Integer.parseInt`` (``Character.digit`` from the table Java printed,
``tests/data/java/digits.txt``).  The port splits bytes first and decodes
each line in pieces as they come; both must give the same lines and the same
selections, however the input arrives.
"""

from __future__ import annotations

import re

import pytest
from helpers.java import (
    CASES,
    EXPECTED,
    _Stream,
    escape,
    run_header,
    stored,
    summarize,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bigtwo.selection import Selection
from common.console.lines import EndOfInput, LineReader

REPLACEMENT = "\ufffd"


# --- The model ----------------------------------------------------------------

def _continuation(byte: int) -> bool:
    return byte & 0xC0 == 0x80


def _bad_second(b1: int, b2: int) -> bool:
    # The second byte of a four-byte sequence starting with b1 is malformed.
    return ((b1 == 0xF0 and not 0x90 <= b2 <= 0xBF)
            or (b1 == 0xF4 and b2 & 0xF0 != 0x80)
            or not _continuation(b2))


def java_decode(data: bytes) -> str:
    """Decode `data`, all the input there is, as Java 17's UTF-8 decoder does."""
    out: list[str] = []
    i, n = 0, len(data)
    while i < n:
        b1, rest = data[i], n - i
        if b1 < 0x80:
            out.append(chr(b1))
            i += 1
        elif 0xC2 <= b1 <= 0xDF:
            if rest < 2:
                out.append(REPLACEMENT)  # the end of input cuts the sequence
                i = n
            elif not _continuation(data[i + 1]):
                out.append(REPLACEMENT)
                i += 1
            else:
                out.append(chr((b1 & 0x1F) << 6 | data[i + 1] & 0x3F))
                i += 2
        elif 0xE0 <= b1 <= 0xEF:
            overlong = b1 == 0xE0 and rest > 1 and data[i + 1] & 0xE0 == 0x80
            if rest < 3:
                if rest > 1 and (overlong or not _continuation(data[i + 1])):
                    i += 1
                else:
                    i = n
                out.append(REPLACEMENT)
                continue
            b2, b3 = data[i + 1], data[i + 2]
            if overlong or not _continuation(b2) or not _continuation(b3):
                out.append(REPLACEMENT)
                i += 1 if overlong or not _continuation(b2) else 2
                continue
            char = (b1 & 0x0F) << 12 | (b2 & 0x3F) << 6 | b3 & 0x3F
            out.append(REPLACEMENT if 0xD800 <= char <= 0xDFFF else chr(char))
            i += 3
        elif 0xF0 <= b1 <= 0xF7:
            out.append(REPLACEMENT)
            if rest < 4:
                if b1 > 0xF4 or (rest > 1 and _bad_second(b1, data[i + 1])):
                    i += 1
                elif rest > 2 and not _continuation(data[i + 2]):
                    i += 2
                else:
                    i = n
                continue
            b2, b3, b4 = data[i + 1], data[i + 2], data[i + 3]
            code = ((b1 & 0x07) << 18 | (b2 & 0x3F) << 12 | (b3 & 0x3F) << 6
                    | b4 & 0x3F)
            if (all(map(_continuation, (b2, b3, b4)))
                    and 0x10000 <= code <= 0x10FFFF):
                out[-1] = chr(code)
                i += 4
            elif b1 > 0xF4 or _bad_second(b1, b2):
                i += 1
            else:
                i += 2 if not _continuation(b3) else 3
        else:  # a continuation byte alone, C0, C1, F8 to FF
            out.append(REPLACEMENT)
            i += 1
    return "".join(out)


_LINE_SEPARATOR = re.compile("\r\n|[\n\r\u2028\u2029\u0085]")


def scanner_lines(text: str) -> list[str]:
    """Return the lines ``Scanner.nextLine`` returns from `text`, until it throws."""
    lines = _LINE_SEPARATOR.split(text)
    if lines[-1] == "":
        lines.pop()  # no line after the last line end
    return lines


def _utf16(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]


def _java_digits() -> dict[int, int]:
    table = {}
    for line in (EXPECTED / "digits.txt").read_text(encoding="ascii").splitlines():
        code, value = line.split()
        table[int(code, 16)] = int(value)
    return table


DIGIT = _java_digits()


def string_tokenizer(units: list[int]) -> list[list[int]]:
    """Return the tokens of ``new StringTokenizer(line)``: default delimiters."""
    tokens: list[list[int]] = []
    current: list[int] = []
    for unit in units:
        if unit in (0x20, 0x09, 0x0A, 0x0D, 0x0C):
            if current:
                tokens.append(current)
            current = []
        else:
            current.append(unit)
    if current:
        tokens.append(current)
    return tokens


def parse_int(units: list[int]) -> int | None:
    """``Integer.parseInt(s, 10)``, None where it throws NumberFormatException."""
    negative, i, limit = False, 0, -(2**31 - 1)
    if not units:
        return None
    if units[0] < ord("0"):
        if units[0] == ord("-"):
            negative, limit = True, -(2**31)
        elif units[0] != ord("+"):
            return None
        if len(units) == 1:
            return None
        i = 1
    multmin = int(limit / 10)  # Java's int division truncates toward zero
    result = 0
    while i < len(units):
        digit = DIGIT.get(units[i], -1)
        i += 1
        if digit < 0 or result < multmin:
            return None
        result *= 10
        if result < limit + digit:
            return None
        result -= digit
    return result if negative else -result


def get_selected(line: str, size: int) -> list[int]:
    """The Java ``getSelected`` on `line`, a hand of `size` cards."""
    chosen: list[int] = []
    for token in string_tokenizer(_utf16(line)):
        index = parse_int(token)
        if index is not None and 0 <= index < size and index not in chosen:
            chosen.append(index)
    return sorted(chosen)


@pytest.mark.parametrize("name", ["line_ends", "utf8_short", "utf8_four",
                                  "utf8_end_of_input", "digits", "numbers",
                                  "game_lines"])
def test_the_model_reads_the_stored_cases_as_java(name: str) -> None:
    # The model is itself checked against what Java printed.
    assert model_output(name, 13) == stored(name)


def model_output(name: str, size: int) -> str:
    """The Java program's output for case `name`, from the model."""
    case = CASES[name]
    keep = summarize if case.summary else str
    out = []
    for index, data in enumerate(case.runs()):
        printed = []
        for line in scanner_lines(java_decode(data)):
            chosen = "".join(f" {i}" for i in get_selected(line, size))
            printed.append(f"line: {escape(line)}\nselected:{chosen}\n")
        out.append(run_header(index, data) + keep("".join(printed)))
    return "".join(out)


# --- The inputs ---------------------------------------------------------------

def _encoded(*texts: str) -> list[bytes]:
    return [text.encode("utf-8") for text in texts]


ATOMS = st.one_of(
    # Delimiters of StringTokenizer, and white space that is not.
    st.sampled_from([b" ", b"\t", b"\x0c", b"\x0b", b"\x00", b"\x1c", b"\x1e",
                     *_encoded("\u00a0", "\u3000", "\ufeff", "\u2007")]),
    # Line ends of Scanner, and pieces of them.
    st.sampled_from([b"\n", b"\r", b"\r\n", b"\n\r", b"\r\r\n",
                     *_encoded("\u0085", "\u2028", "\u2029")]),
    st.sampled_from([b"\xe2\x80", b"\xe2", b"\xc2",
                     *_encoded("\u2027", "\u202a", "\u0084")]),
    # Numbers.
    st.sampled_from([b"+", b"-", *[str(d).encode() for d in range(10)], b"00", b"12",
                     b"2147483647", b"2147483648", b"-2147483648", b"0" * 40,
                     b"9" * 11]),
    st.sampled_from([*[chr(code).encode() for code in sorted(DIGIT)],
                     *_encoded("\u00b2", "\u2460", "\U0001d7ce", "\U0001d7cf",
                               "\U000104a1", "\U0001e951")]),
    # Other text.
    st.sampled_from([b"x", b"0x1", *_encoded("\u00e9", "\u20ac", "\U0001f600",
                                             "\ufffd")]),
    # Malformed UTF-8: lone bytes, surrogates, overlongs, beyond U+10FFFF, cut.
    st.sampled_from([
        *[bytes([byte]) for byte in (0x80, 0xBF, 0xC0, 0xC1, 0xDF, 0xE0, 0xE1, 0xED,
                                     0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF)],
        b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa0", b"\xed\x9f\xbf",
        b"\xc0\xaf", b"\xe0\x80\xaf", b"\xe0\x9f\xbf", b"\xf0\x80\x80\xaf",
        b"\xf0\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf4\x8f\xbf\xbf", b"\xe2\x82",
        b"\xf0\x9f\x98", b"\xf0\x9f", b"\xf5\x80\x80\x80"]),
)

INPUTS = st.one_of(
    st.lists(ATOMS, max_size=60).map(b"".join),
    st.binary(max_size=200),
    st.lists(st.one_of(ATOMS, st.binary(max_size=4)), max_size=40).map(b"".join),
)


def port_reading(data: bytes, size: int, chunk_size: int,
                 most: int) -> list[tuple[str, list[int]]]:
    """The port's lines and selections, its reader getting `most` bytes a read."""
    reader = LineReader(_Stream(data, most), chunk_size=chunk_size)  # type: ignore[arg-type]
    lines = []
    while True:
        pieces: list[str] = []
        selection = Selection(size)

        def take(text: str, pieces: list[str] = pieces,
                 selection: Selection = selection) -> None:
            pieces.append(text)
            selection.feed(text)

        try:
            reader.read_line(take)
        except EndOfInput:
            return lines
        lines.append(("".join(pieces), selection.indices()))


@settings(max_examples=500, deadline=None)
@example(data=b"    \r\n\n", size=0, chunk_size=2, most=2)  # a CR LF ends a read
@given(data=INPUTS, size=st.integers(0, 20),
       chunk_size=st.integers(1, 8) | st.integers(1, 70),
       most=st.integers(1, 8) | st.integers(1, 70))
def test_the_port_reads_as_the_java_model(data: bytes, size: int, chunk_size: int,
                                          most: int) -> None:
    expected = [(line, get_selected(line, size))
                for line in scanner_lines(java_decode(data))]
    assert port_reading(data, size, chunk_size, min(most, chunk_size)) == expected


@settings(max_examples=300, deadline=None)
@example(data=b"\x0b" + b"0" * 40, size=1, cuts=[1, 1])  # an empty piece
@given(data=INPUTS, size=st.integers(0, 20), cuts=st.lists(st.integers(0, 200)))
def test_a_selection_fed_in_any_pieces_is_javas(data: bytes, size: int,
                                                cuts: list[int]) -> None:
    for line in scanner_lines(java_decode(data)):
        selection = Selection(size)
        start = 0
        for cut in sorted(cut for cut in cuts if cut <= len(line)):
            selection.feed(line[start:cut])
            start = cut
        selection.feed(line[start:])
        assert selection.indices() == get_selected(line, size)
