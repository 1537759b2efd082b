"""What happens in a game, as values.

The engine returns them, the console prints them and the ``--log`` file
records them.
Every event carries the money right after it happened (`Event.stacks` and
`Event.pot`), so a log can be audited line by line.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar

from common.cards.card import Card
from common.engine import events
from stud.hand import PokerHand


class Action(enum.Enum):
    """A betting action; the value is the word the console and the log use."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Event(events.Event):
    """Something that happened, with the money after it."""

    stacks: tuple[int, int]
    """Each player's money, not counting the pot."""
    pot: int
    """The money in the pot."""


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand begins (hands are numbered from 1)."""

    kind: ClassVar[str] = "hand_start"
    hand: int


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """A player put the ante in the pot."""

    kind: ClassVar[str] = "ante"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """A player received a card, face down (the hole card) or face up."""

    kind: ClassVar[str] = "deal"
    seat: int
    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A betting round begins (rounds are numbered 1 to 4)."""

    kind: ClassVar[str] = "round"
    round: int
    bet: int
    first: int
    """The seat that acts first."""


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A player acted; `amount` is what they put in the pot by doing so."""

    kind: ClassVar[str] = "action"
    seat: int
    action: Action
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    """The part of a bet the other player could not call went back to its owner."""

    kind: ClassVar[str] = "return"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BettingClosed(Event):
    """A player is all-in: the rest of the hand is dealt without betting."""

    kind: ClassVar[str] = "all_in"
    seat: int


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """Both hands are shown, Player 0's first."""

    kind: ClassVar[str] = "showdown"
    hands: tuple[PokerHand, PokerHand]

    def record(self) -> dict[str, object]:
        """Return the fields, each hand as its cards, category and value."""
        # Named, not super(): a slotted dataclass is a new class, which the
        # zero-argument super() of its methods does not know (before 3.14).
        fields = Event.record(self)
        fields["hands"] = [{"seat": seat,
                            "cards": [card.code for card in hand.cards],
                            "category": str(hand.category),
                            "value": hand.value}
                           for seat, hand in enumerate(self.hands)]
        return fields


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """A player took the pot, or half of it when `split`."""

    kind: ClassVar[str] = "win"
    seat: int
    amount: int
    split: bool


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over."""

    kind: ClassVar[str] = "hand_end"
    hand: int


@dataclass(frozen=True, slots=True)
class PlayerQuit(Event):
    """A player typed ``quit``: the game ends."""

    kind: ClassVar[str] = "quit"
    seat: int


@dataclass(frozen=True, slots=True)
class Refunded(Event):
    """After a quit, a player got back what they had put in the unfinished hand."""

    kind: ClassVar[str] = "refund"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: `winner` is None after a quit or a drawn hand limit."""

    kind: ClassVar[str] = "game_end"
    winner: int | None
    hand_limit: int | None = None
    """The game's `stud.StudGame.max_hands` when playing them ended it, else None."""

