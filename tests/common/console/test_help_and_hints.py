"""``help`` at every prompt, ``--rules``, and ``--hint`` in every game.

Piped runs: the help and the hints of Stud, In Between and Red Dog are part of
their transcripts; Big Two's hints go to standard error and its transcript
stays the assignment's.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import RunCli, joined_hints
from helpers.netplay import PROMPTS, typed_lines
from helpers.paths import DATA, PACKAGES

from bigtwo.program import PROGRAM as BIGTWO
from common.console.console import Console, hinted_seats
from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from inbetween.console import InBetweenConsole
from inbetween.program import PROGRAM as INBETWEEN
from reddog.console import RedDogConsole
from stud.console import StudConsole

GAMES = ["bigtwo", "stud", "inbetween", "reddog"]
OUR_FORMATS: dict[str, type[Console[Any, Any]]] = {
    "stud": StudConsole, "inbetween": InBetweenConsole, "reddog": RedDogConsole}
"""The games whose transcripts are this project's: help is part of them."""
FIRST_PROMPT = {"stud": b"Player 1's turn [check/bet $1/quit]: ",
                "inbetween": b"Player 1's turn [bet 1/fold/quit]: ",
                "reddog": b"Credit $1000.00, bet $50.00. New bet, Enter to deal, "
                          b"or quit: "}
HELP_TAIL = ("help (or ?) shows this again; the option --rules prints the whole "
             "rules page.")


@pytest.mark.parametrize("game", GAMES)
def test_rules_prints_the_rules_page_the_game_ships(run_cli: RunCli, game: str) -> None:
    result = run_cli(game, "--rules")
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout == (PACKAGES / game / "RULES.md").read_bytes()
    assert result.stdout.startswith(b"# ")


@pytest.mark.parametrize("game", GAMES)
def test_rules_takes_no_option_that_plays(run_cli: RunCli, game: str) -> None:
    result = run_cli(game, "--rules", "--seed", "3")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.endswith(
        b"error: --rules prints the rules and exits: it takes no --seed\n")
    assert result.stderr.count(b"\n") == 1 + result.stderr.count(b"usage")


@pytest.mark.parametrize("game", list(OUR_FORMATS))
@pytest.mark.parametrize("word", [b"help", b"?", b" HELP ", b"Help"])
def test_help_at_a_prompt_prints_the_rules_and_the_words_then_asks_again(
        run_cli: RunCli, game: str, word: bytes) -> None:
    args = ["--seed", "3"]
    plain = run_cli(game, *args, stdin=b"quit\n")
    helped = run_cli(game, *args, stdin=word + b"\nquit\n")
    assert plain.returncode == helped.returncode == 0
    prompt = FIRST_PROMPT[game]
    head, tail = plain.stdout.split(prompt, 1)
    assert helped.stdout.startswith(head + prompt + word + b"\n")
    shown = helped.stdout[len(head + prompt + word + b"\n"):]
    # Nothing else changed: the prompt comes again, and the game goes on.
    assert shown.endswith(prompt + tail)
    help_text = shown[:-len(prompt + tail)].decode()
    assert help_text.startswith(OUR_FORMATS[game].rules + "\n\n")
    words = " ".join(help_text.removeprefix(OUR_FORMATS[game].rules).split())
    assert words.endswith(HELP_TAIL) and "quit" in words
    assert max(map(len, help_text.splitlines())) <= 76


def test_help_names_the_amounts_and_words_of_the_moment(run_cli: RunCli) -> None:
    stud = run_cli("stud", "--seed", "3", "--hands", "1", stdin=b"bet\n?\n")
    assert ("Type call (or c) to put in $1, raise (or r) to put in $2, fold (or f) "
            "to give up the pot, or quit to end the game.") in " ".join(
                stud.stdout.decode().split())
    game = INBETWEEN.spec.new_game({"players": 2, "refill": False, "rounds": None},
                              Dealer(random.Random(5)))
    game.start()
    console = InBetweenConsole(game, Terminal(io.BytesIO(), io.StringIO()))
    while game.bet_range[0] == game.bet_range[1]:
        game.apply(game.bet_range[0])
    low, high = game.bet_range
    assert console.words(game.current_seat or 0) == (
        f"Type a bet of {low} to {high} coins ({high}, or bet {high}) that the next "
        "card falls between your two, fold (or f) to pay 1 coin and sit the round "
        "out, or quit to end the game.")


