"""Players from the rating lists on the command line (issue 27): ``lists load|find|show``,
``player add --fide-id``, ``player import`` of FIDE IDs and ``player update-ratings``. The lists
are written here, in FIDE's real TXT form, into each test's own data folder."""

from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

from arbiter_cli.ratings.fide_list import ListRecord, txt_lines
from arbiter_cli.store.rating_lists import DATA_DIR_VARIABLE
from tests.conftest import Runner, snapshot

CARLSEN = ListRecord(1503014, "Carlsen, Magnus", "NOR", "M", "GM", standard_rating=2833, standard_k=10,
                     rapid_rating=2823, rapid_k=20, blitz_rating=2886, blitz_k=20, birth_year=1990)
HOU = ListRecord(8602980, "Hou, Yifan", "CHN", "F", "GM", "WGM", standard_rating=2633, standard_k=10,
                 rapid_rating=2590, rapid_k=20, birth_year=1994, flag="w")
GIRI = ListRecord(24116068, "Giri, Anish", "NED", "M", "GM", standard_rating=2745, standard_k=10, birth_year=1994)
NEWCOMER = ListRecord(34567890, "Çelik, Ayşe", "TUR", "F", flag="wi")
LIST = (CARLSEN, HOU, GIRI, NEWCOMER)


