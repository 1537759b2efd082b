"""The Red Dog console: prompts, messages and the event log around the engine.

Each prompt offers only what is legal at that moment; any other line gets a
one-line message saying what is allowed, and the same prompt again.  The line
comes from the seat's controller: a person types it, or the computer prints
the move it chose as a person would type it.
"""

from __future__ import annotations

from collections.abc import Sequence

from common.eventlog import EventLog
from common.seats import Controller, Person
from common.terminal import Terminal
from reddog.game import (
    BET_STEP,
    MAX_BET,
    MIN_BET,
    Deal,
    Decision,
    Ending,
    Outcome,
    Phase,
    RedDogGame,
    RedDogView,
    RoundResult,
    is_legal_bet,
)
from reddog.hand import HandKind
from reddog.money import format_change, format_money, parse_money
from reddog.strategy import advise

BET_PROMPT = "New bet, Enter to deal, or quit: "
"""The end of the prompt between rounds (after the credit and the bet)."""
DOUBLE_PROMPT = "Play or double? [play/double]: "
"""The prompt on a playable spread when the credit covers a double."""
PLAY_PROMPT = "Play? [play]: "
"""The prompt on a playable spread when it does not."""

_QUIT = ("q", "quit")
_ANSWERS = {"p": Decision.PLAY, "play": Decision.PLAY,
            "d": Decision.DOUBLE, "double": Decision.DOUBLE}


