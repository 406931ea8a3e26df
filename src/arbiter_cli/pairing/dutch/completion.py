"""Can these players all be paired? (C.04.3 C4, completion of the pairing.)

An unweighted maximum-cardinality matching by Edmonds' blossom algorithm, used
to check that a bracket's decisions still leave the rest of the field a
complete pairing: every player paired, except at most one who may receive the
PAB (C2). The weighted engine solves brackets on a local window and asks this
question once per bracket; see docs/dutch-engine-notes.md §4.4.
"""

from __future__ import annotations

from bisect import insort
from collections import deque
from collections.abc import Callable, Sequence

__all__ = ["can_complete", "is_completable", "maximum_matching", "lowest_pab_level", "pairs_greedily",
           "first_choices", "first_choices_among",
           "blossom_families", "first_choices_in_chain"]

#: :func:`first_choices` passes over the options that cannot be reached by an even
#: alternating path (they would fail their test); False tests every option (the tests
#: compare both ways).
SKIP_UNREACHABLE = True


def pairs_greedily(players: Sequence[int], apart: Callable[[int], set[int]], left_out: int | None = None) -> bool:
    """True if a quick pass pairs all ``players`` (but ``left_out``) on a dense graph
    given by its few non-edges: ``apart(v)`` holds the players ``v`` may not meet
    (the pair is allowed only if neither holds the other). False means "not found",
    not "impossible": callers then ask :func:`is_completable`, which is exact.

    The most constrained player left is paired with the least constrained one it
    may meet. On a Swiss field, where almost everyone may meet almost everyone,
    this settles completion (C4) with a sort and a scan that rarely looks past a
    player's first few candidates, instead of building every neighbour list.

    >>> pairs_greedily([1, 2, 3, 4], lambda v: {2} if v == 1 else ({1} if v == 2 else set()))
    True
    >>> pairs_greedily([1, 2, 3], lambda v: set(), left_out=3)
    True
    >>> pairs_greedily([1, 2], lambda v: {3 - v})
    False
    """
    remaining = [v for v in players if v != left_out]
    if len(remaining) % 2:
        return False
    sets = {v: apart(v) for v in remaining}
    order = sorted(remaining, key=lambda v: len(sets[v]), reverse=True)
    paired: set[int] = set()
    back = len(order) - 1
    for i, v in enumerate(order):
        if v in paired:
            continue
        paired.add(v)
        avoid = sets[v]
        j = back
        while j > i:
            w = order[j]
            if w not in paired and w not in avoid and v not in sets[w]:
                break
            j -= 1
        else:
            return False
        paired.add(order[j])
        while back > i and order[back] in paired:
            back -= 1
    return True


def maximum_matching(adjacency: Sequence[Sequence[int]]) -> list[int]:
    """A maximum-cardinality matching of a general graph; ``mate[v]`` is -1 if unmatched.

    Greedy start, then Edmonds' augmenting paths with blossom contraction.

    >>> maximum_matching([[1, 2], [0, 2], [0, 1, 3], [2]])
    [1, 0, 3, 2]
    >>> maximum_matching([[1], [0], []])[2]
    -1
    """
    n = len(adjacency)
    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            for w in adjacency[v]:
                if mate[w] == -1 and w != v:
                    mate[v], mate[w] = w, v
                    break
    for root in range(n):
        if mate[root] == -1:
            _augment_from(root, adjacency, mate)
    return mate


def _augment_from(root: int, adjacency: Sequence[Sequence[int]], mate: list[int],
                  blocked: Sequence[bool] | None = None) -> bool:
    """Flip an augmenting path from the single vertex ``root``, if there is one;
    vertices marked ``blocked`` are left out of the graph."""
    return _search(root, adjacency, mate, blocked)[0]


def _even_from(root: int, adjacency: Sequence[Sequence[int]], mate: list[int],
               blocked: Sequence[bool]) -> list[bool] | None:
    """The vertices joined to the single vertex ``root`` by an alternating path of even
    length (ending in a matched edge; ``root`` itself included), when ``root`` is the
    only single vertex left in the graph (blocked vertices left out): then no
    augmenting path exists, and the search from ``root`` ends with exactly these
    vertices labelled outer, blossoms included (Edmonds; Gallai-Edmonds: they are the
    vertices that some maximum matching leaves single). None if a path was found
    after all (``mate`` is then changed)."""
    found, outer = _search(root, adjacency, mate, blocked)
    return None if found else outer


