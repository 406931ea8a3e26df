"""Score strength combination, SSSC: C.07 Art. 13.4.

SSSC = the secondary score + the Buchholz of the primary score ÷ K (FB with
``/F``, when the value is needed before the last round is played; ``/P``
counts forfeits as games; cuts as for BH). K is the highest achievable primary
score divided by the highest secondary score possible in one match, rounded
toward zero, unless the competition rules set it (``SSSC/Kx``). With match
points 2/1/0 and four boards, a 9-round event has K = ⌊18 / 4⌋ = 4 on MP, and
⌊36 / 2⌋ = 18 on GP. The value is exact (FIDE's engine prints it to 2
decimals).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_cli.tiebreaks.buchholz import buchholz
from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView

__all__ = ["sssc_k", "score_strength_combination"]


def sssc_k(view: TeamView) -> int:
    """K (Art. 13.4): ⌊highest achievable primary score / highest secondary score in one match⌋
    (at least 1).

    >>> from arbiter_cli.core.team import TeamEvent, TeamScoring
    >>> sssc_k(TeamView(TeamEvent((), {}, 9, TeamScoring(boards=4)))), \\
    ...     sssc_k(TeamView(TeamEvent((), {}, 9, TeamScoring(boards=4, primary="GP"))))
    (4, 18)
    """
    scoring = view.event.scoring
    per_match = {"MP": scoring.match_win, "GP": scoring.max_game_points}
    highest = per_match[view.primary] * view.event.rounds
    return max(1, int(highest // per_match[view.secondary]))


def score_strength_combination(view: TeamView, spec: TeamSpec) -> dict[int, Fraction]:
    """SSSC (Art. 13.4): secondary score + BH (or FB) on the primary score ÷ K."""
    k = spec.k if spec.k is not None else sssc_k(view)
    bh_spec = replace(spec.spec, code="BH", base="FB" if spec.spec.fore else "BH")
    bh = buchholz(view.on(view.primary), bh_spec)
    secondary = view.totals(view.secondary)
    return {number: secondary[number] + Fraction(bh[number], k) for number in view.numbers}
