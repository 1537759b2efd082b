"""Exact Red Dog odds for the first round of a fresh shoe, in fractions.

Every figure is per unit of initial bet.  A shoe of N decks holds 52N cards,
4N of each value.  The first two cards make a pair, a consecutive hand or a
spread of 1 to 11; the middle card is drawn from the 52N - 2 cards left.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from reddog.cards import CARDS_PER_DECK
from reddog.hand import MAX_SPREAD, MIN_SPREAD, TRIPS_PAYS, spread_pays

VALUES = 13
"""The distinct card values (2 to 14)."""


@dataclass(frozen=True)
class SpreadOdds:
    """The odds of one spread."""

    spread: int
    """The number of values strictly between the two cards, 1 to 11."""
    pays: int
    """What a win pays, N to 1."""
    probability: Fraction
    """The chance that the first two cards make this spread."""
    win: Fraction
    """The chance that the middle card falls strictly between, given the spread."""

    @property
    def play(self) -> Fraction:
        """The expectation of playing, per unit bet."""
        return self.win * self.pays - (1 - self.win)

    @property
    def double(self) -> Fraction:
        """The expectation of doubling, per unit of initial bet."""
        return 2 * self.play

    @property
    def doubling_pays(self) -> bool:
        """Whether doubling beats playing (the play expectation is positive)."""
        return self.play > 0

    @property
    def best(self) -> Fraction:
        """The expectation of the better choice."""
        return max(self.play, self.double)


@dataclass(frozen=True)
class Odds:
    """The exact odds of a fresh shoe of `decks` decks."""

    decks: int
    """The decks in the shoe."""
    spreads: tuple[SpreadOdds, ...]
    """The odds of spreads 1 to 11, in order."""
    consecutive: Fraction
    """The chance of a consecutive hand (a push)."""
    pair: Fraction
    """The chance of a pair."""
    trips: Fraction
    """The chance that a pair's free third card makes three of a kind."""

    @property
    def pair_expectation(self) -> Fraction:
        """The expectation of a pair: trips pay 11 to 1, anything else pushes."""
        return self.trips * TRIPS_PAYS

    @property
    def double_spreads(self) -> tuple[int, ...]:
        """The spreads at which the best strategy doubles."""
        return tuple(odds.spread for odds in self.spreads if odds.doubling_pays)

    @property
    def expectation(self) -> Fraction:
        """The player's expectation per initial bet under the best strategy."""
        spreads = sum((odds.probability * odds.best for odds in self.spreads),
                      Fraction(0))
        return spreads + self.pair * self.pair_expectation

    @property
    def house_edge(self) -> Fraction:
        """The house edge of the best strategy, in percent of the initial bet."""
        return -100 * self.expectation


def compute_odds(decks: int) -> Odds:
    """Return the exact odds for a fresh shoe of `decks` decks.

    Raises:
        ValueError: when `decks` is not positive.
    """
    if decks < 1:
        raise ValueError(f"a shoe needs at least one deck, not {decks}")
    cards = decks * CARDS_PER_DECK
    per_value = cards // VALUES
    # Two different values are drawn in either order: K/M * K/(M-1) each way.
    two_values = Fraction(per_value * per_value, cards * (cards - 1))
    spreads = tuple(
        SpreadOdds(spread, spread_pays(spread),
                   2 * (VALUES - spread - 1) * two_values,
                   Fraction(spread * per_value, cards - 2))
        for spread in range(MIN_SPREAD, MAX_SPREAD + 1))
    return Odds(decks, spreads,
                consecutive=2 * (VALUES - 1) * two_values,
                pair=Fraction(per_value - 1, cards - 1),
                trips=Fraction(per_value - 2, cards - 2))


def format_decimal(value: Fraction, places: int) -> str:
    """Return `value` rounded to `places` decimals, exactly (no float)."""
    scaled = round(abs(value) * 10**places)
    whole, part = divmod(scaled, 10**places)
    sign = "-" if value < 0 and scaled else ""
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def _signed(value: Fraction, places: int = 5) -> str:
    text = format_decimal(value, places)
    return text if text.startswith("-") else "+" + text


def _spread_list(spreads: tuple[int, ...]) -> str:
    if not spreads:
        return "never double"
    if spreads == tuple(range(spreads[0], spreads[-1] + 1)) and len(spreads) > 1:
        return f"double at spreads {spreads[0]} to {spreads[-1]}, otherwise play"
    return f"double at spread {', '.join(map(str, spreads))}, otherwise play"


def format_odds(odds: Odds) -> str:
    """Return the odds as the text ``--odds`` prints."""
    cards = odds.decks * CARDS_PER_DECK
    lines = [
        f"Red Dog odds, fresh shoe of {odds.decks} deck{'s' if odds.decks > 1 else ''}"
        f" ({cards} cards), exact; expectations per unit of initial bet.",
        "",
        "spread  pays  P(spread)  P(win)               play EV   double EV  best",
    ]
    for spread in odds.spreads:
        win = f"{spread.win.numerator}/{spread.win.denominator}"
        win = f"{win} = {format_decimal(spread.win, 5)}"
        lines.append(
            f"{spread.spread:>6}  {spread.pays:>2}:1"
            f"  {format_decimal(spread.probability, 5)}"
            f"    {win:<19}  {_signed(spread.play):>8}  {_signed(spread.double):>9}"
            f"  {'double' if spread.doubling_pays else 'play'}")
    trips = f"{odds.trips.numerator}/{odds.trips.denominator}"
    lines += [
        "",
        f"consecutive: P = {format_decimal(odds.consecutive, 5)}, push (EV +0.00000)",
        f"pair: P = {format_decimal(odds.pair, 5)}, three of a kind P = {trips}"
        f" = {format_decimal(odds.trips, 5)} pays {TRIPS_PAYS}:1, else push"
        f" (EV {_signed(odds.pair_expectation)})",
        "",
        f"Best strategy: {_spread_list(odds.double_spreads)}.",
        f"Expectation per initial bet: {odds.expectation.numerator}/"
        f"{odds.expectation.denominator} = {_signed(odds.expectation, 6)}",
        f"House edge: {format_decimal(odds.house_edge, 3)}% of the initial bet",
    ]
    return "\n".join(lines) + "\n"
