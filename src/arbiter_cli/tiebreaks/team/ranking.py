"""Ranking teams: the primary score, then an ordered list of team tie-breaks (C.07 Art. 4.2
with Arts. 11-13).

Each tie-break divides only the groups still tied. Value tie-breaks (MP, GP,
MPvGP, ESB..., BC, SSSC, and the individual ones on a team score) split a group
by their values (BC lower first); division tie-breaks (DE on a team score, EDE
and its chains, TBR, BBE) divide it by the matches among its teams or by the
boards, and report the rank they decided. The machinery is the individual
one (:mod:`arbiter_cli.tiebreaks.ranking`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from arbiter_cli.tiebreaks.direct_encounter import direct_encounter
from arbiter_cli.tiebreaks.ranking import Ranking, Value, divide_groups, split_groups
from arbiter_cli.tiebreaks.team.boards import board_count, bottom_board_elimination, top_board_result
from arbiter_cli.tiebreaks.team.codes import TeamSpec, parse_team_code
from arbiter_cli.tiebreaks.team.event import TeamView
from arbiter_cli.tiebreaks.team.extended_direct_encounter import EDE_CHAINS, extended_direct_encounter
from arbiter_cli.tiebreaks.team.extended_sonneborn_berger import extended_sonneborn_berger
from arbiter_cli.tiebreaks.team.individual import INDIVIDUAL_ON_TEAMS, on_team_score
from arbiter_cli.tiebreaks.team.score_strength import score_strength_combination
from arbiter_cli.tiebreaks.team.scores import game_points, match_points, other_score

__all__ = ["TeamTiebreakFunction", "TeamDivision", "TEAM_VALUES", "TEAM_DIVISIONS", "LOWER_IS_BETTER",
           "team_tiebreak", "rank_teams"]

TeamTiebreakFunction = Callable[[TeamView, TeamSpec], Mapping[int, Value]]
TeamDivision = Callable[[TeamView, list[int], TeamSpec], list[list[int]]]

#: The team tie-breaks that are a value per team, by base code.
TEAM_VALUES: dict[str, TeamTiebreakFunction] = {
    "MP": match_points, "GP": game_points, "MPVGP": other_score,
    "ESB": extended_sonneborn_berger, "EMMSB": extended_sonneborn_berger, "EMGSB": extended_sonneborn_berger,
    "EGMSB": extended_sonneborn_berger, "EGGSB": extended_sonneborn_berger,
    "BC": board_count, "SSSC": score_strength_combination,
}


def _direct_encounter(view: TeamView, group: list[int], spec: TeamSpec) -> list[list[int]]:
    """DE (Art. 6) on a team score (Art. 13; default the primary)."""
    return direct_encounter(view.on(spec.score), group, spec.spec)


#: The team tie-breaks that divide a tied group, by base code.
TEAM_DIVISIONS: dict[str, TeamDivision] = {
    "DE": _direct_encounter, "TBR": top_board_result, "BBE": bottom_board_elimination,
    **{chain: extended_direct_encounter for chain in EDE_CHAINS},
}

#: Lower values rank first (Art. 12: BC).
LOWER_IS_BETTER = frozenset({"BC"})


def team_tiebreak(view: TeamView, spec: TeamSpec) -> Mapping[int, Value] | None:
    """A value tie-break's values for every team; None when ``spec`` is not one."""
    if spec.base in TEAM_VALUES:
        return TEAM_VALUES[spec.base](view, spec)
    if spec.base in INDIVIDUAL_ON_TEAMS:
        return on_team_score(view, spec)
    return None


def rank_teams(view: TeamView, codes: Sequence[str], lots_seed: int | None = None) -> Ranking:
    """Rank the teams by the primary score, then by ``codes`` in order (Art. 4.2).

    ``lots_seed`` orders the teams still tied at the end by a drawing of lots.
    """
    primary = view.totals(view.primary)
    groups = split_groups([list(view.numbers)], primary, lower_is_better=False)
    values: dict[str, dict[int, Value]] = {}
    unavailable: list[str] = []
    for code in codes:
        spec = parse_team_code(code)
        division = TEAM_DIVISIONS.get(spec.base)
        if division is not None:
            groups, values[code] = divide_groups(
                groups, lambda group: division(view, group, spec))  # called at once, in the loop
            continue
        result = team_tiebreak(view, spec)
        if result is None:
            unavailable.append(code)
            continue
        values[code] = dict(result)
        lower = spec.spec.lower_is_better != (spec.base in LOWER_IS_BETTER)  # /R reverses either
        groups = split_groups(groups, result, lower)
    if lots_seed is not None:
        draw = random.Random(f"tie-break lots {lots_seed}")
        groups = [[number] for group in groups for number in draw.sample(group, len(group))]
    return Ranking(tuple(tuple(g) for g in groups), values, tuple(unavailable))
