"""Values checked by a pydantic model and held without one (start-up, issue 29).

Importing pydantic and building a model's validator took some 0.2 s of every command, most of
``arbiter pair`` on 24 players. The settings, the scoring and each player are therefore plain frozen
dataclasses (:class:`Value`): their checks stay a pydantic model's, their *schema*, in a module of its
own (:mod:`arbiter_cli.core.model_schema`) imported only when a value is checked, that is when it is
made from what a person or a file gave (``Settings(...)``, :meth:`Value.model_validate`). A value read
back from the read cache (:mod:`arbiter_cli.store.read_cache`) was checked when it was first read, and
costs no pydantic at all.

A value answers the parts of pydantic's model interface the program uses, with pydantic's meaning:
``model_validate`` (checked, raising pydantic's ``ValidationError``), ``model_copy`` (not checked, as
pydantic's is not), ``model_dump`` (its fields, a nested value as a dict) and ``model_fields`` (the
schema's fields, on the class).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

__all__ = ["Value", "Checkable", "plain_input"]

_V = TypeVar("_V", bound="Value")


class Checkable(Protocol):
    """What reads a table or a row: a pydantic model, or a :class:`Value`."""

    @classmethod
    def model_validate(cls, obj: Any, /) -> Self: ...


class _ValueType(type):
    """The class of a value's class: its schema's fields as ``model_fields``, as a pydantic model has."""

    @property
    def model_fields(cls) -> dict[str, FieldInfo]:
        schema: type[BaseModel] = cls.schema()  # type: ignore[attr-defined]
        return schema.model_fields


def plain_input(data: object) -> object:
    """``data`` as a schema reads it: a value given inside it (the scoring of the settings, a category
    of a prize fund) as its schema's model, made of its fields unchecked, which pydantic takes as it is,
    as it took the value when the value was that model (a category's amounts, already in cents, are
    not read as units again)."""
    if isinstance(data, Value):
        return data.as_schema()
    if isinstance(data, Mapping):
        return {key: plain_input(item) for key, item in data.items()}
    if isinstance(data, (tuple, list)) and any(isinstance(item, Value) for item in data):
        return type(data)(plain_input(item) for item in data)
    return data


class Value(metaclass=_ValueType):
    """A frozen value whose fields and checks are those of a pydantic model, its :meth:`schema` (see
    the module). Each subclass is a ``@dataclass(frozen=True, init=False)`` with the schema's fields
    in the schema's order, and names the values nested in it (:attr:`NESTED`)."""

    #: The fields holding a value of their own (the settings' ``scoring``), or a tuple of them (a prize
    #: fund's categories), by name.
    NESTED: ClassVar[Mapping[str, type[Value]]] = {}

    def __init__(self, **data: Any) -> None:
        """The value of ``data``, checked by the schema (pydantic's ``ValidationError`` when it is not
        one), as the pydantic model's constructor made it."""
        made = type(self).model_validate(data)
        for name in self._names():
            object.__setattr__(self, name, getattr(made, name))

    @classmethod
    def schema(cls) -> type[BaseModel]:
        """The pydantic model that checks this value (imported when first asked)."""
        raise NotImplementedError  # pragma: no cover

    @classmethod
    def _names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]

    @classmethod
    def made(cls: type[_V], fields: Iterable[tuple[str, Any]]) -> _V:
        """A value of ``fields`` as they are, unchecked (the schema's output, a copy, a default)."""
        value = object.__new__(cls)
        for name, item in fields:
            object.__setattr__(value, name, item)
        return value

    @classmethod
    def model_validate(cls: type[_V], obj: Any, /) -> _V:
        """``obj`` (a mapping of fields, or a value of this class) checked by the schema."""
        if isinstance(obj, cls):
            return obj
        checked = cls.schema().model_validate(plain_input(obj))
        return cls.of_schema(checked)

    @classmethod
    def of_schema(cls: type[_V], checked: BaseModel) -> _V:
        """The value of the schema's model ``checked``, its nested models as values."""
        nested = cls.NESTED

        def held(name: str, item: Any) -> Any:
            if name not in nested or item is None or isinstance(item, Value):
                return item
            if isinstance(item, tuple):
                return tuple(nested[name].of_schema(one) for one in item)
            return nested[name].of_schema(item)

        return cls.made((name, held(name, getattr(checked, name))) for name in cls._names())

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """The default of each field that has one, as the schema's (a test holds them equal)."""
        return {f.name: f.default for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                if f.default is not dataclasses.MISSING}

    def as_schema(self) -> BaseModel:
        """This value as its schema's model, unchecked (:func:`plain_input`)."""
        fields: dict[str, Any] = {name: plain_input(item) for name, item in self.items()}
        return self.schema().model_construct(**fields)

    def items(self) -> list[tuple[str, Any]]:
        """The fields and their values, in order."""
        return [(name, getattr(self, name)) for name in self._names()]

    def model_copy(self: _V, update: Mapping[str, Any] | None = None) -> _V:
        """A copy with the fields of ``update`` changed, unchecked, as pydantic's ``model_copy``."""
        fields = dict(self.items())
        fields.update(update or {})
        return type(self).made(fields.items())

    def model_dump(self, exclude: Iterable[str] = ()) -> dict[str, Any]:
        """The fields as a dict (a nested value as a dict too), as pydantic's ``model_dump`` in Python
        mode; ``exclude``: fields left out."""
        left_out = set(exclude)

        def dumped(item: Any) -> Any:
            if isinstance(item, Value):
                return item.model_dump()
            if isinstance(item, tuple) and any(isinstance(one, Value) for one in item):
                return tuple(dumped(one) for one in item)
            return item

        return {name: dumped(item) for name, item in self.items() if name not in left_out}
