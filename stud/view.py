"""What one player may see of a hand: the view a computer player decides from."""

from __future__ import annotations

from dataclasses import dataclass

from stud.cards import StudCard
from stud.events import Action


@dataclass(frozen=True, slots=True)
class StudView:
    """One player's view of the hand being bet on (`stud.StudGame.view`).

    It holds the player's own hole card and everything on the table, never
    the other player's hole card or the cards left in the deck.
    """

    seat: int
    """The seat (player) who sees this: 0 or 1."""
    hole_card: StudCard
    """The player's own face-down card."""
    up_cards: tuple[tuple[StudCard, ...], tuple[StudCard, ...]]
    """Each player's face-up cards, in the order dealt, Player 0's first."""
    stacks: tuple[int, int]
    """Each player's money outside the pot."""
    pot: int
    """The money in the pot, including this round's bets."""
    to_call: int
    """What the player must add to match the other player this round."""
    legal_actions: tuple[Action, ...]
    """What the player may do now; empty when it is the other player's turn."""
    round_number: int
    """The betting round, 1 to 4 (as many up cards as each player has)."""
    bet_size: int
    """The fixed bet and raise of this round."""
    raises: int
    """How many raises this round has had."""

    @property
    def opponent(self) -> int:
        """The other player."""
        return 1 - self.seat

    @property
    def own_cards(self) -> tuple[StudCard, ...]:
        """The player's cards: the hole card, then the up cards."""
        return (self.hole_card, *self.up_cards[self.seat])

    @property
    def opponent_up_cards(self) -> tuple[StudCard, ...]:
        """The other player's face-up cards."""
        return self.up_cards[self.opponent]

    def __str__(self) -> str:
        own = " ".join(f"[{card}]" for card in self.own_cards)
        theirs = " ".join(f"[{card}]" for card in self.opponent_up_cards)
        actions = "/".join(action.value for action in self.legal_actions)
        return (f"Player {self.seat}, round {self.round_number}: {own} against "
                f"[  ] {theirs}; pot ${self.pot}, to call ${self.to_call}"
                + (f" [{actions}]" if actions else ""))
