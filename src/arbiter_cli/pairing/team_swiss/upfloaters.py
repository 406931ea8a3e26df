"""The sets of upfloaters a bracket may take, in the order of C.04.6 Art. 3.5.

3.5.1 every team with a lower score than the top scoregroup is a potential upfloater;
3.5.2 the sets considered are those that comply with C4 (the fewest upfloaters, given the parity
of the scoregroup) and C5 (the highest scores, compared in ascending order);
3.5.3 in a set the upfloaters are sorted by descending score, then ascending TPN;
3.5.4 the sets are sorted among themselves in the lexicographic order of those sequences.

The example of 3.5.4: teams 2, 6, 8 with 3 points and 1, 3, 5 with 2.5, two upfloaters of 3
points and one of 2.5 give {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... < {6,8,5}.

>>> list(score_profiles({3: 3, 2: 3}, 3))[:3]
[(3, 3, 3), (2, 3, 3), (2, 2, 3)]
>>> [tuple(s) for s in upfloater_sets({3: [2, 6, 8], 2: [1, 3, 5]}, (2, 3, 3))][:4]
[(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1)]

The sets are produced one at a time and never collected: 3.5.5 takes the first that complies,
and a bracket taking ten upfloaters out of twenty teams has 184 756 sets.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

__all__ = ["score_profiles", "upfloater_sets"]


def score_profiles(available: Mapping[int, int], count: int) -> Iterator[tuple[int, ...]]:
    """The score levels of ``count`` upfloaters (ascending), best first by C5: the scores
    compared in ascending order, the higher first. ``available``: level -> teams at that level."""
    if count == 0:
        yield ()
        return
    levels = sorted(available, reverse=True)
    above = {level: sum(available[x] for x in levels if x >= level) for level in levels}

    def extend(prefix: list[int], lowest: int, left: int, used: dict[int, int]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield tuple(prefix)
            return
        for level in levels:
            if level < lowest:
                break
            if used.get(level, 0) < available[level]:
                used[level] = used.get(level, 0) + 1
                prefix.append(level)
                yield from extend(prefix, level, left - 1, used)
                prefix.pop()
                used[level] -= 1

    for first in levels:  # the lowest score of the set, highest first
        if above[first] < count:
            continue
        yield from extend([first], first, count - 1, {first: 1})


def upfloater_sets(by_level: Mapping[int, Sequence[int]], profile: tuple[int, ...]) -> Iterator[list[int]]:
    """Every set of upfloaters with the score levels ``profile``, in the order of 3.5.3-3.5.4.
    ``by_level``: level -> its teams in ascending TPN order."""
    levels = sorted(set(profile), reverse=True)
    counts = [profile.count(level) for level in levels]

    def sets_from(index: int) -> Iterator[list[int]]:
        if index == len(levels):
            yield []
            return
        for chosen in combinations(by_level[levels[index]], counts[index]):
            for rest in sets_from(index + 1):
                yield [*chosen, *rest]

    return sets_from(0)
