"""Unplayed rounds: C.07 Art. 15-16, and the old virtual opponent.

Used by the Buchholz family (BH, FB, AOB) and Sonneborn-Berger (SB):

* **Categories (16.2).** .1 PAB or full-point bye; .2 forfeit win; .3 a
  requested bye (half- or zero-point) followed later by a round that is not
  voluntarily unplayed; .4 forfeit loss; .5 a requested bye followed only by
  voluntarily unplayed rounds (this covers withdrawals).
* **A player's score as the opponents see it (16.3):** the points of every
  round, except that rounds of category .5 count as a draw in a Swiss.
* **The player's own unplayed rounds (16.4)** are games against a dummy
  opponent. In the 2024 rules the dummy has the player's own final score; from
  1 Mar 2026 it is capped at the scheduled opponent's adjusted score for a
  forfeit (16.4.1) and at draw points × rounds otherwise (16.4.2). A PAB is
  such a round in any round, the last one too (FIDE's TEC values count a
  last-round PAB so; issue 25, fault 7).
* **Cut exception (16.5):** a cut or median drops the lowest contribution of a
  voluntarily unplayed round (VUR) instead of the least significant value,
  unless that contribution is lower.
* In a round robin forfeits are games against the scheduled opponent (15.2).
* The ``pre2023`` rules count every unplayed game of an opponent as a draw,
  and put a *virtual opponent* in the player's own unplayed round: one who
  started the round on the player's score, took the opposite result and drew
  every later round (old C.02 13.15, fide-rules.md §6.6).
"""

from __future__ import annotations

import math
from fractions import Fraction

from arbiter_cli.core.points import fraction_terms, total
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.core.outcome import Outcome, RoundEntry
from arbiter_cli.tiebreaks.event import Contribution, Event

__all__ = ["is_vur", "category", "adjusted_scores", "Contribution", "contributions", "cut"]


#: The voluntary unplayed rounds (Art. 16.1).
VUR = frozenset({Outcome.HPB, Outcome.ZPB, Outcome.FORFEIT_LOSS})


def is_vur(slot: RoundEntry) -> bool:
    """A voluntary unplayed round (Art. 16.1): a half- or zero-point bye, or a forfeit loss.

    >>> from fractions import Fraction
    >>> is_vur(RoundEntry(1, Outcome.HPB, Fraction(1, 2))), is_vur(RoundEntry(1, Outcome.PAB, Fraction(1)))
    (True, False)
    """
    return slot.outcome in VUR


def _last_non_vur(slots: tuple[RoundEntry, ...]) -> int:
    return max((s.round for s in slots if not is_vur(s)), default=0)


def category(event: Event, tpn: int, rnd: int) -> int | None:
    """The Art. 16.2 category (1-5) of an unplayed round, or None for a game played."""
    slot = event.slot(tpn, rnd)
    match slot.outcome:
        case Outcome.PAB | Outcome.FPB:
            return 1
        case Outcome.FORFEIT_WIN:
            return 2
        case Outcome.FORFEIT_LOSS:
            return 4
        case Outcome.HPB | Outcome.ZPB:
            return 3 if rnd < _last_non_vur(event.slots[tpn]) else 5
    return None


def _fore_paired(event: Event, tpn: int) -> bool:
    """Fore Buchholz (8.3): the player has an opponent in the last round, whose game counts as a draw."""
    return event.rounds > 0 and event.slot(tpn, event.rounds).opponent is not None


def _points(event: Event, slot: RoundEntry, fore: bool, tpn: int) -> Fraction:
    if fore and slot.round == event.rounds and _fore_paired(event, tpn):
        return event.draw
    return slot.points


def adjusted_scores(event: Event, fore: bool = False) -> dict[int, Fraction]:
    """Each player's score as the opponents' tie-breaks see it (16.3; pre2023: unplayed = draw).

    With ``fore``, a game of the last round counts as a draw (Fore Buchholz, 8.3).
    """
    if fore not in event.adjusted:
        event.adjusted[fore] = _adjusted_scores(event, fore)
    return event.adjusted[fore]


