"""Step F (C.04.3 Art. 4.2, the S2 transpositions) without the solve with digits when
step F's zero-slack edges come with blossoms of positive dual nested in one another
(docs/dutch-engine-notes.md §4.4a item 21): the S1 players take their first options in
the innermost blossom, whose possible exits are read from the levels around it."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter_cli.pairing.dutch import engine
from arbiter_cli.pairing.dutch import pair_round
from arbiter_cli.trf import parse_trf
from arbiter_cli.trf.engine_output import parse_pairs
from arbiter_cli.trf.swiss import request_from_trf

from conftest import shared_file


@pytest.mark.parametrize("case", ["n0024_R09_s2122223694_r04", "n0024_R08_s1182986790_r02",
                                  "n0024_R09_s1507142303_r06"])
@pytest.mark.parametrize("chain", [True, False])
def test_step_f_beside_nested_blossoms_by_first_choices_as_by_the_solves(
        case: str, chain: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # In these corpus cases step F meets nested blossoms of positive dual (three in the first):
    # first_choices_in_chain must settle every S1 player there, and the pairing must be bbp's,
    # as it is when that path declines and the tight solve and the solve with digits decide.
    calls: list[bool] = []
    original = engine.first_choices_in_chain

    def spy(tight: Any, must: Any, blossoms: list[list[int]], *rest: Any) -> list[int] | None:
        found = original(tight, must, blossoms, *rest) if chain else None
        if any(set(inner) < set(outer) for inner in blossoms for outer in blossoms):
            calls.append(found is not None)
        return found

    monkeypatch.setattr(engine, "first_choices_in_chain", spy)
    path = shared_file(f"corpus/dutch-2026/cases/{case}.trf")
    result = pair_round(request_from_trf(parse_trf(path.read_text())))
    expected, bye = parse_pairs(path.with_suffix(".expected").read_text())
    assert sorted(result.pairs) == sorted(expected) and result.bye == bye
    assert calls and all(calls) == chain
