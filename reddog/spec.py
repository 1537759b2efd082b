"""Red Dog's fixed facts: one seat against the house, shoes of 1 to 8 decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from common.engine.spec import GameSpec, Settings
from common.language import N_, ngettext

DEFAULT_ROUNDS = 100
"""The rounds of a session the computer plays, unless told how many."""

if TYPE_CHECKING:
    import random

    from common.cards.card import Card
    from common.engine.dealer import Dealer
    from common.engine.measures import Meter
    from reddog.game import RedDogGame


class RedDogSpec(GameSpec["RedDogGame"]):
    """Red Dog: one player against the house."""

    name = "reddog"
    title = N_("Red Dog")
    seats = range(1, 2)
    settings = ("decks", "rounds")
    """``decks``: the decks in each shoe; ``rounds``: the most rounds a game
    lasts (None: no limit)."""

    def new_game(self, settings: Settings, dealer: Dealer) -> RedDogGame:
        """Return a game of ``decks``-deck shoes, at most ``rounds`` rounds long."""
        from reddog.game import RedDogGame

        return RedDogGame(dealer, decks=settings["decks"],
                          max_rounds=settings["rounds"])

    def first_decks(self, cards: Sequence[Card] | None, settings: Settings,
                    rng: random.Random) -> list[Sequence[Card]]:
        """Return the first shoe: `cards` on top, the rest shuffled below."""
        if cards is None:
            return []
        from reddog.cards import Shoe

        return [list(Shoe.stacked(cards, settings["decks"], rng))]

    def meter(self, game: RedDogGame) -> Meter:
        """Return the meter of a session's result and exact expectation."""
        from reddog.simulation import ExpectationMeter

        return ExpectationMeter(game)

    def simulation_title(self, settings: Settings) -> str:
        """Return ``Red Dog, N decks, sessions of up to R rounds``."""
        decks, rounds = settings["decks"], settings["rounds"]
        # Translators: {rounds} is the sessions' length: sessions of up to 100
        # rounds.
        sessions = ngettext("sessions of up to {rounds} round",
                            "sessions of up to {rounds} rounds", rounds).format(
                                rounds=rounds)
        # Translators: {sessions} is "sessions of up to 100 rounds".
        return ngettext("Red Dog, {count} deck, {sessions}",
                        "Red Dog, {count} decks, {sessions}", decks).format(
                            count=decks, sessions=sessions)


SPEC = RedDogSpec()
"""Red Dog, as every front end and tool reads it."""
