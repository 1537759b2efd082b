"""What one seat of a Big Two game may see: `BigTwoView` and `PlayedHand`.

A computer player decides from a view only.  It holds the seat's own cards,
every player's card count, the public record of the hands played and, on the
seat's turn, its legal moves; never another player's cards.  `legal_moves`
lists a view's moves from its own data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bigtwo.cards import BigTwoCard, card_key
from bigtwo.hands import Strength
from bigtwo.moves import Move, moves_of


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played to the table, and who played it: the table's one record.

    Plain values only, public knowledge: a view holds these, so nothing in
    it leads back to a player's own cards.
    """

    seat: int
    """The seat (0-3) of the player who played it."""
    kind: str
    """Its type: ``Single``, ``Pair``, … ``StraightFlush`` (see `bigtwo.hands`)."""
    cards: tuple[BigTwoCard, ...]
    """Its cards, in Big Two order."""
    strength: Strength
    """What hands of its size compare by (`bigtwo.hands.strength`)."""

    def __str__(self) -> str:
        cards = " ".join(f"[{card}]" for card in self.cards)
        return f"<Player {self.seat}> {{{self.kind}}} {cards}"


@dataclass(frozen=True, slots=True)
class BigTwoView:
    """The game as seat `seat` sees it when it is that seat's turn to choose."""

    seat: int
    """The seat this view belongs to."""
    current: int
    """The seat whose turn it is."""
    hand: tuple[BigTwoCard, ...]
    """The seat's own cards, in hand order: a move's indices point into it."""
    card_counts: tuple[int, ...]
    """How many cards each seat holds, in seat order."""
    history: Sequence[PlayedHand]
    """Every hand played so far, oldest first (passes are not recorded)."""
    last: PlayedHand | None
    """The last hand on the table (None before the opening move)."""
    can_pass: bool
    """Whether the seat whose turn it is may pass."""
    moves: tuple[Move, ...]
    """The seat's legal moves on its turn, as `bigtwo.view.legal_moves` lists
    them (passing last); empty when it is another seat's turn.  The engine
    generates them once a position: a move taken from here is applied
    without being checked again."""

    @property
    def is_opening(self) -> bool:
        """Whether no hand has been played yet: the move must hold the ♦3."""
        return self.last is None

    @property
    def is_free(self) -> bool:
        """Whether the seat may play any legal hand: it opens or leads a new round."""
        return self.last is None or self.last.seat == self.seat


def legal_moves(view: BigTwoView) -> list[Move]:
    """Return every legal move of the seat to play in `view`, passing last.

    The same moves `bigtwo.game.BigTwo.verify_move` accepts, up to the order
    of indices, and in the order of the view's `moves` (see `moves_of`).
    """
    keys = [card_key(card) for card in view.hand]
    last = view.last
    if last is None:
        return list(moves_of(keys, None, 0, True))
    return list(moves_of(keys, last.strength, len(last.cards),
                         last.seat == view.seat))
