"""Exact maximum-weight matching on dense general graphs.

The Dutch engine reduces a pairing to many maximum-weight matching solves on
dense, non-bipartite graphs whose weights are exact Python integers of a few
hundred to a few thousand bits. This module solves them with the primal-dual
blossom algorithm:

* J. Edmonds, "Paths, trees, and flowers", Canadian Journal of Mathematics 17
  (1965) 449-467 (blossoms; the weighted primal-dual method);
* Z. Galil, "Efficient algorithms for finding maximum matching in graphs",
  ACM Computing Surveys 18 (1986) 23-38 (the O(n^3) formulation with least-slack
  edge bookkeeping per vertex and per S-blossom, so that a stage is O(n^2));
* J. van Rantwijk, ``mwmatching.py`` (2008), the Python implementation that
  networkx's ``max_weight_matching`` adapts: vertex duals are kept doubled so
  that all duals and slacks stay integral for integer weights.

Why not ``networkx.max_weight_matching``: it runs the same algorithm over
dict-of-dict graph views, dicts for every label and dual, tuple edges and
``Blossom`` objects, and most of its time goes to that overhead (``slack()``
alone does three dict look-ups and a view call per edge). Measured with
``scripts/benchmark_matching.py`` (dense random graphs, ~10% zero entries,
weights ``(field << 40) + small``), this module is 20-30x faster at n = 50 to
100 and 40-70x at n = 200 to 400 (a loaded two-core machine), equal totals.

What this implementation does differently (the results are still exact optima):

* every structure is a plain list indexed by vertex / blossom number; the
  dense weight matrix is read directly; each blossom caches its leaves;
* least-slack bookkeeping is kept in stage-invariant form (an S-vertex's dual
  plus the stage's delta sum is constant), so comparisons never recompute an
  old candidate's slack, and delta2 is a ``min`` over a list;
* delta3 (edges between S-blossoms) is kept per scanned S-vertex, not per
  S-blossom: each pushes its least-slack edge to another S-blossom on a heap, and
  a record whose ends have since come into one blossom is dropped when it reaches
  the top (its vertex's row read again). Galil's per-blossom lists were rebuilt
  for every new blossom, over its new leaves against every S-vertex, though delta3
  decides few adjustments (24 of 2803 in the warm step-E solve of round 2 of 2000
  players, 4 in its first, cold solve, for 3094 blossoms); with the heap, those two solves
  took 3.8 -> 3.0 s and 1.1 -> 0.6 s (CPU, a loaded machine);
* tight edges are recognised by their slack (exact integers), so there is no
  ``allowedge`` table, and after a dual change the newly tight edge is acted on
  directly instead of rescanning its S-end;
* the single vertices (tree roots) are never scanned. They are S in every
  stage and share one dual, so the least slack from any root to w is at w's
  heaviest single neighbour; each vertex keeps its neighbours sorted by weight
  with a pointer past the matched ones (a matched vertex never becomes single
  again). Root scans were about 85% of all row scans.

Representation: vertices are ``0 .. n-1``, non-trivial blossoms ``n .. 2n-1``.
``dual[v]`` is twice the vertex dual u(v); ``dual[b]`` is the blossom dual
z(b); the (doubled) slack of an edge between different top-level blossoms is
``dual[v] + dual[w] - 2 * weight[v][w]``. No floats are used anywhere.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from heapq import heapify, heappop, heappush
from itertools import compress, repeat
from operator import add, sub

__all__ = ["max_weight_matching", "matching_weight"]


def matching_weight(weight: Sequence[Sequence[int]], mate: Sequence[int]) -> int:
    """Total weight of the matching ``mate`` (each matched pair counted once)."""
    return sum(weight[v][w] for v, w in enumerate(mate) if w > v)


def max_weight_matching(n: int, weight: Sequence[Sequence[int]],
                        start: tuple[Sequence[int], Sequence[int]] | None = None,
                        duals: list[int] | None = None, *, even: bool = False,
                        validate: bool = True, tight: list[list[int]] | None = None,
                        conditions: list[list[int]] | None = None) -> list[int]:
    """Maximum-weight matching (NOT maximum cardinality) of the general graph on
    vertices 0..n-1 with symmetric dense weight matrix `weight` (weight[i][j] == weight[j][i],
    0 means no edge, all non-zero weights positive Python ints of arbitrary size).
    Returns mate, mate[v] = partner or -1.

    The diagonal is ignored. The result is deterministic for a given input.

    Warm start: ``start = (dual, mate)`` gives doubled vertex duals and a matching,
    usually those of a previous solve on nearly the same weights (see ``duals``).
    The duals are raised where an edge would be infeasible, pairs that are still
    tight are kept, single vertices are paired greedily over tight edges, and the
    search goes on from there (see :func:`_warm_start`).
    When ``duals`` is a list, it receives the final doubled vertex duals with every
    blossom's dual added to its vertices: feasible for these weights, and tight on
    every matched edge whose ends lie in the same blossoms, ready for a later start.
    When ``tight`` is a list, it receives for each vertex its neighbours over an
    edge of zero slack under the final (optimal) duals, blossom duals included. By
    complementary slackness every maximum-weight matching uses only such edges.
    When ``conditions`` is a list, it receives what singles out the maximum-weight
    matchings among the matchings over those edges (complementary slackness again):
    first the vertices of positive dual, which every maximum-weight matching covers,
    then the vertices of each blossom of positive dual, which every maximum-weight
    matching fills ((size - 1) / 2 matched edges inside it).

    For a caller that solves many large matrices: ``even=True`` promises that every
    weight is even and that the diagonal is zero, so the matrix itself serves as
    the doubled weights (no copy is made; the matching is that of half the
    weights, which is the same); ``validate=False`` skips the shape, symmetry and
    sign checks.

    >>> max_weight_matching(4, [[0, 2, 0, 0], [2, 0, 3, 0], [0, 3, 0, 2], [0, 0, 2, 0]])
    [1, 0, 3, 2]
    >>> max_weight_matching(4, [[0, 4, 0, 0], [4, 0, 6, 0], [0, 6, 0, 4], [0, 0, 4, 0]], even=True)
    [1, 0, 3, 2]
    """
    vertices = range(n)
    if validate:
        if len(weight) != n or any(len(row) != n for row in weight):
            raise ValueError(f"weight must be an {n} x {n} matrix")
        for i, (row, col) in enumerate(zip(weight, zip(*weight))):
            if tuple(row) != col:
                j = next(j for j in vertices if row[j] != col[j])
                raise ValueError(f"weight is not symmetric at ({i}, {j})")
            if min(row) < 0:
                raise ValueError(f"negative weight in row {i}")
            if even and (row[i] or any(x & 1 for x in row)):
                raise ValueError(f"even=True, but row {i} has an odd weight or a diagonal entry")

    # Neighbour lists (non-zero, off-diagonal entries) and doubled weights.
    nbrs: list[list[int]] = []
    # One int object per vertex, shared by every neighbour list (iterating a range makes a
    # new object for each entry above 256: at 3000 vertices, ~300 MB of copies).
    ids = list(vertices)
    w2: Sequence[Sequence[int]]
    rows: list[list[int]] = []
    maxweight = 0
    for v in vertices:
        row = weight[v]
        nb = list(compress(ids, row))
        if row[v]:
            nb.remove(v)
        nbrs.append(nb)
        if nb and not even:
            m = max(map(row.__getitem__, nb))
            if m > maxweight:
                maxweight = m
    if even and n:
        maxweight = max(map(max, weight))  # the diagonal is zero
    mate = [-1] * n
    if not maxweight:
        if duals is not None:
            duals[:] = [0] * n
        if tight is not None:
            tight[:] = [[] for _ in vertices]
        if conditions is not None:
            conditions[:] = [[]]
        return mate
    if even:
        maxweight >>= 1
    # Doubled weights. The search reads only edges (nbrs). As a safeguard, in a
    # copy a non-edge (and the diagonal) gets ``nonedge``, far below any weight,
    # so that its slack is never zero; with ``even=True`` the caller's matrix is
    # used as it is, zeros and all. (A warm start reads whole rows: a zero or a
    # ``nonedge`` entry only lowers a row's maximum, which is harmless.)
    nonedge = -((maxweight << 2) + 4)
    if even:
        w2 = weight
    elif n > 700:  # one object per distinct weight: big matrices repeat values, and memory counts
        doubled: dict[int, int] = {0: nonedge}
        for v in range(n):
            r2 = [doubled[x] if x in doubled else doubled.setdefault(x, x << 1) for x in weight[v]]
            r2[v] = nonedge
            rows.append(r2)
        w2 = rows
    else:
        for v in range(n):
            r2 = [x << 1 if x else nonedge for x in weight[v]]
            r2[v] = nonedge
            rows.append(r2)
        w2 = rows

    nn = 2 * n
    # label[b]: 0 free, 1 S, 2 T for top-level blossoms; for a vertex inside a
    # T-blossom, label[v] == 2 iff v is reachable from an S-vertex outside.
    # Bit 4 is a breadcrumb used by scan_blossom.
    label = [0] * nn
    # labelend[b] / labelin[b]: the edge (labelend, labelin) through which b got
    # its label, labelin inside b; labelend == -1 when b's base is single.
    labelend = [-1] * nn
    labelin = [-1] * nn
    inblossom = list(range(n))
    blossomparent = [-1] * nn
    # An unused blossom number holds the shared, never-mutated empty lists
    # ``no_vertices`` / ``no_edges`` (not None), so that these lists need no
    # narrowing where the solver reads them; only blossoms in use are read.
    no_vertices: list[int] = []
    no_edges: list[tuple[int, int]] = []
    blossomchilds: list[list[int]] = [no_vertices] * nn
    # blossomedges[b][i] = (v, w): v in childs[i], w in childs[i + 1] (cyclic).
    blossomedges: list[list[tuple[int, int]]] = [no_edges] * nn
    blossombase = list(range(n)) + [-1] * n
    leaves: list[list[int]] = [[v] for v in range(n)] + [no_vertices] * n
    # Least-slack edge bookkeeping, in stage-invariant form. ``delta_sum`` is
    # the sum of the deltas applied so far in the stage; an S-vertex v loses
    # each delta, so dual[v] + delta_sum is constant while v is S (and S stays S
    # until the stage ends).
    # For a vertex w: freekey[w] = min over scanned S-vertices v of
    # dual[v] + delta_sum - 2 * weight[v][w] (constant per edge), reached from
    # freev[w]; the slack is freekey[w] + dual[w] - delta_sum. Only read while
    # w is free; edges recorded while w was labelled are real edges from
    # S-vertices, so keeping them is harmless.
    freekey = [0] * n
    # freet[w] = freekey[w] + dual[w] while w is free (constant then), ``inf`` while
    # w is labelled: the least of it is the least slack to a free vertex + delta_sum.
    freet = [0] * n
    freev = [-1] * n
    delta_sum = 0
    # Edges between S-vertices of different top-level blossoms (delta3): each scanned
    # S-vertex v pushes its least-slack one, as (slack + 2 * delta_sum, v, w), constant
    # while both ends are S, on ``sheap`` (with aggregated roots, each S-vertex's edge to
    # its best root too, at the stage's start). A record whose ends have since come into
    # one blossom is stale for good (S-blossoms do not split within a stage): it is
    # dropped when it reaches the top, and its vertex's row read again (least_s_edge).
    sheap: list[tuple[int, int, int]] = []
    unusedblossoms = list(range(nn - 1, n - 1, -1))
    dual = [maxweight] * n + [0] * n
    warm = start is not None
    if start is not None:
        _warm_start(n, w2, weight, start, dual, mate)
    # vlab[v] = label of v's top-level blossom (kept in step with label[]).
    vlab = [0] * n
    queue: list[int] = []
    sflat: list[int] = []

    def assign_label(w: int, t: int, v: int) -> None:
        # Label the top-level blossom of w with t, reached from v (-1: none);
        # a T label continues to the mate of the blossom's base with S.
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = v
            labelin[w] = labelin[b] = w
            lv = leaves[b]
            for x in lv:
                vlab[x] = t
                freet[x] = inf
            if t == 1:
                queue.extend(lv)
                sflat.extend(lv)
                return
            base = blossombase[b]
            w, t, v = mate[base], 1, base

    def scan_blossom(v: int, w: int) -> int:
        # Trace back from S-vertices v and w alternately: the base of a new
        # blossom, or -1 for an augmenting path.
        path = []
        base = -1
        while v != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            v = labelend[b]
            if v != -1:
                # through the T-blossom of the base's mate
                v = labelend[inblossom[v]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, v: int, w: int) -> None:
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path = []
        edgs = [(v, w)]
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            x = labelend[bv]
            edgs.append((x, labelin[bv]))
            bv = inblossom[x]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            x = labelend[bw]
            edgs.append((labelin[bw], x))
            bw = inblossom[x]
        blossomchilds[b] = path
        blossomedges[b] = edgs
        label[b] = 1
        labelend[b] = labelend[bb]
        labelin[b] = labelin[bb]
        dual[b] = 0
        lv: list[int] = []
        for c in path:
            lc = leaves[c]
            lv.extend(lc)
            if label[c] == 2:
                # a T-blossom turning S inside the new S-blossom: every leaf is T
                queue.extend(lc)
                sflat.extend(lc)
                set_all(vlab, lc, 1)
        leaves[b] = lv
        set_all(inblossom, lv, b)

    def least_s_edge() -> int:
        # The least record on sheap whose ends are in different top-level blossoms (then
        # at sheap[0]), or ``inf``. Every edge between two S-vertices was read by the later
        # scanned one (a root's edges to other roots: at the stage's start), so a stale
        # record's vertex is read again, against the S-vertices of now (the roots among
        # them through best_root), and pushed back with what it finds.
        while sheap:
            key, v, w = sheap[0]
            bv = inblossom[v]
            if inblossom[w] != bv:
                return key
            heappop(sheap)
            dvn = dual[v] + 2 * delta_sum
            row = w2[v]
            best, bw = inf, -1
            for j in sflat if len(sflat) < len(nbrs[v]) else nbrs[v]:
                if vlab[j] == 1 and inblossom[j] != bv and row[j] > 0:
                    s = dvn + dual[j] - row[j]
                    if s < best:
                        best, bw = s, j
            if aggregate:
                j = best_root(v, bv)
                if j != -1:
                    s = dvn + dual[j] - row[j]
                    if s < best:
                        best, bw = s, j
            if bw != -1:
                heappush(sheap, (best, v, bw))
        return inf

    def best_root(w: int, b: int) -> int:
        # w's heaviest neighbour among the roots outside top-level blossom b, or -1:
        # the roots share one dual, so the least slack from any root to w is there.
        # (ptr[w] skips w's matched neighbours for good: none becomes a root again.)
        lst = order[w]
        m = len(lst)
        p = ptr[w]
        while p < m and (mate[lst[p]] != -1 or not dual[lst[p]]):
            p += 1
        ptr[w] = p
        while p < m:
            r = lst[p]
            if mate[r] == -1 and dual[r] and inblossom[r] != b:
                return r
            p += 1
        return -1

    def expand_blossom(b0: int, endstage: bool) -> None:
        stack = [b0]
        while stack:
            b = stack.pop()
            childs = blossomchilds[b]
            for s in childs:
                blossomparent[s] = -1
                if s >= n:
                    if endstage and dual[s] == 0:
                        stack.append(s)
                    else:
                        for x in leaves[s]:
                            inblossom[x] = s
                else:
                    inblossom[s] = s
            if not endstage and label[b] == 2:
                # Relabel the sub-blossoms of an expanding T-blossom: from the
                # entry child to the base along the even side, then the rest.
                entrychild = inblossom[labelin[b]]
                edgs = blossomedges[b]
                j = childs.index(entrychild)
                if j & 1:
                    j -= len(childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = labelend[b], labelin[b]
                while j != 0:
                    if jstep == 1:
                        p, q = edgs[j]
                    else:
                        q, p = edgs[j - 1]
                    label[w] = 0
                    label[q] = 0
                    assign_label(w, 2, v)
                    j += jstep
                    if jstep == 1:
                        v, w = edgs[j]
                    else:
                        w, v = edgs[j - 1]
                    j += jstep
                bw = childs[j]
                label[w] = label[bw] = 2
                labelend[w] = labelend[bw] = v
                labelin[w] = labelin[bw] = w
                j += jstep
                while childs[j] != entrychild:
                    bv = childs[j]
                    j += jstep
                    if label[bv] == 1:
                        continue
                    for x in leaves[bv]:
                        if label[x]:
                            label[x] = 0
                            label[mate[blossombase[bv]]] = 0
                            assign_label(x, 2, labelend[x])
                            break
                for c in childs:
                    t = label[c]
                    if t != 2:
                        for x in leaves[c]:
                            vlab[x] = t
                            freet[x] = inf if t else freekey[x] + dual[x]
            label[b] = 0
            labelend[b] = labelin[b] = -1
            blossomchilds[b] = leaves[b] = no_vertices
            blossomedges[b] = no_edges
            blossombase[b] = -1
            dual[b] = 0
            unusedblossoms.append(b)

    def augment_blossom(b0: int, v0: int) -> None:
        # Swap matched and unmatched edges on the even path from v0 to the base
        # of b0, rotating every blossom on the way so that its base is the
        # entry vertex. Sub-blossoms are independent, so a work list will do.
        work = [(b0, v0)]
        while work:
            b, v = work.pop()
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if t >= n:
                work.append((t, v))
            childs = blossomchilds[b]
            edgs = blossomedges[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = childs[j]
                if jstep == 1:
                    x, y = edgs[j]
                else:
                    y, x = edgs[j - 1]
                if t >= n:
                    work.append((t, x))
                j += jstep
                t = childs[j]
                if t >= n:
                    work.append((t, y))
                mate[x] = y
                mate[y] = x
            blossomchilds[b] = childs[i:] + childs[:i]
            blossomedges[b] = edgs[i:] + edgs[:i]
            blossombase[b] = v

    def flip_to_root(s: int, j: int) -> None:
        # Match S-vertex s to j (-1: to no one) and swap the matched and
        # unmatched edges on the tree path from s to its root.
        while True:
            bs = inblossom[s]
            if bs >= n:
                augment_blossom(bs, s)
            mate[s] = j
            t = labelend[bs]
            if t == -1:
                break
            bt = inblossom[t]
            s, j = labelend[bt], labelin[bt]
            if bt >= n:
                augment_blossom(bt, j)
            mate[j] = s

    def augment_matching(v: int, w: int) -> None:
        flip_to_root(v, w)
        flip_to_root(w, v)

    def ends_a_path(w: int) -> bool:
        # For an unlabelled w (the caller checks): is the base of w's top-level
        # blossom single? Then its dual is zero (a warm start's vertex that gave
        # its partner up, see _warm_start), and an S-vertex reaching w over a tight
        # edge has found an augmenting path; the blossom is marked as the path's
        # end (labelend -1) for augment_matching.
        b = inblossom[w]
        if mate[blossombase[b]] != -1:
            return False
        labelend[b] = -1
        return True

    def tight_edge(v: int, w: int) -> bool:
        # Act on the tight edge (v, w), v an S-vertex, w in another top-level
        # blossom; True when it completed an augmenting path.
        lw = vlab[w]
        if lw == 0:
            if warm and ends_a_path(w):
                augment_matching(v, w)
                return True
            assign_label(w, 2, v)
        elif lw == 1:
            base = scan_blossom(v, w)
            if base < 0:
                augment_matching(v, w)
                return True
            add_blossom(base, v, w)
        elif label[w] == 0:
            label[w] = 2
            labelend[w] = v
            labelin[w] = w
        return False

    # Root aggregation. The single (free) vertices are the roots of the
    # alternating trees; they are S in every stage and so all share one dual.
    # Scanning every root's row every stage would dominate the run time, so
    # the roots are never scanned: the slack from the roots to w is least at
    # w's heaviest free neighbour, found in w's neighbours sorted by weight
    # (matched vertices never become single again, so a pointer skips them).
    # After a warm start the roots are few: they are scanned like any S-vertex.
    aggregate = not warm
    order = [sorted(nbrs[w], key=weight[w].__getitem__, reverse=True) for w in range(n)] if aggregate else []
    ptr = [0] * n
    singles = list(range(n))

    blossom_ids = range(n, nn)
    while True:
        # A stage: label, adjust duals, until an augmenting path or optimality.
        label[:] = [0] * nn
        delta_sum = 0
        vlab[:] = [0] * n
        # Larger than any key or scan value below during this stage: S duals
        # only fall, T duals rise by at most delta_sum <= max dual.
        inf = (max(dual[:n]) + maxweight + 1) << 4
        freekey[:] = [inf] * n
        freet[:] = freekey
        queue.clear()
        sheap.clear()
        singles = [v for v in singles if mate[v] == -1 and dual[v]]
        assert len({dual[v] for v in singles}) <= 1, "single vertices share one dual"
        for v in singles:
            b = inblossom[v]
            if b == v:
                label[v] = vlab[v] = 1
                labelend[v] = -1
                labelin[v] = v
                if not aggregate:
                    queue.append(v)
            elif label[b] == 0:
                assign_label(v, 1, -1)
        if queue and aggregate:
            # the other vertices of root blossoms are scanned; the roots are not
            queue[:] = [v for v in queue if mate[v] != -1]
        sflat[:] = queue  # the S-vertices that are not roots (with aggregate), in this stage
        # With a warm start: the least dual + delta_sum over sflat[:sseen], at sleast.
        sseen, skey, sleast = 0, 0, -1

        augmented = False
        records: list[tuple[int, int, int]] = []
        # Each vertex w against its best root r (what scanning every root's
        # row would record or act on for w). delta_sum is 0 here. The roots
        # come first: a tight edge between two of them is an augmenting path.
        for w in (singles + [v for v in vertices if mate[v] != -1 or not dual[v]]) if aggregate else ():
            bw = inblossom[w]
            r = best_root(w, bw)
            if r == -1:
                continue
            key = dual[r] - w2[r][w]
            t = key + dual[w]
            if t > 0:
                lw = vlab[w]
                if lw == 1:
                    records.append((t, w, r))
                elif key < freekey[w]:
                    freekey[w] = key
                    freev[w] = r
                    if not lw:
                        freet[w] = t
            elif tight_edge(r, w):
                augmented = True
                break
        sheap[:] = records
        heapify(sheap)

        while not augmented:
            dsum = delta_sum
            while queue:
                # Scan S-vertex v. With key = dual[v] + dsum - 2 * weight and
                # t = key + dual[w], the slack is t - dsum.
                v = queue.pop()
                bv = inblossom[v]
                dvn = dual[v] + dsum
                row = w2[v]
                # bt, btw: the least-slack edge from bv to another S-blossom
                # (t-units), btw == -1 while it is the recorded one.
                bt = inf
                btw = -1
                for w in nbrs[v]:
                    key = dvn - row[w]
                    t = key + dual[w]
                    if t > dsum:
                        # not tight: least-slack bookkeeping
                        lw = vlab[w]
                        if lw == 1:
                            if t < bt and inblossom[w] != bv:
                                bt = t
                                btw = w
                        elif key < freekey[w]:
                            freekey[w] = key
                            freev[w] = v
                            if not lw:
                                freet[w] = t
                        continue
                    bw = inblossom[w]
                    if bw == bv:
                        continue
                    # tight_edge(v, w), written out: this is the hottest loop of the solver,
                    # and here the scan also has to stop on an augmentation.
                    lw = vlab[w]
                    if lw == 0:
                        if warm and ends_a_path(w):
                            augment_matching(v, w)
                            augmented = True
                            break
                        assign_label(w, 2, v)
                    elif lw == 1:
                        base = scan_blossom(v, w)
                        if base < 0:
                            augment_matching(v, w)
                            augmented = True
                            break
                        add_blossom(base, v, w)  # (v's record so far stays: checked when read)
                        bv = inblossom[v]
                    elif label[w] == 0:
                        # w inside a T-blossom, now reached from outside
                        label[w] = 2
                        labelend[w] = v
                        labelin[w] = w
                if augmented:
                    break
                if btw != -1:
                    heappush(sheap, (bt + dsum, v, btw))
            if augmented:
                break

            # No augmenting path with tight edges: compute delta.
            deltatype = 1
            deltav = deltaw = -1
            if warm:
                # Duals of S-vertices are not all equal: the least one may be a
                # matched S-vertex's (see "Warm start"). An S-vertex stays S for the
                # stage and loses every delta, so dual + delta_sum is constant: the
                # least one (the lowest vertex among equals) is kept as sflat grows.
                for v in sflat[sseen:]:
                    key = dual[v] + dsum
                    if sleast == -1 or key < skey or (key == skey and v < sleast):
                        skey, sleast = key, v
                sseen = len(sflat)
                if sleast == -1:
                    break
                delta = skey - dsum
                if dual[singles[0]] != delta:
                    deltav = sleast
            else:
                delta = min(dual[:n])
            deltab = -1
            d = min(freet)
            if d - dsum < delta:  # (never for ``inf``: no free vertex with a recorded edge)
                delta = d - dsum
                deltatype = 2
                deltaw = freet.index(d)  # the lowest free vertex among equals
                deltav = freev[deltaw]
            d = least_s_edge()
            if d < inf:
                d2 = (d - (dsum << 1)) >> 1
                if d2 < delta:
                    delta = d2
                    deltatype = 3
                    deltav, deltaw = sheap[0][1], sheap[0][2]
            zlabel = label[n:]
            for b in compress(blossom_ids, zlabel):
                if label[b] == 2 and blossomparent[b] == -1:
                    d = dual[b]
                    if d < delta:
                        delta = d
                        deltatype = 4
                        deltab = b

            if delta:
                dual[:n] = list(map(add, dual, map([0, -delta, delta].__getitem__, vlab)))
                for b in compress(blossom_ids, zlabel):
                    if blossomparent[b] == -1:
                        if label[b] == 1:
                            dual[b] += delta
                        else:
                            dual[b] -= delta
                delta_sum += delta

            if deltatype == 1:
                if deltav != -1:
                    # A matched S-vertex's dual reached zero: it gives its partner
                    # up along its tree path, whose root becomes matched.
                    flip_to_root(deltav, -1)
                    augmented = True
                    break
                break  # optimum: the single vertices' duals reached zero
            if deltatype == 4:
                expand_blossom(deltab, False)
            else:
                # the least-slack edge is tight now: act on it
                if tight_edge(deltav, deltaw):
                    augmented = True
                    break

        if not augmented:
            break
        # End of stage: expand S-blossoms whose dual is zero.
        for b in compress(blossom_ids, label[n:]):
            if (label[b] == 1 and blossombase[b] >= 0 and blossomparent[b] == -1
                    and dual[b] == 0):
                expand_blossom(b, True)

    if duals is not None:
        # Flattened duals: each blossom's dual (doubled units: it counts twice in
        # the slack of an edge inside it) added to every vertex inside it.
        flat = dual[:n]
        for v in vertices:
            b = blossomparent[v]
            while b != -1:
                flat[v] += dual[b]
                b = blossomparent[b]
        duals[:] = flat
    if tight is not None:
        # slack = dual[v] + dual[w] - 2 * weight + 2 * (the duals of the blossoms
        # holding both ends). Ends in different top-level blossoms share none; for
        # two ends in one, the shared blossoms are those above their least common
        # blossom b, and b's children other than the one holding v hold exactly the
        # w whose least common blossom with v is b. So v walks up its chain of
        # blossoms once and reads each w in its top-level blossom once.
        found: list[list[int]] = []
        for v in vertices:
            dv, row, top = dual[v], w2[v], inblossom[v]
            if top == v:
                found.append([w for w in nbrs[v] if dv + dual[w] == row[w]])
                continue
            zero = [w for w in nbrs[v] if inblossom[w] != top and dv + dual[w] == row[w]]
            up = []
            b = blossomparent[v]
            while b != -1:
                up.append(b)
                b = blossomparent[b]
            above = sum(map(dual.__getitem__, up))  # the duals of the blossoms holding v
            weights = weight[v]
            child = v
            for b in up:  # from v's innermost blossom to the top-level one
                # slack zero: dual[w] - row[w] == -(dv + 2 * (duals of b and above))
                target = -dv - 2 * above
                for c in blossomchilds[b]:
                    if c != child:
                        for w in leaves[c]:
                            if weights[w] and dual[w] - row[w] == target:
                                zero.append(w)
                above -= dual[b]
                child = b
            zero.sort()
            found.append(zero)
        tight[:] = found
    if conditions is not None:
        conditions[:] = [[v for v in vertices if dual[v]]] + [
            sorted(leaves[b]) for b in blossom_ids if blossombase[b] >= 0 and dual[b]]
    return mate


def set_all(values: list[int], at: list[int], value: int) -> None:
    """``values[x] = value`` for each x in ``at``, in one C-level pass."""
    deque(map(values.__setitem__, at, repeat(value)), maxlen=0)


def _warm_start(n: int, w2: Sequence[Sequence[int]], weight: Sequence[Sequence[int]],
                start: tuple[Sequence[int], Sequence[int]], dual: list[int], mate: list[int]) -> None:
    """Set up a warm start: feasible vertex duals from ``start`` and the matched
    pairs of ``start`` that are tight under them.

    Why the search may start there. The primal-dual method needs feasible duals,
    tight matched edges, and single vertices that share one dual (they are the
    roots and fall together). Raising a vertex's dual keeps feasibility, so a row
    whose edges got heavier is raised just enough; pairs whose edge is no longer
    tight are split; every single vertex is then raised to the largest single
    dual. What changes is that a matched S-vertex may now reach dual zero before
    the roots do. It then gives up its partner along its tree path (whose edges
    are tight), the root becomes matched, and it stays single with dual zero,
    as optimality allows; such a vertex is no root, and reaching it over a tight
    edge is an augmenting path. Each event matches a root, so the search ends.
    """
    given, pairs = start
    if len(given) != n or len(pairs) != n:
        raise ValueError(f"a warm start needs {n} duals and {n} mates")
    d = [max(int(x), 0) for x in given]
    for v in range(n):
        need = max(map(sub, w2[v], d)) - d[v]
        if need > 0:
            d[v] += need
    for v, w in enumerate(pairs):
        if v < w < n and pairs[w] == v and weight[v][w] and d[v] + d[w] == w2[v][w]:
            mate[v], mate[w] = w, v
    # Pair up single vertices over tight edges, greedily: fewer roots to start from.
    for v in range(n):
        if mate[v] == -1:
            dv, row = d[v], w2[v]
            for w in range(v + 1, n):
                if mate[w] == -1 and weight[v][w] and dv + d[w] == row[w]:
                    mate[v], mate[w] = w, v
                    break
    top = max((d[v] for v in range(n) if mate[v] == -1), default=0)
    for v in range(n):
        if mate[v] == -1:
            d[v] = top
    dual[:n] = d
