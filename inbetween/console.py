"""The In Between console: the table, the prompts and what each event prints.

All input and output goes through a `common.terminal.Terminal`; the game itself
is an `inbetween.game.InBetweenGame`.  Each seat's `common.seats.Controller`
gives the line typed at its prompt: a person's is read, a computer's is its
strategy's decision spelled by `spell`; either way the line is parsed alike.
The format is documented in ``docs/inbetween.md`` and pinned by the golden
transcripts in the tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from common.cardlist import CardList
from common.eventlog import EventLog
from common.seats import Controller, Person
from common.terminal import Terminal
from inbetween.events import (
    POOL,
    Action,
    CardDrawn,
    CardsDealt,
    Decision,
    DrawOutcome,
    EndReason,
    Event,
    GameEnded,
    GameStarted,
    PairFound,
    PlayerOut,
    RoundStarted,
    Transfer,
)
from inbetween.game import InBetweenGame
from inbetween.view import FOLD, Choice, InBetweenView

ILLEGAL_MOVE = "Not a legal move!!!"
"""What the console prints for a line that is not a legal move."""
ACTIVE_MARKER = "==> "
"""The prefix of the cards of the player whose turn it is."""
OTHER_MARKER = "    "
"""The prefix of everyone else's cards."""

Move = Choice | Literal["quit"]
"""A parsed move: a bet of that many coins, ``"fold"`` or ``"quit"``."""

_DIGITS = re.compile(r"[0-9]+")


def coins(amount: int) -> str:
    """Return ``"1 coin"`` or ``"N coins"``."""
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


def parse_move(line: str, low: int, high: int) -> Move | None:
    """Return the move a line of input asks for, or None when it is not legal.

    Case and white space (anywhere) are ignored.  Legal lines are a whole
    number from `low` to `high` (ASCII digits), ``fold`` or ``f``, and ``quit``.
    """
    text = "".join(line.split()).lower()
    if text in ("fold", "f"):
        return "fold"
    if text == "quit":
        return "quit"
    if _DIGITS.fullmatch(text):
        # Without leading zeros and checked for length first, int() never sees
        # a digit string long enough to be slow or over Python's digit limit.
        digits = text.lstrip("0") or "0"
        if len(digits) <= len(str(high)) and low <= int(digits) <= high:
            return int(digits)
    return None


def spell(choice: Choice) -> str:
    """Return the line a person types for `choice`: the bet's number, or ``fold``."""
    return FOLD if choice == FOLD else str(choice)


def prompt(game: InBetweenGame) -> str:
    """Return the prompt for the current player, naming the legal moves."""
    low, high = game.bet_range
    bets = f"{low}" if low == high else f"{low}-{high}"
    return f"{game.current_player.name}'s turn [bet {bets}/fold]: "


def render_table(game: InBetweenGame) -> str:
    """Return the block for every player, then the pool, marking whose turn it is."""
    lines = []
    current = game.current_seat
    for seat, player in enumerate(game.players):
        notes = ""
        if player.is_out:
            notes = " (out)"
        elif seat == game.dealer:
            notes = " (dealer)"
        lines.append(f"<{player.name}> {coins(player.coins)}{notes}")
        marker = ACTIVE_MARKER if seat == current else OTHER_MARKER
        lines.append(marker + CardList(player.cards).render().rstrip("\n"))
    lines.append(f"<Pool> {coins(game.pool)}")
    return "\n" + "\n".join(lines) + "\n"


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(f"[{card}]" for card in cards)


