"""arbiter trf pair / check / generate: formats, line endings, exit codes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import Runner, shared_file

CASE = "corpus/dutch-2026/cases/n0006_R05_s0289393017_r05"


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_trf_pair_prints_the_engine_format_for_any_line_ending(arbiter: Runner, tmp_path: Path,
                                                                 newline: str) -> None:
    text = shared_file(f"{CASE}.trf").read_text()
    source = tmp_path / "case.trf"
    source.write_bytes(newline.join(text.splitlines()).encode())
    result = arbiter("trf", "pair", source)
    assert result.code == 0, result.err
    assert result.out == shared_file(f"{CASE}.expected").read_text()


def test_trf_pair_writes_to_a_file(arbiter: Runner, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    result = arbiter("trf", "pair", shared_file(f"{CASE}.trf"), "-o", out)
    assert result.code == 0 and result.out == ""
    assert out.read_text() == shared_file(f"{CASE}.expected").read_text()


def test_trf_pair_refuses_broken_files(arbiter: Runner, tmp_path: Path) -> None:
    text = shared_file(f"{CASE}.trf").read_text()
    no_rounds = tmp_path / "no-rounds.trf"
    no_rounds.write_text(text.replace("XXR 5\n", ""))
    result = arbiter("trf", "pair", no_rounds)
    assert result.code == 2 and "the total number of rounds is missing" in result.err
    bad = tmp_path / "bad.trf"
    bad.write_text(text.replace("    4 w 1", "   44 w 1", 1))
    result = arbiter("trf", "pair", bad)
    assert result.code == 2 and "opponent 44 does not exist" in result.err and "line" in result.err
    assert arbiter("trf", "pair", tmp_path / "missing.trf").code == 2


def test_no_valid_pairing_has_its_own_exit_code(arbiter: Runner, tmp_path: Path) -> None:
    # Two players who already met cannot be paired again (C1), and only one may get the PAB.
    trf = tmp_path / "stuck.trf"
    trf.write_text(
        "012 Stuck\n"
        "001    1      A                                 2000                             1.0    1     2 w 1\n"
        "001    2      B                                 1900                             0.0    2     1 b 0\n"
        "XXR 3\nXXC white1\n")
    result = arbiter("trf", "pair", trf)
    assert result.code == 6 and "round 2" in result.err


def test_trf_check_reports_each_differing_pair(arbiter: Runner, tmp_path: Path) -> None:
    generated = tmp_path / "g.trf"
    assert arbiter("trf", "generate", "-o", generated, "--players", "8", "--rounds", "3", "--seed", "5").code == 0
    result = arbiter("trf", "check", generated)
    assert result.code == 0 and result.out.count("identical") == 3
    lines = generated.read_text().splitlines()
    # swap the colours of one round-1 game: the checker must see it
    first = next(i for i, line in enumerate(lines) if line.startswith("001") and line[96] == "w")
    opponent = int(lines[first][91:95])
    second = next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == opponent)
    lines[first] = lines[first][:96] + "b" + lines[first][97:]
    lines[second] = lines[second][:96] + "w" + lines[second][97:]
    generated.write_text("\n".join(lines) + "\n")
    result = arbiter("trf", "check", generated)
    assert result.code == 4 and "round 1: differs" in result.out
    assert "file only:" in result.out and "arbiter only:" in result.out


def test_pair_and_pairings_explain_each_bracket(arbiter: Runner, tmp_path: Path) -> None:
    import shutil

    from conftest import ROOT

    folder = tmp_path / "open"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    result = arbiter("-d", folder, "pairings", "4", "--explain", "-f", "json")
    assert result.code == 0 and result.out.startswith("[")  # stdout keeps the data only
    assert "Round 4: Dutch system" in result.err and "Bracket 1: score" in result.err
    assert "moves down:" in result.err and "colours:" in result.err
    assert "differs from the engine" not in result.err  # the stored round is the engine's pairing
    rr_folder = tmp_path / "rr10"  # a copy: a command in the sample's own folder races with a test copying it
    shutil.copytree(ROOT / "sample_events" / "rr10-finished", rr_folder)
    rr = arbiter("-d", rr_folder, "pairings", "2", "--explain")
    assert "Berger table" in rr.err


def test_explain_counts_the_score_weighted_float_criteria() -> None:
    """C18-C21: an MDP who floated down last round floats down again, with its score difference."""
    from arbiter_cli.pairing.dutch import pair_round
    from arbiter_cli.pairing.dutch.explain import explain
    from arbiter_cli.trf import parse_trf
    from arbiter_cli.trf.swiss import request_from_trf

    from conftest import shared_file

    path = shared_file("corpus/dutch-2026/cases/n0010_R03_s0451482295_r03.trf")
    request = request_from_trf(parse_trf(path.read_text()))
    lines = explain(request, pair_round(request))
    assert "C18 MDPs paired here who floated down last round: 1 (score differences ½)" in "\n".join(lines)


def test_trf_check_reads_a_withdrawn_players_blank_rounds_as_absent(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 13, item 3: a blank past round means the player was not there (our own export after a
    withdrawal; bbpPairings' checker accepts it)."""
    import csv
    import io

    folder = tmp_path / "w"
    assert arbiter("new", folder, "--name", "W", "--system", "swiss", "--rounds", "7", "--seed", "5",
                   "--initial-colour", "white").code == 0
    for i in range(1, 14):
        assert arbiter("-d", folder, "player", "add", f"P{i}, X", "--rating", 2400 - 10 * i).code == 0

    def play(number: int) -> None:
        rows = csv.DictReader(io.StringIO(arbiter("-d", folder, "pair", "-f", "csv").out))
        lines = "".join(f"{row['board']} 1-0\n" for row in rows if row["black"])
        assert arbiter("-d", folder, "result", number, "--from", "-", stdin=lines).code == 0

    for number in (1, 2, 3):
        play(number)
    assert arbiter("-d", folder, "player", "withdraw", "5").code == 0
    for number in (4, 5):
        play(number)
    assert arbiter("-d", folder, "export", "-o", tmp_path / "w.trf").code == 0
    checked = arbiter("trf", "check", tmp_path / "w.trf")
    assert checked.code == 0, checked.out
    assert checked.out.count("identical") == 5 and "all 5 rounds are identical" in checked.err


def test_import_into_a_place_that_cannot_be_made_names_that_place_as_new_does(arbiter: Runner, tmp_path: Path) -> None:
    """It said 'the imported event does not make a valid folder: cannot create /proc/.x.import-PID'."""
    result = arbiter("import", shared_file(f"{CASE}.trf"), "/proc/x")
    assert result.code == 3 and result.err == "arbiter: error: cannot create /proc/x: No such file or directory\n"
