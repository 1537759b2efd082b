"""The In Between console: input parsing, the table, event texts, a whole game."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.cards.card import Card, parse_cards
from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.history import HistoryWriter
from inbetween import InBetweenConsole, InBetweenDeck, InBetweenGame
from inbetween.console import describe, parse_move, prompt, render_table


def make_deck(players: int, hands: dict[int, tuple[str, str]],
              draws: list[str]) -> list[Card]:
    order = [*range(1, players), 0]
    cards = parse_cards(" ".join(hands[seat][k] for k in range(2) for seat in order))
    cards += parse_cards(" ".join(draws))
    return cards + [c for c in InBetweenDeck() if c not in cards]


def dealer(seed: int, deck: Sequence[Card] | None = None) -> Dealer:
    """Deal `deck` (when given) for round 1, then decks shuffled with `seed`."""
    return Dealer(random.Random(seed), [] if deck is None else [deck])


def play(game: InBetweenGame, text: bytes) -> tuple[str, list[dict[str, object]]]:
    """Play `game` with people typing `text`; return the transcript and the events.

    The events are the event records of the hand history the game writes.
    """
    out, log_stream = io.StringIO(), io.BytesIO()
    history = HistoryWriter("mem", log_stream)
    console = InBetweenConsole(game, Terminal(io.BytesIO(text), out, echo=True),
                               history=history)
    people = [console.person() for _ in range(game.num_seats)]
    assert console.play(people, [history]) == 0
    lines = [json.loads(line) for line in log_stream.getvalue().splitlines()]
    return out.getvalue(), [r for r in lines if r["type"] == "event"]


@pytest.mark.parametrize(("line", "move"), [
    ("1", 1), (" 3 ", 3), ("\t4\t", 4), ("0004", 4), ("1 0", 10), ("10", 10),
    ("0" * 5000 + "7", 7), ("fold", "fold"), ("FOLD", "fold"), ("f", "fold"),
    (" F ", "fold"),
    ("fo ld", "fold"), ("quit", "quit"), ("QuIt", "quit"), (" q u i t ", "quit"),
    ("bet 5", 5), ("BET 10", 10), ("b 3", 3), ("b3", 3), ("bet 0004", 4),
])
def test_legal_lines(line: str, move: object) -> None:
    assert parse_move(line, 1, 10) == move


@pytest.mark.parametrize("line", [
    "", " ", "\t", "0", "11", "-1", "+1", "1e3", "1.0", "0x1", "１", "٣",
    "9" * 5000, "0" * 5000 + "11", "bet 11", "bet", "b", "bets 2", "folds", "qu",
    "quit now", "exit",
    "\ufffd", "\x00", "1/2",
])
def test_junk_lines(line: str) -> None:
    assert parse_move(line, 1, 10) is None


@given(st.text(), st.integers(1, 5), st.integers(0, 100))
def test_parse_never_fails_and_stays_in_range(line: str, low: int, span: int) -> None:
    move = parse_move(line, low, low + span)
    assert move in (None, "fold", "quit") or (
        isinstance(move, int) and low <= move <= low + span)


def test_prompt_names_the_legal_bets() -> None:
    game = InBetweenGame(
        dealer(1, make_deck(2, {1: ("3D", "KS"), 0: ("2H", "QH")}, ["AH", "KD"])),
        players=2)
    game.start()
    assert prompt(game) == "Player 1's turn [bet 1/fold/quit]: "
    game.apply(1)
    game.apply(1)
    low, high = game.bet_range
    assert high > 1
    assert prompt(game) == (f"{game.current_player.name}'s turn "
                            f"[bet 1-{high}/fold/quit]: ")


def test_table_marks_the_player_to_move_and_the_dealer() -> None:
    game = InBetweenGame(dealer(1, make_deck(3, {1: ("3D", "KS"), 2: ("4C", "TC"),
                                                 0: ("2H", "QH")}, [])),
                         players=3)
    game.start()
    assert render_table(game) == (
        "\n<Player 0> 9 coins (dealer)\n    [♥2] [♥Q]\n"
        "<Player 1> 9 coins\n==> [♦3] [♠K]\n"
        "<Player 2> 9 coins\n    [♣4] [♣10]\n"
        "<Pool> 3 coins\n")


def test_junk_at_every_prompt_is_refused_and_the_prompt_repeated() -> None:
    junk = b"\n \n\xff\xfe\n-1\n1e3\n" + b"9" * 10000 + b"\nbets\n"
    moves = [b"1", b"f", b"1", b"fold", b"1"] * 200
    game = InBetweenGame(dealer(8), players=4)
    text = b"".join(junk + move + b"\n" for move in moves)
    out, records = play(game, text)
    assert game.is_over and records[-1]["event"] == "game_end"
    prompts = [line for line in out.splitlines() if "'s turn [" in line]
    accepted = [p for p in prompts if p.split(": ", 1)[1] in ("1", "f", "fold")]
    # Seven junk lines before each accepted move, each refused on a line of its own.
    assert len(prompts) == 8 * len(accepted)
    assert len(re.findall("\nNot a legal move: [^\n]+\n", out)) == 7 * len(accepted)
    decisions = [r for r in records if r["event"] == "decision"]
    assert len(decisions) == len(accepted)


def test_events_are_logged_in_order_with_their_kind() -> None:
    game = InBetweenGame(dealer(3), players=2)
    out, records = play(game, b"quit\n")
    assert [r["event"] for r in records[:4]] == [
        "game_start", "transfer", "transfer", "round_start"]
    assert records[-1]["event"] == "game_end" and records[-1]["reason"] == "quit"
    assert out.endswith("wins the game.\n") or out.endswith("share the win.\n")


def test_describe_texts() -> None:
    game = InBetweenGame(
        dealer(1, make_deck(2, {1: ("3D", "9S"), 0: ("5C", "5H")}, ["9H"])), players=2)
    texts = [describe(e) for e in game.start() + game.apply(1)][:11]
    assert texts == [
        "In Between: 2 players, 10 coins each.\n",
        "Player 0 pays 1 coin into the pool (ante).\n",
        "Player 1 pays 1 coin into the pool (ante).\n",
        "\nRound 1: Player 0 deals.\n",
        "", "",
        "Player 1 bets 1 coin.\n",
        "Drawn card: [♥9], equal to [♠9]: Player 1 loses.\n",
        "Player 1 pays 1 coin into the pool (lost bet).\n",
        "\nPlayer 0 has equal cards [♣5] [♥5]: no bet.\n",
        "Player 0 receives 1 coin from the pool (equal cards).\n",
    ]


def test_bet_alone_is_the_one_bet_a_range_of_one_allows() -> None:
    assert parse_move("bet", 1, 1) == 1 and parse_move("b", 1, 1) == 1
    assert parse_move("bet", 1, 5) is None  # how much? the refusal asks


@pytest.mark.parametrize(("line", "reason"), [
    ("bet", "say how much: bet 1 to {high} (as in bet {high})"),
    ("99", "a bet is 1 to {high} coins now"),
    ("bet 0", "a bet is 1 to {high} coins now"),
    ("pass", "'pass' is not a bet, fold or quit"),
])
def test_a_refusal_says_why(line: str, reason: str) -> None:
    # Bet 1 until a prompt offers a range of bets, then type `line` there.
    for seed in range(50):
        out, _ = play(InBetweenGame(dealer(seed), players=2),
                      ("1\n" * 3 + f"{line}\nquit\n").encode())
        found = re.search(rf"\[bet 1-(\d+)/fold/quit\]: {re.escape(line)}\n(.*)\n", out)
        if found:
            assert found[2] == f"Not a legal move: {reason.format(high=found[1])}."
            return
    raise AssertionError("no game offered a range of bets")


def test_the_doc_reads_a_bet_as_the_game_does() -> None:
    from helpers.paths import ROOT

    doc = (ROOT / "docs" / "inbetween.md").read_text(encoding="utf-8")
    section = doc[doc.index("### How a line is read"):]
    section = " ".join(section[:section.index("\n\n\n") if "\n\n\n" in section
                               else 2000].split())
    assert "`bet 2`, `b2` and `2` are one bet" in section
    for line in ("bet 2", "b2", "2", " B 2 "):
        assert parse_move(line, 1, 5) == 2
    assert parse_move("bet two", 1, 5) is None


def test_q_quits_as_quit_does() -> None:
    assert parse_move("q", 1, 5) == parse_move(" QUIT ", 1, 5) == "quit"
