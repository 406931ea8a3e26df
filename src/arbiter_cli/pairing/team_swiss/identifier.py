"""The pairing of a bracket (C.04.6 Art. 3.6): the first identifier that best meets C8-C10.

3.6.1 the teams of the bracket are taken in TPN order; in each pair the team with the smaller TPN
is the *top* member, the other the *bottom* member;
3.6.2 a pairing's identifier is the sequence of its top members in ascending order, followed by
their bottom partners in the order of their top members;
3.6.3-3.6.4 of the pairings that comply with C1, the one chosen best meets C8, then C9, then C10,
and among those the first identifier in lexicographic order.

The choice is one minimum-cost perfect matching. A pair's cost holds, from the most significant
digit down: C8, C9 and C10 (each summed over the pairs, at most the bracket's size), one bit
``2**(B - position)`` for the bottom member (the identifier's top members come first, and a
smaller team as a bottom member is worse than any later difference), and the bottom member's
position in a digit of base ``B + 1`` weighted by its top member's position (the bottom partners
in the order of their top members). The sum over a pairing orders pairings exactly as the rule
does. The solver is :func:`arbiter_cli.pairing.dutch.matching.max_weight_matching`, which knows
nothing of tournaments.

Before that, a quick pass: the top half paired in order, each with the first bottom-half team it
may meet at no C8-C10 cost. If every team is paired so, no pairing can have a smaller cost or an
earlier identifier, and the solver is not needed (round 1 is such a bracket).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from arbiter_cli.pairing.dutch.matching import max_weight_matching
from arbiter_cli.pairing.team_swiss.criteria import C1, C8, C9, C10
from arbiter_cli.pairing.team_swiss.state import TeamState

__all__ = ["BracketPairing", "pair_bracket"]


@dataclass(frozen=True)
class BracketPairing:
    """A bracket's pairs (top member first) and the values of C8, C9 and C10 it reaches."""

    pairs: tuple[tuple[int, int], ...]
    c8: int
    c9: int
    c10: int


def pair_bracket(teams: Sequence[int], states: Mapping[int, TeamState], upfloaters: Collection[int], *,
                 type_b: bool, last_two_rounds: bool) -> BracketPairing | None:
    """The bracket's pairing by 3.6, or None when C1 leaves it no pairing at all."""
    order = sorted(teams)
    size = len(order)
    if size % 2:
        return None
    if size == 0:
        return BracketPairing((), 0, 0, 0)
    st = [states[t] for t in order]

    def criteria(i: int, j: int) -> tuple[int, int, int]:
        a, b = st[i], st[j]
        return C8(a, b), C9(a, b) if type_b else 0, C10(a, b, upfloaters, last_two_rounds)

    quick = _first_half_pairing(st, criteria)
    if quick is not None:
        return BracketPairing(tuple((order[i], order[j]) for i, j in quick), 0, 0, 0)
    base = size + 1
    top_weight = base ** size
    w10 = top_weight << size
    w9 = w10 * base
    w8 = w9 * base
    cost: dict[tuple[int, int], int] = {}
    for i in range(size):
        for j in range(i + 1, size):
            if not C1(st[i], st[j]):
                continue
            c8, c9, c10 = criteria(i, j)
            # positions are 1-based in the rule: i + 1 (top), j + 1 (bottom)
            cost[(i, j)] = (c8 * w8 + c9 * w9 + c10 * w10 + (top_weight << (size - j - 1))
                            + (j + 1) * base ** (size - i - 1))
    if not cost:
        return None
    big = max(cost.values()) * (size // 2 + 1) + 1
    weight = [[0] * size for _ in range(size)]
    for (i, j), c in cost.items():
        weight[i][j] = weight[j][i] = big - c
    mate = max_weight_matching(size, weight, validate=False)
    if any(m == -1 for m in mate):
        return None
    pairs = tuple((i, mate[i]) for i in range(size) if mate[i] > i)
    totals = [criteria(i, j) for i, j in pairs]
    return BracketPairing(tuple((order[i], order[j]) for i, j in pairs), sum(t[0] for t in totals),
                          sum(t[1] for t in totals), sum(t[2] for t in totals))


def _first_half_pairing(st: Sequence[TeamState], criteria: Callable[[int, int], tuple[int, int, int]]
                        ) -> list[tuple[int, int]] | None:
    """The top half in order, each with the first free bottom-half team it may meet at no cost."""
    half = len(st) // 2
    free = list(range(half, len(st)))
    pairs = []
    for i in range(half):
        for k, j in enumerate(free):
            if C1(st[i], st[j]) and criteria(i, j) == (0, 0, 0):
                pairs.append((i, j))
                del free[k]
                break
        else:
            return None
    return pairs
