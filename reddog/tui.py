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
from common.language import N_, _, ngettext
from common.tui.cards import card_text
from common.tui.look import Choice, GameLook, Shows, styled
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

PAYS = N_("Pays: spread 1 5:1 · 2 4:1 · 3 2:1\n"
          "      4-11 1:1 · three of a kind 11:1")
"""The pay table."""


def _hand(hand: Spread) -> Text:
    return Text.assemble(card_text(hand.first), " ", card_text(hand.second))


def _spread(hand: Spread) -> str:
    # Translators: after the two cards; {pays}:1 is the odds a win pays (2:1).
    return _("spread {spread} pays {pays}:1").format(spread=hand.spread,
                                                     pays=hand.pays)


class RedDogLook(GameLook[RedDogGame, RedDogMove]):
    """The Red Dog table: credit, bet, the hand, the last result, the shoe."""

    keys = N_("  Enter or d   deal the next round, between rounds\n"
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
        limited = game.max_rounds is not None
        if game.phase is Phase.DECIDING:
            text = (_("round {count} of {rounds} · credit {credit}") if limited
                    else _("round {count} · credit {credit}"))
        elif limited:
            text = ngettext("{count} round played of {rounds} · credit {credit}",
                            "{count} rounds played of {rounds} · credit {credit}",
                            played)
        else:
            text = ngettext("{count} round played · credit {credit}",
                            "{count} rounds played · credit {credit}", played)
        return text.format(count=played, rounds=game.max_rounds,
                           credit=format_money(game.credit))

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return the money, the hand, the last round, the pays and the shoe.

        Compact, without the pay table (the hand says what it pays, the help
        says the rest) and blank lines.
        """
        game = self.game
        gap = [] if compact else [Text("")]
        # Translators: a label before an amount on the table: Credit $1000.00.
        credit = _("Credit")
        # Translators: a label before an amount on the table: Bet $50.00.
        bet = _("Bet")
        # Translators: a label before an amount on the table: Net +$50.00.
        net = _("Net")
        lines: list[RenderableType] = [
            Text.assemble((f"{credit} ", "bold"), format_money(game.credit),
                          (f"   {bet} ", "bold"), format_money(game.bet),
                          (f"   {net} ", "bold"), format_change(game.net)),
            *gap]
        hand = game.hand
        if game.phase is Phase.DECIDING and hand is not None:
            # Translators: the label before the two cards on the table.
            label = _("Hand:")
            lines.append(Text.assemble((f"{label} ", "bold"), _hand(hand), "  ",
                                       _spread(hand)))
        else:
            lines.append(Text(_("Hand: deal to see two cards"), style="dim"))
        if self._last:
            lines += [*gap, Text(_("Last round:"), style="dim"), *self._last]
        shoe = game.shoe
        if shoe.needs_new_shoe():
            left = ngettext("Shoe: {left} of {cards} cards left, {count} deck: a new "
                            "shoe comes next",
                            "Shoe: {left} of {cards} cards left, {count} decks: a new "
                            "shoe comes next", shoe.decks)
        else:
            left = ngettext("Shoe: {left} of {cards} cards left, {count} deck",
                            "Shoe: {left} of {cards} cards left, {count} decks",
                            shoe.decks)
        lines += [*gap, *([] if compact else [Text(_(PAYS), style="dim")]),
                  Text(left.format(left=len(shoe), cards=shoe.capacity,
                                   count=shoe.decks), style="dim")]
        return Group(*lines)

    def history(self, event: Event) -> list[Text]:
        """Return the lines of a deal, a decision, a result, a shoe, the end."""
        if isinstance(event, BetChanged):
            return [Text(_("Bet set to {bet}").format(bet=format_money(event.bet)))]
        if isinstance(event, NewShoe):
            # Translators: the English says "decks" for 1 too.
            return [Text(ngettext("New shoe: {count} decks shuffled",
                                  "New shoe: {count} decks shuffled",
                                  event.decks).format(count=event.decks),
                         style="bold")]
        if isinstance(event, RoundDealt):
            hand = event.hand
            if hand.kind is HandKind.CONSECUTIVE:
                # Translators: after the round's two cards.
                what = _("consecutive: push")
            elif hand.kind is HandKind.PAIR:
                # Translators: after the round's two cards.
                what = _("a pair: a free third card")
            else:
                what = _spread(hand)
            # Translators: the heading before the round's two cards.
            head = _("── Round {round}:").format(round=event.round)
            return [Text.assemble((f"{head} ", "bold"), _hand(hand), f" {what}")]
        if isinstance(event, RoundSettled):
            self._last = self._settled(event)
            return self._last
        if isinstance(event, GameEnded):
            self._end = event
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    @staticmethod
    def _settled(result: RoundSettled) -> list[Text]:
        cards, wager = _hand(result.hand), format_money(result.wager)
        doubled = result.decision is Decision.DOUBLE
        if result.third is None:
            # Translators: {cards} are the round's two cards, {wager} an amount.
            dealt = (styled(_("{cards}, doubled to {wager}"), cards=cards, wager=wager)
                     if doubled else Text.assemble(cards))
        elif doubled:
            # Translators: {cards} are the round's two cards, {wager} an
            # amount, {card} the third card.
            dealt = styled(_("{cards}, doubled to {wager}, then {card}"), cards=cards,
                          wager=wager, card=card_text(result.third))
        else:
            # Translators: {cards} are the round's two cards, {card} the third.
            dealt = styled(_("{cards}, then {card}"), cards=cards,
                          card=card_text(result.third))
        if result.outcome is Outcome.WIN:
            verdict = _("you win {amount}: credit {credit}")
        elif result.outcome is Outcome.LOSS:
            verdict = _("you lose {amount}: credit {credit}")
        else:
            verdict = _("a push: credit {credit}")
        lines = [dealt, Text(verdict.format(amount=format_money(abs(result.payout)),
                                            credit=format_money(result.credit_after)),
                             style="bold" if result.outcome is Outcome.WIN else "")]
        if result.next_bet is not None and result.next_bet < result.bet:
            lines.append(Text(_("Bet lowered to {bet}, the most your credit "
                                "covers").format(bet=format_money(result.next_bet))))
        return lines

    def prompt(self, seat: int) -> str:
        """Return what to do now."""
        game = self.game
        if game.phase is Phase.DECIDING:
            if game.can_double:
                return _("Play (p) or double (d) the spread?")
            return _("Play (p): your credit does not cover a double.")
        return _("Enter deals with the bet of {bet}; ← → choose another bet.").format(
            bet=format_money(game.bet))

    def choices(self, seat: int) -> list[Choice[RedDogMove]]:
        """Return the deal and the bets, or play and double."""
        game = self.game
        if game.phase is Phase.DECIDING:
            return [Choice(_("Play"), Decision.PLAY, key="p"),
                    Choice(_("Double"), Decision.DOUBLE, key="d",
                           enabled=game.can_double)]
        bets: list[Choice[RedDogMove]] = [
            Choice(f"${cents // 100}", Bet(cents), enabled=cents <= game.max_bet)
            for cents in range(MIN_BET, MAX_BET + 1, BET_STEP)]
        return [Choice(_("Deal"), DEAL, key="d"), *bets]

    def judge(self, move: RedDogMove) -> str:
        """Return what Enter does on the choice highlighted."""
        if not self.game.can_move(move):
            return super().judge(move)
        if isinstance(move, Bet):
            return _("Enter sets the bet to {bet}.").format(
                bet=format_money(move.cents))
        if move is DEAL:
            return _("Enter deals the next round, {bet} bet.").format(
                bet=format_money(self.game.bet))
        # Translators: {move} is the word typed for it: play or double.
        return _("Enter: {move}.").format(move=str(move))

    def outcome(self) -> list[str]:
        """Return why the game ended, the rounds, the net result and the credit."""
        game = self.game
        end = self._end
        lines = []
        if end is not None and end.reason is Ending.CREDIT:
            lines.append(_("Your credit is below the {minimum} minimum bet.").format(
                minimum=format_money(MIN_BET)))
        played = game.rounds_played
        lines.append(ngettext("{count} round played, net {net}, final credit "
                              "{credit}.",
                              "{count} rounds played, net {net}, final credit "
                              "{credit}.", played).format(
                                  count=played, net=format_change(game.net),
                                  credit=format_money(game.credit)))
        return lines
