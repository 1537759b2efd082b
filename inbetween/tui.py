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
from common.language import N_, _, ngettext
from common.tui.cards import card_text, cards_text
from common.tui.look import Choice, GameLook, Shows, styled
from inbetween.console import REASONS, coins
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
    PairKind,
    PlayerOut,
    PoolRefilled,
    RoundStarted,
    Transfer,
)
from inbetween.game import FOLD_FEE, InBetweenGame, InBetweenMove
from inbetween.view import FOLD

PAIR_NOTES = {
    # Translators: the last column of a player's row: a pair of equal cards.
    PairKind.EQUAL: N_("equal: +1"),
    # Translators: the last column of a player's row: a pair of consecutive cards.
    PairKind.CONSECUTIVE: N_("consecutive: +1"),
}
"""What a player's row at the table says of a pair found this round."""
PAIRS = {
    PairKind.EQUAL: N_("{player} has equal {cards}: +1 coin, no bet"),
    PairKind.CONSECUTIVE: N_("{player} has consecutive {cards}: +1 coin, no bet"),
}
"""The history's line of a pair found."""
DRAWS = {
    DrawOutcome.BETWEEN: N_("Drawn {card}: between, {player} wins"),
    DrawOutcome.EQUAL: N_("Drawn {card}: equal, {player} loses"),
    DrawOutcome.OUTSIDE: N_("Drawn {card}: outside, {player} loses"),
}
"""The history's line of a card drawn, by where it fell."""


