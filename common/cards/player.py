"""The assignment's `CardGamePlayer`: a named player and the cards in hand."""

from __future__ import annotations

from collections.abc import Iterable

from common.cards.card import Card
from common.cards.cardlist import CardList


class CardGamePlayer:
    """A card game player (the Java ``CardGamePlayer``)."""

    def __init__(self, name: str) -> None:
        """Build a player called `name` with no cards in hand."""
        self.name = name
        self._cards_in_hand: CardList[Card] = CardList()

    def get_name(self) -> str:
        """Return the player's name."""
        return self.name

    def set_name(self, name: str) -> None:
        """Change the player's name."""
        self.name = name

    def add_card(self, card: Card) -> None:
        """Add `card` to the cards in hand."""
        self._cards_in_hand.add_card(card)

    def remove_cards(self, cards: Iterable[Card]) -> None:
        """Remove each of `cards` from the cards in hand."""
        for card in cards:
            self._cards_in_hand.remove_card(card)

    def remove_all_cards(self) -> None:
        """Empty the hand."""
        self._cards_in_hand.remove_all_cards()

    def get_num_of_cards(self) -> int:
        """Return the number of cards in hand."""
        return self._cards_in_hand.size()

    def sort_cards_in_hand(self) -> None:
        """Sort the cards in hand by their order."""
        self._cards_in_hand.sort()

    def get_cards_in_hand(self) -> CardList[Card]:
        """Return the cards in hand (the list itself, not a copy)."""
        return self._cards_in_hand

    def get_playing_cards(self, indices: Iterable[int]) -> CardList[Card] | None:
        """Return the cards at `indices` of the hand, or None when there are none.

        Indices out of range are ignored, as in the Java original; the cards
        come in the order of `indices`, a repeated index only once.
        """
        size = self._cards_in_hand.size()
        cards = CardList(self._cards_in_hand.get_card(i) for i in dict.fromkeys(indices)
                         if 0 <= i < size)
        return cards if cards.size() else None

    def play(self, indices: Iterable[int]) -> CardList[Card]:
        """Remove the cards at `indices` from the hand and return them."""
        cards = self.get_playing_cards(indices) or CardList()
        self.remove_cards(cards)
        return cards

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"
