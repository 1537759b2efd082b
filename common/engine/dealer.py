"""Where a game's decks come from: shuffled from an injected generator, or given.

Every engine asks its `Dealer` for each new deck (a Big Two deal, a Stud hand,
an In Between round, a Red Dog shoe).  The dealer hands out the given decks
first, in order (a ``--deck`` file, or the decks a hand history recorded),
then decks shuffled with its `random.Random`, so ``--seed`` reproduces a game
and a hand history replays one without any seed.  Whoever records the game
hears of every deck through `Dealer.on_deck`.

A shuffle is uniform (`Shuffle.UNIFORM`: every order equally likely) unless
the engine asks for the assignment's Java algorithm (`Shuffle.JAVA`), as Big
Two does to stay the assignment's game.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from common.cards.card import Card
from common.cards.deck import Deck
from common.language import _

DeckT = TypeVar("DeckT", bound="Deck[Any]")
"""A game's deck class."""


class DeckOrderError(ValueError):
    """A given deck that is not an ordering of the deck the game asked for."""


class Shuffle(enum.Enum):
    """How `Dealer.deal` shuffles a deck when no order is given."""

    UNIFORM = "uniform"
    """Every order equally likely: `common.cards.deck.Deck.shuffle_uniform`."""
    JAVA = "java"
    """The assignment's Java shuffle, not uniform: `common.cards.deck.Deck.shuffle`."""


class Dealer:
    """Hands a game its decks: the given ones first, then shuffled ones.

    Args:
        rng: the generator every shuffle draws from.
        decks: card orders to use, in turn, before shuffling any deck.  Each
            must hold exactly the cards of the deck it replaces.
    """

    def __init__(self, rng: random.Random | None = None,
                 decks: Iterable[Sequence[Card]] = ()) -> None:
        """Shuffle with `rng` (a fresh unseeded one by default) after `decks`."""
        self.rng: random.Random | None = rng if rng is not None else random.Random()
        self._given: Iterator[Sequence[Card]] = iter(decks)
        self.on_deck: Callable[[Sequence[Card]], None] | None = None
        """Called with every deck handed out, in dealing order (the history)."""

    @classmethod
    def only(cls, decks: Iterable[Sequence[Card]]) -> Dealer:
        """Return a dealer of the given `decks` alone, which never shuffles.

        A replay deals exactly the decks its history recorded: asking for one
        more is a `DeckOrderError`.
        """
        dealer = cls(decks=decks)
        dealer.rng = None
        return dealer

    def deal(self, deck: DeckT, shuffle: Shuffle = Shuffle.UNIFORM) -> DeckT:
        """Return `deck`, a fresh deck, ready to deal from.

        It takes the next given order when one is left, else it is shuffled
        as `shuffle` says.

        Raises:
            DeckOrderError: when the given order is not an ordering of the
                deck's cards.
        """
        given = next(self._given, None)
        if given is None:
            if self.rng is None:
                raise DeckOrderError(_("no deck is left to deal"))
            if shuffle is Shuffle.JAVA:
                deck.shuffle(self.rng)
            else:
                deck.shuffle_uniform(self.rng)
        else:
            if Counter(given) != Counter(deck):
                raise DeckOrderError(_("a given deck of {count} cards does not hold "
                                       "the {size} cards of the deck").format(
                                           count=len(given), size=deck.size()))
            deck.arrange(given)
        if self.on_deck is not None:
            self.on_deck(tuple(deck))
        return deck

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rng!r})"