def _search(root: int, adjacency: Sequence[Sequence[int]], mate: list[int],
            blocked: Sequence[bool] | None) -> tuple[bool, list[bool]]:
    n = len(adjacency)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])
    # The vertices of the search tree, in order: only they can lie in a blossom, so a
    # contraction looks at them instead of at every vertex (the same ones, in the same order).
    tree = [root]

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    if blocked is None:
        blocked = [False] * n
    while queue:
        v = queue.popleft()
        v_mate, v_base = mate[v], base[v]  # (mate[v] stays; base[v] changes only in a contraction)
        for to in adjacency[v]:
            if v_base == base[to] or v_mate == to or blocked[to]:
                continue
            to_mate = mate[to]
            if to == root or (to_mate != -1 and parent[to_mate] != -1):
                current = lca(v, to)
                blossom: set[int] = set()
                mark_path(v, current, to, blossom)
                mark_path(to, current, v, blossom)
                for i in tree:
                    if base[i] in blossom:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
                v_base = base[v]
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:  # flip the augmenting path
                        prev = parent[to]
                        nxt = mate[prev]
                        mate[to], mate[prev] = prev, to
                        to = nxt
                    return True, used
                insort(tree, to)
                insort(tree, mate[to])
                used[mate[to]] = True
                queue.append(mate[to])
    return False, used


def can_complete(players: Sequence[int], linked: Callable[[int, int], bool],
                 bye_candidate: Callable[[int], bool]) -> bool:
    """True if ``players`` can all be paired over ``linked`` pairs, leaving at most
    one player out, and that one a PAB candidate (C2, C4).

    >>> can_complete([1, 2, 3], lambda a, b: True, lambda p: p == 3)
    True
    >>> can_complete([1, 2, 3], lambda a, b: {a, b} != {1, 2}, lambda p: p == 3)
    False
    """
    count = len(players)
    adjacency: list[list[int]] = [[] for _ in range(count)]
    for x in range(count):
        for y in range(x + 1, count):
            if linked(players[x], players[y]):
                adjacency[x].append(y)
                adjacency[y].append(x)
    return is_completable(adjacency, [bye_candidate(p) for p in players])


def is_completable(adjacency: list[list[int]], candidate: Sequence[bool]) -> bool:
    """Like :func:`can_complete`, for a graph on 0..n-1 given by its adjacency lists
    (which may be extended in place by a dummy PAB vertex)."""
    count = len(adjacency)
    if count % 2:  # a dummy opponent standing for the PAB
        dummy: list[int] = []
        for x in range(count):
            if candidate[x]:
                adjacency[x].append(count)
                dummy.append(x)
        adjacency.append(dummy)
    mate = maximum_matching(adjacency)
    return all(m != -1 for m in mate)


def lowest_pab_level(adjacency: Sequence[Sequence[int]], level: Sequence[int | None]) -> int | None:
    """The lowest level L such that all players but one can be paired, the one
    left out having ``level[v] <= L`` (None: may never be left out).

    With levels ordered by score, this finds the score of the PAB receiver that
    C5 asks for ("minimise the score of the PAB receiver") among complete
    pairings (C4). Returns None when no such pairing exists. The count of
    players must be odd.

    >>> lowest_pab_level([[1], [0, 2], [1]], [0, 1, 2])   # only 0 or 2 can be left out
    0
    >>> lowest_pab_level([[1, 2], [0, 2], [0, 1]], [None, None, 1])
    1
    """
    count = len(adjacency)
    mate = maximum_matching(adjacency)
    if sum(1 for m in mate if m == -1) != 1:
        return None
    for threshold in sorted({lv for lv in level if lv is not None}):
        extended = [list(neighbours) for neighbours in adjacency] + [[]]
        for v in range(count):
            lv = level[v]
            if lv is not None and lv <= threshold:
                extended[v].append(count)
                extended[count].append(v)
        trial = mate + [-1]
        if _augment_from(count, extended, trial):
            return threshold
    return None


