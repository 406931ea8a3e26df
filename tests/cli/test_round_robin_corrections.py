"""A correction in a round robin: its later rounds follow the Berger tables (C.05), not the results,
so no note says they were "paired before this correction" (that note is the Swiss's, C.04.2 4.3)."""

from __future__ import annotations

from conftest import Runner


def test_a_round_robin_correction_says_nothing_of_rounds_paired_before_it(arbiter: Runner, sample) -> None:
    folder = sample("groups16-in-progress")  # every round of every group is paired at once
    out = arbiter("-d", folder, "result", "1", "1", "0-1", "--correct", "--group", "A")
    assert out.code == 0, out.err
    assert "correction: 1/2-1/2 -> 0-1" in out.err
    assert "paired before" not in out.err
