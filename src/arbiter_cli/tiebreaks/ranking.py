"""Ranking by points and an ordered list of tie-breaks: C.07 Art. 4.2.

The players are ranked by points; then each tie-break in turn divides only the
groups that are still tied. Direct encounter divides a group by the games
among its players (re-applied to any part still tied). Players still equal at
the end share the rank, unless a drawing of lots was announced: then the
stored seed orders them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple, TypeVar

from arbiter_cli.core.tiebreak_codes import TiebreakSpec, parse_spec
from arbiter_cli.tiebreaks.buchholz import average_of_opponents_buchholz, buchholz
from arbiter_cli.tiebreaks.direct_encounter import direct_encounter
from arbiter_cli.tiebreaks.event import Event
from arbiter_cli.tiebreaks.games import black_games, black_wins, games_won, rounds_elected, wins
from arbiter_cli.tiebreaks.koya import koya
from arbiter_cli.tiebreaks.pairing_number import pairing_number
from arbiter_cli.tiebreaks.progressive_score import progressive_score
from arbiter_cli.tiebreaks.ratings import (
    average_perfect_performance, average_performance, average_rating, own_rating, perfect_performance,
    performance_rating,
)
from arbiter_cli.tiebreaks.sonneborn_berger import sonneborn_berger
from arbiter_cli.tiebreaks.standard_points import standard_points

__all__ = ["Value", "TiebreakFunction", "REGISTRY", "Ranking", "rank_players", "divide_groups", "split_groups", "order_parts"]

Value = Fraction | int | None
TiebreakFunction = Callable[[Event, TiebreakSpec], Mapping[int, Value]]

#: Every individual tie-break that is a value per player, by base code (DE is a division, below).
REGISTRY: dict[str, TiebreakFunction] = {
    "WIN": wins, "WON": games_won, "BPG": black_games, "BWG": black_wins, "REP": rounds_elected,
    "PS": progressive_score, "STD": standard_points, "TPN": pairing_number,
    "BH": buchholz, "FB": buchholz, "AOB": average_of_opponents_buchholz,
    "SB": sonneborn_berger, "KS": koya,
    "ARO": average_rating, "TPR": performance_rating, "PTP": perfect_performance,
    "APRO": average_performance, "APPO": average_perfect_performance, "RTNG": own_rating,
}


class Ranking(NamedTuple):
    """Groups of players in rank order (a group of several shares its rank) and each code's values.

    For DE the value is the rank the direct encounter decided, or None when it
    decided nothing for that player.
    """

    groups: tuple[tuple[int, ...], ...]
    values: dict[str, dict[int, Value]]
    unavailable: tuple[str, ...]
    drawn: tuple[tuple[int, ...], ...] = ()  # the groups still tied after every code, ordered by lot


def _integer_keys(numbers: Sequence[int], values: Mapping[int, Value], lower_is_better: bool
                  ) -> dict[int, tuple[int, int]]:
    """:func:`_key` of every one of ``numbers`` as whole numbers, in the same order: each value
    times the values' common denominator (sorting whole numbers is many times faster than
    sorting fractions; ``tests/tiebreaks/test_tiebreaks_fast.py`` pins the same order)."""
    common = 1
    for tpn in numbers:
        value = values.get(tpn)
        if value is not None and common % value.denominator:
            common = common // math.gcd(common, value.denominator) * value.denominator
    sign = 1 if lower_is_better else -1
    keys: dict[int, tuple[int, int]] = {}
    for tpn in numbers:
        value = values.get(tpn)
        keys[tpn] = (1, 0) if value is None else (0, sign * value.numerator * (common // value.denominator))
    return keys


Key = TypeVar("Key", tuple[int, Fraction], tuple[Fraction, ...], tuple[int, int])


def order_parts(group: Sequence[int], keys: Mapping[int, Key]) -> list[list[int]]:
    """The parts of ``group`` equal on ``keys``, smallest key first (then by number)."""
    parts: list[list[int]] = []
    # by number, then (a stable sort) by key: two sorts in C, no call of a key function per player
    for tpn in sorted(sorted(group), key=keys.__getitem__):
        if parts and keys[parts[-1][0]] == keys[tpn]:
            parts[-1].append(tpn)
        else:
            parts.append([tpn])
    return parts


def divide_groups(groups: Sequence[Sequence[int]], divide: Callable[[list[int]], list[list[int]]]
                  ) -> tuple[list[list[int]], dict[int, Value]]:
    """Apply a type A division (DE, and the team EDE) to every tied group, in rank order.

    Returns the divided groups and, for each participant, the rank the division
    gave (its part's first place), or None where it divided nothing.
    """
    decided: dict[int, Value] = {}
    divided: list[list[int]] = []
    position = 1
    for group in groups:
        parts = divide(list(group)) if len(group) > 1 else [list(group)]
        start = position
        for part in parts:
            for tpn in part:
                decided[tpn] = start if len(parts) > 1 else None
            start += len(part)
        divided.extend(parts)
        position += len(group)
    return divided, decided


def split_groups(groups: Sequence[Sequence[int]], result: Mapping[int, Value], lower_is_better: bool
                 ) -> list[list[int]]:
    """Split every tied group by one tie-break's values (no value ranks last)."""
    tied = [tpn for group in groups if len(group) > 1 for tpn in group]
    keys = _integer_keys(tied, result, lower_is_better)
    return [part for group in groups
            for part in (order_parts(group, keys) if len(group) > 1 else [list(group)])]


def rank_players(event: Event, codes: Sequence[str], registry: Mapping[str, TiebreakFunction] | None = None,
                 lots_seed: int | None = None) -> Ranking:
    """Rank every player of ``event`` by points, then by ``codes`` in order (Art. 4.2).

    ``lots_seed`` orders the players still tied at the end by a drawing of lots.
    """
    registry = REGISTRY if registry is None else registry
    points = event.points
    groups = order_parts(event.numbers, _integer_keys(event.numbers, points, lower_is_better=False))
    values: dict[str, dict[int, Value]] = {}
    unavailable: list[str] = []
    for code in codes:
        spec = parse_spec(code)
        if spec.base == "DE":
            groups, values[code] = divide_groups(groups, lambda group: direct_encounter(event, group, spec))
            continue
        function = registry.get(spec.base)
        if function is None:
            unavailable.append(code)
            continue
        result = dict(function(event, spec))
        values[code] = result
        groups = split_groups(groups, result, spec.lower_is_better)
    drawn: list[tuple[int, ...]] = []
    if lots_seed is not None:
        draw = random.Random(f"tie-break lots {lots_seed}")
        drawn = [tuple(group) for group in groups if len(group) > 1]
        groups = [[tpn] for group in groups for tpn in draw.sample(group, len(group))]
    return Ranking(tuple(tuple(g) for g in groups), values, tuple(unavailable), tuple(drawn))
