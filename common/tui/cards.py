"""Cards as the full-screen table draws them: tens as ``10``, red suits in red.

The suit is always its glyph (♦ ♣ ♥ ♠), so a card reads the same without
colour (``NO_COLOR``): colour only helps.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from common.cards.card import DIAMONDS, HEARTS, SUIT_SYMBOLS, Card

RED = "bold red"
"""The style of ♦ and ♥ cards."""
BLACK = "bold"
"""The style of ♣ and ♠ cards: the terminal's own text colour, bold."""
FACE_DOWN = "▒▒"
"""A card whose face is hidden."""


def rank_label(card: Card) -> str:
    """Return the rank as people write it: ``A``, ``2`` … ``10``, ``J`` … ``K``."""
    return card.rank_name


def label(card: Card) -> str:
    """Return the card as the table writes it, suit first: ``♥10``, ``♠A``."""
    return SUIT_SYMBOLS[card.suit] + rank_label(card)


def style(card: Card) -> str:
    """Return `RED` for diamonds and hearts, `BLACK` for clubs and spades."""
    return RED if card.suit in (DIAMONDS, HEARTS) else BLACK


def card_text(card: Card | None) -> Text:
    """Return the card in its colour, or `FACE_DOWN` (dim) for None."""
    if card is None:
        return Text(FACE_DOWN, style="dim")
    return Text(label(card), style=style(card))


def cards_text(cards: Iterable[Card | None], separator: str = " ") -> Text:
    """Return the cards in their colours, separated by `separator`."""
    return Text(separator).join(card_text(card) for card in cards)


def plain(cards: Iterable[Card]) -> str:
    """Return the cards as plain text, such as ``♦3 ♣3`` (for messages)."""
    return " ".join(label(card) for card in cards)
