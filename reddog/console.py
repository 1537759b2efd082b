"""The Red Dog console: prompts, messages and hints around the engine.

Each prompt offers only what is legal at that moment; any other line gets a
one-line message saying what is allowed, and the same prompt again.  The line
comes from the seat's controller: a person types it, or the computer's move
is printed as a person would type it (`spell`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from common.console.console import QUIT_WORDS, Console, because, fill, quoted
from common.console.terminal import Terminal
from common.engine import game as contract
from common.engine.events import Event
from common.engine.game import QUIT
from common.history import HistoryWriter
from reddog.events import (
    BetChanged,
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

    With hints (``--hint``) a line before each prompt gives the best move and
    why, from the exact odds of the cards left.
    """

    rules = """\
One player against the house, with $1000.00 of credit.  Each round you bet
$50 to $500 in steps of $50; two cards are dealt, aces high, suits do not
matter.  Consecutive cards push: the bet comes back.  A pair gets a free
third card: three of a kind pays 11 to 1, anything else pushes.

Otherwise the spread is the number of ranks between the two cards: play,
or double the bet, and a third card is dealt.  Strictly between the two,
you win: spread 1 pays 5 to 1, 2 pays 4 to 1, 3 pays 2 to 1, 4 to 11 pay
even money; otherwise you lose the bet.  A new shoe is shuffled in when
fewer than a quarter of its cards are left.  The game ends when you quit
or your credit is below $50."""
    """The rules in brief (``help`` prints them)."""

    def __init__(self, game: RedDogGame, terminal: Terminal, *,
                 shown: Collection[int] | None = None,
                 history: HistoryWriter | None = None,
                 hinted: Collection[int] = ()) -> None:
        """Show `game` on `terminal` (the arguments are `common.console.Console`'s)."""
        super().__init__(game, terminal, shown=shown, history=history, hinted=hinted)
        self._bet_typed = False  # the last line read at a keyboard was a bet
        self._deal_now = False  # and the game took it: the deal follows

    def read_move(self, seat: int) -> RedDogMove:
        """Read the person's move; at a keyboard, a new bet deals at once.

        The deal is shown and recorded as the empty line that makes it, so
        the transcript and the history read as if Enter had been pressed
        (a history replays the same).  From a pipe a bet only changes the
        bet, and an empty line deals.

        Raises:
            common.engine.game.IllegalMoveError: when the line names no move.
            common.console.terminal.EndOfInput: when input has ended.
        """
        if self._deal_now:
            self._deal_now = False
            self.terminal.say(self.prompt(seat), spell(DEAL))
            self.record_line(seat, [spell(DEAL)])
            return DEAL
        move = super().read_move(seat)
        self._bet_typed = isinstance(move, Bet) and self.terminal.interactive
        return move

    def on_events(self, events: Sequence[Event]) -> None:
        """Print each event's text; after a bet typed at a keyboard, deal next."""
        super().on_events(events)
        self._deal_now = self._bet_typed and any(
            isinstance(event, BetChanged) for event in events)
        self._bet_typed = False

    def repaint(self) -> None:
        """Nothing: every card is printed as it is dealt."""

    def hint(self, seat: int) -> str:
        """Return the best move and why (`reddog.strategy.Advice.hint`)."""
        # Here, not above: only hints need the strategy and its exact odds.
        from reddog.strategy import advise

        return advise(self.game.view()).hint()

    def words(self, seat: int) -> str:
        """Return what the prompt takes: a bet, Enter or quit; or play or double."""
        game = self.game
        if game.phase is Phase.DECIDING:
            return ("Type play (or p) to play the spread, or double (or d) to "
                    "double your bet first." if game.can_double else
                    "Type play (or p): your credit does not cover a double.")
        then = " to deal with it" if self.terminal.interactive else ""
        return (f"Press Enter (or type deal) to deal with your "
                f"{format_money(game.bet)} bet, type a new bet from "
                f"{format_money(MIN_BET)} to {format_money(game.max_bet)} in "
                f"steps of {format_money(BET_STEP)} (such as 100){then}, or type "
                "quit.")

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
            common.engine.game.IllegalMoveError: for a line that names no move.
        """
        answer = line.strip(" \t").lower()
        if answer in QUIT_WORDS:
            return QUIT
        if self.game.phase is Phase.DECIDING:
            decision = _ANSWERS.get(answer)
            if decision is None:
                words = "play or double" if self.game.can_double else "play"
                raise IllegalMoveError(f"{quoted(answer)} is not {words}" if answer
                                       else f"say {words}")
            return decision
        if line == "" or answer == "deal":
            return DEAL
        if not answer:
            raise IllegalMoveError("a line of spaces is no bet (an empty line deals)")
        cents = parse_money(answer)
        if cents is None:
            raise IllegalMoveError(f"{quoted(answer)} is not an amount")
        return Bet(cents)

    def spell(self, move: RedDogMove) -> str:
        """Return the line a person types for `move` (see `spell`)."""
        return spell(move)

    def refusal(self, error: contract.IllegalMoveError) -> str:
        """Return why the move was refused, then what the prompt takes.

        A bet's refusal says what bets are, which is enough; a double's, that
        the credit does not cover it.
        """
        if isinstance(error.move, Bet):
            return because(error)
        if error.move is Decision.DOUBLE:
            return f"{because(error)}\nType play (or p)."
        return f"{because(error)}\n{fill(self.words(0), hanging='')}"

    def input_ended(self, seat: int) -> None:
        """Between rounds, print the summary a quit prints: the session is over.

        A line break first ends the prompt, which no typed line ended.
        """
        game = self.game
        if game.phase is Phase.BETTING:
            self.terminal.write("\n" + _summary(game.rounds_played, game.net,
                                                 game.credit) + "\n")

    def describe(self, event: Event) -> str:
        """Return the lines printed for `event`."""
        return "".join(line + "\n" for line in self._lines(event))

    def _lines(self, event: Event) -> list[str]:
        if isinstance(event, GameStarted):
            # Each line fits 80 columns.
            return [f"Red Dog: {_decks(event.decks)} in the shoe,"
                    " aces high (14), suits do not matter.",
                    f"Bets are {format_money(MIN_BET)} to {format_money(MAX_BET)}"
                    f" in steps of {format_money(BET_STEP)}.",
                    "Pays: spread 1 5:1, 2 4:1, 3 2:1, 4-11 1:1, three of a kind 11:1.",
                    ""]
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
        lines.append(_summary(event.rounds, event.net, event.credit))
        return lines


def _summary(rounds: int, net: int, credit: int) -> str:
    """The last line of a game: rounds played, the net result and the credit."""
    return (f"Game over: {rounds} round{'' if rounds == 1 else 's'} played,"
            f" net result {format_change(net)}, final credit {format_money(credit)}.")
