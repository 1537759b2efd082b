"""The assignment's `BigTwoCard` and `BigTwoDeck`: cards in Big Two order."""

from __future__ import annotations

from common.cards.card import Card
from common.cards.deck import Deck


class BigTwoCard(Card):
    """A card in a Big Two game (the Java ``BigTwoCard``).

    Ranks run 3 (lowest) … K, A, 2 (highest); suits ♦ < ♣ < ♥ < ♠.  Only the
    order differs from `common.Card`: the encoding and equality are the same.
    """

    __slots__ = ("key",)
    key: int
    """The card's place in Big Two order, ``4 * rank + suit``: ♦3 is 0, ♠2 is 51
    (`bigtwo.hands.card_key`; read-only).  The engine lists moves on keys."""

    def __init__(self, suit: int, rank: int) -> None:
        """Build the card of the given suit (0-3) and rank (0-12)."""
        super().__init__(suit, rank)
        object.__setattr__(self, "key", self.rank_order(rank) * 4 + suit)

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
