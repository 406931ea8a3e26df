"""The plain rules of the event's fields, shared by the values (:mod:`arbiter_cli.core.model`) and the
pydantic models that check them (:mod:`arbiter_cli.core.model_schema`): limits, titles, dates."""

import datetime as dt
import re
from fractions import Fraction

__all__ = ["MAX_GAME_POINTS", "MOST_ROUNDS", "TITLES", "is_finite_decimal", "check_date", "blank_to_none",
           "no_rating", "birth_problem"]

#: The most one game (or bye) may be worth: a TRF writes each value of record 162 in 4 characters.
MAX_GAME_POINTS = 99

#: The most rounds an event has (``tournament.toml``'s ``rounds``; a TRF's round columns are read up to it).
MOST_ROUNDS = 99

#: FIDE titles in the order of C.04.2 Art. 2.2.
TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def is_finite_decimal(value: Fraction) -> bool:
    """Whether ``value`` has an exact decimal form (a TRF and a person write points so).

    >>> is_finite_decimal(Fraction(1, 4)), is_finite_decimal(Fraction(1, 3))
    (True, False)
    """
    den = value.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    return den == 1


def check_date(value: object) -> str | None:
    """A date as ``YYYY-MM-DD`` (a ``date`` written so), None for none; a ValueError naming a text
    that is no real date in that form."""
    if value in (None, ""):
        return None
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not _DATE.match(value):
        raise ValueError(f"{value!r} is not a date YYYY-MM-DD")
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a real date") from None
    return value


def birth_problem(birth: str | None, start: str | None) -> str | None:
    """What is wrong with a player's birth date (``YYYY-MM-DD`` or a year) in an event that starts on
    ``start`` (``YYYY-MM-DD``): born after it (a year, in a later year); None when it is sound or
    either is not known.

    >>> birth_problem("2099-01-01", "2026-11-20")
    "after the event's start date 2026-11-20 (found '2099-01-01')"
    >>> birth_problem("2026", "2026-01-01"), birth_problem("2026-11-20", "2026-11-20"), birth_problem("2099", None)
    (None, None, None)
    """
    if not birth or not start:
        return None
    later = int(birth) > int(start[:4]) if len(birth) == 4 else birth > start
    return f"after the event's start date {start} (found {birth!r})" if later else None


def blank_to_none(value: object) -> object:
    """An empty cell: no value."""
    return None if value == "" else value


def no_rating(value: object) -> object:
    """A rating left blank, or 0 (as rating lists write none): no rating."""
    return None if value in ("", "0", 0, None) else value
