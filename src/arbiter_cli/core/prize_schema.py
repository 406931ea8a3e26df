"""The pydantic models that check a prize fund, ``prizes.toml`` (:mod:`arbiter_cli.core.prizes`): imported
only when a fund is checked (start-up, issue 29; :mod:`arbiter_cli.core.value`)."""

import re
from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, ValidationInfo, field_validator

from arbiter_cli.core.prize_rules import PLACES, Split, cents, format_money

__all__ = ["Category", "BoardPrize", "PrizeTable", "Money"]

Money = Annotated[int, BeforeValidator(cents)]


def _not_increasing(amounts: tuple[int, ...]) -> tuple[int, ...]:
    for index in range(1, len(amounts)):
        if amounts[index] > amounts[index - 1]:
            raise ValueError(f"the prizes must not increase: prize {index + 1} ({format_money(amounts[index])}) is "
                             f"more than prize {index} ({format_money(amounts[index - 1])})")
    return amounts


class Category(BaseModel):
    """The check of :class:`arbiter_cli.core.prizes.Category`."""

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

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if value.strip().lower() == PLACES:
            raise ValueError(f"{PLACES!r} is the name of the place prizes")
        return value.strip()


class BoardPrize(BaseModel):
    """The check of :class:`arbiter_cli.core.prizes.BoardPrize`."""

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
    """The check of :class:`arbiter_cli.core.prizes.PrizeTable`, the whole of ``prizes.toml``. Its
    validators (and its parts') are built when a prize fund is first checked (``defer_build``)."""

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
