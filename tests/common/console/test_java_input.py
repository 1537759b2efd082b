"""The port reads input exactly as the Java original: lines, UTF-8, tokens, digits.

The reference is `tests/java/JavaReading.java` (``Scanner.nextLine``,
``StringTokenizer``, ``Integer.parseInt``); its output for each case of
`tests/helpers/java.py` is stored in ``tests/data/java/`` (regenerate it with
`tests/java/make_expected.py`), so these tests need no Java.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.cli import run_game
from helpers.golden import INBETWEEN as INBETWEEN_GOLDEN
from helpers.golden import REDDOG as REDDOG_GOLDEN
from helpers.golden import STUD as STUD_GOLDEN
from helpers.java import CASES, EXPECTED, GAME_LINES, MIB, escape, port_output, stored
from helpers.paths import DATA, ROOT

from bigtwo import BigTwo, BigTwoConsole, BigTwoDeck
from bigtwo.console import spell
from bigtwo.selection import JAVA_DIGIT_ZEROS, parse_java_int, select
from bigtwo.strategy import PlanningPlayer
from common.cli.options import read_deck_file
from common.console.lines import (
    LINE_LIMIT,
    EndOfInput,
    LineReader,
    LineTooLong,
    decode_java,
)
from common.console.terminal import Terminal
from common.history import LINE_PART, HistoryWriter

BIGTWO = DATA / "bigtwo"
APPENDIX = ["--deck", str(BIGTWO / "appendix.deck")]
PROMPT = b"Player 3's turn: "  # the appendix's first prompt: passing is refused
ECHO = re.compile(rb"Player \d's turn: ([^\n]*)\n")
QUICK = sorted(set(CASES) - {"line_64_mib"})


# --- The port's reading against Java's, case by case ------------------------

@pytest.mark.parametrize("name", QUICK)
def test_the_port_reads_each_case_as_java(name: str) -> None:
    assert port_output(name) == stored(name)


ARRIVALS = [  # (case, the reader's buffer size, the most bytes a read gives)
    *[(name, chunk_size, most)
      for name in ["line_ends", "crlf_at_buffer_edges", "utf8_short",
                   "utf8_end_of_input"]
      for chunk_size, most in [(1, 1), (7, 3), (64, 1 << 16)]],
    ("long_lines", 64, 1 << 16),  # twelve mebibytes a byte at a time are slow
]


@pytest.mark.parametrize(("name", "chunk_size", "most"), ARRIVALS)
def test_java_reading_does_not_depend_on_how_input_arrives(
        name: str, chunk_size: int, most: int) -> None:
    assert port_output(name, chunk_size=chunk_size, most=most) == stored(name)


def test_a_line_of_64_mib_reads_as_java() -> None:
    assert port_output("line_64_mib") == stored("line_64_mib")


def test_the_digit_table_is_javas() -> None:
    java = {}
    for line in (EXPECTED / "digits.txt").read_text(encoding="ascii").splitlines():
        code, value = line.split()
        java[int(code, 16)] = int(value)
    ours = {zero + value: value for zero in JAVA_DIGIT_ZEROS for value in range(10)}
    assert ours == java
    for code, value in java.items():
        assert parse_java_int(chr(code)) == value
    assert parse_java_int("\U0001d7cf") is None  # two UTF-16 units, no digit


def test_escape_prints_utf16_units_as_java_does() -> None:
    assert escape("a\\b\t\ufffd\U0001d7cf") == "a\\u005cb\\u0009\\ufffd\\ud835\\udfcf"


# --- The decoder and the reader, piece by piece ------------------------------

@pytest.mark.parametrize(("data", "text"), [
    (b"\xed\xa0\x80", "\ufffd"),  # an encoded surrogate: one, Python makes three
    (b"\xed\xbf\xbf1", "\ufffd1"),
    (b"\xed\xa0", "\ufffd"),  # cut by the end: one, Python makes two
    (b"\xed\xa0A", "\ufffdA"),
    (b"\xed\x9f\xbf", "\ud7ff"),  # the last code point before the surrogates
    (b"\xed\xa0\x80\x80", "\ufffd\ufffd"),
    (b"\xe0\x80\x80", "\ufffd" * 3),  # overlong: each byte
    (b"\xf4\x90\x80\x80", "\ufffd" * 4),  # above U+10FFFF
    (b"\xf5\x80", "\ufffd" * 2),
    (b"\xf0\x9f\x98", "\ufffd"),  # truncated: one for the whole sequence
    (b"\xc3(", "\ufffd("),
])
def test_decode_java(data: bytes, text: str) -> None:
    assert decode_java(data) == text


def read_lines(data: bytes, **options: int) -> list[str]:
    reader = LineReader(io.BytesIO(data), **options)
    lines = []
    while True:
        pieces: list[str] = []
        try:
            reader.read_line(pieces.append)
        except EndOfInput:
            return lines
        lines.append("".join(pieces))


def test_every_line_end_of_java() -> None:
    assert read_lines(b"1\r2\n3\xe2\x80\xa84\xe2\x80\xa95\xc2\x856\r\n7\n\r8") == [
        "1", "2", "3", "4", "5", "6", "7", "", "8"]


def test_a_cr_at_the_end_of_a_read_ends_the_line_at_once() -> None:
    # Java waits for the next char to see whether an LF follows; the port
    # hands the line on at once, and an LF first in the next read belongs to
    # the CR.  The lines are the same, a person at a pipe is answered sooner.
    reads = [b"1\r", b"\n2\r", b"", b"\n3\n"]

    class Slow(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read1(self, size: int = -1) -> bytes:
            return reads.pop(0) if reads else b""

    reader = LineReader(Slow())  # type: ignore[arg-type]
    got: list[str] = []
    reader.read_line(got.append)
    assert got == ["1"] and len(reads) == 3
    reader.read_line(got.append)
    assert got == ["1", "2"] and len(reads) == 2
    with pytest.raises(EndOfInput):  # the empty read is the end of input
        reader.read_line(got.append)


def test_a_line_longer_than_the_limit_raises_after_the_limit() -> None:
    pieces: list[str] = []
    reader = LineReader(io.BytesIO(b"x" * 101 + b"\n"), chunk_size=16, limit=100)
    with pytest.raises(LineTooLong, match="longer than 100 bytes"):
        reader.read_line(pieces.append)
    assert 0 < len("".join(pieces)) <= 100
    assert read_lines(b"x" * 100 + b"\r\n", chunk_size=16, limit=100) == ["x" * 100]
    assert LINE_LIMIT == 2**30 - 1  # the longest line Java's Scanner can hold
    assert str(LineTooLong(LINE_LIMIT)) == (
        "a line of input is longer than 1073741823 bytes")


def test_ask_keeps_a_bounded_prefix_of_a_long_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("common.console.terminal.MAX_KEPT", 10)
    out = io.StringIO()
    term = Terminal(io.BytesIO(b"fold" + b" " * 20 + b"x\n0123456789\nfold\n"), out,
                    echo=True)
    assert term.ask("> ") == "fold" + " " * 6 + "\ufffd"  # junk to every game
    assert term.ask("> ") == "0123456789"
    assert term.ask("> ") == "fold"
    assert out.getvalue() == "> fold" + " " * 20 + "x\n> 0123456789\n> fold\n"


# --- get_selected -----------------------------------------------------------

def appendix_console(data: bytes) -> tuple[BigTwoConsole, io.StringIO, io.BytesIO]:
    game = BigTwo()
    game.start(BigTwoDeck(read_deck_file(str(BIGTWO / "appendix.deck"))))
    out, log = io.StringIO(), io.BytesIO()
    console = BigTwoConsole(game, Terminal(io.BytesIO(data), out, echo=True),
                            history=HistoryWriter("log", log))
    console.set_active_player(game.get_current_idx())
    return console, out, log


def typed(log: io.BytesIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.getvalue().splitlines()]


def test_get_selected_reads_and_records_a_long_line_in_pieces() -> None:
    line = "0 " + " " * (3 * (1 << 16)) + "\ufffd 1"
    data = b"0 " + b" " * (3 * (1 << 16)) + b"\xed\xa0\x80 1\r2\n"
    console, out, log = appendix_console(data)
    assert console.get_selected() == [0, 1]
    records = typed(log)
    assert len(records) > 1 and all(r["seat"] == 3 for r in records)
    assert [r.get("continued") for r in records] == [True] * (len(records) - 1) + [None]
    assert all(len(str(r["text"])) <= LINE_PART for r in records)
    assert "".join(str(r["text"]) for r in records) == line
    assert out.getvalue() == "Player 3's turn: " + line + "\n"
    assert console.get_selected() == [2]
    assert typed(log)[-1] == {"type": "line", "seat": 3, "text": "2"}


def test_the_computers_move_is_recorded_whole_as_typed() -> None:
    console, out, log = appendix_console(b"")
    move = PlanningPlayer().decide(console.game.view(3))
    console.show_move(3, move)
    assert typed(log) == [{"type": "line", "seat": 3, "text": spell(move)}]
    assert out.getvalue() == f"Player 3's turn: {spell(move)}\n"


def test_at_a_terminal_the_line_is_not_echoed() -> None:
    class Keyboard(io.BytesIO):
        def isatty(self) -> bool:
            return True

    out = io.StringIO()
    term = Terminal(Keyboard(b"0 1\rfold\n"), out)
    pieces: list[str] = []
    term.ask_text("> ", pieces.append)
    assert pieces == ["0 1"] and term.ask("> ") == "fold"
    assert out.getvalue() == "> > "


def test_select_reads_a_whole_line() -> None:
    assert select("\u0663 \uff13 \U0001d7cf +1 -0 0x1 1_0", 13) == [0, 1, 3]


# --- Whole games --------------------------------------------------------------

def appendix_lines() -> list[bytes]:
    return (BIGTWO / "appendix.in").read_bytes().split(b"\n")[:-1]


def appendix_out() -> bytes:
    return (BIGTWO / "appendix.out").read_bytes()


def with_echo(output: bytes, index: int, echo: bytes) -> bytes:
    """Return `output` with the echo after prompt `index` replaced by `echo`."""
    match = list(ECHO.finditer(output))[index]
    return output[:match.start(1)] + echo + output[match.end(1):]


def java_reading(name: str) -> list[tuple[str, list[int]]]:
    """What Java read in case `name`: each line (as printed) and its selection."""
    printed = [line for line in stored(name).splitlines() if not line.startswith("##")]
    return [(text[len("line: "):], [int(index) for index in chosen.split()[1:]])
            for text, chosen in zip(printed[::2], printed[1::2], strict=True)]


def unescape(text: str) -> str:
    """Return the line the Java program printed as `text` (see `escape`)."""
    units = re.sub(r"\\u([0-9a-f]{4})", lambda match: chr(int(match[1], 16)), text)
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le")


@pytest.mark.parametrize("end", [b"\r", b"\r\n", "\u0085".encode(),
                                 "\u2028".encode(), "\u2029".encode()], ids=repr)
def test_the_appendix_plays_the_same_whatever_its_line_ends(end: bytes) -> None:
    # Java reads the same lines with each of these line ends (the case
    # appendix_line_ends), so the game and its echo are as with LF: no stray
    # CR is echoed.
    runs = stored("appendix_line_ends").split("## run ")[1:]
    assert all(run.split("\n", 1)[1] == runs[0].split("\n", 1)[1] for run in runs)
    result = run_game("bigtwo", *APPENDIX, stdin=end.join(appendix_lines()) + end)
    assert result.stderr == b""
    assert result.stdout == appendix_out()


def test_two_moves_on_one_line_split_by_a_cr_or_u2028() -> None:
    # '1\r2' is two lines to Java (the case line_ends): two moves.
    lines = appendix_lines()
    assert lines[:3] == [b"0", b"0", b"3"]
    joined = lines[0] + b"\r" + lines[1] + "\u2028".encode() + lines[2]
    result = run_game("bigtwo", *APPENDIX,
                      stdin=b"\n".join([joined, *lines[3:]]) + b"\n")
    assert result.stdout == appendix_out()


def test_typed_lines_play_and_echo_as_java_reads_them() -> None:
    # Each line of GAME_LINES replaces a line of the appendix that Java reads
    # as the same selection, or is an extra line at the first prompt that
    # Java reads as a pass (refused there).  The game must then be the
    # appendix's, each line echoed as Java decoded it.
    original = java_reading("appendix_line_ends")[:len(appendix_lines())]
    java = java_reading("game_lines")
    lines = appendix_lines()
    extra: list[bytes] = []
    expected = appendix_out()
    refusals = b""
    for (index, line), (text, selected) in zip(GAME_LINES, java, strict=True):
        echo = unescape(text).encode("utf-8")
        if index is None:
            assert selected == []
            extra.append(line)
            refusals += echo + b"\nNot a legal move!!!\n" + PROMPT
        else:
            assert selected == original[index][1], line
            lines[index] = line
            expected = with_echo(expected, index, echo)
    head, tail = expected.split(PROMPT, 1)
    expected = head + PROMPT + refusals + tail
    result = run_game("bigtwo", *APPENDIX, stdin=b"\n".join(extra + lines) + b"\n")
    assert result.stderr == b""
    assert result.stdout == expected


@pytest.mark.parametrize(("line", "java_line"), [
    (b" " * MIB + b"3", 0),  # a mebibyte of spaces, then the move
    (b" " * (MIB - 1) + b"03", 2),  # the move straddles 1 MiB, the old cut
], ids=["spaces_then_3", "03_across_1_MiB"])
def test_a_long_line_plays_as_in_java(line: bytes, java_line: int) -> None:
    # The appendix's third line is 3; Java reads this line as 3 too.
    java_text, selected = java_reading("long_lines")[java_line]
    assert java_text == (f"length={len(line)} "
                         f"sha256={hashlib.sha256(line).hexdigest()}")
    lines = appendix_lines()
    assert lines[2] == b"3" and selected == [3]
    lines[2] = line
    result = run_game("bigtwo", *APPENDIX, stdin=b"\n".join(lines) + b"\n")
    assert result.stdout == with_echo(appendix_out(), 2, line)


# Runs COMMAND and writes its peak RSS (KiB) and exit status to the file PATH.
# Measured here, in a small process: a child's peak RSS counts the memory of
# the process that forked it at the time of the exec, and pytest's is large.
MEASURE = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(f"{usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
"""


