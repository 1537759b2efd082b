"""`common.record.Record` acts as a frozen dataclass, where the games rely on it."""

from __future__ import annotations

import copy
import inspect
import pickle
import typing
from typing import ClassVar

import pytest

from common.record import FrozenRecordError, Record, fields, replace


class Point(Record):
    """A point."""

    kind: ClassVar[str] = "point"
    tags: typing.ClassVar[tuple[str, ...]] = ()
    x: int
    y: int = 0


class Labelled(Point):
    """A point with a label; it declares `x` again, which keeps its place."""

    label: str = ""
    x: int = 5


class Wager:
    """A plain mixin whose annotations are not fields (as reddog.odds._Wager)."""

    pays: int


class Odds(Wager, Record):
    """Fields in its own order, whatever the mixin annotates."""

    spread: int
    pays: int


def test_fields_come_in_order_bases_first_and_classvars_are_not_fields() -> None:
    assert fields(Point) == ("x", "y")
    assert fields(Labelled) == ("x", "y", "label")
    assert fields(Odds) == ("spread", "pays")
    assert str(inspect.signature(Labelled)) == (
        "(x: 'int' = 5, y: 'int' = 0, label: 'str' = '') -> 'None'")


def test_init_takes_the_fields_by_position_or_name_with_defaults() -> None:
    assert Point(1) == Point(x=1, y=0) == Point(1, 0)
    assert Labelled().x == 5 and Labelled(label="a").label == "a"
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, z=2)  # type: ignore[call-arg]


def test_records_are_frozen() -> None:
    point = Point(1, 2)
    for name in ("x", "y", "kind", "new"):
        with pytest.raises(FrozenRecordError):
            setattr(point, name, 3)
        with pytest.raises(FrozenRecordError):
            delattr(point, name)
    assert isinstance(FrozenRecordError("x"), AttributeError)
    assert point == Point(1, 2)


def test_equality_and_hash_are_by_class_and_values() -> None:
    assert Point(1, 2) == Point(1, 2) and hash(Point(1, 2)) == hash(Point(1, 2))
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 0) != Labelled(1, 0, "")  # another class, as dataclasses
    assert Point(1, 2) != (1, 2)
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2


def test_repr_pastes_back_and_copies_are_equal() -> None:
    point = Labelled(1, 2, "a")
    assert repr(point) == "Labelled(x=1, y=2, label='a')"
    assert eval(repr(point)) == point  # noqa: S307 - the point of a repr
    assert pickle.loads(pickle.dumps(point)) == point
    assert copy.deepcopy(point) == point and copy.copy(point) == point


def test_replace_changes_some_fields_only() -> None:
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    with pytest.raises(TypeError, match="no field 'z'"):
        replace(Point(1, 2), z=5)


def test_a_field_without_default_may_not_follow_one_with() -> None:
    with pytest.raises(TypeError, match="'b' without a default follows 'a'"):
        class Bad(Record):
            a: int = 1
            b: int  # type: ignore[misc]


def test_any_field_name_works_even_those_of_the_machinery() -> None:
    class Odd(Record):
        d: int
        self: int = 1
        _values: int = 2

    odd = Odd(7)
    assert (odd.d, odd.self, odd._values) == (7, 1, 2)
    assert odd == Odd(7) and hash(odd) == hash(Odd(7)) and odd != Odd(8)


def test_fields_of_several_record_bases_are_collected_as_dataclasses_do() -> None:
    class A(Record):
        a: int

    class B(Record):
        b: int

    class C(A, B):
        c: int

    assert fields(C) == ("b", "a", "c")


def test_match_args_replace_and_mutable_defaults_as_dataclasses() -> None:
    import typing as t

    class Hand(Record):
        size: t.ClassVar[int] = 5
        cards: tuple[str, ...]
        seat: int = 0

    assert fields(Hand) == ("cards", "seat")
    match Hand(("AS",), 2):
        case Hand(cards, seat):
            assert (cards, seat) == (("AS",), 2)
    assert Hand(("AS",)).__replace__(seat=3) == Hand(("AS",), 3)
    with pytest.raises(ValueError, match="mutable default"):
        class Shared(Record):
            cards: list[str] = []  # noqa: RUF012 - the mistake refused
