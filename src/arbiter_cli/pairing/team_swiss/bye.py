"""The pairing-allocated bye of a team Swiss (C.04.6 Art. 3.4), assigned before any bracket.

When the number of teams to pair is odd, the PAB goes to the team that
3.4.1 leaves a legal pairing (C1, C3) for all the other teams, and among those
3.4.2 has the lowest score,
3.4.3 has played the most matches,
3.4.4 has the largest TPN;
and that C2 does not bar: a team that already had the PAB, won a match by forfeit or had a
full-point bye never receives it. It has no opponent and no colour and scores as 1.4 says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arbiter_cli.core.errors import NoPairing
from arbiter_cli.pairing.team_swiss.criteria import C3
from arbiter_cli.pairing.team_swiss.state import TeamState

__all__ = ["assign_pab", "pab_order"]


def pab_order(teams: Sequence[int], states: Mapping[int, TeamState]) -> list[int]:
    """The teams C2 allows the PAB, in the order of 3.4.2-3.4.4."""
    allowed = [t for t in teams if not states[t].pab_barred]
    return sorted(allowed, key=lambda t: (states[t].score, -states[t].played, -t))


def assign_pab(teams: Sequence[int], states: Mapping[int, TeamState], apart: Mapping[int, set[int]]) -> int:
    """The team that receives the PAB (the count of ``teams`` is odd)."""
    for team in pab_order(teams, states):
        if C3([t for t in teams if t != team], apart):  # 3.4.1
            return team
    raise NoPairing("no team can receive the pairing-allocated bye and leave a legal pairing for all the "
                    "others (C.04.6 3.4.1, C2): the Chief Arbiter decides (3.3.3)")
