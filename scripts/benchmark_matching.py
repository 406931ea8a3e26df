#!/usr/bin/env python3
"""Time the dense maximum-weight matching against networkx's.

    python scripts/benchmark_matching.py [--sizes 50 100 200 400] [--seed 1] [--repeat 1]

Each graph is dense and random with about 10% zero (missing) entries and weights
shaped like the Dutch engine's: ``(field << 40) + small`` with ``field`` in a
small range (so many ties) and a small tie-break addend. networkx gets the same
graph as an ``nx.Graph``; its build time is not counted. Both totals must agree.
It is a script that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from arbiter_cli.pairing.dutch.matching import matching_weight, max_weight_matching  # noqa: E402


def random_weights(n: int, rng: random.Random, shift: int = 40) -> list[list[int]]:
    weight = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < 0.9:
                field = rng.randint(1, 8)
                weight[i][j] = weight[j][i] = (field << shift) + rng.randint(0, 1000)
    return weight


def networkx_graph(n: int, weight: list[list[int]]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(
        (i, j, weight[i][j]) for i in range(n) for j in range(i + 1, n) if weight[i][j])
    return graph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="graphs per size (times summed)")
    parser.add_argument("--shift", type=int, default=40, help="bits below the field value")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'n':>5} {'networkx s':>11} {'ours s':>9} {'speed-up':>9}  totals")
    for n in args.sizes:
        t_nx = t_ours = 0.0
        same = True
        for _ in range(args.repeat):
            weight = random_weights(n, rng, args.shift)
            graph = networkx_graph(n, weight)
            started = time.perf_counter()
            pairs = nx.max_weight_matching(graph)
            t_nx += time.perf_counter() - started
            started = time.perf_counter()
            mate = max_weight_matching(n, weight)
            t_ours += time.perf_counter() - started
            same &= sum(weight[a][b] for a, b in pairs) == matching_weight(weight, mate)
        print(f"{n:>5} {t_nx:>11.3f} {t_ours:>9.3f} {t_nx / t_ours:>8.1f}x  "
              f"{'equal' if same else 'DIFFERENT'}", flush=True)
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
