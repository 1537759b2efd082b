"""Inputs read both by Java (`tests/java/JavaReading.java`) and by the port.

Each case is a list of runs, each run one standard input.  `tests/java/
make_expected.py` feeds every run to the Java program and stores what it
prints in ``tests/data/java/NAME.out``; `read_like_java` prints the same
thing from the port's reading (`common.console.lines.LineReader` and
`bigtwo.selection.Selection`), and ``tests/common/console/test_java_input.py``
compares them.
"""

from __future__ import annotations

import hashlib
import io
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from bigtwo.selection import JAVA_DIGIT_ZEROS, Selection
from common.console.lines import CHUNK_SIZE, EndOfInput, LineReader
from helpers.paths import ROOT

EXPECTED = ROOT / "tests" / "data" / "java"
APPENDIX_IN = ROOT / "tests" / "data" / "bigtwo" / "appendix.in"
MIB = 1 << 20

LINE_ENDS = [b"\n", b"\r", b"\r\n", "\u0085".encode(), "\u2028".encode(),
             "\u2029".encode()]


@dataclass(frozen=True)
class Case:
    """One or more inputs and how the Java program is to report on them."""

    runs: Callable[[], list[bytes]]
    digest: bool = False  # print a digest of each line instead of its text
    summary: bool = False  # store a digest of each run's output instead of it
    options: list[str] = field(default_factory=list)

    def java_args(self) -> list[str]:
        """The Java program's options for this case."""
        return (["--digest"] if self.digest else []) + self.options


def _lines(*lines: bytes | str, end: bytes = b"\n") -> list[bytes]:
    return [b"".join((line.encode() if isinstance(line, str) else line) + end
                     for line in lines)]


def line_ends() -> list[bytes]:
    """Every line end of Scanner.nextLine, and characters that are not one."""
    return [b"1\r2\n3\xe2\x80\xa84\n5\xe2\x80\xa96\n7\xc2\x858\n9\r\n10\n"
            b"\n\r\r\n\r\n\n"  # LF, CR, CR LF, CR LF, LF: five empty lines
            b"a\n\rb\r\r\nc\r\n\rd\n"
            # Not line ends for Java (Python's str.splitlines splits at some):
            b"1\x0b2\x0c3\x1c4\x1d5\x1e6\x85 7\xe2\x80\xa7 8\xc2\x84 9\n"
            b"\xe2\x80\n\xe2\n\xc2\n\xc2\r\n"  # cut line ends are malformed
            b"\xed\xa0\n\xed\xa0\r\xed\xa0\xe2\x80\xa8\xf0\x9f\x98\xc2\x85"
            b"last line, no line end, a CR then the end of input\r",
            b"3\r", b"\r", b"\n", b"", b"\r\n\r", b"no line end"]


def crlf_at_buffer_edges() -> list[bytes]:
    """CR LF split across Java's buffers (1,024 chars, 8,192 bytes) and ours.

    In run i the CR LF of the first line is at offset `edges[i]` and one more.
    """
    edges = [1022, 1023, 1024, 8191, 8192, CHUNK_SIZE - 1, CHUNK_SIZE]
    runs = [b" " * (edge - 1) + b"7\r\n8\r\n\r\r\n" for edge in edges]
    runs.append("\u20ac".encode() * 1023 + b"\r\n9\r\n")  # CR at char 1023
    runs.append(b"".join(b" " * (edge - 1) + b"5\r" for edge in (1023, 1, 8190, 1)))
    return runs


def appendix_line_ends() -> list[bytes]:
    """The assignment's sample game with each kind of line end."""
    lines = APPENDIX_IN.read_bytes().split(b"\n")[:-1]
    runs = [end.join(lines) + end for end in LINE_ENDS]
    mixed = b"".join(line + LINE_ENDS[index % len(LINE_ENDS)]
                     for index, line in enumerate(lines))
    return [*runs, mixed]


def numbers() -> list[bytes]:
    """The forms Integer.parseInt takes and refuses."""
    return _lines(
        "+1", "-0", "01", "1_0", "0x1", "1e1", "1.0", "+", "-", "+-1", "-+1",
        "--1", "++1", "1-", "1+", " 12 ", "\t3\t\f4\f", "0 0 0 12 12",
        "2147483647", "2147483648", "-2147483648", "-2147483649",
        "+2147483647 5", "0000000000000000000000000000012", "-00000000000000000",
        "99999999999 4294967296 4294967299 3", "1\u00a02", "1\u30002",
        "\ufeff1", "1\ufeff", "\x002", "2\x00", "\u00a03", "\u3000 3",
        "\ufeff\ufeff 3 \ufeff", "\x1b[2J 5", "3D", "\u2212" "1")


