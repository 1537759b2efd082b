"""Money is conserved: over many seeded rounds with random and junk input the
credit changes exactly by the seed's pay table and never goes below zero.

The expected payouts are computed here from the cards alone, independently of
the package's pay table.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import RunCli

from common.console.terminal import EndOfInput, Terminal
from common.engine.dealer import Dealer
from common.history import END_OVER, HistoryWriter
from reddog import (
    DEAL,
    Bet,
    Decision,
    IllegalMoveError,
    NewShoe,
    Phase,
    RedDogConsole,
    RedDogGame,
    RoundSettled,
    Shoe,
)

SEED_PAYS = {1: 5, 2: 4, 3: 2}  # any wider spread pays 1:1; trips pay 11:1
START, MIN_BET, MAX_BET, STEP = 100_000, 5_000, 50_000, 5_000


def value(code: str) -> int:
    return "23456789TJQKA".index(code[0]) + 2


def expected_payout(first: str, second: str, third: str | None, bet: int,
                    doubled: bool) -> int:
    low, high = sorted((value(first), value(second)))
    if high - low == 1:
        assert third is None
        return 0
    assert third is not None
    if high == low:
        return 11 * bet if value(third) == low else 0
    wager = 2 * bet if doubled else bet
    if low < value(third) < high:
        return SEED_PAYS.get(high - low - 1, 1) * wager
    return -wager


# --- engine level ------------------------------------------------------------

def random_bet(rng: random.Random) -> int:
    return rng.choice([rng.randrange(0, 60_000, 2_500), rng.randrange(-10, 10**6),
                       rng.randrange(5_000, 50_001, 5_000)])


def settled(events: list[Any]) -> RoundSettled | None:
    """The round settled among `events`, if one was."""
    results = [event for event in events if isinstance(event, RoundSettled)]
    assert len(results) <= 1
    return results[0] if results else None


@pytest.mark.parametrize("seed", range(40))
def test_engine_credit_moves_exactly_by_the_pay_table(seed: int) -> None:
    rng = random.Random(seed)
    decks = rng.randint(1, 8)
    game = RedDogGame(Dealer(random.Random(seed)), decks=decks)
    game.start()
    full = Counter(Shoe(decks))
    dealt: Counter[object] = Counter()
    rounds = 0
    while game.phase is Phase.BETTING and rounds < 150:
        for _ in range(rng.randint(0, 2)):
            cents = random_bet(rng)
            legal = MIN_BET <= cents <= min(MAX_BET, game.credit) and cents % STEP == 0
            try:
                game.apply(Bet(cents))
                assert legal and game.bet == cents
            except IllegalMoveError:
                assert not legal
        credit, bet = game.credit, game.bet
        assert MIN_BET <= bet <= credit
        deal = game.apply(DEAL)
        rounds += 1
        if any(isinstance(event, NewShoe) for event in deal):
            dealt.clear()
        result = settled(deal)
        if result is None:
            wants_double = rng.random() < 0.5
            can_double = 2 * bet <= credit
            assert game.can_double == can_double
            try:
                result = settled(game.apply(
                    Decision.DOUBLE if wants_double else Decision.PLAY))
                assert can_double or not wants_double
            except IllegalMoveError:
                assert wants_double and not can_double
                result = settled(game.apply(Decision.PLAY))
            assert result is not None
        hand = [result.hand.first, result.hand.second]
        dealt.update(hand + ([result.third] if result.third else []))
        assert dealt + Counter(game.shoe) == full
        third = result.third.code if result.third else None
        payout = expected_payout(hand[0].code, hand[1].code, third, bet,
                                 result.decision is Decision.DOUBLE)
        assert (result.credit_before, result.bet) == (credit, bet)
        assert result.payout == payout
        assert game.credit == result.credit_after == credit + payout >= 0
        assert game.rounds_played == rounds
    assert game.net == game.credit - START


# --- the hand history ----------------------------------------------------------

def check_history(records: list[dict[str, Any]], decks: int) -> list[int]:
    """Check a game's history after its header; return the credit after each round.

    The cards of every round are the next ones of the decks the history
    recorded, and every change of the credit is the pay table's.
    """
    assert records[-1] == {"type": "end", "reason": END_OVER}
    capacity = 52 * decks
    full = Counter(card.code for card in Shoe(decks))
    shoes: list[list[str]] = []
    events: list[dict[str, Any]] = []
    for record in records[:-1]:
        kind = record["type"]
        if kind == "deck":
            assert len(record["cards"]) == capacity
            assert Counter(record["cards"]) == full
            shoes.append(record["cards"])
        elif kind == "line":
            assert record["seat"] == 0 and isinstance(record["text"], str)
        elif record.get("event") == "refused":
            assert record["seat"] == 0 and record["reason"]
        else:
            assert kind == "event"
            events.append({key: value for key, value in record.items()
                           if key != "type"})
    assert shoes, "the first shoe is recorded"
    assert events[0] == {"event": "game_start", "decks": decks, "credit": START,
                         "bet": MIN_BET}
    credit, bet, rounds = START, MIN_BET, 0
    shoe, dealt = 0, 0  # the shoe in play, and the cards dealt from it
    credits: list[int] = []
    state: dict[str, Any] = {}
    for event in events[1:]:
        kind = event["event"]
        if kind == "bet":
            bet = event["bet"]
            assert MIN_BET <= bet <= min(MAX_BET, credit) and bet % STEP == 0
        elif kind == "new_shoe":
            assert 4 * (capacity - dealt) < capacity
            assert event == {"event": "new_shoe", "round": rounds + 1, "decks": decks,
                             "cards": capacity}
            shoe, dealt = shoe + 1, 0
        elif kind == "round":
            rounds += 1
            assert 4 * (capacity - dealt) >= capacity  # else a new_shoe came first
            cards = shoes[shoe][dealt:dealt + 2]
            dealt += 2
            assert event == {"event": "round", "round": rounds, "hand": cards,
                             "credit": credit, "bet": bet}
            state = {"cards": cards}
        elif kind == "decision":
            doubled = event["decision"] == "double"
            assert event["round"] == rounds
            assert event["wager"] == (2 if doubled else 1) * bet
            assert not doubled or 2 * bet <= credit
            state["decision"] = event["decision"]
        elif kind == "outcome":
            first, second = state["cards"]
            third = event["third"]
            if third is not None:
                assert third == shoes[shoe][dealt]
                dealt += 1
            doubled = state.get("decision") == "double"
            payout = expected_payout(first, second, third, bet, doubled)
            assert (event["round"], event["hand"]) == (rounds, [first, second])
            assert (event["credit_before"], event["bet"]) == (credit, bet)
            assert event["decision"] == state.get("decision")
            assert event["wager"] == (2 if doubled else 1) * bet
            assert event["payout"] == payout
            assert event["outcome"] == ("win" if payout > 0 else
                                        "loss" if payout < 0 else "push")
            credit += payout
            assert event["credit_after"] == credit >= 0
            credits.append(credit)
            if credit < MIN_BET:
                assert event["next_bet"] is None
            else:  # lowered to what the credit covers
                assert event["next_bet"] == (bet if bet <= credit
                                             else credit - credit % STEP)
                bet = event["next_bet"]
        else:
            assert kind == "game_end" and event is events[-1]
            assert event["rounds"] == rounds
            assert event["credit"] == credit
            assert event["net"] == credit - START
            assert event["reason"] == ("credit" if credit < MIN_BET else "quit")
            assert shoe == len(shoes) - 1  # every shoe recorded was dealt from
            return credits
    raise AssertionError("the history has no game_end event")


JUNK = ["", " ", "\t", "x", "-1", "1e3", "0", "75", "600", "99999999999999999999",
        "ünï", "$", "1,000", "p", "d", "play", "double", "q?", "\x00", "P", "D"]


def random_script(rng: random.Random) -> bytes:
    lines: list[str] = []
    for _ in range(rng.randint(50, 400)):
        roll = rng.random()
        if roll < 0.35:
            lines.append("")
        elif roll < 0.55:
            lines.append(rng.choice(["p", "d", "play", "DOUBLE", "Play", "d"]))
        elif roll < 0.75:
            lines.append(str(rng.randrange(0, 70_000, 2_500) // 100))
        else:
            lines.append(rng.choice(JUNK))
    # Settle any round in play, then quit.
    return ("\n".join(lines) + "\np\nquit\n" * 3).encode() + (
        b"\xff\xfe\n" if rng.random() < 0.5 else b"")


def credit_lines(transcript: str) -> list[int]:
    return [int(dollars) * 100 + int(cents) for dollars, cents in
            re.findall(r"^Credit \$(\d+)\.(\d\d)$", transcript, re.MULTILINE)]


@pytest.mark.parametrize("seed", range(60))
def test_console_games_log_every_change_by_the_pay_table(seed: int) -> None:
    rng = random.Random(seed)
    decks = rng.randint(1, 8)
    stream = io.BytesIO()
    history = HistoryWriter("memory", stream)
    dealer = Dealer(random.Random(seed))
    dealer.on_deck = history.record_deck
    game = RedDogGame(dealer, decks=decks)
    out = io.StringIO()
    terminal = Terminal(io.BytesIO(random_script(rng)), out, echo=True)
    console = RedDogConsole(game, terminal, history=history)
    try:
        assert console.play([console.person()], [history]) == 0
    except EndOfInput:
        pytest.fail("the script should end with quit")
    history.end(END_OVER)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    credits = check_history(records, decks)
    assert credit_lines(out.getvalue()) == credits
    assert game.phase is Phase.OVER
    assert "Traceback" not in out.getvalue()


@pytest.mark.parametrize("seed", range(4))
def test_subprocess_games_log_every_change_by_the_pay_table(
        run_cli: RunCli, tmp_path: Path, seed: int) -> None:
    rng = random.Random(1000 + seed)
    decks = rng.randint(1, 8)
    log = tmp_path / "game.jsonl"
    result = run_cli("reddog", "--seed", str(seed), "--decks", str(decks),
                     "--log", str(log), stdin=random_script(rng))
    assert result.returncode == 0 and result.stderr == b""
    records = [json.loads(line)
               for line in log.read_text(encoding="utf-8").splitlines()]
    header = records[0]
    assert (header["type"], header["game"], header["options"]["decks"]) == (
        "header", "reddog", decks)
    credits = check_history(records[1:], decks)
    assert credit_lines(result.stdout.decode("utf-8")) == credits
    summary = result.stdout.decode("utf-8").splitlines()[-1]
    game_end = [record for record in records if record.get("event") == "game_end"]
    assert summary.startswith(f"Game over: {game_end[-1]['rounds']} round")
