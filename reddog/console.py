"""The Red Dog console: prompts, messages and hints around the engine.

Each prompt offers only what is legal at that moment; any other line gets a
one-line message saying what is allowed, and the same prompt again.  The line
comes from the seat's controller: a person types it, or the computer's move
is printed as a person would type it (`spell`).
"""

from __future__ import annotations

from collections.abc import Collection

from common import game as contract
from common.console import Console
from common.events import Event
from common.game import QUIT
from common.history import HistoryWriter
from common.terminal import Terminal
from reddog.events import (
    Decision,
    Ending,
    GameEnded,
    GameStarted,
    NewShoe,
    Outcome,
    RoundDealt,
    RoundSettled,
)
from reddog.game import (
    BET_STEP,
    DEAL,
    MAX_BET,
    MIN_BET,
    Bet,
    IllegalMoveError,
    Phase,
    RedDogGame,
    RedDogMove,
)
from reddog.hand import HandKind
from reddog.money import CENTS_PER_DOLLAR, format_change, format_money, parse_money

BET_PROMPT = "New bet, Enter to deal, or quit: "
"""The end of the prompt between rounds (after the credit and the bet)."""
DOUBLE_PROMPT = "Play or double? [play/double]: "
"""The prompt on a playable spread when the credit covers a double."""
PLAY_PROMPT = "Play? [play]: "
"""The prompt on a playable spread when it does not."""

_QUIT = ("q", "quit")
_ANSWERS = {"p": Decision.PLAY, "play": Decision.PLAY,
            "d": Decision.DOUBLE, "double": Decision.DOUBLE}


def spell(move: RedDogMove) -> str:
    """Return the line a person types for `move`: ``""``, ``500``, ``play``..."""
    if isinstance(move, Bet):
        whole, cents = divmod(move.cents, CENTS_PER_DOLLAR)
        return f"{whole}.{cents:02d}" if cents else str(whole)
    return "" if move is DEAL else str(move)


def _decks(count: int) -> str:
    return f"{count} deck{'s' if count > 1 else ''}"