@pytest.fixture
def listed(arbiter: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """FIDE's list of 2026-05 loaded into the test's own data folder; the list file."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))
    source = tmp_path / "players_list_foa.txt"
    source.write_text("".join(txt_lines(LIST)), encoding="utf-8")
    loaded = arbiter("lists", "load", source, "--date", "2026-05")
    assert loaded.code == 0, loaded.err
    return source


def new_event(arbiter: Runner, folder: Path, *extra: str) -> Path:
    made = arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "1", *extra)
    assert made.code == 0, made.err
    return folder


def players(folder: Path) -> list[dict[str, str]]:
    with open(folder / "players.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_lists_load_says_what_it_loaded_and_show_lists_it(arbiter: Runner, listed: Path) -> None:
    shown = arbiter("lists", "show", "-f", "json")
    assert shown.code == 0
    assert [(r["list"], r["date"], r["players"], r["form"]) for r in json.loads(shown.out)] == \
        [("fide", "2026-05-01", 4, "txt")]


def test_lists_find_gives_every_field_of_the_list(arbiter: Runner, listed: Path) -> None:
    found = arbiter("lists", "find", "hou", "-f", "json")
    assert found.code == 0, found.err
    [row] = json.loads(found.out)
    assert (row["list"], row["fide_id"], row["name"], row["title"], row["w_title"], row["standard_rating"],
            row["standard_k"], row["rapid_rating"], row["blitz_rating"], row["birth_year"], row["flag"]) == \
        ("fide", 8602980, "Hou, Yifan", "GM", "WGM", 2633, 10, 2590, None, 1994, "w")
    assert [row["fide_id"] for row in json.loads(arbiter("lists", "find", "Anish Giri", "-f", "json").out)] == \
        [24116068]


def test_lists_find_with_no_list_loaded_is_refused(arbiter: Runner, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "empty"))
    found = arbiter("lists", "find", "carlsen")
    assert (found.code, found.err.strip()) == (4, "arbiter: error: no rating list is loaded: load FIDE's with "
                                                  "'arbiter lists load players_list_foa.txt' (or its XML form)")


def test_a_bad_line_in_a_list_is_one_error_and_the_loaded_list_stays(arbiter: Runner, listed: Path,
                                                                      tmp_path: Path) -> None:
    bad = tmp_path / "june.txt"
    lines = list(txt_lines([GIRI._replace(standard_rating=2750), CARLSEN]))
    lines[2] = lines[2].replace(" M   ", " X   ")
    bad.write_text("".join(lines), encoding="utf-8")
    loaded = arbiter("lists", "load", bad)
    assert (loaded.code, loaded.err) == (2, f"arbiter: error: {bad}, line 3, field 'Sex': 'X' is not a sex (M or F)\n")
    assert json.loads(arbiter("lists", "find", "24116068", "-f", "json").out)[0]["standard_rating"] == 2745


def test_a_national_list_is_loaded_by_its_column_mapping(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    national = tmp_path / "dwz.csv"
    national.write_text("ID;Name;DWZ;FIDE\n1001;Carlsen, Magnus;2900;1503014\n", encoding="utf-8")
    loaded = arbiter("lists", "load", national, "--national", "ger", "--map", "id=ID,name=Name,rating=DWZ,fide_id=FIDE")
    assert loaded.code == 0, loaded.err
    assert "the national list ger" in loaded.err
    rows = json.loads(arbiter("lists", "find", "1503014", "-f", "json").out)
    assert [(r["list"], r["national_id"], r["national_rating"]) for r in rows] == [("fide", None, None),
                                                                                  ("ger", "1001", 2900)]
    unmapped = arbiter("lists", "load", national, "--map", "id=ID,name=Name,rating=DWZ")
    assert unmapped.code == 2 and "give --national NAME too" in unmapped.err


def test_player_add_with_a_fide_id_fills_every_field_from_the_list(arbiter: Runner, listed: Path,
                                                                    tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    added = arbiter("-d", folder, "player", "add", "--fide-id", "8602980")
    assert added.code == 0, added.err
    [row] = players(folder)
    assert {k: row[k] for k in ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date")} == \
        {"name": "Hou, Yifan", "title": "GM", "rating": "2633", "fide_id": "8602980", "federation": "CHN",
         "sex": "w", "birth_date": "1994"}
    assert "from FIDE's list of 2026-05-01" in added.err


def test_player_add_takes_the_rating_of_the_events_rate_of_play(arbiter: Runner, listed: Path,
                                                                 tmp_path: Path) -> None:
    """C.04.2 Art. 2.1: the rating in force, of the list of the event's rate of play."""
    folder = new_event(arbiter, tmp_path / "rapid", "--rating-type", "rapid")
    assert arbiter("-d", folder, "player", "add", "--fide-id", "1503014").code == 0
    assert players(folder)[0]["rating"] == "2823"


def test_player_add_options_given_win_over_the_list(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    assert arbiter("-d", folder, "player", "add", "--fide-id", "1503014", "--rating", "2800",
                   "--federation", "FID").code == 0
    row = players(folder)[0]
    assert (row["name"], row["rating"], row["federation"], row["title"]) == ("Carlsen, Magnus", "2800", "FID", "GM")


def test_player_add_of_a_fide_id_not_in_the_list_is_refused_and_changes_nothing(arbiter: Runner, listed: Path,
                                                                                tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    before = snapshot(folder)
    refused = arbiter("-d", folder, "player", "add", "--fide-id", "777")
    assert (refused.code, refused.err) == (2, "arbiter: error: field '--fide-id': FIDE ID 777 is not in FIDE's list "
                                              "of 2026-05-01; give the player's NAME to register them anyway\n")
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "player", "add", "Unlisted, Una", "--fide-id", "777").code == 0
    assert players(folder)[0]["fide_id"] == "777"


def test_player_add_of_a_fide_id_with_no_list_loaded_needs_the_name(arbiter: Runner, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "empty"))
    folder = new_event(arbiter, tmp_path / "open")
    refused = arbiter("-d", folder, "player", "add", "--fide-id", "1503014")
    assert refused.code == 2
    assert refused.err.startswith("arbiter: error: field 'NAME': no rating list is loaded to fill FIDE ID 1503014 in")


def test_player_import_of_a_column_of_fide_ids_fills_every_field(arbiter: Runner, listed: Path,
                                                                 tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    imported = arbiter("-d", folder, "player", "import", "-", stdin="fide_id\n24116068\n1503014\n34567890\n")
    assert imported.code == 0, imported.err
    assert "3 players filled in from FIDE's list of 2026-05-01" in imported.err
    assert [(r["start_number"], r["name"], r["rating"], r["title"]) for r in players(folder)] == \
        [("1", "Carlsen, Magnus", "2833", "GM"), ("2", "Giri, Anish", "2745", "GM"), ("3", "Çelik, Ayşe", "", "")]


def test_player_import_fills_only_the_blank_cells_of_a_row(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    text = "name,rating,fide_id,club\n,,1503014,SK Oslo\n\"Giri, A.\",2700,24116068,\nDoe, John,1500,,\n"
    assert arbiter("-d", folder, "player", "import", "-", stdin=text.replace("Doe, John", '"Doe, John"')).code == 0
    assert [(r["name"], r["rating"], r["federation"], r["club"]) for r in players(folder)] == \
        [("Carlsen, Magnus", "2833", "NOR", "SK Oslo"), ("Giri, A.", "2700", "NED", ""), ("Doe, John", "1500", "", "")]


def test_player_import_of_a_fide_id_not_in_the_list_names_the_line(arbiter: Runner, listed: Path,
                                                                  tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    before = snapshot(folder)
    refused = arbiter("-d", folder, "player", "import", "-", stdin="fide_id\n1503014\n777\n")
    assert (refused.code, refused.err) == (2, "arbiter: error: <stdin>, line 3, field 'fide_id': FIDE ID 777 is not "
                                              "in FIDE's list of 2026-05-01; give the player's NAME to register them "
                                              "anyway\n")
    assert snapshot(folder) == before


def test_a_knockout_registers_from_the_list_through_the_same_event_interface(arbiter: Runner, listed: Path,
                                                                             tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--seed", "1").code == 0
    assert arbiter("-d", folder, "player", "add", "--fide-id", "24116068").code == 0
    assert players(folder)[0]["name"] == "Giri, Anish"


def stale_event(arbiter: Runner, tmp_path: Path) -> Path:
    """Three players registered with last month's ratings, a title and a federation since changed."""
    folder = new_event(arbiter, tmp_path / "open")
    for name, rating, extra in (("Carlsen, Magnus", 2830, ["--fide-id", "1503014", "--federation", "ENG"]),
                                ("Giri, Anish", 2860, ["--fide-id", "24116068", "--title", "IM"]),
                                ("Doe, John", 1500, [])):
        assert arbiter("-d", folder, "player", "add", name, "--rating", rating, *extra).code == 0
    return folder


def test_update_ratings_before_round_1_shows_each_change_and_renumbers(arbiter: Runner, listed: Path,
                                                                       tmp_path: Path) -> None:
    folder = stale_event(arbiter, tmp_path)
    updated = arbiter("-d", folder, "player", "update-ratings", "-f", "json")
    assert updated.code == 0, updated.err
    assert [(r["start_number"], r["name"], r["field"], r["old"], r["new"]) for r in json.loads(updated.out)] == [
        (1, "Giri, Anish", "rating", "2860", "2745"), (1, "Giri, Anish", "title", "IM", "GM"),
        (2, "Carlsen, Magnus", "rating", "2830", "2833"), (2, "Carlsen, Magnus", "federation", "ENG", "NOR")]
    assert "note: 1 player without a FIDE ID kept as registered" in updated.err
    assert "note: the start numbers follow C.04.2 2.2 again: 2 players renumbered" in updated.err
    assert [(r["start_number"], r["name"], r["rating"]) for r in players(folder)] == \
        [("1", "Carlsen, Magnus", "2833"), ("2", "Giri, Anish", "2745"), ("3", "Doe, John", "1500")]
    with open(folder / "journal.csv", encoding="utf-8", newline="") as handle:
        journal = list(csv.DictReader(handle))
    assert [(r["change"], r["old"], r["new"]) for r in journal[-4:]] == [
        ("1 (Giri, Anish) rating", "2860", "2745"), ("1 (Giri, Anish) title", "IM", "GM"),
        ("2 (Carlsen, Magnus) rating", "2830", "2833"), ("2 (Carlsen, Magnus) federation", "ENG", "NOR")]
    again = arbiter("-d", folder, "player", "update-ratings")
    assert again.code == 0 and "nothing changed" in again.err
    # a script reads an empty list, not nothing (note of issue 28)
    scripted = arbiter("-d", folder, "player", "update-ratings", "-f", "json")
    assert scripted.code == 0 and json.loads(scripted.out) == [] and "nothing changed" in scripted.err
    assert arbiter("-d", folder, "player", "update-ratings", "-f", "csv").out.splitlines() == [
        "start_number,name,fide_id,field,old,new"]


def test_update_ratings_after_round_1_is_refused_unless_forced(arbiter: Runner, listed: Path,
                                                                tmp_path: Path) -> None:
    """C.04.2 Art. 2.1: the pairings used the ratings in force at the start; with --force the
    ratings change and the start numbers stay."""
    folder = stale_event(arbiter, tmp_path)
    assert arbiter("-d", folder, "player", "add", "Zed, Zoe", "--rating", "2800").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    refused = arbiter("-d", folder, "player", "update-ratings")
    assert refused.code == 4 and "give --force" in refused.err
    assert snapshot(folder) == before
    forced = arbiter("-d", folder, "player", "update-ratings", "--force")
    assert forced.code == 0, forced.err
    assert [(r["start_number"], r["name"], r["rating"]) for r in players(folder)] == [
        ("1", "Giri, Anish", "2745"), ("2", "Carlsen, Magnus", "2833"), ("3", "Zed, Zoe", "2800"),
        ("4", "Doe, John", "1500")]


def test_update_ratings_keeps_a_rating_the_list_does_not_give(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """C.04.2 Art. 2.1: the arbiter may have estimated a rating the list lacks."""
    folder = new_event(arbiter, tmp_path / "blitz", "--rating-type", "blitz")
    assert arbiter("-d", folder, "player", "add", "Giri, Anish", "--fide-id", "24116068", "--rating", "2700").code == 0
    updated = arbiter("-d", folder, "player", "update-ratings")
    assert "1 player not rated in blitz" in updated.err
    assert players(folder)[0]["rating"] == "2700"


def test_a_team_import_fills_its_players_from_the_list(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """A team event registers its players by 'team import' (not 'player add'): a row with a
    fide_id and blank cells is filled from the list the same way."""
    folder = tmp_path / "teams"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "5",
                   "--name", "TS").code == 0
    text = 'team,name,rating,fide_id\nOslo,,,1503014\nOslo,"Giri, A.",,24116068\nRest,"Doe, John",1500,\n'
    imported = arbiter("-d", folder, "team", "import", "-", stdin=text)
    assert imported.code == 0, imported.err
    assert "2 players filled in from FIDE's list of 2026-05-01" in imported.err
    assert [(r["name"], r["rating"], r["federation"]) for r in players(folder)] == \
        [("Carlsen, Magnus", "2833", "NOR"), ("Giri, A.", "2745", "NED"), ("Doe, John", "1500", "")]
    before = snapshot(folder)
    refused = arbiter("-d", folder, "team", "import", "-", stdin="team,fide_id\nRest,777\n")
    assert (refused.code, refused.err) == (2, "arbiter: error: <stdin>, line 2, field 'fide_id': FIDE ID 777 is not "
                                              "in FIDE's list of 2026-05-01; give the player's NAME to register them "
                                              "anyway\n")
    assert snapshot(folder) == before


def test_a_team_event_has_no_player_update_ratings(arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = tmp_path / "teams"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--rounds", "5",
                   "--name", "TS").code == 0
    refused = arbiter("-d", folder, "player", "update-ratings")
    assert refused.code == 4 and "'arbiter player update-ratings' is for" in refused.err


def test_player_add_from_the_lists_fills_the_national_rating_and_the_k_of_the_events_rate_of_play(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """The national list's rating (merged in by FIDE ID) and the K of the event's list (B.02 8.3.3)
    fill the players.csv columns ``national_rating`` and ``k_factor``; update-ratings refreshes them."""
    national = tmp_path / "tsf.csv"
    national.write_text("ID;Name;Elo;FIDE\n77;Carlsen, Magnus;2900;1503014\n", encoding="utf-8")
    assert arbiter("lists", "load", national, "--national", "tur", "--map",
                   "id=ID,name=Name,rating=Elo,fide_id=FIDE").code == 0
    folder = new_event(arbiter, tmp_path / "rapid", "--rating-type", "rapid")
    assert arbiter("-d", folder, "player", "add", "--fide-id", "1503014").code == 0
    assert arbiter("-d", folder, "player", "add", "--fide-id", "24116068").code == 0
    rows = {r["fide_id"]: r for r in players(folder)}
    assert (rows["1503014"]["rating"], rows["1503014"]["national_rating"], rows["1503014"]["k_factor"]) == \
        ("2823", "2900", "20")
    assert (rows["24116068"]["national_rating"], rows["24116068"]["k_factor"]) == ("", "")
    national.write_text("ID;Name;Elo;FIDE\n77;Carlsen, Magnus;2911;1503014\n", encoding="utf-8")
    assert arbiter("lists", "load", national, "--national", "tur", "--map",
                   "id=ID,name=Name,rating=Elo,fide_id=FIDE").code == 0
    updated = arbiter("-d", folder, "player", "update-ratings", "-f", "json")
    assert updated.code == 0, updated.err
    assert [(r["field"], r["old"], r["new"]) for r in json.loads(updated.out)] == [("national_rating", "2900", "2911")]


def test_player_add_of_a_name_the_fide_id_contradicts_is_refused_naming_the_lists_name(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """The FIDE ID names one person: a NAME that is another's is a typing error, not theirs to copy."""
    folder = new_event(arbiter, tmp_path / "open")
    before = snapshot(folder)
    refused = arbiter("-d", folder, "player", "add", "Carlsen, Magda", "--fide-id", "1503014")
    assert (refused.code, refused.err) == (2, "arbiter: error: field 'NAME': FIDE ID 1503014 is 'Carlsen, Magnus' in "
                                              "FIDE's list of 2026-05-01, not 'Carlsen, Magda': check the ID, or leave "
                                              "the name out to take the list's\n")
    assert snapshot(folder) == before


@pytest.mark.parametrize("name", ["Magnus Carlsen", "CARLSEN, Magnus", "Carlsen, M."])
def test_player_add_of_the_lists_name_in_another_order_or_by_initial_is_the_same_player(
        arbiter: Runner, listed: Path, tmp_path: Path, name: str) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    added = arbiter("-d", folder, "player", "add", name, "--fide-id", "1503014")
    assert added.code == 0, added.err
    assert players(folder)[0]["rating"] == "2833"


def test_player_import_of_a_name_the_fide_id_contradicts_is_refused_naming_the_line(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    refused = arbiter("-d", folder, "player", "import", "-", stdin='fide_id,name\n24116068,\n1503014,"Giri, Anish"\n')
    assert refused.code == 2
    assert refused.err.startswith("arbiter: error: <stdin>, line 3, field 'name': FIDE ID 1503014 is 'Carlsen, "
                                  "Magnus' in FIDE's list of 2026-05-01, not 'Giri, Anish'")
    assert players(folder) == []


def test_player_add_says_which_values_came_from_the_list_and_which_given_win(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    added = arbiter("-d", folder, "player", "add", "--fide-id", "1503014", "--rating", "2800")
    assert added.code == 0, added.err
    assert "from FIDE's list of 2026-05-01: Carlsen, Magnus, GM, NOR, 1990, standard 2833\n" in added.err
    assert "given, and kept over the list's: rating 2800 (the list's: 2833)\n" in added.err
    assert players(folder)[0]["rating"] == "2800"


def test_player_import_of_a_fide_id_that_is_not_a_number_names_the_fide_id_column(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    refused = arbiter("-d", folder, "player", "import", "-", stdin="fide_id,name\nabc,\n")
    assert (refused.code, refused.err) == (2, "arbiter: error: <stdin>, line 2, field 'fide_id': 'abc' is not a FIDE "
                                              "ID (a number)\n")


def test_player_import_of_a_fide_id_already_registered_names_the_file_and_line(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "open")
    assert arbiter("-d", folder, "player", "add", "--fide-id", "1503014").code == 0
    refused = arbiter("-d", folder, "player", "import", "-", stdin="fide_id\n24116068\n1503014\n")
    assert (refused.code, refused.err) == (2, "arbiter: error: <stdin>, line 3, field 'fide_id': FIDE ID 1503014 is "
                                              "already registered (start number 1, Carlsen, Magnus)\n")
    assert len(players(folder)) == 1


def test_a_list_dated_after_the_event_starts_is_used_with_a_note(arbiter: Runner, listed: Path,
                                                                  tmp_path: Path) -> None:
    """C.04.2 2.1: the rating in force when the event starts; a list dated later is not that one."""
    folder = new_event(arbiter, tmp_path / "open", "--start-date", "2026-04-20")
    added = arbiter("-d", folder, "player", "add", "--fide-id", "1503014")
    assert added.code == 0, added.err
    note = "note: FIDE's list of 2026-05-01 is dated after the event starts (2026-04-20)"
    assert note in added.err
    imported = arbiter("-d", folder, "player", "import", "-", stdin="fide_id\n24116068\n")
    assert imported.code == 0 and note in imported.err
    updated = arbiter("-d", folder, "player", "update-ratings")
    assert updated.code == 0 and note in updated.err
    in_force = new_event(arbiter, tmp_path / "may", "--start-date", "2026-05-10")
    added = arbiter("-d", in_force, "player", "add", "--fide-id", "1503014")
    assert added.code == 0 and "dated after" not in added.err


def test_loading_an_older_list_over_a_newer_one_warns(arbiter: Runner, listed: Path) -> None:
    """Decided: a warning, not a refusal (an arbiter may need an older list, for an event that
    started before the newer one); the load goes through."""
    older = arbiter("lists", "load", listed, "--date", "1899-01")
    assert older.code == 0, older.err
    assert "note: it replaced a newer list, of 2026-05-01" in older.err
    newer = arbiter("lists", "load", listed, "--date", "2026-06")
    assert newer.code == 0 and "replaced a newer" not in newer.err


def test_lists_find_says_how_many_more_match_than_the_limit_shows(arbiter: Runner, listed: Path) -> None:
    found = arbiter("lists", "find", "g", "--limit", "1", "-f", "json")  # only Giri
    assert found.code == 0 and "more match" not in found.err
    every = arbiter("lists", "find", "ç", "--limit", "1", "-f", "json")  # Carlsen and Çelik, accents aside
    assert every.code == 0, every.err
    assert len(json.loads(every.out)) == 1
    assert "note: 1 more match; --limit 2 shows them" in every.err


def test_after_a_rating_type_change_update_ratings_takes_the_new_lists_rating_and_keeps_an_unrated_ones_with_a_note(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """``settings set rating_type rapid`` (issue 27): the standard ratings registered are replaced by the
    rapid list's; a player the rapid list does not rate keeps the rating registered (the arbiter may
    have estimated it, C.04.2 2.1), counted in a note."""
    folder = new_event(arbiter, tmp_path / "open")
    for fide_id in (CARLSEN.fide_id, HOU.fide_id, GIRI.fide_id):
        assert arbiter("-d", folder, "player", "add", "--fide-id", str(fide_id)).code == 0
    changed = arbiter("-d", folder, "settings", "set", "rating_type", "rapid")
    assert "the ratings in players.csv are still the standard ones" in changed.err
    updated = arbiter("-d", folder, "player", "update-ratings")
    assert updated.code == 0, updated.err
    assert "1 player not rated in rapid" in updated.err
    assert [(r["name"], r["rating"]) for r in players(folder)] == [
        ("Carlsen, Magnus", "2823"), ("Giri, Anish", "2745"), ("Hou, Yifan", "2590")]


def test_a_load_removes_the_staged_copy_a_killed_load_left_and_leaves_a_running_one_s(
        arbiter: Runner, listed: Path, tmp_path: Path) -> None:
    """The trial of issue 29: ``lists load`` killed before its rename left ``.fide.sqlite.tmp-PID`` in
    ``lists/``, kept after every later load. The next load removes a staged copy whose process is gone,
    and not one whose process still runs (here: this very test's parent)."""
    lists = tmp_path / "data" / "lists"
    gone = lists / f".fide.sqlite.tmp-{_ended_pid()}"
    running = lists / f".fide.sqlite.tmp-{os.getppid()}"
    gone.write_bytes(b"partial")
    running.write_bytes(b"partial")
    again = arbiter("lists", "load", listed, "--date", "2026-06")
    assert again.code == 0, again.err
    assert not gone.exists() and running.exists()


def _ended_pid() -> int:
    """The pid of a child that has ended and been reaped."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def _french_list(arbiter: Runner, tmp_path: Path) -> None:
    national = tmp_path / "ffe.csv"
    national.write_text("ID;Nom;Elo;FIDE\nP70001;Carlsen, Magnus;2900;1503014\nP70002;Petit, Luc;1650;\n",
                        encoding="utf-8")
    assert arbiter("lists", "load", national, "--national", "fra", "--map", "id=ID,name=Nom,rating=Elo,fide_id=FIDE"
                   ).code == 0


def test_player_add_by_a_national_id_registers_a_player_fide_does_not_list(arbiter: Runner, listed: Path,
                                                                           tmp_path: Path) -> None:
    """A national event's players without a FIDE ID are in the national list only: ``--national-id`` fills
    the name and the national rating from it (trial of issue 29: a national list did not help them); an id
    that names a FIDE ID takes FIDE's fields too; the id is looked up in any case."""
    _french_list(arbiter, tmp_path)
    folder = new_event(arbiter, tmp_path / "ev")

    alone = arbiter("-d", folder, "player", "add", "--national-id", "p70002")
    both = arbiter("-d", folder, "player", "add", "--national-id", "P70001")

    assert alone.code == both.code == 0, alone.err + both.err
    assert "from the national list fra" in alone.err and "national 1650" in alone.err
    rows = {r["name"]: r for r in players(folder)}
    assert (rows["Petit, Luc"]["fide_id"], rows["Petit, Luc"]["national_rating"], rows["Petit, Luc"]["rating"]) == \
        ("", "1650", "")
    assert (rows["Carlsen, Magnus"]["fide_id"], rows["Carlsen, Magnus"]["rating"],
            rows["Carlsen, Magnus"]["national_rating"]) == ("1503014", "2833", "2900")


def test_player_add_by_a_national_id_not_in_the_lists_is_refused_and_changes_nothing(arbiter: Runner, listed: Path,
                                                                                     tmp_path: Path) -> None:
    folder = new_event(arbiter, tmp_path / "ev")
    before = snapshot(folder)
    none_loaded = arbiter("-d", folder, "player", "add", "--national-id", "P70002")
    _french_list(arbiter, tmp_path)
    unknown = arbiter("-d", folder, "player", "add", "--national-id", "X1")
    other = arbiter("-d", folder, "player", "add", "Other, Name", "--national-id", "P70002")

    assert none_loaded.code == unknown.code == other.code == 2
    assert none_loaded.err.startswith("arbiter: error: field '--national-id': no national list is loaded")
    assert unknown.err.startswith("arbiter: error: field '--national-id': national id 'X1' is not in the national "
                                  "list fra of ")
    assert "is 'Petit, Luc' in the national list, not 'Other, Name'" in other.err
    assert snapshot(folder) == before


def test_player_import_of_a_column_of_national_ids_fills_every_field(arbiter: Runner, listed: Path,
                                                                    tmp_path: Path) -> None:
    _french_list(arbiter, tmp_path)
    folder = new_event(arbiter, tmp_path / "ev")
    (tmp_path / "in.csv").write_text("national_id,fide_id\nP70002,\n,24116068\n", encoding="utf-8")

    done = arbiter("-d", folder, "player", "import", tmp_path / "in.csv")

    assert done.code == 0, done.err
    assert sorted((r["name"], r["national_rating"]) for r in players(folder)) == [("Giri, Anish", ""),
                                                                               ("Petit, Luc", "1650")]
    (tmp_path / "bad.csv").write_text("national_id\nX9\n", encoding="utf-8")
    bad = arbiter("-d", folder, "player", "import", tmp_path / "bad.csv")
    assert bad.code == 2 and "line 2, field 'national_id': national id 'X9' is not in" in bad.err, bad.err
