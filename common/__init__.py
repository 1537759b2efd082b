"""The classes the assignment provides, shared by all four games.

`Card`, `CardList`, `Deck` and `CardGamePlayer` are the Java originals in
Python; `parse_card` and `parse_cards` read cards from text.  The submodules
`common.terminal`, `common.cli` and `common.eventlog` hold the console plumbing
every game's console uses; `common.seats` lets a person or the computer decide
at each seat, and `common.simulation` plays many computer games and measures
them.
"""

from common.cardlist import CardList
from common.cards import AceHighCard, Card, CardParseError, parse_card, parse_cards
from common.deck import Deck
from common.player import CardGamePlayer

__all__ = [
    "AceHighCard",
    "Card",
    "CardGamePlayer",
    "CardList",
    "CardParseError",
    "Deck",
    "parse_card",
    "parse_cards",
    "cards",
    "cardlist",
    "deck",
    "player",
    "terminal",
    "cli",
    "eventlog",
    "seats",
    "simulation",
    "version",
]
