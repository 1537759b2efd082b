"""Exact Red Dog odds, in fractions: for a fresh shoe, and for the shoe as dealt.

Every figure is per unit of initial bet.  A shoe of N decks holds 52N cards,
4N of each value.  The first two cards make a pair, a consecutive hand or a
spread of 1 to 11; the middle card is drawn from the 52N - 2 cards left.

`compute_odds` gives the odds of a fresh shoe.  Since every card is dealt face
up, a player may count them: `remaining_counts` gives what is left of the shoe
(its cards of each value), `spread_odds` the odds of a spread dealt from it and
`round_expectation` the next round's expectation under the best play.
`spread_play` and `round_totals` give the same expectations as an integer over
an integer, for the best strategy's choices and the simulation's sums, which
are made once a round and need no `Fraction` to be exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

from common.language import _, ngettext
from reddog.cards import CARDS_PER_DECK, VALUES, RedDogCard, value_index
from reddog.hand import (
    MAX_SPREAD,
    MIN_SPREAD,
    TRIPS_PAYS,
    HandKind,
    Spread,
    spread_pays,
)

Counts = tuple[int, ...]
"""The cards of each value in a shoe: index 0 counts the twos, 12 the aces."""


class _Wager:
    """The expectations of a wager that wins `pays` to 1 with chance `win`."""

    __slots__ = ()

    pays: int
    win: Fraction

    @property
    def play(self) -> Fraction:
        """The expectation of playing, per unit bet."""
        # win·pays − (1 − win), built as one fraction: the strategies ask often.
        return Fraction(self.win.numerator * (self.pays + 1) - self.win.denominator,
                        self.win.denominator)

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


@dataclass(frozen=True, slots=True)
class SpreadOdds(_Wager):
    """The odds of one spread in a fresh shoe."""

    spread: int
    """The number of values strictly between the two cards, 1 to 11."""
    pays: int
    """What a win pays, N to 1."""
    probability: Fraction
    """The chance that the first two cards make this spread."""
    win: Fraction
    """The chance that the middle card falls strictly between, given the spread."""


@dataclass(frozen=True, slots=True)
class HandOdds(_Wager):
    """The odds of a spread dealt from a shoe with known cards left."""

    pays: int
    """What a win pays, N to 1."""
    win: Fraction
    """The chance that the middle card falls strictly between."""


@dataclass(frozen=True, slots=True)
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


def _best_strategy(spreads: tuple[int, ...]) -> str:
    """The line that says at which `spreads` the best strategy doubles."""
    if not spreads:
        return _("Best strategy: never double.")
    if spreads == tuple(range(spreads[0], spreads[-1] + 1)) and len(spreads) > 1:
        return _("Best strategy: double at spreads {low} to {high}, otherwise "
                 "play.").format(low=spreads[0], high=spreads[-1])
    # Translators: {spreads} is one spread (7) or a list of them (3, 7).
    return _("Best strategy: double at spread {spreads}, otherwise play.").format(
        spreads=", ".join(map(str, spreads)))


def format_odds(odds: Odds) -> str:
    """Return the odds as the text ``--odds`` prints."""
    cards = odds.decks * CARDS_PER_DECK
    lines = [
        ngettext("Red Dog odds, fresh shoe of {count} deck ({cards} cards), exact; "
                 "expectations per unit of initial bet.",
                 "Red Dog odds, fresh shoe of {count} decks ({cards} cards), exact; "
                 "expectations per unit of initial bet.", odds.decks).format(
                     count=odds.decks, cards=cards),
        "",
        # Translators: the headings of the table's columns, each above its
        # column: keep the columns where they are (P is a probability, EV an
        # expectation).
        _("spread  pays  P(spread)  P(win)               play EV   double EV  best"),
    ]
    # Translators: the best choice at a spread, in the table's last column.
    double = _("double")
    # Translators: the best choice at a spread, in the table's last column.
    play = _("play")
    for spread in odds.spreads:
        win = f"{spread.win.numerator}/{spread.win.denominator}"
        win = f"{win} = {format_decimal(spread.win, 5)}"
        lines.append(
            f"{spread.spread:>6}  {spread.pays:>2}:1"
            f"  {format_decimal(spread.probability, 5)}"
            f"    {win:<19}  {_signed(spread.play):>8}  {_signed(spread.double):>9}"
            f"  {double if spread.doubling_pays else play}")
    trips = f"{odds.trips.numerator}/{odds.trips.denominator}"
    lines += [
        "",
        # Translators: P is a probability, EV an expectation.
        _("consecutive: P = {chance}, push (EV +0.00000)").format(
            chance=format_decimal(odds.consecutive, 5)),
        # Translators: P is a probability, EV an expectation; {trips} is a
        # fraction (1/17) and {trips_chance} its decimals.
        _("pair: P = {chance}, three of a kind P = {trips} = {trips_chance} pays "
          "{pays}:1, else push (EV {expectation})").format(
              chance=format_decimal(odds.pair, 5), trips=trips,
              trips_chance=format_decimal(odds.trips, 5), pays=TRIPS_PAYS,
              expectation=_signed(odds.pair_expectation)),
        "",
        _best_strategy(odds.double_spreads),
        # Translators: {fraction} is exact (-9/331), {expectation} its decimals.
        _("Expectation per initial bet: {fraction} = {expectation}").format(
            fraction=f"{odds.expectation.numerator}/{odds.expectation.denominator}",
            expectation=_signed(odds.expectation, 6)),
        # Translators: {edge} is a percentage: 3.161%.
        _("House edge: {edge} of the initial bet").format(
            edge=f"{format_decimal(odds.house_edge, 3)}%"),
    ]
    return "\n".join(lines) + "\n"


def full_counts(decks: int) -> Counts:
    """Return the counts of a fresh shoe of `decks` decks: 4 × decks of each value."""
    return (decks * CARDS_PER_DECK // VALUES,) * VALUES


def count_values(cards: Iterable[RedDogCard]) -> Counts:
    """Return how many of `cards` have each value (index 0: the twos)."""
    counts = [0] * VALUES
    for card in cards:
        counts[value_index(card.value)] += 1
    return tuple(counts)


def remaining_counts(decks: int, seen: Sequence[int]) -> Counts:
    """Return the counts left in a shoe of `decks` decks once `seen` are dealt.

    `seen` counts the dealt cards by value (see `count_values`).

    Raises:
        ValueError: when more cards of a value were seen than the shoe holds.
    """
    per_value = decks * CARDS_PER_DECK // VALUES
    counts = tuple([per_value - count for count in seen])
    if len(counts) != VALUES or min(counts) < 0:
        raise ValueError(f"not the cards dealt from a shoe of {decks} decks: {seen}")
    return counts


def _between(remaining: Sequence[int], hand: Spread) -> tuple[int, int]:
    """The cards of `remaining` strictly between `hand`'s two, and all of them."""
    if hand.kind is not HandKind.SPREAD:
        raise ValueError(f"{hand} is not a playable spread")
    left = sum(remaining)
    if left < 1:
        raise ValueError("no card is left for the middle card")
    return sum(remaining[value_index(hand.low) + 1:value_index(hand.high)]), left