def first_choices(adjacency: Sequence[Sequence[int]], mate: Sequence[int], covered: Sequence[bool],
                  maximum: bool, choosers: Sequence[int], options: Sequence[Sequence[int]],
                  ties_with: Sequence[int]) -> list[int] | None:
    """Each chooser in turn takes its first option that some admissible matching
    still allows, together with the choices before it; returns such a matching.

    A matching is admissible when it uses edges of ``adjacency`` only, covers
    every vertex marked ``covered`` and, with ``maximum``, leaves at most one
    vertex single (a maximum matching of an odd graph that has a near-perfect one).
    ``mate`` must be admissible. A chooser that can take none of its options
    stays free; the choice is then its ``ties_with`` vertex (-1: none), which it
    must meet in every admissible matching, or else None is returned. These are
    the maximum-weight matchings of a graph given by the zero-slack edges and
    complementary slackness conditions of an optimal solve with no blossom of
    positive dual but, at most, one holding every vertex;
    the choices are then those of a solve with lexicographic digits.

    Each test drops the chooser and the option with their edges, and mends the
    matching by augmenting paths: first, with ``maximum``, back to maximum size;
    then from each uncovered vertex that must be covered, towards a vertex that
    need not be (a "twin" vertex, joined to that vertex only, stands for leaving
    it single). If a matching that is admissible with the choice exists, the
    symmetric difference with it holds such paths (Berge), so the test is exact.

    >>> first_choices([[1, 2], [0, 3], [0, 3], [1, 2]], [1, 0, 3, 2], [True] * 4, False, [0], [[2, 1]], [-1])
    [2, 3, 0, 1]
    >>> first_choices([[1, 2], [0], [0]], [1, 0, -1], [True, False, False], True, [0], [[2, 1]], [-1])
    [2, -1, 0]
    """
    chooser = _Choosing(adjacency, mate, covered, maximum)
    for a, choices, tie in zip(choosers, options, ties_with):
        chooser.choose(a, choices, tie)
    return chooser.finish()


def first_choices_among(families: Sequence[tuple[Sequence[Sequence[int]], Sequence[bool]]], mate: Sequence[int],
                        choosers: Sequence[int], options: Sequence[Sequence[int]],
                        ties_with: Sequence[int]) -> list[int] | None:
    """:func:`first_choices` over a union of families of matchings: a matching is
    admissible when it is admissible in one family ``(adjacency, covered)`` (edges of
    ``adjacency`` only, every vertex marked ``covered`` covered; no size condition).
    ``mate`` need not be admissible in any: each family starts from its pairs over
    that family's edges, mended by augmenting paths towards the vertices that need
    not be covered (exact, as in :func:`first_choices`; a family with no admissible
    matching drops out). Families may have more vertices than ``mate`` (theirs are
    single at the start); the matching returned has a family's length.

    The lexicographically first choices over a union are the best of each family's
    first choices. The families go through the choosers together: each takes its
    first option allowed in that family, and only the families whose choice ranks
    best go on (a family behind on one chooser is behind for good). A chooser with
    no option left in every family still going on must meet its ``ties_with`` vertex
    in every admissible matching of all of them, or else None is returned, as by
    :func:`first_choices`.

    >>> first_choices_among([([[1], [0], []], [True, True, False]), ([[], [2], [1]], [False, True, True])],
    ...                     [-1, -1, -1], [1], [[2, 0]], [-1])
    [-1, 2, 1]
    """
    going = []
    for adjacency, covered in families:
        size = len(adjacency)
        start = [-1] * size
        for v, w in enumerate(mate):
            if w >= 0 and w in adjacency[v]:
                start[v] = w
        chooser = _Choosing(adjacency, start, covered, False, mend=True)
        if chooser.admissible:
            going.append(chooser)
    if not going:
        return None
    for a, choices, tie in zip(choosers, options, ties_with):
        ranks = [chooser.choose(a, choices, tie) for chooser in going]
        best = min(ranks)
        going = [chooser for chooser, rank in zip(going, ranks) if rank == best]
    found = [chooser.finish() for chooser in going]
    return None if any(matching is None for matching in found) else found[0]


