"""Five Card Stud at the full-screen table (``python3 -m stud --tui``).

The table shows both stacks, each player's cards (the hole card face down,
``▒▒``, but to its owner, who sees it in brackets, ``[♣8]``: hidden from
the others), the pot and what it costs to call.  The five
actions are buttons with their keys (k b c r f), the legal ones enabled;
the history pane keeps every action, card and showdown of every hand.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from common.cards.card import Card
from common.console.console import Console
from common.engine.events import Event
from common.language import N_, _
from common.tui.cards import card_text, cards_text
from common.tui.look import Choice, GameLook, Shows, styled
from stud.events import (
    Action,
    ActionTaken,
    BettingClosed,
    CardDealt,
    GameEnded,
    HandEnded,
    HandStarted,
    PlayerQuit,
    PotWon,
    Refunded,
    RoundStarted,
    Showdown,
    UncalledReturned,
)
from stud.game import PLAYERS, Phase, StudGame, StudMove
from stud.rules import StudRules

_KEYS = {Action.CHECK: "k", Action.BET: "b", Action.CALL: "c", Action.RAISE: "r",
         Action.FOLD: "f"}
_ACTED = {
    Action.CHECK: N_("{player} checks"), Action.BET: N_("{player} bets ${amount}"),
    Action.CALL: N_("{player} calls ${amount}"),
    Action.RAISE: N_("{player} raises ${amount}"), Action.FOLD: N_("{player} folds"),
}
"""What a player did, in the history ({player} is the name: Player 0)."""
_ACTED_ALL_IN = {
    Action.BET: N_("{player} bets ${amount}, all-in"),
    Action.CALL: N_("{player} calls ${amount}, all-in"),
    Action.RAISE: N_("{player} raises ${amount}, all-in"),
}
"""What a player did with all the money they had, in the history."""
_LABELS = {
    Action.CHECK: N_("Check"), Action.BET: N_("Bet"), Action.CALL: N_("Call"),
    Action.RAISE: N_("Raise"), Action.FOLD: N_("Fold"),
}
"""Each action's button."""
_LABELS_PAYING = {
    Action.BET: N_("Bet ${amount}"), Action.CALL: N_("Call ${amount}"),
    Action.RAISE: N_("Raise ${amount}"),
}
"""The button of an action that puts money in, legal now."""
HOLE_NOTE = N_("[ ] a hole card: the others see it face down")
"""What the brackets around a hole card face up mean, under the seats."""


def hole_text(card: Card, face_up: bool) -> Text:
    """Return a hole card: face down, or face up in brackets (italic).

    The brackets tell it from the up cards without colour: the others do not
    see it.
    """
    if not face_up:
        return card_text(None)
    return Text.assemble("[", card_text(card), "]", style="italic")


