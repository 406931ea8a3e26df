"""The individual tie-breaks of C.07 Arts. 6-10 applied to a team score: Art. 13.

``BH:MP``, ``BH:GP/C1``, ``SB:MP``, ``FB``, ``AOB``, ``PS``, ``WIN``, ``KS``... read
the individual event whose players are the teams and whose points are the
score the code names (:mod:`.event`), the primary score by default; the
individual modules compute them unchanged, with the unplayed-round rules of
Arts. 15-16. The rating-based ones (Art. 10) have no team ratings to read and
give no value. Direct encounter on a team score is a division, done by the
ranking (:mod:`.ranking`).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter_cli.tiebreaks.ranking import REGISTRY, Value
from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView

__all__ = ["INDIVIDUAL_ON_TEAMS", "on_team_score"]

#: The individual tie-breaks that are a value per participant, by base code.
INDIVIDUAL_ON_TEAMS = frozenset(REGISTRY)


def on_team_score(view: TeamView, spec: TeamSpec) -> Mapping[int, Value]:
    """An individual tie-break (Arts. 7-10) on the score ``spec`` names (default: the primary)."""
    function = REGISTRY[spec.base]
    return function(view.on(spec.score), spec.spec)
