"""The In Between console: the table, the prompts and what each event prints.

All input and output goes through a `common.console.terminal.Terminal`; the game itself
is an `inbetween.game.InBetweenGame`, played by the shared driver.  A person's
line is read and parsed; a computer's decision is printed after the prompt
spelled by `spell`, as a person would type it.
The format is documented in ``docs/inbetween.md`` and pinned by the golden
transcripts in the tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from common.cards.cardlist import CardList
from common.console.console import QUIT_WORDS, Console, fill, quoted
from common.engine import events
from common.engine.game import QUIT
from inbetween.events import (
    POOL,
    Action,
    CardDrawn,
    CardsDealt,
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
from inbetween.game import IllegalMoveError, InBetweenGame, InBetweenMove
from inbetween.view import FOLD, Choice

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
    number from `low` to `high` (ASCII digits), maybe after ``bet`` or ``b``
    (``bet 3``); ``bet`` or ``b`` alone when `low` is `high`; ``fold`` or
    ``f``; and ``quit`` or ``q``.
    """
    text = "".join(line.split()).lower()
    if text in ("fold", "f"):
        return "fold"
    if text in QUIT_WORDS:
        return "quit"
    for word in ("bet", "b"):
        if text.startswith(word):
            text = text[len(word):]
            if not text:
                return low if low == high else None
            break
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
    return f"{game.current_player.name}'s turn [bet {bets}/fold/quit]: "


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


def name(seat: int) -> str:
    """Return the name of the player at `seat`: ``Player 0`` and up."""
    return f"Player {seat}"


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(f"[{card}]" for card in cards)


