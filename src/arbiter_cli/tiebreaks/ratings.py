"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10).

They count games played over the board only (forfeits are unplayed here, in
round robins too: Art. 15.2 as of 2026). When any player is unrated the whole
tie-break is dropped (every value None), unless an unrated value was
announced (``/Un`` or the ``unrated_rating`` setting): Art. 10 requires the
handling of unrated players to be published in advance.
Averages and performances are rounded to an integer, .5 upwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from operator import itemgetter

from arbiter_cli.core.points import half_up
from arbiter_cli.core.tiebreak_codes import TiebreakSpec
from arbiter_cli.core.outcome import RoundEntry
from arbiter_cli.tiebreaks.event import Event
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


_rating = itemgetter(0)  # a game's opponent rating: the sort key, read in C


def _games(event: Event, spec: TiebreakSpec, ratings: dict[int, int], tpn: int) -> list[tuple[int, Fraction]]:
    """(opponent's rating, 1/½/0) of each game played, after the cuts of /Cn and /Mn (lowest first)."""
    games = sorted(((ratings[opponent], points) for opponent, points in _played(event.slots[tpn])),
                   key=_rating)
    low = min(spec.cut_low, len(games))
    games = games[low:]
    high = min(spec.cut_high, len(games))
    return games[:len(games) - high]


def _played(slots: Iterable[RoundEntry]) -> Iterator[tuple[int, Fraction]]:
    """(opponent, 1/½/0) of each game played over the board."""
    for slot in slots:
        points = slot.outcome.rating_points
        if points is not None and slot.opponent is not None:
            yield slot.opponent, points


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
    aro = int(half_up(Fraction(sum(r for r, _ in games), len(games))))  # ARO, .5 upwards
    halves = sum(int(p * 2) for _, p in games)  # the score in half-points
    percent = (halves * 100 + len(games)) // (2 * len(games))  # 100 × score / games, .5 upwards
    return aro + dp(percent)


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
        known = [value for opponent, _ in _played(slots) if (value := values[opponent]) is not None]
        result[tpn] = _average(known)
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
