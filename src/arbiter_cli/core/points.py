"""Exact points.

Points are :class:`fractions.Fraction` values everywhere inside arbiter; never
floats. This module reads them from the forms people write (``1``, ``0.5``,
``½``, ``1/2``, ``2½``) and writes them back.

>>> parse_points("2½")
Fraction(5, 2)
>>> parse_points("0.5")
Fraction(1, 2)
>>> format_points(Fraction(5, 2))
'2½'
>>> format_points(Fraction(5, 2), ascii=True)
'2.5'
>>> format_points(Fraction(3))
'3'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from operator import attrgetter

__all__ = ["Points", "parse_points", "format_points", "points_to_json", "points_to_toml", "total", "half_up",
           "shown_points", "points_to_number", "SHOWN_PLACES", "fraction_terms"]

#: The decimals of a value with no finite decimal (a third, a seventh: SSSC divides by K, C.07
#: Art. 13.4) when people or scripts see it: two, as FIDE's engine prints SSSC and as AOB is
#: rounded. The value itself stays exact, and so does every ranking by it.
SHOWN_PLACES = 2

Points = Fraction

_MIXED_HALF = re.compile(r"^(-?)(\d*)½$")


def parse_points(value: object) -> Fraction:
    """Read a point value written as an int, a decimal, a fraction or with ``½``.

    A TOML float such as ``0.5`` is read through its shortest decimal text, so
    it becomes exactly ``1/2``.

    >>> parse_points(1)
    Fraction(1, 1)
    >>> parse_points(0.5)
    Fraction(1, 2)
    >>> parse_points("1/2")
    Fraction(1, 2)
    >>> parse_points("x")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a number of points (write 1, 0.5, ½ or 1/2)
    """
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number of points")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):  # TOML's inf and nan: Fraction() raises OverflowError on inf
            raise ValueError(f"{value!r} is not a number of points (write 1, 0.5, ½ or 1/2)")
        return Fraction(Decimal(repr(value)))
    if isinstance(value, str):
        text = value.strip()
        match = _MIXED_HALF.match(text)
        if match:
            sign, whole = match.groups()
            result = Fraction(int(whole or 0)) + Fraction(1, 2)
            return -result if sign else result
        if re.fullmatch(r"-?\d+/\d+", text):
            num, den = text.split("/")
            if int(den) == 0:
                raise ValueError(f"{value!r} divides by zero")
            return Fraction(int(num), int(den))
        if re.fullmatch(r"-?\d+(\.\d+)?", text):
            try:
                return Fraction(Decimal(text))
            except InvalidOperation:  # pragma: no cover - the regex excludes it
                pass
    raise ValueError(f"{value!r} is not a number of points (write 1, 0.5, ½ or 1/2)")


def format_points(value: Fraction, *, ascii: bool = False) -> str:
    """Write points for people (``2½``) or, with ``ascii``, for files (``2.5``). For people a value
    with no finite decimal is written in decimals (:func:`shown_points`); a file keeps it exact.

    >>> format_points(Fraction(323, 7)), format_points(Fraction(323, 7), ascii=True)
    ('46.14', '323/7')
    """
    if not ascii:
        value = shown_points(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2 and not ascii:
        whole = abs(value.numerator) // 2
        sign = "-" if value < 0 else ""
        return f"{sign}{whole if whole else ''}½"
    decimal = _finite_decimal(value)
    return decimal if decimal is not None else f"{value.numerator}/{value.denominator}"


def points_to_json(value: Fraction) -> int | float | str:
    """A JSON number for ``value``: an int when whole, else a float when exact.

    >>> points_to_json(Fraction(7, 2))
    3.5
    >>> points_to_json(Fraction(4))
    4
    """
    if value.denominator == 1:
        return value.numerator
    if _has_finite_decimal(value.denominator):
        return float(value)
    return f"{value.numerator}/{value.denominator}"


def shown_points(value: Fraction) -> Fraction:
    """``value`` as people and scripts see it: itself when it has a finite decimal, else rounded half
    up to :data:`SHOWN_PLACES` decimals (never ``323/7``: that form is for files that must read back
    exactly, :func:`points_to_toml`).

    >>> shown_points(Fraction(323, 7)), shown_points(Fraction(111, 4))
    (Fraction(2307, 50), Fraction(111, 4))
    """
    return value if _has_finite_decimal(value.denominator) else half_up(value, SHOWN_PLACES)


def points_to_number(value: Fraction) -> int | float:
    """A JSON number for people and scripts (:func:`shown_points`): an int when whole, else a float.

    >>> points_to_number(Fraction(323, 7)), points_to_number(Fraction(7, 2)), points_to_number(Fraction(4))
    (46.14, 3.5, 4)
    """
    if value.denominator == 1:
        return value.numerator
    shown = shown_points(value)
    return shown.numerator if shown.denominator == 1 else float(shown)


def points_to_toml(value: Fraction) -> int | float | str:
    """A TOML value that reads back exactly: int, short float or ``"n/d"``."""
    return points_to_json(value)


def _has_finite_decimal(denominator: int) -> bool:
    """Whether a fraction in lowest terms with this ``denominator`` has a finite decimal (only 2s and
    5s in it): asked for every tie-break value a table shows, so without writing the decimal."""
    for p in (2, 5):
        while denominator % p == 0:
            denominator //= p
    return denominator == 1


def _finite_decimal(value: Fraction) -> str | None:
    if not _has_finite_decimal(value.denominator):
        return None
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text


#: A fraction's numerator and denominator, read from its fields where CPython has them rather than
#: through its properties, a Python call each (issue 29: the standings of 1,000 players read them
#: 100,000 times).
fraction_terms: Callable[[Fraction], tuple[int, int]] = (
    attrgetter("_numerator", "_denominator") if hasattr(Fraction(1, 2), "_denominator")
    else attrgetter("numerator", "denominator"))


def total(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of point values, fast: one common denominator instead of one per addition.

    >>> total([Fraction(1, 2), Fraction(3, 4), 1])
    Fraction(9, 4)
    >>> total([])
    Fraction(0, 1)
    """
    numerator, denominator = 0, 1
    for value in values:
        if type(value) is Fraction:
            top, bottom = fraction_terms(value)
        elif isinstance(value, int):
            numerator += value * denominator
            continue
        else:
            top, bottom = value.numerator, value.denominator
        if bottom == denominator:
            numerator += top
        elif denominator % bottom == 0:
            numerator += top * (denominator // bottom)
        else:  # a new common denominator: the least common multiple
            common = denominator // math.gcd(denominator, bottom) * bottom
            numerator = numerator * (common // denominator) + top * (common // bottom)
            denominator = common
    return Fraction(numerator, denominator)


def half_up(value: Fraction, places: int = 0) -> Fraction:
    """Round to ``places`` decimals, .5 upwards (the rounding of Art. 10 and of AOB).

    >>> half_up(Fraction(37751, 20)), half_up(Fraction(293, 12), 2)
    (Fraction(1888, 1), Fraction(1221, 50))
    """
    scale = 10 ** places
    return Fraction(int((value * scale + Fraction(1, 2)) // 1), scale)
