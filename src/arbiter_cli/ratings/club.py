"""A club's members, their initial ratings, and the rating reports its tournaments produced.

Plain values, read and written by :mod:`arbiter_cli.store.club`. The ratings
themselves are computed by :mod:`.ledger` from the initial ratings and the
club's finalised tournaments, whose rated games :func:`event_of` picks out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbiter_cli.core.model import Tournament
from arbiter_cli.core.outcome import game_outcomes
from arbiter_cli.core.value import Value
from arbiter_cli.ratings.ledger import TIME_CONTROLS, RatedEvent, RatedGame, RatingRow

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["TIME_CONTROLS", "ClubSettings", "Member", "StoredRow", "Club", "current_ratings", "event_of", "event_date"]


@dataclass(frozen=True, init=False)
class ClubSettings(Value):
    """``club.toml``, checked by :class:`arbiter_cli.ratings.club_schema.ClubSettings`."""

    name: str
    default_rating: int = 1500  # an initial rating left blank

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.ratings import club_schema

        return club_schema.ClubSettings


@dataclass(frozen=True, init=False)
class Member(Value):
    """A row of ``members.csv``: the initial rating per time control (blank: the club default). Checked
    by :class:`arbiter_cli.ratings.club_schema.Member`."""

    id: int
    name: str
    birth_date: str | None = None
    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.ratings import club_schema

        return club_schema.Member

    def initial(self, control: str, default: int) -> int:
        value = getattr(self, control)
        return default if value is None else value


@dataclass(frozen=True)
class StoredRow:
    """A line of ``ratings.csv``."""

    tournament: str
    time_control: str
    row: RatingRow
    name: str
    date: str = ""  # the tournament's date (see :func:`event_date`)


@dataclass(frozen=True)
class Club:
    settings: ClubSettings
    members: tuple[Member, ...] = ()
    ratings: tuple[StoredRow, ...] = ()

    def member(self, member_id: int) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    def birth_years(self) -> dict[int, int | None]:
        """Each member's year of birth (None: not known), for a junior's K (B.02 8.3.3)."""
        return {m.id: int(m.birth_date[:4]) if m.birth_date and m.birth_date[:4].isdigit() else None
                for m in self.members}

    def initial_ratings(self) -> dict[int, dict[str, int]]:
        default = self.settings.default_rating
        return {m.id: {c: m.initial(c, default) for c in TIME_CONTROLS} for m in self.members}


def current_ratings(club: Club) -> dict[tuple[int, str], tuple[int, int]]:
    """(member, time control) -> (current rating, rated games), from the stored report."""
    current = {(m, c): (r, 0) for m, ratings in club.initial_ratings().items() for c, r in ratings.items()}
    for stored in club.ratings:
        key = (stored.row.member_id, stored.time_control)
        current[key] = (stored.row.rating_after, current.get(key, (0, 0))[1] + stored.row.games)
    return current


def event_of(name: str, tournament: Tournament) -> RatedEvent:
    """The rated games of a club tournament: games played on the board between members."""
    member = {p.start_number: p.member_id for p in tournament.players if p.member_id is not None}
    games = []
    for rnd in tournament.rounds:
        for game in rnd.games:
            white, black = game_outcomes(game.result)
            if white.rating_points is None or black.rating_points is None:
                continue  # not played over the board: a forfeit, or no result
            if game.white in member and game.black in member:
                games.append(RatedGame(member[game.white], member[game.black], white.rating_points,
                                       black.rating_points))
    control = tournament.settings.rating_type.value
    return RatedEvent(name, control, tuple(sorted(member.values())), tuple(games), event_date(tournament))


def event_date(tournament: Tournament) -> str:
    """A rated tournament's date: its last day (``end_date``), else its first, else the day it
    was finalised (which every rated tournament has)."""
    settings = tournament.settings
    return settings.end_date or settings.start_date or settings.finalised_on or ""
