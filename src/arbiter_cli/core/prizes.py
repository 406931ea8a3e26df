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
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Literal
from collections.abc import Mapping

from arbiter_cli.core.model import Player
from arbiter_cli.core.prize_rules import CONDITIONS, DEFAULT_BOARD_SHARE, PLACES, Split, cents, format_money
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["Category", "BoardPrize", "PrizeTable", "Split", "cents", "format_money", "eligible",
           "PLACES", "DEFAULT_BOARD_SHARE", "CONDITIONS"]


@dataclass(frozen=True, init=False)
class Category(Value):
    """A category prize: its name, the amounts of its places (cents), and the rule of who may win it.
    Checked by :class:`arbiter_cli.core.prize_schema.Category`."""

    name: str
    amounts: tuple[int, ...]
    sex: Literal["F", "W", "M", "f", "w", "m"] | None = None
    rating_min: int | None = None
    rating_max: int | None = None
    born_from: int | None = None
    born_to: int | None = None
    federation: str | None = None
    club: str | None = None
    unrated: Literal[True] | None = None

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import prize_schema

        return prize_schema.Category

    @property
    def open_to_all(self) -> bool:
        """No condition given: every player may take the category's prizes (issue 30: a person who
        wrote one and forgot its condition is warned)."""
        return all(getattr(self, key) is None for key in CONDITIONS)


@dataclass(frozen=True, init=False)
class BoardPrize(Value):
    """A board prize of a team event: the board (None: the best percentage of all boards) and amounts
    (cents). Checked by :class:`arbiter_cli.core.prize_schema.BoardPrize`."""

    _: KW_ONLY
    board: int | None = None
    amounts: tuple[int, ...]

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import prize_schema

        return prize_schema.BoardPrize


@dataclass(frozen=True, init=False)
class PrizeTable(Value):
    """The whole of ``prizes.toml``, checked by :class:`arbiter_cli.core.prize_schema.PrizeTable`."""

    split: Split = "shared"
    currency: str = "EUR"
    places: tuple[int, ...] = ()
    category: tuple[Category, ...] = ()
    board: tuple[BoardPrize, ...] = ()
    board_share: Fraction | None = None  # None: the [team] settings'

    NESTED: ClassVar[Mapping[str, type[Value]]] = {"category": Category, "board": BoardPrize}

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import prize_schema

        return prize_schema.PrizeTable


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
