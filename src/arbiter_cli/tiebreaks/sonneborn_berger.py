"""Sonneborn-Berger (SB): C.07 Art. 9.1.

The sum over the rounds of the opponent's adjusted score times the points the
player scored against that opponent; unplayed rounds are games against the
dummy of Art. 16.4 (or the old virtual opponent). /Cn and /Mn cut values as in
Art. 14 with the exception of 16.5; /P counts forfeits as games.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.unplayed import contributions, cut

__all__ = ["sonneborn_berger"]


def sonneborn_berger(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """SB (Art. 9.1): Σ opponent's adjusted score × points scored against that opponent."""
    result: dict[int, Fraction] = {}
    for tpn in event.numbers:
        values = contributions(event, tpn, product=True, fore=spec.fore, forfeits_played=spec.forfeits_played)
        result[tpn] = total(c.value for c in cut(values, spec.cut_low, spec.cut_high, event.rules))
    return result
