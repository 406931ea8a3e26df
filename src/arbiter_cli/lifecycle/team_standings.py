"""Team standings: match and game points, rank and tie-breaks (C.07 Arts. 4.2 and 11-13).

The teams are ranked by the primary score (MP unless the competition rules say
GP), then by the team tie-breaks in the order announced, each dividing only the
teams still tied (:mod:`arbiter_cli.tiebreaks.team.ranking`). Teams equal on
everything share the rank. :func:`team_row_json` is the row shape scripts read
(``arbiter trf standings`` on a team file, the team Swiss checks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.points import points_to_number
from arbiter_cli.core.team import Team, TeamEvent
from arbiter_cli.core.team_settings import DEFAULT_TEAM_TIEBREAKS
from arbiter_cli.core.tiebreak_codes import Rules, check_repeats
from arbiter_cli.tiebreaks.team.codes import parse_team_code, team_code_meaning
from arbiter_cli.tiebreaks.team.event import TeamView
from arbiter_cli.tiebreaks.team.ranking import rank_teams

__all__ = ["DEFAULT_TEAM_TIEBREAKS", "check_team_codes", "TeamStandingRow", "TeamStandings", "compute_team_standings",
           "team_row_json"]


TiebreakValue = Fraction | int | None


@dataclass(frozen=True)
class TeamStandingRow:
    team: Team
    rank: int
    rank_to: int  # the last rank of a shared place (== rank when not shared)
    match_points: Fraction
    game_points: Fraction
    tiebreaks: dict[str, TiebreakValue] = field(default_factory=dict)


@dataclass(frozen=True)
class TeamStandings:
    rows: tuple[TeamStandingRow, ...]
    tiebreaks: tuple[str, ...]  # the codes computed, in order
    unavailable: tuple[str, ...]  # codes given that are no team tie-break
    rules: Rules = Rules.R2026


def check_team_codes(codes: Sequence[str], *, repeats: bool = False) -> tuple[str, ...]:
    """The codes, if each is a team tie-break code (C.07 Art. 13, :mod:`arbiter_cli.tiebreaks.team.codes`)
    and none is listed twice (``repeats``: a finalised event keeps its list); otherwise a
    :class:`BadArgument` naming the first that is not."""
    try:
        for code in codes:
            parse_team_code(code)
        if not repeats:
            check_repeats(codes, team_code_meaning)
    except ValueError as error:
        raise BadArgument(str(error), field="tiebreaks") from None
    return tuple(codes)


def compute_team_standings(event: TeamEvent, codes: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
                           rules: Rules | str = Rules.R2026, lots_seed: int | None = None) -> TeamStandings:
    """Rank the teams of ``event`` by the primary score, then ``codes`` (Art. 4.2), under the
    unplayed-round rules of ``rules`` (the C.07 edition); ``lots_seed`` draws lots for the teams
    still tied at the end."""
    for code in codes:
        try:
            parse_team_code(code)
        except ValueError as error:
            raise BadArgument(str(error), field="tiebreaks") from None
    edition = Rules(rules)
    view = TeamView(event, edition)
    ranking = rank_teams(view, codes, lots_seed)
    computed = tuple(code for code in codes if code not in ranking.unavailable)
    mp, gp = view.totals("MP"), view.totals("GP")
    rows: list[TeamStandingRow] = []
    position = 1
    teams = {team.number: team for team in event.teams}
    for group in ranking.groups:
        for number in group:
            rows.append(TeamStandingRow(teams[number], position, position + len(group) - 1, mp[number],
                                        gp[number], {code: ranking.values[code].get(number) for code in computed}))
        position += len(group)
    return TeamStandings(tuple(rows), computed, ranking.unavailable, edition)


def _json_value(value: TiebreakValue) -> int | float | str | None:
    if isinstance(value, Fraction):
        return points_to_number(value)
    return value


def team_row_json(row: TeamStandingRow) -> dict[str, object]:
    """A row as JSON: ``team_number`` (TRF 310's), ``name``, ``match_points``, ``game_points``,
    ``rank`` and ``tiebreaks`` (code -> value)."""
    return {
        "team_number": row.team.number,
        "name": row.team.name,
        "match_points": points_to_number(row.match_points),
        "game_points": points_to_number(row.game_points),
        "rank": row.rank,
        "tiebreaks": {code: _json_value(value) for code, value in row.tiebreaks.items()},
    }
