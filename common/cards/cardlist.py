"""The assignment's `CardList`: an ordered list of cards and its console form."""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Iterator
from typing import Generic, overload

from common.cards.card import Card, CardT

CARDS_PER_LINE = 13
"""The original printing starts a new line after every 13th card."""


def _lines(texts: list[str]) -> str:
    # CARDS_PER_LINE to a line, one space apart, each line ended.
    return "".join(" ".join(texts[start:start + CARDS_PER_LINE]) + "\n"
                   for start in range(0, len(texts), CARDS_PER_LINE))


@functools.cache
def _backs(count: int, print_index: bool) -> str:
    # Face down, a list prints the same for its size: made once per size.
    return _lines([f"{i} [  ]" if print_index else "[  ]" for i in range(count)])


class CardList(Generic[CardT]):
    """A list of cards (the Java ``CardList``), with the Python list protocols.

    Generic over the class of its cards: a ``CardList[BigTwoCard]`` hands
    back `bigtwo.BigTwoCard` objects.
    """

    def __init__(self, cards: Iterable[CardT] = ()) -> None:
        """Build a list holding `cards`, in order."""
        self._cards: list[CardT] = list(cards)

    def add_card(self, card: CardT) -> None:
        """Append `card` to the end of the list."""
        self._cards.append(card)

    def get_card(self, i: int) -> CardT:
        """Return the card at index `i`."""
        return self._cards[i]

    def set_card(self, i: int, card: CardT) -> CardT:
        """Put `card` at index `i` and return the card it replaces."""
        old = self._cards[i]
        self._cards[i] = card
        return old

    @overload
    def remove_card(self, item: int) -> CardT: ...

    @overload
    def remove_card(self, item: Card) -> bool: ...

    def remove_card(self, item: int | Card) -> CardT | bool:
        """Remove a card by index or by value, as the two Java ``removeCard`` do.

        By index the removed card is returned; by value, whether it was there.
        """
        if isinstance(item, Card):
            for index, card in enumerate(self._cards):
                if card == item:
                    del self._cards[index]
                    return True
            return False
        return self._cards.pop(item)

    def remove_all_cards(self) -> None:
        """Empty the list."""
        self._cards.clear()

    def contains(self, card: Card) -> bool:
        """Return whether `card` is in the list."""
        return card in self._cards

    def is_empty(self) -> bool:
        """Return whether the list holds no card."""
        return not self._cards

    def sort(self) -> None:
        """Sort the cards in place by their own order (their ``compare_to``)."""
        self._cards.sort(key=lambda card: card.sort_key())

    def size(self) -> int:
        """Return the number of cards."""
        return len(self._cards)

    def render(self, print_front: bool = True, print_index: bool = False) -> str:
        """Return the text the Java ``print(printFront, printIndex)`` prints.

        Cards show as ``[♦3]`` (or ``[  ]`` face down), preceded by their index
        when `print_index` is set, separated by one space, with a line break
        after every 13th card and at the end; an empty list is ``[Empty]``.
        """
        if not self._cards:
            return "[Empty]\n"
        if not print_front:
            return _backs(len(self._cards), print_index)
        texts = [f"[{card}]" for card in self._cards]
        if print_index:
            texts = [f"{i} {text}" for i, text in enumerate(texts)]
        return _lines(texts)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[CardT]:
        return iter(self._cards)

    def __getitem__(self, i: int) -> CardT:
        return self._cards[i]

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    # Defining __eq__ leaves a card list unhashable, as a list is (a hand,
    # whose cards are fixed, hashes).
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CardList):
            return NotImplemented
        # A hand's cards are a tuple, a list's a list: the cards compare.
        mine, theirs = self._cards, other._cards
        return len(mine) == len(theirs) and all(map(operator.eq, mine, theirs))

    def __str__(self) -> str:
        return " ".join(f"[{card}]" for card in self._cards)

    def __repr__(self) -> str:
        return f"{type(self).__name__}([{', '.join(map(repr, self._cards))}])"
