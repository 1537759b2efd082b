"""What happens in a game, as values: the base of every game's events.

An engine answers each move with the `Event` values it caused.  The console
prints them, the hand history (`common.history`) records them, and a test can
audit them: they are frozen dataclasses, so they compare, print and pass
between processes, and `Event.record` turns one into JSON-ready fields.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import ClassVar

from common.cards.card import Card
from common.cards.cardlist import CardList


def to_json(value: object) -> object:
    """Return `value` ready for JSON.

    Cards become their codes (``TS``), enums their values, tuples, lists and
    card lists (hands) lists of converted items; anything else stays as it is.
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list, CardList)):
        return [to_json(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a game; subclasses are frozen dataclasses.

    `kind` names the event in the hand history.  Fields that name a player
    hold the seat number and are called ``seat``.
    """

    kind: ClassVar[str] = "event"

    def record(self) -> dict[str, object]:
        """Return ``{"event": kind, field: value, ...}`` with JSON-ready values."""
        record: dict[str, object] = {"event": self.kind}
        for field in fields(self):
            record[field.name] = to_json(getattr(self, field.name))
        return record


@dataclass(frozen=True, slots=True)
class Refused(Event):
    """A seat's move was refused, and why; the game is unchanged.

    The driver tells the records of this (the hand history), not the
    engine: a refusal is no event of the game itself.
    """

    kind: ClassVar[str] = "refused"
    seat: int
    reason: str
