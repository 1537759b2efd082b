"""The game engine: heads-up Five Card Stud as a state machine.

`StudGame` never prints or reads.  The caller starts each hand with
`StudGame.start_hand`, asks `StudGame.legal_actions` and plays one with
`StudGame.act`; every call returns the `stud.events.Event` values it caused.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable

from common.cards import Card
from stud.cards import StudCard, StudDeck
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
from stud.hand import PokerHand
from stud.rules import StudRules
from stud.view import StudView

PLAYERS = 2
"""Five Card Stud here is heads-up: Player 0 against Player 1."""
LAST_ROUND = len(StudRules.BET_SIZES) - 1


class Phase(enum.Enum):
    """Where the game stands between two calls."""

    BETWEEN_HANDS = "between hands"
    """Waiting for `StudGame.start_hand` (also before the first hand)."""
    BETTING = "betting"
    """Waiting for `StudGame.to_act` to play one of `StudGame.legal_actions`."""
    GAME_OVER = "game over"
    """Nothing more can happen."""


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point."""


class StudGame:
    """The state of a game and the moves that change it.

    The money (both stacks plus the pot) never changes its total.  Hands after
    the first are dealt from a fresh deck shuffled with the injected generator.
    """

    def __init__(self, rng: random.Random, first_deck: Iterable[Card] | None = None,
                 stacks: tuple[int, int] = (StudRules.STARTING_STACK,) * 2,
                 max_hands: int | None = None) -> None:
        """Set up a game, before its first hand.

        Args:
            rng: the generator every shuffle draws from.
            first_deck: the 52 cards of the first hand in dealing order (hole
                card to Player 0, hole card to Player 1, then up cards
                alternately from Player 0); None shuffles that hand too.
            stacks: each player's money at the start.
            max_hands: when given, the game ends after that many hands, the
                player with more money winning (equal money is a draw);
                otherwise it goes on until a player is broke.

        Raises:
            ValueError: when `max_hands` is less than 1.
        """
        if max_hands is not None and max_hands < 1:
            raise ValueError(f"a game needs at least one hand, not {max_hands}")
        self._max_hands = max_hands
        self._rng = rng
        self._first_deck = None if first_deck is None else list(first_deck)
        self._stacks = list(stacks)
        self._pot = 0
        self._hand = 0
        self._phase = Phase.BETWEEN_HANDS
        self._deck = StudDeck()
        self._holes: list[StudCard | None] = [None] * PLAYERS
        self._ups: list[list[StudCard]] = [[] for _ in range(PLAYERS)]
        self._put_in = [0] * PLAYERS  # this hand, for refunds after a quit
        self._round = 0
        self._committed = [0] * PLAYERS  # this betting round
        self._raises = 0
        self._checked = False
        self._to_act = 0
        self._winner: int | None = None
        self._events: list[Event] = []

    @property
    def phase(self) -> Phase:
        """What the game is waiting for."""
        return self._phase

    @property
    def stacks(self) -> tuple[int, int]:
        """Each player's money outside the pot."""
        return self._stacks[0], self._stacks[1]

    @property
    def pot(self) -> int:
        """The money in the pot."""
        return self._pot

    @property
    def hand_number(self) -> int:
        """The current (or last) hand, from 1; 0 before the first."""
        return self._hand

    @property
    def round_number(self) -> int:
        """The current (or last) betting round of the hand, 1 to 4."""
        return self._round + 1

    @property
    def bet_size(self) -> int:
        """The fixed bet and raise of the current round."""
        return StudRules.BET_SIZES[self._round]

    @property
    def raises(self) -> int:
        """How many raises the current round has had."""
        return self._raises

    @property
    def to_act(self) -> int:
        """The player whose turn it is (meaningful while betting)."""
        return self._to_act

    @property
    def max_hands(self) -> int | None:
        """How many hands the game lasts at most; None: until a player is broke."""
        return self._max_hands

    @property
    def winner(self) -> int | None:
        """The player who won, once the game is over; None before, or for no winner.

        That is the player left with all the money, or, when the hand limit
        ends the game, the one with more; a draw or a quit has no winner.
        """
        return self._winner

    def view(self, player: int) -> StudView:
        """Return what `player` may see of the hand in progress.

        Raises:
            IllegalActionError: when no hand is being bet on.
            ValueError: when `player` is not 0 or 1.
        """
        if player not in range(PLAYERS):
            raise ValueError(f"there is no player {player!r}")
        hole = self._holes[player]
        if self._phase is not Phase.BETTING or hole is None:
            raise IllegalActionError(f"nothing to see: the game is {self._phase.value}")
        return StudView(
            player=player,
            hole_card=hole,
            up_cards=(self.up_cards(0), self.up_cards(1)),
            stacks=self.stacks,
            pot=self._pot,
            to_call=self.to_call(player),
            legal_actions=self.legal_actions() if player == self._to_act else (),
            round_number=self.round_number,
            bet_size=self.bet_size,
            raises=self._raises,
        )

    def hole_card(self, player: int) -> StudCard | None:
        """Return the player's face-down card, or None before it is dealt."""
        return self._holes[player]

    def up_cards(self, player: int) -> tuple[StudCard, ...]:
        """Return the player's face-up cards, in the order dealt."""
        return tuple(self._ups[player])

    def to_call(self, player: int) -> int:
        """Return what `player` must add to match the other player this round."""
        return max(0, self._committed[1 - player] - self._committed[player])

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the actions the player to act may take, in `Action` order."""
        if self._phase is not Phase.BETTING:
            return ()
        player = self._to_act
        stack = self._stacks[player]
        owed = self.to_call(player)
        if not owed:
            if stack >= self.bet_size:
                return Action.CHECK, Action.BET
            return (Action.CHECK,)
        can_raise = (self._raises < StudRules.MAX_RAISES
                     and stack >= owed + self.bet_size
                     and self._stacks[1 - player] > 0)
        if can_raise:
            return Action.CALL, Action.RAISE, Action.FOLD
        return Action.CALL, Action.FOLD

    def start_hand(self) -> list[Event]:
        """Post the antes, deal two cards each and open the first betting round.

        When a player cannot post the ante the game ends instead, the other
        player winning; so it does once `max_hands` hands are played, the
        player with more money winning.

        Raises:
            IllegalActionError: when the game is not between hands.
        """
        if self._phase is not Phase.BETWEEN_HANDS:
            raise IllegalActionError(
                f"cannot start a hand: the game is {self._phase.value}")
        self._events = []
        broke = [player for player in range(PLAYERS)
                 if self._stacks[player] < StudRules.ANTE]
        if broke:
            self._winner = 1 - broke[0] if len(broke) == 1 else None
            self._phase = Phase.GAME_OVER
            self._emit(GameEnded, winner=self._winner)
            return self._events
        if self._max_hands is not None and self._hand >= self._max_hands:
            first, second = self._stacks
            self._winner = None if first == second else int(second > first)
            self._phase = Phase.GAME_OVER
            self._emit(GameEnded, winner=self._winner, hand_limit=self._max_hands)
            return self._events
        self._hand += 1
        if self._hand == 1 and self._first_deck is not None:
            self._deck = StudDeck(self._first_deck)
        else:
            self._deck = StudDeck()
            self._deck.shuffle(self._rng)
        self._holes = [None] * PLAYERS
        self._ups = [[] for _ in range(PLAYERS)]
        self._put_in = [0] * PLAYERS
        self._emit(HandStarted, hand=self._hand)
        for player in range(PLAYERS):
            self._pay(player, StudRules.ANTE)
            self._emit(AntePosted, player=player, amount=StudRules.ANTE)
        for player in range(PLAYERS):
            card = self._deck.deal_card()
            self._holes[player] = card
            self._emit(CardDealt, player=player, card=card, face_up=False)
        self._deal_up_cards()
        if not self._run_out():
            self._open_round(0)
        return self._events

    def act(self, action: Action) -> list[Event]:
        """Play `action` for the player to act.

        Raises:
            IllegalActionError: when `action` is not in `legal_actions`.
        """
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not allowed now")
        self._events = []
        player = self._to_act
        other = 1 - player
        if action is Action.CHECK:
            self._put(player, action, 0)
            if self._checked:
                self._close_round()
            else:
                self._checked = True
                self._to_act = other
        elif action is Action.FOLD:
            self._put(player, action, 0)
            self._award(other, self._pot, split=False)
            self._end_hand()
        elif action is Action.CALL:
            owed = self.to_call(player)
            amount = min(owed, self._stacks[player])
            self._put(player, action, amount)
            if amount < owed:
                self._take_back(other, owed - amount)
                self._emit(UncalledReturned, player=other, amount=owed - amount)
            self._close_round()
        else:  # a bet or a raise: both hand the turn over
            amount = self.to_call(player) + self.bet_size
            if action is Action.RAISE:
                self._raises += 1
            self._put(player, action, amount)
            self._to_act = other
        return self._events

    def check(self) -> list[Event]:
        """Check (see `act`)."""
        return self.act(Action.CHECK)

    def bet(self) -> list[Event]:
        """Bet the round's amount (see `act`)."""
        return self.act(Action.BET)

    def call(self) -> list[Event]:
        """Call, all-in for less when short (see `act`)."""
        return self.act(Action.CALL)

    def raise_(self) -> list[Event]:
        """Raise by the round's amount (see `act`)."""
        return self.act(Action.RAISE)

    def fold(self) -> list[Event]:
        """Fold, giving the pot to the other player (see `act`)."""
        return self.act(Action.FOLD)

    def quit(self, player: int) -> list[Event]:
        """End the game because `player` quits; an unfinished hand is called off.

        Each player gets back what they put in the unfinished hand.

        Raises:
            IllegalActionError: when the game is already over.
            ValueError: when `player` is not 0 or 1.
        """
        if player not in range(PLAYERS):
            raise ValueError(f"there is no player {player!r}")
        if self._phase is Phase.GAME_OVER:
            raise IllegalActionError("the game is already over")
        self._events = []
        self._emit(PlayerQuit, player=player)
        if self._phase is Phase.BETTING:
            for someone in range(PLAYERS):
                amount = self._put_in[someone]
                self._take_back(someone, amount)
                self._emit(Refunded, player=someone, amount=amount)
        self._phase = Phase.GAME_OVER
        self._emit(GameEnded, winner=None)
        return self._events

    def _emit(self, kind: type[Event], **fields: object) -> None:
        self._events.append(kind(stacks=self.stacks, pot=self._pot, **fields))

    def _pay(self, player: int, amount: int) -> None:
        self._stacks[player] -= amount
        self._pot += amount
        self._put_in[player] += amount
        self._committed[player] += amount

    def _take_back(self, player: int, amount: int) -> None:
        self._pot -= amount
        self._stacks[player] += amount
        self._put_in[player] -= amount
        self._committed[player] -= amount

    def _put(self, player: int, action: Action, amount: int) -> None:
        """Record `action`, with the `amount` it moves into the pot."""
        self._pay(player, amount)
        self._emit(ActionTaken, player=player, action=action, amount=amount,
                   all_in=self._stacks[player] == 0)

    def _deal_up_cards(self) -> None:
        for player in range(PLAYERS):
            card = self._deck.deal_card()
            self._ups[player].append(card)
            self._emit(CardDealt, player=player, card=card, face_up=True)

    def _open_round(self, round_index: int) -> None:
        self._round = round_index
        self._committed = [0] * PLAYERS
        self._raises = 0
        self._checked = False
        self._to_act = StudRules.first_to_act(self._ups)
        self._phase = Phase.BETTING
        self._emit(RoundStarted, round=round_index + 1, bet=self.bet_size,
                   first=self._to_act)

    def _close_round(self) -> None:
        if self._round == LAST_ROUND:
            self._showdown()
        elif not self._run_out():
            self._deal_up_cards()
            self._open_round(self._round + 1)

    def _run_out(self) -> bool:
        """With a player all-in, deal the rest, show down and return True."""
        all_in = [player for player in range(PLAYERS) if self._stacks[player] == 0]
        if not all_in:
            return False
        self._emit(BettingClosed, player=all_in[0])
        while len(self._ups[0]) < len(StudRules.BET_SIZES):
            self._deal_up_cards()
        self._showdown()
        return True

    def _showdown(self) -> None:
        hands = []
        for hole, ups in zip(self._holes, self._ups, strict=True):
            assert hole is not None  # dealt before any betting
            hands.append(PokerHand([hole, *ups]))
        self._emit(Showdown, hands=(hands[0], hands[1]))
        outcome = StudRules.compare(hands[0], hands[1])
        if outcome:
            self._award(0 if outcome > 0 else 1, self._pot, split=False)
        else:
            # Both put in the same amount by showdown, so the pot halves evenly.
            half = self._pot // 2
            for player in range(PLAYERS):
                self._award(player, half, split=True)
        self._end_hand()

    def _award(self, player: int, amount: int, split: bool) -> None:
        self._pot -= amount
        self._stacks[player] += amount
        self._emit(PotWon, player=player, amount=amount, split=split)

    def _end_hand(self) -> None:
        self._phase = Phase.BETWEEN_HANDS
        self._emit(HandEnded, hand=self._hand)