def digits() -> list[bytes]:
    """Each Java digit, and digits Java does not read."""
    lines: list[str] = []
    for zero in JAVA_DIGIT_ZEROS:
        lines.append(" ".join(chr(zero + value) for value in range(10)))
        lines.append(f"{chr(zero)}{chr(zero + 7)} +{chr(zero + 5)} -{chr(zero)}")
        lines.append(f"1{chr(zero + 1)} {chr(zero + 1)}{chr(zero)}")
    supplementary = [0x104A1, 0x11067, 0x1D7CF, 0x1D7D9, 0x1D7E3, 0x1E951,
                     0x1FBF1, 0x16A61]
    for code in supplementary:
        lines.append(chr(code))
        lines.append(f"1{chr(code)} {chr(code)}2 3")
    # Numeric but not decimal digits: superscripts, circled, roman, fractions.
    lines += ["\u00b2", "\u2460", "\u216b", "\u00bd", "\u0f33", "\u1369", "\u19da"]
    return _lines(*lines)


# Bytes for every kind of UTF-8 step: ASCII, continuations at the edges of
# the ranges leads take, leads of every length, and bytes never valid.
_UTF8_BYTES = bytes([0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF,
                     0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF])
_SHORT_BYTES = bytes([0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xE1,
                      0xED, 0xF0, 0xF4, 0xF5])


def _sequences(alphabet: bytes, longest: int) -> list[bytes]:
    return [bytes(seq) for size in range(1, longest + 1)
            for seq in itertools.product(alphabet, repeat=size)]


def _cycle_line_ends(sequences: list[bytes]) -> bytes:
    return b"".join(seq + LINE_ENDS[index % len(LINE_ENDS)]
                    for index, seq in enumerate(sequences))


def utf8_short() -> list[bytes]:
    """Every sequence of up to 3 bytes from `_SHORT_BYTES`, each on a line."""
    return [_cycle_line_ends(_sequences(_SHORT_BYTES, 3))]


def utf8_four() -> list[bytes]:
    """Every sequence of up to 4 bytes from `_UTF8_BYTES`, each on a line."""
    return [_cycle_line_ends(_sequences(_UTF8_BYTES, 4))]


def utf8_end_of_input() -> list[bytes]:
    """A sequence cut by the end of input, each in a run of its own."""
    leads = [0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5]
    continuations = bytes([0x80, 0x9F, 0xA0, 0xBF])
    return [b"x\n1" + bytes([lead]) + bytes(tail)
            for lead in leads for size in range(3)
            for tail in itertools.product(continuations, repeat=size)]


def long_lines() -> list[bytes]:
    """Lines of a mebibyte and more: spaces, tokens across 1 MiB, leading zeros."""
    return [b" " * MIB + b"3\n"
            + b" " * (MIB - 1) + b"12\n"  # "12" straddles 1 MiB
            + b" " * (MIB - 1) + b"03\n"
            + b"0" * (MIB + 5) + b"7 " + b"1" * 3 + b"\n"
            + b"-" + b"0" * MIB + b"1 +" + b"0" * MIB + b"2\n"
            + b"1" + b" " * MIB + b"2\n"
            + b" " * (MIB - 1) + "\u0665".encode() + b"\n"  # a digit across 1 MiB
            + b"\xed\xa0" + b" " * MIB + b"\xed\xa0\x80 4\n"
            + b"9" * MIB + b" 5\n"
            + b" 6" * MIB]  # no line end; six selected a million times


def line_64_mib() -> list[bytes]:
    """A line of 64 MiB of spaces then 3; and 64 MiB of zeros then 1."""
    return [b" " * (64 * MIB) + b"3\n" + b"0" * (64 * MIB) + b"1\n"]


GAME_LINES: list[tuple[int | None, bytes]] = [
    (None, b"\xed\xa0\x80"),  # an encoded surrogate: one U+FFFD, nothing selected
    (None, "\U0001d7ce".encode()),  # a 0 outside the BMP: junk
    (None, b"\xed\xa0\x80\x80\xed\xa0 \xf0\x9f\x98"),
    (0, b"\xed\xa0\x80 0 \xed\xbf"),
    (2, "\uff13".encode()),  # FULLWIDTH DIGIT THREE
    (3, "\u0660\t\u0967".encode()),  # Arabic-Indic 0, Devanagari 1
    (4, "+\u0e55 \U0001d7d3".encode()),  # Thai 5; a 5 outside the BMP is junk
    (7, "1\uff10".encode()),  # 1 and a fullwidth 0: ten
    (10, "\U0001d7cf".encode()),  # a 1 outside the BMP: nothing, so a pass
    (11, b"\xff\xfe\xfd"),
    (12, b"\xc0\xaf \xe0\x80\xaf"),  # overlong slashes
    (13, b"0\x0c1 \xf4\x90\x80\x80"),  # above U+10FFFF
    (17, "\u00a0\u3000\ufeff".encode()),  # no delimiters to StringTokenizer
]
"""Lines typed in the appendix game: (index of the appendix line replaced, or
None: an extra line at the first prompt, where passing is refused; the line)."""