class RedDogConsole:
    """Plays a `RedDogGame` on a `Terminal`, writing events to an `EventLog`."""

    def __init__(self, game: RedDogGame, terminal: Terminal,
                 log: EventLog | None = None,
                 controllers: Sequence[Controller[RedDogView]] | None = None,
                 *, hint: bool = False) -> None:
        """Play `game` on `terminal`, logging to `log` (none by default).

        `controllers` holds the one seat's controller (a person by default).
        With `hint` a line before each prompt gives the best move and its
        exact expectation.

        Raises:
            ValueError: when `controllers` does not hold exactly one controller.
        """
        if controllers is None:
            controllers = [Person[RedDogView]()]
        if len(controllers) != 1:
            raise ValueError(f"{len(controllers)} controllers for Red Dog's one seat")
        self._game = game
        self._terminal = terminal
        self._log = log if log is not None else EventLog()
        self._seat = controllers[0]
        self._hint = hint

    def _answer(self, prompt: str) -> str:
        if self._hint:
            self._terminal.print(advise(self._game.view()).hint())
        return self._seat.answer(self._terminal, prompt, self._game.view)

    def play(self) -> int:
        """Play until the player quits or the credit is below the minimum bet; return 0.

        Raises:
            common.terminal.EndOfInput: when input ends first.
        """
        game = self._game
        self._banner()
        self._log.write("start", decks=game.shoe.decks, credit_cents=game.credit,
                        bet_cents=game.bet)
        while game.phase is Phase.BETTING:
            if self._ask_bet():
                self._play_round()
        self._finish()
        return 0

    def _banner(self) -> None:
        decks = self._game.shoe.decks
        self._terminal.print(
            f"Red Dog: {decks} deck{'s' if decks > 1 else ''} in the shoe,"
            " aces high (14), suits do not matter.")
        self._terminal.print(
            f"Bets are {format_money(MIN_BET)} to {format_money(MAX_BET)}"
            f" in steps of {format_money(BET_STEP)}. Pays: spread 1 5:1, 2 4:1, 3 2:1,"
            " 4-11 1:1, three of a kind 11:1.")
        self._terminal.print()

    def _ask_bet(self) -> bool:
        """Read the line between rounds; return whether to deal now."""
        game = self._game
        line = self._answer(
            f"Credit {format_money(game.credit)}, bet {format_money(game.bet)}. "
            + BET_PROMPT)
        if line == "":
            return True
        word = line.strip(" \t").lower()
        if word in _QUIT:
            game.quit()
            return False
        cents = parse_money(word)
        if cents is not None and is_legal_bet(cents) and cents <= game.max_bet:
            game.set_bet(cents)
            self._log.write("bet", bet_cents=cents)
        else:
            self._terminal.print(
                f"Type a bet from {format_money(MIN_BET)}"
                f" to {format_money(game.max_bet)}"
                f" in steps of {format_money(BET_STEP)}, press Enter to deal,"
                " or type quit.")
            self._seat.refused()
        return False

    def _play_round(self) -> None:
        game = self._game
        deal = game.deal()
        self._log_deal(deal)
        if deal.new_shoe:
            decks = game.shoe.decks
            self._terminal.print(
                "New shoe: fewer than a quarter of the cards were left;"
                f" {decks} deck{'s' if decks > 1 else ''} shuffled.")
        hand = deal.hand
        head = f"Round {deal.number}: {hand}"
        if deal.result is not None and hand.kind is HandKind.CONSECUTIVE:
            self._terminal.print(
                f"{head}, consecutive: push,"
                f" the {format_money(deal.bet)} bet is returned")
            result = deal.result
        elif deal.result is not None:
            self._terminal.print(f"{head}, a pair: a free third card is dealt")
            result = deal.result
            self._show_third("Third card", result)
        else:
            self._terminal.print(f"{head}, spread {hand.spread} pays {hand.pays}:1")
            result = game.decide(self._ask_decision())
            self._log.write("decision", round=result.number,
                            decision=str(result.decision), wager_cents=result.wager)
            self._show_third("Middle card", result)
        self._settled(result)

    def _ask_decision(self) -> Decision:
        can_double = self._game.can_double
        while True:
            line = self._answer(DOUBLE_PROMPT if can_double else PLAY_PROMPT)
            answer = line.strip(" \t").lower()
            decision = _ANSWERS.get(answer)
            if decision is Decision.PLAY or (can_double and decision is not None):
                return decision
            if answer in _QUIT:
                self._terminal.print("Finish this hand first: quit is taken between "
                                     "rounds.")
            self._terminal.print("Type play (p) or double (d)." if can_double else
                                 "Type play (p); your credit does not cover a double.")
            self._seat.refused()

    def _show_third(self, label: str, result: RoundResult) -> None:
        assert result.third is not None  # pairs and spreads always draw one
        self._log.write("middle_card", round=result.number, card=result.third.code)
        if result.outcome is Outcome.WIN:
            what = "three of a kind" if result.decision is None else "between"
            verdict = (f"{what}, you win {format_money(result.payout)}"
                       f" ({result.pays}:1 on {format_money(result.wager)})")
        elif result.outcome is Outcome.PUSH:
            verdict = "no three of a kind: push, the bet is returned"
        else:
            verdict = f"not between, you lose {format_money(result.wager)}"
        self._terminal.print(f"{label} [{result.third}]: {verdict}")

    def _settled(self, result: RoundResult) -> None:
        game = self._game
        self._log.write("outcome", round=result.number, outcome=str(result.outcome),
                        pays=result.pays, wager_cents=result.wager,
                        payout_cents=result.payout, credit_cents=result.credit_after)
        self._terminal.print(f"Credit {format_money(result.credit_after)}")
        if game.phase is Phase.BETTING and game.bet < result.bet:
            self._terminal.print(
                f"Your bet is lowered to {format_money(game.bet)},"
                " the most your credit covers.")
            self._log.write("bet", bet_cents=game.bet)
        self._terminal.print()

    def _log_deal(self, deal: Deal) -> None:
        shoe = self._game.shoe
        if deal.new_shoe:
            self._log.write("new_shoe", round=deal.number, decks=shoe.decks,
                            cards=shoe.capacity)
        self._log.write("round", round=deal.number, credit_cents=deal.credit,
                        bet_cents=deal.bet)
        self._log.write("cards", round=deal.number,
                        cards=[deal.hand.first.code, deal.hand.second.code],
                        kind=str(deal.hand.kind), spread=deal.hand.spread,
                        pays=deal.hand.pays)

    def _finish(self) -> None:
        game = self._game
        if game.ending is Ending.CREDIT:
            self._terminal.print(
                f"Your credit of {format_money(game.credit)} is below the"
                f" {format_money(MIN_BET)} minimum bet.")
        elif game.ending is Ending.ROUNDS:
            self._terminal.print(
                f"That was the last round: the game is {game.max_rounds}"
                f" round{'' if game.max_rounds == 1 else 's'} long.")
        self._terminal.print(
            f"Game over: {game.rounds_played}"
            f" round{'' if game.rounds_played == 1 else 's'}"
            f" played, net result {format_change(game.net)},"
            f" final credit {format_money(game.credit)}.")
        self._log.write("end", reason=str(game.ending),
                        rounds=game.rounds_played, net_cents=game.net,
                        credit_cents=game.credit)
