"""The `--log FILE` event log: one JSON object per line for each game event."""

from __future__ import annotations

import json
from typing import TextIO


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

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file, if any."""
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.close()
