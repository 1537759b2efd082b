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
from common.engine.events import Event
from common.engine.game import QUIT
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
    Action.CHECK: "to bet nothing", Action.FOLD: "to give up the pot",
}
_PAST_TENSE = {
    Action.CHECK: "checks", Action.BET: "bets", Action.CALL: "calls",
    Action.RAISE: "raises", Action.FOLD: "folds",
}


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

    rules = """\
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
flush, full house, four of a kind, straight flush.  Aces are high."""
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
        return f"Player {seat}'s turn [{'/'.join([*words, QUIT.value])}]: "

    def words(self, seat: int) -> str:
        """Return what the prompt takes: ``Type call (or c) to put in $1, ...``."""
        parts = []
        for action in self.game.legal_actions():
            amount = self._amount(seat, action)
            does = f"to put in ${amount}" if amount else _DOES[action]
            parts.append(f"{action.value} (or {_SHORT[action]}) {does}")
        return f"Type {', '.join(parts)}, or quit to end the game."

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
            raise IllegalMoveError(f"{quoted(line)} is none of {words}")
        return move

    def spell(self, move: StudMove) -> str:
        """Return the word of `move` (see `spell`)."""
        return spell(move)

    def describe(self, event: Event) -> str:
        """Return the lines printed for `event`, each ending in a line break."""
        return "".join(line + "\n" for line in self.describe_lines(event))

    def repaint(self) -> None:
        """Print each player's money and cards, then the pot."""
        game = self.game
        self.print_msg()
        for player in range(PLAYERS):
            self.print_msg(f"<Player {player}> ${game.stacks[player]}")
            active = player == self._active_player
            hole = game.hole_card(player)
            cards = [f"[{hole}]" if self.shows_cards_of(player) else "[  ]"]
            cards += [f"[{card}]" for card in game.up_cards(player)]
            self.print_msg(("==> " if active else "    ") + " ".join(cards))
        self.print_msg(f"<Pot> ${game.pot}")

    def describe_lines(self, event: Event) -> list[str]:
        """Return the lines the console prints for `event` (maybe none)."""
        if isinstance(event, HandStarted):
            limit = self.game.max_hands
            of = "" if limit is None else f" of {limit}"
            return [f"=== Hand {event.hand}{of}: Player 0 ${event.stacks[0]}, "
                    f"Player 1 ${event.stacks[1]} ==="]
        if isinstance(event, AntePosted):
            return [f"Player {event.seat} antes ${event.amount}"]
        if isinstance(event, CardDealt):
            card = f"[{event.card}]" if event.face_up else "[  ]"
            side = "up" if event.face_up else "down"
            return [f"Player {event.seat} gets {card} face {side}"]
        if isinstance(event, RoundStarted):
            return ["", f"Betting round {event.round}: ${event.bet} a bet, "
                        f"Player {event.first} acts first"]
        if isinstance(event, ActionTaken):
            text = f"Player {event.seat} {_PAST_TENSE[event.action]}"
            if event.action is Action.RAISE:
                text += f", putting in ${event.amount}"
            elif event.amount:
                text += f" ${event.amount}"
            if event.all_in:
                text += " and is all-in"
            return [text]
        if isinstance(event, UncalledReturned):
            return [f"${event.amount} uncalled goes back to Player {event.seat}"]
        if isinstance(event, BettingClosed):
            return [f"Player {event.seat} is all-in: no more betting this hand"]
        if isinstance(event, Showdown):
            return ["", "Showdown:"] + [
                f"<Player {seat}> {' '.join(f'[{card}]' for card in hand)} {hand.name}"
                for seat, hand in enumerate(event.hands)]
        if isinstance(event, PotWon):
            share = "half the pot" if event.split else "the pot"
            return [f"Player {event.seat} wins {share}, ${event.amount}"]
        if isinstance(event, HandEnded):
            return [f"Player 0 has ${event.stacks[0]}, "
                    f"Player 1 has ${event.stacks[1]}", ""]
        if isinstance(event, PlayerQuit):
            return ["", f"Player {event.seat} quits"]
        if isinstance(event, Refunded):
            return [f"Player {event.seat} takes back ${event.amount}"]
        if isinstance(event, GameEnded):
            limit = event.hand_limit
            lines = ["Game ends" if limit is None else
                     f"Game ends after {limit} hand{'' if limit == 1 else 's'}"]
            lines += [f"Player {player} has ${money}."
                      for player, money in enumerate(event.stacks)]
            if event.winner is not None:
                lines.append(f"Player {event.winner} wins the game.")
            elif event.hand_limit is not None:
                lines.append("The game is a draw.")
            return lines
        return []