def run_fed(args: list[str], feed: Iterator[bytes], stdout: int, report: Path,
            timeout: float = 120) -> tuple[int, int, bytes]:
    """Run ``python3 -m bigtwo ARGS`` on the input `feed` yields, through a pipe.

    Returns:
        Its peak resident set size (KiB), its exit status and its standard error.
    """
    process = subprocess.Popen(
        [sys.executable, "-c", MEASURE, str(report), sys.executable, "-m", "bigtwo",
         *args], cwd=ROOT, stdin=subprocess.PIPE, stdout=stdout, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stderr is not None
    pipe = process.stdin

    def write() -> None:
        try:
            for chunk in feed:
                pipe.write(chunk)
            pipe.close()
        except (BrokenPipeError, ValueError):
            pass  # the game stopped reading: what the endless feed waits for

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    timer = threading.Timer(timeout, process.kill)  # kills the measurer, so the
    timer.start()  # game's input ends
    try:
        err = process.stderr.read()  # (communicate would close the game's input)
        process.wait()
    finally:
        timer.cancel()
        writer.join(10)
        process.stderr.close()
    assert process.returncode == 0, err
    rss, status = map(int, report.read_text().split())
    return rss, status, err


RSS_BOUND_KIB = 48 * 1024
"""The peak RSS allowed the game, whatever its input; it needs about 18 MiB."""


def test_an_endless_line_ends_the_game_in_bounded_memory(tmp_path: Path) -> None:
    def endless() -> Iterator[bytes]:
        block = b"\0" * (1 << 16)
        while True:
            yield block

    rss, status, err = run_fed(["--seed", "1"], endless(), subprocess.DEVNULL,
                               tmp_path / "report")
    assert status == 1
    assert err == b"bigtwo: a line of input is longer than 1073741823 bytes\n"
    assert rss < RSS_BOUND_KIB


def test_a_line_of_64_mib_plays_as_in_java_in_bounded_memory(tmp_path: Path) -> None:
    # Java reads 64 MiB of spaces then 3 as 3 (the case line_64_mib); the
    # port streams the line to the same move and echoes it whole.
    java_text, selected = java_reading("line_64_mib")[0]
    line = b" " * (64 * MIB) + b"3"
    assert java_text == f"length={len(line)} sha256={hashlib.sha256(line).hexdigest()}"
    assert selected == [3]
    lines = appendix_lines()

    def feed() -> Iterator[bytes]:
        yield b"\n".join(lines[:2]) + b"\n"
        for _ in range(64):
            yield b" " * MIB
        yield b"3\n" + b"\n".join(lines[3:]) + b"\n"

    out_path = tmp_path / "out"
    with open(out_path, "wb") as out:
        rss, status, err = run_fed(APPENDIX, feed(), out.fileno(), tmp_path / "report")
    assert (status, err) == (0, b"")
    assert rss < RSS_BOUND_KIB
    echo = list(ECHO.finditer(appendix_out()))[2]
    head, tail = appendix_out()[:echo.start(1)], appendix_out()[echo.end(1):]
    with open(out_path, "rb") as got:
        assert got.read(len(head)) == head
        for _ in range(64):
            assert got.read(MIB) == b" " * MIB
        assert got.read() == b"3" + tail


# --- The other games read lines the same way ---------------------------------

OTHER_GAMES = [
    *[("stud", name, ["--seed", str(seed)]) for name, seed in STUD_GOLDEN.items()],
    *[("inbetween", name, args) for name, args in INBETWEEN_GOLDEN.items()],
    *[("reddog", name, args) for name, args in REDDOG_GOLDEN.items()],
]


@pytest.mark.parametrize(("game", "name", "args"), OTHER_GAMES,
                         ids=[f"{game}-{name}" for game, name, _ in OTHER_GAMES])
@pytest.mark.parametrize("end", [b"\r", b"\r\n", "\u2028".encode()], ids=repr)
def test_the_other_games_play_a_cr_only_script_as_its_lf_twin(
        game: str, name: str, args: list[str], end: bytes) -> None:
    script = (DATA / game / f"{name}.in").read_bytes()
    assert b"\r" not in script
    result = run_game(game, "--deck", str(DATA / game / f"{name}.deck"), *args,
                      stdin=script.replace(b"\n", end))
    assert result.stderr == b""
    assert result.stdout == (DATA / game / f"{name}.out").read_bytes()
