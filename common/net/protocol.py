r"""The table protocol's wire format: newline-delimited JSON over TCP.

Every message is one JSON object on one line, UTF-8, ending in ``\\n``, with
a ``type`` field saying what it is.  `docs/protocol.md` documents the
messages; this module holds what both ends share: the version, the limits,
reading and writing a message, and the checks on what a person may send
(a typed line, a name).  It does no networking itself.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from common.language import _

PROTOCOL = 1
"""The protocol version; a server refuses a client that speaks another."""

MAX_MESSAGE = 64 * 1024
"""The longest message a client may send, in bytes, its newline included."""

MAX_LINE = 4096
"""The longest line a person may type at a table, in characters.

A client cuts a longer line there (the server refuses one)."""

MIN_PASSWORD = 8
"""The shortest password a table takes (``--host --password``)."""

MAX_NAME = 32
"""The longest name a player may take, in characters."""

MAX_OUTPUT = 16 * 1024
"""The most characters of transcript one ``output`` message holds."""

MAX_SERVER_MESSAGE = 1 << 20
"""The longest message a client reads from a server, in bytes."""

Message = dict[str, Any]
"""One message, parsed."""


class ProtocolError(ValueError):
    """A message that breaks the protocol; the text says how."""


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not JSON")


# Made once: json.dumps and json.loads with options build a new one each call.
_ENCODER = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"), allow_nan=False)
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def encode(message: Mapping[str, Any]) -> bytes:
    """Return `message` as one line of JSON (ASCII, other characters escaped)."""
    return encode_all((message,))


def encode_all(messages: Iterable[Mapping[str, Any]]) -> bytes:
    """Return `messages` as lines of JSON, end to end (each as `encode` makes it)."""
    return "".join([_ENCODER.encode(message) + "\n" for message in messages]
                   ).encode("ascii")


def decode(raw: bytes) -> Message:
    """Return the message one line `raw` holds (with or without its newline).

    Raises:
        ProtocolError: when it is not UTF-8, not JSON, not an object, or has
            no string ``type``.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("a message is UTF-8") from None
    try:
        message = _DECODER.decode(text)
    except (ValueError, RecursionError):
        # ValueError covers JSONDecodeError and numbers with too many digits.
        raise ProtocolError("a message is one JSON object on one line") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("a message has a string field type")
    return message


def field(message: Message, name: str, kind: type, *,
          optional: bool = False) -> Any:
    """Return `message`'s field `name`, checked to be of `kind` (int: no bool).

    A missing optional field, or one that is null, is None.

    Raises:
        ProtocolError: when the field is missing or of another type.
    """
    value = message.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        what = "a missing" if value is None else "a bad"
        raise ProtocolError(f"{what} field {name} in a {message.get('type')} message")
    return value


_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def _is_control(char: str) -> bool:
    # Controls (C0, C1), format characters (U+202E, U+200B, U+FEFF...), lone
    # surrogates, and the line and paragraph separators U+2028 and U+2029.
    return unicodedata.category(char) in _HIDDEN


def _clean(text: str, keep: str) -> str:
    if text.isascii() and (text.isprintable() or all(
            " " <= char < "\x7f" or char in keep for char in text)):
        return text  # the usual case, at C speed
    return "".join("\ufffd" if char not in keep and _is_control(char) else char
                   for char in text)


def clean_line(line: str) -> str:
    """Return `line` as a client sends it: cut, and without control characters.

    It is cut to `MAX_LINE` characters, and every control or format character
    but tab (and any lone surrogate) is replaced by U+FFFD: other players'
    screens show what a player types, and such a character could move their
    cursor, change their terminal, or turn the text after it around.
    """
    return _clean(line[:MAX_LINE], "\t")


def printable(text: str) -> str:
    """Return `text` from the network made safe to print.

    Every control or format character but the newline (escape sequences,
    U+202E, U+200B, U+FEFF, U+2028...) is replaced by U+FFFD: whoever is at
    the other end (a table, or an impostor at its address) cannot change
    the terminal, its title or its screen.  A client prints nothing from
    the network but through here.
    """
    return _clean(text, "\n")


def line_problem(line: str) -> str | None:
    """Return why the server refuses `line` as a typed line, or None to take it."""
    if len(line) > MAX_LINE:
        return _("a line is at most {count} characters").format(count=MAX_LINE)
    if clean_line(line) != line:
        return _("a line holds no control characters")
    return None


def name_problem(name: str) -> str | None:
    """Return why `name` cannot be a player's name, or None when it can."""
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable() or name != name.strip():
        return _("a name is 1 to {most} printable characters, with no space at "
                 "either end").format(most=MAX_NAME)
    return None


def split_address(text: str, *, default_host: str | None = None) -> tuple[str, int]:
    """Return the host and port of ``HOST:PORT`` (``[::1]:5000`` for IPv6).

    With `default_host`, `text` may be a port alone.  Port 0 is allowed
    (a listener then takes a free port).

    Raises:
        ValueError: naming what is wrong.
    """
    text = text.strip()
    if default_host is not None and text.isdigit():
        host, port_text = default_host, text
    else:
        host, sep, port_text = text.rpartition(":")
        if not sep or not host:
            # Translators: HOST:PORT is the form of an address (left as it is).
            raise ValueError(_("{address} is not HOST:PORT").format(
                address=repr(text[:60])))
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        elif ":" in host:
            raise ValueError(_("{address}: write an IPv6 address in brackets, "
                               "[::1]:5000").format(address=repr(text[:60])))
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5 \
            or int(port_text) > 65535:
        raise ValueError(_("{port} is not a port (0 to 65535)").format(
            port=repr(port_text[:20])))
    if not host or any(char.isspace() for char in host):
        raise ValueError(_("{host} is not a host").format(host=repr(host[:60])))
    try:
        host.encode("idna")  # as the resolver will: a name it cannot take is no host
    except UnicodeError:
        raise ValueError(_("{host} is not a host name: each of its parts between "
                           "dots is 1 to 63 characters").format(
                               host=repr(host[:60]))) from None
    return host, int(port_text)


def join_address(host: str, port: int) -> str:
    """Return ``HOST:PORT``, an IPv6 host in brackets (as `split_address` reads)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
