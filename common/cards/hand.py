"""The assignment's `Hand`: a hand of cards in general card games.

"The Hand class models a hand of cards in general card games": every game's
hands subclass it.  A subclass says which cards make it (`Hand.is_valid`),
what it is called (`Hand.get_type`, its class name unless it says otherwise)
and what hands of its family are compared by (`Hand.strength`); `Hand.beats`
follows.  Class attributes configure the family, in pokerkit's manner:
`Hand.card_class` converts the cards to the game's order and `Hand.sort_cards`
keeps them sorted in it.  A hand is a value, as pokerkit's: its cards are
fixed when it is made (a tuple), so it hashes as it compares, and the card
list's methods that would change it refuse (`FixedHandError`).

- Big Two's eight combinations (`bigtwo.hands`), sorted in Big Two order;
- Stud's nine poker categories (`stud.hand`), compared by `stud.evaluate`;
- In Between's gate and Red Dog's spread, two cards a third must fall
  between: both extend `BetweenHand`, which holds that one rule.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, NoReturn, Protocol

from common.cards.card import AceHighT, Card, CardT
from common.cards.cardlist import CardList
from common.cards.player import CardGamePlayer


class Comparable(Protocol):
    """What `Hand.strength` returns: a value that compares (an int, a tuple)."""

    def __gt__(self, other: Any, /) -> bool: ...


class FixedHandError(TypeError):
    """A hand's cards were to change: they are fixed once the hand is made."""


class Hand(CardList[CardT], ABC):
    """A hand of cards played by a player (the Java ``Hand``).

    Its cards are fixed once it is made: it is hashable, and `add_card`,
    `set_card`, `remove_card`, `remove_all_cards` and `sort` raise
    `FixedHandError`.
    """

    # A card list's cards, fixed: a tuple where a card list has a list.
    _cards: tuple[CardT, ...]  # type: ignore[assignment]

    card_class: ClassVar[type[Card] | None] = None
    """The class the cards are converted to (their order); None keeps them."""
    sort_cards: ClassVar[bool] = False
    """Whether the cards are kept sorted in their class's order."""

    def __init__(self, player: CardGamePlayer | None, cards: Iterable[Card]) -> None:
        """Build the hand `player` plays (or holds) with `cards`."""
        make = self.card_class
        held: list[Any] = (list(cards) if make is None
                           else [make(card.suit, card.rank) for card in cards])
        if self.sort_cards:
            held.sort(key=lambda card: card.sort_key())
        self._cards = tuple(held)
        self._player = player

    def get_player(self) -> CardGamePlayer | None:
        """Return the player who plays this hand (None when it has none)."""
        return self._player

    def get_top_card(self) -> CardT:
        """Return the top card: the highest in the cards' order, unless a type says."""
        return max(self._cards, key=lambda card: card.sort_key())

    def get_type(self) -> str:
        """Return the name of the hand's type, which is its class name.

        Java declares ``getType`` abstract and every subclass returns its own
        class name; Python says it once here.
        """
        return type(self).__name__

    @abstractmethod
    def is_valid(self) -> bool:
        """Return whether the cards form a hand of this type."""

    @abstractmethod
    def strength(self) -> Comparable:
        """Return what hands of this family are compared by (greater beats)."""

    def beats(self, hand: Hand[CardT]) -> bool:
        """Return whether this hand beats `hand`: same size, greater `strength`."""
        return self.size() == hand.size() and self.strength() > hand.strength()

    def add_card(self, card: CardT) -> NoReturn:
        """Refuse: a hand's cards are fixed (`FixedHandError`)."""
        raise self._fixed()

    def set_card(self, i: int, card: CardT) -> NoReturn:
        """Refuse: a hand's cards are fixed (`FixedHandError`)."""
        raise self._fixed()

    def remove_card(self, item: int | Card) -> NoReturn:
        """Refuse: a hand's cards are fixed (`FixedHandError`)."""
        raise self._fixed()

    def remove_all_cards(self) -> NoReturn:
        """Refuse: a hand's cards are fixed (`FixedHandError`)."""
        raise self._fixed()

    def sort(self) -> NoReturn:
        """Refuse: a hand's cards are fixed, in their order (`FixedHandError`)."""
        raise self._fixed()

    def _fixed(self) -> FixedHandError:
        return FixedHandError(f"a {type(self).__name__}'s cards are fixed once made")

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        player = self._player.get_name() if self._player is not None else None
        codes = " ".join(card.code for card in self._cards)
        return f"{type(self).__name__}({player!r}, parse_cards({codes!r}))"


class BetweenHand(Hand[AceHighT], Generic[AceHighT]):
    """Two cards face up, and the values strictly between them.

    In Between's gate and Red Dog's spread: a third card wins when its value
    falls strictly between the two (aces high only, suits never count).
    Equal values (a pair) and values one apart (consecutive) leave no value
    between.  The cards keep the order they came in.
    """

    @property
    def low(self) -> int:
        """The lower of the two values (2 to 14)."""
        return min(self[0].value, self[1].value)

    @property
    def high(self) -> int:
        """The higher of the two values (2 to 14)."""
        return max(self[0].value, self[1].value)

    @property
    def is_pair(self) -> bool:
        """Whether the two values are equal."""
        return self[0].value == self[1].value

    @property
    def is_consecutive(self) -> bool:
        """Whether the two values are one apart (K-A are; A-2 are not)."""
        return abs(self[0].value - self[1].value) == 1

    @property
    def between(self) -> int:
        """How many values lie strictly between the two (0 for a pair)."""
        return max(0, self.high - self.low - 1)

    def holds_between(self, card: AceHighT) -> bool:
        """Return whether `card`'s value falls strictly between the two."""
        return self.low < card.value < self.high

    def is_valid(self) -> bool:
        """Return whether the hand is two cards."""
        return self.size() == 2

    def get_top_card(self) -> AceHighT:
        """Return the higher card (the second dealt on equal values)."""
        first, second = self[0], self[1]
        return first if first.value > second.value else second

    def strength(self) -> int:
        """Return the gap between the values: a wider gate holds more cards."""
        return self.high - self.low
