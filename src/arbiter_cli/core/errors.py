"""Errors that end a command, each with its documented exit code.

=====  ==========================================================================
code   meaning
=====  ==========================================================================
0      success
1      internal error (a bug: please report it with the command and the folder)
2      bad usage: an unknown option, a bad argument, or a bad input file
3      the tournament folder is missing or a file in it is broken
4      refused: the command conflicts with the state of the tournament
5      busy: another arbiter command held the folder's lock for too long
6      no valid pairing exists for the round (reserved for the Swiss engine)
=====  ==========================================================================
"""

from __future__ import annotations

__all__ = ["ArbiterError", "UsageProblem", "FolderError", "Refused", "Busy", "NoPairing"]


class ArbiterError(Exception):
    """Base class: ``str(error)`` is the one-line message."""

    exit_code = 1


class UsageProblem(ArbiterError):
    """A bad argument or a bad input file (``--from``, ``player import``)."""

    exit_code = 2

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(_locate(message, source, line, field))


class FolderError(ArbiterError):
    """The tournament folder is missing or one of its files is broken."""

    exit_code = 3

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        self.file, self.line, self.field = file, line, field
        super().__init__(_locate(message, file, line, field))


class Refused(ArbiterError):
    """The command is valid but the tournament's state does not allow it."""

    exit_code = 4


class Busy(ArbiterError):
    exit_code = 5


class NoPairing(ArbiterError):
    exit_code = 6


def _locate(message: str, source: str | None, line: int | None, field: str | None) -> str:
    where = []
    if source:
        where.append(source)
    if line is not None:
        where.append(f"line {line}")
    if field:
        where.append(f"field '{field}'")
    return f"{', '.join(where)}: {message}" if where else message
