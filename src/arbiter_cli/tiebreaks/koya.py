"""Koya system (KS): C.07 Art. 9.2 with the limit modifier of Art. 14.5."""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import total
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event

__all__ = ["koya_limit", "koya"]


def koya_limit(event: Event, spec: TiebreakSpec) -> Fraction:
    """50 % of the highest possible score, moved by ``/L±n`` half-points.

    In a round robin the free rounds are not games: each player of an odd
    round robin loses one game per cycle, and a player who never took part
    lowers the maximum by one.
    """
    games = event.rounds
    if event.round_robin:
        players = len(event.numbers)
        if players and event.rounds % players == 0:
            games -= event.rounds // players
        games -= sum(1 for slots in event.slots.values()
                     if all(s.opponent is None and not s.played for s in slots))
    return event.win * games / 2 + spec.limit_shift * event.win / 2


def koya(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """KS (Art. 9.2): points scored against opponents who reached the limit (50 % by default)."""
    limit = koya_limit(event, spec)
    points = event.points
    return {tpn: total(s.points for s in slots if s.opponent is not None and s.counted
                       and points[s.opponent] >= limit)
            for tpn, slots in event.slots.items()}
