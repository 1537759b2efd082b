"""The console: plays a `stud.game.StudGame` at a terminal, Big Two style.

Before each prompt it prints a block per player (``<Player 0> $98``, then the
cards: the player to act sees their own hole card, behind ``==> ``; everyone
else's hole card shows as ``[  ]``) and ``<Pot> $N``.  The prompt names the
legal actions, e.g. ``Player 0's turn [check/bet]: ``.  Every event (card
dealt, action, showdown, result) is printed as it happens.

Each seat's `common.engine.seats.Controller` supplies the move: a person's line is
read from the terminal, a computer's move is printed after the prompt as if
typed (`spell` writes it).  Either way the line is parsed the same way.
"""

from __future__ import annotations

from common.console.console import QUIT_WORDS, Console, quoted
from common.console.sharing import shared
from common.engine.events import Event
from common.engine.game import QUIT
from common.language import N_, _, ngettext
from stud.events import (
    Action,
    ActionTaken,
    AntePosted,
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
from stud.game import PLAYERS, IllegalMoveError, StudGame, StudMove

_WORDS = {
    "check": Action.CHECK, "k": Action.CHECK,
    "bet": Action.BET, "b": Action.BET,
    "call": Action.CALL, "c": Action.CALL,
    "raise": Action.RAISE, "r": Action.RAISE,
    "fold": Action.FOLD, "f": Action.FOLD,
}
_SHORT = {action: word for word, action in _WORDS.items() if len(word) == 1}
_DOES = {
    # Translators: an action the help lists: {word} is the word typed (check),
    # {short} its letter (k).
    Action.CHECK: N_("{word} (or {short}) to bet nothing"),
    # Translators: an action the help lists: {word} is the word typed (fold),
    # {short} its letter (f).
    Action.FOLD: N_("{word} (or {short}) to give up the pot"),
}
"""What the help says of each action that puts no money in."""
# Translators: an action the help lists: {word} is the word typed (call, bet,
# raise), {short} its letter (c), {amount} the dollars it puts in the pot.
_PUTS_IN = N_("{word} (or {short}) to put in ${amount}")
"""What the help says of an action that puts money in."""
_ACTED = {
    Action.CHECK: N_("Player {seat} checks"),
    Action.BET: N_("Player {seat} bets ${amount}"),
    Action.CALL: N_("Player {seat} calls ${amount}"),
    Action.RAISE: N_("Player {seat} raises, putting in ${amount}"),
    Action.FOLD: N_("Player {seat} folds"),
}
"""What a player did, leaving them money behind."""
_ACTED_ALL_IN = {
    Action.BET: N_("Player {seat} bets ${amount} and is all-in"),
    Action.CALL: N_("Player {seat} calls ${amount} and is all-in"),
    Action.RAISE: N_("Player {seat} raises, putting in ${amount} and is all-in"),
}
"""What a player did with all the money they had."""


def parse_action(line: str) -> StudMove | None:
    """Return the move a typed line names (`common.engine.game.QUIT` for quit), or None.

    Case does not matter and surrounding white space is ignored.
    """
    word = line.strip().lower()
    if word in QUIT_WORDS:
        return QUIT
    return _WORDS.get(word)


def spell(move: StudMove) -> str:
    """Return the line a person types for `move`: its word, e.g. ``raise``."""
    return str(move.value)


class StudConsole(Console[StudGame, StudMove]):
    """Runs a game at a terminal: prints the table, reads the players' actions."""

    rules = N_("""\
Heads-up Five Card Stud: Player 0 against Player 1, $100 each.  Each hand
both ante $1 and get a card face down (the hole card, seen by its owner
only) and one face up, then bet; three more up cards follow, one at a time,
each with a betting round.  The player with the better up cards acts first.

Bets are fixed: $1, $2, $3 and $4 in rounds 1 to 4, at most three raises a
round.  With nothing to call: check, or bet.  After a bet: call it, raise,
or fold (the other player takes the pot).  A player short of money may call,
bet or raise all-in for what they have (less than the full amount), the
uncalled part goes back, and nobody raises an all-in.  At the showdown the
better five-card poker hand takes the pot; a tie splits it.  Hands go on
until a player is broke (or, with --hands N, N hands are played: the richer
wins).

Hands, low to high: high card, pair, two pair, three of a kind, straight,
flush, full house, four of a kind, straight flush.  Aces are high.""")
    """The rules in brief (``help`` prints them)."""
    hides_cards = True

    def prompt(self, seat: int) -> str:
        """Return ``Player N's turn [call $2/raise $4/fold/quit]: ``.

        It names the legal actions, each with what it puts in the pot.
        """
        words = []
        for action in self.game.legal_actions():
            amount = self._amount(seat, action)
            words.append(f"{action.value} ${amount}" if amount else action.value)
        # Translators: {choices} are the words typed, such as call $2/fold/quit.
        return _("Player {seat}'s turn [{choices}]: ").format(
            seat=seat, choices="/".join([*words, QUIT.value]))

    def words(self, seat: int) -> str:
        """Return what the prompt takes: ``Type call (or c) to put in $1, ...``."""
        parts = []
        for action in self.game.legal_actions():
            amount = self._amount(seat, action)
            does = _PUTS_IN if amount else _DOES[action]
            parts.append(_(does).format(word=action.value, short=_SHORT[action],
                                        amount=amount))
        # Translators: {choices} is the list of the actions, {quit} the word typed.
        return _("Type {choices}, or {quit} to end the game.").format(
            choices=", ".join(parts), quit=QUIT.value)

    def _amount(self, seat: int, action: Action) -> int:
        """What `action` puts in the pot now (0 for a check or a fold)."""
        game = self.game
        if action is Action.CALL:
            return min(game.to_call(seat), game.stacks[seat])
        if action in (Action.BET, Action.RAISE):
            return game.bet_amount(seat)
        return 0

    def hint(self, seat: int) -> str:
        """Return what the smart computer player would do (`stud.strategy.hint`)."""
        # Here, not above: a game without hints needs no strategy.
        from stud.strategy import hint

        return hint(self.game.view(seat))

    def parse(self, line: str, seat: int) -> StudMove:
        """Return the action (or quit) a typed line names.

        Raises:
            common.engine.game.IllegalMoveError: for a line that names none.
        """
        move = parse_action(line)
        if move is Action.CALL and line.strip().lower() == "c" \
                and Action.CHECK in self.game.legal_actions():
            move = Action.CHECK  # c: check or call, whichever there is
        if move is None:
            words = ", ".join([*(a.value for a in self.game.legal_actions()), "quit"])
            # Translators: {line} is the line typed, in quotes; {words} the
            # words the prompt takes, such as check, bet, quit.
            raise IllegalMoveError(_("{line} is none of {words}").format(
                line=quoted(line), words=words))
        return move

    def spell(self, move: StudMove) -> str:
        """Return the word of `move` (see `spell`)."""
        return spell(move)

    def describe(self, event: Event) -> str:
        """Return the lines printed for `event`, each ending in a line break."""
        # Consoles told the event one after another share its text.
        return shared((self.game, "event", id(event)), lambda: "".join(
            line + "\n" for line in self.describe_lines(event)))

    def repaint(self) -> None:
        """Print each player's money and cards, then the pot.

        The consoles of one game print the same table at a turn, but for
        the hole card of the seat to play, face up on its own console: each
        text is made once (`common.console.sharing`).
        """
        active = self._active_player
        face_up = self.shows_cards_of(active)
        self.terminal.write(shared((self.game, "table", active, face_up),
                                   lambda: self._render_table(active, face_up)))

    def _render_table(self, active: int, face_up: bool) -> str:
        game = self.game
        lines = [""]
        for player in range(PLAYERS):
            lines.append(_("<Player {seat}> ${money}").format(
                seat=player, money=game.stacks[player]))
            hole = game.hole_card(player)
            cards = [f"[{hole}]" if player == active and face_up else "[  ]"]
            cards += [f"[{card}]" for card in game.up_cards(player)]
            lines.append(("==> " if player == active else "    ") + " ".join(cards))
        lines.append(_("<Pot> ${pot}").format(pot=game.pot))
        return "".join(line + "\n" for line in lines)

    def describe_lines(self, event: Event) -> list[str]:
        """Return the lines the console prints for `event` (maybe none)."""
        if isinstance(event, HandStarted):
            first, second = event.stacks
            if self.game.max_hands is None:
                return [_("=== Hand {hand}: Player 0 ${money0}, Player 1 ${money1} "
                          "===").format(hand=event.hand, money0=first, money1=second)]
            return [_("=== Hand {hand} of {hands}: Player 0 ${money0}, Player 1 "
                      "${money1} ===").format(hand=event.hand,
                                              hands=self.game.max_hands,
                                              money0=first, money1=second)]
        if isinstance(event, AntePosted):
            return [_("Player {seat} antes ${amount}").format(seat=event.seat,
                                                             amount=event.amount)]
        if isinstance(event, CardDealt):
            if event.face_up:
                # Translators: {card} is the card, such as [♠A].
                return [_("Player {seat} gets {card} face up").format(
                    seat=event.seat, card=f"[{event.card}]")]
            # Translators: {card} is a card face down: [  ].
            return [_("Player {seat} gets {card} face down").format(
                seat=event.seat, card="[  ]")]
        if isinstance(event, RoundStarted):
            return ["", _("Betting round {round}: ${bet} a bet, Player {seat} acts "
                          "first").format(round=event.round, bet=event.bet,
                                          seat=event.first)]
        if isinstance(event, ActionTaken):
            acted = _ACTED_ALL_IN if event.all_in else _ACTED
            return [_(acted.get(event.action, _ACTED[event.action])).format(
                seat=event.seat, amount=event.amount)]
        if isinstance(event, UncalledReturned):
            return [_("${amount} uncalled goes back to Player {seat}").format(
                amount=event.amount, seat=event.seat)]
        if isinstance(event, BettingClosed):
            return [_("Player {seat} is all-in: no more betting this hand").format(
                seat=event.seat)]
        if isinstance(event, Showdown):
            # Translators: {cards} are the five cards, {hand} what they make,
            # such as Pair of Ks.
            shown = _("<Player {seat}> {cards} {hand}")
            return ["", _("Showdown:")] + [
                shown.format(seat=seat, cards=" ".join(f"[{card}]" for card in hand),
                             hand=hand.name)
                for seat, hand in enumerate(event.hands)]
        if isinstance(event, PotWon):
            won = (_("Player {seat} wins half the pot, ${amount}") if event.split
                   else _("Player {seat} wins the pot, ${amount}"))
            return [won.format(seat=event.seat, amount=event.amount)]
        if isinstance(event, HandEnded):
            return [_("Player 0 has ${money0}, Player 1 has ${money1}").format(
                money0=event.stacks[0], money1=event.stacks[1]), ""]
        if isinstance(event, PlayerQuit):
            return ["", _("Player {seat} quits").format(seat=event.seat)]
        if isinstance(event, Refunded):
            return [_("Player {seat} takes back ${amount}").format(
                seat=event.seat, amount=event.amount)]
        if isinstance(event, GameEnded):
            limit = event.hand_limit
            lines = [_("Game ends") if limit is None else
                     ngettext("Game ends after {count} hand",
                              "Game ends after {count} hands", limit).format(
                                  count=limit)]
            lines += [_("Player {seat} has ${money}.").format(seat=player, money=money)
                      for player, money in enumerate(event.stacks)]
            if event.winner is not None:
                lines.append(_("Player {seat} wins the game.").format(
                    seat=event.winner))
            elif event.hand_limit is not None:
                lines.append(_("The game is a draw."))
            return lines
        return []
