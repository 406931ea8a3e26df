"""The command line's values, converted as Typer converts them, without a pydantic validator per option.

Typer (0.29) converts each parameter's value through a pydantic ``TypeAdapter`` that it builds the
first time the parameter is processed, even when the value is missing (``None``): a short command
built ten of them at every start, and loaded pydantic's plugin machinery for them. The values
arbiter's commands take are few kinds: text, a whole number, a path, a flag, one of a list of
choices. For these, :func:`quicken` gives a parameter a conversion that returns what Typer's
would return, without building the validator; the commands and groups of ``arbiter``
(:class:`QuickCommand`, :class:`QuickGroup`) do it to their parameters as they parse them. Anything else, and every value
the quick way does not take as it is (``--round 2x``, ``--format xml``, a number written
``1_000``), goes through Typer's own conversion, built then: its answer and its error message are
the ones it always gave. ``tests/cli/test_cli_values.py`` compares the two ways on every parameter of
every command.

This leans on Typer's inner names (``typer._coercion.RuntimeParam``, a parameter's
``type_descriptor`` and ``_runtime_param``); a parameter whose conversion Typer has already built is
left as it is. The test compares the ways on every parameter, so a Typer that changes them fails it.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, Callable

from typer import _click as click
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import choice_coercion_annotation, coerce_cli_choice, lenient_issubclass, routes_to_path
from typer.core import TyperCommand, TyperGroup, _TyperParameter

from arbiter_cli.cli.params import path_as_typer_reads

__all__ = ["QuickCommand", "QuickGroup", "quick_conversion", "quicken"]

#: What a quick conversion gives back when it does not take the value: then Typer's own conversion runs.
_SLOW = object()

Conversion = Callable[[Any, Any], Any]  # (value, ctx) -> the value, or _SLOW


def _text(value: Any, ctx: Any) -> Any:
    """``str``: Typer returns a text as it is."""
    return value if type(value) is str else _SLOW


def _flag(value: Any, ctx: Any) -> Any:
    """``bool``: a flag's own value (a text, from an environment variable say, is Typer's to read)."""
    return value if type(value) is bool else _SLOW


def _whole(value: Any, ctx: Any) -> Any:
    """``int`` (without a range): a number given as the default, or written in ASCII digits with an
    optional sign (pydantic reads ``1_000``, `` 5 `` and ``5.0`` too: those are Typer's to read)."""
    if type(value) is int:
        return value
    if type(value) is str:
        digits = value[1:] if value[:1] in ("+", "-") else value
        if digits.isascii() and digits.isdigit():
            return int(value)
    return _SLOW


def _whole_in(least: Any, most: Any) -> Conversion:
    def convert(value: Any, ctx: Any) -> Any:
        """``int`` with ``min``/``max`` (``--refresh``): a whole number :func:`_whole` reads, inside
        the range; outside it, or anything else, Typer's own check and message."""
        found = _whole(value, ctx)
        if found is _SLOW or (least is not None and found < least) or (most is not None and found > most):
            return _SLOW
        return found
    return convert


def _path(path_type: type[Path]) -> Conversion:
    def convert(value: Any, ctx: Any) -> Any:
        """``Path`` that need not exist: Typer's pydantic validator makes ``Path(value)`` of a text,
        then Typer refuses a path that exists and cannot be read (its own message)."""
        if isinstance(value, path_type):
            path = value
        elif type(value) is str and value:
            path = path_type(value)
        else:
            return _SLOW
        taken = path_as_typer_reads(path)
        return _SLOW if taken is None else taken
    return convert


def _choice(choices: tuple[Any, ...], case_sensitive: bool) -> Conversion:
    def convert(value: Any, ctx: Any) -> Any:
        """One of an enum's or a ``Literal``'s values, found as Typer finds it; not one: Typer's error."""
        try:
            return coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)
        except ValueError:
            return _SLOW
    return convert


def _texts(value: Any, ctx: Any) -> Any:
    """``list[str]``: the texts given, as a list."""
    if isinstance(value, (list, tuple)) and all(type(item) is str for item in value):
        return list(value)
    return _SLOW


def quick_conversion(descriptor: TypeDescriptor) -> Conversion | None:
    """The quick conversion of a parameter of this Typer type descriptor, or None (Typer's own then)."""
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    if descriptor.file_annotation is not None or info.parser is not None or info.clamp:
        return None
    if info.min is not None or info.max is not None:  # a range: a whole number inside it, else Typer's words
        return _whole_in(info.min, info.max) if annotation is int else None
    if annotation is str:
        return _text
    if annotation is int:
        return _whole
    if annotation is bool:
        return _flag
    if annotation == list[str]:
        return _texts
    choice = choice_coercion_annotation(annotation, info)
    if choice is not None:
        choices, case_sensitive = choice
        if all(isinstance(c, (str, enum.Enum)) for c in choices):
            return _choice(choices, case_sensitive)
        return None
    if routes_to_path(annotation, info) and lenient_issubclass(annotation, Path) and info.path_type is None \
            and not (info.exists or info.resolve_path or info.allow_dash or info.writable or not info.readable
                     or not info.file_okay or not info.dir_okay):
        return _path(annotation)
    return None


def quicken(param: Any) -> None:
    """Give ``param`` (a Typer parameter) the quick conversion that fits it, if one does and Typer
    has not built its own yet."""
    if getattr(param, "_runtime_param", 0) is not None or not isinstance(param, _TyperParameter):
        return
    quick = quick_conversion(param.type_descriptor)
    if quick is not None:
        param._runtime_param = _Quick(param.type_descriptor, quick)


class _Quick(RuntimeParam):
    """Typer's runtime conversion of one parameter, the quick way first, Typer's own (built the
    first time it is needed) for what the quick way does not take."""

    _descriptor: TypeDescriptor
    _quick: Conversion
    _slow: RuntimeParam | None

    def __init__(self, descriptor: TypeDescriptor, quick: Conversion) -> None:
        super().__init__(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        object.__setattr__(self, "_descriptor", descriptor)  # a frozen dataclass: set as its fields are
        object.__setattr__(self, "_quick", quick)
        object.__setattr__(self, "_slow", None)

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: click.Context) -> Any:
        found = self._quick(value, ctx)
        if found is not _SLOW:
            return found
        if self._slow is None:
            object.__setattr__(self, "_slow", build_runtime_param(self._descriptor))
        assert self._slow is not None
        try:
            return self._slow._coerce_value(value, param=param, ctx=ctx)
        except BadParameter as error:  # pydantic's words do not say what was given: "--rating abc"
            if isinstance(value, str) and error.message.startswith("Input should be a valid"):
                error.message = f"{error.message.rstrip('.')} (found {value!r})"
            raise


def _quickened(params: list[click.Parameter]) -> list[click.Parameter]:
    for param in params:
        quicken(param)
    return params


class QuickCommand(TyperCommand):
    """A command whose parameters, its ``--help`` included, convert their values the quick way."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return _quickened(super().get_params(ctx))


class QuickGroup(TyperGroup):
    """A group of commands (and ``arbiter`` itself) whose own parameters convert the quick way."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return _quickened(super().get_params(ctx))
