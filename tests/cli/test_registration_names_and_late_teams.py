"""Registration as the new user's trial met it (issue 29's trial): names written 'Surname, Firstname',
a team Swiss's late entries, and a withdrawal that drops what was asked for later rounds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import Runner, snapshot


@pytest.mark.parametrize("name", [",", "Doe,", ", John", "Doe,,John"])
def test_a_name_with_an_empty_part_beside_its_comma_is_refused_on_every_path(arbiter: Runner, tmp_path: Path,
                                                                             sample: Callable[[str], Path],
                                                                             name: str) -> None:
    """``player add ","`` registered a player named ","; ``Doe,`` and ``, John`` went in too. Each path
    of registration refuses a name whose surname or first name beside the comma is empty, naming
    the field (and the file's line), and changes nothing."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "X", "--system", "swiss", "--rounds", "5").code == 0
    team = sample("team-swiss20-in-progress")
    before = snapshot(folder), snapshot(team)
    added = arbiter("-d", folder, "player", "add", name)
    assert added.code == 2 and added.err.count("\n") == 1 and "is empty (names are written 'Surname, Firstname')" \
        in added.err
    imported = arbiter("-d", folder, "player", "import", "-", stdin=f'name,rating\n"Ok, One",1500\n"{name}",1400\n')
    assert imported.code == 2 and "line 3, field 'name'" in imported.err
    rostered = arbiter("-d", team, "team", "roster", "1", "add", name)
    assert rostered.code == 2 and "field 'PLAYER'" in rostered.err
    teams = arbiter("-d", team, "team", "import", "-", stdin=f'team,short,name\nZ,ZZ,"X, Y"\nZ,ZZ,"{name}"\n')
    assert teams.code == 2 and "line 3, field 'name'" in teams.err
    assert (snapshot(folder), snapshot(team)) == before


def test_names_without_a_comma_get_one_note_on_every_bulk_path(arbiter: Runner, tmp_path: Path,
                                                                sample: Callable[[str], Path]) -> None:
    """``player add "Magnus Carlsen"`` noted the missing comma; ``player import``, ``team import`` and
    ``team roster add`` took such names without a word. Each now says how many, and which."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "X", "--system", "swiss", "--rounds", "5").code == 0
    note = "names are written 'Surname, Firstname' as in FIDE's lists and the TRF"
    imported = arbiter("-d", folder, "player", "import", "-", stdin='name,rating\n"Ok, One",1500\nHou Yifan,2600\n'
                                                                     'Magnus Carlsen,2830\n')
    assert imported.code == 0 and f"note: 2 names have no comma (Hou Yifan; Magnus Carlsen); {note}" in imported.err
    team = sample("team-swiss20-in-progress")
    rostered = arbiter("-d", team, "team", "roster", "1", "add", "Ding Liren", "Doe, J")
    assert rostered.code == 0 and f"note: 1 name has no comma (Ding Liren); {note}" in rostered.err
    teams = arbiter("-d", team, "team", "import", "-", stdin='team,short,name\nZ,ZZ,"X, Y"\nZ,ZZ,Ju Wenjun\n')
    assert teams.code == 0 and f"note: 1 name has no comma (Ju Wenjun); {note}" in teams.err
    quiet = arbiter("-d", team, "team", "import", "-", stdin='team,short,name\nW,WW,"X, Z"\n')
    assert quiet.code == 0 and "no comma" not in quiet.err


def test_c04_6_a_team_swiss_takes_no_late_team_once_every_round_is_paired(arbiter: Runner, tmp_path: Path) -> None:
    """A team added after the last round was paired went in with a zero-point bye in every round and a
    rank in the standings. As ``player add`` does for a player, ``team add`` and ``team import`` refuse
    it: it could play no round. A roster may still take a player."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X",
                   "--rounds", "1").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                                                             'B,B1,"B, b",1900\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    before = snapshot(folder)
    added = arbiter("-d", folder, "team", "add", "Ghost")
    assert added.code == 4 and added.err == "arbiter: error: the round is paired; a late entry could not play\n"
    imported = arbiter("-d", folder, "team", "import", "-", stdin='team,short,name\nGhost,GH,"G, g"\n')
    assert imported.code == 4 and "line 2: the round is paired; a late entry could not play" in imported.err
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "team", "roster", "A1", "add", "Late, Joe").code == 0


def test_a_team_s_late_entry_is_said_as_a_player_s_is(arbiter: Runner, sample: Callable[[str], Path]) -> None:
    """``team add`` after round 4 said only the team's number; ``player add`` says a late entry's
    missed rounds. Both team paths now say them."""
    team = sample("team-swiss20-in-progress")  # 4 of 7 rounds paired
    added = arbiter("-d", team, "team", "add", "Ghost Team", "--short", "GHO")
    assert added.code == 0 and "late entry: paired from round 5; rounds 1-4 scored as ZPB" in added.err
    imported = arbiter("-d", team, "team", "import", "-", stdin='team,short,name\nN1,NA,"A, a"\nN2,NB,"B, b"\n')
    assert imported.code == 0 and "late entry of 2 teams: paired from round 5; rounds 1-4 scored as ZPB" \
        in imported.err


def test_a_team_import_row_with_a_player_s_rating_but_no_name_is_refused(arbiter: Runner,
                                                                        sample: Callable[[str], Path]) -> None:
    """``New Team,NEW,,2000``: a forgotten name made a team with no players ("1 team and 0 players
    added"). A row that gives a player's rating, title, federation or national rating needs the
    name; a row with the team alone still registers the team alone."""
    team = sample("team-swiss20-in-progress")
    before = snapshot(team)
    refused = arbiter("-d", team, "team", "import", "-", stdin="team,short,name,rating\nNew Team,NEW,,2000\n")
    assert refused.code == 2 and refused.err == (
        "arbiter: error: <stdin>, line 2, field 'name': missing: the row gives a player's rating but no name (a row "
        "with only the team registers the team alone)\n")
    assert snapshot(team) == before
    alone = arbiter("-d", team, "team", "import", "-", stdin="team,short,name,rating\nNew Team,NEW,,\n")
    assert alone.code == 0 and "1 team and 0 players added" in alone.err


