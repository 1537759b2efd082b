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
from collections.abc import Callable, Hashable, Iterator

_MADE: contextvars.ContextVar[dict[Hashable, str] | None] = contextvars.ContextVar(
    "shared_text", default=None)


@contextlib.contextmanager
def sharing() -> Iterator[None]:
    """Let the consoles told one thing within the block share their text of it.

    The game must not change within the block: what `shared` hands out is
    what the first console made of it.  A key may name an object by its
    `id` (an event told): the object lives as long as the block.
    """
    token = _MADE.set({})
    try:
        yield
    finally:
        _MADE.reset(token)


def shared(key: Hashable, make: Callable[[], str]) -> str:
    """Return ``make()``, made once a block of `sharing` for each `key`.

    `key` names the text and everything it depends on besides the game
    (the game itself among it, and which cards the console shows).
    """
    made = _MADE.get()
    if made is None:
        return make()
    text = made.get(key)
    if text is None:
        text = made[key] = make()
    return text
