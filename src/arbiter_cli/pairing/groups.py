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

from arbiter_cli.pairing.knockout import slots_for

__all__ = ["snake_deal", "snake_position", "apart_in_first_round"]

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
    """``seeded`` (a knockout final's seeding, best first) re-ordered so that no round-1 match of
    the seeded bracket (seed ``s`` v seed ``P + 1 - s``, P slots) pairs two players of one group,
    when that can be done by moving players only among those of one ``band`` (the same place in
    their groups).

    The matches are filled from the top seed down; each seed takes the player of its band whose
    seed is nearest its own (on a tie: for the higher seed of a match, the better player; for the
    lower, the weaker), skipping one of the opponent's group. Nothing moves where nothing clashes,
    so a group winner keeps their seed and meets the runner-up the seeding gives them unless that
    is their own group's. When no such order exists (or it is not found within ``budget`` steps),
    the seeding is kept as it is.

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
        opponent = slots - 1 - position
        higher = opponent > position
        for index in candidates(position, higher):
            if not higher and group(seeded[index]) == group(placed[opponent]):  # type: ignore[arg-type]
                continue
            placed[position], used[index] = seeded[index], True
            if fill(step + 1):
                return True
            placed[position], used[index] = None, False
        return False

    if not fill(0):
        return list(seeded)
    return [item for item in placed if item is not None]
