"""``python3 -m bigtwo`` as graders and players use it: transcripts, errors, signals."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.paths import DATA

from bigtwo import BigTwo, BigTwoConsole, BigTwoDeck
from bigtwo.program import PROGRAM
from common.cli.options import read_deck_file
from common.console.terminal import Terminal

BIGTWO = DATA / "bigtwo"
GAMES = ["appendix", "seed1", "seed2", "seed3"]


@pytest.mark.parametrize("name", GAMES)
def test_golden_transcript_byte_for_byte(run_cli: RunCli, name: str) -> None:
    result = run_cli("bigtwo", "--deck", str(BIGTWO / f"{name}.deck"),
                     stdin=(BIGTWO / f"{name}.in").read_bytes())
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (BIGTWO / f"{name}.out").read_bytes()


PUNJABI = ({"LANG": "pa_IN.UTF-8"}, {"LANGUAGE": "pa", "LANG": "pa_IN.UTF-8"},
           {"LC_ALL": "pa_IN.UTF-8"}, {"LC_MESSAGES": "pa_IN.UTF-8", "LANG": "C.UTF-8"})


@pytest.mark.parametrize("env", PUNJABI, ids=lambda env: ",".join(env))
@pytest.mark.parametrize("name", GAMES)
def test_a_punjabi_locale_changes_not_one_byte(run_cli: RunCli, name: str,
                                                env: dict[str, str]) -> None:
    # In Between speaks Punjabi in these locales; Big Two has no catalogue.
    result = run_cli("bigtwo", "--deck", str(BIGTWO / f"{name}.deck"),
                     stdin=(BIGTWO / f"{name}.in").read_bytes(), env=env)
    assert result.stderr == b""
    assert result.returncode == 0
    assert result.stdout == (BIGTWO / f"{name}.out").read_bytes()


def test_big_two_offers_english_alone(run_cli: RunCli) -> None:
    result = run_cli("bigtwo", "--lang", "pa")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.decode() == ("bigtwo: error: argument --lang: invalid "
                                      "choice: 'pa' (choose from 'en')\n")


def _tokens(text: str) -> list[str]:
    # The seed's text lost its apostrophes and runs of spaces in extraction.
    return text.replace("'", "").replace("\u2019", "").split()


def test_appendix_matches_the_assignment_text_token_for_token(run_cli: RunCli) -> None:
    seed = (BIGTWO / "appendix.seed.txt").read_text(encoding="utf-8")
    example = seed.split("Example game play", 1)[1]
    result = run_cli("bigtwo", "--deck", str(BIGTWO / "appendix.deck"),
                     stdin=(BIGTWO / "appendix.in").read_bytes())
    assert _tokens(result.stdout.decode("utf-8")) == _tokens(example)


JUNK_LINES = [
    b"", b" ", b"\t\t", b"abc", b"1_0", b"1.5", b"0x1", b"1e3", b"--1", b"+-1",
    b"-1", b"-12 -3", b"13", b"99 100", b"2147483648", b"99999999999999999999",
    b"\xff\xfe\xfd", b"\xc3\x28", b"\xe2\x99\xa63", b"3D", b"\x00", b"\x1b[2J",
    b"1\x0b2", b"\xc2\xa01", b"1" * 5000, b"-" + b"9" * 5000,
]


@pytest.mark.parametrize("junk", JUNK_LINES, ids=repr)
def test_junk_at_a_prompt_is_not_legal_and_asks_again(run_cli: RunCli,
                                                      junk: bytes) -> None:
    # At the first prompt passing is illegal, so a line that selects nothing
    # must print the message and ask again; the game then goes on unchanged.
    script = (BIGTWO / "appendix.in").read_bytes()
    result = run_cli("bigtwo", "--deck", str(BIGTWO / "appendix.deck"),
                     stdin=junk + b"\n" + script)
    expected = (BIGTWO / "appendix.out").read_bytes()
    prompt = b"Player 3's turn: "
    echoed = junk.decode("utf-8", errors="replace").encode("utf-8")
    head, tail = expected.split(prompt, 1)
    assert result.returncode == 0
    assert b"Traceback" not in result.stderr
    assert result.stdout == (head + prompt + echoed + b"\nNot a legal move!!!\n"
                             + prompt + tail)


def _console(line: bytes) -> tuple[BigTwoConsole, io.StringIO]:
    game = BigTwo()
    game.start(BigTwoDeck(read_deck_file(str(BIGTWO / "appendix.deck"))))
    out = io.StringIO()
    console = BigTwoConsole(game, Terminal(io.BytesIO(line + b"\n"), out, echo=True))
    console.set_active_player(game.get_current_idx())
    return console, out


@pytest.mark.parametrize(("line", "selected"), [
    (b"0 1 2", [0, 1, 2]),
    (b"2 0 1", [0, 1, 2]),
    (b"1 1 1", [1]),
    (b"007", [7]),
    (b"-0", [0]),
    (b"+2", [2]),
    (b"1_0", []),
    (b"12", [12]),
    (b"13", []),
    (b"-3 4", [4]),
    (b"3\t4\f5 6", [3, 4, 5, 6]),
    (b"3\t4\r5\f6", [3, 4]),  # a lone CR ends the line, as for Java's Scanner
    (b"3\x0b4", []),
    (b"\xd9\xa3", [3]),  # Arabic-Indic three: Java's parseInt reads it too
    (b"1\xc2\xa02", []),  # no-break space is no delimiter for StringTokenizer
    (b"  5   ", [5]),
    (b"", []),
    (b"0" * 5000 + b"3", [3]),  # parseInt reads any number of leading zeros
    (b"1" * 5000, []),
    (b"2147483647 2147483648 4", [4]),
    (b"-2147483648 -2147483649 +0000000000012", [12]),
])
def test_get_selected_reads_indices_as_the_java_original(line: bytes,
                                                         selected: list[int]) -> None:
    console, out = _console(line)
    assert console.get_selected() == selected
    assert out.getvalue().startswith("Player 3's turn: ")


def test_end_of_input_keeps_the_transcript_and_exits_1(run_cli: RunCli) -> None:
    script = (BIGTWO / "appendix.in").read_bytes().splitlines(keepends=True)
    result = run_cli("bigtwo", "--deck", str(BIGTWO / "appendix.deck"),
                     stdin=b"".join(script[:3]))
    expected = (BIGTWO / "appendix.out").read_bytes()
    assert result.returncode == 1
    assert result.stderr == b"bigtwo: input ended before the game was over\n"
    cut = expected.index(b"Player 2's turn: ") + len(b"Player 2's turn: ")
    assert result.stdout == expected[:cut]


def test_no_input_at_all_exits_1(run_cli: RunCli) -> None:
    result = run_cli("bigtwo", "--seed", "5")
    assert result.returncode == 1
    assert result.stderr.count(b"\n") == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--bogus"], b"unrecognized arguments: --bogus"),
    (["--seed", "x"], b"argument --seed: invalid int value: 'x'"),
    (["--deck"], b"argument --deck: expected one argument"),
    (["--deck", "/nonexistent/deck"], b"cannot read deck file /nonexistent/deck"),
])
def test_bad_options_are_one_line_and_exit_2(run_cli: RunCli, args: list[str],
                                             message: bytes) -> None:
    result = run_cli("bigtwo", *args, stdin=b"0\n")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert result.stderr.startswith(b"bigtwo: error: ")
    assert message in result.stderr


@pytest.mark.parametrize(("content", "message"), [
    ("", "0 cards, expected 52"),
    ("3D 4D", "2 cards, expected 52"),
    ("XX " * 52, "not a card: 'XX'"),
    ("3D 3D", "3D appears twice"),
    (None, "cannot read deck file"),
])
def test_bad_deck_files_are_rejected_before_play(
        run_cli: RunCli, tmp_path: Path, content: str | None, message: str) -> None:
    path = str(tmp_path / "deck.txt")
    if content is None:
        with open(path, "wb") as stream:
            stream.write(b"\xff\xfe not utf-8")
    else:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(content)
    result = run_cli("bigtwo", "--deck", path, stdin=b"0\n")
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.count(b"\n") == 1
    assert message.encode() in result.stderr


def test_a_deck_with_53_cards_is_rejected(run_cli: RunCli,
                                          tmp_path: Path) -> None:
    path = str(tmp_path / "deck.txt")
    text = (BIGTWO / "appendix.deck").read_text(encoding="utf-8")
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text.replace("2H", "2H 2H"))
    result = run_cli("bigtwo", "--deck", path)
    assert result.returncode == 2
    assert b"2H appears twice" in result.stderr


def test_deck_files_accept_every_card_spelling(run_cli: RunCli,
                                               tmp_path: Path) -> None:
    path = str(tmp_path / "deck.txt")
    text = (BIGTWO / "appendix.deck").read_text(encoding="utf-8")
    spelled = text.replace("TD", "10d").replace("TS", "0s").replace("3C", "♣3").lower()
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(spelled.replace(" ", "\n"))
    result = run_cli("bigtwo", "--deck", path,
                     stdin=(BIGTWO / "appendix.in").read_bytes())
    assert result.stdout == (BIGTWO / "appendix.out").read_bytes()


def test_the_same_seed_deals_the_same_game(run_cli: RunCli) -> None:
    first = run_cli("bigtwo", "--seed", "42")
    second = run_cli("bigtwo", "--seed", "42")
    other = run_cli("bigtwo", "--seed", "43")
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


def test_help_and_version(run_cli: RunCli) -> None:
    help_result = run_cli("bigtwo", "--help")
    assert help_result.returncode == 0
    assert b"--deck FILE" in help_result.stdout and b"--seed N" in help_result.stdout
    # The seat numbers --computer takes are named, as the prompts name them.
    assert b"Players 0 to 3" in help_result.stdout
    version = run_cli("bigtwo", "--version")
    assert version.returncode == 0
    assert version.stdout.startswith(b"bigtwo (cardgames-console) ")


def test_suit_glyphs_print_whatever_the_locale(run_cli: RunCli) -> None:
    result = run_cli("bigtwo", "--deck", str(BIGTWO / "appendix.deck"),
                     stdin=(BIGTWO / "appendix.in").read_bytes(),
                     env={"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"})
    assert result.returncode == 0
    assert result.stdout == (BIGTWO / "appendix.out").read_bytes()


# --- The expert (--strategy expert, --think SECONDS) -------------------------

@pytest.mark.parametrize(("args", "message"), [
    (["--computer", "1", "--think", "0.5"],
     "--think is how long the expert player thinks: it needs --strategy expert"),
    (["--simulate", "3", "--think", "0.5"],
     "--think is how long the expert player thinks: it needs --strategy expert"),
    (["--computer", "1", "--strategy", "expert", "--think", "0"],
     "argument --think: must be 0.01 to 60, not 0"),
    (["--computer", "1", "--strategy", "expert", "--think", "nan"],
     "argument --think: must be 0.01 to 60, not nan"),
    (["--computer", "1", "--strategy", "expert", "--think", "soon"],
     "argument --think: invalid seconds value: 'soon'"),
    (["--computer", "1", "--strategy", "genius"],
     "argument --strategy: unknown strategy 'genius' (choose from smart, random, "
     "expert)"),
])
def test_think_and_expert_option_errors(run_cli: RunCli, args: list[str],
                                        message: str) -> None:
    result = run_cli("bigtwo", *args)
    assert (result.returncode, result.stdout, result.stderr) == (
        2, b"", f"bigtwo: error: {message}\n".encode())


@pytest.mark.parametrize(("args", "settings"), [
    (["--computer", "1", "--strategy", "expert"], {"think": 0.3}),
    (["--computer", "1", "--strategy", "expert", "--think", "0.5", "--tui"],
     {"think": 0.5, "cap": 0.5}),
    (["--computer", "1", "--strategy", "expert", "--host", "0"],
     {"think": 0.3, "cap": 0.3}),
    (["--computer", "1", "--tui"], {}),
])
def test_where_people_wait_live_the_expert_thinks_by_the_clock(
        args: list[str], settings: dict[str, float]) -> None:
    parser = PROGRAM.parser()
    options = parser.parse_args(args)
    names = parser.seat_strategies(options, 4)
    assert PROGRAM.settings(parser, options, names) == settings


@pytest.mark.parametrize("strategy", ["smart", "expert"])
def test_a_replay_gives_the_games_hints_again_once_each(
        run_cli: RunCli, tmp_path: Path, strategy: str) -> None:
    # The expert's are the expert's, thinking as long (the header's think).
    log = str(tmp_path / "game.jsonl")
    args = ("--computer", "1,2,3", "--strategy", strategy, "--seed", "5", "--hint")
    think = ("--think", "0.01") if strategy == "expert" else ()
    played = run_cli("bigtwo", *args, *think, "--log", log, stdin=b"\n" * 40)
    assert played.returncode == 0
    assert played.stderr.count(b"Hint: ") == played.stdout.count(b"Player 0's turn") > 3
    assert (b"sampled deals" in played.stderr) == (strategy == "expert")
    replay = run_cli("bigtwo", "--replay", log)
    assert (replay.returncode, replay.stdout, replay.stderr) == (
        0, played.stdout, played.stderr)


def test_a_replay_refuses_a_think_with_no_expert_seated(run_cli: RunCli,
                                                        tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    args = ("--computer", "1,2,3", "--strategy", "expert", "--seed", "5",
            "--think", "0.01")
    assert run_cli("bigtwo", *args, "--log", str(log), stdin=b"\n" * 40).returncode == 0
    log.write_text(log.read_text(encoding="ascii").replace('"expert"', '"smart"'),
                   encoding="ascii")
    replay = run_cli("bigtwo", "--replay", str(log))
    assert (replay.returncode, replay.stdout) == (2, b"")
    assert replay.stderr.decode() == (
        f"bigtwo: error: cannot replay {log}: line 1: bad options in the header: "
        "--think is how long the expert player thinks: it needs --strategy expert\n")


def test_an_expert_simulation_does_not_depend_on_jobs(run_cli: RunCli) -> None:
    args = ("--simulate", "4", "--seed", "3", "--strategy", "expert,smart,random,smart",
            "--think", "0.01")
    alone, parallel = run_cli("bigtwo", *args), run_cli("bigtwo", *args, "--jobs", "2")
    assert (alone.returncode, alone.stderr) == (0, b"")
    assert b"\n0     expert " in alone.stdout
    assert parallel.stdout == alone.stdout and parallel.returncode == 0


def test_with_an_expert_seated_hints_are_the_experts(run_cli: RunCli) -> None:
    # Player 0 passes whenever it may; the hints, on standard error, say
    # what the expert would do, and change nothing on standard output.
    args = ("--computer", "1,2,3", "--strategy", "expert", "--seed", "5",
            "--think", "0.01")
    quiet = run_cli("bigtwo", *args, stdin=b"\n" * 40)
    hinted = run_cli("bigtwo", *args, "--hint", stdin=b"\n" * 40)
    assert hinted.stdout == quiet.stdout and quiet.stderr == b""
    hints = hinted.stderr.decode().replace("\n  ", " ").splitlines()
    assert hints and all(line.startswith("Hint: ") for line in hints)
    assert any("sampled deals" in line for line in hints)
