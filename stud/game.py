"""The game engine: heads-up Five Card Stud as a state machine.

`StudGame` never prints or reads.  It implements the game contract
(`common.engine.game.Game`): `StudGame.start` deals the first hand, and each move
(an `stud.events.Action`, or `common.engine.game.QUIT`) goes to `StudGame.apply`,
which plays on to the next decision, dealing the next hand when one ends.
Every call returns the `stud.events.Event` values it caused.
"""

from __future__ import annotations

import enum

from common.engine import game as contract
from common.engine.dealer import Dealer
from common.engine.game import QUIT, Quit
from common.language import _, ngettext
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
from stud.hand import poker_hand
from stud.rules import StudRules
from stud.view import StudView

PLAYERS = 2
"""Five Card Stud here is heads-up: Player 0 against Player 1."""
LAST_ROUND = len(StudRules.BET_SIZES) - 1

StudMove = Action | Quit
"""A move: a betting `Action`, or `common.engine.game.QUIT` to end the game."""


class Phase(enum.Enum):
    """Where the game stands between two calls."""

    BETWEEN_HANDS = "between hands"
    """Before `StudGame.start` (after it, the next hand follows at once)."""
    BETTING = "betting"
    """Waiting for the current seat to play one of `StudGame.legal_actions`."""
    GAME_OVER = "game over"
    """Nothing more can happen."""


class IllegalMoveError(contract.IllegalMoveError):
    """A Stud move the rules do not allow at this point."""


