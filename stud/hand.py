"""The seed's hand class: five cards and the poker hand they make."""

from __future__ import annotations

from collections.abc import Iterable

from common.cards import Card
from stud.cards import StudCard
from stud.evaluator import HandCategory, category_of, evaluate


class PokerHand:
    """Five distinct cards, their `value` (see `stud.evaluate`) and `category`.

    Two hands are equal when they hold the same cards, in any order; whether
    one beats the other is `stud.rules.StudRules.compare`'s business.
    """

    __slots__ = ("_cards", "_value")

    def __init__(self, cards: Iterable[Card]) -> None:
        """Build the hand of `cards`, converted to `StudCard`, in the given order.

        Raises:
            ValueError: when they are not five distinct cards.
        """
        hand = tuple(StudCard(card.suit, card.rank) for card in cards)
        if len(hand) != 5 or len(set(hand)) != 5:
            codes = " ".join(card.code for card in hand)
            raise ValueError(f"a poker hand is five distinct cards, not {codes!r}")
        self._cards = hand
        self._value = evaluate(hand)

    @property
    def cards(self) -> tuple[StudCard, ...]:
        """The five cards, in the order given."""
        return self._cards

    @property
    def value(self) -> int:
        """The hand's strength, 1 to 7462: higher is better, equal is a tie."""
        return self._value

    @property
    def category(self) -> HandCategory:
        """The hand's category, e.g. `HandCategory.FULL_HOUSE`."""
        return category_of(self._value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PokerHand):
            return NotImplemented
        return set(self._cards) == set(other._cards)

    def __hash__(self) -> int:
        return hash(frozenset(self._cards))

    def __str__(self) -> str:
        return " ".join(f"[{card}]" for card in self._cards) + f" {self.category}"

    def __repr__(self) -> str:
        codes = " ".join(card.code for card in self._cards)
        return f"{type(self).__name__}(parse_cards({codes!r}))"
