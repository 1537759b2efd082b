"""Big Two at the full-screen table (``python3 -m bigtwo --tui``).

The table lists the four players with their card counts and what each did
since the last lead, and says what must be beaten, or that the player to
move has the lead.  A person picks cards from their hand with ← → and Space
and plays them with Enter, or types the indices as in line mode.  A pass,
with ``p``, Enter with no card picked or a typed line that picks none, is
asked about first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bigtwo.events import GameEnded, HandPlayed, Passed
from bigtwo.game import THREE_OF_DIAMONDS, BigTwo, IllegalMoveError
from bigtwo.moves import PASS, Move
from common.cards.card import Card
from common.console.console import Console
from common.engine.events import Event
from common.language import N_, _, ngettext
from common.tui.cards import cards_text, label
from common.tui.look import Choice, GameLook, Shows, styled


def _hand(kind: str, cards: Iterable[Card]) -> Text:
    return Text.assemble(f"{kind} ", cards_text(cards))


def _labelled(kind: str, cards: Iterable[Card]) -> str:
    """A hand as the status line and the prompts name it: ``Pair ♦4 ♠4``."""
    return f"{kind} {' '.join(map(label, cards))}"


class BigTwoLook(GameLook[BigTwo, Move]):
    """The Big Two table: counts, the round since the last lead, your hand."""

    picks_cards = True
    keys = N_("  ← →          move along your cards\n"
              "  Space        pick a card, or put it back\n"
              "  Enter        play the cards picked (none picked: asks, then passes)\n"
              "  p            pass (asks first)\n"
              "  0-9          type the indices of the cards, as in line mode")

    def __init__(self, game: BigTwo, console: Console[BigTwo, Move]) -> None:
        """Show `game`; `console` is its `bigtwo.console.BigTwoConsole`."""
        super().__init__(game, console)
        self._round: dict[int, Text] = {}
        self._leader: int | None = None

    def _players(self) -> int:
        return self.game.get_num_of_players()

    def status(self) -> str:
        """Return what must be beaten, or that the table is open."""
        game = self.game
        last = game.get_last_hand_on_table()
        if game.is_over or game.current_seat is None:
            played = len(game.get_hands_on_table())
            return ngettext("{count} hand played", "{count} hands played",
                            played).format(count=played)
        if last is None:
            # Translators: {card} is the card that opens: ♦3.
            return _("the {card} opens").format(card=label(THREE_OF_DIAMONDS))
        if self._leader == game.current_seat:
            return _("a new round: any hand leads")
        # Translators: {hand} is the hand on the table: Pair ♦4 ♠4.
        return _("{hand} to beat").format(hand=_labelled(last.get_type(), last))

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return each player's count and round, then the hand to beat.

        Compact, without the hand on the table, which the status line and
        its player's round already show, nor the winner at the end, which
        the message under the controls says (`verdict`).
        """
        game = self.game
        grid = Table.grid(padding=(0, 1))
        for _column in range(4):
            grid.add_column()
        for seat, player in enumerate(game.get_player_list()):
            count = player.get_num_of_cards()
            marker = Text("▶", style="bold") if seat == turn else Text(" ")
            # Translators: the cards a player holds, beside the name; the
            # singular's last space makes it as wide as the plural.
            cards = Text(ngettext("{count:2d} card ", "{count:2d} cards",
                                  count).format(count=count),
                         style="bold red" if 0 < count <= 3 else "")
            grid.add_row(marker, Text(self.name(seat), style="bold"), cards,
                         self._round.get(seat, Text("")))
            if shows(seat) and count and (game.is_over or seat == turn):
                grid.add_row("", "", "", cards_text(player.get_cards_in_hand()))
        situation = self._situation(turn, compact)
        if compact:
            return Group(grid, situation) if situation.plain else grid
        return Group(grid, Text(""), situation)

    def _situation(self, turn: int | None, compact: bool) -> Text:
        game = self.game
        last = game.get_last_hand_on_table()
        if game.is_over:
            winner = game.winner
            return Text(_("{player} is out of cards and wins.").format(
                player=self.name(winner)) if winner is not None and not compact
                else "", style="bold")
        if turn is None:
            return Text("")
        who = self.name(turn)
        if last is None:
            # Translators: {card} is the card that opens: ♦3.
            return Text(_("{player} holds the {card} and opens with a hand holding "
                          "it.").format(player=who, card=label(THREE_OF_DIAMONDS)))
        assert self._leader is not None  # the seat that played `last`
        # Translators: {hand} is the hand on the table: Pair ♦4 ♠4.
        on_table = styled(_("On the table: {hand} by {player}"),
                         hand=_hand(last.get_type(), last),
                         player=self.name(self._leader))
        if self._leader == turn:
            cue = Text(_("Everyone else passed: {player} has the lead and may play "
                         "any hand.").format(player=who), style="bold")
        else:
            cue = Text(ngettext("{player} beats it with {count} card, or passes.",
                                "{player} beats it with {count} cards, or passes.",
                                last.size()).format(player=who, count=last.size()))
        return cue if compact else Text("\n").join([on_table, cue])

    def history(self, event: Event) -> list[Text]:
        """Return ``Player 1 plays Pair ♦4 ♠4``, ``Player 2 passes``, the winner."""
        if isinstance(event, HandPlayed):
            leads = self._leader in (None, event.seat)
            if leads:
                self._round = {}
            self._leader = event.seat
            hand = _hand(event.hand_type, event.cards)
            self._round[event.seat] = hand
            # Translators: {hand} is the hand played: Pair ♦4 ♠4.
            played = (_("{player} leads {hand}") if leads
                      # Translators: {hand} is the hand played: Pair ♦4 ♠4.
                      else _("{player} plays {hand}"))
            return [styled(played, "bold", player=self.name(event.seat), hand=hand)]
        if isinstance(event, Passed):
            # Translators: what a player did this round, beside the name.
            self._round[event.seat] = Text(_("passed"), style="dim")
            return [Text(_("{player} passes").format(player=self.name(event.seat)),
                         style="dim")]
        if isinstance(event, GameEnded):
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return what to play: the opening, the lead, or what to beat."""
        last = self.game.get_last_hand_on_table()
        if last is None:
            # Translators: {card} is the card that opens: ♦3.
            return _("Open with a hand holding the {card}: Space picks cards, Enter "
                     "plays them.").format(card=label(THREE_OF_DIAMONDS))
        if self._leader == seat:
            return _("You have the lead: play any hand (Space picks, Enter plays).")
        # Translators: {hand} is the hand on the table: Pair ♦4 ♠4.
        return _("Beat {hand}, or pass (p).").format(
            hand=_labelled(last.get_type(), last))

    def choices(self, seat: int) -> list[Choice[Move]]:
        """Return the pass, enabled when the rules allow it."""
        return [Choice(_("Pass"), PASS, key="p", enabled=self.game.can_pass())]

    def hand(self, seat: int) -> Sequence[Card]:
        """Return the seat's cards, in hand order (the indices of a move)."""
        return tuple(self.game.get_player_list()[seat].get_cards_in_hand())

    def picked(self, seat: int, indices: tuple[int, ...]) -> Move:
        """Return the move of the cards at `indices` (none picked: a pass)."""
        return tuple(sorted(indices))

    def confirms(self, move: Move) -> str | None:
        """Ask before a pass, however it is made: ``p``, Enter, or a line."""
        return None if move else _("Pass? No card is picked.")

    def judge(self, move: Move) -> str:
        """Return the hand the cards picked make, or why it may not be played."""
        try:
            hand = self.game.hand_of(move)
        except IllegalMoveError as error:
            seat = self.game.current_seat
            cards = self.hand(seat) if seat is not None else ()
            picked = " ".join(label(cards[i]) for i in move if 0 <= i < len(cards))
            if not picked:
                return error.reason
            # Translators: {cards} are the cards picked (♦4 ♠5), {reason} why
            # they may not be played.
            return _("{cards}: {reason}").format(cards=picked, reason=error.reason)
        if hand is None:
            return _("Enter passes (it asks first).")
        # Translators: {hand} is the hand the cards picked make: Pair ♦4 ♠4.
        return _("{hand}: Enter plays it.").format(
            hand=_labelled(hand.get_type(), hand))

    def verdict(self) -> list[str]:
        """Return who won: the table shows what the others hold."""
        return [line for count, line in self._results() if count == 0]

    def outcome(self) -> list[str]:
        """Return who won and the cards the others hold."""
        return [line for _count, line in self._results()]

    def _results(self) -> list[tuple[int, str]]:
        """Each player's cards left, with the line that says it (or that they won)."""
        results = []
        for seat, player in enumerate(self.game.get_player_list()):
            count = player.get_num_of_cards()
            results.append((count, _("{player} wins the game.").format(
                player=self.name(seat)) if count == 0 else ngettext(
                    "{player} has {count} card left.",
                    "{player} has {count} cards left.", count).format(
                        player=self.name(seat), count=count)))
        return results

