"""The plain words and amounts of a prize fund (:mod:`arbiter_cli.core.prizes`), shared by its values
and the pydantic models that check them (:mod:`arbiter_cli.core.prize_schema`)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Literal

__all__ = ["Split", "PLACES", "DEFAULT_BOARD_SHARE", "CONDITIONS", "cents", "format_money"]

Split = Literal["shared", "hort", "tiebreak"]
PLACES = "places"  # the name of the place prizes' list
DEFAULT_BOARD_SHARE = Fraction(2, 3)  # the regulations: "at least two-thirds of the rounds played"
#: A category's conditions, the keys of ``[[category]]`` that say who may take it.
CONDITIONS = ("sex", "rating_min", "rating_max", "born_from", "born_to", "federation", "club", "unrated")


def cents(value: object) -> int:
    """An amount of money in integer cents: a whole number of units, or a decimal text (or TOML
    float) with at most two places. Never a float computation.

    >>> cents(1000), cents("233.33"), cents(12.5)
    (100000, 23333, 1250)
    """
    if isinstance(value, bool):
        raise ValueError("must be an amount of money, such as 100 or \"12.50\"")
    if isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, (str, float)):
        try:
            amount = Decimal(repr(value) if isinstance(value, float) else value.strip())
        except InvalidOperation:
            raise ValueError(f"{value!r} is not an amount of money, such as 100 or \"12.50\"") from None
    else:
        raise ValueError("must be an amount of money, such as 100 or \"12.50\"")
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"{value!r} is not an amount of money of 0 or more")
    hundred = amount * 100
    if hundred != hundred.to_integral_value():
        raise ValueError(f"{value!r} has more than two decimals; money is kept in cents")
    return int(hundred)


def format_money(amount: int) -> str:
    """Cents as a decimal text, the JSON shape: ``"233.33"``, ``"100.00"``.

    >>> format_money(23333), format_money(5), format_money(100000)
    ('233.33', '0.05', '1000.00')
    """
    return f"{amount // 100}.{amount % 100:02d}"
