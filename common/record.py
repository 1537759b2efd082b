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
    """Whether an annotation (a string, when postponed) is a ClassVar.

    ``ClassVar[int]``, ``typing.ClassVar[int]`` or ``t.ClassVar[int]``.
    """
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.partition("[")[0].rpartition(".")[2].strip() == "ClassVar"


def _own_fields(klass: type) -> dict[str, object]:
    """Return the fields `klass` itself annotates, with their annotations."""
    return {name: annotation
            for name, annotation in vars(klass).get("__annotations__", {}).items()
            if not _is_class_var(annotation)}


def _initializer(cls: type, annotations: dict[str, object],
                 defaults: dict[str, object]) -> Any:
    """Compile ``__init__`` for the fields, so it has them as its parameters.

    Its own names start with ``__``, which no field name does.
    """
    names = tuple(annotations)
    parameters = ", ".join(
        f"{name}=__defaults[{name!r}]" if name in defaults else name for name in names)
    body = "".join(f"\n    __fields[{name!r}] = {name}" for name in names)
    source = (f"def __init__(__record, {parameters}):\n"
              f"    __fields = __record.__dict__{body}\n")
    namespace: dict[str, Any] = {"__defaults": defaults, "__name__": cls.__module__}
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), namespace)
    initializer = namespace["__init__"]
    # The fields' annotations, for the documentation's signatures.
    initializer.__annotations__ = dict(annotations)
    initializer.__annotations__["return"] = "None"
    initializer.__qualname__ = f"{cls.__qualname__}.__init__"
    initializer.__doc__ = f"Make a {cls.__name__} from its fields."
    return initializer


@dataclass_transform(frozen_default=True)
class Record:
    """A frozen value whose fields are its class's annotations (ClassVars aside).

    Fields come in the order they are declared, a base class's first (a
    field declared again keeps its place); a class attribute of a field's
    name is its default.  As for a dataclass, a field without a default may
    not follow one with, and a list, dict or set is no default.
    """

    __fields__: ClassVar[tuple[str, ...]] = ()
    """The field names, in order: what ``__init__``, ``==`` and ``repr`` use."""

    def __init_subclass__(cls, **options: Any) -> None:
        super().__init_subclass__(**options)
        annotations: dict[str, object] = {}
        defaults: dict[str, object] = {}
        for klass in reversed(cls.__mro__):  # as dataclasses collect fields
            if issubclass(klass, Record) and klass is not Record:
                own = _own_fields(klass)
                annotations.update(own)
                defaults.update((name, vars(klass)[name])
                                for name in own if name in vars(klass))
        seen_default = ""
        for name in annotations:
            if name in defaults:
                seen_default = name
                if isinstance(defaults[name], (list, dict, set)):
                    raise ValueError(f"{cls.__name__}: field {name!r} has a mutable "
                                     "default, which every record would share")
            elif seen_default:
                raise TypeError(f"{cls.__name__}: field {name!r} without a default "
                                f"follows {seen_default!r}, which has one")
        cls.__fields__ = tuple(annotations)
        # The fields a ``case`` pattern takes by position, as a dataclass's
        # (mypy refuses the plain assignment to a dunder it knows).
        setattr(cls, "__match_args__", cls.__fields__)  # noqa: B010
        if "__init__" not in vars(cls):
            cls.__init__ = _initializer(  # type: ignore[method-assign]
                cls, annotations, defaults)

    def __replace__(self: R, **changes: object) -> R:
        """Return a copy with some fields changed (`copy.replace`, Python 3.13)."""
        return replace(self, **changes)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__fields__)
        return f"{type(self).__qualname__}({shown})"


def _values(record: Record) -> tuple[object, ...]:
    return tuple(getattr(record, name) for name in record.__fields__)


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
