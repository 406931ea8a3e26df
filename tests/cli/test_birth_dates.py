"""A player is not born after the event's start date: refused in players.csv (every kind of event,
a team's roster too), by 'player add' and 'player import', and when the start date is moved before a
birth; left out, with a warning, from an imported TRF. An event without a start date takes any date.
Nor is anyone born before 1900, a typo (trial51, bug 1); nor is a club member born after today (bug 2)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from conftest import Runner, shared_file, snapshot


def _set_birth(folder: Path, line: int, birth: str) -> None:
    """Write ``birth`` in the birth_date cell of ``players.csv``'s line ``line`` (the header is line 1)."""
    path = folder / "players.csv"
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    rows[line - 1][rows[0].index("birth_date")] = birth
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file, lineterminator="\n").writerows(rows)


@pytest.mark.parametrize("name,start", [
    ("swiss32-in-progress", "2026-11-20"), ("team-league-in-progress", "2026-10-04"),
    ("knockout24-in-progress", "2026-12-01"), ("groups16-in-progress", "2026-04-10"),
])
def test_a_birth_date_after_the_start_is_refused_naming_the_file_line_and_field(arbiter: Runner, sample,
                                                                                name: str, start: str) -> None:
    folder = sample(name)
    _set_birth(folder, 4, "2099-01-01")
    before = snapshot(folder)
    message = f"players.csv, line 4, field 'birth_date': after the event's start date {start} (found '2099-01-01')"
    result = arbiter("-d", folder, "standings")
    assert result.code == 3 and result.out == ""
    assert result.err == f"arbiter: error: {message}; 'arbiter verify' lists the problems\n"
    verify = arbiter("-d", folder, "verify")
    assert verify.code == 3 and message in verify.out + verify.err
    assert snapshot(folder) == before


def test_a_birth_year_after_the_start_year_is_refused_and_the_same_year_is_not(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    _set_birth(folder, 2, "2026")
    assert arbiter("-d", folder, "verify").code == 0
    _set_birth(folder, 2, "2027")
    result = arbiter("-d", folder, "standings")
    assert result.code == 3
    assert "players.csv, line 2, field 'birth_date': after the event's start date 2026-11-20 (found '2027')" in result.err


@pytest.mark.parametrize("birth", ["2099-01-01", "2027"])
def test_player_add_refuses_a_birth_after_the_start_and_changes_nothing(arbiter: Runner, sample, birth: str) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", "Late, Lou", "--birth", birth)
    assert result.code == 2 and result.out == ""
    assert result.err == f"arbiter: error: field '--birth': after the event's start date 2026-11-20 (found '{birth}')\n"
    assert snapshot(folder) == before


def test_player_import_refuses_a_birth_after_the_start_on_its_line(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("swiss32-in-progress")
    source = tmp_path / "new.csv"
    source.write_text('name,birth_date\n"Early, Eve",1990-01-01\n"Late, Lou",2030-05-05\n', encoding="utf-8")
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "import", source)
    assert result.code == 2
    assert result.err == (f"arbiter: error: {source}, line 3, field 'birth_date': after the event's start date "
                          "2026-11-20 (found '2030-05-05')\n")
    assert snapshot(folder) == before


def test_moving_the_start_date_before_a_birth_is_refused(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    result = arbiter("-d", folder, "settings", "set", "start_date", "1990-01-01")
    assert result.code != 0 and result.err.count("\n") == 1
    assert "players.csv, field 'birth_date': after the event's start date 1990-01-01" in result.err
    assert snapshot(folder) == before


def test_an_event_without_a_start_date_takes_any_birth_date(arbiter: Runner, sample) -> None:
    """Nothing to compare with: the check needs the event's start date (none is guessed from the clock)."""
    folder = sample("swiss32-in-progress")
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace('start_date = "2026-11-20"\n', ""),
                        encoding="utf-8")
    _set_birth(folder, 2, "2099-01-01")
    assert arbiter("-d", folder, "verify").code == 0
    assert arbiter("-d", folder, "player", "add", "Late, Lou", "--birth", "2099-02-02").code == 0


@pytest.mark.parametrize("year, why", [
    ("2099", "birth date after the event's start date 2026-05-29"),
    ("1800", "birth date before 1900-01-01, surely a typo"),  # trial51, bug 1
])
def test_an_imported_trf_leaves_out_a_birth_after_the_start_or_before_1900_with_a_warning(
        year: str, why: str, arbiter: Runner, tmp_path: Path) -> None:
    """Field 042 that cannot be a birth date (after the event's start, or before 1900) is dropped with a
    warning naming the file and the line, and the event is imported without it."""
    text = shared_file("realdata/trf/trf-team-import-test.trf").read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("001    7 "))
    assert "1956/07/22" in text.splitlines()[line - 1]
    source = tmp_path / "teams.trf"
    source.write_text(text.replace("1956/07/22", f"{year}/07/22"))
    result = arbiter("import", source, tmp_path / "event")
    assert result.code == 0, result.err
    assert f"{source}, line {line}: {why} (found '{year}-07-22'): left out" in result.err
    assert year not in (tmp_path / "event" / "players.csv").read_text(encoding="utf-8")
    assert arbiter("-d", tmp_path / "event", "verify").code == 0


