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
from common.tui.cards import card_text, cards_text
from common.tui.look import Choice, GameLook, Shows
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
_PAST = {Action.CHECK: "checks", Action.BET: "bets", Action.CALL: "calls",
         Action.RAISE: "raises", Action.FOLD: "folds"}
HOLE_NOTE = "[ ] a hole card: the others see it face down"
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

    keys = ("  ← → Enter    highlight an action and make it\n"
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
        hand = f"Hand {game.hand_number}"
        if game.max_hands is not None:
            hand += f" of {game.max_hands}"
        if game.phase is Phase.BETTING:
            hand += (f" · round {game.round_number}: ${game.bet_size} bets,"
                     f" raises {game.raises}/{StudRules.MAX_RAISES}")
        return hand

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
        for _ in range(5):
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
                         Text(f"in: ${put}", style="dim") if put else Text(""))
        lines: list[RenderableType] = [grid]
        if hole_up:
            lines.append(Text(HOLE_NOTE, style="dim"))
        if not compact:
            lines.append(Text(""))
        pot = Text(f"Pot ${game.pot}", style="bold")
        if turn is not None and game.phase is Phase.BETTING:
            owed = game.to_call(turn)
            pot.append(f" · {self.name(turn)} " + (f"owes ${owed} to call" if owed
                                                    else "may check"), style="")
        lines.append(pot)
        if compact:
            lines += [Text.assemble(("Last hand: ", "dim"), won)
                      for won in self._last_won]
        elif self._last:
            lines += [Text(""), Text("Last hand:", style="dim"), *self._last]
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a deal, an action, a showdown or a result."""
        if isinstance(event, HandStarted):
            self._round_bets = [0] * PLAYERS
            self._ending = []
            self._won = []
            return [Text(f"── Hand {event.hand} ──", style="bold")]
        if isinstance(event, CardDealt):
            if not event.face_up:
                return []
            return [Text.assemble(f"{self.name(event.seat)} gets ",
                                  card_text(event.card))]
        if isinstance(event, RoundStarted):
            self._round_bets = [0] * PLAYERS
            return [Text(f"Round {event.round}: ${event.bet} bets, "
                         f"{self.name(event.first)} first", style="dim")]
        if isinstance(event, ActionTaken):
            self._round_bets[event.seat] += event.amount
            text = f"{self.name(event.seat)} {_PAST[event.action]}"
            if event.amount:
                text += f" ${event.amount}"
            if event.all_in:
                text += ", all-in"
            return [Text(text)]
        if isinstance(event, UncalledReturned):
            return [Text(f"${event.amount} uncalled back to {self.name(event.seat)}")]
        if isinstance(event, BettingClosed):
            return [Text(f"{self.name(event.seat)} is all-in: no more bets")]
        if isinstance(event, Showdown):
            self._ending = [Text.assemble(f"{self.name(seat)} ",
                                          cards_text(hand.cards),
                                          f" {hand.name}")
                            for seat, hand in enumerate(event.hands)]
            return [Text("Showdown:", style="bold"), *self._ending]
        if isinstance(event, PotWon):
            share = "half the pot" if event.split else "the pot"
            won = Text(f"{self.name(event.seat)} wins {share}, ${event.amount}",
                       style="bold")
            self._ending.append(won)
            self._won.append(won)
            return [won]
        if isinstance(event, HandEnded):
            self._last, self._last_won = self._ending, self._won
            return []
        if isinstance(event, PlayerQuit):
            return [Text(f"{self.name(event.seat)} quits", style="bold")]
        if isinstance(event, Refunded):
            return [Text(f"{self.name(event.seat)} takes back ${event.amount}")]
        if isinstance(event, GameEnded):
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return the cost of calling, or that checking is free."""
        owed = self.game.to_call(seat)
        if owed:
            return (f"${owed} to call into a pot of ${self.game.pot}: call, "
                    "raise or fold.")
        return f"Nothing to call, pot ${self.game.pot}: check or bet."

    def choices(self, seat: int) -> list[Choice[StudMove]]:
        """Return the five actions, the legal ones enabled, with their amounts."""
        game = self.game
        legal = game.legal_actions()
        owed = game.to_call(seat)
        amounts = {Action.BET: game.bet_size, Action.CALL: min(owed, game.stacks[seat]),
                   Action.RAISE: owed + game.bet_size}
        choices: list[Choice[StudMove]] = []
        for action in Action:
            words = action.value.capitalize()
            if action in amounts and action in legal:
                words += f" ${amounts[action]}"
            choices.append(Choice(words, action, key=_KEYS[action],
                                  enabled=action in legal))
        return choices

    def outcome(self) -> list[str]:
        """Return each player's money and who won."""
        game = self.game
        lines = [f"{self.name(seat)} has ${money}." for seat, money
                 in enumerate(game.stacks)]
        if game.winner is not None:
            lines.append(f"{self.name(game.winner)} wins the game.")
        elif game.max_hands is not None and game.hand_number >= game.max_hands:
            lines.append("The game is a draw.")
        return lines