def spread_odds(remaining: Sequence[int], hand: Spread) -> HandOdds:
    """Return the exact odds of the spread `hand`, its middle card from `remaining`.

    `remaining` counts the cards left once the hand's two cards are dealt.

    Raises:
        ValueError: when `hand` is not a playable spread or no card is left.
    """
    between, left = _between(remaining, hand)
    return HandOdds(hand.pays, Fraction(between, left))


def spread_play(remaining: Sequence[int], hand: Spread) -> tuple[int, int]:
    """Return playing the spread `hand`'s expectation per unit bet, over a denominator.

    The pair (numerator, denominator) is the cards strictly between times
    what a win pays plus one, less the cards left, over the cards left: the
    `HandOdds.play` of `spread_odds`, unreduced.  Doubling's is twice it, so
    doubling pays exactly when the numerator is positive.

    Raises:
        ValueError: as `spread_odds`.
    """
    between, left = _between(remaining, hand)
    return between * (hand.pays + 1) - left, left


def trips_chance(remaining: Sequence[int], value: int) -> Fraction:
    """Return the chance that a pair of `value` gets a third from `remaining`.

    `remaining` counts the cards left once the pair is dealt.

    Raises:
        ValueError: when no card is left.
    """
    left = sum(remaining)
    if left < 1:
        raise ValueError("no card is left for the third card")
    return Fraction(remaining[value_index(value)], left)


_SPREADS = tuple((low, high, spread_pays(high - low - 1) + 1)
                 for low in range(VALUES) for high in range(low + 2, VALUES))
# Every spread by the indexes of its values, with what a win pays plus one.


def round_expectation(remaining: Sequence[int], *, doubling: bool = True) -> Fraction:
    """Return the next round's exact expectation per unit bet under the best play.

    The round's three cards are drawn from `remaining` (cards of each value);
    the sum runs over every first two cards, each spread played or doubled as
    pays more (`doubling` False: played; the credit does not cover a double).

    Raises:
        ValueError: when fewer than three cards are left.
    """
    with_doubles, played, denominator = round_totals(remaining)
    return Fraction(with_doubles if doubling else played, denominator)


def round_totals(remaining: Sequence[int]) -> tuple[int, int, int]:
    """Return `round_expectation` both ways over their denominator, unreduced.

    That is (numerator with doubles, numerator with every spread played,
    denominator); the denominator is the ordered draws of the round's three
    cards, cards·(cards−1)·(cards−2).  The best strategy compares its bets'
    expectations by their numerators.

    Raises:
        ValueError: as `round_expectation`.
    """
    cards = sum(remaining)
    if cards < 3:
        raise ValueError(f"a round needs three cards, not {cards}")
    middle = cards - 2
    below = list(accumulate(remaining, initial=0))
    # below[i]: the cards of values under index i.  For each spread, the
    # middle cards that win times what a win pays plus one, less all the
    # middle cards: the numerator of playing's expectation over `middle`;
    # doubling adds as much again where it is positive.
    played = doubled = 0
    for low, high, pays_back in _SPREADS:
        play = pays_back * (below[high] - below[low + 1]) - middle
        weighted = remaining[low] * remaining[high] * play
        played += weighted
        if play > 0:
            doubled += weighted
    trips = TRIPS_PAYS * sum([count * (count - 1) * (count - 2) for count in remaining])
    # Either card of a spread may come first: twice the one order.
    return (trips + 2 * (played + doubled), trips + 2 * played,
            cards * (cards - 1) * middle)