def blossom_families(tight: Sequence[Sequence[int]], inside: Sequence[bool],
                     must: Sequence[bool]) -> list[tuple[list[list[int]], list[bool]]]:
    """The maximum-weight matchings of an optimal solve as a union of families for
    :func:`first_choices_among`, when one blossom B of positive dual holds part of the
    vertices (``inside``) and the rest, X, lie in no blossom of positive dual.

    By complementary slackness a maximum-weight matching uses zero-slack edges only
    (``tight``), covers every vertex of positive dual (``must``) and has (|B| - 1) / 2
    pairs inside B, so exactly one vertex u of B is not paired inside it: u is single
    (its dual is zero) or meets one x of X. That splits the matchings by u's partner:
    none (the edges between B and X dropped; a dummy vertex z, joined to each vertex of
    B of dual zero and to be covered, takes u) or one x of X (x joined to B only, the
    other edges between B and X dropped, x to be covered). In each, every vertex of B is
    covered. Each family is (adjacency, covered) on the vertices and z, which comes last
    (isolated where not used); a family that cannot occur (no such u) is left out.

    >>> blossom_families([[1, 2, 3], [0, 2], [0, 1], [0]], [True, True, True, False], [True, False, False, False])
    [([[1, 2], [0, 2, 4], [0, 1, 4], [], [1, 2]], [True, True, True, False, True]), \
([[1, 2, 3], [0, 2], [0, 1], [0], []], [True, True, True, True, False])]
    """
    size = len(inside)
    within = [[y for y in ys if inside[y] == inside[x]] for x, ys in enumerate(tight)]
    cover = [must[x] or inside[x] for x in range(size)]
    families: list[tuple[list[list[int]], list[bool]]] = []
    exits = [u for u in range(size) if inside[u] and not must[u]]
    if exits:  # u single
        adjacency = [list(ys) for ys in within] + [exits]
        for u in exits:
            adjacency[u].append(size)
        families.append((adjacency, cover + [True]))
    for x in range(size):  # u meets x
        if inside[x]:
            continue
        into = [y for y in tight[x] if inside[y]]
        if not into:
            continue
        adjacency = [list(ys) for ys in within] + [[]]
        for y in within[x]:
            adjacency[y].remove(x)
        adjacency[x] = into
        for u in into:
            adjacency[u].append(x)
        covered = cover + [False]
        covered[x] = True
        families.append((adjacency, covered))
    return families


