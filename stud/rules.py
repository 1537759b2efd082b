"""The seed's rule set: the stakes, who bets first, and which hand wins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from common.cards.card import Card
from stud.cards import StudCard


class StudRules:
    """The rules of heads-up Five Card Stud as this game plays them."""

    STARTING_STACK: ClassVar[int] = 100
    """Each player's money at the start of the game."""
    ANTE: ClassVar[int] = 1
    """What each player puts in the pot before the cards of a hand are dealt."""
    BET_SIZES: ClassVar[tuple[int, ...]] = (1, 2, 3, 4)
    """The fixed bet (and raise) of each betting round."""
    MAX_RAISES: ClassVar[int] = 3
    """How many raises a betting round allows; after that, only call or fold."""

    @staticmethod
    def up_cards_key(cards: Iterable[Card]) -> tuple[int, tuple[int, ...], int]:
        """Return a key ordering sets of up cards as the first-to-act rule does.

        The key is the partial hand (four of a kind > three of a kind > two
        pair > pair > high cards), then the ranks group by group, ace high,
        then the highest single card, rank first, then suit (clubs < diamonds <
        hearts < spades).  Straights and flushes do not count.
        """
        counts: dict[int, int] = {}
        highest = -1
        for card in cards:
            rank = StudCard.rank_order(card.rank)
            counts[rank] = counts.get(rank, 0) + 1
            highest = max(highest, rank * 4 + StudCard.suit_order(card.suit))
        # Ranks by how many there are, then by rank, the most and highest first.
        ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
        most = counts[ranks[0]]
        # High cards 0, pair 1, two pair 2, three of a kind 4, four of a kind 5.
        level = most + 1 if most >= 3 else sum(count == 2 for count in counts.values())
        return level, tuple(ranks), highest

    @classmethod
    def first_to_act(cls, up_cards: Sequence[Iterable[Card]]) -> int:
        """Return the index of the player whose up cards rank highest."""
        keys = [cls.up_cards_key(cards) for cards in up_cards]
        return keys.index(max(keys))
