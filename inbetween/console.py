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
from common.console.console import Console, fill, quit_words, quoted
from common.console.sharing import shared
from common.engine import events
from common.engine.game import QUIT
from common.language import N_, _, ascii_digits, ngettext, pgettext
from inbetween.cards import InBetweenCard
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
    PairKind,
    PlayerOut,
    PoolRefilled,
    RoundStarted,
    Transfer,
    TransferReason,
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


def bet_words() -> tuple[str, ...]:
    """Return the words of a bet, before its amount or alone: ``bet``, ``b``.

    And the language's own (``ਸੱਟਾ`` in Punjabi).
    """
    return ("bet", "b", pgettext("typed", "bet").lower(),
            pgettext("typed", "b").lower())


def fold_words() -> frozenset[str]:
    """Return the lines that fold: ``fold``, ``f``, and the language's own words."""
    return frozenset({"fold", "f", pgettext("typed", "fold").lower(),
                      pgettext("typed", "f").lower()})


_PAIRS = {PairKind.EQUAL: N_("equal"), PairKind.CONSECUTIVE: N_("consecutive")}
REASONS = {
    TransferReason.ANTE: N_("ante"),
    TransferReason.EQUAL_CARDS: N_("equal cards"),
    TransferReason.CONSECUTIVE_CARDS: N_("consecutive cards"),
    TransferReason.WON_BET: N_("won bet"),
    TransferReason.LOST_BET: N_("lost bet"),
    TransferReason.FOLD: N_("fold"),
    TransferReason.LAST_PLAYER: N_("last player standing"),
}
"""Why coins go into the pool or come out of it, as the messages say it."""


def coins(amount: int) -> str:
    """Return ``"1 coin"`` or ``"N coins"`` (in the language spoken)."""
    return ngettext("{amount} coin", "{amount} coins", amount).format(amount=amount)


def parse_move(line: str, low: int, high: int) -> Move | None:
    """Return the move a line of input asks for, or None when it is not legal.

    Case and white space (anywhere) are ignored.  Legal lines are a whole
    number from `low` to `high` (ASCII or Gurmukhi digits, ੦–੯), maybe
    after ``bet`` or ``b`` (``bet 3``); ``bet`` or ``b`` alone when `low` is
    `high`; ``fold`` or ``f``; and ``quit`` or ``q``.  The words of the
    language spoken (`bet_words`, `fold_words`,
    `common.console.console.quit_words`: in Punjabi ``ਸੱਟਾ``, ``ਫੋਲਡ`` and
    ``ਛੱਡੋ``) read as the English ones.
    """
    text = ascii_digits("".join(line.split()).lower())
    if text in fold_words():
        return "fold"
    if text in quit_words():
        return "quit"
    for word in bet_words():
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
    seat = game.current_seat
    assert seat is not None
    return _("{player}'s turn [bet {bets}/fold/quit]: ").format(player=name(seat),
                                                                bets=bets)


def render_table(game: InBetweenGame) -> str:
    """Return the block for every player, then the pool, marking whose turn it is."""
    lines = []
    current = game.current_seat
    for seat, player in enumerate(game.players):
        if player.is_out:
            line = _("<{player}> {coins} (out)")
        elif seat == game.dealer:
            line = _("<{player}> {coins} (dealer)")
        else:
            line = _("<{player}> {coins}")
        lines.append(line.format(player=name(seat), coins=coins(player.coins)))
        marker = ACTIVE_MARKER if seat == current else OTHER_MARKER
        # A player out holds no cards: the assignment's [Empty], in words.
        cards = (CardList(player.cards).render().rstrip("\n") if player.cards
                 else _("[Empty]"))
        lines.append(marker + cards)
    lines.append(_("<Pool> {coins}").format(coins=coins(game.pool)))
    return "\n" + "\n".join(lines) + "\n"


def name(seat: int) -> str:
    """Return the name of the player at `seat`: ``Player 0`` and up."""
    return _("Player {seat}").format(seat=seat)


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(f"[{card}]" for card in cards)


