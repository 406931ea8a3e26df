"""National ratings through the commands (issue 27): ``player add --national-rating``, the
``national_rating`` column of ``player import`` and ``players.csv``, ``player list``, ``arbiter new
--starting-rank`` and ``--roster-rating``, and a folder without any of them unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Runner, snapshot


def _new(arbiter: Runner, folder: Path, *extra: object) -> None:
    result = arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1, *extra)
    assert result.code == 0, result.err


def _players(arbiter: Runner, folder: Path) -> list[dict[str, object]]:
    result = arbiter("-d", folder, "player", "list", "-f", "json")
    assert result.code == 0, result.err
    players: list[dict[str, object]] = json.loads(result.out)
    return players


def test_a_folder_without_national_ratings_keeps_its_files_byte_identical(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder)
    assert arbiter("-d", folder, "player", "add", "Ak, Ali", "--rating", 2000).code == 0
    assert (folder / "players.csv").read_text().splitlines()[0] == (
        "start_number,name,title,rating,fide_id,federation,sex,birth_date,club,status,withdrawn_after")
    assert "starting_rank" not in (folder / "tournament.toml").read_text()
    assert "national_rating" not in _players(arbiter, folder)[0]
    assert "National" not in arbiter("-d", folder, "player", "list").out


def test_player_add_national_rating_is_kept_and_player_list_shows_it(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder)
    assert arbiter("-d", folder, "player", "add", "Ak, Ali", "--rating", 2000).code == 0
    result = arbiter("-d", folder, "player", "add", "Bal, Can", "--national-rating", 1850)
    assert result.code == 0, result.err
    assert (folder / "players.csv").read_text().splitlines()[:3] == [
        "start_number,name,title,rating,fide_id,federation,sex,birth_date,club,status,withdrawn_after,"
        "entered_round,member_id,national_rating",
        '1,"Ak, Ali",,2000,,,,,,active,,,,', '2,"Bal, Can",,,,,,,,active,,,,1850']
    assert [(p["name"], p["national_rating"]) for p in _players(arbiter, folder)] == [("Ak, Ali", None),
                                                                                       ("Bal, Can", 1850)]
    table = arbiter("-d", folder, "player", "list").out
    assert "National" in table and "1850" in table


def test_new_starting_rank_orders_the_start_numbers_of_player_import(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder, "--starting-rank", "tfn", "--federation", "TUR")
    assert 'starting_rank = "TFN"' in (folder / "tournament.toml").read_text()
    rows = ('name,rating,title,national_rating\n"Zor, Ada",,,\n"Lale, Ipek",2300,,\n"Ilk, Ata",,,2000\n'
            '"Tan, Ozan",1400,FM,\n')
    result = arbiter("-d", folder, "player", "import", "-", stdin=rows)
    assert result.code == 0, result.err
    assert [p["name"] for p in _players(arbiter, folder)] == ["Tan, Ozan", "Lale, Ipek", "Ilk, Ata", "Zor, Ada"]


@pytest.mark.parametrize("args,option,words", [
    (["--system", "swiss", "--rounds", "5", "--starting-rank", "elo"], "--starting-rank",
     "'ELO' is not a starting-rank method (FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, TFN)"),
    (["--system", "swiss", "--rounds", "5", "--teams", "--boards", "4", "--starting-rank", "nro"], "--starting-rank",
     "is for an individual event"),
    (["--system", "swiss", "--rounds", "5", "--roster-rating", "national"], "--roster-rating",
     "is for a team event"),
    (["--system", "swiss", "--rounds", "5", "--teams", "--boards", "4", "--roster-rating", "elo"],
     "--roster-rating", "'fide' or 'national'"),
])
def test_new_refuses_a_bad_starting_rank_or_roster_rating_naming_the_option(arbiter: Runner, tmp_path: Path,
                                                                             args: list[str], option: str,
                                                                             words: str) -> None:
    result = arbiter("new", tmp_path / "x", "--name", "X", *args)
    assert result.code == 2
    assert result.err.startswith("arbiter: error: ") and option in result.err and words in result.err, result.err
    assert result.err.count("\n") == 1
    assert not (tmp_path / "x").exists()


def test_player_import_bad_national_rating_names_file_line_field_and_changes_nothing(arbiter: Runner,
                                                                                    tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder)
    before = snapshot(folder)
    source = tmp_path / "in.csv"
    source.write_text("name,national_rating\n\"Ak, Ali\",1800\n\"Bal, Can\",high\n")
    result = arbiter("-d", folder, "player", "import", source)
    assert result.code == 2
    assert "in.csv, line 3, field 'national_rating'" in result.err, result.err
    assert snapshot(folder) == before


def test_player_add_national_rating_out_of_range_is_refused_naming_the_option(arbiter: Runner,
                                                                              tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder)
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", "Ak, Ali", "--national-rating", 4000)
    assert result.code == 2 and "--national-rating" in result.err, result.err
    assert snapshot(folder) == before


def test_players_csv_bad_national_rating_is_named_by_file_line_and_field(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "open"
    _new(arbiter, folder)
    assert arbiter("-d", folder, "player", "add", "Ak, Ali", "--national-rating", 1800).code == 0
    path = folder / "players.csv"
    path.write_text(path.read_text().replace(",1800", ",18x0"))
    result = arbiter("-d", folder, "player", "list")
    assert result.code != 0
    assert "players.csv, line 2, field 'national_rating'" in result.err, result.err


def test_team_event_with_national_roster_rating_reads_rosters_and_team_rating_by_it(arbiter: Runner,
                                                                                    tmp_path: Path) -> None:
    folder = tmp_path / "league"
    result = arbiter("new", folder, "--name", "League", "--system", "swiss", "--rounds", 3, "--teams", "--boards", 2,
                     "--roster-rating", "national", "--seed", 1)
    assert result.code == 0, result.err
    assert 'roster_rating = "national"' in (folder / "tournament.toml").read_text()
    rows = ("team,name,rating,national_rating\nAlpha,\"Ak, Ali\",1500,2000\nAlpha,\"Bal, Can\",2400,\n"
            "Beta,\"Can, Ece\",2600,1800\nBeta,\"Dal, Oya\",2500,1700\n")
    result = arbiter("-d", folder, "team", "import", "-", stdin=rows)
    assert result.code == 0, result.err
    teams = json.loads(arbiter("-d", folder, "team", "list", "-f", "json").out)
    assert [(t["name"], t["rating"]) for t in teams] == [("Alpha", 1975), ("Beta", 1750)]  # (2000 + 1950) / 2
    roster = json.loads(arbiter("-d", folder, "team", "roster", "Alpha", "-f", "json").out)
    assert [(p["name"], p["rating"], p["national_rating"]) for p in roster] == [("Ak, Ali", 1500, 2000),
                                                                                 ("Bal, Can", 2400, None)]
    assert (folder / "players.csv").read_text().splitlines()[0].endswith(",team,national_rating")
    before = snapshot(folder)
    result = arbiter("-d", folder, "team", "roster", "Beta", "add", "Eli, Su/2800///1900")
    assert result.code == 4 and "no. 2 Dal, Oya (1700) stands above no. 3 Eli, Su (1900)" in result.err, result.err
    assert snapshot(folder) == before