def first_choices_in_chain(tight: Sequence[Sequence[int]], must: Sequence[bool], blossoms: Sequence[Sequence[int]],
                           mate: Sequence[int], choosers: Sequence[int], options: Sequence[Sequence[int]],
                           ties_with: Sequence[int]) -> list[int] | None:
    """:func:`first_choices` on the maximum-weight matchings of an optimal solve whose
    blossoms of positive dual (``blossoms``, laminar) may nest, when the choosers, their
    options and ties lie in the innermost blossom C of a chain C = B0 < B1 < ... < Bk
    (docs/dutch-engine-notes.md §4.4a item 21). None: not this shape, or no sure answer.

    The admissible matchings use zero-slack edges (``tight``), cover every vertex of
    positive dual (``must``) and fill every blossom B of positive dual ((|B| - 1) / 2
    pairs inside it). ``mate`` must be one. The tight graph falls into connected
    components, each with its own conditions (a blossom must lie in one): only the
    choosers' component K matters; the others keep ``mate``. A component whose vertices
    must all be covered, even in number (a pair frozen after the solve), is paired inside
    itself by every admissible matching, so it leaves the blossoms holding it. A blossom
    all of whose vertices must be covered and whose zero-slack edges leave it towards one
    vertex at most is filled by any matching that covers them (an odd number of its
    vertices meet that one vertex: exactly one), so its condition is dropped. With no blossom left,
    the choices are :func:`first_choices`' on K. Else the blossoms left in K must form a
    chain whose outermost one leaves a rest R = K - Bk of vertices that must all be covered.

    A filled C has one vertex u not paired inside it (its exit): u meets some x outside C,
    or is single (then its dual is zero). Whether the rest of K can be completed depends
    on x only, not on u (every blossom around C holds u; whether it holds the pair depends
    on x), so the admissible matchings restricted to C are the perfect matchings of C and
    a dummy z joined to the vertices u that can be the exit: those joined to a partner x
    that the rest allows (or of dual zero, if it allows none). Those partners are found
    from the outside in, one level at a time: Bk's exit may meet x in R when R - x has a
    perfect matching (x is reached by an even alternating path from the single vertex of a
    near-perfect matching of R, Gallai-Edmonds), or be single when R is empty or perfectly
    matched. At level j the vertices S = Bj - Bj-1 with a dummy e joined to those that can
    be Bj's exit: Bj-1's exit may meet y in S when S + e - y has a perfect matching (the
    rest of S paired inside it, one vertex of S leaving Bj), or meet what Bj's exit may
    meet when S has one (e is reached by an even path). The choosers then take their first
    options on C + z (:func:`first_choices`, exact there), and the rest of K is completed
    along the levels by augmenting paths; the matching returned is admissible.

    A triangle C = {0, 1, 2} inside a blossom of the whole window, 3 and 4 of dual zero:
    2 takes 0, so 1 leaves C and meets 4, and 3 is single.

    >>> first_choices_in_chain([[1, 2, 3], [0, 2, 4], [0, 1], [0, 4], [1, 3]], [True, True, True, False, False],
    ...                        [[0, 1, 2], [0, 1, 2, 3, 4]], [3, 2, 1, 0, -1], [2], [[0, 1]], [-1])
    [2, 4, 0, -1, 1]
    """
    n = len(tight)
    component = [-1] * n
    for start in range(n):
        if component[start] < 0:
            component[start] = start
            stack = [start]
            while stack:
                for y in tight[stack.pop()]:
                    if component[y] < 0:
                        component[y] = start
                        stack.append(y)
    if not choosers or len({component[a] for a in choosers}) != 1:
        return None
    home = component[choosers[0]]
    in_k = [c == home for c in component]
    # A component all of whose vertices must be covered (a pair frozen by step D, say) is
    # paired inside itself by every admissible matching: its vertices drop out of the
    # blossoms around it, whose conditions then read the rest.
    sizes: dict[int, int] = {}
    open_part: set[int] = set()
    for v, c in enumerate(component):
        sizes[c] = sizes.get(c, 0) + 1
        if not must[v]:
            open_part.add(c)
    apart = [c != home and c not in open_part and sizes[c] % 2 == 0 for c in component]
    chain: list[list[int]] = []
    for whole in blossoms:
        blossom = [v for v in whole if not apart[v]]
        dropped: dict[int, int] = {}
        for v in whole:
            if apart[v]:
                dropped[component[v]] = dropped.get(component[v], 0) + 1
        if any(sizes[c] != count for c, count in dropped.items()):
            return None  # (such a component must lie inside the blossom or outside it)
        held = sum(1 for v in blossom if in_k[v])
        if not held:
            continue
        if held < len(blossom):
            return None
        if all(must[v] for v in blossom):
            inside = set(blossom)
            leaving: set[int] = set()
            for x in blossom:
                leaving.update(y for y in tight[x] if y not in inside)
                if len(leaving) > 1:
                    break
            if len(leaving) <= 1:
                continue  # (filled by every matching that covers it)
        chain.append(list(blossom))
    chain.sort(key=len)
    levels = [set(b) for b in chain]
    if any(not inner <= outer for inner, outer in zip(levels, levels[1:])):
        return None
    # The choosers' options and ties over zero-slack edges only (the others are never met).
    near = [set(tight[a]) for a in choosers]
    choices = [[b for b in bs if b in ys] for bs, ys in zip(options, near)]
    ties = [t if t in ys else -1 for t, ys in zip(ties_with, near)]
    kept = [v for v in range(n) if in_k[v]]
    if any((mate[v] < 0 and must[v]) or (mate[v] >= 0 and mate[v] not in tight[v]) for v in kept):
        return None  # (``mate`` is not admissible: not expected)
    if not chain:
        return _first_choices_on(kept, tight, must, mate, choosers, choices, ties, None)
    core = levels[0]
    if any(a not in core or any(b not in core for b in bs) or (t != -1 and t not in core)
           for a, bs, t in zip(choosers, choices, ties)):
        return None
    rest = [v for v in kept if v not in levels[-1]]
    if not all(must[v] for v in rest):
        return None
    # From the outside in: may_meet[j] holds what Bj's exit may meet (None: being single).
    top = _Level(rest, tight, mate, None)
    may_meet: list[set[int | None]] = [set() for _ in chain]
    if not rest or (len(rest) % 2 == 0 and top.perfect()):
        may_meet[-1] = {None}
    elif len(rest) % 2:
        may_meet[-1] = {rest[x] for x in top.even()}
    rings: list[_Level | None] = [None] * len(chain)
    for j in range(len(chain) - 1, 0, -1):
        above = may_meet[j]
        ring = [v for v in chain[j] if v not in levels[j - 1]]
        exits = [v for v in ring if (not must[v] and None in above) or any(y in above for y in tight[v])]
        rings[j] = level = _Level(ring, tight, mate, exits)
        reached = level.even()
        below: set[int | None] = {ring[x] for x in reached if x < len(ring)}
        if len(ring) in reached:  # (e: the ring can pair inside itself, C's exit leaving Bj too)
            below |= above
        may_meet[j - 1] = below

    def partner_of(v: int, allowed: set[int | None]) -> int | None:
        """What ``v``, an exit, meets (None: single); -1 if nothing allowed."""
        partner = next((y for y in tight[v] if y in allowed), None)
        return -1 if partner is None and not (None in allowed and not must[v]) else partner

    # The innermost blossom C and a dummy z joined to the vertices that can be its exit.
    inner = chain[0]
    exits = [v for v in inner if (not must[v] and None in may_meet[0]) or any(y in may_meet[0] for y in tight[v])]
    found = _first_choices_on(inner, tight, [True] * n, mate, choosers, choices, ties, exits)
    if found is None:
        return None
    # Complete K along the levels: the exit's partner, each ring, then the rest.
    vertex = next(v for v in inner if found[v] == n)
    found[vertex] = -1
    partner = partner_of(vertex, may_meet[0])
    for j in range(1, len(chain)):
        done = rings[j]
        assert done is not None
        if partner == -1:
            return None
        ring_exit = done.complete(found, partner if partner in done.index else None)
        if ring_exit is None:
            return None
        if ring_exit >= 0:  # (the partner is in the ring, whose exit leaves Bj)
            assert partner is not None
            found[vertex], found[partner] = partner, vertex
            vertex = ring_exit
            partner = partner_of(vertex, may_meet[j])
    if partner == -1 or top.complete(found, partner) is None:
        return None
    if partner is not None:
        found[vertex], found[partner] = partner, vertex
    return found


