"""The assignment's card model: `Card`, `CardList`, `Deck`, `CardGamePlayer`, `Hand`.

The base layer: it imports nothing else of cardgames but the plumbing of
`common.lazy`.  Every game's cards,
decks and hands subclass these (``docs/java-map.md`` maps their Java names).
"""

from typing import TYPE_CHECKING

from common.lazy import exports

if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.cards.card import AceHighCard as AceHighCard
    from common.cards.card import Card as Card
    from common.cards.card import CardParseError as CardParseError
    from common.cards.card import parse_card as parse_card
    from common.cards.card import parse_cards as parse_cards
    from common.cards.cardlist import CardList as CardList
    from common.cards.deck import Deck as Deck
    from common.cards.hand import BetweenHand as BetweenHand
    from common.cards.hand import Hand as Hand
    from common.cards.player import CardGamePlayer as CardGamePlayer

__getattr__, __dir__ = exports(__name__)
