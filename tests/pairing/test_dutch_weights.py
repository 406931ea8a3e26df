"""The engine's compact local weights (``_Engine._compact_for``) order matchings as
the full weights do: the window's score fields keep only the sub-fields of the
score groups present, each at its full width, so no sum over a matching carries
from one field into another."""

from __future__ import annotations

import random

from arbiter_cli.pairing.dutch.engine import _Engine
from arbiter_cli.trf import parse_trf
from arbiter_cli.trf.swiss import request_from_trf

from conftest import shared_file

CASE = "corpus/dutch-2026/cases/n0040_R09_s0914446417_r06.trf"


def _random_matching(rng: random.Random, window: list[int], weight) -> list[tuple[int, int]]:
    free = window[:]
    rng.shuffle(free)
    pairs = []
    while len(free) >= 2:
        a, b = free.pop(), free.pop()
        if weight(a, b) and rng.random() < 0.8:
            pairs.append((a, b))
    return pairs


def test_compact_weights_order_matchings_like_full_weights() -> None:
    request = request_from_trf(parse_trf(shared_file(CASE).read_text()))
    engine = _Engine(request)
    engine.phase_zero()
    groups = [group for group in engine.groups if len(group) > 2]
    assert len(groups) >= 3, "the case should have several sizeable score groups"
    rng = random.Random(1)
    compared = 0
    for top in range(len(groups) - 1):
        floaters = groups[top][: len(groups[top]) // 3]
        residents, below = groups[top + 1], groups[top + 2] if top + 2 < len(groups) else []
        window = floaters + residents + below
        in_window = set(window)
        assert all(v in in_window for v in floaters)
        engine._compact_for(window)
        cur_end = len(floaters) + len(residents)
        position = {v: i for i, v in enumerate(window)}

        def weight(a: int, b: int) -> int:
            hi, lo = (a, b) if position[a] < position[b] else (b, a)
            j = position[lo]
            return engine.edge_weight(hi, lo, j < cur_end, j >= cur_end) & engine.low_mask

        for _ in range(600):
            first = _random_matching(rng, window, weight)
            if rng.random() < 0.5:
                second = _random_matching(rng, window, weight)
            else:  # a near tie: two pairs swap partners, so only low fields may differ
                second = first[:]
                if len(second) >= 2:
                    i, j = rng.sample(range(len(second)), 2)
                    (a, b), (c, d) = second[i], second[j]
                    if weight(a, d) and weight(c, b):
                        second[i], second[j] = (a, d), (c, b)
            full = [sum(weight(a, b) for a, b in m) for m in (first, second)]
            small = [sum(engine._compact(weight(a, b)) for a, b in m) for m in (first, second)]
            assert (full[0] > full[1]) - (full[0] < full[1]) == (small[0] > small[1]) - (small[0] < small[1])
            compared += full[0] != full[1]
        sample = weight(window[0], window[-1]) or weight(window[0], window[1])
        assert engine._compact(sample).bit_length() < sample.bit_length()
    assert compared > 100