class StudGame(contract.Game[StudMove, StudView]):
    """The state of a game and the moves that change it.

    The money (both stacks plus the pot) never changes its total.  Each hand
    is dealt from a fresh deck from the dealer.
    """

    def __init__(self, dealer: Dealer | None = None, *,
                 stacks: tuple[int, int] = (StudRules.STARTING_STACK,) * 2,
                 max_hands: int | None = None) -> None:
        """Set up a game, before its first hand.

        Args:
            dealer: where each hand's deck comes from; a deck it is given is
                dealt in order: hole card to Player 0, hole card to Player 1,
                then up cards alternately from Player 0.
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
        self._dealer = dealer if dealer is not None else Dealer()
        self._stacks = list(stacks)
        self._start_stacks = tuple(stacks)
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
    def num_seats(self) -> int:
        """Two seats: Player 0 and Player 1."""
        return PLAYERS

    @property
    def current_seat(self) -> int | None:
        """The player whose turn it is; None before `start` and once over."""
        return self._to_act if self._phase is Phase.BETTING else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._phase is Phase.GAME_OVER

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

    def view(self, seat: int) -> StudView:
        """Return what the player at `seat` may see of the hand in progress.

        Raises:
            ValueError: when `seat` is not 0 or 1, or no hand is being bet on.
        """
        if seat not in range(PLAYERS):
            raise ValueError(f"there is no player {seat!r}")
        player = seat
        hole = self._holes[player]
        if self._phase is not Phase.BETTING or hole is None:
            raise ValueError("nothing to see: no hand is being bet on")
        return StudView(
            seat=player,
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
        """Return the actions the player to act may take, in `Action` order.

        A player short of the full amount may still bet or raise: all-in,
        for what they have (see `bet_amount`).  A raise needs more than the
        call, a raise left this round, and another player with money behind.
        """
        if self._phase is not Phase.BETTING:
            return ()
        # The player to act always has money: an all-in player never acts
        # again in the hand, since the betting stops (`_run_out`).
        player = self._to_act
        owed = self.to_call(player)
        if not owed:
            return Action.CHECK, Action.BET
        can_raise = (self._raises < StudRules.MAX_RAISES
                     and self._stacks[player] > owed
                     and self._stacks[1 - player] > 0)
        if can_raise:
            return Action.CALL, Action.RAISE, Action.FOLD
        return Action.CALL, Action.FOLD

    def bet_amount(self, player: int) -> int:
        """Return what a bet or a raise by `player` puts in the pot now.

        That is what they owe plus the round's bet, or all they have when
        that is less: an all-in bet or raise for less than the full amount.
        It does not reopen the betting, and heads-up it need not: the other
        player, facing a player with nothing behind, may only call or fold.
        """
        return min(self.to_call(player) + self.bet_size, self._stacks[player])

    def legal_moves(self) -> list[StudMove]:
        """Return the legal actions, then `common.engine.game.QUIT` (none once over)."""
        if self._phase is not Phase.BETTING:
            return []
        return [*self.legal_actions(), QUIT]

    def returns(self) -> tuple[float, ...]:
        """Each player's money won so far (negative when lost)."""
        return tuple(float(self._stacks[player] - self._start_stacks[player])
                     for player in range(PLAYERS))

    def start(self) -> list[Event]:
        """Deal the first hand (or end the game, if nobody can ante).

        Raises:
            IllegalMoveError: when the game has already started.
        """
        if self._hand or self._phase is not Phase.BETWEEN_HANDS:
            raise IllegalMoveError(_("the game has already started"))
        self._events = []
        self._start_hand()
        return self._events

    def verify_move(self, move: StudMove) -> None:
        """Check that the player to act may make `move` now.

        Raises:
            IllegalMoveError: saying why not.
        """
        if self._phase is not Phase.BETTING:
            raise IllegalMoveError(_("the game is over") if self.is_over
                                   else _("the game has not started"), move)
        if move is QUIT:
            return
        legal = self.legal_actions()
        if move in legal:
            return
        words = "/".join(action.value for action in legal)
        owed = self.to_call(self._to_act)
        if not isinstance(move, Action):
            why = _("{move} is not a move").format(move=repr(move))
        elif move is Action.FOLD:
            why = _("nothing to call: check instead of folding")
        elif move in (Action.CHECK, Action.BET) and owed:
            # Translators: {action} is the word typed: check or bet.
            why = _("${owed} to call: you cannot {action}").format(owed=owed,
                                                                   action=move.value)
        elif move in (Action.CALL, Action.RAISE) and not owed:
            # Translators: {action} is the word typed: call or raise.
            why = _("nothing to call: you cannot {action}").format(action=move.value)
        elif move is Action.RAISE and self._raises >= StudRules.MAX_RAISES:
            why = ngettext("this round has had its {count} raise",
                           "this round has had its {count} raises",
                           StudRules.MAX_RAISES).format(count=StudRules.MAX_RAISES)
        elif move is Action.RAISE and not self._stacks[1 - self._to_act]:
            why = _("the other player is all-in: there is nothing to raise")
        else:
            why = _("calling puts in all your ${money}: nothing is left to raise "
                    "with").format(money=self._stacks[self._to_act])
        # Translators: {reason} is why the move is refused, {moves} the words
        # of the legal ones, such as call/raise/fold.
        raise IllegalMoveError(_("{reason} (you may {moves})").format(
            reason=why, moves=words), move)

    def apply(self, move: StudMove) -> list[Event]:
        """Play `move` for the player to act; a hand's end deals the next.

        `common.engine.game.QUIT` ends the game: an unfinished hand is called off and
        each player gets back what they put in it.

        Raises:
            IllegalMoveError: when `move` is not legal now.
        """
        self.verify_move(move)
        self._events = []
        if move is QUIT:
            self._quit(self._to_act)
            return self._events
        assert isinstance(move, Action)
        player = self._to_act
        other = 1 - player
        if move is Action.CHECK:
            self._put(player, move, 0)
            if self._checked:
                self._close_round()
            else:
                self._checked = True
                self._to_act = other
        elif move is Action.FOLD:
            self._put(player, move, 0)
            self._award(other, self._pot, split=False)
            self._end_hand()
        elif move is Action.CALL:
            owed = self.to_call(player)
            amount = min(owed, self._stacks[player])
            self._put(player, move, amount)
            if amount < owed:
                self._take_back(other, owed - amount)
                self._emit(UncalledReturned, seat=other, amount=owed - amount)
            self._close_round()
        else:  # a bet or a raise: both hand the turn over
            amount = self.bet_amount(player)
            if move is Action.RAISE:
                self._raises += 1
            self._put(player, move, amount)
            self._to_act = other
        return self._events

    def _start_hand(self) -> None:
        """Post the antes, deal two cards each and open the first betting round.

        When a player cannot post the ante the game ends instead, the other
        player winning; so it does once `max_hands` hands are played, the
        player with more money winning.
        """
        broke = [player for player in range(PLAYERS)
                 if self._stacks[player] < StudRules.ANTE]
        if broke:
            self._winner = 1 - broke[0] if len(broke) == 1 else None
            self._phase = Phase.GAME_OVER
            self._emit(GameEnded, winner=self._winner)
            return
        if self._max_hands is not None and self._hand >= self._max_hands:
            first, second = self._stacks
            self._winner = None if first == second else int(second > first)
            self._phase = Phase.GAME_OVER
            self._emit(GameEnded, winner=self._winner, hand_limit=self._max_hands)
            return
        self._hand += 1
        self._deck = self._dealer.deal(StudDeck())
        self._holes = [None] * PLAYERS
        self._ups = [[] for _ in range(PLAYERS)]
        self._put_in = [0] * PLAYERS
        self._emit(HandStarted, hand=self._hand)
        for player in range(PLAYERS):
            self._pay(player, StudRules.ANTE)
            self._emit(AntePosted, seat=player, amount=StudRules.ANTE)
        for player in range(PLAYERS):
            card = self._deck.deal_card()
            self._holes[player] = card
            self._emit(CardDealt, seat=player, card=card, face_up=False)
        self._deal_up_cards()
        if not self._run_out():
            self._open_round(0)

    def _quit(self, player: int) -> None:
        self._emit(PlayerQuit, seat=player)
        for someone in range(PLAYERS):
            amount = self._put_in[someone]
            self._take_back(someone, amount)
            self._emit(Refunded, seat=someone, amount=amount)
        self._phase = Phase.GAME_OVER
        self._emit(GameEnded, winner=None)

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
        self._emit(ActionTaken, seat=player, action=action, amount=amount,
                   all_in=self._stacks[player] == 0)

    def _deal_up_cards(self) -> None:
        for player in range(PLAYERS):
            card = self._deck.deal_card()
            self._ups[player].append(card)
            self._emit(CardDealt, seat=player, card=card, face_up=True)

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
        self._emit(BettingClosed, seat=all_in[0])
        while len(self._ups[0]) < len(StudRules.BET_SIZES):
            self._deal_up_cards()
        self._showdown()
        return True

    def _showdown(self) -> None:
        hands = []
        for hole, ups in zip(self._holes, self._ups, strict=True):
            assert hole is not None  # dealt before any betting
            hands.append(poker_hand([hole, *ups]))
        first, second = hands
        self._emit(Showdown, hands=(first, second))
        # The hands decide, as every Hand does: a greater strength beats.
        if first.beats(second):
            self._award(0, self._pot, split=False)
        elif second.beats(first):
            self._award(1, self._pot, split=False)
        else:
            # Both put in the same amount by showdown, so the pot halves evenly.
            half = self._pot // 2
            for player in range(PLAYERS):
                self._award(player, half, split=True)
        self._end_hand()

    def _award(self, player: int, amount: int, split: bool) -> None:
        self._pot -= amount
        self._stacks[player] += amount
        self._emit(PotWon, seat=player, amount=amount, split=split)

    def _end_hand(self) -> None:
        self._phase = Phase.BETWEEN_HANDS
        self._emit(HandEnded, hand=self._hand)
        self._start_hand()
