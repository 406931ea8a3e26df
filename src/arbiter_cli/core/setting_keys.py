"""The settings of an event as keys and values, read from the pydantic models themselves (issue 27).

An event's settings are tables of ``tournament.toml`` (the top-level :class:`~arbiter_cli.core.model.Settings`,
a kind's own ``[team]``, ``[knockout]`` or ``[groups]``) and, for the prize split, ``prizes.toml``.
Each field of those models is a *key*: ``rank_withdrawn``, a field of a nested model ``scoring.draw``,
a field of a kind's table ``team.boards``, of the prize fund ``prizes.split``. Nothing here lists
the fields by hand: a field added to a model is a key at once, typed from its annotation and
described by its ``Field(description=...)``.

A value is typed from the field's annotation as a person writes it on the command line:

* a yes-or-no: ``true`` or ``false``;
* a whole number: ``3`` (anything else is given to the model as written, which says what it expects);
* a list (a tuple of the model): items separated by commas, ``BH/C1,BH,SB`` (``none``: the empty list);
  an empty item is dropped, but kept in its place by a list marked :data:`~arbiter_cli.core.fields.BLANK_ITEMS`:
  ``round_dates 2026-05-01,,2026-05-03`` is three rounds, the second without a date (trial51, bug 4);
* ``none``: no value, for a field that may have none (``max_half_byes none``: no limit);
* anything else (a choice, points, a date, a name) as written: the model reads it (``1/2``, ``hort``).

>>> from arbiter_cli.core.model import Settings
>>> tables = {"": Settings(name="Open", system="swiss", rounds=5, seed=1)}
>>> key = find_key(tables, "scoring.win")
>>> shown(value_of(tables, key)), shown(value_of(with_value(tables, key, "3"), key))
('1', '3')
>>> shown(parse_text(find_key(tables, "tiebreaks"), "BH/C1, BH ,SB"))
'BH/C1,BH,SB'
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, Union

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.fields import BLANK_ITEMS
from arbiter_cli.core.points import format_points, points_to_number
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

__all__ = ["Tables", "Key", "UNSET", "setting_keys", "find_key", "value_of", "parse_text", "with_value", "shown",
           "plain", "PRIZES", "Table"]

#: A table of settings: a pydantic model, or a value checked by one (:class:`~arbiter_cli.core.value.Value`).
Table = Union["BaseModel", Value]
#: An event's settings: its models by table name, ``""`` for the top level of ``tournament.toml``.
Tables = Mapping[str, Table]

#: The table of the prize fund, ``prizes.toml`` (its keys are ``prizes.split`` ...).
PRIZES = "prizes"


class _Unset:
    """The value of ``settings unset``: the field's default."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Key:
    """One setting: its dotted name, its table and the path of fields inside it, the field."""

    name: str
    table: str
    path: tuple[str, ...]
    field: FieldInfo

    @property
    def description(self) -> str:
        return self.field.description or ""

    @property
    def settable(self) -> bool:
        """Whether a value can be given on the command line (a scalar, or a list of scalars)."""
        return _kind(self.field.annotation)[0] not in ("other", "model")

    @property
    def table_of_its_own(self) -> bool:
        """Whether the key is a nested table that may be absent (``groups.knockout``): ``unset`` removes it."""
        return _kind(self.field.annotation) == ("model", True)


def _stripped(annotation: Any) -> tuple[Any, bool]:
    """The type inside ``Annotated`` and ``Optional``, and whether None is allowed."""
    optional = False
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            args = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = optional or len(args) < len(typing.get_args(annotation))
            if len(args) != 1:
                return annotation, optional
            annotation = args[0]
        else:
            return annotation, optional


def _kind(annotation: Any) -> tuple[str, bool]:
    """What a field holds, as the command line writes it: ``bool``, ``int``, ``text`` (a choice, a
    name, points, a date: the model reads the text), ``list`` (of one of those), ``model`` (a table
    of fields, each a key) or ``other`` (a mapping, a list of tables: not given on a command line);
    and whether it may be None."""
    base, optional = _stripped(annotation)
    origin = typing.get_origin(base)
    if isinstance(base, type) and _is_model(base):
        return "model", optional
    if base is bool:
        return "bool", optional
    if base is int:
        return "int", optional
    if origin is tuple:
        args = typing.get_args(base)
        if len(args) == 2 and args[1] is Ellipsis and _kind(args[0])[0] in ("bool", "int", "text"):
            return "list", optional
        return "other", optional
    if base in (str, Fraction) or origin is Literal or (isinstance(base, type) and issubclass(base, Enum)):
        return "text", optional
    return "other", optional


def _is_model(kind: type) -> bool:
    """Whether ``kind`` is a table of fields: a pydantic model or a value checked by one (pydantic is
    imported by the commands of the settings only: start-up, issue 29)."""
    if issubclass(kind, Value):
        return True
    from pydantic import BaseModel

    return issubclass(kind, BaseModel)


def _item_type(annotation: Any) -> Any:
    return typing.get_args(_stripped(annotation)[0])[0]


def _model_of(annotation: Any) -> type[BaseModel]:
    base = _stripped(annotation)[0]
    from pydantic import BaseModel

    assert isinstance(base, type) and issubclass(base, BaseModel)
    return base


