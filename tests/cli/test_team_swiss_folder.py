"""A team Swiss through the folder workflow (issue 16, "done means"): pair by C.04.6, line-ups,
results, a match forfeit, a late team, a withdrawal, standings, an early finish and finalising."""

from __future__ import annotations

import json
import random
from pathlib import Path

from conftest import Runner


def _results(arbiter: Runner, folder: Path, rnd: int, seed: int) -> None:
    rows = json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out)
    draw = random.Random(seed)
    lines = [f"{r['match']}.{r['board']} {draw.choice(['1-0', '0-1', '½-½'])}" for r in rows
             if r["board"] is not None and r["match"] is not None and r["result"] is None]
    if lines:
        done = arbiter("-d", folder, "result", str(rnd), "--from", "-", stdin="\n".join(lines) + "\n")
        assert done.code == 0, done.err


def test_a_team_swiss_runs_from_round_1_to_the_end(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "swiss"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "6", "--name", "TS",
                   "--seed", "8", "--colour-model", "b").code == 0
    rows = "team,name,rating\n" + "".join(f"T{t},T{t} p{p},{2200 - 40 * t - 5 * p}\n" for t in range(1, 10)
                                          for p in range(1, 4))
    assert arbiter("-d", folder, "team", "import", "-", stdin=rows).code == 0
    assert arbiter("-d", folder, "lineup", "1", "T1", "T1 p1", "T1 p3").code == 0
    paired = arbiter("-d", folder, "pair", "--explain", "-f", "json")
    assert paired.code == 0 and "Swiss Team Pairing System (C.04.6, 2026)" in paired.err
    assert "colour_model" in (folder / "tournament.toml").read_text()
    first = json.loads(paired.out)
    assert [r for r in first if r["match"] is None][0]["result"] == "PAB"  # 9 teams: a PAB
    _results(arbiter, folder, 1, 1)
    assert arbiter("-d", folder, "team", "add", "Late").code == 0  # a late team: ZPB in round 1
    assert arbiter("-d", folder, "team", "roster", "Late", "add", "L1/1500", "L2/1490").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    rows2 = json.loads(arbiter("-d", folder, "pairings", "2", "-f", "json").out)
    match = next(r for r in rows2 if r["board"] is None and r["match"] is not None)
    assert arbiter("-d", folder, "result", "2", str(match["match"]), "-/+").code == 0  # a match forfeit
    _results(arbiter, folder, 2, 2)
    assert arbiter("-d", folder, "team", "withdraw", "T9").code == 0
    assert arbiter("-d", folder, "team", "bye", "T2", "3").code == 0  # a requested half-point bye
    assert arbiter("-d", folder, "team", "bye", "T2", "2").code == 2  # round 2 is paired
    for rnd in (3, 4):
        assert arbiter("-d", folder, "pair").code == 0
        _results(arbiter, folder, rnd, rnd)
    assert arbiter("-d", folder, "verify").code == 0
    third = json.loads(arbiter("-d", folder, "pairings", "3", "-f", "json").out)
    teams = {r["first_name"]: r["first"] for r in third if r["match"] is None}
    assert [r["result"] for r in third if r["match"] is None and r["first"] == teams.get("T2")] == ["HPB"]
    # C1 and C2 (C.04.6): no two teams meet twice over the board, no team has two PABs
    met: set[frozenset[int]] = set()
    pabs: list[int] = []
    for rnd in range(1, 5):
        for r in json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out):
            if r["match"] is None and r["result"] == "PAB":
                pabs.append(r["first"])
            elif r["board"] is None and r["match"] is not None and not r["result"]:
                pair = frozenset((r["first"], r["second"]))
                assert pair not in met, (rnd, pair)
                met.add(pair)
    assert len(pabs) == len(set(pabs))
    standings = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    assert len(standings) == 10 and {"team_number", "match_points", "game_points", "rank", "tiebreaks"} <= set(
        standings[0])
    asked = arbiter("-d", folder, "finalize", "--after-round", "4", "--date", "2026-12-01")
    assert asked.code == 4 and "give --yes" in asked.err and "the event has 4 of 6 rounds" in asked.err
    assert arbiter("-d", folder, "finalize", "--after-round", "4", "--date", "2026-12-01", "--yes").code == 0
    assert "rounds = 4" in (folder / "tournament.toml").read_text()


def test_team_swiss_initial_colour_given_is_kept_and_a_team_round_robin_refuses_it(arbiter: Runner,
                                                                                 tmp_path: Path) -> None:
    """C.04.6: the first colour is drawn by lot unless the arbiter names it; a team round robin's colours
    come from the Berger tables and the board pattern, so --initial-colour there is refused, not ignored."""
    swiss = tmp_path / "swiss"
    assert arbiter("new", swiss, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "5", "--name", "TS",
                   "--initial-colour", "black").code == 0
    assert 'initial_colour = "black"' in (swiss / "tournament.toml").read_text()
    league = tmp_path / "league"
    refused = arbiter("new", league, "--teams", "--boards", "2", "--system", "round-robin", "--name", "L",
                      "--initial-colour", "black")
    assert refused.code == 2 and "--colours" in refused.err and not league.exists()
