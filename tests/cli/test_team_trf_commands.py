"""arbiter trf pair / check / generate on a team Swiss (C.04.6): team numbers, the PAB as 'team 0',
every round re-paired, the explanation, and what the file must say."""

from __future__ import annotations

from pathlib import Path

from arbiter_cli.trf.team_generate import TeamSwissShape, generate_team_swiss
from conftest import Runner


def _generate(arbiter: Runner, tmp_path: Path, *options: str) -> Path:
    path = tmp_path / "team.trf"
    result = arbiter("trf", "generate", "--teams", "11", "--boards", "4", "--rounds", "6", "--seed", "3",
                     *options, "-o", path)
    assert result.code == 0, result.err
    return path


def test_trf_generate_writes_a_team_swiss_that_trf_check_finds_identical(arbiter: Runner, tmp_path: Path) -> None:
    path = _generate(arbiter, tmp_path, "--colour-model", "b", "--primary", "gp")
    text = path.read_text()
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in text and "\n152 " in text and "\n320 " in text and "\n352 WBWB" in text
    result = arbiter("trf", "check", path)
    assert result.code == 0, result.out + result.err
    assert result.out.count(": identical (") == 6


def test_trf_pair_prints_team_numbers_and_the_pab_as_team_0(arbiter: Runner, tmp_path: Path) -> None:
    path = tmp_path / "four.trf"  # four rounds of six played: round 5 is to pair
    path.write_text(generate_team_swiss(TeamSwissShape(11, 4, 6, seed=3, bye_rate=0, withdraw_rate=0, paired=4)))
    result = arbiter("trf", "pair", path, "--explain")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "6" and lines[-1].endswith(" 0") and len(lines) == 7
    teams = sorted(int(t) for line in lines[1:] for t in line.split() if t != "0")
    assert teams == list(range(1, 12))
    assert "Round 5 of 6" in result.err and "C7 and C10 do not apply" in result.err and "colours by 4.3." in result.err


def test_trf_pair_needs_the_number_of_rounds(arbiter: Runner, tmp_path: Path) -> None:
    path = _generate(arbiter, tmp_path)
    path.write_text("\n".join(line for line in path.read_text().splitlines() if not line.startswith("142")) + "\n")
    result = arbiter("trf", "pair", path)
    assert result.code == 2 and "record 142" in result.err


def test_trf_check_names_a_round_that_differs(arbiter: Runner, tmp_path: Path) -> None:
    path = _generate(arbiter, tmp_path, "--colour-model", "none")
    text = path.read_text().replace("152 W", "152 X").replace("152 B", "152 W").replace("152 X", "152 B")
    path.write_text(text)  # the other initial colour: round 1's colours all change
    result = arbiter("trf", "check", path)
    assert result.code == 4 and "round 1: differs" in result.out and "arbiter only:" in result.out
