"""The `--log FILE` event log: one JSON object per line for each game event."""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass
from typing import ClassVar, TextIO

from common.cards import Card


def to_json(value: object) -> object:
    """Return `value` ready for JSON.

    Cards become their codes (``TS``), enums their values, tuples lists;
    anything else stays as it is.
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value


@dataclass(frozen=True)
class GameEvent:
    """Base of the frozen dataclasses a game engine returns for what happened.

    Subclasses are dataclasses too; `kind` names the event in the log.
    """

    kind: ClassVar[str] = "event"

    def record(self) -> dict[str, object]:
        """Return the event's fields as JSON-ready values (see `to_json`)."""
        return {field.name: to_json(getattr(self, field.name))
                for field in dataclasses.fields(self)}


class EventLog:
    """Writes game events as JSON lines; a log with no stream writes nothing.

    Used as a context manager, it closes its file on the way out.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        """Write to `stream`, or nowhere when it is None."""
        self._stream = stream

    @classmethod
    def open(cls, path: str | None) -> EventLog:
        """Return a log writing to the file at `path`, or a silent one for None.

        An existing file is truncated.

        Raises:
            OSError: when the file cannot be opened for writing.
        """
        if path is None:
            return cls()
        return cls(open(path, "w", encoding="utf-8"))  # noqa: SIM115 - closed in close()

    def write(self, event: str, **fields: object) -> None:
        """Write one event: ``{"event": event, **fields}`` on a line of its own."""
        if self._stream is not None:
            record = {"event": event, **fields}
            self._stream.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._stream.flush()

    def record(self, event: GameEvent) -> None:
        """Write `event` under its kind, with its fields."""
        self.write(event.kind, **event.record())

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file, if any."""
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.close()