def _names(names: tuple[str, ...]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{players} and {last}").format(players=", ".join(names[:-1]),
                                            last=names[-1])


def describe(event: events.Event) -> str:
    """Return the text the console prints for `event` (possibly empty)."""
    match event:
        case GameStarted(players=players, coins=start):
            return _("In Between: {players} players, {coins} each.").format(
                players=players, coins=coins(start)) + "\n"
        case RoundStarted(round=number, dealer=dealer):
            return "\n" + _("Round {round}: {dealer} deals.").format(
                round=number, dealer=name(dealer)) + "\n"
        case CardsDealt():
            # The table shown at each prompt already holds every hand.
            return ""
        case PairFound(seat=seat, pair=pair, cards=cards):
            # Translators: {kind} is "equal" or "consecutive".
            return "\n" + _("{player} has {kind} cards {cards}: no bet.").format(
                player=name(seat), kind=_(_PAIRS[pair]), cards=_cards(cards)) + "\n"
        case Decision(seat=seat, action=Action.BET, amount=amount):
            return _("{player} bets {coins}.").format(
                player=name(seat), coins=coins(amount or 0)) + "\n"
        case Decision(seat=seat):
            return _("{player} folds.").format(player=name(seat)) + "\n"
        case CardDrawn(seat=seat, card=card, cards=(low, high), outcome=outcome):
            return _drawn(seat, card, low, high, outcome) + "\n"
        case Transfer(payer=payer, payee=payee, amount=amount, reason=reason):
            if payee == POOL:
                assert payer != POOL
                # Translators: {reason} is one of "ante", "equal cards",
                # "consecutive cards", "won bet", "lost bet", "fold".
                line = _("{player} pays {coins} into the pool ({reason}).").format(
                    player=name(payer), coins=coins(amount), reason=_(REASONS[reason]))
            else:
                # Translators: {reason} is one of the reasons above, or "last
                # player standing".
                line = _("{player} receives {coins} from the pool ({reason}).").format(
                    player=name(payee), coins=coins(amount), reason=_(REASONS[reason]))
            return line + "\n"
        case PlayerOut(seat=seat):
            return _("{player} is out.").format(player=name(seat)) + "\n"
        case PoolRefilled():
            return ("\n" + _("The pool is empty: every player still in antes again.")
                    + "\n")
        case GameEnded():
            return _describe_end(event)
    return ""  # an event the console prints nothing of (a refusal's record)


def _drawn(seat: int, card: InBetweenCard, low: InBetweenCard, high: InBetweenCard,
           outcome: DrawOutcome) -> str:
    """Return the line of a drawn card: where it falls, and who wins."""
    player = name(seat)
    if outcome is DrawOutcome.BETWEEN:
        return _("Drawn card: [{card}], between [{low}] and [{high}]: {player} "
                 "wins.").format(card=card, low=low, high=high, player=player)
    if outcome is DrawOutcome.OUTSIDE:
        return _("Drawn card: [{card}], outside [{low}] and [{high}]: {player} "
                 "loses.").format(card=card, low=low, high=high, player=player)
    same = low if low.rank == card.rank else high
    return _("Drawn card: [{card}], equal to [{same}]: {player} loses.").format(
        card=card, same=same, player=player)


def rules_text(game: InBetweenGame) -> str:
    """Return the lines naming the house rules `game` plays by (maybe none)."""
    lines = []
    if game.refill:
        lines.append(_("When the pool is empty, every player still in antes 1 coin "
                       "again."))
    if game.max_rounds is not None:
        rounds = game.max_rounds
        lines.append(ngettext("The game ends after {rounds} round.",
                              "The game ends after {rounds} rounds.",
                              rounds).format(rounds=rounds))
    return "".join(line + "\n" for line in lines)