class RedDogConsole(Console[RedDogGame, RedDogMove]):
    """Plays a `RedDogGame` on a `Terminal`.

    With `hint` a line before each prompt gives the best move and its exact
    expectation.
    """

    def __init__(self, game: RedDogGame, terminal: Terminal, *,
                 history: HistoryWriter | None = None, hint: bool = False,
                 shown: Collection[int] | None = None) -> None:
        """Play `game` on `terminal`, with a hint before each prompt if `hint`."""
        super().__init__(game, terminal, shown=shown, history=history)
        self._hint = hint

    def repaint(self) -> None:
        """Nothing: every card is printed as it is dealt."""

    def before_prompt(self, seat: int) -> None:
        """Print the hint, when hints are on."""
        if self._hint:
            # Here, not above: only hints need the strategy and its exact odds.
            from reddog.strategy import advise

            self.print_msg(advise(self.game.view()).hint())

    def prompt(self, seat: int) -> str:
        """Return the bet prompt between rounds, the decision prompt on a spread."""
        game = self.game
        if game.phase is Phase.DECIDING:
            return DOUBLE_PROMPT if game.can_double else PLAY_PROMPT
        return (f"Credit {format_money(game.credit)}, bet {format_money(game.bet)}. "
                + BET_PROMPT)

    def parse(self, line: str, seat: int) -> RedDogMove:
        """Return the move a typed line names at the present prompt.

        Between rounds: an empty line deals, ``q`` or ``quit`` quits, an
        amount is a new bet.  On a spread: ``play`` (``p``) or ``double``
        (``d``); ``quit`` is named, to be refused.

        Raises:
            common.game.IllegalMoveError: for a line that names no move.
        """
        answer = line.strip(" \t").lower()
        if answer in _QUIT:
            return QUIT
        if self.game.phase is Phase.DECIDING:
            decision = _ANSWERS.get(answer)
            if decision is None:
                raise IllegalMoveError(f"{answer[:40]!r} is not play or double")
            return decision
        if line == "":
            return DEAL
        cents = parse_money(answer)
        if cents is None:
            raise IllegalMoveError(f"{answer[:40]!r} is not an amount")
        return Bet(cents)

    def spell(self, move: RedDogMove) -> str:
        """Return the line a person types for `move` (see `spell`)."""
        return spell(move)

    def refuse(self, seat: int, error: contract.IllegalMoveError) -> None:
        """Say what the prompt takes (and, for a quit mid-round, when to quit)."""
        game = self.game
        if game.phase is Phase.DECIDING:
            if error.move is QUIT:
                self.print_msg("Finish this hand first: quit is taken between rounds.")
            self.print_msg("Type play (p) or double (d)." if game.can_double else
                           "Type play (p); your credit does not cover a double.")
        else:
            self.print_msg(f"Type a bet from {format_money(MIN_BET)}"
                           f" to {format_money(game.max_bet)}"
                           f" in steps of {format_money(BET_STEP)},"
                           " press Enter to deal, or type quit.")

    def describe(self, event: Event) -> str:
        """Return the lines printed for `event`."""
        return "".join(line + "\n" for line in self._lines(event))

    def _lines(self, event: Event) -> list[str]:
        if isinstance(event, GameStarted):
            return [f"Red Dog: {_decks(event.decks)} in the shoe,"
                    " aces high (14), suits do not matter.",
                    f"Bets are {format_money(MIN_BET)} to {format_money(MAX_BET)}"
                    f" in steps of {format_money(BET_STEP)}. Pays: spread 1 5:1,"
                    " 2 4:1, 3 2:1, 4-11 1:1, three of a kind 11:1.", ""]
        if isinstance(event, NewShoe):
            return ["New shoe: fewer than a quarter of the cards were left;"
                    f" {_decks(event.decks)} shuffled."]
        if isinstance(event, RoundDealt):
            hand = event.hand
            head = f"Round {event.round}: [{hand.first}] [{hand.second}]"
            if hand.kind is HandKind.CONSECUTIVE:
                return [f"{head}, consecutive: push,"
                        f" the {format_money(event.bet)} bet is returned"]
            if hand.kind is HandKind.PAIR:
                return [f"{head}, a pair: a free third card is dealt"]
            return [f"{head}, spread {hand.spread} pays {hand.pays}:1"]
        if isinstance(event, RoundSettled):
            return self._settled(event)
        if isinstance(event, GameEnded):
            return self._ended(event)
        return []

    @staticmethod
    def _settled(result: RoundSettled) -> list[str]:
        lines = []
        if result.third is not None:
            label = "Third card" if result.decision is None else "Middle card"
            if result.outcome is Outcome.WIN:
                what = "three of a kind" if result.decision is None else "between"
                verdict = (f"{what}, you win {format_money(result.payout)}"
                           f" ({result.pays}:1 on {format_money(result.wager)})")
            elif result.outcome is Outcome.PUSH:
                verdict = "no three of a kind: push, the bet is returned"
            else:
                verdict = f"not between, you lose {format_money(result.wager)}"
            lines.append(f"{label} [{result.third}]: {verdict}")
        lines.append(f"Credit {format_money(result.credit_after)}")
        if result.next_bet is not None and result.next_bet < result.bet:
            lines.append(f"Your bet is lowered to {format_money(result.next_bet)},"
                         " the most your credit covers.")
        lines.append("")
        return lines

    @staticmethod
    def _ended(event: GameEnded) -> list[str]:
        lines = []
        if event.reason is Ending.CREDIT:
            lines.append(f"Your credit of {format_money(event.credit)} is below the"
                         f" {format_money(MIN_BET)} minimum bet.")
        elif event.reason is Ending.ROUNDS:
            limit = event.max_rounds
            lines.append(f"That was the last round: the game is {limit}"
                         f" round{'' if limit == 1 else 's'} long.")
        lines.append(f"Game over: {event.rounds}"
                     f" round{'' if event.rounds == 1 else 's'}"
                     f" played, net result {format_change(event.net)},"
                     f" final credit {format_money(event.credit)}.")
        return lines