def test_a_team_withdrawal_journals_the_bye_and_line_up_it_drops(arbiter: Runner, sample: Callable[[str], Path]) -> None:
    """A team's requested bye for a later round went from team_byes.csv without a word when the team
    withdrew; a player's withdrawal says and journals it. The team's does too."""
    team = sample("team-swiss20-in-progress")
    assert arbiter("-d", team, "team", "bye", "3", "6").code == 0
    withdrawn = arbiter("-d", team, "team", "withdraw", "3")
    assert withdrawn.code == 0
    assert "round 6 requested bye of team 3 (Échecs Vienne): HPB -> none" in withdrawn.err
    journal = (team / "journal.csv").read_text(encoding="utf-8")
    assert "team withdraw 3,round 6 requested bye of team 3 (Échecs Vienne),HPB,," in journal


def test_messages_the_trial_found_odd_say_what_is_so(arbiter: Runner, tmp_path: Path, sample: Callable[[str], Path]) -> None:
    """Trial findings: ``team bye`` when every round is paired said "(5 to 4)"; removing the last team
    said the teams after it moved up; a Latin-1 CSV was "not UTF-8 text" with no line and no way out."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X",
                   "--rounds", "1").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name\nA,A1,"A, a"\nB,B1,"B, b"\n'
                                                             'C,C1,"C, c"\n').code == 0
    removed = arbiter("-d", folder, "team", "remove", "3")
    assert removed.code == 0 and removed.err == "team 3 (C) removed\n"
    assert "moved up a number" in arbiter("-d", folder, "team", "remove", "1").err
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name\nD,D1,"D, d"\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    bye = arbiter("-d", folder, "team", "bye", "1", "2")
    assert bye.code == 2 and bye.err.endswith("round 2 is not a round still to be paired (every round is paired)\n")
    latin = tmp_path / "players.csv"
    latin.write_bytes('name,rating\n"Ok, One",1500\n"Müller, Jo",1500\n'.encode("latin-1"))
    swiss = sample("swiss32-in-progress")
    refused = arbiter("-d", swiss, "player", "import", latin)
    assert refused.code == 2 and refused.err == (
        f"arbiter: error: {latin}, line 3: the file is not UTF-8 text: save it as UTF-8 (a spreadsheet's \"CSV UTF-8\")\n")


def test_c04_6_a_late_team_s_bye_goes_with_the_round_unpaired_not_into_the_requests(arbiter: Runner,
                                                                                    tmp_path: Path) -> None:
    """A team added after round 2 was paired has a zero-point bye there for its late entry. ``unpair``
    of round 2 kept that bye as one the arbiter had asked for (harness seed 3302): ``teams.csv`` did not
    say when a team entered. It now has the column ``entered_round``, and the team enters a round
    earlier instead; its bye of round 1 stays."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X",
                   "--rounds", "4").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'B,B1,"B, b",1900\nC,C1,"C, c",1800\nD,D1,"D, d",1700\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1.1 1-0\n2.1 0-1\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name\nGhost,GH,"G, g"\n').code == 0
    header, *rows = (folder / "teams.csv").read_text().splitlines()
    assert header.endswith(",entered_round") and rows[-1] == "5,Ghost,GH,active,,3"
    listed = arbiter("-d", folder, "team", "list", "-f", "json")
    assert [t["entered_round"] for t in json.loads(listed.out)] == [None, None, None, None, 3]
    unpaired = arbiter("-d", folder, "unpair")
    assert unpaired.code == 0, unpaired.err
    assert "requested bye" not in unpaired.err and not (folder / "team_byes.csv").exists()
    assert (folder / "teams.csv").read_text().splitlines()[-1] == "5,Ghost,GH,active,,2"
    assert ",,5,,ZPB" in (folder / "rounds" / "01.csv").read_text()
    assert arbiter("-d", folder, "verify").code == 0


def test_a_team_import_row_with_another_short_code_says_whether_the_team_is_registered_or_on_an_earlier_line(
        arbiter: Runner, tmp_path: Path) -> None:
    """The refusal said "on an earlier line" of a team registered before the import, and never that
    names match without case and accents (trial of issue 29); nothing is changed either way."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--rounds", "3", "--name",
                   "X").code == 0
    assert arbiter("-d", folder, "team", "add", "Échecs Grenoble", "--short", "GRE00").code == 0
    before = snapshot(folder)
    registered = arbiter("-d", folder, "team", "import", "-", stdin='team,short,name\nEchecs Grenoble,GRX,"A, a"\n')
    assert (registered.code, registered.err) == (2, "arbiter: error: <stdin>, line 2, field 'short': team 'Échecs "
                                                    "Grenoble' is registered already with the short code 'GRE00', not "
                                                    "'GRX' (team names match without case and accents)\n")
    earlier = arbiter("-d", folder, "team", "import", "-",
                      stdin='team,short,name\nNew Club,NC1,"B, b"\nNew club,NC2,"C, c"\n')
    assert (earlier.code, earlier.err) == (2, "arbiter: error: <stdin>, line 3, field 'short': team 'New Club' is on "
                                              "an earlier line with the short code 'NC1', not 'NC2' (team names "
                                              "match without case and accents)\n")
    assert snapshot(folder) == before
