"""A typed line turned into card indices, as the Java ``getSelected`` turns it.

The Java console splits the line with ``new StringTokenizer(line)`` (on space,
tab, LF, CR and form feed), reads each token with ``Integer.parseInt`` and
keeps the indices from 0 to the hand size less one, once each.  `Selection`
does the same to a line handed to it in pieces of any size, holding no more
of it than the piece at hand: a token of a billion zeros and a ``1`` is 1.

``Integer.parseInt`` takes an optional ``+`` or ``-`` and then at least one
char that ``Character.digit(ch, 10)`` counts as a digit, within 32 bits.  It
works on UTF-16 units, so a digit outside the Basic Multilingual Plane (two
units, neither a digit) is junk; `JAVA_DIGIT_ZEROS` lists the BMP digits of
Java 17, so that Python's own Unicode tables, of another version, play no part.
"""

from __future__ import annotations

import functools
import re

JAVA_DIGIT_ZEROS = (
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66,
    0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040,
    0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0,
    0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10,
)
"""The chars Java 17 reads as 0; each is followed by 1 to 9, and these are all
the chars of the Basic Multilingual Plane ``Character.digit(ch, 10)`` accepts
(`tests/data/java/digits.txt`, printed by `tests/java/JavaReading.java`)."""

DELIMITERS = " \t\n\r\f"
"""The default delimiters of Java's ``StringTokenizer``."""

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
"""The range of Java's ``int``: ``Integer.parseInt`` refuses anything outside."""



@functools.cache
def _java_digits() -> tuple[re.Pattern[str], dict[int, str]]:
    """Return a pattern for a run of Java digits, and their table to ASCII.

    Made when a token first holds a char beyond ASCII: most input never does,
    and a run that only replays a game need not compile it.
    """
    ranges = "".join(f"{re.escape(chr(zero))}-{re.escape(chr(zero + 9))}"
                     for zero in JAVA_DIGIT_ZEROS)
    pattern = re.compile(f"[{ranges}]+")
    return pattern, str.maketrans({chr(zero + value): str(value)
                                   for zero in JAVA_DIGIT_ZEROS for value in range(10)})

_MAX_DIGITS = len(str(-INT_MIN))


_OTHER_ASCII_SPACE = "\x0b\x1c\x1d\x1e\x1f"  # str.split splits here; Java does not


def _split(text: str) -> list[str]:
    """Return the tokens in `text`, as StringTokenizer makes them."""
    if text.isascii() and not any(char in text for char in _OTHER_ASCII_SPACE):
        return text.split()
    for delimiter in DELIMITERS[1:]:
        if delimiter in text:
            text = text.replace(delimiter, " ")
    return list(filter(None, text.split(" ")))


class _JavaInt:
    """``Integer.parseInt`` of a token handed over in pieces."""

    def __init__(self) -> None:
        self.valid = False
        self._negative = False
        self._has_digits = False
        self._magnitude = 0

    def begin(self, text: str) -> None:
        """Start a token with its first piece, `text` (not empty)."""
        self.valid = True
        self._has_digits = False
        self._magnitude = 0
        self._negative = text[0] == "-"
        self.extend(text[1:] if text[0] in "+-" else text)

    def extend(self, text: str) -> None:
        """Read `text`, the next piece of the token."""
        if not self.valid or not text:
            return
        if text.isascii():
            # bytes.isdigit accepts 0 to 9 alone, and is faster than str's.
            if not text.encode("ascii").isdigit():
                self.valid = False
                return
            digits = text
        else:
            pattern, to_ascii = _java_digits()
            if not pattern.fullmatch(text):
                self.valid = False
                return
            digits = text.translate(to_ascii)
        self._has_digits = True
        if self._magnitude == 0:
            # Any number of leading zeros is fine; a piece of zeros, common in
            # a long token, is counted faster than it is stripped.
            if digits.count("0") == len(digits):
                return
            digits = digits.lstrip("0")
        if len(digits) > _MAX_DIGITS:
            self.valid = False
            return
        self._magnitude = self._magnitude * 10 ** len(digits) + int(digits)
        if self._magnitude > -INT_MIN:
            self.valid = False  # stop here: more digits only make it bigger

    def value(self) -> int | None:
        """Return the token's value, or None where ``Integer.parseInt`` throws."""
        if not (self.valid and self._has_digits):
            return None
        value = -self._magnitude if self._negative else self._magnitude
        return value if INT_MIN <= value <= INT_MAX else None


class Selection:
    """The indices of a line, fed in pieces, that the Java ``getSelected`` keeps.

    Feed the line's text with `feed`, in as many pieces as it comes in, cut
    anywhere; `indices` then returns the selection.  Memory stays bounded:
    one token in progress, and at most `size` indices.
    """

    def __init__(self, size: int) -> None:
        """Select from a hand of `size` cards: indices 0 to `size` - 1."""
        self._size = size
        self._indices: set[int] = set()
        self._token = _JavaInt()
        self._open = False  # a token runs on to the end of the last piece

    def feed(self, text: str) -> None:
        """Read `text`, the next piece of the line."""
        if not text:
            return  # an empty piece ends no token
        tokens = _split(text)
        first, last = 0, len(tokens)
        if self._open:
            if tokens and text[0] not in DELIMITERS:
                self._token.extend(tokens[0])
                first = 1
                if last == 1 and text[-1] not in DELIMITERS:
                    return  # the token runs on through the whole piece
            self._close()
        tail = None
        if last > first and text[-1] not in DELIMITERS:
            last -= 1
            tail = tokens[last]  # it may run on into the next piece
        # Whole tokens: a long line mostly repeats a few, each read once here.
        size = self._size
        for token in set(tokens[first:last]):
            if token.isascii() and token.isdigit():  # the usual token, read fast
                digits = token.lstrip("0") or "0"
                if len(digits) <= len(str(size)) and int(digits) < size:
                    self._indices.add(int(digits))
            else:
                self._token.begin(token)
                self._close()
        if tail is not None:
            self._token.begin(tail)
            self._open = True

    def indices(self) -> list[int]:
        """End the line and return the indices selected, sorted (none: a pass)."""
        if self._open:
            self._close()
        return sorted(self._indices)

    def _close(self) -> None:
        self._open = False
        value = self._token.value()
        if value is not None and 0 <= value < self._size:
            self._indices.add(value)


def split_tokens(text: str) -> list[str]:
    """Return the tokens of `text` as Java's ``StringTokenizer`` splits them."""
    return _split(text)


def select(line: str, size: int) -> list[int]:
    """Return the indices the Java ``getSelected`` reads in `line`, for `size` cards."""
    selection = Selection(size)
    selection.feed(line)
    return selection.indices()


def parse_java_int(token: str) -> int | None:
    """Return `token` read as Java's ``Integer.parseInt`` reads it, or None.

    An optional sign, then digits (any script Java reads, within the Basic
    Multilingual Plane); None where Java throws: junk, or outside 32 bits.
    """
    if not token:
        return None
    number = _JavaInt()
    number.begin(token)
    return number.value()
