"""Red Dog at the full-screen table (``python3 -m reddog --tui``).

The table shows the credit, the bet, the hand on the table with its spread
and pay, the last round's result, the pay table and the shoe.  Between
rounds the controls deal (Enter or d) or set the bet ($50 to $500, ← → and
Enter, or type the amount); on a spread they play (p) or double (d).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from common.console.console import Console
from common.engine.events import Event
from common.tui.cards import card_text
from common.tui.look import Choice, GameLook, Shows
from reddog.events import (
    BetChanged,
    Decision,
    Ending,
    GameEnded,
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
    Phase,
    RedDogGame,
    RedDogMove,
)
from reddog.hand import HandKind, Spread
from reddog.money import format_change, format_money

PAYS = "Pays: spread 1 5:1 · 2 4:1 · 3 2:1\n      4-11 1:1 · three of a kind 11:1"
"""The pay table."""


def _hand(hand: Spread) -> Text:
    return Text.assemble(card_text(hand.first), " ", card_text(hand.second))


class RedDogLook(GameLook[RedDogGame, RedDogMove]):
    """The Red Dog table: credit, bet, the hand, the last result, the shoe."""

    keys = ("  Enter or d   deal the next round, between rounds\n"
            "  ← → Enter    set the bet, between rounds (or type the amount)\n"
            "  p d          play or double a spread")

    def __init__(self, game: RedDogGame,
                 console: Console[RedDogGame, RedDogMove]) -> None:
        """Show `game`; `console` is its `reddog.console.RedDogConsole`."""
        super().__init__(game, console)
        self._last: list[Text] = []
        self._end: GameEnded | None = None

    def status(self) -> str:
        """Return the rounds played and the credit."""
        game = self.game
        played = game.rounds_played
        if game.phase is Phase.DECIDING:
            rounds = f"round {played}"
        else:
            rounds = f"{played} round{'' if played == 1 else 's'} played"
        if game.max_rounds is not None:
            rounds += f" of {game.max_rounds}"
        return f"{rounds} · credit {format_money(game.credit)}"

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return the money, the hand, the last round, the pays and the shoe.

        Compact, without the pay table (the hand says what it pays, the help
        says the rest) and blank lines.
        """
        game = self.game
        gap = [] if compact else [Text("")]
        lines: list[RenderableType] = [
            Text.assemble(("Credit ", "bold"), format_money(game.credit),
                          ("   Bet ", "bold"), format_money(game.bet),
                          ("   Net ", "bold"), format_change(game.net)),
            *gap]
        hand = game.hand
        if game.phase is Phase.DECIDING and hand is not None:
            lines.append(Text.assemble(("Hand: ", "bold"), _hand(hand),
                                       f"  spread {hand.spread} pays {hand.pays}:1"))
        else:
            lines.append(Text("Hand: deal to see two cards", style="dim"))
        if self._last:
            lines += [*gap, Text("Last round:", style="dim"), *self._last]
        shoe = game.shoe
        lines += [*gap, *([] if compact else [Text(PAYS, style="dim")]),
                  Text(f"Shoe: {len(shoe)} of {shoe.capacity} cards left, "
                       f"{shoe.decks} deck{'s' if shoe.decks > 1 else ''}"
                       + (": a new shoe comes next" if shoe.needs_new_shoe() else ""),
                       style="dim")]
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a deal, a decision, a result, a shoe, the end."""
        if isinstance(event, BetChanged):
            return [Text(f"Bet set to {format_money(event.bet)}")]
        if isinstance(event, NewShoe):
            return [Text(f"New shoe: {event.decks} decks shuffled", style="bold")]
        if isinstance(event, RoundDealt):
            hand = event.hand
            what = {HandKind.CONSECUTIVE: "consecutive: push",
                    HandKind.PAIR: "a pair: a free third card"}.get(
                hand.kind, f"spread {hand.spread} pays {hand.pays}:1")
            return [Text.assemble((f"── Round {event.round}: ", "bold"), _hand(hand),
                                  f" {what}")]
        if isinstance(event, RoundSettled):
            self._last = self._settled(event)
            return self._last
        if isinstance(event, GameEnded):
            self._end = event
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    @staticmethod
    def _settled(result: RoundSettled) -> list[Text]:
        lines = [Text.assemble(_hand(result.hand))]
        if result.decision is Decision.DOUBLE:
            lines[0].append(f", doubled to {format_money(result.wager)}")
        if result.third is not None:
            lines[0].append_text(Text.assemble(", then ", card_text(result.third)))
        verdict = {Outcome.WIN: f"you win {format_money(result.payout)}",
                   Outcome.LOSS: f"you lose {format_money(-result.payout)}",
                   Outcome.PUSH: "a push"}[result.outcome]
        lines.append(Text(f"{verdict}: credit {format_money(result.credit_after)}",
                          style="bold" if result.outcome is Outcome.WIN else ""))
        if result.next_bet is not None and result.next_bet < result.bet:
            lines.append(Text(f"Bet lowered to {format_money(result.next_bet)}, "
                              "the most your credit covers"))
        return lines

    def prompt(self, seat: int) -> str:
        """Return what to do now."""
        game = self.game
        if game.phase is Phase.DECIDING:
            text = ("Play (p) or double (d) the spread?" if game.can_double else
                    "Play (p): your credit does not cover a double.")
        else:
            text = (f"Enter deals with the bet of {format_money(game.bet)}; "
                    "← → choose another bet.")
        return text

    def choices(self, seat: int) -> list[Choice[RedDogMove]]:
        """Return the deal and the bets, or play and double."""
        game = self.game
        if game.phase is Phase.DECIDING:
            return [Choice("Play", Decision.PLAY, key="p"),
                    Choice("Double", Decision.DOUBLE, key="d", enabled=game.can_double)]
        bets: list[Choice[RedDogMove]] = [
            Choice(f"${cents // 100}", Bet(cents), enabled=cents <= game.max_bet)
            for cents in range(MIN_BET, MAX_BET + 1, BET_STEP)]
        return [Choice("Deal", DEAL, key="d"), *bets]

    def judge(self, move: RedDogMove) -> str:
        """Return what Enter does on the choice highlighted."""
        if not self.game.can_move(move):
            return super().judge(move)
        if isinstance(move, Bet):
            return f"Enter sets the bet to {format_money(move.cents)}."
        if move is DEAL:
            return f"Enter deals the next round, {format_money(self.game.bet)} bet."
        return f"Enter: {move}."

    def outcome(self) -> list[str]:
        """Return why the game ended, the rounds, the net result and the credit."""
        game = self.game
        end = self._end
        lines = []
        if end is not None and end.reason is Ending.CREDIT:
            lines.append(f"Your credit is below the {format_money(MIN_BET)} "
                         "minimum bet.")
        lines.append(f"{game.rounds_played} round"
                     f"{'' if game.rounds_played == 1 else 's'} played, net "
                     f"{format_change(game.net)}, final credit "
                     f"{format_money(game.credit)}.")
        return lines
