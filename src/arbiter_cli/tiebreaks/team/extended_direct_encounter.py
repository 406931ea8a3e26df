"""Extended direct encounter: EDE, and the 2026 chains EDET, EDEB, EDEBT, EDEBB (C.07 Art. 13.3).

1. DE (Art. 6) on the primary score among the tied teams; if that divides
   nothing, DE on the secondary score.
2. If exactly two teams are still equal on both, the chains go on with the
   board tie-breaks of Art. 12 on the matches between those two teams:
   **EDET** TBR, **EDEB** BBE, **EDEBT** BC then TBR, **EDEBB** BC then BBE
   (BC lower is better; TBR board by board from the top; BBE dropping boards
   from the bottom). Plain EDE stops after step 1.
3. Whenever a new tied subset forms, it starts again from step 1 with only the
   matches among its own teams.

Like DE, EDE is a division of a tied group (a type A tie-break), applied by
:mod:`.ranking`: its value is the rank it decided. DE's own rules carry over:
forfeits are left out unless ``/P`` or the pairings were fixed in advance
(6.1.1, 15.2), several matches between two teams count as their average
(6.1.2), and in a Swiss a team goes ahead of teams it did not meet only when
none of them could catch it (6.3), the best case being a won match (MP) or
every board won (GP).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from arbiter_cli.tiebreaks.direct_encounter import direct_encounter
from arbiter_cli.tiebreaks.ranking import order_parts
from arbiter_cli.tiebreaks.team.boards import bbe_key, bc_of, board_totals, tbr_key
from arbiter_cli.tiebreaks.team.codes import TeamSpec
from arbiter_cli.tiebreaks.team.event import TeamView

__all__ = ["EDE_CHAINS", "extended_direct_encounter"]

#: The board steps of each chain (Art. 13.3.2, the 2026 names).
EDE_CHAINS: dict[str, tuple[str, ...]] = {
    "EDE": (), "EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE"),
}

Step = Callable[[list[int]], list[list[int]]]


def _board_step(view: TeamView, name: str) -> Step:
    """BC, TBR or BBE on the matches between exactly two tied teams (13.3.2)."""
    def step(group: list[int]) -> list[list[int]]:
        if len(group) != 2:
            return [group]
        first, second = group
        totals = {first: board_totals(view, first, against=second), second: board_totals(view, second, against=first)}
        keys: dict[int, tuple[Fraction, ...]] = {}
        for number, points in totals.items():
            if points is None or not any(e.opponent in group and e.outcome.played for e in view.entries(number)):
                return [group]  # no match between them, or its boards are not known
            if name == "BC":
                keys[number] = (bc_of(points),)
            else:
                keys[number] = tuple(-v for v in (tbr_key(points) if name == "TBR" else bbe_key(points)))
        return order_parts(group, keys)
    return step


def extended_direct_encounter(view: TeamView, group: list[int], spec: TeamSpec) -> list[list[int]]:
    """Divide a tied group of teams by EDE or one of its chains, best first (Art. 13.3)."""
    if len(group) < 2:
        return [list(group)]
    de = spec.spec
    steps: list[Step] = [lambda g: direct_encounter(view.on(view.primary), g, de),
                         lambda g: direct_encounter(view.on(view.secondary), g, de)]
    steps += [_board_step(view, name) for name in EDE_CHAINS[spec.base]]
    for step in steps:
        parts = step(list(group))
        if len(parts) > 1:  # a new tied subset starts again from the primary score (13.3.3)
            return [divided for part in parts for divided in extended_direct_encounter(view, part, spec)]
    return [list(group)]