def _first_choices_on(vertices: Sequence[int], tight: Sequence[Sequence[int]], must: Sequence[bool],
                      mate: Sequence[int], choosers: Sequence[int], choices: Sequence[Sequence[int]],
                      ties: Sequence[int], exits: Sequence[int] | None) -> list[int] | None:
    """:func:`first_choices` on the subgraph of ``vertices`` (with ``exits``: every vertex
    covered, and a dummy z joined to the exits, z's partner marked ``len(tight)`` in the
    answer); the other vertices keep ``mate``."""
    n = len(tight)
    index = {v: i for i, v in enumerate(vertices)}
    size = len(vertices)
    adjacency = [[index[y] for y in tight[v] if y in index] for v in vertices]
    start = [index.get(mate[v], -1) if mate[v] >= 0 else -1 for v in vertices]
    covered = [must[v] for v in vertices]
    if exits is not None:
        dummy = size
        adjacency.append([index[u] for u in exits])
        for u in exits:
            adjacency[index[u]].append(dummy)
        out = [x for x in range(size) if start[x] == -1]
        if len(out) != 1 or out[0] not in adjacency[dummy]:
            return None  # (``mate``'s exit of C must be one of them)
        start.append(out[0])
        start[out[0]] = dummy
        covered = [True] * (size + 1)
    found = first_choices(adjacency, start, covered, False, [index[a] for a in choosers],
                          [[index[b] for b in bs] for bs in choices], [index.get(t, -1) for t in ties])
    if found is None:
        return None
    answer = list(mate)
    for x, v in enumerate(vertices):
        y = found[x]
        answer[v] = -1 if y < 0 else (n if y == size else vertices[y])
    return answer


