"""Issue 25 through the CLI: a team event's requested bye and the first pairing's numbers (fault 1),
a match forfeit entered over board results (fault 2), and a bye asked again (fault 11c). Each test
drives the commands an arbiter types and reads what pairings, standings, export, import and verify
say, so the harm itself is pinned, not only the act that caused it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import Runner

SAMPLE = "team-swiss20-in-progress"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _json(arbiter: Runner, *args: object) -> Any:
    done = arbiter(*args, "-f", "json")
    assert done.code == 0, done.err
    return json.loads(done.out)


def _table(arbiter: Runner, folder: Path) -> dict[str, tuple[object, object]]:
    """The standings as team name -> (MP, GP)."""
    return {r["name"]: (r["match_points"], r["game_points"]) for r in _json(arbiter, "-d", folder, "standings")}


def _trf_lines(path: Path) -> list[str]:
    return path.read_bytes().decode().replace("\r\n", "\n").replace("\r", "\n").split("\n")


# --------------------------------------------------------------------------- fault 1


def _weakest_first(arbiter: Runner, folder: Path) -> None:
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "5", "--name", "TS",
                   "--seed", "8").code == 0
    rows = "team,name,rating\n" + "".join(f"{team},{team}{i},{rating - i}\n" for team, rating in
                                          (("Low", 1500), ("Five", 1600), ("Four", 1700), ("Mid", 1900),
                                           ("Top", 2300)) for i in (1, 2))
    assert arbiter("-d", folder, "team", "import", "-", stdin=rows).code == 0


def test_team_bye_requested_before_round_1_stays_with_its_team_after_renumbering_end_to_end(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "ts"
    _weakest_first(arbiter, folder)
    assert arbiter("-d", folder, "team", "bye", "Low", "1").code == 0            # Low is team 1 until round 1
    assert arbiter("-d", folder, "team", "bye", "Five", "2", "--zero").code == 0  # Five is team 2
    assert arbiter("-d", folder, "pair").code == 0
    numbers = {t["name"]: t["number"] for t in _json(arbiter, "-d", folder, "team", "list")}
    assert numbers["Low"] == 5 and numbers["Five"] == 4  # the first pairing numbered them by team rating
    first = _json(arbiter, "-d", folder, "pairings", "1")
    byes = {r["first_name"]: r["result"] for r in first if r["match"] is None}
    assert byes == {"Low": "HPB"}  # Low has its bye, and Top (team 1 now) plays
    assert any(r["board"] is None and numbers["Top"] in (r["first"], r["second"]) for r in first if r["match"])
    assert (folder / "team_byes.csv").read_text().splitlines()[1:] == [f"2,{numbers['Five']},ZPB"]
    exported = tmp_path / "ts.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    assert f"240 Z   2 {numbers['Five']:4d}" in _trf_lines(exported)
    lines = [f"{r['match']}.{r['board']} 1-0" for r in first if r["board"] is not None and r["match"] is not None]
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="\n".join(lines) + "\n").code == 0
    assert _table(arbiter, folder)["Low"] == (1, 1)  # a half-point bye: a drawn match (C.04.6 1.4)
    assert arbiter("-d", folder, "pair").code == 0
    second = _json(arbiter, "-d", folder, "pairings", "2")
    assert {r["first_name"]: r["result"] for r in second if r["match"] is None}.get("Five") == "ZPB"
    assert arbiter("-d", folder, "verify").code == 0


def test_requested_bye_before_round_1_stays_with_its_player_when_a_later_entry_renumbers(
        arbiter: Runner, tmp_path: Path) -> None:
    """An individual Swiss renumbers at registration, not at the first pairing: a bye requested
    before round 1 follows its player through both."""
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--system", "swiss", "--rounds", "5", "--name", "Open", "--seed", "2").code == 0
    for name, rating in (("Ann", 2000), ("Bob", 1900), ("Cid", 1800), ("Dan", 1700)):
        assert arbiter("-d", folder, "player", "add", name, "--rating", str(rating)).code == 0
    assert arbiter("-d", folder, "bye", "2", "--round", "1", "--half").code == 0  # Bob
    assert arbiter("-d", folder, "player", "add", "Eve", "--rating", "2100").code == 0  # Bob becomes 3
    assert arbiter("-d", folder, "pair").code == 0
    rows = _json(arbiter, "-d", folder, "pairings", "1")
    assert [(r["white"], r["white_name"], r["result"]) for r in rows if r["board"] is None] == [(3, "Bob", "HPB")]


# --------------------------------------------------------------------------- fault 2


def test_match_forfeit_over_board_results_counts_in_pairings_standings_and_export(
        arbiter: Runner, sample: Any, tmp_path: Path) -> None:
    folder = sample(SAMPLE)
    before = _table(arbiter, folder)
    done = arbiter("-d", folder, "result", "4", "1", "+/-", "--correct")
    assert done.code == 0, done.err
    assert "round 4 match 1 result: none -> +/- (over the board results, kept on file and not counted)" in done.err
    assert "match 1's board results stay on file and count for nothing while the forfeit stands" in done.err
    # pairings: the match is a forfeit, 4-0, and its boards are not shown as counting
    rows = _json(arbiter, "-d", folder, "pairings", "4")
    match = [r for r in rows if r["match"] == 1]
    assert [(r["board"], r["result"], r["score"]) for r in match] == [(None, "+/-", "4-0")]
    # standings: Chambéry (7) lost 0-4 over the boards and now wins by forfeit; Bourgoin (9) the reverse
    after = _table(arbiter, folder)
    chambery, bourgoin = "Échecs Chambéry", "Échecs Bourgoin"
    assert after[chambery] == (before[chambery][0] + 2, before[chambery][1] + 4)
    assert after[bourgoin] == (before[bourgoin][0] - 2, before[bourgoin][1] - 4)
    assert {k: v for k, v in after.items() if k not in (chambery, bourgoin)} == \
        {k: v for k, v in before.items() if k not in (chambery, bourgoin)}
    # the team card has no round-4 game for a player of the forfeited match, but the team's line of it
    card = _json(arbiter, "-d", folder, "team", "card", "7")
    assert all(r["round"] != 4 for p in card if p["role"] != "match" for r in p["rounds"])
    assert [(r["round"], r["opponent_team"], r["result"]) for p in card if p["role"] == "match"
            for r in p["rounds"]] == [(4, 9, "+")]
    assert arbiter("-d", folder, "verify").code == 0
    # export: the forfeit is a 330 record, the kept boards are named in a warning, 310 has the standings' MP
    exported = tmp_path / "forfeit.trf"
    done = arbiter("-d", folder, "export", "-o", exported)
    assert done.code == 0, done.err
    assert "board results kept under a match forfeit are not exported (round 4 match 1)" in done.err
    lines = _trf_lines(exported)
    assert "330 +-   4   7   9" in lines
    team_7 = next(line for line in lines if line.startswith("310   7 "))
    assert (float(team_7[54:60]), float(team_7[61:67])) == after[chambery]  # 310: MP cols 55-60, GP 62-67
    # import of the export gives the same standings
    imported = tmp_path / "again"
    assert arbiter("import", exported, imported).code == 0
    assert _table(arbiter, imported) == after


def test_a_board_correction_under_a_match_forfeit_is_refused_and_changes_nothing(
        arbiter: Runner, sample: Any) -> None:
    folder = sample(SAMPLE)
    assert arbiter("-d", folder, "result", "4", "1", "+/-", "--correct").code == 0
    kept = _snapshot(folder)
    done = arbiter("-d", folder, "result", "4", "1.2", "1-0", "--correct")
    assert done.code == 4
    assert "match 1 was forfeited (+/-)" in done.err and "'arbiter result 4 1 none --correct'" in done.err
    assert _snapshot(folder) == kept
    assert "1,,7,9,+/-" in (folder / "rounds" / "04.csv").read_text()


def test_clearing_a_match_forfeit_over_board_results_restores_the_round(arbiter: Runner, sample: Any) -> None:
    folder = sample(SAMPLE)
    original = (folder / "rounds" / "04.csv").read_bytes()
    before = _table(arbiter, folder)
    assert arbiter("-d", folder, "result", "4", "1", "+/-", "--correct").code == 0
    done = arbiter("-d", folder, "result", "4", "1", "none", "--correct")
    assert done.code == 0, done.err
    assert "round 4 match 1 correction: +/- -> none" in done.err and "board results count again" in done.err
    assert (folder / "rounds" / "04.csv").read_bytes() == original
    assert _table(arbiter, folder) == before
    assert "nothing changed" in arbiter("-d", folder, "result", "4", "1", "none", "--correct").err
    # the board results are corrected as usual again
    assert arbiter("-d", folder, "result", "4", "1.2", "1/2-1/2", "--correct").code == 0


# --------------------------------------------------------------------------- fault 11c


def test_repeating_team_bye_says_nothing_changed_and_writes_nothing(arbiter: Runner, sample: Any) -> None:
    folder = sample(SAMPLE)
    assert arbiter("-d", folder, "team", "bye", "CHA02", "5").code == 0
    kept = _snapshot(folder)
    done = arbiter("-d", folder, "team", "bye", "CHA02", "5")
    assert done.code == 0 and "round 5: nothing changed" in done.err
    assert _snapshot(folder) == kept  # the journal too
    assert arbiter("-d", folder, "team", "bye", "CHA02", "5", "--zero").code == 0  # another kind is a change
    assert (folder / "journal.csv").read_bytes() != kept["journal.csv"]


def test_repeating_a_line_up_for_a_round_not_yet_paired_writes_nothing(arbiter: Runner, sample: Any) -> None:
    folder = sample(SAMPLE)
    roster = _json(arbiter, "-d", folder, "team", "roster", "CHA02")
    names = [p["name"] for p in roster][:4]
    assert arbiter("-d", folder, "lineup", "5", "CHA02", *names).code == 0
    kept = _snapshot(folder)
    done = arbiter("-d", folder, "lineup", "5", "CHA02", *names)
    assert done.code == 0 and "the line-up is unchanged" in done.err
    assert _snapshot(folder) == kept