@pytest.mark.parametrize("game", GAMES)
def test_hint_takes_no_simulation(run_cli: RunCli, game: str) -> None:
    result = run_cli(game, "--hint", "--simulate", "3")
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.endswith(b"--simulate prints no transcript: it takes no "
                                  b"--hint\n")


def test_hinted_seats_are_the_people_s_of_those_shown() -> None:
    assert hinted_seats([None, "smart"], None) == {0}
    assert hinted_seats([None, "smart"], {0}) == {0}
    assert hinted_seats([None, "smart"], {1}) == set()
    assert hinted_seats([None, None], None) == {0, 1}
    # Watching the computer play: every seat, as far as the table shows it.
    assert hinted_seats(["smart", "random"], None) == {0, 1}
    assert hinted_seats(["smart", "random"], {1}) == {1}
    assert hinted_seats([None, "smart", None, "smart"], {0, 1}) == {0}


def hints_and_moves(transcript: str, game: str) -> list[tuple[str, str]]:
    """Return (hint, line typed) for every hinted prompt of `transcript`."""
    pairs = []
    lines = joined_hints(transcript).splitlines()
    prompt = re.compile(PROMPTS[game])
    for hint, line in zip(lines, lines[1:], strict=False):
        if hint.startswith("Hint: "):
            typed = prompt.match(line)
            assert typed is not None, (hint, line)
            pairs.append((hint, typed.group(2)))
    return pairs


STUD_HINT = re.compile(
    r"Hint: (check|bet|raise|call|fold): you win the showdown about (\d+)% of "
    r"the time(?:; betting pays only from (\d+)% up| and (?:betting|raising) pays "
    r"from (\d+)% up|; calling \$\d+ to win \$\d+ needs (\d+)%)\.")


def test_stud_hints_follow_from_the_odds_they_give(run_cli: RunCli) -> None:
    result = run_cli("stud", "--computer", "all", "--hint", "--seed", "8",
                     "--hands", "6")
    assert result.returncode == 0
    pairs = hints_and_moves(result.stdout.decode(), "stud")
    assert len(pairs) == len(typed_lines("stud", result.stdout)) > 20
    agree = 0
    for hint, typed in pairs:
        match = STUD_HINT.fullmatch(hint.replace(", and", " and"))
        assert match is not None, hint
        action, chance = match.group(1), int(match.group(2))
        bar = int(next(group for group in match.groups()[2:] if group is not None))
        if action in ("bet", "raise", "call"):
            assert chance >= bar, hint
        else:
            assert chance <= bar, hint
        # The computer estimates the odds from its own samples: near the bar
        # its estimate may fall on the other side.
        agree += typed == action or abs(chance - bar) <= 5
    assert agree == len(pairs)


def test_hints_are_wrapped_for_an_80_column_terminal(run_cli: RunCli) -> None:
    result = run_cli("stud", "--computer", "all", "--hint", "--seed", "8",
                     "--hands", "2")
    lines = result.stdout.decode().splitlines()
    hinted = [index for index, line in enumerate(lines) if line.startswith("Hint: ")]
    assert hinted
    for index in hinted:
        assert len(lines[index]) <= 76
        assert lines[index + 1].startswith("  ") and len(lines[index + 1]) <= 76


def test_the_smart_in_between_player_follows_its_own_hints(run_cli: RunCli) -> None:
    result = run_cli("inbetween", "--computer", "all", "--hint", "--seed", "4",
                     "--players", "6", "--refill", "--rounds", "6")
    assert result.returncode == 0
    pairs = hints_and_moves(result.stdout.decode(), "inbetween")
    assert len(pairs) == len(typed_lines("inbetween", result.stdout)) > 20
    for hint, typed in pairs:
        assert re.match(rf"Hint: bet {typed}\b", hint), (hint, typed)
        assert re.search(r"\d+ of the \d+ cards not seen yet fall between", hint)


