"""The pydantic models that check a team event's values: the ``[team]`` table of ``tournament.toml``
(:class:`arbiter_cli.core.team_settings.TeamSettings`) and a row of ``teams.csv``
(:class:`arbiter_cli.core.team_tournament.TeamEntry`), imported only when one is checked (start-up,
issue 29; :mod:`arbiter_cli.core.value`). The annotations are evaluated as the classes are made."""

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, field_validator, model_validator

from arbiter_cli.core.fields import blank_to_none
from arbiter_cli.core.model_schema import Name, Text
from arbiter_cli.core.points import parse_points
from arbiter_cli.core.team_roster import MAX_TOLERANCE

__all__ = ["TeamSettings", "TeamEntry"]

_Points = Annotated[Fraction, BeforeValidator(parse_points)]


class TeamSettings(BaseModel):
    """The check of :class:`arbiter_cli.core.team_settings.TeamSettings`, ``[team]`` in ``tournament.toml``.
    Its validator is built when a ``[team]`` table is first checked (``defer_build``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    boards: StrictInt = Field(ge=1, le=99)
    match_win: _Points = Fraction(2)
    match_draw: _Points = Fraction(1)
    match_loss: _Points = Fraction(0)
    primary: Literal["MP", "GP"] = "MP"
    colours: str = ""
    pab: Literal["draw", "win"] = "draw"
    pab_match_points: _Points | None = None
    pab_game_points: _Points | None = None
    empty_boards: StrictInt = Field(default=1, ge=0)
    empty_matches: StrictInt = Field(default=1, ge=0)
    roster_tolerance: StrictInt = Field(default=0, ge=0, le=MAX_TOLERANCE)
    board_prize_share: _Points = Fraction(2, 3)
    numbering: Literal["rating", "given"] = "rating"
    colour_model: Literal["a", "b", "none"] = "a"  # a team Swiss's colour preferences (C.04.6 1.7)
    tiebreaks: tuple[str, ...] = ()
    roster_rating: Literal["fide", "national"] = "fide"

    @field_validator("colours")
    @classmethod
    def _colours(cls, value: str) -> str:
        value = value.strip().upper()
        if set(value) - {"W", "B"}:
            raise ValueError(f"{value!r} is not a board colour pattern: W or B for each board, e.g. WBWB")
        return value

    @field_validator("tiebreaks", mode="before")
    @classmethod
    def _tiebreaks(cls, value: object) -> tuple[str, ...]:
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return tuple(v.strip() for v in value if v.strip())
        raise ValueError('must be a list of team tie-break codes, e.g. ["MP", "GP", "EDE", "EMGSB"]')

    @model_validator(mode="after")
    def _check(self) -> "TeamSettings":
        if not self.match_win > self.match_draw >= self.match_loss >= 0:
            raise ValueError("match points must satisfy match_win > match_draw >= match_loss >= 0")
        if any(value is not None and value < 0 for value in (self.pab_match_points, self.pab_game_points)):
            raise ValueError("a PAB's match and game points are 0 or more")
        if self.colours and len(self.colours) != self.boards:
            raise ValueError(f"the colour pattern {self.colours!r} has {len(self.colours)} letters for "
                             f"{self.boards} boards")
        if not 0 < self.board_prize_share <= 1:
            raise ValueError("board_prize_share is a share of the rounds, more than 0 and at most 1 (e.g. 2/3)")
        return self


class TeamEntry(BaseModel):
    """The check of :class:`arbiter_cli.core.team_tournament.TeamEntry`, a row of ``teams.csv``. Its
    validator is built when a row is first checked (``defer_build``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    number: int = Field(ge=1)
    name: Name = Field(min_length=1)
    short: Text = ""
    status: Literal["active", "withdrawn"] = "active"
    withdrawn_after: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=0)
    entered_round: Annotated[int | None, BeforeValidator(blank_to_none)] = Field(default=None, ge=2)  # late entry