def _describe_end(event: GameEnded) -> str:
    if event.reason is EndReason.POOL_EMPTY:
        ends = _("Game ends: the pool is empty.")
    elif event.reason is EndReason.ROUND_LIMIT:
        ends = _("Game ends: that was the last round.")
    else:
        assert event.seat is not None
        if event.reason is EndReason.LAST_PLAYER:
            ends = _("Game ends: {player} is the last player with coins.")
        else:
            ends = _("Game ends: {player} quit.")
        ends = ends.format(player=name(event.seat))
    lines = ["\n" + ends]
    standings = sorted(enumerate(event.coins), key=lambda seat_coins: -seat_coins[1])
    lines += [_("{player} has {coins}.").format(player=name(seat), coins=coins(amount))
              for seat, amount in standings]
    lines.append(_("The pool has {coins}.").format(coins=coins(event.pool)))
    winners = tuple(name(seat) for seat in event.winners)
    if len(winners) == 1:
        lines.append(_("{player} wins the game.").format(player=winners[0]))
    else:
        lines.append(_("{players} share the win.").format(players=_names(winners)))
    return "\n".join(lines) + "\n"


class InBetweenConsole(Console[InBetweenGame, InBetweenMove]):
    """Plays one game at a terminal: shows the table, asks, and prints the events."""

    rules = N_("""\
Two to ten players, 10 coins each; each pays 1 coin into the pool.  Each
round every player with coins gets two cards face up and, in turn, bets
that the next card falls strictly between them (2 low, A high; suits do not
matter).  A card between wins the bet from the pool; a card outside them,
or equal to either, loses it into the pool.

Two equal or consecutive cards collect 1 coin from the pool, with no bet.
Folding costs 1 coin.  Round 1 bets are 1 coin; later a bet goes up to your
coins or the pool, whichever is smaller.  The game ends when the pool is
empty or only one player has coins (they take the pool); the most coins
win.""")
    """The rules in brief (``help`` prints them)."""

    def repaint(self) -> None:
        """Print the table: every player's coins and cards, then the pool."""
        game = self.game
        self.terminal.write(shared((game, "table"), lambda: render_table(game)))

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
            words = _("Type bet (or b, or {low}) to bet {coins} that the next card "
                      "falls between your two, fold (or f) to pay 1 coin and sit the "
                      "round out, or quit to end the game.")
        else:
            words = _("Type a bet of {low} to {high} coins ({high}, or bet {high}) "
                      "that the next card falls between your two, fold (or f) to "
                      "pay 1 coin and sit the round out, or quit to end the game.")
        return words.format(low=low, high=high, coins=coins(low))

    def hint(self, seat: int) -> str:
        """Return what the smart computer player would do (`strategy.hint`)."""
        # Here, not above: a game without hints needs no strategy.
        from inbetween.strategy import hint

        return hint(self.game.view(seat))

    @staticmethod
    def _why_not(line: str, low: int, high: int) -> str:
        span = f"{low}" if low == high else _("{low} to {high}").format(low=low,
                                                                          high=high)
        text = ascii_digits("".join(line.split()).lower())
        words = bet_words()
        amount = text.removeprefix("bet").removeprefix("b")
        amount = next((amount.removeprefix(word) for word in words[2:]
                       if amount.startswith(word)), amount)
        if text in words:
            return _("say how much: bet {span} (as in bet {high})").format(span=span,
                                                                          high=high)
        if amount.isascii() and amount.isdigit():
            return ngettext("a bet is {span} coin now", "a bet is {span} coins now",
                            high).format(span=span)
        return _("{line} is not a bet, fold or quit").format(line=quoted(line))

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
            self.terminal.aside(fill(_(
                "The seed's rule ends the game once the pool is empty.  With "
                "--refill, every player still in antes again and the game goes "
                "on (--rounds N ends it after N rounds).")))

    def describe(self, event: events.Event) -> str:
        """Return the text printed for `event` (see `describe`).

        The game's start also names the house rules it is played by.
        """
        # Consoles told the event one after another share its text.
        return shared((self.game, "event", id(event)), lambda: (
            describe(event) + rules_text(self.game)
            if isinstance(event, GameStarted) else describe(event)))