def _names(names: tuple[str, ...]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(event: events.Event) -> str:
    """Return the text the console prints for `event` (possibly empty)."""
    match event:
        case GameStarted(players=players, coins=start):
            return f"In Between: {players} players, {coins(start)} each.\n"
        case RoundStarted(round=number, dealer=dealer):
            return f"\nRound {number}: {name(dealer)} deals.\n"
        case CardsDealt():
            # The table shown at each prompt already holds every hand.
            return ""
        case PairFound(seat=seat, pair=pair, cards=cards):
            return f"\n{name(seat)} has {pair.value} cards {_cards(cards)}: no bet.\n"
        case Decision(seat=seat, action=Action.BET, amount=amount):
            return f"{name(seat)} bets {coins(amount or 0)}.\n"
        case Decision(seat=seat):
            return f"{name(seat)} folds.\n"
        case CardDrawn(seat=seat, card=card, cards=(low, high), outcome=outcome):
            verdict = "wins" if outcome is DrawOutcome.BETWEEN else "loses"
            if outcome is DrawOutcome.EQUAL:
                same = low if low.rank == card.rank else high
                where = f"equal to [{same}]"
            else:
                where = f"{outcome.value} [{low}] and [{high}]"
            return f"Drawn card: [{card}], {where}: {name(seat)} {verdict}.\n"
        case Transfer(payer=payer, payee=payee, amount=amount, reason=reason):
            if payee == POOL:
                assert payer != POOL
                return (f"{name(payer)} pays {coins(amount)} into the pool "
                        f"({reason.value}).\n")
            return (f"{name(payee)} receives {coins(amount)} from the pool "
                    f"({reason.value}).\n")
        case PlayerOut(seat=seat):
            return f"{name(seat)} is out.\n"
        case PoolRefilled():
            return "\nThe pool is empty: every player still in antes again.\n"
        case GameEnded():
            return _describe_end(event)
    return ""  # an event the console prints nothing of (a refusal's record)


def rules_text(game: InBetweenGame) -> str:
    """Return the lines naming the house rules `game` plays by (maybe none)."""
    lines = []
    if game.refill:
        lines.append("When the pool is empty, every player still in antes 1 coin "
                     "again.")
    if game.max_rounds is not None:
        rounds = game.max_rounds
        lines.append(f"The game ends after {rounds} round{'' if rounds == 1 else 's'}.")
    return "".join(line + "\n" for line in lines)


def _describe_end(event: GameEnded) -> str:
    if event.reason is EndReason.POOL_EMPTY:
        why = "the pool is empty"
    elif event.reason is EndReason.ROUND_LIMIT:
        why = "that was the last round"
    else:
        assert event.seat is not None
        if event.reason is EndReason.LAST_PLAYER:
            why = f"{name(event.seat)} is the last player with coins"
        else:
            why = f"{name(event.seat)} quit"
    lines = [f"\nGame ends: {why}."]
    standings = sorted(enumerate(event.coins), key=lambda seat_coins: -seat_coins[1])
    lines += [f"{name(seat)} has {coins(amount)}." for seat, amount in standings]
    lines.append(f"The pool has {coins(event.pool)}.")
    winners = tuple(name(seat) for seat in event.winners)
    if len(winners) == 1:
        lines.append(f"{winners[0]} wins the game.")
    else:
        lines.append(f"{_names(winners)} share the win.")
    return "\n".join(lines) + "\n"


class InBetweenConsole(Console[InBetweenGame, InBetweenMove]):
    """Plays one game at a terminal: shows the table, asks, and prints the events."""

    rules = """\
Two to ten players, 10 coins each; each pays 1 coin into the pool.  Each
round every player with coins gets two cards face up and, in turn, bets
that the next card falls strictly between them (2 low, A high; suits do not
matter).  A card between wins the bet from the pool; a card outside them,
or equal to either, loses it into the pool.

Two equal or consecutive cards collect 1 coin from the pool, with no bet.
Folding costs 1 coin.  Round 1 bets are 1 coin; later a bet goes up to your
coins or the pool, whichever is smaller.  The game ends when the pool is
empty or only one player has coins (they take the pool); the most coins
win."""
    """The rules in brief (``help`` prints them)."""

    def repaint(self) -> None:
        """Print the table: every player's coins and cards, then the pool."""
        self.terminal.write(render_table(self.game))

    def prompt(self, seat: int) -> str:
        """Return ``Player N's turn [bet 1-5/fold/quit]: ``."""
        return prompt(self.game)

    def parse(self, line: str, seat: int) -> InBetweenMove:
        """Return the move a typed line asks for.

        Raises:
            common.engine.game.IllegalMoveError: for a line that is not a legal move.
        """
        low, high = self.game.bet_range
        move = parse_move(line, low, high)
        if move is None:
            raise IllegalMoveError(self._why_not(line, low, high))
        return QUIT if move == "quit" else move

    def words(self, seat: int) -> str:
        """Return ``Type a bet of 1 to 5 coins (5, or bet 5) ..., or quit ...``."""
        low, high = self.game.bet_range
        if low == high:
            bet = f"bet (or b, or {low}) to bet {coins(low)}"
        else:
            bet = f"a bet of {low} to {high} coins ({high}, or bet {high})"
        return (f"Type {bet} that the next card falls between your two, fold (or "
                "f) to pay 1 coin and sit the round out, or quit to end the game.")

    def hint(self, seat: int) -> str:
        """Return what the smart computer player would do (`strategy.hint`)."""
        # Here, not above: a game without hints needs no strategy.
        from inbetween.strategy import hint

        return hint(self.game.view(seat))

    @staticmethod
    def _why_not(line: str, low: int, high: int) -> str:
        span = f"{low}" if low == high else f"{low} to {high}"
        text = "".join(line.split()).lower()
        amount = text.removeprefix("bet").removeprefix("b")
        if text in ("bet", "b"):
            return f"say how much: bet {span} (as in bet {high})"
        if amount.isascii() and amount.isdigit():
            return f"a bet is {span} coin{'s' if high > 1 else ''} now"
        return f"{quoted(line)} is not a bet, fold or quit"

    def spell(self, move: InBetweenMove) -> str:
        """Return the bet's number, ``fold`` or ``quit``."""
        return QUIT.value if move is QUIT else spell(move)

    def on_events(self, happened: Sequence[events.Event]) -> None:
        """Print each event's text; at a keyboard, say what ``--refill`` does.

        The seed's rule ends the game as soon as the pool is empty, often in
        the first rounds; a person at a keyboard is told, off the
        transcript, of the house rule that plays on.
        """
        super().on_events(happened)
        if self.terminal.interactive and not self.game.refill and any(
                isinstance(event, GameEnded) and event.reason is EndReason.POOL_EMPTY
                for event in happened):
            self.terminal.aside(fill(
                "The seed's rule ends the game once the pool is empty.  With "
                "--refill, every player still in antes again and the game goes "
                "on (--rounds N ends it after N rounds)."))

    def describe(self, event: events.Event) -> str:
        """Return the text printed for `event` (see `describe`).

        The game's start also names the house rules it is played by.
        """
        if isinstance(event, GameStarted):
            return describe(event) + rules_text(self.game)
        return describe(event)