def _names(names: tuple[str, ...]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(event: Event) -> str:
    """Return the text the console prints for `event` (possibly empty)."""
    match event:
        case GameStarted(players=players, coins=start):
            return f"In Between: {len(players)} players, {coins(start)} each.\n"
        case RoundStarted(round=number, dealer=dealer):
            return f"\nRound {number}: {dealer} deals.\n"
        case CardsDealt():
            # The table shown at each prompt already holds every hand.
            return ""
        case PairFound(player=player, pair=pair, cards=cards):
            return f"\n{player} has {pair.value} cards {_cards(cards)}: no bet.\n"
        case Decision(player=player, action=Action.BET, amount=amount):
            return f"{player} bets {coins(amount or 0)}.\n"
        case Decision(player=player):
            return f"{player} folds.\n"
        case CardDrawn(player=player, card=card, cards=(low, high), outcome=outcome):
            verdict = "wins" if outcome is DrawOutcome.BETWEEN else "loses"
            if outcome is DrawOutcome.EQUAL:
                same = low if low.rank == card.rank else high
                where = f"equal to [{same}]"
            else:
                where = f"{outcome.value} [{low}] and [{high}]"
            return f"Drawn card: [{card}], {where}: {player} {verdict}.\n"
        case Transfer(payer=payer, payee=payee, amount=amount, reason=reason):
            if payee == POOL:
                return f"{payer} pays {coins(amount)} into the pool ({reason.value}).\n"
            return f"{payee} receives {coins(amount)} from the pool ({reason.value}).\n"
        case PlayerOut(player=player):
            return f"{player} is out.\n"
        case GameEnded():
            return _describe_end(event)
    raise TypeError(f"no text for {event!r}")


def _describe_end(event: GameEnded) -> str:
    if event.reason is EndReason.POOL_EMPTY:
        why = "the pool is empty"
    elif event.reason is EndReason.LAST_PLAYER:
        why = f"{event.player} is the last player with coins"
    else:
        why = f"{event.player} quit"
    lines = [f"\nGame ends: {why}."]
    standings = sorted(enumerate(event.coins), key=lambda seat_coins: -seat_coins[1])
    lines += [f"Player {seat} has {coins(amount)}." for seat, amount in standings]
    lines.append(f"The pool has {coins(event.pool)}.")
    if len(event.winners) == 1:
        lines.append(f"{event.winners[0]} wins the game.")
    else:
        lines.append(f"{_names(event.winners)} share the win.")
    return "\n".join(lines) + "\n"


class InBetweenConsole:
    """Plays one game at a terminal: shows the table, asks, and prints the events.

    Every event is also written to `log`, when one is given.  `controllers`
    (one per seat) say who answers each prompt; None means a person at every
    seat.
    """

    def __init__(self, game: InBetweenGame, terminal: Terminal,
                 log: EventLog | None = None,
                 controllers: Sequence[Controller[InBetweenView]] | None = None,
                 ) -> None:
        """Play `game` (not yet started) on `terminal`, logging to `log`.

        Raises:
            ValueError: when `controllers` does not hold one per seat.
        """
        seats = len(game.players)
        if controllers is None:
            controllers = [Person[InBetweenView]() for _ in range(seats)]
        if len(controllers) != seats:
            raise ValueError(f"{len(controllers)} controllers for {seats} seats")
        self._game = game
        self._terminal = terminal
        self._log = log if log is not None else EventLog()
        self._controllers = tuple(controllers)

    def play(self) -> int:
        """Play the game to its end (or a ``quit``) and return the exit status 0.

        Raises:
            common.terminal.EndOfInput: when input ends before the game does.
        """
        self._show(self._game.start())
        while not self._game.is_over:
            self._terminal.write(render_table(self._game))
            self._show(self._take_turn())
        return 0

    def _take_turn(self) -> list[Event]:
        game = self._game
        seat = game.current_seat
        controller = self._controllers[seat]
        low, high = game.bet_range
        text = prompt(game)
        while (move := parse_move(controller.answer(
                self._terminal, text, lambda: game.view(seat)), low, high)) is None:
            self._terminal.print(ILLEGAL_MOVE)
            controller.refused()
        if move == "fold":
            return self._game.fold()
        if move == "quit":
            return self._game.quit()
        return self._game.bet(move)

    def _show(self, events: list[Event]) -> None:
        for event in events:
            self._log.record(event)
            self._terminal.write(describe(event))
