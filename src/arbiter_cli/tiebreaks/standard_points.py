"""Standard points (STD): C.07 (2026) Art. 7.7."""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event

__all__ = ["standard_points"]


def standard_points(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """STD (Art. 7.7): 1 for each round won, ½ for each round drawn, whatever the scoring.

    A round is won when the player scored more than a draw's points (with or
    without playing), drawn when exactly a draw's points.
    """
    def standard(points: Fraction) -> Fraction:
        if points > event.draw:
            return Fraction(1)
        return Fraction(1, 2) if points == event.draw else Fraction(0)

    return {tpn: total(standard(s.points) for s in slots if s.counted)
            for tpn, slots in event.slots.items()}
