"""Step E without its solve: :func:`mend_cover` finds a matching that covers the given
vertices exactly when one exists (C.04.3 Art. 4.3; the engine's ``_natural_roles``)."""

from __future__ import annotations

import random
from itertools import combinations

from arbiter_cli.pairing.dutch.engine import mend_cover


def _matchings(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    found: list[list[int]] = []

    def extend(at: int, mate: list[int]) -> None:
        if at == len(edges):
            found.append(mate[:])
            return
        extend(at + 1, mate)
        a, b = edges[at]
        if mate[a] == -1 and mate[b] == -1:
            mate[a], mate[b] = b, a
            extend(at + 1, mate)
            mate[a] = mate[b] = -1

    extend(0, [-1] * n)
    return found


def test_mend_cover_covers_the_vertices_that_must_be_exactly_when_a_matching_does() -> None:
    rng = random.Random(29)
    answers = set()
    for _ in range(400):
        n = rng.randint(1, 8)
        edges = [(a, b) for a, b in combinations(range(n), 2) if rng.random() < 0.45]
        graph: list[list[int]] = [[] for _ in range(n)]
        for a, b in edges:
            graph[a].append(b)
            graph[b].append(a)
        must = [rng.random() < 0.6 for _ in range(n)]
        matchings = _matchings(n, edges)
        start = rng.choice(matchings)
        # A blocked vertex keeps its partner (a frozen pair): only pairs of the start block.
        blocked = [False] * n
        for a, b in edges:
            if start[a] == b and rng.random() < 0.2:
                blocked[a] = blocked[b] = True
        parted = []
        mate = start[:]
        for v in range(n):
            w = mate[v]
            if w > v and not blocked[v] and rng.random() < 0.5:
                mate[v] = mate[w] = -1
                parted += [v, w]
        exists = any(all(m[v] == start[v] for v in range(n) if blocked[v])
                     and all(m[v] != -1 for v in range(n) if must[v] and not blocked[v]) for m in matchings)
        got = mend_cover(graph, mate, must, blocked, parted)
        answers.add(got)
        assert got == exists
        if got:
            assert all(mate[v] == start[v] for v in range(n) if blocked[v])
            assert all(mate[v] != -1 for v in range(n) if must[v])
            assert all(w == -1 or (mate[w] == v and w in graph[v]) for v, w in enumerate(mate))
    assert answers == {True, False}
