"""The prize fund of an event, as ``prizes.toml`` holds it (issue 18, "Prizes").

The shape, so that scripts and other tools can write it::

    split = "shared"            # shared | hort | tiebreak
    currency = "EUR"
    places = [1000, 600, 400, 200, 100]
    [[category]]
    name = "Best woman"
    amounts = [150, 75]
    sex = "F"                   # any of: sex, rating_min, rating_max, born_from, born_to,
                                #         federation, club, unrated = true

Money is exact: an amount is a whole number of units (``100``) or a decimal with at most two
places (``"12.50"`` or ``12.5``) and is kept in integer cents. The amounts of a list must not
increase (place 2 pays no more than place 1): the regulations rank prizes by place.

A category's rule reads the player's data (``players.csv``): ``sex`` (``F`` or ``W`` for women,
``M`` for men), ``rating_min`` / ``rating_max`` (the rating the event lists; an unrated player is in
no rating band), ``born_from`` / ``born_to`` (birth years, both included), ``federation``
and ``club`` (equal, ignoring case), ``unrated = true`` (no rating). Every condition given must hold.

A team event's file uses ``places`` for the teams (ranked by the team standings, ties shared on the
primary score), and may add board prizes (``[[category]]`` is for individual events)::

    [[board]]
    board = 1                   # the board; leave it out for the best percentage of all boards
    amounts = [100, 50]
    # board_share = "2/3"       # at the top: the share of the rounds a board prize needs
                                # (default: the [team] setting board_prize_share, 2/3)

The federation's rules (the issue's quotation) say nothing on how a prize list is ordered when a
player qualifies for prizes of equal value; the order used is the one in :mod:`arbiter_cli.lifecycle.prizes`.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, ValidationInfo, field_validator

from arbiter_cli.core.model import Player

__all__ = ["Category", "BoardPrize", "PrizeTable", "Split", "cents", "format_money", "eligible",
           "PLACES", "DEFAULT_BOARD_SHARE", "CONDITIONS"]

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


Money = Annotated[int, BeforeValidator(cents)]


def _not_increasing(amounts: tuple[int, ...]) -> tuple[int, ...]:
    for index in range(1, len(amounts)):
        if amounts[index] > amounts[index - 1]:
            raise ValueError(f"the prizes must not increase: prize {index + 1} ({format_money(amounts[index])}) is "
                             f"more than prize {index} ({format_money(amounts[index - 1])})")
    return amounts


class Category(BaseModel):
    """A category prize: its name, the amounts of its places, and the rule of who may win it."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: str = Field(min_length=1)
    amounts: tuple[Money, ...] = Field(min_length=1)
    sex: Literal["F", "W", "M", "f", "w", "m"] | None = None
    rating_min: StrictInt | None = Field(default=None, ge=0, le=3500)
    rating_max: StrictInt | None = Field(default=None, ge=0, le=3500)
    born_from: StrictInt | None = Field(default=None, ge=1850, le=2200)
    born_to: StrictInt | None = Field(default=None, ge=1850, le=2200)
    federation: str | None = Field(default=None, min_length=1)
    club: str | None = Field(default=None, min_length=1)
    unrated: Literal[True] | None = None

    _amounts = field_validator("amounts")(_not_increasing)

    @field_validator("rating_max", "born_to")
    @classmethod
    def _not_below_the_low_end(cls, value: int | None, info: ValidationInfo) -> int | None:
        """``rating_max`` not below ``rating_min``, ``born_to`` not before ``born_from``: a band
        nobody can be in would silently pay nobody."""
        low = info.data.get("rating_min" if info.field_name == "rating_max" else "born_from")
        if value is not None and low is not None and value < low:
            other = "rating_min" if info.field_name == "rating_max" else "born_from"
            raise ValueError(f"{value} is below {other} ({low}): nobody could win this category")
        return value

    @property
    def open_to_all(self) -> bool:
        """No condition given: every player may take the category's prizes (issue 30: a person who
        wrote one and forgot its condition is warned)."""
        return all(getattr(self, key) is None for key in CONDITIONS)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if value.strip().lower() == PLACES:
            raise ValueError(f"{PLACES!r} is the name of the place prizes")
        return value.strip()


class BoardPrize(BaseModel):
    """A board prize of a team event: the board (None: the best percentage of all boards) and amounts."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    board: StrictInt | None = Field(default=None, ge=1)
    amounts: tuple[Money, ...] = Field(min_length=1)

    _amounts = field_validator("amounts")(_not_increasing)


def _share(value: object) -> Fraction:
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*/\s*\d+\s*", value):
        top, bottom = (int(part) for part in value.split("/"))
        if bottom == 0:
            raise ValueError("the share's denominator is 0")
        return Fraction(top, bottom)
    raise ValueError("must be a fraction such as \"2/3\"")


class PrizeTable(BaseModel):
    """The whole of ``prizes.toml``.

    Its validators (and its parts') are built when a prize fund is first checked (``defer_build``):
    ``publish`` and ``serve`` read it back from the read cache, already checked (start-up, issue 29)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    split: Split = "shared"
    currency: str = Field(default="EUR", min_length=1, max_length=8)
    places: tuple[Money, ...] = ()
    category: tuple[Category, ...] = ()
    board: tuple[BoardPrize, ...] = ()
    board_share: Annotated[Fraction | None, BeforeValidator(_share)] = None  # None: the [team] settings'

    _places = field_validator("places")(_not_increasing)

    @field_validator("category")
    @classmethod
    def _distinct(cls, value: tuple[Category, ...]) -> tuple[Category, ...]:
        names = [c.name.lower() for c in value]
        for index, name in enumerate(names):
            if name in names[:index]:
                raise ValueError(f"two categories are named {value[index].name!r}")
        return value

    @field_validator("board_share")
    @classmethod
    def _share_range(cls, value: Fraction | None) -> Fraction | None:
        if value is not None and not 0 < value <= 1:
            raise ValueError("must be more than 0 and at most 1")
        return value


def _birth_year(player: Player) -> int | None:
    match = re.match(r"(\d{4})", player.birth_date or "")
    return int(match.group(1)) if match else None


def eligible(category: Category, player: Player) -> bool:
    """Whether ``player`` may win ``category``: every condition it sets holds for the player's data.
    Missing data (no birth date, no club) never qualifies for a condition on it."""
    if category.sex is not None:
        wanted = "m" if category.sex.lower() == "m" else "w"
        if player.sex != wanted:
            return False
    rated = bool(player.rating)
    if category.unrated and rated:
        return False
    if category.rating_min is not None and not (rated and player.rating >= category.rating_min):
        return False
    if category.rating_max is not None and not (rated and player.rating <= category.rating_max):
        return False
    if category.born_from is not None or category.born_to is not None:
        year = _birth_year(player)
        if year is None:
            return False
        if category.born_from is not None and year < category.born_from:
            return False
        if category.born_to is not None and year > category.born_to:
            return False
    if category.federation is not None and (player.federation or "").upper() != category.federation.upper():
        return False
    if category.club is not None and (player.club or "").strip().lower() != category.club.strip().lower():
        return False
    return True