def _adjusted_scores(event: Event, fore: bool) -> dict[int, Fraction]:
    if fore or (event.rules is Rules.PRE2023 and not event.round_robin):
        return _adjusted_scores_in_full(event, fore)
    scores: dict[int, Fraction] = {}
    points = event.points
    draw = event.draw
    for tpn, slots in event.slots.items():
        if event.round_robin or not slots or slots[-1].outcome not in VUR:
            scores[tpn] = points[tpn]  # every round counts as it scored (nothing is read as a draw)
            continue
        last = _last_non_vur(slots)
        # 16.2.5: a requested bye followed only by VURs counts as a draw
        scores[tpn] = total(slot.points if slot.round <= last or slot.opponent is not None else draw
                            for slot in slots)
    return scores


def _adjusted_scores_in_full(event: Event, fore: bool) -> dict[int, Fraction]:
    """:func:`adjusted_scores` as Art. 16.3 reads, round by round (what the short way above
    gives whenever it applies; ``tests/tiebreaks/test_tiebreaks_fast.py`` pins it)."""
    scores: dict[int, Fraction] = {}
    for tpn, slots in event.slots.items():
        paired_last = fore and _fore_paired(event, tpn)
        if event.rules is Rules.PRE2023 and not event.round_robin:
            scores[tpn] = total(_points(event, s, fore, tpn) if s.played or (paired_last and s.round == event.rounds)
                                else event.draw if s.counted else Fraction(0) for s in slots)
            continue
        last = event.rounds if paired_last else _last_non_vur(slots)
        # 16.2.5: a requested bye followed only by VURs counts as a draw
        scores[tpn] = total(_points(event, slot, fore, tpn)
                            if slot.round <= last or slot.opponent is not None or event.round_robin
                            else event.draw for slot in slots)
    return scores


def _virtual_opponent(event: Event, slots: tuple[RoundEntry, ...], slot: RoundEntry) -> Fraction:
    """Old rule: S_before + the opposite of the player's result + a draw for each later round."""
    before = total(s.points for s in slots if s.round < slot.round)
    scoring = event.scoring
    if slot.points >= scoring.win:
        opposite = scoring.loss
    elif slot.points == scoring.draw:
        opposite = scoring.draw
    else:
        opposite = scoring.win
    return before + opposite + event.draw * (event.rounds - slot.round)


def contributions(event: Event, tpn: int, *, product: bool, fore: bool = False,
                  forfeits_played: bool = False) -> list[Contribution]:
    """The values a player's BH (``product=False``) or SB (``product=True``) adds up.

    Both add up the same rounds against the same scores (Art. 8.1, 9.1): SB's values are BH's
    times the points scored, so they are made from BH's (:func:`_products`), once for every code."""
    key = (product, fore, forfeits_played)
    if key not in event.contributions:
        if product:
            plain = event.contributions.get((False, fore, forfeits_played))
            if plain is None:
                plain = event.contributions[False, fore, forfeits_played] = {
                    number: _contributions(event, number, fore, forfeits_played) for number in event.numbers}
            event.contributions[key] = {number: _products(event, number, fore, values)
                                        for number, values in plain.items()}
        else:
            event.contributions[key] = {number: _contributions(event, number, fore, forfeits_played)
                                        for number in event.numbers}
    return event.contributions[key][tpn]


def _products(event: Event, tpn: int, fore: bool, values: list[Contribution]) -> list[Contribution]:
    """SB's values (Art. 9.1) from BH's: each score times the points scored in its round (a win's
    value is its score: the same :class:`Contribution`)."""
    slots = event.slots[tpn]
    result: list[Contribution] = []
    for c in values:
        slot = slots[c.round - 1]
        value = _product(c.score, _points(event, slot, fore, tpn) if fore else slot.points)
        result.append(c if value is c.score else Contribution(c.round, c.score, value, c.vur))
    return result


