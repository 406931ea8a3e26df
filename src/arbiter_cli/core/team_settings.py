"""The ``[team]`` table of a team event's ``tournament.toml`` (issue 15).

What the competition rules decide for a team event, each with the default of the
federation regulations we were given or of FIDE C.04.6:

* ``boards``: the players of a team in each match;
* ``match_win`` / ``match_draw`` / ``match_loss``: match points (2 / 1 / 0; TRF 362);
* ``primary``: the primary score, ``"MP"`` (match points) or ``"GP"`` (game points);
* ``colours``: the first-named team's colour on each board (``WBWB…``; TRF 352);
* ``pab``: a pairing-allocated bye scores a drawn match (``"draw"``, C.04.6 1.4) or a won
  match with a point on every board (``"win"``, as the federation regulations allow);
* ``pab_match_points`` / ``pab_game_points``: the PAB's MP and GP when the competition rules set
  other values (TRF 320, e.g. an imported event's); each overrides what ``pab`` gives;
* ``empty_boards`` / ``empty_matches``: a team may leave at most this many boards empty in one
  match, in at most this many matches (one board, in one match);
* ``roster_tolerance``: a player may stand above one rated up to this many points higher (0-50);
* ``roster_rating``: the rating that orders the rosters and makes the team rating: ``"fide"`` (the
  default), or ``"national"``, as the federation's rules have it (the players' national ratings,
  an unknown one counting 50 below the team's lowest known one: :mod:`.team_roster`);
* ``board_prize_share``: the share of the rounds a player must play for a board prize (2/3);
* ``numbering``: team numbers by team rating (``"rating"``) or as registered (``"given"``);
* ``colour_model``: a team Swiss's colour preferences, Type A (``"a"``), Type B (``"b"``) or none
  (C.04.6 1.7);
* ``tiebreaks``: the team tie-breaks, by their C.07 codes (empty: MP, GP, EDE, EMGSB).

>>> TeamSettings(boards=4).scoring(Scoring()).pab_scores()
(Fraction(1, 1), Fraction(2, 1))
>>> TeamSettings(boards=4, pab="win").scoring(Scoring()).pab_scores()
(Fraction(2, 1), Fraction(4, 1))
>>> TeamSettings(boards=4, pab_match_points="2", pab_game_points="5").scoring(Scoring()).pab_scores()
(Fraction(2, 1), Fraction(5, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, field_validator, model_validator

from arbiter_cli.core.model import Scoring
from arbiter_cli.core.points import parse_points
from arbiter_cli.core.team import TeamScoring
from arbiter_cli.core.team_roster import MAX_TOLERANCE, EmptyBoards

__all__ = ["TeamSettings", "DEFAULT_TEAM_TIEBREAKS"]

#: The team tie-breaks when none are announced (issue 15): MP, then GP, EDE, EMGSB.
DEFAULT_TEAM_TIEBREAKS = ("MP", "GP", "EDE", "EMGSB")

_Points = Annotated[Fraction, BeforeValidator(parse_points)]


class TeamSettings(BaseModel):
    """``[team]`` in ``tournament.toml``: the event is a team event.

    Its validator is built when a ``[team]`` table is first checked (``defer_build``): ``publish`` and
    ``serve`` read it back from the read cache, already checked (start-up, issue 29)."""

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

    @property
    def pattern(self) -> str:
        """The first-named team's colour on each board: the setting, else ``WBWB…``."""
        return self.colours or ("WB" * self.boards)[:self.boards]

    @property
    def empty(self) -> EmptyBoards:
        return EmptyBoards(self.empty_boards, self.empty_matches)

    @property
    def effective_tiebreaks(self) -> tuple[str, ...]:
        return self.tiebreaks or DEFAULT_TEAM_TIEBREAKS

    def scoring(self, game: Scoring) -> TeamScoring:
        """The event's :class:`TeamScoring`: these match points over the boards' ``game`` scoring."""
        won = self.pab == "win"
        mp = self.pab_match_points if self.pab_match_points is not None else self.match_win if won else None
        gp = self.pab_game_points if self.pab_game_points is not None else game.win * self.boards if won else None
        return TeamScoring(self.boards, self.match_win, self.match_draw, self.match_loss, game, self.primary, mp, gp)
