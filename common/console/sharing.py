"""Text that consoles told the same thing, one after another, make only once.

A hosted table tells each of its consoles (one a seat, and the watchers')
every turn and every event, one console after the other, the game unchanged
in between.  Consoles that show the same cards print the same text of it,
so within `sharing`, a console that is about to make a text it shares with
others asks `shared` for it: the first makes it, the others are handed it.
Outside `sharing` (a console alone, as in local play), `shared` makes the
text every time.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Hashable


class _Block:
    """A `sharing` block: what the consoles made within it, while it lasts.

    A class, not a generator: a table enters one at every turn and event.
    """

    __slots__ = ("made", "open", "_token")

    def __init__(self) -> None:
        self.made: dict[Hashable, str] = {}
        self.open = False
        self._token: contextvars.Token[_Block | None] | None = None

    def __enter__(self) -> None:
        self.open = True
        self._token = _BLOCK.set(self)

    def __exit__(self, *exc_info: object) -> None:
        # Callbacks scheduled within the block copy its context, block and
        # all: closed, it hands them nothing.
        self.open = False
        self.made.clear()
        if self._token is not None:
            _BLOCK.reset(self._token)
            self._token = None


_BLOCK: contextvars.ContextVar[_Block | None] = contextvars.ContextVar(
    "shared_text", default=None)


def sharing() -> contextlib.AbstractContextManager[None]:
    """Let the consoles told one thing within the block share their text of it.

    ``with sharing(): ...`` — the game must not change within the block:
    what `shared` hands out is what the first console made of it.  A key
    may name an object by its `id` (an event told): the object lives as
    long as the block.
    """
    return _Block()


def shared(key: Hashable, make: Callable[[], str]) -> str:
    """Return ``make()``, made once a block of `sharing` for each `key`.

    `key` names the text and everything it depends on besides the game
    (the game itself among it, and which cards the console shows).
    """
    block = _BLOCK.get()
    if block is None or not block.open:
        return make()
    text = block.made.get(key)
    if text is None:
        text = block.made[key] = make()
    return text