class StudLook(GameLook[StudGame, StudMove]):
    """The Stud table: stacks, cards, pot, and the five actions."""

    keys = N_("  ← → Enter    highlight an action and make it\n"
              "  k b c r f    check, bet, call, raise, fold (the legal ones are lit)\n"
              "  a word       check, bet, call, raise or fold typed, as in line mode")

    def __init__(self, game: StudGame, console: Console[StudGame, StudMove]) -> None:
        """Show `game`; `console` is its `stud.console.StudConsole`."""
        super().__init__(game, console)
        self._round_bets = [0] * PLAYERS
        self._ending: list[Text] = []
        self._last: list[Text] = []
        self._won: list[Text] = []
        self._last_won: list[Text] = []

    def status(self) -> str:
        """Return the hand (of how many) and the betting round."""
        game = self.game
        limited = game.max_hands is not None
        if game.phase is not Phase.BETTING:
            text = _("Hand {hand} of {hands}") if limited else _("Hand {hand}")
        elif limited:
            text = _("Hand {hand} of {hands} · round {round}: ${bet} bets, raises "
                     "{raises}/{most}")
        else:
            text = _("Hand {hand} · round {round}: ${bet} bets, raises {raises}/{most}")
        return text.format(hand=game.hand_number, hands=game.max_hands,
                           round=game.round_number, bet=game.bet_size,
                           raises=game.raises, most=StudRules.MAX_RAISES)

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return each player's money and cards, the pot, the last hand's end.

        Once the game is over every hole card is face up to everyone: it is
        drawn as an up card, without the brackets and their legend.
        Compact, the last hand is only who won it (the showdown is in the
        history).
        """
        game = self.game
        over = game.is_over
        grid = Table.grid(padding=(0, 1))
        for _column in range(5):
            grid.add_column()
        hole_up = False
        for seat in range(PLAYERS):
            marker = Text("▶", style="bold") if seat == turn else Text(" ")
            hole = game.hole_card(seat)
            hole_up |= hole is not None and shows(seat) and not over
            if hole is None:
                hole_card = Text("")
            else:
                hole_card = card_text(hole) if over else hole_text(hole, shows(seat))
            cards = Text(" ").join(
                [hole_card, *(card_text(card) for card in game.up_cards(seat))])
            put = self._round_bets[seat]
            grid.add_row(marker, Text(self.name(seat), style="bold"),
                         Text(f"${game.stacks[seat]}"), cards,
                         Text(_("in: ${amount}").format(amount=put), style="dim")
                         if put else Text(""))
        lines: list[RenderableType] = [grid]
        if hole_up:
            lines.append(Text(_(HOLE_NOTE), style="dim"))
        if not compact:
            lines.append(Text(""))
        pot = Text(_("Pot ${pot}").format(pot=game.pot), style="bold")
        if turn is not None and game.phase is Phase.BETTING:
            owed = game.to_call(turn)
            # Translators: after the pot (Pot $4 · Player 0 owes $2 to call).
            owes = (_("{player} owes ${owed} to call") if owed
                    # Translators: after the pot (Pot $4 · Player 0 may check).
                    else _("{player} may check"))
            pot.append(" · " + owes.format(player=self.name(turn), owed=owed),
                       style="")
        lines.append(pot)
        if compact:
            # Translators: {result} is who won what: Player 0 wins the pot, $12.
            last = _("Last hand: {result}")
            lines += [styled(last, "dim", result=won) for won in self._last_won]
        elif self._last:
            lines += [Text(""), Text(_("Last hand:"), style="dim"), *self._last]
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a deal, an action, a showdown or a result."""
        if isinstance(event, HandStarted):
            self._round_bets = [0] * PLAYERS
            self._ending = []
            self._won = []
            return [Text(_("── Hand {hand} ──").format(hand=event.hand),
                         style="bold")]
        if isinstance(event, CardDealt):
            if not event.face_up:
                return []
            # Translators: {card} is the card dealt face up: ♠A.
            return [styled(_("{player} gets {card}"), player=self.name(event.seat),
                          card=card_text(event.card))]
        if isinstance(event, RoundStarted):
            self._round_bets = [0] * PLAYERS
            return [Text(_("Round {round}: ${bet} bets, {player} first").format(
                round=event.round, bet=event.bet, player=self.name(event.first)),
                style="dim")]
        if isinstance(event, ActionTaken):
            self._round_bets[event.seat] += event.amount
            acted = _ACTED_ALL_IN if event.all_in else _ACTED
            return [Text(_(acted.get(event.action, _ACTED[event.action])).format(
                player=self.name(event.seat), amount=event.amount))]
        if isinstance(event, UncalledReturned):
            return [Text(_("${amount} uncalled back to {player}").format(
                amount=event.amount, player=self.name(event.seat)))]
        if isinstance(event, BettingClosed):
            return [Text(_("{player} is all-in: no more bets").format(
                player=self.name(event.seat)))]
        if isinstance(event, Showdown):
            self._ending = [Text.assemble(f"{self.name(seat)} ",
                                          cards_text(hand.cards),
                                          f" {hand.name}")
                            for seat, hand in enumerate(event.hands)]
            return [Text(_("Showdown:"), style="bold"), *self._ending]
        if isinstance(event, PotWon):
            wins = (_("{player} wins half the pot, ${amount}") if event.split
                    else _("{player} wins the pot, ${amount}"))
            won = Text(wins.format(player=self.name(event.seat), amount=event.amount),
                       style="bold")
            self._ending.append(won)
            self._won.append(won)
            return [won]
        if isinstance(event, HandEnded):
            self._last, self._last_won = self._ending, self._won
            return []
        if isinstance(event, PlayerQuit):
            return [Text(_("{player} quits").format(player=self.name(event.seat)),
                         style="bold")]
        if isinstance(event, Refunded):
            return [Text(_("{player} takes back ${amount}").format(
                player=self.name(event.seat), amount=event.amount))]
        if isinstance(event, GameEnded):
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return the cost of calling, or that checking is free."""
        owed = self.game.to_call(seat)
        if owed:
            return _("${owed} to call into a pot of ${pot}: call, raise or "
                     "fold.").format(owed=owed, pot=self.game.pot)
        return _("Nothing to call, pot ${pot}: check or bet.").format(pot=self.game.pot)

    def choices(self, seat: int) -> list[Choice[StudMove]]:
        """Return the five actions, the legal ones enabled, with their amounts."""
        game = self.game
        legal = game.legal_actions()
        owed = game.to_call(seat)
        amounts = {Action.BET: game.bet_size, Action.CALL: min(owed, game.stacks[seat]),
                   Action.RAISE: owed + game.bet_size}
        choices: list[Choice[StudMove]] = []
        for action in Action:
            words = _(_LABELS[action])
            if action in amounts and action in legal:
                words = _(_LABELS_PAYING[action]).format(amount=amounts[action])
            choices.append(Choice(words, action, key=_KEYS[action],
                                  enabled=action in legal))
        return choices

    def outcome(self) -> list[str]:
        """Return each player's money and who won."""
        game = self.game
        lines = [_("{player} has ${money}.").format(player=self.name(seat),
                                                    money=money)
                 for seat, money in enumerate(game.stacks)]
        if game.winner is not None:
            lines.append(_("{player} wins the game.").format(
                player=self.name(game.winner)))
        elif game.max_hands is not None and game.hand_number >= game.max_hands:
            lines.append(_("The game is a draw."))
        return lines
