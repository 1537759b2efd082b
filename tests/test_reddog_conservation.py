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
from conftest import RunCli

from common.eventlog import EventLog
from common.terminal import EndOfInput, Terminal
from reddog import Decision, Phase, RedDogConsole, RedDogGame, RulesError, Shoe

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


@pytest.mark.parametrize("seed", range(40))
def test_engine_credit_moves_exactly_by_the_pay_table(seed: int) -> None:
    rng = random.Random(seed)
    decks = rng.randint(1, 8)
    game = RedDogGame(random.Random(seed), decks=decks)
    full = Counter(Shoe(decks))
    dealt: Counter[object] = Counter()
    rounds = 0
    while game.phase is Phase.BETTING and rounds < 150:
        for _ in range(rng.randint(0, 2)):
            cents = random_bet(rng)
            legal = MIN_BET <= cents <= min(MAX_BET, game.credit) and cents % STEP == 0
            try:
                game.set_bet(cents)
                assert legal and game.bet == cents
            except RulesError:
                assert not legal
        credit, bet = game.credit, game.bet
        assert MIN_BET <= bet <= credit
        deal = game.deal()
        rounds += 1
        if deal.new_shoe:
            dealt.clear()
        result = deal.result
        if result is None:
            wants_double = rng.random() < 0.5
            can_double = 2 * bet <= credit
            assert game.can_double == can_double
            try:
                result = game.decide(Decision.DOUBLE if wants_double else Decision.PLAY)
                assert can_double or not wants_double
            except RulesError:
                assert wants_double and not can_double
                result = game.play()
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


# --- the event log -----------------------------------------------------------

def check_log(events: list[dict[str, Any]], decks: int) -> list[int]:
    """Check a whole game's log; return the credit after each round."""
    assert events[0] == {"event": "start", "decks": decks, "credit_cents": START,
                         "bet_cents": MIN_BET}
    capacity = 52 * decks
    credit, bet, remaining, rounds = START, MIN_BET, capacity, 0
    credits: list[int] = []
    state: dict[str, Any] = {}
    for event in events[1:]:
        kind = event["event"]
        if kind == "bet":
            bet = event["bet_cents"]
            assert bet == state.pop("lowered", bet)
            assert MIN_BET <= bet <= min(MAX_BET, credit) and bet % STEP == 0
        elif kind == "new_shoe":
            assert 4 * remaining < capacity
            assert (event["decks"], event["cards"]) == (decks, capacity)
            remaining = capacity
        elif kind == "round":
            rounds += 1
            assert event == {"event": "round", "round": rounds, "credit_cents": credit,
                             "bet_cents": bet}
            assert 4 * remaining >= capacity  # else a new_shoe event came first
            assert "lowered" not in state
            state = {}
        elif kind == "cards":
            state["cards"] = event["cards"]
            remaining -= 2
        elif kind == "decision":
            doubled = event["decision"] == "double"
            assert event["wager_cents"] == (2 if doubled else 1) * bet
            assert not doubled or 2 * bet <= credit
            state["doubled"] = doubled
        elif kind == "middle_card":
            state["third"] = event["card"]
            remaining -= 1
        elif kind == "outcome":
            first, second = state["cards"]
            payout = expected_payout(first, second, state.get("third"), bet,
                                     state.get("doubled", False))
            assert event["payout_cents"] == payout
            assert event["outcome"] == ("win" if payout > 0 else
                                        "loss" if payout < 0 else "push")
            credit += payout
            assert event["credit_cents"] == credit >= 0
            credits.append(credit)
            if bet > credit >= MIN_BET:
                state["lowered"] = credit - credit % STEP
        else:
            assert kind == "end" and event is events[-1]
            assert event["rounds"] == rounds
            assert event["credit_cents"] == credit
            assert event["net_cents"] == credit - START
            assert event["reason"] == ("credit" if credit < MIN_BET else "quit")
            return credits
    raise AssertionError("the log has no end event")


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
    game = RedDogGame(random.Random(seed), decks=decks)
    out, log = io.StringIO(), io.StringIO()
    terminal = Terminal(io.BytesIO(random_script(rng)), out, echo=True)
    try:
        assert RedDogConsole(game, terminal, EventLog(log)).play() == 0
    except EndOfInput:
        pytest.fail("the script should end with quit")
    events = [json.loads(line) for line in log.getvalue().splitlines()]
    credits = check_log(events, decks)
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
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    credits = check_log(events, decks)
    assert credit_lines(result.stdout.decode("utf-8")) == credits
    summary = result.stdout.decode("utf-8").splitlines()[-1]
    assert summary.startswith(f"Game over: {events[-1]['rounds']} round")
