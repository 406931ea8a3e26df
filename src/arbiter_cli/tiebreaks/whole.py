"""The values of Art. 16 as whole numbers: BH and SB added up without fractions (issue 29).

Every point value of an event (each round's points, the scoring's values) is a whole number of
one common fraction of a point, the event's *unit* (a half in a 1/½/0 event; a third, a quarter...
in others). Read in that unit, the contributions of :mod:`.unplayed` (the opponent's adjusted
score of Art. 16.3, the dummy's score of Art. 16.4, the virtual opponent of the old rules) are
whole numbers, and so are their sums, their cuts (Art. 14 with 16.5) and SB's products (in units
of a unit). Only the total is turned back into an exact :class:`~fractions.Fraction`: the values
are the ones the fractions give (``tests/tiebreaks/test_tiebreaks_fast.py`` pins them against the
plain reading of Art. 16), at a fraction of the arithmetic.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from arbiter_cli.core.outcome import NOT_COUNTED
from arbiter_cli.core.points import fraction_terms
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.unplayed import VUR, _virtual_opponent, adjusted_scores, kept_after_cut

__all__ = ["Whole", "whole_contributions", "whole_cut", "in_units", "as_fractions"]


def _terms(value: Fraction | int) -> tuple[int, int]:
    return fraction_terms(value) if type(value) is Fraction else (value.numerator, value.denominator)


def in_units(value: Fraction | int, unit: int) -> int:
    """``value`` as a whole number of ``1/unit`` (``unit`` a multiple of its denominator)."""
    top, bottom = _terms(value)
    return top * (unit // bottom)


class Whole(NamedTuple):
    """A player's contributions (:func:`~arbiter_cli.tiebreaks.unplayed.contributions`) in units:
    each one's score, the points the player scored in its round (with ``fore``, a draw's in a last
    round paired: Art. 8.3), the indices of the voluntarily unplayed rounds (Art. 16.5) and each
    one's round, counted from 0."""

    scores: list[int]
    points: list[int]
    vurs: tuple[int, ...]
    rounds: list[int]


def whole_contributions(event: Event, fore: bool, forfeits_played: bool) -> dict[int, Whole]:
    """Every player's contributions in the event's :attr:`~arbiter_cli.tiebreaks.event.Event.unit`,
    made once per event for the ``fore`` and ``forfeits_played`` asked (BH, FB, AOB and SB share them)."""
    key = (fore, forfeits_played)
    if key not in event.whole:
        event.whole[key] = _whole_contributions(event, fore, forfeits_played)
    found: dict[int, Whole] = event.whole[key]
    return found


def _whole_contributions(event: Event, fore: bool, forfeits_played: bool) -> dict[int, Whole]:
    """:func:`~arbiter_cli.tiebreaks.unplayed.contributions` read in units, round by round (Art. 16)."""
    unit = event.unit
    points, whole_points = event.points, event.whole_points
    adjusted = {tpn: whole_points[tpn] if score is points[tpn] else in_units(score, unit)
                for tpn, score in adjusted_scores(event, fore).items()}
    draw = in_units(event.draw, unit)
    cap = draw * event.rounds  # 16.4.2: a draw's points times the rounds
    round_robin, rules, last_round = event.round_robin, event.rules, event.rounds
    round_units = event.round_units
    result: dict[int, Whole] = {}
    for tpn, slots in event.slots.items():
        scored = round_units[tpn]
        if fore and last_round > 0 and slots[last_round - 1].opponent is not None:
            scored = scored.copy()
            scored[last_round - 1] = draw  # Fore Buchholz (8.3): the last round's game counts as a draw
        own = sum(scored)  # the player's score (with ``fore``, Fore Buchholz's)
        scores: list[int] = []
        kept: list[int] = []
        vurs: list[int] = []
        rounds: list[int] = []
        for index, slot in enumerate(slots):
            outcome, opponent = slot.outcome, slot.opponent
            last_paired = fore and slot.round == last_round and opponent is not None
            if outcome in NOT_COUNTED and not last_paired:
                continue
            if opponent is not None and (outcome.played or round_robin or forfeits_played or last_paired):
                score = adjusted[opponent]
            elif round_robin:
                continue  # the free round of a round robin is not a game (15.2)
            else:
                if outcome in VUR:
                    vurs.append(len(scores))
                if rules is Rules.PRE2023:
                    score = in_units(_virtual_opponent(event, slots, slot), unit)
                elif rules is Rules.R2024:
                    score = own
                elif opponent is not None:  # 16.4.1: a forfeit
                    score = min(own, adjusted[opponent])
                else:  # 16.4.2: any other unplayed round
                    score = min(own, cap)
            scores.append(score)
            kept.append(scored[index])
            rounds.append(index)
        result[tpn] = Whole(scores, kept, tuple(vurs), rounds)
    return result


def whole_cut(scores: list[int], values: list[int], vurs: tuple[int, ...], low: int, high: int,
              rules: Rules) -> int:
    """The sum of ``values`` once the ``low`` least and ``high`` most significant are dropped: the
    cut of :func:`~arbiter_cli.tiebreaks.unplayed.cut` (Art. 14.1-14.4 with 16.5), on whole numbers.

    The least significant value is the lowest score, and among equal scores the lowest value;
    under 16.5 the lowest VUR contribution goes instead, unless it is lower than that value.

    >>> whole_cut([4, 8, 6], [4, 4, 6], (1,), 1, 0, Rules.R2026)  # the VUR goes, though it scored more
    10
    """
    if not low and not high:
        return sum(values)
    if not vurs:  # the ends of the (score, value) order: equal keys drop equal values (issue 29: in C)
        ordered = sorted(zip(scores, values))
        start = min(low, len(ordered))
        return sum([value for _, value in ordered[start:max(start, len(ordered) - high)]])
    return sum([values[i] for i in kept_after_cut(list(zip(scores, values)), list(vurs), low, high, rules)])


def as_fractions(sums: dict[int, int], unit: int) -> dict[int, Fraction]:
    """Each whole number of ``1/unit`` as its exact fraction, the API's (each distinct sum made once:
    a thousand players' sums take a few hundred values)."""
    made: dict[int, Fraction] = {}
    result: dict[int, Fraction] = {}
    for tpn, value in sums.items():
        fraction = made.get(value)
        if fraction is None:
            fraction = made[value] = Fraction(value, unit)
        result[tpn] = fraction
    return result
