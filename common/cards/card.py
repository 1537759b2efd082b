"""Playing cards: the assignment's `Card` class and the text forms of cards.

A card is a suit 0-3 (♦ ♣ ♥ ♠) and a rank 0-12 (A 2 3 4 5 6 7 8 9 0 J Q K, where
``0`` is the ten), exactly the encoding of the Java original.  Cards are immutable
and hashable; two cards are equal when their suits and ranks are, whatever their
class.  Games that order cards differently subclass `Card` and override
`Card.rank_order` and `Card.suit_order`.
"""

from __future__ import annotations

from typing import TypeVar

SUIT_SYMBOLS = "♦♣♥♠"
"""The suit glyphs, indexed by suit number."""
SUIT_LETTERS = "DCHS"
"""The suit letters used in deck files, indexed by suit number."""
RANK_CHARS = "A234567890JQK"
"""The rank characters the assignment's console prints, indexed by rank number
(``0`` is ten)."""
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks as people write them, indexed by rank number (the ten is ``10``)."""
RANK_LETTERS = "A23456789TJQK"
"""The rank characters used in deck files, indexed by rank number (``T`` is ten)."""

DIAMONDS, CLUBS, HEARTS, SPADES = range(4)
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)

_C = TypeVar("_C", bound="Card")
CardT = TypeVar("CardT", bound="Card")
"""A class of cards: what a `common.CardList`, `common.Deck` or `common.Hand` holds."""
AceHighT = TypeVar("AceHighT", bound="AceHighCard")
"""A class of ace-high cards (see `AceHighCard`)."""


class CardParseError(ValueError):
    """A piece of text that does not name a card."""


class Card:
    """A standard playing card (the Java ``Card``).

    Ordered by rank, then suit, with the ace lowest, as the original
    ``compareTo``; subclasses change the order by overriding `rank_order` and
    `suit_order`.
    """

    __slots__ = ("suit", "rank")
    suit: int
    """The suit, 0-3 for ♦ ♣ ♥ ♠ (read-only)."""
    rank: int
    """The rank, 0-12 for A 2 3 4 5 6 7 8 9 10 J Q K (read-only)."""

    def __init__(self, suit: int, rank: int) -> None:
        """Build the card of the given suit (0-3) and rank (0-12)."""
        if type(suit) is not int or not 0 <= suit <= 3:
            raise ValueError(f"suit must be an int from 0 to 3, not {suit!r}")
        if type(rank) is not int or not 0 <= rank <= 12:
            raise ValueError(f"rank must be an int from 0 to 12, not {rank!r}")
        # Plain slots rather than properties: hand evaluators read them in
        # their inner loops.  __setattr__ below keeps them read-only.
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)

    @classmethod
    def parse(cls: type[_C], token: str) -> _C:
        """Return the card of this class named by `token` (see `parse_card`)."""
        card = parse_card(token)
        return cls(card.suit, card.rank)

    def get_suit(self) -> int:
        """Return the suit (Java ``getSuit``)."""
        return self.suit

    def get_rank(self) -> int:
        """Return the rank (Java ``getRank``)."""
        return self.rank

    @property
    def code(self) -> str:
        """The two-character form used in deck files and logs, e.g. ``TS``."""
        return RANK_LETTERS[self.rank] + SUIT_LETTERS[self.suit]

    @staticmethod
    def rank_order(rank: int) -> int:
        """Return the position of `rank` in this class's order, low to high."""
        return rank

    @staticmethod
    def suit_order(suit: int) -> int:
        """Return the position of `suit` in this class's order, low to high."""
        return suit

    def sort_key(self) -> tuple[int, int]:
        """Return the key this card sorts by: its rank order, then suit order."""
        return (self.rank_order(self.rank), self.suit_order(self.suit))

    def compare_to(self, card: Card) -> int:
        """Return -1, 0 or 1 as this card is below, equal to or above `card`.

        The Java ``compareTo``; both cards are placed in this card's order.
        """
        mine = self.sort_key()
        theirs = (self.rank_order(card.rank), self.suit_order(card.suit))
        return (mine > theirs) - (mine < theirs)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.suit == other.suit and self.rank == other.rank

    def __hash__(self) -> int:
        return hash((self.suit, self.rank))

    def __lt__(self, other: Card) -> bool:
        return self.compare_to(other) < 0

    def __le__(self, other: Card) -> bool:
        return self.compare_to(other) <= 0

    def __gt__(self, other: Card) -> bool:
        return self.compare_to(other) > 0

    def __ge__(self, other: Card) -> bool:
        return self.compare_to(other) >= 0

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self.suit] + RANK_CHARS[self.rank]

    @property
    def rank_name(self) -> str:
        """The rank as people write it: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANK_NAMES[self.rank]

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.code!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (type(self), (self.suit, self.rank))


_ACE_HIGH_VALUES = tuple(14 if rank == ACE else rank + 1 for rank in range(13))


class AceHighCard(Card):
    """A card ranked as the poker-family games rank it: 2 lowest, ace highest.

    `value` is the card's usual number: 2 to 10, J 11, Q 12, K 13, A 14.
    Suits keep the `Card` order; subclasses may change it.
    """

    __slots__ = ()

    @staticmethod
    def rank_order(rank: int) -> int:
        """Return the position of `rank` with 2 lowest (0) and the ace highest (12)."""
        return _ACE_HIGH_VALUES[rank] - 2

    @property
    def value(self) -> int:
        """The card's value: 2 to 10, J 11, Q 12, K 13, A 14."""
        return _ACE_HIGH_VALUES[self.rank]

    def __str__(self) -> str:
        # The games of this family are this project's: the ten is written 10
        # (the assignment's Big Two keeps its 0).
        return SUIT_SYMBOLS[self.suit] + RANK_NAMES[self.rank]