def test_a_club_member_born_after_the_start_is_refused_naming_the_member(arbiter: Runner, sample) -> None:
    """The birth date comes from the club's members.csv, not from an option: the refusal names --member."""
    club = sample("club-lyon")
    assert arbiter("-d", club, "member", "add", "Young, Yan", "--birth", "2020-01-01", "--rapid", "1500").code == 0
    event = club / "tournaments" / "t9"
    made = arbiter("new", event, "--name", "T9", "--system", "swiss", "--rounds", "3", "--start-date", "2019-12-10",
                   "--club", club, "--time-control", "rapid")
    assert made.code == 0, made.err
    before = snapshot(event)
    result = arbiter("-d", event, "player", "add", "--member", "9")
    assert result.code == 2
    assert result.err == ("arbiter: error: field '--member': member 9's birth date in the club's members.csv is after "
                          "the event's start date 2019-12-10 (found '2020-01-01')\n")
    assert snapshot(event) == before


def test_a_birth_date_before_1900_is_refused_as_a_typo_by_player_add_and_import(arbiter: Runner, sample,
                                                                                 tmp_path: Path) -> None:
    """trial51, bug 1: 1800-01-01 was taken everywhere."""
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", "Old, Olga", "--birth", "1800-01-01")
    assert result.code == 2 and result.out == ""
    assert result.err == "arbiter: error: field '--birth': before 1900-01-01, surely a typo (found '1800-01-01')\n"
    source = tmp_path / "new.csv"
    source.write_text('name,birth_date\n"Early, Eve",1900-01-01\n"Old, Olga",1899\n', encoding="utf-8")
    result = arbiter("-d", folder, "player", "import", source)
    assert result.code == 2
    assert result.err == (f"arbiter: error: {source}, line 3, field 'birth_date': before 1900-01-01, surely a typo "
                          "(found '1899')\n")
    assert snapshot(folder) == before


@pytest.mark.parametrize("name", ["swiss32-in-progress", "team-league-in-progress"])
def test_a_birth_date_before_1900_in_players_csv_is_a_problem_verify_names(arbiter: Runner, sample, name: str) -> None:
    """trial51, bug 1: a hand-written 1800 in players.csv (a team's roster too) is named by file, line and field."""
    folder = sample(name)
    _set_birth(folder, 3, "1800-01-01")
    before = snapshot(folder)
    verify = arbiter("-d", folder, "verify")
    assert verify.code == 3
    assert ("players.csv, line 3, field 'birth_date': before 1900-01-01, surely a typo (found '1800-01-01')"
            in verify.out + verify.err)
    assert snapshot(folder) == before


def test_a_club_member_born_before_1900_or_after_today_is_refused(arbiter: Runner, sample, tmp_path: Path) -> None:
    """trial51, bugs 1 and 2: a club has no event date, so a member is not born after today."""
    club = sample("club-lyon")
    before = snapshot(club)
    result = arbiter("-d", club, "member", "add", "Old, Olga", "--birth", "1800-01-01")
    assert result.code == 2
    assert result.err == "arbiter: error: field '--birth': before 1900-01-01, surely a typo (found '1800-01-01')\n"
    result = arbiter("-d", club, "member", "add", "Late, Lou", "--birth", "2999-01-01")
    assert result.code == 2 and result.err.startswith("arbiter: error: field '--birth': after today's date ")
    source = tmp_path / "members.csv"
    source.write_text('name,birth_date\n"Early, Eve",1990-01-01\n"Late, Lou",2999\n', encoding="utf-8")
    result = arbiter("-d", club, "member", "import", source)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"arbiter: error: {source}, line 3, field 'birth_date': after today's date ")
    assert snapshot(club) == before
