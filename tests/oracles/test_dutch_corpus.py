"""The Dutch engine against bbpPairings v6 (the FIDE-endorsed engine for the 2026 rules).

Each case is named after the corpus file it covers. CI runs a fixed, stratified
sample (``SAMPLE_PER_SIZE`` cases of every field size, chosen by a stable
hash) plus every engine test; the whole corpus
runs with ``python scripts/dutch_corpus.py``.
"""

from __future__ import annotations

import hashlib
from typing import Any
from pathlib import Path

import pytest

from arbiter_cli.pairing.dutch import pair_round
from arbiter_cli.trf import parse_trf
from arbiter_cli.trf.engine_output import format_pairs, parse_pairs
from arbiter_cli.trf.importer import import_trf
from arbiter_cli.trf.swiss import next_round

from conftest import SHARED, shared_file

CASES = SHARED / "corpus" / "dutch-2026" / "cases"
POINTS = SHARED / "corpus" / "dutch-2026-points" / "cases"
BAKU = SHARED / "corpus" / "dutch-2026-baku" / "cases"
FORBIDDEN = SHARED / "corpus" / "dutch-2026-forbidden" / "cases"
ENGINE_TESTS = SHARED / "realdata" / "engine-tests"

#: Cases per field size in CI (the whole corpus: scripts/dutch_corpus.py).
SAMPLE_PER_SIZE = {6: 70, 7: 70, 10: 70, 15: 70, 24: 50, 40: 40, 63: 30, 100: 20, 250: 8}


def _sample() -> list[str]:
    shared_file("corpus/dutch-2026/summary.json")  # fails loudly when the corpus is missing
    by_size: dict[int, list[str]] = {}
    for path in CASES.glob("*.trf"):
        by_size.setdefault(int(path.name[1:5]), []).append(path.stem)
    chosen: list[str] = []
    for size, count in SAMPLE_PER_SIZE.items():
        names = sorted(by_size.get(size, []), key=lambda n: hashlib.sha256(n.encode()).hexdigest())
        assert len(names) >= count, f"the corpus has only {len(names)} cases of {size} players"
        chosen += sorted(names[:count])
    return chosen


def _paired(text: str) -> str:
    """The next round of a TRF as ``arbiter trf pair`` pairs it: the file imported (one conversion,
    with the importer's checks) and paired from the imported event, written in the file's ranks."""
    trf = parse_trf(text)
    wanted = next_round(trf, import_trf(trf, name="case", for_folder=True))
    result = pair_round(wanted.request)
    return format_pairs(*wanted.in_file(result.pairs, result.bye))


def _check(trf: Path) -> None:
    expected = trf.with_suffix(".expected")
    if not expected.is_file():
        pytest.fail(f"missing oracle file {expected}", pytrace=False)
    got = _paired(trf.read_bytes().decode("utf-8"))
    assert parse_pairs(got) == parse_pairs(expected.read_text()), f"{trf.name}\nexpected:\n{expected.read_text()}got:\n{got}"


@pytest.mark.parametrize("case", _sample())
def test_corpus_case(case: str) -> None:
    _check(CASES / f"{case}.trf")


def _one_in(every: int, corpus: str) -> list[str]:
    """One case in ``every`` of a corpus folder, by a stable hash of its name."""
    shared_file(f"corpus/{corpus}/summary.json")  # fails loudly when the corpus is missing
    names = sorted(p.stem for p in (SHARED / "corpus" / corpus / "cases").glob("*.trf"))
    return [n for n in names if int(hashlib.sha256(n.encode()).hexdigest(), 16) % every == 0]


def _points_sample() -> list[str]:
    """One case in five of each point system (3-1-0, 2-1-0, 3-1-0 with a PAB of 1), by a stable hash."""
    chosen = _one_in(5, "dutch-2026-points")
    assert {n.split("_")[0] for n in chosen} == {"w3d1", "w2d1", "w3d1p1"}, "a point system is missing"
    return chosen


