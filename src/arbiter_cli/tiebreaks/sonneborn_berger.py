"""Sonneborn-Berger (SB): C.07 Art. 9.1.

The sum over the rounds of the opponent's adjusted score times the points the
player scored against that opponent; unplayed rounds are games against the
dummy of Art. 16.4 (or the old virtual opponent). /Cn and /Mn cut values as in
Art. 14 with the exception of 16.5; /P counts forfeits as games.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.whole import as_fractions, whole_contributions, whole_cut

__all__ = ["sonneborn_berger"]


def sonneborn_berger(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """SB (Art. 9.1): Σ opponent's adjusted score × points scored against that opponent."""
    unit = event.unit  # a score times the points scored: whole numbers of a unit's unit (issue 29)
    low, high, rules = spec.cut_low, spec.cut_high, event.rules
    sums: dict[int, int] = {}
    for tpn, whole in whole_contributions(event, spec.fore, spec.forfeits_played).items():
        products = [score * points for score, points in zip(whole.scores, whole.points)]
        sums[tpn] = whole_cut(whole.scores, products, whole.vurs, low, high, rules)
    return as_fractions(sums, unit * unit)
