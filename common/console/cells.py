"""Text measured in terminal cells, as wcwidth measures it, and wrapped by them.

Gurmukhi's vowel signs above and below a letter, like every combining mark,
take no column of their own, so a Punjabi line has fewer columns than
characters: ``len`` overcounts it, and a line wrapped by ``len`` (as
`textwrap` wraps) comes out short.  These count cells instead.
"""

from __future__ import annotations

import re
import unicodedata

ZERO_WIDTH = frozenset({"Mn", "Me", "Cf"})
"""The categories of characters that take no cell: marks set on the
character before, and format characters (zero-width joiners)."""
_SPACES = {ord(char): " " for char in "\t\n\x0b\x0c\r"}
# textwrap's white space: a no-break space (or any other) holds words together.
_CHUNKS = re.compile(r"[\t\n\x0b\x0c\r ]+|[^\t\n\x0b\x0c\r ]+")


def width(text: str) -> int:
    """Return how many terminal cells `text` takes (wcwidth's rules, in short).

    A mark set on the character before (a nonspacing or enclosing mark, as
    Gurmukhi's vowel signs above and below, or a spacing one that conjoins,
    as a virama) or a zero-width character takes none; a wide or full-width
    character (East Asian) takes two; every other character one.  So a
    spacing vowel sign (ਾ, ਿ, ੀ) takes one, as terminals draw it: glibc's
    and tmux's widths (the wcwidth package's ``wcswidth`` too, but for a
    conjunct of two consonants, which it counts as one cell).
    """
    total = 0
    for char in text:
        if char.isascii():
            total += 1
            continue
        category = unicodedata.category(char)
        if category in ZERO_WIDTH or (category == "Mc" and unicodedata.combining(char)):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def wrap(text: str, columns: int, indent: str = "", hanging: str = "") -> list[str]:
    """Return the lines of `text` wrapped to at most `columns` cells.

    As `textwrap.wrap` with ``break_on_hyphens=False`` wraps, counting cells
    where it counts characters (for text of one cell a character, the very
    same lines): tabs are expanded and white space becomes spaces; a run of
    it is kept inside a line and dropped where a line breaks; the first line
    starts with `indent`, the others with `hanging`; a word wider than a
    whole line is broken to fill the line it starts on.
    """
    chunks = _CHUNKS.findall(text.expandtabs().translate(_SPACES))
    chunks.reverse()
    lines: list[str] = []
    while chunks:
        prefix = hanging if lines else indent
        room = columns - width(prefix)
        if lines and not chunks[-1].strip():
            chunks.pop()
        line: list[str] = []
        used = 0
        while chunks and used + width(chunks[-1]) <= room:
            used += width(chunks[-1])
            line.append(chunks.pop())
        if chunks and width(chunks[-1]) > room:
            # As textwrap: with no room at all, a character a line.
            head, chunks[-1] = _split(chunks[-1], room - used if room >= 1 else 1,
                                      least=not line)
            line.append(head)
        if line and not line[-1].strip():
            line.pop()
        if line:
            lines.append(prefix + "".join(line))
    return lines


def _split(word: str, room: int, least: bool) -> tuple[str, str]:
    """Return the head of `word` that fits `room` cells, and the rest.

    With `least`, the head has a character at least (a wide one in a room
    of one cell), so that wrapping goes on.
    """
    used = 0
    for end, char in enumerate(word):
        used += width(char)
        if used > room:
            end = max(end, int(least))
            return word[:end], word[end:]
    return word, ""


def ljust(text: str, columns: int) -> str:
    """Return `text` padded with spaces to `columns` cells (as `str.ljust`)."""
    return text + " " * max(0, columns - width(text))
