"""A command's options and arguments, written as Typer's but made into Typer's only when the app is built.

``Annotated[Format, Option("--format", "-f", help=...)]`` reads as Typer's ``typer.Option``; the
record it makes is turned into ``typer.Option(...)`` with the same arguments in the function's
annotations, in place, when :func:`arbiter_cli.cli.app.build` gives the function to Typer
(:func:`typed`). A module that writes its options so loads without Typer: the commands that
:func:`arbiter_cli.cli.app.main` runs without Typer (``arbiter pair``, nothing more on the
command line) then start without loading it (issue 29: Typer is about a tenth of a short command).
"""

import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

__all__ = ["Option", "Argument", "Deferred", "typed", "path_as_typer_reads"]


class Deferred:
    """A ``typer.Option`` or ``typer.Argument`` to be made: which, and its arguments."""

    __slots__ = ("kind", "args", "kwargs")

    def __init__(self, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.kind = kind
        self.args = args
        self.kwargs = kwargs

    def made(self) -> Any:
        """The Typer parameter this stands for."""
        import typer

        maker: Callable[..., Any] = typer.Option if self.kind == "Option" else typer.Argument
        return maker(*self.args, **self.kwargs)


def Option(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - named as Typer's
    """``typer.Option(*args, **kwargs)``, made when the app is built."""
    return Deferred("Option", args, kwargs)


def Argument(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - named as Typer's
    """``typer.Argument(*args, **kwargs)``, made when the app is built."""
    return Deferred("Argument", args, kwargs)


#: Each annotation made Typer's, by the ``id`` of the one written (kept beside it): an option shared by
#: many commands (``FormatOption``) is made once, as when its module made it.
_MADE: dict[int, tuple[Any, Any]] = {}


def typed(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with every :class:`Deferred` of its annotations made into Typer's parameter
    (in place: its annotations are then Typer's as if written so), for Typer to read."""
    annotations = function.__annotations__
    for name, annotation in annotations.items():
        extras: tuple[Any, ...] = getattr(annotation, "__metadata__", ())  # Annotated[base, *extras]
        if not any(isinstance(extra, Deferred) for extra in extras):
            continue
        if id(annotation) not in _MADE:
            made = tuple(extra.made() if isinstance(extra, Deferred) else extra for extra in extras)
            _MADE[id(annotation)] = (annotation, Annotated.__class_getitem__(  # type: ignore[attr-defined]
                (annotation.__origin__, *made)))
        annotations[name] = _MADE[id(annotation)][1]
    return function



def path_as_typer_reads(path: Path) -> Path | None:
    """A path of the command line (one that need not exist) as Typer takes it: the path; or None where
    Typer refuses it with its own words (it exists and cannot be read, or has a NUL in its name)."""
    try:
        os.stat(path)
    except OSError:
        return path
    except ValueError:  # a NUL in the name
        return None
    return path if os.access(path, os.R_OK) else None
