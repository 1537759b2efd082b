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
from common.tui.cards import cards_text, label
from common.tui.look import Choice, GameLook, Shows


def _hand(kind: str, cards: Iterable[Card]) -> Text:
    return Text.assemble(f"{kind} ", cards_text(cards))


class BigTwoLook(GameLook[BigTwo, Move]):
    """The Big Two table: counts, the round since the last lead, your hand."""

    picks_cards = True
    keys = ("  ← →          move along your cards\n"
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
            return f"{len(game.get_hands_on_table())} hands played"
        if last is None:
            return f"the {label(THREE_OF_DIAMONDS)} opens"
        if self._leader == game.current_seat:
            return "a new round: any hand leads"
        return f"{last.get_type()} {' '.join(map(label, last))} to beat"

    def table(self, shows: Shows, turn: int | None,
              compact: bool = False) -> RenderableType:
        """Return each player's count and round, then the hand to beat.

        Compact, without the hand on the table, which the status line and
        its player's round already show, nor the winner at the end, which
        the message under the controls says (`verdict`).
        """
        game = self.game
        grid = Table.grid(padding=(0, 1))
        for _ in range(4):
            grid.add_column()
        for seat, player in enumerate(game.get_player_list()):
            count = player.get_num_of_cards()
            marker = Text("▶", style="bold") if seat == turn else Text(" ")
            cards = Text(f"{count:2d} card{'s' if count != 1 else ' '}",
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
            return Text(f"{self.name(winner)} is out of cards and wins."
                        if winner is not None and not compact else "", style="bold")
        if turn is None:
            return Text("")
        who = self.name(turn)
        if last is None:
            return Text(f"{who} holds the {label(THREE_OF_DIAMONDS)} and opens "
                        "with a hand holding it.")
        assert self._leader is not None  # the seat that played `last`
        on_table = Text.assemble("On the table: ", _hand(last.get_type(), last),
                                 f" by {self.name(self._leader)}")
        if self._leader == turn:
            cue = Text(f"Everyone else passed: {who} has the lead and may "
                       "play any hand.", style="bold")
        else:
            cue = Text(f"{who} beats it with {last.size()} "
                       f"card{'s' if last.size() > 1 else ''}, or passes.")
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
            verb = "leads" if leads else "plays"
            return [Text.assemble((f"{self.name(event.seat)} {verb} ", "bold"),
                                  hand)]
        if isinstance(event, Passed):
            self._round[event.seat] = Text("passed", style="dim")
            return [Text(f"{self.name(event.seat)} passes", style="dim")]
        if isinstance(event, GameEnded):
            return [Text(line, style="bold") for line in self.outcome()]
        return []

    def prompt(self, seat: int) -> str:
        """Return what to play: the opening, the lead, or what to beat."""
        last = self.game.get_last_hand_on_table()
        if last is None:
            return (f"Open with a hand holding the {label(THREE_OF_DIAMONDS)}: "
                    "Space picks cards, Enter plays them.")
        if self._leader == seat:
            return "You have the lead: play any hand (Space picks, Enter plays)."
        return f"Beat {last.get_type()} {' '.join(map(label, last))}, or pass (p)."

    def choices(self, seat: int) -> list[Choice[Move]]:
        """Return the pass, enabled when the rules allow it."""
        return [Choice("Pass", PASS, key="p", enabled=self.game.can_pass())]

    def hand(self, seat: int) -> Sequence[Card]:
        """Return the seat's cards, in hand order (the indices of a move)."""
        return tuple(self.game.get_player_list()[seat].get_cards_in_hand())

    def picked(self, seat: int, indices: tuple[int, ...]) -> Move:
        """Return the move of the cards at `indices` (none picked: a pass)."""
        return tuple(sorted(indices))

    def confirms(self, move: Move) -> str | None:
        """Ask before a pass, however it is made: ``p``, Enter, or a line."""
        return None if move else "Pass? No card is picked."

    def judge(self, move: Move) -> str:
        """Return the hand the cards picked make, or why it may not be played."""
        try:
            hand = self.game.hand_of(move)
        except IllegalMoveError as error:
            seat = self.game.current_seat
            cards = self.hand(seat) if seat is not None else ()
            picked = " ".join(label(cards[i]) for i in move if 0 <= i < len(cards))
            return f"{picked}: {error.reason}" if picked else error.reason
        if hand is None:
            return "Enter passes (it asks first)."
        return f"{hand.get_type()} {' '.join(map(label, hand))}: Enter plays it."

    def verdict(self) -> list[str]:
        """Return who won: the table shows what the others hold."""
        return [line for line in self.outcome() if line.endswith("wins the game.")]

    def outcome(self) -> list[str]:
        """Return who won and the cards the others hold."""
        lines = []
        for seat, player in enumerate(self.game.get_player_list()):
            count = player.get_num_of_cards()
            lines.append(f"{self.name(seat)} wins the game." if count == 0 else
                         f"{self.name(seat)} has {count} card"
                         f"{'s' if count != 1 else ''} left.")
        return lines

