"""Dealing players into groups by seeding, in snake order (issue 18, group stages).

The players, best seed first, are dealt to the groups ``1, 2, ..., G`` and then back
``G, ..., 1``, and so on, so that every group gets one of each band of seeds and the
strength evens out: with 16 players in 4 groups, group A has seeds 1, 8, 9 and 16.
When the players do not divide evenly, the first groups of the last pass get one more.

>>> snake_deal([1, 2, 3, 4, 5, 6, 7, 8], 4)
[[1, 8], [2, 7], [3, 6], [4, 5]]
>>> snake_deal([1, 2, 3, 4, 5, 6, 7], 3)
[[1, 6, 7], [2, 5], [3, 4]]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from arbiter_cli.pairing.knockout import seeded_order, slots_for

__all__ = ["snake_deal", "snake_position", "apart_in_first_round", "first_meetings"]

T = TypeVar("T")


def snake_position(seed_index: int, groups: int) -> int:
    """The group (0-based) of the ``seed_index``-th seed (0-based) in a snake deal over ``groups``."""
    band, place = divmod(seed_index, groups)
    return place if band % 2 == 0 else groups - 1 - place


def snake_deal(seeded: Sequence[T], groups: int) -> list[list[T]]:
    """``seeded`` (best first) dealt into ``groups`` groups in snake order, each in seeding order."""
    if groups < 1:
        raise ValueError("there must be at least one group")
    dealt: list[list[T]] = [[] for _ in range(groups)]
    for index, item in enumerate(seeded):
        dealt[snake_position(index, groups)].append(item)
    return dealt


def apart_in_first_round(seeded: Sequence[T], group: Callable[[T], Hashable], band: Callable[[T], Hashable],
                         *, budget: int = 20_000) -> list[T]:
    """``seeded`` (a knockout final's seeding, best first) re-ordered so that no player meets one of
    their own group in their first match of the seeded bracket, when that can be done by moving
    players only among those of one ``band`` (the same place in their groups).

    A player's first match is round 1's (seed ``s`` v seed ``P + 1 - s``, P slots) or, for a top
    seed with a bye, round 2's, against either player of the neighbouring round-1 match. Round 1
    comes first: when the byes' matches cannot be kept apart too, only round 1 is; when round 1
    cannot, the seeding is kept as it is (so too when no order is found within ``budget`` steps).

    The matches are filled from the top seed down; each seed takes the player of its band whose
    seed is nearest its own (on a tie: for the higher seed of a match, the better player; for the
    lower, the weaker), skipping one who would meet their own group. Nothing moves where nothing
    clashes, so a group winner keeps their seed and meets the runner-up the seeding gives them
    unless that is their own group's.

    >>> apart_in_first_round(["A1", "B1", "B2", "A2"], group=lambda q: q[0], band=lambda q: q[1])
    ['A1', 'B1', 'A2', 'B2']
    >>> apart_in_first_round(["A1", "B1", "C1", "D1", "D2", "C2", "B2", "A2"], lambda q: q[0], lambda q: q[1])
    ['A1', 'B1', 'C1', 'D1', 'C2', 'D2', 'A2', 'B2']
    """
    count_ = len(seeded)
    slots = slots_for(count_)
    order: list[int] = []  # the seeds (0-based) in the order they are filled: each match, higher seed first
    for top in range(count_):
        other = slots - 1 - top
        if other < top:
            break
        order.append(top)
        if other < count_:
            order.append(other)
    first_round, byes = first_meetings(count_)
    for constraints in ([*first_round, *byes], first_round):
        found = _apart(seeded, group, band, order, constraints, budget)
        if found is not None:
            return found
    return list(seeded)


def first_meetings(players: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The pairs of seeds (0-based) who may meet in their first match in a seeded bracket of
    ``players``: round 1's matches, and each bye's possible round-2 opponents.

    >>> first_meetings(6)  # 8 slots: seeds 1 and 2 have byes and meet the winners of 4 v 5, 3 v 6
    ([(3, 4), (2, 5)], [(0, 3), (0, 4), (1, 2), (1, 5)])
    """
    by_slot = seeded_order(slots_for(players))
    pairs = [(by_slot[i] - 1, by_slot[i + 1] - 1) for i in range(0, len(by_slot), 2)]
    first_round = [(a, b) for a, b in pairs if a < players and b < players]
    byes: list[tuple[int, int]] = []
    for index, (a, b) in enumerate(pairs):
        if a < players and b < players:
            continue
        seed = min(a, b)
        neighbours = [s for s in pairs[index ^ 1] if s < players]
        byes += [(seed, other) for other in neighbours]
    return first_round, byes


def _apart(seeded: Sequence[T], group: Callable[[T], Hashable], band: Callable[[T], Hashable], order: Sequence[int],
           constraints: Sequence[tuple[int, int]], budget: int) -> list[T] | None:
    """The order of :func:`apart_in_first_round` that keeps every pair of ``constraints`` (seed
    positions) in different groups, or None."""
    count_ = len(seeded)
    against: dict[int, list[int]] = {}
    for a, b in constraints:
        against.setdefault(a, []).append(b)
        against.setdefault(b, []).append(a)
    slots = slots_for(count_)
    placed: list[T | None] = [None] * count_
    used = [False] * count_
    steps = 0

    def candidates(position: int, higher: bool) -> list[int]:
        wanted = band(seeded[position])
        free = [i for i in range(count_) if not used[i] and band(seeded[i]) == wanted]
        return sorted(free, key=lambda i: (abs(i - position), i if higher else -i))

    def fill(step: int) -> bool:
        nonlocal steps
        if step == len(order):
            return True
        steps += 1
        if steps > budget:
            return False
        position = order[step]
        higher = slots - 1 - position > position
        for index in candidates(position, higher):
            mine = group(seeded[index])
            if any(placed[other] is not None and group(placed[other]) == mine  # type: ignore[arg-type]
                   for other in against.get(position, ())):
                continue
            placed[position], used[index] = seeded[index], True
            if fill(step + 1):
                return True
            placed[position], used[index] = None, False
        return False

    if not fill(0):
        return None
    return [item for item in placed if item is not None]
