"""The domain errors: every way a command can fail that is not a bug.

Each is a :class:`ValueError` whose ``str()`` is the one line the person
reads, with the file (or argument), the line and the field in front when they
are known. The command line maps them to exit codes in one place
(:mod:`arbiter_cli.cli.app`); docs/reference/exit-codes.md lists the codes.

>>> str(BadArgument("unknown result '2-1'", source="r.txt", line=3, field="result"))
"r.txt, line 3, field 'result': unknown result '2-1'"
>>> isinstance(Refused("no"), ValueError)
True
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["DomainError", "BadArgument", "BrokenFolder", "Refused", "Busy", "NoPairing", "pydantic_message", "shown_value"]


class DomainError(ValueError):
    """Base class. ``message`` is the text without its location; ``source``, ``line`` and
    ``field`` say where the problem is (a file, or an argument of the command). ``details``
    are lines to show before the error (what the refused act would have done, what is missing)."""

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None,
                 field: str | None = None, details: Sequence[str] = ()) -> None:
        self.message, self.source, self.line, self.field = message, source, line, field
        self.details = tuple(details)
        super().__init__(_locate(message, source, line, field))

    def at(self, *, source: str | None = None, field: str | None = None) -> DomainError:
        """The same error located further: in ``source``, or with its field renamed to what the
        person typed (an option such as ``--after-round``). The type and the line stay."""
        error = copy.copy(self)
        error.source, error.field = source or self.source, field or self.field
        error.args = (_locate(self.message, error.source, self.line, error.field),)
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


#: The longest text a message shows of a value it names; a longer one is cut (a pasted page).
SHOWN_LENGTH = 40


def shown_value(value: str | int | float) -> str:
    """A value as a message names it: its ``repr``, a long text cut to its start.

    >>> shown_value("abc"), shown_value("x" * 8000).endswith("x'... (8000 characters)")
    ("'abc'", True)
    """
    if isinstance(value, str) and len(value) > SHOWN_LENGTH:
        return f"{value[:SHOWN_LENGTH]!r}... ({len(value)} characters)"
    return repr(value)


#: pydantic's error types in the words of the rest of the program; ``{le}`` and the like are the
#: error's context (pydantic_core's ErrorType: https://docs.pydantic.dev/latest/errors/validation_errors/).
_PLAIN = {
    "int_parsing": "give a whole number",
    "int_type": "give a whole number",
    "float_type": "give a number",
    "int_from_float": "give a whole number",
    "float_parsing": "give a number",
    "greater_than_equal": "at least {ge}",
    "greater_than": "more than {gt}",
    "less_than_equal": "at most {le}",
    "less_than": "less than {lt}",
    "string_too_short": "must not be empty",
    "string_too_long": "at most {max_length} characters",
}


def pydantic_message(error: Mapping[str, Any]) -> str:
    """The one-line message of the first error pydantic found (``error.errors()[0]``).

    >>> pydantic_message({"type": "greater_than_equal", "msg": "Input should be greater than or equal to 1",
    ...                   "input": 0, "ctx": {"ge": 1}})
    'at least 1 (found 0)'
    >>> pydantic_message({"type": "int_parsing", "msg": "Input should be a valid integer, unable to parse string as "
    ...                   "an integer", "input": "five"})
    "give a whole number (found 'five')"

    >>> pydantic_message({"type": "int_type", "msg": "Input should be a valid integer", "input": "2"})
    'a whole number is written without quotes: 2, not "2"'
    >>> pydantic_message({"type": "bool_type", "msg": "Input should be a valid boolean", "input": "True"})
    'true or false is written without quotes: true, not "True"'
    """
    message = str(error.get("msg", "invalid value"))
    message = message.removeprefix("Value error, ")
    if error.get("type") == "extra_forbidden":
        return "unknown setting"
    if error.get("type") == "too_short" and isinstance(error.get("ctx"), Mapping):  # an empty list
        least = error["ctx"].get("min_length", 1)
        return f"give at least {least} value{'s' if least != 1 else ''} (found {error['ctx'].get('actual_length', 0)})"
    value = error.get("input")
    if error.get("type") in ("int_type", "int_parsing") and isinstance(value, str) \
            and value.strip().removeprefix("-").isdigit():  # games_per_match = "2" in a TOML file
        return f'a whole number is written without quotes: {value.strip()}, not "{value}"'
    if error.get("type") == "bool_type" and isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return f'true or false is written without quotes: {value.strip().lower()}, not "{value}"'
    plain = _PLAIN.get(str(error.get("type")))
    if plain is not None:  # the library's words ("input should be greater than or equal to 1"), plainly
        try:
            message = plain.format(**(error.get("ctx") or {}))
        except (KeyError, IndexError, ValueError):
            pass
    if isinstance(value, (str, int, float)) and error.get("type") not in ("missing",) \
            and repr(value) not in message:
        message = f"{message} (found {shown_value(value)})"
    return message[0].lower() + message[1:] if message else message
