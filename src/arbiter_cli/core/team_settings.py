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

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from arbiter_cli.core.model import Scoring
from arbiter_cli.core.team import TeamScoring
from arbiter_cli.core.team_roster import EmptyBoards
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["TeamSettings", "DEFAULT_TEAM_TIEBREAKS"]

#: The team tie-breaks when none are announced (issue 15): MP, then GP, EDE, EMGSB.
DEFAULT_TEAM_TIEBREAKS = ("MP", "GP", "EDE", "EMGSB")


@dataclass(frozen=True, init=False)
class TeamSettings(Value):
    """``[team]`` in ``tournament.toml``: the event is a team event. Checked by
    :class:`arbiter_cli.core.team_schema.TeamSettings`."""

    boards: int
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    primary: Literal["MP", "GP"] = "MP"
    colours: str = ""
    pab: Literal["draw", "win"] = "draw"
    pab_match_points: Fraction | None = None
    pab_game_points: Fraction | None = None
    empty_boards: int = 1
    empty_matches: int = 1
    roster_tolerance: int = 0
    board_prize_share: Fraction = Fraction(2, 3)
    numbering: Literal["rating", "given"] = "rating"
    colour_model: Literal["a", "b", "none"] = "a"  # a team Swiss's colour preferences (C.04.6 1.7)
    tiebreaks: tuple[str, ...] = ()
    roster_rating: Literal["fide", "national"] = "fide"

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import team_schema

        return team_schema.TeamSettings

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
