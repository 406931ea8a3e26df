"""The plain rules of the event's fields, shared by the values (:mod:`arbiter_cli.core.model`) and the
pydantic models that check them (:mod:`arbiter_cli.core.model_schema`): limits, titles, dates."""

import datetime as dt
import re
from fractions import Fraction

__all__ = ["MAX_GAME_POINTS", "MOST_ROUNDS", "TITLES", "is_finite_decimal", "check_date", "blank_to_none",
           "no_rating", "EARLIEST_BIRTH", "birth_problem", "BLANK_ITEMS"]

#: The most one game (or bye) may be worth: a TRF writes each value of record 162 in 4 characters.
MAX_GAME_POINTS = 99

#: The most rounds an event has (``tournament.toml``'s ``rounds``; a TRF's round columns are read up to it).
MOST_ROUNDS = 99

#: FIDE titles in the order of C.04.2 Art. 2.2.
TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

class _BlankItems:
    """The mark of a list field whose empty item is a value of its own, in its place (``Annotated[...,
    BLANK_ITEMS]``): ``round_dates``' ``""`` is a round without a date, so ``settings set round_dates
    2026-05-01,,2026-05-03`` keeps three slots (trial51, bug 4). A list without it drops an empty item
    (``tiebreaks DE,SB,``)."""

    def __repr__(self) -> str:
        return "BLANK_ITEMS"


BLANK_ITEMS = _BlankItems()

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


#: The earliest birth date a player or a club member may have: an earlier one is a typo (trial51, bug 1).
EARLIEST_BIRTH = "1900-01-01"


def birth_problem(birth: str | None, start: str | None, *, today: str | None = None) -> str | None:
    """What is wrong with a player's birth date (``YYYY-MM-DD`` or a year) in an event that starts on
    ``start`` (``YYYY-MM-DD``): born before :data:`EARLIEST_BIRTH` (a typo: no living player is;
    trial51), after the event's start (a year, in a later year), or, for a club member, who has no
    event, after ``today`` (``YYYY-MM-DD``, given by the caller: the core reads no clock; trial51).
    None when it is sound or the dates it is compared with are not known.

    >>> birth_problem("2099-01-01", "2026-11-20")
    "after the event's start date 2026-11-20 (found '2099-01-01')"
    >>> birth_problem("1800-01-01", None), birth_problem("1899", None)
    ("before 1900-01-01, surely a typo (found '1800-01-01')", "before 1900-01-01, surely a typo (found '1899')")
    >>> birth_problem("2099", None, today="2026-12-08")
    "after today's date 2026-12-08 (found '2099')"
    >>> birth_problem("2026", "2026-01-01"), birth_problem("2026-11-20", "2026-11-20"), birth_problem("2099", None)
    (None, None, None)
    >>> birth_problem("1900", None), birth_problem("1900-01-01", None)
    (None, None)
    """
    if not birth:
        return None
    if int(birth[:4]) < int(EARLIEST_BIRTH[:4]):  # the earliest date is a new year's day: the year decides
        return f"before {EARLIEST_BIRTH}, surely a typo (found {birth!r})"
    for latest, what in ((start, "the event's start date"), (today, "today's date")):
        if latest and (int(birth) > int(latest[:4]) if len(birth) == 4 else birth > latest):
            return f"after {what} {latest} (found {birth!r})"
    return None


def blank_to_none(value: object) -> object:
    """An empty cell: no value."""
    return None if value == "" else value


def no_rating(value: object) -> object:
    """A rating left blank, or 0 (as rating lists write none): no rating."""
    return None if value in ("", "0", 0, None) else value
