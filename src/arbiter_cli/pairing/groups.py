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

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["snake_deal", "snake_position"]

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
