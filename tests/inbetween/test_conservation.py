"""Conservation and rule invariants over many seeded games, at three levels.

The engine plays thousands of random games, each event stream checked against
an independent model of the rules; the console plays 150 from random and
junk input lines, its events written to a hand history; ``python3 -m inbetween``
plays a few dozen with ``--log``.  After every transfer the players' coins plus
the pool equal 10 per player.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from helpers.inputs import random_input
from helpers.paths import ROOT

from common.console.terminal import EndOfInput, Terminal
from common.engine.dealer import Dealer
from common.engine.game import QUIT
from common.history import HistoryWriter
from inbetween import FOLD, EndReason, InBetweenConsole, InBetweenGame, TransferReason
from inbetween.events import (
    POOL,
    Action,
    CardDrawn,
    CardsDealt,
    Decision,
    DrawOutcome,
    Event,
    GameEnded,
    GameStarted,
    PairFound,
    PlayerOut,
    PoolRefilled,
    RoundStarted,
    Transfer,
)


class RulesModel:
    """Replays an event stream, checking each event against the rules.

    With `refill` an empty pool is refilled by an ante from every player still
    in; with `max_rounds` the game ends after that many rounds.
    """

    def __init__(self, players: int, refill: bool = False,
                 max_rounds: int | None = None) -> None:
        self.seats = players
        self.refill = refill
        self.max_rounds = max_rounds
        self.coins = [10] * players
        self.pool = 0
        self.round = 0
        self.dealer = -1
        self.dealt: set[int] = set()
        self.order: list[int] = []
        self.played: set[int] = set()
        self.bet: int | None = None
        self.outcome: DrawOutcome | None = None
        self.emptied = False  # the pool just emptied: a refill or the end is due
        self.antes_due: list[int] = []
        self.skipped_by_refill = 0
        self.ended = False

    def seat(self, party: object) -> int:
        """The seat an event names, which must be a seat of the game."""
        assert isinstance(party, int) and 0 <= party < self.seats, party
        return party

    def left_of(self, seat: int) -> list[int]:
        seats = [(seat + step) % self.seats for step in range(1, self.seats + 1)]
        return [s for s in seats if self.coins[s] > 0]

    def next_turn(self) -> int:
        """The seat whose turn is next: in order, not yet played, with coins."""
        waiting = [seat for seat in self.order
                   if seat not in self.played and self.coins[seat] > 0]
        assert waiting, "a turn after the round is over"
        return waiting[0]

    def take_turn(self, seat: object) -> None:
        assert self.seat(seat) == self.next_turn()
        self.played.add(self.seat(seat))

    def check(self, event: Event) -> None:
        assert not self.ended, "an event after the end"
        if self.emptied:
            # An emptied pool is refilled or ends the game, at once.
            self.emptied = False
            if self.refill:
                assert isinstance(event, PoolRefilled), event
            else:
                assert isinstance(event, GameEnded), event
                assert event.reason is EndReason.POOL_EMPTY
        if self.antes_due:
            assert isinstance(event, Transfer), event
            assert event.reason is TransferReason.ANTE
            assert event.payer == self.antes_due.pop(0)
        match event:
            case GameStarted(players=players, coins=coins):
                assert players == self.seats and coins == 10
            case RoundStarted():
                if self.order:
                    assert not [seat for seat in self.order if seat not in
                                self.played and self.coins[seat] > 0], "turns left"
                self.round += 1
                assert self.max_rounds is None or self.round <= self.max_rounds
                assert event.round == self.round
                self.dealer = 0 if self.round == 1 else self.left_of(self.dealer)[0]
                assert event.dealer == self.dealer
                order = self.left_of(self.dealer)
                assert list(event.order) == order and len(order) >= 2
                assert list(event.coins) == self.coins and event.pool == self.pool
                self.dealt = set(order)
                self.order, self.played = order, set()
            case CardsDealt(seat=seat, cards=cards):
                assert self.seat(seat) in self.dealt and len(cards) == 2
                assert cards[0].sort_key() <= cards[1].sort_key()
            case PairFound(seat=seat, cards=(low, high)):
                self.take_turn(seat)
                assert abs(low.value - high.value) <= 1
                self.bet = None
            case Decision(seat=seat, action=action, amount=amount):
                self.take_turn(seat)
                coins = self.coins[self.seat(seat)]
                assert coins > 0
                if action is Action.BET:
                    assert amount is not None
                    most = 1 if self.round == 1 else min(coins, self.pool)
                    assert 1 <= amount <= most
                else:
                    assert amount is None
                self.bet = amount
            case CardDrawn(card=card, cards=(low, high), outcome=outcome):
                assert self.bet is not None
                assert (low.value < card.value < high.value) == (
                    outcome is DrawOutcome.BETWEEN)
                self.outcome = outcome
            case Transfer():
                self.check_transfer(event)
            case PlayerOut(seat=seat):
                assert self.coins[self.seat(seat)] == 0
                if seat in self.order and seat not in self.played:
                    self.skipped_by_refill += 1  # out before its turn came
            case PoolRefilled(seats=seats):
                assert self.refill and self.pool == 0
                assert list(seats) == [s for s in range(self.seats) if self.coins[s]]
                self.antes_due = list(seats)
            case GameEnded(reason=reason, coins=coins, pool=pool, winners=winners):
                assert list(coins) == self.coins and pool == self.pool
                most = max(self.coins)
                assert list(winners) == [s for s in range(self.seats)
                                         if self.coins[s] == most]
                if reason is EndReason.POOL_EMPTY:
                    assert pool == 0
                    assert not self.refill
                elif reason is EndReason.LAST_PLAYER:
                    assert pool == 0 and sum(c > 0 for c in coins) == 1
                elif reason is EndReason.ROUND_LIMIT:
                    assert self.round == self.max_rounds
                    assert not [seat for seat in self.order if seat not in
                                self.played and self.coins[seat] > 0], "turns left"
                self.ended = True

    def check_transfer(self, event: Transfer) -> None:
        amount, reason = event.amount, event.reason
        assert amount > 0
        if event.payee == POOL:
            payer = self.seat(event.payer)
            expected = {TransferReason.ANTE: 1, TransferReason.FOLD: 1,
                        TransferReason.LOST_BET: self.bet}[reason]
            assert amount == expected
            if reason is TransferReason.LOST_BET:
                assert self.outcome is not DrawOutcome.BETWEEN
            self.coins[payer] -= amount
            self.pool += amount
        else:
            assert event.payer == POOL
            payee = self.seat(event.payee)
            if reason is TransferReason.WON_BET:
                assert amount == self.bet and self.outcome is DrawOutcome.BETWEEN
            elif reason is TransferReason.LAST_PLAYER:
                assert amount == self.pool
            else:
                assert amount == 1
            self.coins[payee] += amount
            self.pool -= amount
            self.emptied = self.pool == 0 and reason is not TransferReason.LAST_PLAYER
        assert list(event.coins) == self.coins and event.pool == self.pool
        assert min(self.coins) >= 0 and self.pool >= 0
        assert sum(self.coins) + self.pool == 10 * self.seats


def play_checked(seed: int, players: int, refill: bool = False,
                 max_rounds: int | None = None) -> tuple[InBetweenGame, RulesModel]:
    """Play a random game on the engine, every event checked by the model."""
    policy = random.Random(-seed)
    game = InBetweenGame(Dealer(random.Random(seed)), players=players, refill=refill,
                         max_rounds=max_rounds)
    model = RulesModel(players, refill, max_rounds)
    events = game.start()
    for _ in range(10_000):
        for event in events:
            model.check(event)
        assert game.total_coins == 10 * players
        if game.is_over:
            break
        low, high = game.bet_range
        choice = policy.random()
        if choice < 0.001:
            events = game.apply(QUIT)
        elif choice < 0.25:
            events = game.apply(FOLD)
        else:
            events = game.apply(policy.choice([low, high, policy.randint(low, high)]))
    assert model.ended and game.is_over
    return game, model


def test_the_house_rules_conserve_coins_and_keep_the_rules() -> None:
    # --refill, --rounds and both, with 2 to 10 players.
    ends = dict.fromkeys(EndReason, 0)
    skipped = 0
    for seed in range(1500):
        refill = seed % 3 != 1
        max_rounds = None if seed % 3 == 0 else 1 + seed % 7
        game, model = play_checked(seed, 2 + seed % 9, refill, max_rounds)
        reason = game.end_reason
        assert reason is not None
        assert reason is not EndReason.POOL_EMPTY or not refill
        ends[reason] += 1
        skipped += model.skipped_by_refill
    assert all(count > 0 for count in ends.values()), ends
    # A refill's ante put out a player whose turn had not come, which the
    # model saw skipped.
    assert skipped > 0


def test_engine_conserves_coins_and_keeps_the_rules() -> None:
    ends = dict.fromkeys(EndReason, 0)
    for seed in range(2000):
        game, _ = play_checked(seed, 2 + seed % 9)
        reason = game.end_reason
        assert reason is not None
        ends[reason] += 1
    # Every way to end shows up, so the checks above were all exercised.
    del ends[EndReason.ROUND_LIMIT]  # no limit here
    assert all(count > 0 for count in ends.values()), ends


def check_log(lines: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Check the event records of a hand history's `lines`; return them."""
    records = [record for record in lines if record["type"] == "event"]
    assert records[0]["event"] == "game_start"
    assert records[-1]["event"] == "game_end"
    transfers = [r for r in records if r["event"] == "transfer"]
    assert len(transfers) >= players
    for record in transfers:
        coins = record["coins"]
        assert isinstance(coins, list) and isinstance(record["pool"], int)
        assert sum(coins) + record["pool"] == 10 * players
        assert min(coins) >= 0 and record["pool"] >= 0
    return records


