"""The domain errors: every way a command can fail that is not a bug.

Each is a :class:`ValueError` whose ``str()`` is the one line the person
reads, with the file (or argument), the line and the field in front when they
are known. The command line maps them to exit codes in one place
(:mod:`arbiter_cli.cli.app`); the README lists the codes.

>>> str(BadArgument("unknown result '2-1'", source="r.txt", line=3, field="result"))
"r.txt, line 3, field 'result': unknown result '2-1'"
>>> isinstance(Refused("no"), ValueError)
True
"""

from __future__ import annotations

__all__ = ["DomainError", "BadArgument", "BrokenFolder", "Refused", "Busy", "NoPairing"]


class DomainError(ValueError):
    """Base class. ``message`` is the text without its location; ``source``, ``line`` and
    ``field`` say where the problem is (a file, or an argument of the command)."""

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.message, self.source, self.line, self.field = message, source, line, field
        super().__init__(_locate(message, source, line, field))

    def at(self, *, source: str | None = None, field: str | None = None) -> DomainError:
        """The same error located further: in ``source``, or with its field renamed to what the
        person typed (an option such as ``--after-round``). The type and the line stay."""
        error = type(self)(self.message, source=source or self.source, line=self.line,
                           field=field or self.field)
        error.__cause__ = self.__cause__
        return error


class BadArgument(DomainError):
    """A bad argument or a bad input file (``--from``, ``player import``, a TRF file)."""


class BrokenFolder(DomainError):
    """The tournament (or club) folder is missing, or one of its files is broken."""


class Refused(DomainError):
    """The command is valid but the state of the tournament does not allow it."""


class Busy(DomainError):
    """Another command held the folder's lock for too long."""


class NoPairing(DomainError):
    """No valid pairing exists for the round (C.04.3 1.9: the arbiter decides)."""


def _locate(message: str, source: str | None, line: int | None, field: str | None) -> str:
    where = []
    if source:
        where.append(source)
    if line is not None:
        where.append(f"line {line}")
    if field:
        where.append(f"field '{field}'")
    return f"{', '.join(where)}: {message}" if where else message
