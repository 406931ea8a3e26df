"""arbiter verify and arbiter log: the folder never lies, and its history says who did what (issue 13)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, Runner, snapshot

SAMPLES = ("double-rr6-ready", "rr10-finished", "rr10-in-progress", "swiss32-in-progress")


def _copy(tmp_path: Path, name: str = "swiss32-in-progress") -> Path:
    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / name, folder)
    return folder


@pytest.mark.parametrize("name", SAMPLES)
def test_verify_finds_every_sample_event_sound(arbiter: Runner, tmp_path: Path, name: str) -> None:
    folder = _copy(tmp_path, name)
    result = arbiter("-d", folder, "verify")
    assert result.code == 0 and result.out == "" and "the folder is sound" in result.err


def test_a_truncated_round_file_is_refused_and_verify_lists_the_missing_players(arbiter: Runner,
                                                                               tmp_path: Path) -> None:
    """Item 2: rounds/03.csv cut at a line break used to score the missing boards' players as ZPB."""
    folder = _copy(tmp_path)
    round_file = folder / "rounds" / "03.csv"
    round_file.write_text("".join(round_file.read_text(encoding="utf-8").splitlines(keepends=True)[:11]),
                          encoding="utf-8")
    before = snapshot(folder)
    for command in (["standings"], ["finalize"], ["pairings"], ["result", "5", "2", "1-0"], ["export"]):
        result = arbiter("-d", folder, *command)
        assert result.code == 3, command
        assert result.err.startswith("arbiter: error: rounds/03.csv: player ") and "'arbiter verify'" in result.err
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 3 and "12 problems found" in checked.err
    assert "rounds/03.csv: hand edit: changed outside arbiter" in checked.out  # the sample records its digests
    missing = [line for line in checked.out.splitlines() if "hand edit" not in line]
    assert len(missing) == 12 and all(line.startswith("rounds/03.csv: player ") for line in missing)
    assert all("is in neither a game nor a bye of round 3" in line for line in missing)
    assert snapshot(folder) == before


def test_a_player_added_by_hand_without_entered_round_is_named_with_his_line(arbiter: Runner,
                                                                             tmp_path: Path) -> None:
    """Item 2: a player added to players.csv in round 5 got five zero-point byes without a word."""
    folder = _copy(tmp_path)
    players = folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8") + '33,"Late, Lou",,1500,,,,,,active,\n', encoding="utf-8")
    paired = arbiter("-d", folder, "pair")
    assert paired.code == 3
    assert ("players.csv, line 34, field 'entered_round': player 33 (Late, Lou) is in no game and no bye of "
            "rounds 1-5; a late entry needs entered_round = 6") in paired.err
    checked = arbiter("-d", folder, "verify", "-f", "json")
    assert checked.code == 3
    problems = json.loads(checked.out)
    assert [p["kind"] for p in problems] == ["broken", "hand edit"]  # the sample records its files' digests
    assert problems[0] == {"file": "players.csv", "line": 34, "field": "entered_round",
                           "kind": "broken", "message": paired.err.split("': ", 1)[1].split(
                               "; 'arbiter verify'")[0]}


def test_verify_names_a_hand_edit_and_the_next_change_journals_it(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path, "double-rr6-ready")
    assert arbiter("-d", folder, "pair").code == 0  # the first change of this version records the files
    quiet = arbiter("-d", folder, "verify")
    assert quiet.code == 0 and quiet.out == ""
    players = folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace(",2188,", ",2190,"), encoding="utf-8")
    named = arbiter("-d", folder, "verify")
    assert named.code == 0  # sound, but named: not an error
    assert named.out.startswith("players.csv: hand edit: changed outside arbiter after ")
    assert named.out.rstrip().endswith(" pair") and "1 file edited by hand" in named.err
    assert arbiter("-d", folder, "result", "5", "1", "1-0").code == 0
    rows = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text(encoding="utf-8"))))
    assert rows[-2]["change"] == "hand edit" and rows[-2]["new"].startswith("players.csv: changed outside arbiter")
    assert arbiter("-d", folder, "verify").out == ""  # explained by the journal now