def test_hints_are_for_the_people_at_the_table(run_cli: RunCli) -> None:
    result = run_cli("stud", "--computer", "1", "--hint", "--seed", "8",
                     "--hands", "1", stdin=b"c\n" * 12)
    lines = joined_hints(result.stdout.decode()).splitlines()
    hinted = [lines[index + 1] for index, line in enumerate(lines)
              if line.startswith("Hint: ")]
    assert hinted and all(line.startswith("Player 0's turn") for line in hinted)
    prompts = [line for line in lines if line.startswith("Player 0's turn")]
    assert len(hinted) == len(prompts)
    hidden = run_cli("stud", "--computer", "1", "--hint", "--seed", "8",
                     "--hands", "1", "--show", "1", stdin=b"c\n" * 12)
    assert b"Hint: " not in hidden.stdout  # Player 0's cards are not shown


@pytest.mark.parametrize(("game", "args", "script"), [
    ("stud", ["--seed", "8", "--hands", "2"], b"junk\nc\nhelp\n" + b"c\nk\n" * 9),
    ("inbetween", ["--seed", "4", "--players", "3"], b"?\n" + b"b\n" * 9),
    ("reddog", ["--seed", "4", "--rounds", "4"], b"help\n" + b"\np\n" * 8),
])
def test_hinted_games_with_help_replay_as_they_were_shown(
        run_cli: RunCli, tmp_path: Path, game: str, args: list[str],
        script: bytes) -> None:
    log = str(tmp_path / "game.jsonl")
    played = run_cli(game, *args, "--hint", "--log", log, stdin=script + b"quit\n")
    assert played.returncode == 0, played.stderr
    assert b"Hint: " in played.stdout
    assert HELP_TAIL in " ".join(played.stdout.decode().split())
    replay = run_cli(game, "--replay", log)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout == played.stdout


def test_big_two_hints_go_aside_and_the_transcript_stays_the_assignment_s(
        run_cli: RunCli) -> None:
    args = ["--computer", "all", "--seed", "6"]
    plain = run_cli("bigtwo", *args)
    hinted = run_cli("bigtwo", *args, "--hint")
    assert hinted.stdout == plain.stdout and plain.stderr == b""
    hints = joined_hints(hinted.stderr.decode()).splitlines()
    assert len(hints) == len(typed_lines("bigtwo", plain.stdout))
    assert all(hint.startswith("Hint: ") for hint in hints)


class _Keyboard(io.BytesIO):
    """Lines typed at a keyboard: standard input that is a terminal."""

    def isatty(self) -> bool:
        return True


def big_two_at_a_keyboard(lines: bytes, *args: str) -> str:
    """Play Big Two in-process, typed `lines`; return stdout and stderr as one."""
    both = io.StringIO()
    terminal = Terminal(_Keyboard(lines), both, stderr=both)
    BIGTWO.main(["--deck", str(DATA / "bigtwo" / "appendix.deck"), *args], terminal)
    return both.getvalue()


def test_the_smart_big_two_player_follows_its_own_hints() -> None:
    screen = big_two_at_a_keyboard(b"", "--computer", "all", "--hint")
    pairs = hints_and_moves(screen, "bigtwo")
    assert len(pairs) > 30
    for hint, typed in pairs:
        if typed:
            assert f"(type {typed})" in hint, (hint, typed)
        else:
            assert hint.startswith("Hint: pass (an empty line): "), hint


