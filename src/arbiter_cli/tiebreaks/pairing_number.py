"""Tournament pairing number (TPN): C.07 (2026) Art. 7.8."""

from __future__ import annotations

from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event

__all__ = ["pairing_number"]


def pairing_number(event: Event, spec: TiebreakSpec) -> dict[int, int]:
    """TPN (Art. 7.8): the start number; the lower ranks first (``/R`` reverses)."""
    return {tpn: tpn for tpn in event.numbers}
