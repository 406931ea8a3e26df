"""The team event folder: its files read back as written, and every broken line is named with its
file, line and field (exit 3), with nothing changed on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.store.team_folder import TeamFolder, team_files

from conftest import Runner, snapshot


@pytest.fixture
def league(arbiter: Runner, tmp_path: Path) -> Path:
    folder = tmp_path / "league"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "round-robin", "--name", "L",
                   "--seed", "3").code == 0
    rows = "team,name,rating\n" + "".join(f"T{t},T{t} p{p},{2000 - 100 * t - p}\n" for t in range(1, 5)
                                          for p in range(1, 4))
    assert arbiter("-d", folder, "team", "import", "-", stdin=rows).code == 0
    assert arbiter("-d", folder, "lineup", "2", "T1", "T1 p1", "T1 p3").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1.1", "1-0").code == 0
    assert arbiter("-d", folder, "result", "1", "2", "-/+").code == 0
    return folder


def test_the_folder_reads_back_as_written(league: Path) -> None:
    folder = TeamFolder(league)
    with folder.lock():
        event = folder.load()
    assert {name: (league / name).read_text() for name in team_files(event)} == team_files(event)
    assert event.lineups and event.rounds[0].matches[1].forfeit is not None


@pytest.mark.parametrize("name,old,new,where", [
    ("tournament.toml", "boards = 2", "boards = 0", "tournament.toml, line 26, field 'team.boards'"),
    ("tournament.toml", "boards = 2", "boards = 2\npab = \"half\"", "field 'team.pab'"),
    ("teams.csv", "2,T2,", "2,,", "teams.csv, line 3, field 'name'"),
    ("teams.csv", "\n4,T4", "\n5,T4", "team numbers must run from 1 without gaps; 4 is missing"),
    ("players.csv", ",active,,1\n", ",active,,9\n", "players.csv, line 2, field 'team': '9' is not the number"),
    ("rounds/01.csv", "1,1,", "1,2,", "rounds/01.csv, line 3, field 'board': expected board 1"),
    ("rounds/01.csv", "1-0", "2-0", "rounds/01.csv, line 3, field 'result'"),
    ("lineups.csv", "2,", "1,", "lineups.csv, line 2, field 'round': round 1 is already paired"),
])
def test_a_broken_line_is_named_and_nothing_changes(arbiter: Runner, league: Path, name: str, old: str, new: str,
                                                    where: str) -> None:
    path = league / name
    text = path.read_text()
    assert old in text, text
    path.write_text(text.replace(old, new, 1))
    before = snapshot(league)
    outcome = arbiter("-d", league, "standings")
    assert outcome.code == 3 and where in outcome.err, outcome.err
    assert arbiter("-d", league, "result", "1", "1.2", "1-0").code == 3
    assert snapshot(league) == before


def test_a_player_in_the_wrong_team_on_a_board_is_named(arbiter: Runner, league: Path) -> None:
    path = league / "rounds" / "01.csv"
    lines = path.read_text().splitlines()
    first_board = lines[2].split(",")
    first_board[3] = first_board[2]  # the first team's player on the other side too
    lines[2] = ",".join(first_board)
    path.write_text("\n".join(lines) + "\n")
    outcome = arbiter("-d", league, "pairings")
    assert outcome.code == 3 and "rounds/01.csv, line 3, field 'second'" in outcome.err, outcome.err


def test_individual_commands_refuse_a_team_folder(arbiter: Runner, league: Path) -> None:
    outcome = arbiter("-d", league, "player", "add", "X")
    assert outcome.code == 4 and "holds a team event" in outcome.err