_RANK_BY_TEXT = {char: rank for rank, char in enumerate(RANK_LETTERS)}
_RANK_BY_TEXT["0"] = _RANK_BY_TEXT["10"] = TEN
_SUIT_BY_LETTER = {char: suit for suit, char in enumerate(SUIT_LETTERS)}
_SUIT_BY_GLYPH = {glyph: suit for suit, glyph in enumerate(SUIT_SYMBOLS)}


def _ascii_upper(text: str) -> str:
    """Return `text` in capitals if it is ASCII, else as it is.

    Only ASCII is case-folded: ``"ſ".upper()`` (the long s) is ``"S"``, and a
    look-alike must not name a suit.
    """
    return text.upper() if text.isascii() else text


def parse_card(token: str) -> Card:
    """Return the card a token names.

    Tokens are rank then suit, case-insensitive: ranks ``A 2-9 T J Q K`` (``0``
    and ``10`` also mean ten), suits ``D C H S`` (``3D``, ``ts``, ``10h``); the
    console's glyph form, suit then rank (``♦3``, ``♠0``), is accepted too.

    Raises:
        CardParseError: naming the token, when it is not a card.
    """
    text = token.strip()
    if text[:1] in _SUIT_BY_GLYPH:
        suit = _SUIT_BY_GLYPH.get(text[0])
        rank = _RANK_BY_TEXT.get(_ascii_upper(text[1:]))
    else:
        suit = _SUIT_BY_LETTER.get(_ascii_upper(text[-1:]))
        rank = _RANK_BY_TEXT.get(_ascii_upper(text[:-1]))
    if suit is None or rank is None:
        raise CardParseError(f"not a card: {token!r}")
    return Card(suit, rank)


def parse_cards(text: str) -> list[Card]:
    """Return the cards named in `text`, tokens separated by white space.

    Raises:
        CardParseError: naming the first token that is not a card.
    """
    return [parse_card(token) for token in text.split()]
