"""The plain rules of the event's fields, shared by the values (:mod:`arbiter_cli.core.model`) and the
pydantic models that check them (:mod:`arbiter_cli.core.model_schema`): limits, titles, dates."""

import datetime as dt
import re
from fractions import Fraction

__all__ = ["MAX_GAME_POINTS", "MOST_ROUNDS", "TITLES", "is_finite_decimal", "check_date", "blank_to_none",
           "no_rating"]

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


def blank_to_none(value: object) -> object:
    """An empty cell: no value."""
    return None if value == "" else value


def no_rating(value: object) -> object:
    """A rating left blank, or 0 (as rating lists write none): no rating."""
    return None if value in ("", "0", 0, None) else value