def test_big_two_coaches_a_person_at_a_keyboard_aside() -> None:
    # Player 3 holds the ♦3 and opens: a pass is refused, so nothing moves on.
    # A line selecting no card asks before it passes (y), help asks again.
    screen = big_two_at_a_keyboard(b"quit\ny\n5,6\ny\nhelp\n0 1 2\n0 77\n",
                                   "--computer", "0,1,2")
    assert "You hold the ♦3: open with a hand that holds it." in screen
    # What is said aside is wrapped for 80 columns, each line after the first
    # indented two spaces more.
    assert ("Player 3's turn: quit: there is no quit in Big Two.  The line selects "
            "no card, so it is a\n  pass; Ctrl-C leaves the game.\n"
            "Pass? [y/N] Not a legal move!!!\n"
            "  You cannot pass: open with a hand holding the ♦3. For example, 0 "
            "plays\n    Single ♦3.\n") in screen
    assert ("Player 3's turn: No card selected: that is a pass (your cards are "
            "numbered 0 to 12).\nPass? [y/N] Not a legal move!!!\n") in screen
    assert "Player 3's turn: " + BIGTWO_RULES_START in screen
    assert "A card shown as 0, such as [♠0], is a ten." in " ".join(screen.split())
    assert ("Not a legal move!!!\n  ♦3 ♣4 ♦6 make no hand. For example, 0 plays "
            "Single ♦3.\n") in screen
    assert ("Player 3's turn: Ignored 77: not the number of a card (yours are 0 "
            "to 12).\n{Single} [♦3]\n") in screen


BIGTWO_RULES_START = "Four players, 13 cards each."


def test_big_two_says_who_did_what_since_your_last_turn_and_when_you_lead() -> None:
    screen = big_two_at_a_keyboard(b"0\n" + b"\n" * 40, "--computer", "0,1,2")
    assert ("Since your last turn: Player 0 played Single ♥4; Player 1 played "
            "Single ♠7;\n  Player 2 played Single ♦0.\n") in screen
    assert ("Since your last turn: Player 0 passed; Player 1 played Single ♠A; "
            "Player 2\n  passed.\n") in screen


def test_at_a_keyboard_the_appendix_game_prints_the_assignment_s_transcript(
) -> None:
    # Every seat a person, each line echoed as a pipe would: standard output
    # is the assignment's whatever is said aside.
    out, aside = io.StringIO(), io.StringIO()
    typed = (DATA / "bigtwo" / "appendix.in").read_bytes()
    terminal = Terminal(_Keyboard(typed), out, echo=True, stderr=aside)
    deck = str(DATA / "bigtwo" / "appendix.deck")
    assert BIGTWO.main(["--deck", deck], terminal) == 0
    assert out.getvalue() == (DATA / "bigtwo" / "appendix.out").read_text("utf-8")
    said = aside.getvalue()
    assert said.count("You hold the ♦3: open with a hand that holds it.") == 1
    assert "Everyone else passed: you have the lead" in said
    assert said.count("Since your last turn: ") > 20


def test_big_two_coaching_is_for_a_keyboard_only(run_cli: RunCli) -> None:
    lines = b"quit\n5,6\nhelp\n0\n" + b"\n" * 60
    deck = str(DATA / "bigtwo" / "appendix.deck")
    piped = run_cli("bigtwo", "--deck", deck, "--computer", "0,1,2", stdin=lines)
    assert piped.returncode == 0 and piped.stderr == b""
    assert piped.stdout.count(b"Not a legal move!!!\n") == 3


@pytest.mark.parametrize(("game", "args", "typed"), [
    ("stud", ["--seed", "3"], b"check this is a fairly long line of junk text yes"),
    ("inbetween", ["--seed", "3"], b"bet four coins on it, and then some more please"),
    ("reddog", ["--seed", "5"], b"a bet of a hundred dollars if you would be so kind"),
])
def test_a_long_refusal_quotes_the_line_cut_and_fits_80_columns(
        run_cli: RunCli, game: str, args: list[str], typed: bytes) -> None:
    result = run_cli(game, *args, stdin=typed + b"\nquit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    start = next(index for index, line in enumerate(lines)
                 if line.startswith("Not a legal move: "))
    refusal = " ".join(line.strip() for line in lines[start:start + 2])
    assert f"'{typed.decode()[:40]}…'" in refusal
    assert all(len(line) <= 76 for line in lines[start:start + 2])
