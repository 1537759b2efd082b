"""The Red Dog console: prompts, messages and hints around the engine.

Each prompt offers only what is legal at that moment; any other line gets a
one-line message saying what is allowed, and the same prompt again.  The line
comes from the seat's controller: a person types it, or the computer's move
is printed as a person would type it (`spell`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from common.console.console import QUIT_WORDS, Console, because, fill, quoted
from common.console.sharing import shared
from common.console.terminal import Terminal
from common.engine import game as contract
from common.engine.events import Event
from common.engine.game import QUIT
from common.history import HistoryWriter
from common.language import N_, _, ngettext
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

# Translators: {credit} and {bet} are amounts ($1000.00); quit is typed.
BET_PROMPT = N_("Credit {credit}, bet {bet}. New bet, Enter to deal, or quit: ")
"""The prompt between rounds (``{credit}`` and ``{bet}``: amounts)."""
# Translators: play and double are typed, as they are.
DOUBLE_PROMPT = N_("Play or double? [play/double]: ")
"""The prompt on a playable spread when the credit covers a double."""
# Translators: play is typed, as it is.
PLAY_PROMPT = N_("Play? [play]: ")
"""The prompt on a playable spread when it does not."""

_ANSWERS = {"p": Decision.PLAY, "play": Decision.PLAY,
            "d": Decision.DOUBLE, "double": Decision.DOUBLE}


def spell(move: RedDogMove) -> str:
    """Return the line a person types for `move`: ``""``, ``500``, ``play``..."""
    if isinstance(move, Bet):
        whole, cents = divmod(move.cents, CENTS_PER_DOLLAR)
        return f"{whole}.{cents:02d}" if cents else str(whole)
    return "" if move is DEAL else str(move)


class RedDogConsole(Console[RedDogGame, RedDogMove]):
    """Plays a `RedDogGame` on a `Terminal`.

    With hints (``--hint``) a line before each prompt gives the best move and
    why, from the exact odds of the cards left.
    """

    rules = N_("""\
One player against the house, with $1000.00 of credit.  Each round you bet
$50 to $500 in steps of $50; two cards are dealt, aces high, suits do not
matter.  Consecutive cards push: the bet comes back.  A pair gets a free
third card: three of a kind pays 11 to 1, anything else pushes.

