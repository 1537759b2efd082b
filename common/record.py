"""Frozen records: the values the games create, without `dataclasses`.

Events, views and results are small immutable values.  A subclass of
`Record` declares its fields as annotations, as a frozen dataclass would,
and gets ``__init__`` (with the fields as parameters, in order), ``==``,
``hash``, a ``repr`` that pastes back, and no assignment after creation:

    >>> class Point(Record):
    ...     x: int
    ...     y: int = 0
    >>> Point(1)
    Point(x=1, y=0)

Why not `dataclasses`: importing it imports `inspect` (with `ast`, `dis` and
`tokenize`), several milliseconds at every start of a program that only
wants to print its ``--help`` or replay a game.  Type checkers treat a
record as a frozen dataclass (PEP 681).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_options: object) -> Any:
        """Stand in for `typing.dataclass_transform`: a mark for type checkers."""
        return lambda cls: cls

R = TypeVar("R", bound="Record")


class FrozenRecordError(AttributeError):
    """A record's field was assigned or deleted after the record was made."""


_MISSING: Any = object()


def _is_class_var(annotation: object) -> bool:
    """Whether an annotation (a string, when postponed) is a ClassVar."""
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _initializer(cls: type, names: tuple[str, ...], defaults: dict[str, object]) -> Any:
    """Compile ``__init__`` for `names`, so it has the fields as its parameters."""
    parameters = ", ".join(
        f"{name}=_defaults[{name!r}]" if name in defaults else name for name in names)
    body = "".join(f"\n    d[{name!r}] = {name}" for name in names)
    source = f"def __init__(self, {parameters}):\n    d = self.__dict__{body}\n"
    namespace: dict[str, Any] = {"_defaults": defaults, "__name__": cls.__module__}
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), namespace)
    initializer = namespace["__init__"]
    # The fields' annotations, for the documentation's signatures.
    annotations: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(vars(klass).get("__annotations__", {}))
    initializer.__annotations__ = {name: annotations[name] for name in names}
    initializer.__annotations__["return"] = "None"
    initializer.__qualname__ = f"{cls.__qualname__}.__init__"
    initializer.__doc__ = f"Make a {cls.__name__} from its fields."
    return initializer


@dataclass_transform(frozen_default=True)
class Record:
    """A frozen value whose fields are its class's annotations (ClassVars aside).

    Fields come in the order they are declared, a base class's first; a
    class attribute of a field's name is its default.
    """

    __fields__: ClassVar[tuple[str, ...]] = ()
    """The field names, in order: what ``__init__``, ``==`` and ``repr`` use."""
    __defaults__: ClassVar[dict[str, object]] = {}
    """The fields that have a default, and their defaults."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        own = [name for name, annotation in vars(cls).get("__annotations__", {}).items()
               if not _is_class_var(annotation)]
        names = (*cls.__fields__, *(name for name in own if name not in cls.__fields__))
        defaults = {**cls.__defaults__,
                    **{name: vars(cls)[name] for name in own if name in vars(cls)}}
        seen_default = ""
        for name in names:
            if name in defaults:
                seen_default = name
            elif seen_default:
                raise TypeError(f"{cls.__name__}: field {name!r} without a default "
                                f"follows {seen_default!r}, which has one")
        cls.__fields__ = names
        cls.__defaults__ = defaults
        if "__init__" not in vars(cls):
            cls.__init__ = _initializer(cls, names, defaults)  # type: ignore[method-assign]

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__fields__)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__fields__)
        return f"{type(self).__qualname__}({shown})"


def fields(record: Record | type[Record]) -> tuple[str, ...]:
    """Return the names of a record's (or a record class's) fields, in order."""
    return record.__fields__


def replace(record: R, **changes: object) -> R:
    """Return a copy of `record` with the fields named in `changes` changed."""
    unknown = changes.keys() - set(record.__fields__)
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {sorted(unknown)[0]!r}")
    values = {name: getattr(record, name) for name in record.__fields__}
    values.update(changes)
    return type(record)(**values)