def game_lines() -> list[bytes]:
    """The lines of `GAME_LINES`, for Java to say what it reads in each."""
    return [b"".join(line + b"\n" for _, line in GAME_LINES)]


CASES: dict[str, Case] = {
    "game_lines": Case(game_lines),
    "line_ends": Case(line_ends),
    "crlf_at_buffer_edges": Case(crlf_at_buffer_edges, digest=True),
    "appendix_line_ends": Case(appendix_line_ends),
    "numbers": Case(numbers),
    "digits": Case(digits),
    "utf8_short": Case(utf8_short),
    "utf8_four": Case(utf8_four, summary=True),
    "utf8_end_of_input": Case(utf8_end_of_input),
    "long_lines": Case(long_lines, digest=True),
    "line_64_mib": Case(line_64_mib, digest=True),
}
"""Name -> case; the Java output of case NAME is ``tests/data/java/NAME.out``."""

def run_header(index: int, data: bytes) -> str:
    """The line that starts the output of run `index` (input `data`)."""
    return f"## run {index}: {len(data)} bytes\n"


def summarize(output: str) -> str:
    """Return what is stored of a run's `output` for a case with ``summary``."""
    digest = hashlib.sha256(output.encode("ascii")).hexdigest()
    return f"{output.count(chr(10))} lines, sha256={digest}\n"


def escape(text: str) -> str:
    """Return `text` as the Java program prints it: printable ASCII, else \\uXXXX."""
    units = text.encode("utf-16-be")
    out = []
    for index in range(0, len(units), 2):
        unit = int.from_bytes(units[index:index + 2], "big")
        out.append(chr(unit) if 0x20 <= unit < 0x7F and unit != 0x5C
                   else f"\\u{unit:04x}")
    return "".join(out)


class _Stream(io.RawIOBase):
    """A readable stream that gives at most `most` bytes a read."""

    def __init__(self, data: bytes, most: int) -> None:
        self._data = memoryview(data)
        self._most = most
        self._position = 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        size = self._most if size < 0 else min(size, self._most)
        chunk = bytes(self._data[self._position:self._position + size])
        self._position += len(chunk)
        return chunk


def read_like_java(data: bytes, *, digest: bool = False, size: int = 13,
                   chunk_size: int = CHUNK_SIZE, most: int | None = None) -> str:
    """Return what the Java program prints for `data`, from the port's reading.

    `chunk_size` is the reader's buffer, `most` the most bytes each read of
    the stream returns (default: as many as asked).
    """
    stream = _Stream(data, most or chunk_size)
    reader = LineReader(stream, chunk_size=chunk_size)  # type: ignore[arg-type]
    out: list[str] = []
    while True:
        line = _Line(size, digest)
        try:
            reader.read_line(line.take)
        except EndOfInput:
            return "".join(out)
        out.append(line.printed())


class _Line:
    """One line read, reported as the Java program reports it."""

    def __init__(self, size: int, digest: bool) -> None:
        self.selection = Selection(size)
        self.digest = digest
        self.sha = hashlib.sha256()
        self.units = 0
        self.pieces: list[str] = []

    def take(self, text: str) -> None:
        self.selection.feed(text)
        if self.digest:
            self.sha.update(text.encode("utf-8"))
            self.units += len(text.encode("utf-16-le")) // 2
        else:
            self.pieces.append(text)

    def printed(self) -> str:
        line = (f"length={self.units} sha256={self.sha.hexdigest()}" if self.digest
                else escape("".join(self.pieces)))
        selected = "".join(f" {index}" for index in self.selection.indices())
        return f"line: {line}\nselected:{selected}\n"


def port_output(name: str, **reading: int) -> str:
    """Return the port's output for case `name`, in the stored file's form."""
    case = CASES[name]
    keep = summarize if case.summary else str
    return "".join(run_header(index, data)
                   + keep(read_like_java(data, digest=case.digest, **reading))
                   for index, data in enumerate(case.runs()))


def stored(name: str) -> str:
    """Return the Java output stored for case `name`."""
    return (EXPECTED / f"{name}.out").read_text(encoding="ascii")
