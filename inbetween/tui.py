"""In Between at the full-screen table (``python3 -m inbetween --tui``).

Every card is face up, so the table shows every player's two cards, coins
(``9 coins``) and what happened to them this round, the pool and the cards
drawn.  The
controls are the bets allowed (← → and Enter, or type the number) and the
fold (f).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from common.console.console import Console
from common.engine.events import Event
from common.tui.cards import card_text, cards_text
from common.tui.look import Choice, GameLook, Shows
from inbetween.events import (
    POOL,
    Action,
    CardDrawn,
    Decision,
    DrawOutcome,
    EndReason,
    GameEnded,
    GameStarted,
    PairFound,
    PlayerOut,
    PoolRefilled,
    RoundStarted,
    Transfer,
)
from inbetween.game import FOLD_FEE, InBetweenGame, InBetweenMove
from inbetween.view import FOLD


def coins(amount: int) -> str:
    """Return ``1 coin`` or ``N coins``."""
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


class InBetweenLook(GameLook[InBetweenGame, InBetweenMove]):
    """The In Between table: every player's cards and coins, and the pool."""

    keys = ("  ← → Enter    choose a bet and make it (or type the number)\n"
            "  f            fold (it costs 1 coin)")

    def __init__(self, game: InBetweenGame,
                 console: Console[InBetweenGame, InBetweenMove]) -> None:
        """Show `game`; `console` is its `inbetween.console.InBetweenConsole`."""
        super().__init__(game, console)
        self._notes: dict[int, Text] = {}
        self._end: GameEnded | None = None

    def status(self) -> str:
        """Return the round, the dealer and the pool."""
        game = self.game
        return (f"Round {game.round_number} · {self.name(game.dealer)} deals · "
                f"pool {coins(game.pool)}")

    def min_size(self) -> tuple[int, int]:
        """Return 60 columns, and a row for each player more than six."""
        columns, rows = self.MIN_SIZE
        return columns, max(rows, len(self.game.players) + 9)

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return each player's coins, cards and round, then the pool and draws.

        Compact, the pool and the cards drawn share a line.
        """
        game = self.game
        grid = Table.grid(padding=(0, 1))
        for column in range(5):
            grid.add_column(justify="right" if column == 2 else "left")
        for seat, player in enumerate(game.players):
            marker = Text("▶", style="bold") if seat == turn else Text(" ")
            name = Text(self.name(seat), style="dim" if player.is_out else "bold")
            note = self._notes.get(seat, Text(""))
            if player.is_out:
                note = Text("out", style="dim")
            elif seat == game.dealer and not note:
                note = Text("deals", style="dim")
            grid.add_row(marker, name, Text(coins(player.coins)),
                         cards_text(player.cards), note)
        pool = Text(f"Pool: {coins(game.pool)}", style="bold")
        lines: list[RenderableType] = [grid, pool]
        if game.drawn_cards:
            drawn = Text.assemble("Drawn: ", cards_text(game.drawn_cards))
            if compact:
                pool.append_text(Text.assemble(" · ", drawn, style="not bold"))
            else:
                lines.append(drawn)
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a round, a bet, a draw or the end."""
        if isinstance(event, GameStarted):
            return [Text(f"{event.players} players, {coins(event.coins)} each",
                         style="bold")]
        if isinstance(event, RoundStarted):
            self._notes = {}
            return [Text(f"── Round {event.round}: {self.name(event.dealer)} deals",
                         style="bold")]
        if isinstance(event, PairFound):
            self._notes[event.seat] = Text(f"{event.pair.value}: +1")
            return [Text.assemble(f"{self.name(event.seat)} has {event.pair.value} ",
                                  cards_text(event.cards), ": +1 coin, no bet")]
        if isinstance(event, Decision):
            if event.action is Action.FOLD:
                self._notes[event.seat] = Text("folded", style="dim")
                return [Text(f"{self.name(event.seat)} folds "
                             f"(-{coins(FOLD_FEE)})")]
            return [Text(f"{self.name(event.seat)} bets {coins(event.amount or 0)}")]
        if isinstance(event, CardDrawn):
            wins = event.outcome is DrawOutcome.BETWEEN
            where = {DrawOutcome.BETWEEN: "between", DrawOutcome.EQUAL: "equal",
                     DrawOutcome.OUTSIDE: "outside"}[event.outcome]
            verdict = "wins" if wins else "loses"
            self._notes[event.seat] = Text.assemble(
                "drew ", card_text(event.card), f": {verdict}",
                style="bold" if wins else "")
            return [Text.assemble("Drawn ", card_text(event.card), f": {where}, "
                                  f"{self.name(event.seat)} {verdict}")]
        if isinstance(event, Transfer) and event.payee != POOL:
            return [Text(f"{self.name(event.payee)} takes {coins(event.amount)} "
                         f"from the pool ({event.reason.value})", style="dim")]
        if isinstance(event, PlayerOut):
            return [Text(f"{self.name(event.seat)} is out", style="bold")]
        if isinstance(event, PoolRefilled):
            return [Text("The pool is empty: every player still in antes again",
                         style="bold")]
        if isinstance(event, GameEnded):
            self._end = event
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return the bets allowed on the player's two cards, or the fold."""
        low, high = self.game.bet_range
        bets = f"{low}" if low == high else f"{low} to {high}"
        first, second = self.game.players[seat].cards
        return (f"Bet {bets} that the next card falls between "
                f"{card_text(first).plain} and {card_text(second).plain}, "
                f"or fold (f, {coins(FOLD_FEE)}).")

    def choices(self, seat: int) -> list[Choice[InBetweenMove]]:
        """Return every bet allowed, then the fold."""
        low, high = self.game.bet_range
        bets: list[Choice[InBetweenMove]] = [
            Choice(f"Bet {amount}", amount) for amount in range(low, high + 1)]
        return [*bets, Choice("Fold", FOLD, key="f")]

    def judge(self, move: InBetweenMove) -> str:
        """Return what Enter does on the choice highlighted."""
        if not self.game.can_move(move):
            return super().judge(move)
        if move == FOLD:
            return f"Enter folds: {coins(FOLD_FEE)} into the pool."
        return f"Enter bets {coins(int(move))}." if isinstance(move, int) else ""

    def verdict(self) -> list[str]:
        """Return why the game ended and the winners: the table shows the coins."""
        return [*self._why(), self._winners()]

    def outcome(self) -> list[str]:
        """Return why the game ended, each player's coins and the winners."""
        return [*self._why(),
                *(f"{self.name(seat)} has {coins(player.coins)}."
                  for seat, player in enumerate(self.game.players)),
                self._winners()]

    def _why(self) -> list[str]:
        end = self._end
        if end is not None and end.reason is EndReason.POOL_EMPTY:
            return ["The pool is empty."]
        if end is not None and end.reason is EndReason.ROUND_LIMIT:
            return ["That was the last round."]
        if end is not None and end.seat is not None:
            return [f"{self.name(end.seat)} quit." if end.reason is EndReason.QUIT
                    else f"{self.name(end.seat)} is the last player with coins."]
        return []

    def _winners(self) -> str:
        winners = [self.name(seat) for seat in self.game.winning_seats()]
        return (f"{winners[0]} wins the game." if len(winners) == 1 else
                f"{', '.join(winners[:-1])} and {winners[-1]} share the win.")