@pytest.mark.parametrize("case", _points_sample())
def test_points_corpus_case_paired_in_the_events_own_points_c_04_1_art_3(case: str) -> None:
    _check(POINTS / f"{case}.trf")


@pytest.mark.parametrize("case", _one_in(4, "dutch-2026-baku"))
def test_baku_corpus_case_pairs_on_the_pairing_score_c_04_7(case: str) -> None:
    _check(BAKU / f"{case}.trf")


@pytest.mark.parametrize("case", sorted(p.stem for p in ENGINE_TESTS.glob("*.trf")) or ["<none found>"])
def test_engine_test(case: str) -> None:
    _check(shared_file(f"realdata/engine-tests/{case}.trf"))


def test_the_sample_is_at_least_400_cases() -> None:
    sizes = {int(p.name[1:5]) for p in CASES.glob("*.trf")}
    assert sizes == {6, 7, 10, 15, 24, 40, 63, 100, 250}
    assert set(SAMPLE_PER_SIZE) == sizes
    assert len(_sample()) >= 400


@pytest.mark.parametrize("case", _sample()[::12])
def test_corpus_case_with_step_f_on_every_edge(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Step F keeps only the zero-slack edges of an optimal solve (in every remainder, as
    # _Engine.MANY_S1 is 0): the same pairings must come out from one solve with digits
    # on every edge, as step F was first written.
    from arbiter_cli.pairing.dutch.engine import _Engine

    monkeypatch.setattr(_Engine, "MANY_S1", 10 ** 9)
    _check(CASES / f"{case}.trf")


@pytest.mark.parametrize("case", _sample()[3::12])
def test_corpus_case_with_step_f_by_digits_on_zero_slack_edges(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # On the zero-slack edges, step F takes each S1 player's first option an optimal pairing
    # still allows by augmenting paths (completion.first_choices); the solve with
    # lexicographic digits that it replaces must give the same pairings.
    from arbiter_cli.pairing.dutch.engine import _Engine

    monkeypatch.setattr(_Engine, "MANY_S1", 0)
    monkeypatch.setattr(_Engine, "FIRST_CHOICES", False)
    _check(CASES / f"{case}.trf")


@pytest.mark.parametrize("case", _sample()[5::12])
def test_corpus_case_with_cold_solves_only(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A warm start can return a different optimum of equal weight than a cold one;
    # the bracket steps must read only what every optimum shares, so both agree.
    from arbiter_cli.pairing.dutch.engine import _Engine

    monkeypatch.setattr(_Engine, "WARM", False)
    _check(CASES / f"{case}.trf")


@pytest.mark.parametrize("case", _sample()[9::12])
def test_corpus_case_with_step_e_always_solved(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Step E skips its solve when the last solve's zero-slack edges hold an optimal pairing
    # with no exchange (C.04.3 Art. 4.3), and step F then reuses those edges; running E's
    # solve and F's tight solve every time must give the same pairings.
    from arbiter_cli.pairing.dutch.engine import _Engine

    monkeypatch.setattr(_Engine, "NATURAL", False)
    _check(CASES / f"{case}.trf")


@pytest.mark.parametrize("case", ["n0100_R03_s0077973946_r02", "n0100_R03_s2121510534_r02"])
def test_step_e_without_its_solve_when_an_optimal_pairing_needs_no_exchange(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first case settles a bracket's step E without a solve although a pair was frozen
    # by step D and the last solve has a blossom of positive dual; in the second, one
    # bracket has no such pairing, and E solves. Both give bbp's pairing.
    from arbiter_cli.pairing.dutch.engine import _Engine

    seen: list[tuple[bool, bool, bool]] = []
    original = _Engine._natural_roles

    def spy(self: _Engine, players: list[int], pairs: int) -> list[int] | None:
        found = original(self, players, pairs)
        assert self.optimum is not None and self.local is not None
        seen.append((found is not None, any(v in self.frozen for v in self.local), len(self.optimum[1]) > 1))
        return found

    monkeypatch.setattr(_Engine, "_natural_roles", spy)
    _check(CASES / f"{case}.trf")
    assert (True, True, True) in seen
    assert any(not found for found, _, _ in seen) == (case == "n0100_R03_s2121510534_r02")


@pytest.mark.parametrize("case", _sample()[7::12])
def test_corpus_case_with_every_step_f_option_tested(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # completion.first_choices passes over the options no even alternating path reaches
    # (their test would fail); testing every option must give the same pairings.
    from arbiter_cli.pairing.dutch import completion

    monkeypatch.setattr(completion, "SKIP_UNREACHABLE", False)
    _check(CASES / f"{case}.trf")


@pytest.mark.parametrize("case", ["n0007_R03_s0204981517_r02", "n0100_R05_s1650061729_r05"])
@pytest.mark.parametrize("digits", [False, True])
def test_step_f_beside_one_blossom_of_the_zero_duals_by_first_choices_as_by_digits(
        case: str, digits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # Step F's tight solve leaves one blossom of positive dual holding every vertex of dual
    # zero, beside an even number of vertices of positive dual: first_choices settles the S1
    # players on the zero-slack edges inside each of the two sets (no optimal pair joins
    # them). Here it must take that path, and give bbp's pairing, as the solve with digits does.
    from arbiter_cli.pairing.dutch.engine import _Engine

    taken: list[bool] = []
    original = _Engine._first_choices

    def spy(self: _Engine, *args: object) -> bool:
        covered, *blossoms = self.conditions
        done = original(self, *args)  # type: ignore[arg-type]
        if len(blossoms) == 1 and len(blossoms[0]) < len(self.tight_mate):
            taken.append(done)
        return done

    monkeypatch.setattr(_Engine, "_first_choices", spy)
    monkeypatch.setattr(_Engine, "FIRST_CHOICES", not digits)
    # (on the tight solve's conditions: with NATURAL, F first tries those of the last solve
    # before E, and declines other shapes of them before solving)
    monkeypatch.setattr(_Engine, "NATURAL", False)
    _check(CASES / f"{case}.trf")
    assert digits or (taken and all(taken))


@pytest.mark.parametrize("case", ["n0010_R04_s0820244554_r03", "n0024_R10_s0663683475_r07",
                                  "n0250_R06_s1503896740_r02"])
@pytest.mark.parametrize("digits", [False, True])
def test_step_f_beside_one_blossom_by_the_best_of_each_familys_first_choices_as_by_digits(
        case: str, digits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # Step F's tight solve leaves one blossom B of positive dual beside vertices of any dual
    # (not item 18's shape): the optimal pairings split into families by the partner of B's one
    # vertex not paired inside it (none, or each vertex outside), and the S1 players take the
    # best of each family's first choices. Here (2, 4 and 1 families) it must take that path
    # and settle every S1 player, and give bbp's pairing, as the solve with digits does.
    from arbiter_cli.pairing.dutch import engine

    settled: list[bool] = []
    original = engine.first_choices_among

    def spy(*args: Any) -> list[int] | None:
        found = original(*args)
        settled.append(found is not None)
        return found

    monkeypatch.setattr(engine, "first_choices_among", spy)
    monkeypatch.setattr(engine._Engine, "FIRST_CHOICES", not digits)
    # (item 21's path would settle two of these on the last solve's nested blossoms first)
    monkeypatch.setattr(engine, "first_choices_in_chain", lambda *args: None)
    _check(CASES / f"{case}.trf")
    assert digits or (settled and all(settled))
    assert not digits or not settled


def _baku_case(residue: int) -> Path:
    """The first Baku corpus case of round 2 whose field size n has n mod 4 == ``residue``."""
    for path in sorted(BAKU.glob("*_r02.trf")):
        if int(path.name.split("_")[1][1:]) % 4 == residue:
            return path
    pytest.fail(f"no Baku case with n mod 4 = {residue}", pytrace=False)


@pytest.mark.parametrize("residue", [0, 1, 2, 3])
def test_192_baku_without_250_gives_group_a_2_ceil_n_over_4_by_the_fide_text(residue: int) -> None:
    # The corpus writes Baku as explicit 250 records for group A = 2*ceil(n/4) players. Named by
    # 192 FIDE_DUTCH_2025_BAKU instead, our engine computes the same virtual points from the FIDE
    # text (bbpPairings' automatic mode would take ceil(n/2), which differs when n mod 4 is 1 or 2).
    path = _baku_case(residue)
    lines = [line for line in path.read_text().splitlines() if not line.startswith("250")]
    text = "\n".join(line if not line.startswith("092") else "192 FIDE_DUTCH_2025_BAKU" for line in lines) + "\n"
    expected = path.with_suffix(".expected").read_text()
    assert parse_pairs(_paired(text)) == parse_pairs(expected), path.name


def test_xxa_virtual_points_pair_as_the_same_250_records() -> None:
    from fractions import Fraction

    from arbiter_cli.trf.acceleration import virtual_points

    path = _baku_case(1)
    trf = parse_trf(path.read_text())
    rounds = trf.total_rounds or 0
    virtual = virtual_points(trf, Fraction(1), rounds)
    assert virtual, "the case has 250 records"
    xxa = [f"XXA {tpn:4d} " + " ".join(f"{float(v):4.1f}" for v in values) for tpn, values in sorted(virtual.items())]
    text = "\n".join(line for line in path.read_text().splitlines() if not line.startswith("250"))
    text += "\n" + "\n".join(xxa) + "\n"
    assert virtual_points(parse_trf(text), Fraction(1), rounds) == virtual
    assert parse_pairs(_paired(text)) == parse_pairs(path.with_suffix(".expected").read_text())


@pytest.mark.parametrize("case", _one_in(3, "dutch-2026-forbidden"))
def test_forbidden_pairs_corpus_case_absolute_as_c1(case: str) -> None:
    _check(FORBIDDEN / f"{case}.trf")


def _whole_event_records(path: Path) -> list[str]:
    """The case's 260 lines that cover every round of the event (rounds 1 to R)."""
    total = parse_trf(path.read_text()).total_rounds
    return [line for line in path.read_text().splitlines()
            if line.startswith("260") and line[4:7].strip() == "1" and line[8:11].strip() == str(total)]


def test_xxp_forbids_every_pair_of_its_players_in_every_round() -> None:
    # JaVaFo's XXP has no round range: a 260 record over every round, written as XXP, pairs the same.
    path = next((p for p in sorted(FORBIDDEN.glob("*_r03.trf")) if _whole_event_records(p)), None)
    if path is None:
        pytest.fail("no forbidden-pairs case has a 260 record over every round", pytrace=False)
    whole = _whole_event_records(path)
    text = "\n".join("XXP " + line[12:] if line in whole else line for line in path.read_text().splitlines())
    assert parse_pairs(_paired(text + "\n")) == parse_pairs(path.with_suffix(".expected").read_text())


def test_no_legal_pairing_names_the_forbidden_pairs_that_block_it() -> None:
    from arbiter_cli.pairing.dutch import NoValidPairing

    text = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
    pairs, _ = parse_pairs(shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.expected").read_text())
    # forbid every pair among the players the engine pairs: no legal pairing is left
    players = sorted({p for pair in pairs for p in pair})
    lines = [f"260   5   5 {' '.join(f'{p:4d}' for p in players)}"]
    with pytest.raises(NoValidPairing, match=r"the forbidden pairs .* block it"):
        _paired(text.replace("XXR 5", "XXR 5\n" + lines[0]))