@pytest.mark.parametrize("damage", [b'{\n "after": "2026-', b"\x00\xff not json"])
def test_a_damaged_record_of_the_files_is_called_damaged_not_written_by_an_earlier_version(
        arbiter: Runner, tmp_path: Path, damage: bytes) -> None:
    """trial51, bug 5: a ``.arbiter.digests`` cut short or overwritten was said to be "written by an
    earlier version"; it is named as damaged, with what to do. The folder stays sound and unchanged."""
    folder = _copy(tmp_path)
    (folder / ".arbiter.digests").write_bytes(damage)
    before = snapshot(folder)
    result = arbiter("-d", folder, "verify")
    assert result.code == 0 and result.out == ""
    assert "earlier version" not in result.err
    assert ("note: .arbiter.digests, the record of the folder's files, does not read (it is damaged), so hand "
            "edits cannot be named;") in result.err
    assert "the next change writes the record again" in result.err
    assert snapshot(folder) == before
    (folder / ".arbiter.digests").unlink()  # a folder an earlier version wrote keeps no record at all
    assert "written by an earlier version" in arbiter("-d", folder, "verify").err


@pytest.mark.parametrize("name,rounds", [("swiss32-in-progress", "rounds 1-5 are"),
                                         ("rr10-in-progress", "rounds 1-5 are"),
                                         ("team-league-in-progress", "rounds 1-4 are"),
                                         ("knockout24-in-progress", "rounds 1-2 are")])
def test_a_status_of_registration_written_by_hand_once_rounds_are_paired_is_a_problem_verify_names(
        arbiter: Runner, tmp_path: Path, name: str, rounds: str) -> None:
    """trial51, bug 6: ``status = "registration"`` set by hand in an event with paired rounds was
    called sound by verify. It is one line naming the file and the field, exit 3, nothing changed."""
    folder = _copy(tmp_path, name)
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace('status = "running"', 'status = "registration"'),
                        encoding="utf-8")
    before = snapshot(folder)
    message = (f"tournament.toml, field 'status': \"registration\" though {rounds} paired: write status = "
               "\"running\" back ('arbiter pair' sets it, 'arbiter finalize' sets \"finalised\")")
    result = arbiter("-d", folder, "verify")
    assert result.code == 3 and result.out.startswith(message + "\n")
    assert result.err == "arbiter: error: 1 problem found (listed above); the folder is not sound\n"
    standings = arbiter("-d", folder, "standings")
    assert standings.code == 3 and standings.err == f"arbiter: error: {message}; 'arbiter verify' lists the problems\n"
    assert snapshot(folder) == before


def test_the_journal_says_who_made_each_change(arbiter: Runner, tmp_path: Path, monkeypatch) -> None:
    folder = _copy(tmp_path, "double-rr6-ready")
    assert arbiter("-d", folder, "--by", "Anna Arbiter", "pair").code == 0
    monkeypatch.setenv("ARBITER_USER", "Deputy")
    assert arbiter("-d", folder, "result", "5", "1", "1-0").code == 0
    monkeypatch.delenv("ARBITER_USER")
    monkeypatch.setattr("getpass.getuser", lambda: "login")
    assert arbiter("-d", folder, "result", "5", "2", "0-1").code == 0
    rows = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text(encoding="utf-8"))))
    assert [row["by"] for row in rows[-3:]] == ["Anna Arbiter", "Deputy", "login"]
    assert rows[0]["by"] == ""  # written before the column existed
    bad = arbiter("-d", folder, "--by", "A\nB", "result", "5", "3", "1-0")
    assert bad.code == 2 and "field '--by': contains a control character" in bad.err


def test_log_shows_the_changes_of_a_round_a_board_a_player_or_since_a_moment(arbiter: Runner,
                                                                            tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    assert arbiter("-d", folder, "--by", "Anna", "result", "5", "2", "1-0").code == 0
    assert arbiter("-d", folder, "--by", "Ben", "result", "5", "2", "0-1", "--correct").code == 0
    board = json.loads(arbiter("-d", folder, "log", "--round", "5", "--board", "2", "-f", "json").out)
    assert [(e["by"], e["change"], e["old"], e["new"]) for e in board] == [
        ("Anna", "round 5 board 2 result", "", "1-0"), ("Ben", "round 5 board 2 correction", "1-0", "0-1")]
    assert set(board[0]) == {"time", "by", "change", "old", "new", "command"}
    white = arbiter("-d", folder, "pairings", "5", "-f", "csv").out.splitlines()[2].split(",")[1]
    mine = json.loads(arbiter("-d", folder, "log", "--player", white, "-f", "json").out)
    assert {"round 5 board 2 result", "round 5 board 2 correction"} <= {e["change"] for e in mine}
    assert all(white in (e["change"] + " " + e["new"] + " " + e["old"]) or "board" in e["change"] for e in mine)
    recent = json.loads(arbiter("-d", folder, "log", "--since", board[0]["time"], "-f", "json").out)
    assert [e["by"] for e in recent] == ["Anna", "Ben"]
    everything = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "log", "-f", "csv").out)))
    assert everything[0]["change"] == "tournament created" and len(everything) > 100
    wrong = arbiter("-d", folder, "log", "--since", "yesterday")
    assert wrong.code == 2 and "field '--since': 'yesterday' is not a date or a time" in wrong.err