def _contributions(event: Event, tpn: int, fore: bool, forfeits_played: bool) -> list[Contribution]:
    adjusted = adjusted_scores(event, fore)
    slots = event.slots[tpn]
    own = total(_points(event, s, fore, tpn) for s in slots) if fore else event.points[tpn]
    round_robin, rules, last_round = event.round_robin, event.rules, event.rounds
    result: list[Contribution] = []
    for slot in slots:
        outcome, opponent = slot.outcome, slot.opponent
        last_paired = fore and slot.round == last_round and opponent is not None
        if outcome in _NOT_COUNTED and not last_paired:
            continue
        if opponent is not None and (outcome.played or round_robin or forfeits_played or last_paired):
            score = adjusted[opponent]
            vur = False
        elif round_robin:
            continue  # the free round of a round robin is not a game (15.2)
        else:
            vur = outcome in VUR
            if rules is Rules.PRE2023:
                score = _virtual_opponent(event, slots, slot)
            elif rules is Rules.R2024:
                score = own
            elif opponent is not None:  # 16.4.1: a forfeit
                score = min(own, adjusted[opponent])
            else:  # 16.4.2: any other unplayed round
                score = min(own, event.draw * event.rounds)
        result.append(Contribution(slot.round, score, score, vur))
    return result


#: The outcomes no tie-break counts yet: no result entered, a game still being played.
_NOT_COUNTED = frozenset({Outcome.PENDING, Outcome.UNFINISHED})
_NOTHING = Fraction(0)


def _product(score: Fraction, points: Fraction) -> Fraction:
    """``score * points``, without the arithmetic for the points of a win (1) or a loss (0)."""
    top, bottom = fraction_terms(points) if type(points) is Fraction else (points.numerator, points.denominator)
    if bottom == 1:
        if top == 1:
            return score
        if top == 0:
            return _NOTHING
    return score * points


def cut(values: list[Contribution], low: int, high: int, rules: Rules) -> list[Contribution]:
    """Drop the ``low`` least and ``high`` most significant values (Art. 14.1-14.4 with 16.5).

    The least significant value is the lowest opponent score, and among equal
    scores the lowest value (SB-C1, Aug 2024). Under 16.5 the lowest VUR
    contribution goes instead, unless it is lower than that value.
    """
    if not low and not high:
        return list(values)
    keys = _integer_keys(values)  # (score, value) of each, compared as integers (issue 29)
    vurs = [i for i, value in enumerate(values) if value.vur]
    return [values[i] for i in kept_after_cut(keys, vurs, low, high, rules)]


def kept_after_cut(keys: list[tuple[int, int]], vurs: list[int], low: int, high: int, rules: Rules) -> list[int]:
    """The indices of ``keys`` (each value's (score, value), whole numbers of one unit) kept once the ``low``
    least and ``high`` most significant are dropped (Art. 14.1-14.4 with 16.5; ``vurs``: the indices of the
    VUR contributions): the one cut of :func:`cut` and of ``whole.whole_cut``."""
    remaining = list(range(len(keys)))
    for _ in range(min(low, len(remaining))):
        least = min(remaining, key=keys.__getitem__)
        left = [i for i in vurs if i in remaining]
        if left and rules is not Rules.PRE2023:
            lowest_vur = min(left, key=lambda i: (keys[i][1], keys[i][0]))
            if keys[lowest_vur][1] >= keys[least][1]:
                least = lowest_vur
        remaining.remove(least)
    for _ in range(min(high, len(remaining))):
        remaining.remove(max(remaining, key=keys.__getitem__))
    return remaining


def _terms(value: Fraction | int) -> tuple[int, int]:
    return fraction_terms(value) if type(value) is Fraction else (value.numerator, value.denominator)


def _integer_keys(values: list[Contribution]) -> list[tuple[int, int]]:
    """Each contribution's (score, value) as whole numbers of one common fraction of a point: the
    same order as the fractions', without the arithmetic of a fraction at each comparison."""
    terms = [(_terms(c.score), _terms(c.value)) for c in values]
    common = 1
    for (_, score), (_, value) in terms:
        if common % score or common % value:
            common = math.lcm(common, score, value)
    return [(top * (common // bottom), over * (common // under)) for (top, bottom), (over, under) in terms]