class InBetweenLook(GameLook[InBetweenGame, InBetweenMove]):
    """The In Between table: every player's cards and coins, and the pool."""

    # Translators: the keys are left as they are (see the help's own keys).
    keys = N_("  ← → Enter    choose a bet and make it (or type the number)\n"
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
        return ngettext("Round {round} · {dealer} deals · pool {count} coin",
                        "Round {round} · {dealer} deals · pool {count} coins",
                        game.pool).format(round=game.round_number,
                                          dealer=self.name(game.dealer),
                                          count=game.pool)

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
                # Translators: the last column of a player's row: they are out.
                note = Text(_("out"), style="dim")
            elif seat == game.dealer and not note:
                # Translators: the last column of a player's row: they deal.
                note = Text(_("deals"), style="dim")
            grid.add_row(marker, name, Text(coins(player.coins)),
                         cards_text(player.cards), note)
        pool = Text(ngettext("Pool: {count} coin", "Pool: {count} coins", game.pool)
                    .format(count=game.pool), style="bold")
        lines: list[RenderableType] = [grid, pool]
        if game.drawn_cards:
            drawn = styled(_("Drawn: {cards}"), cards=cards_text(game.drawn_cards))
            if compact:
                pool.append_text(Text.assemble(" · ", drawn, style="not bold"))
            else:
                lines.append(drawn)
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a round, a bet, a draw or the end."""
        if isinstance(event, GameStarted):
            # Translators: {coins} is a number of coins, such as "10 coins".
            started = ngettext("{players} player, {coins} each",
                               "{players} players, {coins} each", event.players)
            return [Text(started.format(players=event.players,
                                        coins=coins(event.coins)), style="bold")]
        if isinstance(event, RoundStarted):
            self._notes = {}
            return [Text("── " + _("Round {round}: {dealer} deals").format(
                round=event.round, dealer=self.name(event.dealer)), style="bold")]
        if isinstance(event, PairFound):
            self._notes[event.seat] = Text(_(PAIR_NOTES[event.pair]))
            return [styled(_(PAIRS[event.pair]), player=self.name(event.seat),
                           cards=cards_text(event.cards))]
        if isinstance(event, Decision):
            if event.action is Action.FOLD:
                # Translators: the last column of a player's row: they folded.
                self._notes[event.seat] = Text(_("folded"), style="dim")
                folds = ngettext("{player} folds (-{count} coin)",
                                 "{player} folds (-{count} coins)", FOLD_FEE)
                return [Text(folds.format(player=self.name(event.seat),
                                          count=FOLD_FEE))]
            amount = event.amount or 0
            bets = ngettext("{player} bets {count} coin", "{player} bets {count} coins",
                            amount)
            return [Text(bets.format(player=self.name(event.seat), count=amount))]
        if isinstance(event, CardDrawn):
            wins = event.outcome is DrawOutcome.BETWEEN
            # Translators: the last column of a player's row: the card drawn.
            drew = (_("drew {card}: wins") if wins
                    # Translators: the last column of a player's row: the card drawn.
                    else _("drew {card}: loses"))
            self._notes[event.seat] = styled(drew, "bold" if wins else "",
                                             card=card_text(event.card))
            return [styled(_(DRAWS[event.outcome]), card=card_text(event.card),
                           player=self.name(event.seat))]
        if isinstance(event, Transfer) and event.payee != POOL:
            takes = ngettext("{player} takes {count} coin from the pool ({reason})",
                             "{player} takes {count} coins from the pool ({reason})",
                             event.amount)
            return [Text(takes.format(player=self.name(event.payee), count=event.amount,
                                      reason=_(REASONS[event.reason])), style="dim")]
        if isinstance(event, PlayerOut):
            return [Text(_("{player} is out").format(player=self.name(event.seat)),
                         style="bold")]
        if isinstance(event, PoolRefilled):
            return [Text(_("The pool is empty: every player still in antes again"),
                         style="bold")]
        if isinstance(event, GameEnded):
            self._end = event
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return the bets allowed on the player's two cards, or the fold."""
        low, high = self.game.bet_range
        first, second = self.game.players[seat].cards
        if low == high:
            # Translators: f is the key that folds.
            prompt = ngettext("Bet {low} that the next card falls between {first} "
                              "and {second}, or fold (f, {count} coin).",
                              "Bet {low} that the next card falls between {first} "
                              "and {second}, or fold (f, {count} coins).", FOLD_FEE)
        else:
            # Translators: f is the key that folds.
            prompt = ngettext("Bet {low} to {high} that the next card falls between "
                              "{first} and {second}, or fold (f, {count} coin).",
                              "Bet {low} to {high} that the next card falls between "
                              "{first} and {second}, or fold (f, {count} coins).",
                              FOLD_FEE)
        return prompt.format(low=low, high=high, first=card_text(first).plain,
                             second=card_text(second).plain, count=FOLD_FEE)

    def choices(self, seat: int) -> list[Choice[InBetweenMove]]:
        """Return every bet allowed, then the fold."""
        low, high = self.game.bet_range
        bets: list[Choice[InBetweenMove]] = [
            Choice(_("Bet {amount}").format(amount=amount), amount)
            for amount in range(low, high + 1)]
        return [*bets, Choice(_("Fold"), FOLD, key="f")]

    def judge(self, move: InBetweenMove) -> str:
        """Return what Enter does on the choice highlighted."""
        if not self.game.can_move(move):
            return super().judge(move)
        if move == FOLD:
            return ngettext("Enter folds: {count} coin into the pool.",
                            "Enter folds: {count} coins into the pool.",
                            FOLD_FEE).format(count=FOLD_FEE)
        if not isinstance(move, int):
            return ""
        return ngettext("Enter bets {count} coin.", "Enter bets {count} coins.",
                        move).format(count=move)

    def verdict(self) -> list[str]:
        """Return why the game ended and the winners: the table shows the coins."""
        return [*self._why(), self._winners()]

    def outcome(self) -> list[str]:
        """Return why the game ended, each player's coins and the winners."""
        has = [ngettext("{player} has {count} coin.", "{player} has {count} coins.",
                        player.coins).format(player=self.name(seat), count=player.coins)
               for seat, player in enumerate(self.game.players)]
        return [*self._why(), *has, self._winners()]

    def _why(self) -> list[str]:
        end = self._end
        if end is not None and end.reason is EndReason.POOL_EMPTY:
            return [_("The pool is empty.")]
        if end is not None and end.reason is EndReason.ROUND_LIMIT:
            return [_("That was the last round.")]
        if end is not None and end.seat is not None:
            why = (_("{player} quit.") if end.reason is EndReason.QUIT
                   else _("{player} is the last player with coins."))
            return [why.format(player=self.name(end.seat))]
        return []

    def _winners(self) -> str:
        winners = [self.name(seat) for seat in self.game.winning_seats()]
        if len(winners) == 1:
            return _("{player} wins the game.").format(player=winners[0])
        # Translators: between the names of the winners, but the last two.
        others = _(", ").join(winners[:-1])
        # Translators: {players} is the winners but the last, {player} the last.
        return _("{players} and {player} share the win.").format(
            players=others, player=winners[-1])