class _Level:
    """A ring of :func:`first_choices_in_chain` (vertices S and a dummy e joined to
    ``exits``), or the rest R (``exits`` None), with a matching of most size."""

    def __init__(self, vertices: list[int], tight: Sequence[Sequence[int]], mate: Sequence[int],
                 exits: list[int] | None) -> None:
        self.vertices, self.exits = vertices, exits
        index = self.index = {v: i for i, v in enumerate(vertices)}
        self.graph = [[index[y] for y in tight[v] if y in index] for v in vertices]
        self.mate = [index.get(mate[v], -1) if mate[v] >= 0 else -1 for v in vertices]
        if exits is not None:
            e = len(vertices)
            self.graph.append([index[v] for v in exits])
            for v in exits:
                self.graph[index[v]].append(e)
            self.mate.append(-1)
        for v in range(len(self.graph)):
            if self.mate[v] == -1:
                _augment_from(v, self.graph, self.mate)

    def perfect(self) -> bool:
        return all(w != -1 for w in self.mate)

    def even(self) -> list[int]:
        """The vertices x such that the graph less x has a perfect matching."""
        single = [v for v, w in enumerate(self.mate) if w == -1]
        if len(single) != 1:
            return []
        reached = _even_from(single[0], self.graph, self.mate[:], [False] * len(self.graph))
        return [v for v, flag in enumerate(reached or []) if flag]

    def complete(self, found: list[int], partner: int | None) -> int | None:
        """Pair the level's vertices in ``found``, ``partner`` (a vertex of this level, or
        None) left out, and for a ring the dummy e too unless ``partner`` is given. Returns
        the ring's exit (e's partner), -1 if the ring paired inside itself (or for the
        rest), None if that is impossible."""
        graph, mate = self.graph, self.mate[:]
        blocked = [False] * len(graph)
        gone = -1 if partner is None else self.index[partner]
        if gone < 0 and self.exits is not None:
            gone = len(self.vertices)  # (e left out: the ring pairs inside itself)
        if gone >= 0:
            blocked[gone] = True
            if mate[gone] >= 0:
                mate[mate[gone]] = -1
                mate[gone] = -1
        for v in range(len(graph)):
            if not blocked[v] and mate[v] == -1 and not _augment_from(v, graph, mate, blocked):
                return None
        vertices = self.vertices
        ring_exit = -1
        for x, v in enumerate(vertices):
            if x == gone:
                continue
            y = mate[x]
            if y == len(vertices):
                ring_exit = v
                found[v] = -1
            else:
                found[v] = vertices[y]
        return ring_exit