def test_c04_2_3_2_a_withdrawal_once_the_next_round_is_paired_waits_for_its_forfeit(arbiter: Runner,
                                                                                    tmp_path: Path) -> None:
    """Withdrawn after round 4 with round 5 paired: the board takes a forfeit, never a game played."""
    folder = _copy(tmp_path)
    withdrawn = arbiter("-d", folder, "player", "withdraw", "20", "--after-round", "4")
    assert withdrawn.code == 0 and "note: round 5 board 2 waits for its forfeit: arbiter result 5 2 +/-" in withdrawn.err
    assert arbiter("-d", folder, "verify").code == 0
    before = snapshot(folder)
    played = arbiter("-d", folder, "result", "5", "2", "1-0")
    assert played.code == 4 and "withdrew after round 4, so board 2 of round 5 was not played" in played.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "result", "5", "2", "+/-").code == 0
    assert arbiter("-d", folder, "verify").code == 0 and arbiter("-d", folder, "standings").code == 0


def test_log_reads_a_folder_that_every_other_command_refuses(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    round_file = folder / "rounds" / "03.csv"
    round_file.write_text("".join(round_file.read_text(encoding="utf-8").splitlines(keepends=True)[:11]),
                          encoding="utf-8")
    assert arbiter("-d", folder, "standings").code == 3
    history = arbiter("-d", folder, "log", "--round", "3", "-f", "csv")
    assert history.code == 0 and "round 3 paired" in history.out


def test_an_old_journal_with_a_bom_gains_the_by_column(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path, "rr10-in-progress")
    journal = folder / "journal.csv"
    journal.write_text("\ufeff" + journal.read_text(encoding="utf-8"), encoding="utf-8")
    assert arbiter("-d", folder, "verify").code == 0
    assert arbiter("-d", folder, "--by", "Anna", "result", "5", "3", "1-0").code == 0
    text = journal.read_text(encoding="utf-8")
    assert text.startswith("time,command,change,old,new,by\n")
    assert arbiter("-d", folder, "verify").code == 0 and arbiter("-d", folder, "log").code == 0


def test_pages_and_exports_written_into_the_folder_are_not_hand_edits(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path, "double-rr6-ready")
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "standings", "--html", folder / "standings.html").code == 0
    assert arbiter("-d", folder, "export", "-o", folder / "event.trf").code == 0
    (folder / "notes.txt").write_text("bring the clocks\n", encoding="utf-8")
    quiet = arbiter("-d", folder, "verify")
    assert quiet.code == 0 and quiet.out == "" and "edited by hand" not in quiet.err
    assert arbiter("-d", folder, "result", "5", "1", "1-0").code == 0
    assert "hand edit" not in (folder / "journal.csv").read_text(encoding="utf-8")