def test_console_conserves_coins_with_random_and_junk_input() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        players = rng.randint(2, 10)
        game = InBetweenGame(Dealer(random.Random(seed)), players=players)
        out, log = io.StringIO(), io.BytesIO()
        history = HistoryWriter("mem", log)
        terminal = Terminal(io.BytesIO(random_input(rng, 600)), out, echo=True)
        console = InBetweenConsole(game, terminal, history=history)
        try:
            console.play([console.person() for _ in range(players)], [history])
        except EndOfInput:
            raise AssertionError(f"seed {seed}: the input ran out") from None
        records = [json.loads(line) for line in log.getvalue().splitlines()]
        check_log(records, players)
        assert "Game ends: " in out.getvalue()


def test_command_line_conserves_coins_in_the_log(tmp_path: Path) -> None:
    def play(seed: int) -> tuple[int, subprocess.CompletedProcess[bytes], Path]:
        rng = random.Random(1000 + seed)
        players = 2 + seed % 9
        log = tmp_path / f"game{seed}.jsonl"
        result = subprocess.run(
            [sys.executable, "-m", "inbetween", "--players", str(players),
             "--seed", str(seed), "--log", str(log)],
            input=random_input(rng, 400), capture_output=True, cwd=ROOT, timeout=120)
        return players, result, log

    # The games are separate processes, so they may as well run side by side.
    with ThreadPoolExecutor(max_workers=4) as pool:
        games = list(pool.map(play, range(24)))
    for players, result, log in games:
        assert result.returncode == 0, result.stderr
        assert result.stderr == b""
        lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
        final = check_log(lines, players)[-1]
        assert b"The pool has %d coin" % final["pool"] in result.stdout
