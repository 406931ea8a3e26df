"""Buchholz (BH), Fore Buchholz (FB) and Average of Opponents' Buchholz (AOB): C.07 Art. 8.

Unplayed rounds follow Art. 16 (:mod:`.unplayed`); the modifiers /Cn, /Mn
(Art. 14.1-14.4), /P and /F apply.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import half_up, total
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.whole import as_fractions, whole_contributions, whole_cut

__all__ = ["buchholz", "average_of_opponents_buchholz"]


def buchholz(event: Event, spec: TiebreakSpec) -> dict[int, Fraction]:
    """BH (Art. 8.1): the sum of the opponents' adjusted scores, with dummies for unplayed rounds.

    FB, or ``/F`` (Art. 8.3), is Buchholz as if every game of the last round had
    been drawn; ``/P`` counts forfeits as games.
    """
    fore = spec.fore or spec.base == "FB"
    unit = event.unit  # the sums are whole numbers of this fraction of a point (issue 29)
    low, high, rules = spec.cut_low, spec.cut_high, event.rules
    sums = {tpn: whole_cut(whole.scores, whole.scores, whole.vurs, low, high, rules)
            for tpn, whole in whole_contributions(event, fore, spec.forfeits_played).items()}
    return as_fractions(sums, unit)


def _aob_places(rounds: int) -> int:
    """Decimals that keep an average of Buchholz exact enough for the event's length."""
    for places, below in ((2, 9), (3, 27), (4, 73)):
        if rounds < below:
            return places
    return 5


def average_of_opponents_buchholz(event: Event, spec: TiebreakSpec) -> dict[int, Fraction | None]:
    """AOB (Art. 8.2): the average Buchholz (FB with ``/F``) of the opponents met over the board.

    Rounded half up to 2 decimals (3 from 9 rounds, 4 from 27, 5 from 73), the
    precision of FIDE's reference engine; None without a game played.
    """
    opponents_bh = buchholz(event, TiebreakSpec("BH/F" if spec.fore else "BH", "BH", fore=spec.fore,
                                                forfeits_played=spec.forfeits_played))
    result: dict[int, Fraction | None] = {}
    for tpn, slots in event.slots.items():
        values = [opponents_bh[s.opponent] for s in slots if s.played and s.opponent is not None]
        result[tpn] = (half_up(total(values) / len(values), _aob_places(event.rounds))
                       if values else None)
    return result