def test_log_player_follows_a_player_renumbered_by_a_late_entry(arbiter: Runner, tmp_path: Path) -> None:
    """C.04.2 2.3: until round 4 a late entry renumbers the players below; the journal names them."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "Late", "--system", "swiss", "--rounds", "5").code == 0
    for i in range(1, 7):
        assert arbiter("-d", folder, "player", "add", f"P{i}, X", "--rating", str(2000 + 10 * i)).code == 0
    assert arbiter("-d", folder, "bye", "6", "--round", "2", "--half").code == 0  # P1, X: number 6 for now
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "player", "add", "Late, Top", "--rating", "2500").code == 0  # now number 1
    players = {p["name"]: p["start_number"] for p in json.loads(arbiter("-d", folder, "player", "list",
                                                                         "-f", "json").out)}
    assert players["P1, X"] == 7
    mine = json.loads(arbiter("-d", folder, "log", "--player", "7", "-f", "json").out)
    assert "round 2 requested bye of 6 (P1, X)" in [e["change"] for e in mine]
    other = json.loads(arbiter("-d", folder, "log", "--player", "6", "-f", "json").out)
    assert "round 2 requested bye of 6 (P1, X)" not in [e["change"] for e in other]
    missing = arbiter("-d", folder, "log", "--player", "99")
    assert missing.code == 2 and "field '--player': there is no player with start number 99" in missing.err


def test_log_keeps_who_at_80_columns(arbiter: Runner, tmp_path: Path, monkeypatch) -> None:
    folder = _copy(tmp_path)
    assert arbiter("-d", folder, "--by", "Anna", "result", "5", "2", "1-0").code == 0
    monkeypatch.setenv("COLUMNS", "80")
    table = arbiter("-d", folder, "log", "--round", "5").out
    assert " By " in table.splitlines()[2] and "Anna" in table
    assert max(len(line) for line in table.splitlines()) <= 80


def test_verify_lists_a_result_still_missing_but_calls_the_folder_sound(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    assert arbiter("-d", folder, "result", "1", "1", "none", "--correct").code == 0
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 0 and checked.out.startswith("rounds/01.csv: no result on board 1 though round 5 is "
                                                        "paired (incomplete)")
    assert "1 earlier round still waiting for results" in checked.err


@pytest.mark.parametrize("name", ["swiss-open-finished-prizes", "team-swiss20-in-progress", "knockout24-in-progress"])
def test_verify_reads_the_prize_fund_as_the_commands_read_it_and_names_its_line(arbiter: Runner, tmp_path: Path,
                                                                                  name: str) -> None:
    """Issue 24: verify checks every file the folder owns, prizes.toml included (a person writes it;
    'prizes' and 'finalize' read it), naming the file, the line and the field of a fault."""
    folder = _copy(tmp_path, name)
    (folder / "prizes.toml").write_text('split = "shared"\nplaces = [100, "lots"]\n', encoding="utf-8")
    before = snapshot(folder)
    result = arbiter("-d", folder, "verify")
    assert result.code == 3, result.err
    assert "prizes.toml, line 2, field 'places" in result.out
    assert "1 problem found" in result.err
    assert snapshot(folder) == before
    as_json = json.loads(arbiter("-d", folder, "verify", "--format", "json").out)
    assert [(row["file"], row["line"]) for row in as_json] == [("prizes.toml", 2)]


def test_verify_of_a_knockout_names_a_broken_bracket_file_and_line(arbiter: Runner, tmp_path: Path) -> None:
    folder = _copy(tmp_path, "knockout24-in-progress")
    lines = (folder / "bracket.csv").read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].split(",")[0] + ",999"
    (folder / "bracket.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = arbiter("-d", folder, "verify")
    assert result.code == 3 and "bracket.csv, line 4" in result.err, result.err


def test_verify_of_a_finalised_event_keeps_its_final_files_made_and_still_sees_each_change(
        arbiter: Runner, tmp_path: Path) -> None:
    """Issue 29: the final standings and prize list ``verify`` compares with ``final/`` are kept with the
    folder as read and the prize fund as read (``FolderStore.derived``); a second ``verify`` says the
    same, and a prize fund, a result or a ``final/`` file changed afterwards is seen as before."""
    folder = _copy(tmp_path, "swiss-open-finished-prizes")
    first, again = arbiter("-d", folder, "verify"), arbiter("-d", folder, "verify")
    assert first.code == 0 and "the folder is sound" in again.err and again == first
    prizes = folder / "prizes.toml"
    prizes.write_text(prizes.read_text().replace("places = [1000, 600,", "places = [1000, 650,"))
    changed = arbiter("-d", folder, "verify")
    assert changed.code == 3 and "final/prizes.csv: not the prize list" in changed.out
    assert arbiter("-d", folder, "verify") == changed
    prizes.write_text(prizes.read_text().replace("places = [1000, 650,", "places = [1000, 600,"))
    assert arbiter("-d", folder, "verify") == first
    standings = folder / "final" / "standings.csv"
    standings.write_text(standings.read_text().replace("\n", "\r\n", 2))
    behind = arbiter("-d", folder, "verify")
    assert behind.code == 3 and "final/standings.csv: not the final standings" in behind.out
