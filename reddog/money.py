"""Play money in integer cents: how amounts print and how typed bets are read.

Amounts print as ``$1000.00`` (no thousands separator, as the seed shows the
starting credit); money is never a float.
"""

from __future__ import annotations

import re

CENTS_PER_DOLLAR = 100
"""Cents in a dollar; every amount in the game is an int of cents."""

_AMOUNT = re.compile(r"\$?([0-9]{1,7})(?:\.([0-9]{1,2}))?")


def dollars(amount: int) -> int:
    """Return `amount` whole dollars in cents."""
    return amount * CENTS_PER_DOLLAR


def format_money(cents: int) -> str:
    """Return `cents` as ``$1000.00`` (``-$50.00`` when negative)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), CENTS_PER_DOLLAR)
    return f"{sign}${whole}.{part:02d}"


def format_change(cents: int) -> str:
    """Return a gain or loss with its sign: ``+$150.00``, ``-$50.00`` or ``$0.00``."""
    return ("+" if cents > 0 else "") + format_money(cents)


def parse_money(text: str) -> int | None:
    """Return the cents a typed amount names, or None when it is not an amount.

    Accepted: ASCII digits with an optional leading ``$`` and optional cents
    (``100``, ``$100``, ``100.00``, ``$100.5``); spaces and tabs around it
    are ignored.
    """
    match = _AMOUNT.fullmatch(text.strip(" \t"))
    if match is None:
        return None
    whole, part = match.groups()
    cents = int((part or "0").ljust(2, "0"))
    return int(whole) * CENTS_PER_DOLLAR + cents
