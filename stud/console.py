"""The console: plays a `stud.game.StudGame` at a terminal, Big Two style.

Before each prompt it prints a block per player (``<Player 0> $98``, then the
cards: the player to act sees their own hole card, behind ``==> ``; everyone
else's hole card shows as ``[  ]``) and ``<Pot> $N``.  The prompt names the
legal actions, e.g. ``Player 0's turn [check/bet]: ``.  Every event (card
dealt, action, showdown, result) is printed as it happens and written to the
event log.

Each seat's `common.seats.Controller` supplies the line typed at its prompt: a
person's is read from the terminal, a computer's is printed after the prompt
as if typed (`spell` writes it).  Either way the line is parsed the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from common.eventlog import EventLog
from common.seats import Controller, Person
from common.terminal import Terminal
from stud.events import (
    Action,
    ActionTaken,
    AntePosted,
    BettingClosed,
    CardDealt,
    Event,
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
from stud.game import PLAYERS, Phase, StudGame
from stud.view import StudView

ILLEGAL_MOVE = "Not a legal move!!!"
"""What any input that is not a legal action gets, before the prompt is repeated."""
QUIT = "quit"
"""The input that ends the game at any prompt."""

_WORDS = {
    "check": Action.CHECK, "k": Action.CHECK,
    "bet": Action.BET, "b": Action.BET,
    "call": Action.CALL, "c": Action.CALL,
    "raise": Action.RAISE, "r": Action.RAISE,
    "fold": Action.FOLD, "f": Action.FOLD,
}
_PAST_TENSE = {
    Action.CHECK: "checks", Action.BET: "bets", Action.CALL: "calls",
    Action.RAISE: "raises", Action.FOLD: "folds",
}


def parse_action(line: str) -> Action | str | None:
    """Return the action a typed line names, `QUIT` for quit, or None for junk.

    Case does not matter and surrounding white space is ignored.
    """
    word = line.strip().lower()
    if word == QUIT:
        return QUIT
    return _WORDS.get(word)


def spell(action: Action) -> str:
    """Return the line a person types for `action`: its word, e.g. ``raise``."""
    return action.value


class StudConsole:
    """Runs a game at a terminal: prints the table, reads the players' actions."""

    def __init__(self, game: StudGame, terminal: Terminal,
                 log: EventLog | None = None,
                 controllers: Sequence[Controller[StudView]] | None = None,
                 shown: Collection[int] | None = None) -> None:
        """Play `game` through `terminal`, recording every event in `log`.

        `controllers` decide for Player 0 and Player 1; None seats two persons.
        `shown` are the players whose hole card shows on their turns (None:
        both, as players sharing one screen see them).
        """
        self._game = game
        self._terminal = terminal
        self._log = log if log is not None else EventLog()
        if controllers is None:
            controllers = [Person() for _ in range(PLAYERS)]
        if len(controllers) != PLAYERS:
            raise ValueError(f"{len(controllers)} controllers for {PLAYERS} players")
        self._controllers = list(controllers)
        self._shown = frozenset(range(PLAYERS) if shown is None else shown)

    def play(self) -> int:
        """Play hands until a player is broke or quits; return the exit status 0.

        Raises:
            common.terminal.EndOfInput: when input ends during the game.
        """
        game = self._game
        while game.phase is not Phase.GAME_OVER:
            if game.phase is Phase.BETWEEN_HANDS:
                self._show(game.start_hand())
                continue
            choice = self._ask()
            if choice == QUIT:
                self._show(game.quit(game.to_act))
            else:
                assert isinstance(choice, Action)
                self._show(game.act(choice))
        return 0

    def _ask(self) -> Action | str:
        game = self._game
        self._print_table()
        legal = game.legal_actions()
        player = game.to_act
        prompt = (f"Player {player}'s turn "
                  f"[{'/'.join(action.value for action in legal)}]: ")
        controller = self._controllers[player]
        while True:
            line = controller.answer(self._terminal, prompt, lambda: game.view(player))
            choice = parse_action(line)
            if choice == QUIT or choice in legal:
                assert choice is not None
                return choice
            self._terminal.print(ILLEGAL_MOVE)
            controller.refused()

    def _print_table(self) -> None:
        game = self._game
        self._terminal.print()
        for player in range(PLAYERS):
            self._terminal.print(f"<Player {player}> ${game.stacks[player]}")
            active = player == game.to_act
            hole = game.hole_card(player)
            cards = [f"[{hole}]" if active and player in self._shown else "[  ]"]
            cards += [f"[{card}]" for card in game.up_cards(player)]
            self._terminal.print(("==> " if active else "    ") + " ".join(cards))
        self._terminal.print(f"<Pot> ${game.pot}")

    def _show(self, events: list[Event]) -> None:
        for event in events:
            self._log.record(event)
            for line in self.describe(event):
                self._terminal.print(line)

    @staticmethod
    def describe(event: Event) -> list[str]:
        """Return the lines the console prints for `event` (maybe none)."""
        if isinstance(event, HandStarted):
            return [f"=== Hand {event.hand}: Player 0 ${event.stacks[0]}, "
                    f"Player 1 ${event.stacks[1]} ==="]
        if isinstance(event, AntePosted):
            return [f"Player {event.player} antes ${event.amount}"]
        if isinstance(event, CardDealt):
            card = f"[{event.card}]" if event.face_up else "[  ]"
            side = "up" if event.face_up else "down"
            return [f"Player {event.player} gets {card} face {side}"]
        if isinstance(event, RoundStarted):
            return ["", f"Betting round {event.round}: ${event.bet} a bet, "
                        f"Player {event.first} acts first"]
        if isinstance(event, ActionTaken):
            text = f"Player {event.player} {_PAST_TENSE[event.action]}"
            if event.action is Action.RAISE:
                text += f", putting in ${event.amount}"
            elif event.amount:
                text += f" ${event.amount}"
            if event.all_in:
                text += " and is all-in"
            return [text]
        if isinstance(event, UncalledReturned):
            return [f"${event.amount} uncalled goes back to Player {event.player}"]
        if isinstance(event, BettingClosed):
            return [f"Player {event.player} is all-in: no more betting this hand"]
        if isinstance(event, Showdown):
            return ["", "Showdown:"] + [f"<Player {player}> {hand}"
                                    for player, hand in enumerate(event.hands)]
        if isinstance(event, PotWon):
            share = "half the pot" if event.split else "the pot"
            return [f"Player {event.player} wins {share}, ${event.amount}"]
        if isinstance(event, HandEnded):
            return [f"Player 0 has ${event.stacks[0]}, "
                    f"Player 1 has ${event.stacks[1]}", ""]
        if isinstance(event, PlayerQuit):
            return ["", f"Player {event.player} quits"]
        if isinstance(event, Refunded):
            return [f"Player {event.player} takes back ${event.amount}"]
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
