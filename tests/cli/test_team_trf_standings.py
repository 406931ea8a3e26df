"""``arbiter trf standings`` on a team file (issue 15): teams ranked by the primary score and the
C.07 team tie-breaks, in the row shape the team Swiss checks build on."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import Runner, shared_file

SAMPLE = "realdata/trf/example_trf26.trf"


def _corrected_sample(tmp_path: Path) -> Path:
    """FIDE's 50-team sample with its line 345 corrected: its 240 record gives team 50 a half-point
    bye in round 3, the round 320 gives team 50 the PAB; team 47's 310, 801 and 802 records all
    count that half-point bye, so '50' is a slip for '47'."""
    lines = shared_file(SAMPLE).read_text(encoding="utf-8").split("\n")
    assert lines[344].startswith("240 H   3   26   50")
    lines[344] = lines[344].replace("   26   50", "   26   47")
    path = tmp_path / "sample.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_trf_standings_of_a_team_file_gives_team_rows_in_json(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("trf", "standings", _corrected_sample(tmp_path), "--tiebreaks", "MP,GP,EDE,EMGSB",
                     "--format", "json")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    assert len(rows) == 50
    assert set(rows[0]) == {"team_number", "name", "match_points", "game_points", "rank", "tiebreaks"}
    assert rows[0]["team_number"] == 16 and rows[0]["name"] == "India 3" and rows[0]["match_points"] == 20
    assert set(rows[0]["tiebreaks"]) == {"MP", "GP", "EDE", "EMGSB"}
    order = [(-row["match_points"], -row["game_points"]) for row in rows]
    assert order == sorted(order)  # MP first, then GP
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)


def test_trf_standings_of_a_team_file_shows_mp_and_gp_once_in_a_table(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("trf", "standings", _corrected_sample(tmp_path), "--format", "csv", "--tiebreaks",
                     "MP,GP,EDE,EMGSB")
    assert result.code == 0
    assert result.out.splitlines()[0] == "rank,team_number,name,match_points,game_points,EDE,EMGSB"


def test_trf_standings_of_a_team_file_ranks_by_its_own_tie_breaks_and_edition(arbiter: Runner,
                                                                             tmp_path: Path) -> None:
    """As the folder it imports into does: the file's 202 team tie-breaks, and the C.07 edition of
    its start date (042: 2024/01/01, the 2024 rules)."""
    sample = _corrected_sample(tmp_path)
    result = arbiter("trf", "standings", sample, "--format", "csv")
    assert result.code == 0
    assert result.out.splitlines()[0] == ("rank,team_number,name,match_points,game_points,EDET/P,EMGSB/C1/P,"
                                          "BH:MP/C1/P,MPvGP")
    chosen = arbiter("trf", "standings", sample, "--format", "csv", "--tiebreaks", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,"
                     "MPvGP", "--rules", "2024")
    assert chosen.out == result.out


def test_trf_standings_refuses_a_team_file_that_contradicts_itself_on_the_line(arbiter: Runner) -> None:
    result = arbiter("trf", "standings", shared_file(SAMPLE))
    assert result.code == 2 and result.out == ""
    assert result.err.endswith("line 345, field '240 round 3': team 50 has a requested bye in round 3 and the PAB "
                               "(320, line 512)\n")


def test_an_unknown_team_tiebreak_is_a_bad_argument(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("trf", "standings", _corrected_sample(tmp_path), "--tiebreaks", "MP,XYZ")
    assert result.code == 2 and "XYZ" in result.err and result.out == ""