def setting_keys(tables: Tables) -> list[Key]:
    """Every key of ``tables``, in the models' order; a nested model's fields as keys of their own
    (``scoring.draw``; a model that may be absent, ``groups.knockout``, by its defaults)."""
    keys: list[Key] = []

    def walk(model: type[Table], table: str, path: tuple[str, ...]) -> None:
        for name, info in model.model_fields.items():
            inner = (*path, name)
            if _kind(info.annotation)[0] == "model":
                if _kind(info.annotation)[1]:  # a table that may be absent: 'unset' removes it whole
                    keys.append(Key(".".join(part for part in (table, *inner) if part), table, inner, info))
                walk(_model_of(info.annotation), table, inner)
            else:
                keys.append(Key(".".join(part for part in (table, *inner) if part), table, inner, info))

    for table, model in tables.items():
        walk(type(model), table, ())
    return keys


def find_key(tables: Tables, name: str, hidden: frozenset[str] = frozenset()) -> Key:
    """The key named ``name`` (a :class:`BadArgument` naming it and the nearest key otherwise);
    ``hidden``: keys this kind of event does not keep."""
    keys = {key.name: key for key in setting_keys(tables) if key.name not in hidden}
    wanted = name.strip()
    if wanted in keys:
        return keys[wanted]
    if wanted in hidden:
        raise BadArgument("is not a setting of this kind of event", field=wanted)
    nearest = difflib.get_close_matches(wanted.lower(), list(keys), n=1, cutoff=0.7)  # "nonsense" is no "seed"
    hint = f"; did you mean {nearest[0]!r}?" if nearest else " ('arbiter settings' lists them)"
    raise BadArgument(f"unknown setting {wanted!r}{hint}")


def value_of(tables: Tables, key: Key) -> Any:
    """The value of ``key`` in ``tables`` (a field of a nested model that is absent: its default)."""
    value: Any = tables[key.table]
    for part in key.path:
        if value is None:  # an absent nested table: its defaults
            return key.field.get_default(call_default_factory=True)
        value = getattr(value, part)
    return value


def parse_text(key: Key, text: str) -> Any:
    """``text`` as the value the model reads for ``key`` (see the module); a :class:`ValueError` with
    the reason when it is not of the key's type."""
    kind, optional = _kind(key.field.annotation)
    word = text.strip()
    if optional and word.lower() in ("none", ""):
        return None
    if kind == "list":
        if word.lower() in ("none", ""):
            return ()
        item = _kind(_item_type(key.field.annotation))[0]
        blanks = BLANK_ITEMS in key.field.metadata  # an empty slot is a value in its place (trial51, bug 4)
        return tuple(_scalar(item, part.strip()) for part in word.split(",") if blanks or part.strip())
    if kind == "other" or kind == "model":
        raise ValueError("is not set on the command line")
    return _scalar(kind, word)


def _scalar(kind: str, word: str) -> Any:
    if kind == "bool":
        if word.lower() not in ("true", "false"):
            raise ValueError(f"{word!r} is not true or false")
        return word.lower() == "true"
    if kind == "int" and re.fullmatch(r"[+-]?\d{1,9}", word):
        return int(word)
    return word  # the model reads it, and says what it expects (an amount of money "12.50" is read so)


def with_value(tables: Tables, key: Key, value: Any) -> dict[str, Table]:
    """``tables`` with ``key`` set to ``value`` (:data:`UNSET`: back to its default), each model
    changed validated again as a whole, so that its own rules hold (pydantic's
    :class:`~pydantic.ValidationError` when they do not). The other fields are given as the model
    holds them, so a field's validators take their own output back (every table of
    ``tournament.toml`` does; ``prizes.toml``, whose money is read into cents, is changed in its
    text instead: :func:`arbiter_cli.store.prizes.prize_text_with`)."""

    def data(model: Table) -> dict[str, Any]:
        return {name: getattr(model, name) for name in type(model).model_fields}

    def put(model: Table | None, cls: type[Table], path: tuple[str, ...]) -> Table:
        fields = data(model) if model is not None else {}
        head, rest = path[0], path[1:]
        if rest:
            inner = fields.get(head)
            fields[head] = put(inner if _is_model(type(inner)) else None,
                               _model_of(cls.model_fields[head].annotation), rest)
        elif value is UNSET:
            fields.pop(head, None)
        else:
            fields[head] = value
        return cls.model_validate(fields)

    model = tables[key.table]
    return {**tables, key.table: put(model, type(model), key.path)}


def shown(value: Any) -> str:
    """A value as a person writes it on the command line (and as the journal records it).

    >>> shown(True), shown(("BH/C1", "BH")), shown(Fraction(1, 2)), shown(None)
    ('true', 'BH/C1,BH', '0.5', '')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Fraction):
        return format_points(value, ascii=True)
    if isinstance(value, (tuple, list)):
        return ",".join(shown(item) for item in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{name}={shown(item)}" for name, item in value.items())
    if _is_model(type(value)):
        return shown({name: getattr(value, name) for name in type(value).model_fields})
    return str(value)


def plain(value: Any) -> Any:
    """A value as JSON holds it: true/false, numbers (points too), text, lists, null."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return points_to_number(value)
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(name): plain(item) for name, item in value.items()}
    if _is_model(type(value)):
        return {name: plain(getattr(value, name)) for name in type(value).model_fields}
    return str(value)