class _Choosing:
    """The state of :func:`first_choices` on one graph, one chooser at a time."""

    def __init__(self, adjacency: Sequence[Sequence[int]], mate: Sequence[int], covered: Sequence[bool],
                 maximum: bool, mend: bool = False) -> None:
        n = len(adjacency)
        self.n, self.adjacency, self.covered, self.maximum = n, adjacency, covered, maximum
        free = [v for v in range(n) if not covered[v]]
        self.free = free
        self.twin = twin = {v: n + k for k, v in enumerate(free)}
        self.graph: list[list[int]] = [list(neighbours) + ([twin[v]] if v in twin else []) for v, neighbours in
                                       enumerate(adjacency)] + [[v] for v in free]
        self.real = list(mate)
        self.blocked = blocked = [False] * len(self.graph)
        for twin_vertex in range(n, len(self.graph)):  # left out while cardinality is restored
            blocked[twin_vertex] = True
        self.left = n  # unblocked real vertices
        # When every vertex must be covered (no twins), the admissible matchings are the
        # perfect ones, and a test (a, b) can only succeed if b is joined to a's partner
        # by an even alternating path avoiding a: the symmetric difference of ``real`` with
        # a perfect matching that pairs a with b holds one. After a chooser's first failed
        # test, one search from its partner marks those b, and the options not marked are
        # passed over without a test (they would fail it); the others are tested as before.
        self.skip_by_parity = SKIP_UNREACHABLE and not maximum and not free
        self.ties: list[tuple[int, int]] = []  # choosers with no option left, and their tie
        self.broken = False  # a chooser was already taken: no answer
        self.admissible = True
        if mend:
            self.admissible = self.mend(self.real, [v for v in range(n) if self.real[v] == -1 and covered[v]])

    def mend(self, trial: list[int], single: list[int]) -> bool:
        n, graph, blocked, covered, twin = self.n, self.graph, self.blocked, self.covered, self.twin
        extra = [-1] * len(self.free)
        if self.maximum:
            target = self.left % 2
            single = [v for v in range(n) if trial[v] == -1 and not blocked[v]]
            tried: set[int] = set()
            while len(single) > target:
                root = next((v for v in single if v not in tried), None)
                if root is None:
                    return False
                tried.add(root)
                extended = trial + extra
                if _augment_from(root, graph, extended, blocked):
                    trial[:] = extended[:n]
                    single = [v for v in single if trial[v] == -1]
        for v in single:
            if trial[v] != -1 or not covered[v]:
                continue
            extended = trial + extra
            for twin_vertex in twin.values():
                blocked[twin_vertex] = False
            found = _augment_from(v, graph, extended, blocked)
            for twin_vertex in twin.values():
                blocked[twin_vertex] = True
            if not found:
                return False
            trial[:] = [-1 if w >= n else w for w in extended[:n]]
        return True

    def choose(self, a: int, choices: Sequence[int], tie: int) -> int:
        """Chooser ``a`` takes its first option still allowed; returns its rank among
        ``choices`` (their number if none: ``a`` then stays free, tied to ``tie``)."""
        blocked, real = self.blocked, self.real
        if blocked[a]:
            self.broken = True
            return len(choices)
        near = set(self.adjacency[a])
        failed = False
        reachable: list[bool] | None = None
        for rank, b in enumerate(choices):
            if blocked[b] or b not in near:
                continue
            if failed and self.skip_by_parity and real[a] != -1:
                if reachable is None:
                    blocked[a] = True
                    alone = real[:]
                    alone[a] = alone[real[a]] = -1
                    reachable = _even_from(real[a], self.graph, alone, blocked) or [True] * len(self.graph)
                    blocked[a] = False
                if not reachable[b]:
                    continue
            blocked[a] = blocked[b] = True
            self.left -= 2
            if real[a] == b:
                return rank
            trial = real[:]
            single = []
            for v in (a, b):
                w = trial[v]
                if w != -1:
                    trial[w] = -1
                    if w not in (a, b):
                        single.append(w)
                trial[v] = -1
            if self.mend(trial, single):
                trial[a], trial[b] = b, a
                self.real = real = trial
                return rank
            blocked[a] = blocked[b] = False
            self.left += 2
            failed = True
        self.ties.append((a, tie))
        return len(choices)

    def finish(self) -> list[int] | None:
        """The matching, once each chooser has chosen; None if a chooser with no option
        left is not sure to meet its tie."""
        if self.broken:
            return None
        real, graph = self.real, self.graph
        for a, tie in self.ties:
            # The chooser's digit is 0 whether it meets its tie or anyone outside its options:
            # the choice is only sure when no admissible matching parts it from its tie.
            if tie == -1 or real[a] != tie:
                return None
            graph[a].remove(tie)
            graph[tie].remove(a)
            trial = real[:]
            trial[a] = trial[tie] = -1
            parted = self.mend(trial, [a, tie])
            graph[a].append(tie)
            graph[tie].append(a)
            if parted:
                return None
        return real
