"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10).

They count games played over the board only (forfeits are unplayed here, in
round robins too: Art. 15.2 as of 2026). When any player is unrated the whole
tie-break is dropped (every value None), unless an unrated value was
announced (``/Un`` or the ``unrated_rating`` setting): Art. 10 requires the
handling of unrated players to be published in advance.
Averages and performances are rounded to an integer, .5 upwards.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.points import half_up
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.tiebreaks.event import Event, Slot
from arbiter_cli.tiebreaks.rating_tables import dp, pd

__all__ = ["average_rating", "performance_rating", "perfect_performance", "perfect_performance_of",
           "average_performance", "average_perfect_performance", "own_rating"]

Values = dict[int, int | None]


def _ratings(event: Event, spec: TiebreakSpec) -> dict[int, int] | None:
    """Every player's rating, unrated ones at the announced value; None if that is impossible."""
    ratings: dict[int, int] = {}
    for tpn, rating in event.ratings.items():
        value = rating if rating is not None else spec.unrated
        if value is None:
            return None
        ratings[tpn] = value
    return ratings


def _games(event: Event, spec: TiebreakSpec, ratings: dict[int, int], tpn: int) -> list[tuple[int, Fraction]]:
    """(opponent's rating, 1/½/0) of each game played, after the cuts of /Cn and /Mn (lowest first)."""
    games = sorted(((ratings[s.opponent], s.rating_points) for s in event.slots[tpn]  # type: ignore[index]
                    if _played(s)), key=lambda g: g[0])
    low = min(spec.cut_low, len(games))
    games = games[low:]
    high = min(spec.cut_high, len(games))
    return games[:len(games) - high]


def _played(slot: Slot) -> bool:
    return slot.played and slot.opponent is not None and slot.rating_points is not None


def _average(values: list[int]) -> int | None:
    return int(half_up(Fraction(sum(values), len(values)))) if values else None


def average_rating(event: Event, spec: TiebreakSpec) -> Values:
    """ARO (Art. 10.1): the average rating of the opponents met over the board."""
    ratings = _ratings(event, spec)
    if ratings is None:
        return {tpn: None for tpn in event.numbers}
    return {tpn: _average([r for r, _ in _games(event, spec, ratings, tpn)]) for tpn in event.numbers}


def _tpr(games: list[tuple[int, Fraction]]) -> int | None:
    if not games:
        return None
    aro = _average([r for r, _ in games])
    halves = sum(int(p * 2) for _, p in games)  # the score in half-points
    percent = (halves * 100 + len(games)) // (2 * len(games))  # 100 × score / games, .5 upwards
    return aro + dp(percent)  # type: ignore[operator]


def performance_rating(event: Event, spec: TiebreakSpec) -> Values:
    """TPR (Art. 10.2): ARO + dp(p), p the score per game rounded to 2 decimals (B.02 table 8.1.1)."""
    ratings = _ratings(event, spec)
    if ratings is None:
        return {tpn: None for tpn in event.numbers}
    return {tpn: _tpr(_games(event, spec, ratings, tpn)) for tpn in event.numbers}


def perfect_performance_of(games: list[tuple[int, Fraction]]) -> int | None:
    """The lowest integer R whose expected score Σ PD(R - Ri) reaches the score (B.02 table 8.1.2).

    A zero score gives the lowest opponent's rating - 800. Two draws against
    2000 need only 1997: PD(-3) is still 0.50 in the table.

    >>> perfect_performance_of([(2000, Fraction(1, 2)), (2000, Fraction(1, 2))])
    1997
    """
    if not games:
        return None
    score = sum((p for _, p in games), Fraction(0))
    opponents = [r for r, _ in games]
    if score == 0:
        return min(opponents) - 800
    target = score * 100

    def reaches(rating: int) -> bool:
        return sum(pd(rating - r) for r in opponents) >= target

    low, high = min(opponents) - 800, max(opponents) + 800  # reaches(low) is False, reaches(high) True
    if not reaches(high):
        return high
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high


def perfect_performance(event: Event, spec: TiebreakSpec) -> Values:
    """PTP (Art. 10.3): the perfect tournament performance."""
    ratings = _ratings(event, spec)
    if ratings is None:
        return {tpn: None for tpn in event.numbers}
    return {tpn: perfect_performance_of(_games(event, spec, ratings, tpn)) for tpn in event.numbers}


def _average_of_opponents(event: Event, values: Values) -> Values:
    result: Values = {}
    for tpn, slots in event.slots.items():
        known = [values[s.opponent] for s in slots if _played(s) and values[s.opponent] is not None]  # type: ignore[index]
        result[tpn] = _average(known)  # type: ignore[arg-type]
    return result


def average_performance(event: Event, spec: TiebreakSpec) -> Values:
    """APRO (Art. 10.4): the average TPR of the opponents met over the board."""
    return _average_of_opponents(event, performance_rating(event, spec))


def average_perfect_performance(event: Event, spec: TiebreakSpec) -> Values:
    """APPO (Art. 10.5): the average PTP of the opponents met over the board."""
    return _average_of_opponents(event, perfect_performance(event, spec))


def own_rating(event: Event, spec: TiebreakSpec) -> Values:
    """RTNG (2026 Art. 10.6): the player's own rating, highest first (``/R`` reverses)."""
    ratings = _ratings(event, spec)
    return {tpn: None if ratings is None else ratings[tpn] for tpn in event.numbers}
