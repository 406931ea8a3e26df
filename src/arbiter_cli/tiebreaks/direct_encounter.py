"""Direct encounter (DE): C.07 Art. 6.

DE works only inside a group of tied players (a type A tie-break, Art. 4.3),
so it is not a value per player but a division of the group, applied by
:mod:`.ranking`.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event

__all__ = ["encounter_scores", "direct_encounter"]


def encounter_scores(event: Event, group: list[int], spec: TiebreakSpec) -> dict[int, tuple[Fraction, int]]:
    """Each player's points against the others of ``group`` and how many of them they met.

    Forfeits are left out (6.1.1) unless ``/P`` is given or the pairings were
    fixed in advance (a round robin, 15.2). Several games against the same
    player count as their average (6.1.2).
    """
    members = set(group)
    result: dict[int, tuple[Fraction, int]] = {}
    for tpn in group:
        against: dict[int, list[Fraction]] = {}
        for slot in event.slots[tpn]:
            if slot.opponent is not None and slot.opponent in members and slot.counted and (
                    slot.played or event.round_robin or spec.forfeits_played):
                against.setdefault(slot.opponent, []).append(slot.points)
        score = sum((sum(points, Fraction(0)) / len(points) for points in against.values()), Fraction(0))
        result[tpn] = (score, len(against))
    return result


def direct_encounter(event: Event, group: list[int], spec: TiebreakSpec) -> list[list[int]]:
    """Divide a tied group by direct encounter, best first; each part is still tied.

    If all tied players have met (always so in a round robin, 6.2) they are
    ranked by their points in the games among them. Otherwise (a Swiss, 6.3) a
    player goes ahead alone only when no other player could reach their score
    whatever the results of the games not played, and so on down the list; the
    rest stay tied. Any part that is still tied is divided again with only the
    games among its own players (6.2).
    """
    if len(group) < 2:
        return [list(group)]
    scores = encounter_scores(event, group, spec)
    others = len(group) - 1
    everyone_met = event.round_robin or all(met == others for _, met in scores.values())
    parts: list[list[int]] = []
    if everyone_met:
        for tpn in sorted(group, key=lambda t: (-scores[t][0], t)):
            if parts and scores[parts[-1][0]][0] == scores[tpn][0]:
                parts[-1].append(tpn)
            else:
                parts.append([tpn])
    else:
        best = {t: score + (others - met) * event.win for t, (score, met) in scores.items()}
        order = sorted(group, key=lambda t: (-scores[t][0], -best[t], t))
        start = 0
        while start < len(order) - 1 and scores[order[start]][0] > max(best[t] for t in order[start + 1:]):
            parts.append([order[start]])
            start += 1
        parts.append(order[start:])
    if len(parts) == 1:
        return parts
    divided: list[list[int]] = []
    for part in parts:
        divided.extend(direct_encounter(event, part, spec) if len(part) > 1 else [part])
    return divided
