"""Progressive scores (PS): C.07 Art. 7.5."""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event

__all__ = ["progressive_score"]


def progressive_score(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """PS (Art. 7.5): the sum of the running score after each round; /Cn drops the first n rounds."""
    result: dict[int, Fraction] = {}
    for tpn, slots in event.slots.items():
        running = Fraction(0)
        scores = []
        for slot in slots:
            running += slot.points
            if slot.round > spec.cut_low:
                scores.append(running)
        result[tpn] = total(scores)
    return result