Otherwise the spread is the number of ranks between the two cards: play,
or double the bet, and a third card is dealt.  Strictly between the two,
you win: spread 1 pays 5 to 1, 2 pays 4 to 1, 3 pays 2 to 1, 4 to 11 pay
even money; otherwise you lose the bet.  A new shoe is shuffled in when
fewer than a quarter of its cards are left.  The game ends when you quit
or your credit is below $50.""")
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
            if game.can_double:
                # Translators: play, p, double and d are typed, as they are.
                return _("Type play (or p) to play the spread, or double (or d) to "
                         "double your bet first.")
            # Translators: play and p are typed, as they are.
            return _("Type play (or p): your credit does not cover a double.")
        if self.terminal.interactive:
            # Translators: deal and quit are typed, as they are; the amounts
            # are dollars ($50.00).
            text = _("Press Enter (or type deal) to deal with your {bet} bet, type a "
                     "new bet from {minimum} to {maximum} in steps of {step} (such "
                     "as 100) to deal with it, or type quit.")
        else:
            # Translators: deal and quit are typed, as they are; the amounts
            # are dollars ($50.00).
            text = _("Press Enter (or type deal) to deal with your {bet} bet, type a "
                     "new bet from {minimum} to {maximum} in steps of {step} (such "
                     "as 100), or type quit.")
        return text.format(bet=format_money(game.bet), minimum=format_money(MIN_BET),
                           maximum=format_money(game.max_bet),
                           step=format_money(BET_STEP))

    def prompt(self, seat: int) -> str:
        """Return the bet prompt between rounds, the decision prompt on a spread."""
        game = self.game
        if game.phase is Phase.DECIDING:
            return _(DOUBLE_PROMPT if game.can_double else PLAY_PROMPT)
        return _(BET_PROMPT).format(credit=format_money(game.credit),
                                    bet=format_money(game.bet))

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
                raise IllegalMoveError(self._not_a_decision(answer))
            return decision
        if line == "" or answer == "deal":
            return DEAL
        if not answer:
            raise IllegalMoveError(_("a line of spaces is no bet (an empty line "
                                     "deals)"))
        cents = parse_money(answer)
        if cents is None:
            # Translators: {line} is the line typed, in quotes.
            raise IllegalMoveError(_("{line} is not an amount").format(
                line=quoted(answer)))
        return Bet(cents)

    def _not_a_decision(self, answer: str) -> str:
        """Say that `answer`, typed on a spread, is neither play nor double."""
        if self.game.can_double:
            if answer:
                # Translators: {line} is the line typed, in quotes; play and
                # double are typed, as they are.
                return _("{line} is not play or double").format(line=quoted(answer))
            # Translators: play and double are typed, as they are.
            return _("say play or double")
        if answer:
            # Translators: {line} is the line typed, in quotes; play is typed,
            # as it is.
            return _("{line} is not play").format(line=quoted(answer))
        # Translators: play is typed, as it is.
        return _("say play")

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
            # Translators: play and p are typed, as they are.
            return f"{because(error)}\n" + _("Type play (or p).")
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
        # Consoles told the event one after another share its text.
        return shared((self.game, "event", id(event)), lambda: "".join(
            line + "\n" for line in self._lines(event)))

    def _lines(self, event: Event) -> list[str]:
        if isinstance(event, GameStarted):
            # Each line fits 80 columns.
            return [ngettext("Red Dog: {count} deck in the shoe, aces high (14), "
                             "suits do not matter.",
                             "Red Dog: {count} decks in the shoe, aces high (14), "
                             "suits do not matter.", event.decks).format(
                                 count=event.decks),
                    _("Bets are {minimum} to {maximum} in steps of {step}.").format(
                        minimum=format_money(MIN_BET), maximum=format_money(MAX_BET),
                        step=format_money(BET_STEP)),
                    _("Pays: spread 1 5:1, 2 4:1, 3 2:1, 4-11 1:1, three of a kind "
                      "11:1."),
                    ""]
        if isinstance(event, NewShoe):
            return [ngettext("New shoe: fewer than a quarter of the cards were left; "
                             "{count} deck shuffled.",
                             "New shoe: fewer than a quarter of the cards were left; "
                             "{count} decks shuffled.", event.decks).format(
                                 count=event.decks)]
        if isinstance(event, RoundDealt):
            hand = event.hand
            cards = f"[{hand.first}] [{hand.second}]"
            if hand.kind is HandKind.CONSECUTIVE:
                # Translators: {cards} are the first two cards: [♠4] [♥5].
                text = _("Round {round}: {cards}, consecutive: push, the {bet} bet "
                         "is returned")
            elif hand.kind is HandKind.PAIR:
                # Translators: {cards} are the first two cards: [♠4] [♥4].
                text = _("Round {round}: {cards}, a pair: a free third card is dealt")
            else:
                # Translators: {cards} are the first two cards: [♠4] [♥9];
                # {pays}:1 is the odds a win pays, such as 2:1.
                text = _("Round {round}: {cards}, spread {spread} pays {pays}:1")
            return [text.format(round=event.round, cards=cards,
                                bet=format_money(event.bet), spread=hand.spread,
                                pays=hand.pays)]
        if isinstance(event, RoundSettled):
            return self._settled(event)
        if isinstance(event, GameEnded):
            return self._ended(event)
        return []

    @staticmethod
    def _settled(result: RoundSettled) -> list[str]:
        lines = []
        if result.third is not None:
            # A pair's free third card wins or pushes; a spread's middle card
            # wins or loses.
            if result.outcome is Outcome.WIN and result.decision is None:
                # Translators: {card} is the card dealt: [♠4]; {pays}:1 the odds
                # paid, on the {wager} bet.
                text = _("Third card {card}: three of a kind, you win {payout} "
                         "({pays}:1 on {wager})")
            elif result.outcome is Outcome.WIN:
                # Translators: {card} is the card dealt: [♠7]; {pays}:1 the odds
                # paid, on the {wager} bet.
                text = _("Middle card {card}: between, you win {payout} ({pays}:1 on "
                         "{wager})")
            elif result.outcome is Outcome.PUSH:
                # Translators: {card} is the card dealt: [♠7].
                text = _("Third card {card}: no three of a kind: push, the bet is "
                         "returned")
            else:
                # Translators: {card} is the card dealt: [♠7].
                text = _("Middle card {card}: not between, you lose {wager}")
            lines.append(text.format(card=f"[{result.third}]",
                                     payout=format_money(result.payout),
                                     pays=result.pays,
                                     wager=format_money(result.wager)))
        lines.append(_("Credit {credit}").format(
            credit=format_money(result.credit_after)))
        if result.next_bet is not None and result.next_bet < result.bet:
            lines.append(_("Your bet is lowered to {bet}, the most your credit "
                           "covers.").format(bet=format_money(result.next_bet)))
        lines.append("")
        return lines

    @staticmethod
    def _ended(event: GameEnded) -> list[str]:
        lines = []
        if event.reason is Ending.CREDIT:
            lines.append(_("Your credit of {credit} is below the {minimum} minimum "
                           "bet.").format(credit=format_money(event.credit),
                                          minimum=format_money(MIN_BET)))
        elif event.reason is Ending.ROUNDS:
            limit = event.max_rounds
            assert limit is not None  # the game ended by its round limit
            lines.append(ngettext("That was the last round: the game is {count} round "
                                  "long.",
                                  "That was the last round: the game is {count} "
                                  "rounds long.", limit).format(count=limit))
        lines.append(_summary(event.rounds, event.net, event.credit))
        return lines


def _summary(rounds: int, net: int, credit: int) -> str:
    """The last line of a game: rounds played, the net result and the credit."""
    return ngettext("Game over: {count} round played, net result {net}, final "
                    "credit {credit}.",
                    "Game over: {count} rounds played, net result {net}, final "
                    "credit {credit}.", rounds).format(count=rounds,
                                                       net=format_change(net),
                                                       credit=format_money(credit))
