"""The team scores: match points (MP) and game points (GP), C.07 Art. 11.1, and the other
score MPvGP, Art. 13.1.

The primary score (MP unless the competition rules say GP) ranks the teams;
MPvGP is the secondary one: GP when MP is primary, and the other way round.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView

__all__ = ["match_points", "game_points", "other_score"]


def match_points(view: TeamView, spec: TeamSpec) -> dict[int, Fraction]:
    """MP (Art. 11.1): the match points of every round, byes and forfeits included."""
    return view.totals("MP")


def game_points(view: TeamView, spec: TeamSpec) -> dict[int, Fraction]:
    """GP (Art. 11.1): the game points of every round, byes and forfeits included."""
    return view.totals("GP")


def other_score(view: TeamView, spec: TeamSpec) -> dict[int, Fraction]:
    """MPvGP (Art. 13.1): the secondary score, the one that is not primary."""
    return view.totals(view.secondary)
