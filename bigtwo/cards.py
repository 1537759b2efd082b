"""The assignment's `BigTwoCard` and `BigTwoDeck`: cards in Big Two order."""

from __future__ import annotations

from common.cards.card import Card
from common.cards.deck import Deck


def card_key(card: Card) -> int:
    """Return the card's key: ``4 * rank + suit`` in Big Two order (3 low, 2 high).

    ♦3 is 0 and ♠2 is 51, so comparing keys compares cards in Big Two order.
    """
    return ((card.rank - 2) % 13) * 4 + card.suit


class BigTwoCard(Card):
    """A card in a Big Two game (the Java ``BigTwoCard``).

    Ranks run 3 (lowest) … K, A, 2 (highest); suits ♦ < ♣ < ♥ < ♠.  Only the
    order differs from `common.Card`: the encoding and equality are the same.
    """

    __slots__ = ("key",)
    key: int
    """The card's `card_key`, kept on the card (read-only): the engine lists
    moves on keys."""

    def __init__(self, suit: int, rank: int) -> None:
        """Build the card of the given suit (0-3) and rank (0-12)."""
        super().__init__(suit, rank)
        object.__setattr__(self, "key", card_key(self))

    @staticmethod
    def rank_order(rank: int) -> int:
        """Return the position of `rank` in Big Two order: 3 is 0, 2 is 12."""
        return (rank - 2) % 13


class BigTwoDeck(Deck[BigTwoCard]):
    """A deck of `BigTwoCard` (the Java ``BigTwoDeck``).

    The Java class overrides ``initialize()`` to create Big Two cards; here
    `Deck.initialize` creates cards of `card_class`, which this class sets.
    """

    card_class = BigTwoCard
