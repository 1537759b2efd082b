"""An independent model of Big Two's hands, from the assignment's text alone.

`classify` names the combination cards make and its top card from rank and
suit counts; `assignment_key` is what the assignment compares two hands of
one size by.  Tests compare the port's `bigtwo.hands` with them.
"""

from __future__ import annotations

from collections import Counter

from common.cards.card import Card

# The assignment's orders, low to high, in deck-file letters.
RANKS = "3456789TJQKA2"
SUITS = "DCHS"
ALL_CARDS = [Card.parse(r + s) for r in RANKS for s in SUITS]  # Big Two order
FIVE_CARD_ORDER = ["Straight", "Flush", "FullHouse", "Quad", "StraightFlush"]


def rank_pos(card):
    return RANKS.index(card.code[0])


def suit_pos(card):
    return SUITS.index(card.code[1])


def highest(cards):
    return max(cards, key=lambda c: (rank_pos(c), suit_pos(c)))


def classify(cards):
    """Return (type name, top card) the assignment gives `cards`, or None."""
    cards = list(cards)
    by_rank = Counter(card.code[0] for card in cards)
    by_suit = Counter(card.code[1] for card in cards)
    shape = sorted(by_rank.values(), reverse=True)
    if len(cards) == 1:
        return "Single", cards[0]
    if len(cards) == 2 and shape == [2]:
        return "Pair", highest(cards)
    if len(cards) == 3 and shape == [3]:
        return "Triple", highest(cards)
    if len(cards) != 5:
        return None
    # Five distinct ranks that, put in order, are a piece of "3456789TJQKA2".
    run = len(by_rank) == 5 and "".join(sorted(by_rank, key=RANKS.index)) in RANKS
    one_suit = len(by_suit) == 1
    if run and one_suit:
        return "StraightFlush", highest(cards)
    if shape == [4, 1]:
        return "Quad", highest([c for c in cards if by_rank[c.code[0]] == 4])
    if shape == [3, 2]:
        return "FullHouse", highest([c for c in cards if by_rank[c.code[0]] == 3])
    if one_suit:
        return "Flush", highest(cards)
    if run:
        return "Straight", highest(cards)
    return None


def assignment_key(name, top):
    """What the assignment compares two hands of one size by, highest wins.

    Triples, full houses and quads compare by rank only: the assignment says
    nothing about two of them with the same rank (they cannot meet in a game).
    """
    level = FIVE_CARD_ORDER.index(name) if name in FIVE_CARD_ORDER else -1
    if name == "Flush":
        return (level, suit_pos(top), rank_pos(top))
    if name in ("Triple", "FullHouse", "Quad"):
        return (level, rank_pos(top))
    return (level, rank_pos(top), suit_pos(top))
