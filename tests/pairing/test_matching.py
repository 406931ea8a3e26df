"""The dense maximum-weight matching against networkx (the oracle).

Totals must equal networkx's ``max_weight_matching`` total; which optimum is
returned may differ. Every result must be a valid matching on non-zero edges.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbiter_cli.pairing.dutch.matching import matching_weight, max_weight_matching


def oracle_total(n: int, weight: list[list[int]]) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(
        (i, j, weight[i][j]) for i in range(n) for j in range(i + 1, n) if weight[i][j])
    return sum(weight[a][b] for a, b in nx.max_weight_matching(graph))


def assert_valid(n: int, weight: list[list[int]], mate: list[int]) -> None:
    assert isinstance(mate, list) and len(mate) == n
    for v, w in enumerate(mate):
        if w != -1:
            assert 0 <= w < n and w != v
            assert mate[w] == v
            assert weight[v][w] > 0, f"matched a non-edge ({v}, {w})"


def check(n: int, weight: list[list[int]]) -> list[int]:
    mate = max_weight_matching(n, weight)
    assert_valid(n, weight, mate)
    assert matching_weight(weight, mate) == oracle_total(n, weight)
    return mate


def from_edges(n: int, edges: list[tuple[int, int, int]]) -> list[list[int]]:
    weight = [[0] * n for _ in range(n)]
    for i, j, w in edges:
        weight[i][j] = weight[j][i] = w
    return weight


def random_graph(rng: random.Random, n: int, density: float, kind: str) -> list[list[int]]:
    weight = [[0] * n for _ in range(n)]
    shift = rng.choice([8, 40, 300, 2000])
    fields = rng.randint(1, 4)
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                if kind == "small":
                    w = rng.randint(1, 3)
                elif kind == "huge":
                    w = rng.randint(1, 1 << rng.choice([64, 500, 3000]))
                else:  # ours: a few large field values plus small tie-break addends
                    w = (rng.randint(1, fields) << shift) + rng.randint(0, 6)
                weight[i][j] = weight[j][i] = w
    return weight


# -- trivial sizes ---------------------------------------------------------------------

def test_empty_and_tiny() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(1, [[0]]) == [-1]
    assert max_weight_matching(1, [[7]]) == [-1]  # the diagonal is ignored
    assert max_weight_matching(2, [[0, 0], [0, 0]]) == [-1, -1]
    assert max_weight_matching(2, [[0, 5], [5, 0]]) == [1, 0]
    assert max_weight_matching(2, [[0, 1 << 3000], [1 << 3000, 0]]) == [1, 0]
    assert max_weight_matching(3, [[0] * 3 for _ in range(3)]) == [-1, -1, -1]


def test_not_maximum_cardinality() -> None:
    # path 0-1-2-3 with a heavy middle edge: one edge beats two
    mate = check(4, from_edges(4, [(0, 1, 2), (1, 2, 5), (2, 3, 2)]))
    assert mate == [-1, 2, 1, -1]


def test_zero_entries_are_not_edges() -> None:
    # a perfect matching would need the zero pairs (0, 3) or (1, 2)
    weight = from_edges(4, [(0, 1, 1), (0, 2, 1), (1, 3, 0), (2, 3, 0)])
    mate = check(4, weight)
    assert sum(w != -1 for w in mate) == 2


def test_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        max_weight_matching(2, [[0, 1], [2, 0]])
    with pytest.raises(ValueError):
        max_weight_matching(2, [[0, -1], [-1, 0]])
    with pytest.raises(ValueError):
        max_weight_matching(3, [[0, 1], [1, 0]])


def test_accepts_tuples_and_is_deterministic() -> None:
    rng = random.Random(5)
    weight = random_graph(rng, 24, 0.7, "small")
    first = max_weight_matching(24, weight)
    assert max_weight_matching(24, tuple(tuple(row) for row in weight)) == first
    assert max_weight_matching(24, [row[:] for row in weight]) == first


# -- hand cases that need blossoms -------------------------------------------------------
# (edges, an optimal mate); the classic cases of van Rantwijk's mwmatching tests:
# S-blossoms, T-blossoms, nested blossoms, relabelling and expansion.

HAND = {
    "single_edge": ([(0, 1, 1)], [1, 0]),
    "two_edges": ([(1, 2, 10), (2, 3, 11)], [-1, -1, 3, 2]),
    "three_edges": ([(1, 2, 5), (2, 3, 11), (3, 4, 5)], [-1, -1, 3, 2, -1]),
    "s_blossom": ([(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], [-1, 2, 1, 4, 3]),
    "s_blossom_augment": ([(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)],
                          [-1, 6, 3, 2, 5, 4, 1]),
    "t_blossom_1": ([(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)],
                    [-1, 6, 3, 2, 5, 4, 1]),
    "t_blossom_2": ([(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)],
                    [-1, 6, 3, 2, 5, 4, 1]),
    "t_blossom_3": ([(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)],
                    [-1, 2, 1, 6, 5, 4, 3]),
    "nested_s": ([(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10),
                  (5, 6, 6)], [-1, 3, 4, 1, 2, 6, 5]),
    "nested_s_relabel": ([(1, 2, 10), (1, 7, 10), (2, 3, 12), (3, 4, 20), (3, 5, 20),
                          (4, 5, 25), (5, 6, 10), (6, 7, 10), (7, 8, 8)],
                         [-1, 2, 1, 4, 3, 6, 5, 8, 7]),
    "nested_s_expand": ([(1, 2, 8), (1, 3, 8), (2, 3, 10), (2, 4, 12), (3, 5, 12), (4, 5, 14),
                         (4, 6, 12), (5, 7, 12), (6, 7, 14), (7, 8, 12)],
                        [-1, 2, 1, 5, 6, 3, 4, 8, 7]),
    "s_t_expand": ([(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25),
                    (4, 8, 14), (5, 7, 13)], [-1, 6, 3, 2, 8, 7, 1, 5, 4]),
    "nested_s_t_expand": ([(1, 2, 19), (1, 3, 20), (1, 8, 8), (2, 3, 25), (2, 4, 18),
                           (3, 5, 18), (4, 5, 13), (4, 7, 7), (5, 6, 7)],
                          [-1, 8, 3, 2, 7, 6, 5, 4, 1]),
    "t_nasty_expand": ([(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30),
                        (3, 9, 35), (4, 8, 35), (5, 7, 26), (9, 10, 5)],
                       [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]),
    "t_nasty_expand_2": ([(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50),
                          (1, 6, 30), (3, 9, 35), (4, 8, 26), (5, 7, 40), (9, 10, 5)],
                         [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]),
    "t_expand_least_slack": ([(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50),
                              (1, 6, 30), (3, 9, 35), (4, 8, 28), (5, 7, 26), (9, 10, 5)],
                             [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]),
    "nested_t_nasty_expand": ([(1, 2, 45), (1, 7, 45), (2, 3, 50), (3, 4, 45), (4, 5, 95),
                               (4, 6, 94), (5, 6, 94), (6, 7, 50), (1, 8, 30), (3, 11, 35),
                               (5, 9, 36), (7, 10, 26), (11, 12, 5)],
                              [-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]),
    "nested_relabel_expand": ([(1, 2, 40), (1, 3, 40), (2, 3, 60), (2, 4, 55), (3, 5, 55),
                               (4, 5, 50), (1, 8, 15), (5, 7, 30), (7, 6, 10), (8, 10, 10),
                               (4, 9, 30)], [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8]),
}


@pytest.mark.parametrize("name", sorted(HAND))
@pytest.mark.parametrize("scale", [0, 1000])
def test_hand_cases(name: str, scale: int) -> None:
    edges, expected = HAND[name]
    n = len(expected)
    # scale > 0: the same case with huge weights and a tie-break-like addend
    edges = [(i, j, (w << scale) + (i * j) % 3 if scale else w) for i, j, w in edges]
    weight = from_edges(n, edges)
    mate = check(n, weight)
    if not scale:
        assert matching_weight(weight, mate) == matching_weight(weight, expected)


def test_odd_cycles_with_pendants() -> None:
    # a 5-cycle and a 7-cycle sharing a vertex, every cycle vertex with a pendant
    edges = [(i, (i + 1) % 5, 10) for i in range(5)]
    edges += [(4, 5, 10)] + [(5 + i, 6 + i, 10 + i % 2) for i in range(5)] + [(10, 4, 9)]
    edges += [(v, 11 + v, 6 + v % 3) for v in range(11)]
    n = 22
    check(n, from_edges(n, edges))


def test_many_triangles_chain() -> None:
    # triangles linked by heavy edges: nested blossoms then their expansion
    edges = []
    for t in range(6):
        a, b, c = 3 * t, 3 * t + 1, 3 * t + 2
        edges += [(a, b, 10), (b, c, 10), (a, c, 10)]
        if t:
            edges.append((a, 3 * t - 1, 11))
    check(18, from_edges(18, edges))


# -- random graphs ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["small", "huge", "ours"])
def test_seeded_random(kind: str) -> None:
    rng = random.Random(f"matching-{kind}")
    for _ in range(120):
        n = rng.randint(0, 30)
        check(n, random_graph(rng, n, rng.random(), kind))


def test_seeded_dense_ties() -> None:
    # complete graphs with 1-2 distinct weights: many equal optima, many blossoms
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(3, 30)
        weight = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                weight[i][j] = weight[j][i] = rng.choice([5, 5, 6])
        check(n, weight)


def test_least_slack_edges_between_s_blossoms_read_again_once_stale() -> None:
    # delta3 is kept per scanned S-vertex on a heap, not per S-blossom: a record whose
    # ends have since come into one blossom is dropped at the top and its vertex read
    # again. Near-complete graphs of a few close weights, cold and warm, make blossoms
    # grow a leaf pair at a time with many such records (the shape of a big score group).
    rng = random.Random("stale-records")
    for _ in range(60):
        n = rng.randint(5, 32)
        weight = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.9:
                    weight[i][j] = weight[j][i] = rng.choice([40, 41, 41, 42, 44])
        duals: list[int] = []
        mate = check(n, weight)
        max_weight_matching(n, weight, duals=duals)
        for how in ("rows", "shift"):
            changed, start = perturbed(rng, n, weight, duals, mate, how)
            check_warm(n, changed, start)


def test_uniform_and_special_shapes() -> None:
    # complete graphs with one weight (every edge tight from the start), stars,
    # a perfect-matching-only graph and a sparse larger graph
    for n in (3, 4, 9, 10, 31):
        mate = check(n, [[0 if i == j else 1 for j in range(n)] for i in range(n)])
        assert sum(w != -1 for w in mate) == n - n % 2
    star = from_edges(12, [(0, v, v) for v in range(1, 12)])
    assert check(12, star)[0] == 11
    ladder = from_edges(10, [(2 * i, 2 * i + 1, 3) for i in range(5)]
                        + [(2 * i + 1, 2 * i + 2, 4) for i in range(4)])
    check(10, ladder)
    rng = random.Random(11)
    check(60, random_graph(rng, 60, 0.08, "ours"))
    check(45, random_graph(rng, 45, 1.0, "huge"))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[list[int]]]:
    n = draw(st.integers(0, 30))
    density = draw(st.floats(0, 1))
    kind = draw(st.sampled_from(["small", "huge", "ours"]))
    if kind == "small":
        values = st.integers(1, 4)
    elif kind == "huge":
        values = st.integers(1, 1 << 3000)
    else:
        shift = draw(st.sampled_from([20, 400, 3000]))
        values = st.builds(lambda f, s: (f << shift) + s, st.integers(1, 3), st.integers(0, 9))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    weight = [[0] * n for _ in range(n)]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < density]
    drawn = draw(st.lists(values, min_size=len(pairs), max_size=len(pairs)))
    for (i, j), w in zip(pairs, drawn):
        weight[i][j] = weight[j][i] = w
    return n, weight


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(graphs())
def test_hypothesis_against_networkx(graph: tuple[int, list[list[int]]]) -> None:
    n, weight = graph
    check(n, weight)


# -- warm starts -------------------------------------------------------------------------
# A start from a previous solve's duals and mates must still give an exact optimum,
# whatever changed: a few rows, every weight shifted left with tie-break digits below,
# or a start that has nothing to do with the weights at all.

def check_warm(n: int, weight: list[list[int]], start: tuple[list[int], list[int]]) -> list[int]:
    duals: list[int] = []
    mate = max_weight_matching(n, weight, start, duals)
    assert_valid(n, weight, mate)
    assert matching_weight(weight, mate) == oracle_total(n, weight)
    for i in range(n):  # the returned duals are feasible, ready for the next start
        for j in range(i + 1, n):
            if weight[i][j]:
                assert duals[i] + duals[j] >= 2 * weight[i][j]
    return mate


def perturbed(rng: random.Random, n: int, weight: list[list[int]], duals: list[int],
              mate: list[int], how: str) -> tuple[list[list[int]], tuple[list[int], list[int]]]:
    changed = [row[:] for row in weight]
    if how == "rows":  # a few players' edges change (the Dutch steps C, D and E)
        for _ in range(rng.randint(1, 3)):
            a = rng.randrange(n)
            for b in range(n):
                if b != a and rng.random() < 0.7:
                    changed[a][b] = changed[b][a] = rng.choice([0, rng.randint(1, 1000)])
        return changed, (duals, mate)
    if how == "shift":  # every weight shifted left, digits added below (step F)
        k = rng.randint(1, 6)
        for a in range(n):
            for b in range(a + 1, n):
                if changed[a][b]:
                    changed[a][b] = changed[b][a] = (changed[a][b] << k) + rng.randrange(1 << k)
        return changed, ([d << k for d in duals], mate)
    arbitrary = [rng.randint(0, 2000) for _ in range(n)]  # unrelated duals and pairs
    pairs = [-1] * n
    order = list(range(n))
    rng.shuffle(order)
    for i in range(0, n - 1, 2):
        if rng.random() < 0.5:
            pairs[order[i]], pairs[order[i + 1]] = order[i + 1], order[i]
    return changed, (arbitrary, pairs)


@pytest.mark.parametrize("how", ["rows", "shift", "arbitrary"])
def test_warm_start_after_a_change(how: str) -> None:
    rng = random.Random(f"warm-{how}")
    for _ in range(150):
        n = rng.randint(1, 26)
        weight = random_graph(rng, n, rng.random(), rng.choice(["small", "ours"]))
        duals: list[int] = []
        mate = max_weight_matching(n, weight, duals=duals)
        changed, start = perturbed(rng, n, weight, duals, mate, how)
        check_warm(n, changed, start)


def test_warm_start_from_the_optimum_keeps_it() -> None:
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(2, 30)
        weight = random_graph(rng, n, 0.8, "ours")
        duals: list[int] = []
        mate = max_weight_matching(n, weight, duals=duals)
        again = check_warm(n, weight, (duals, mate))
        assert matching_weight(weight, again) == matching_weight(weight, mate)


def test_warm_start_checks_its_length() -> None:
    with pytest.raises(ValueError):
        max_weight_matching(2, [[0, 1], [1, 0]], ([0], [-1, -1]))


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(graphs(), st.sampled_from(["rows", "shift", "arbitrary"]), st.integers(0, 2**32 - 1))
def test_hypothesis_warm_start(graph: tuple[int, list[list[int]]], how: str, seed: int) -> None:
    n, weight = graph
    assume(n > 0)
    duals: list[int] = []
    mate = max_weight_matching(n, weight, duals=duals)
    changed, start = perturbed(random.Random(seed), n, weight, duals, mate, how)
    check_warm(n, changed, start)


def test_even_weights_are_used_as_they_are() -> None:
    # even=True: the matrix serves as the doubled weights; same optimum, no copy made
    rng = random.Random(13)
    for _ in range(60):
        n = rng.randint(1, 26)
        weight = random_graph(rng, n, rng.random(), rng.choice(["small", "ours", "huge"]))
        doubled = [[2 * x for x in row] for row in weight]
        before = [row[:] for row in doubled]
        mate = max_weight_matching(n, doubled, even=True, validate=False)
        assert doubled == before
        assert_valid(n, weight, mate)
        assert matching_weight(weight, mate) == oracle_total(n, weight)


def test_even_is_checked_when_validating() -> None:
    with pytest.raises(ValueError):
        max_weight_matching(2, [[0, 3], [3, 0]], even=True)
    with pytest.raises(ValueError):
        max_weight_matching(2, [[2, 4], [4, 0]], even=True)


def test_tight_edges_hold_every_optimal_matching() -> None:
    # Complementary slackness: each maximum-weight matching uses only zero-slack
    # edges; with every optimum enumerated on small graphs, each must pass.
    from itertools import combinations

    rng = random.Random(21)
    for _ in range(150):
        n = rng.randint(2, 9)
        weight = random_graph(rng, n, rng.random(), rng.choice(["small", "ours"]))
        tight: list[list[int]] = []
        mate = max_weight_matching(n, weight, tight=tight)
        best = matching_weight(weight, mate)
        edges = [(a, b) for a in range(n) for b in range(a + 1, n) if weight[a][b]]
        for size in range(n // 2 + 1):
            for chosen in combinations(edges, size):
                ends = [v for edge in chosen for v in edge]
                if len(set(ends)) == len(ends) and sum(weight[a][b] for a, b in chosen) == best:
                    assert all(b in tight[a] and a in tight[b] for a, b in chosen)
        assert all(mate[v] in tight[v] for v in range(n) if mate[v] != -1)
