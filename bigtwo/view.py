"""What one seat of a Big Two game may see: `BigTwoView` and `PlayedHand`.

A computer player decides from a view only.  It holds the seat's own cards,
every player's card count and the public record of the hands played; never
another player's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from common.cards import Card


@dataclass(frozen=True)
class PlayedHand:
    """A hand played to the table, and who played it (public knowledge)."""

    seat: int
    """The seat (0-3) of the player who played it."""
    kind: str
    """Its type: ``Single``, ``Pair``, … ``StraightFlush`` (see `bigtwo.hands`)."""
    cards: tuple[Card, ...]
    """Its cards, in Big Two order."""

    def __str__(self) -> str:
        cards = " ".join(f"[{card}]" for card in self.cards)
        return f"<Player {self.seat}> {{{self.kind}}} {cards}"


@dataclass(frozen=True)
class BigTwoView:
    """The game as seat `seat` sees it when it is that seat's turn to choose."""

    seat: int
    """The seat this view belongs to."""
    current: int
    """The seat whose turn it is."""
    hand: tuple[Card, ...]
    """The seat's own cards, in hand order: a move's indices point into it."""
    card_counts: tuple[int, ...]
    """How many cards each seat holds, in seat order."""
    history: tuple[PlayedHand, ...]
    """Every hand played so far, oldest first (passes are not recorded)."""
    last: PlayedHand | None
    """The last hand on the table (None before the opening move)."""
    can_pass: bool
    """Whether the seat whose turn it is may pass."""

    @property
    def is_opening(self) -> bool:
        """Whether no hand has been played yet: the move must hold the ♦3."""
        return self.last is None

    @property
    def is_free(self) -> bool:
        """Whether the seat may play any legal hand: it opens or leads a new round."""
        return self.last is None or self.last.seat == self.seat
