"""The pydantic models that check a club's values (:mod:`arbiter_cli.ratings.club`): ``club.toml`` and a
row of ``members.csv``, imported only when one is checked (start-up, issue 29; :mod:`arbiter_cli.core.value`)."""

import datetime as dt
import re
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from arbiter_cli.core.model_schema import Name

__all__ = ["ClubSettings", "Member"]


class ClubSettings(BaseModel):
    """The check of :class:`arbiter_cli.ratings.club.ClubSettings`, ``club.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name = Field(min_length=1)
    default_rating: int = Field(default=1500, ge=0, le=3500)  # an initial rating left blank


def _blank(value: object) -> object:
    return None if value == "" else value


Rating = Annotated[int | None, BeforeValidator(_blank)]


class Member(BaseModel):
    """The check of :class:`arbiter_cli.ratings.club.Member`, a row of ``members.csv``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int = Field(ge=1)
    name: Name = Field(min_length=1)
    birth_date: Annotated[str | None, BeforeValidator(_blank)] = None
    standard: Rating = Field(default=None, ge=0, le=3500)
    rapid: Rating = Field(default=None, ge=0, le=3500)
    blitz: Rating = Field(default=None, ge=0, le=3500)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("the name is empty")
        return value.strip()

    @field_validator("birth_date")
    @classmethod
    def _birth(cls, value: str | None) -> str | None:
        if value is None or re.fullmatch(r"\d{4}", value):
            return value
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            raise ValueError(f"{value!r} is not a date YYYY-MM-DD (or a year)") from None
