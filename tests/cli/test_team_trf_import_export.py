"""``arbiter import`` and ``arbiter export`` of team events (issue 15): TRF-2026 team files, and
TRF16 013 teams on import.

Oracles: the two real team files of ../shared (FIDE's 50-team sample, with its line 345 corrected
as tests/trf/test_team_trf.py explains, and Sharly-Chess's import test) import, export and import
again to the same folder files and the same standings, and the imported folder's team standings
are those of ``arbiter trf standings`` on the file; a team round robin made with the commands (a
line-up out of the default order, an empty board, a match forfeit, withdrawn teams) comes back
through a TRF and pairs its next round as the folder it came from.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from arbiter_cli.store.team_folder import TeamFolder

from conftest import Runner, shared_file

from .test_team_trf_standings import SAMPLE, _corrected_sample as _sample

SHARLY = "realdata/trf/trf-team-import-test.trf"


def _source(tmp_path: Path, name: str) -> Path:
    return _sample(tmp_path) if name == "sample" else shared_file(SHARLY)


def _files(directory: Path) -> dict[str, str]:
    """Every file of a folder but the journal (when and how), the digests that cover it, and the lock."""
    return {str(p.relative_to(directory)): p.read_text(encoding="utf-8") for p in sorted(directory.rglob("*"))
            if p.is_file() and p.name not in ("journal.csv", ".arbiter.lock", ".arbiter.digests")}


def _round_trip(arbiter: Runner, tmp_path: Path, source: Path) -> tuple[Path, Path, Path]:
    first, second, exported = tmp_path / "first", tmp_path / "second", tmp_path / "export.trf"
    result = arbiter("import", source, first)
    assert result.code == 0, result.err
    result = arbiter("-d", first, "export", "-o", exported)
    assert result.code == 0, result.err
    result = arbiter("import", exported, second)
    assert result.code == 0, result.err
    return first, second, exported


def _standings(arbiter: Runner, *args: object) -> list[dict[str, object]]:
    result = arbiter(*args, "--format", "json")
    assert result.code == 0, result.err
    rows: list[dict[str, object]] = json.loads(result.out)
    return rows


# --------------------------------------------------------------------------- the real files


@pytest.mark.parametrize("name", ["sample", "sharly"])
def test_real_team_file_imports_exports_and_imports_again_unchanged(arbiter: Runner, tmp_path: Path,
                                                                    name: str) -> None:
    first, second, exported = _round_trip(arbiter, tmp_path, _source(tmp_path, name))
    assert _files(second) == _files(first)
    assert _standings(arbiter, "-d", second, "standings") == _standings(arbiter, "-d", first, "standings")
    journal = (first / "journal.csv").read_text(encoding="utf-8")
    assert "tournament imported" in journal and "import warning" in journal
    text = exported.read_bytes().decode("utf-8")
    assert text.endswith("\r\n") and text.count("\n") == text.count("\r\n")  # TRF lines end with CR LF


def test_fide_sample_team_standings_are_those_of_trf_standings_on_the_file(arbiter: Runner, tmp_path: Path) -> None:
    source = _sample(tmp_path)
    assert arbiter("import", source, tmp_path / "cup").code == 0
    folder = _standings(arbiter, "-d", tmp_path / "cup", "standings")
    assert folder == _standings(arbiter, "trf", "standings", source)
    assert len(folder) == 50 and list(folder[0]["tiebreaks"]) == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    for rules in ("2024", "2026"):
        for codes in ("MP,GP,EDE,EMGSB", "EDET,EDEB,EMMSB,EGGSB/C1,BC,TBR,BBE,SSSC", "BH:MP,BH:GP/C1,SB:MP,MPvGP"):
            options = ("--tiebreaks", codes, "--rules", rules)
            assert _standings(arbiter, "-d", tmp_path / "cup", "standings", *options) == _standings(
                arbiter, "trf", "standings", source, *options)


def test_sharly_file_team_standings_are_those_of_trf_standings_but_for_its_empty_boards(
        arbiter: Runner, tmp_path: Path) -> None:
    """The file scores a player facing an empty board 'U', a PAB worth 5 (162 P 5.0), and counts the
    two of Lyon's round 2 in its 310 game points (11.5); a folder's empty board is a forfeit win,
    worth 1: Lyon has 3.5 game points in the folder. Everything else is the same."""
    source = shared_file(SHARLY)
    assert arbiter("import", source, tmp_path / "sharly").code == 0
    folder = _standings(arbiter, "-d", tmp_path / "sharly", "standings")
    direct = _standings(arbiter, "trf", "standings", source)
    lyon = [row for row in direct if row["team_number"] == 4]
    assert lyon[0]["game_points"] == 11.5
    lyon[0]["game_points"] = 3.5
    assert folder == direct


def test_fide_sample_uncorrected_is_refused_on_line_345_and_leaves_nothing(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("import", shared_file(SAMPLE), tmp_path / "cup")
    assert result.code == 2 and result.out == ""
    assert result.err == (f"arbiter: error: {shared_file(SAMPLE)}, line 345, field '240 round 3': team 50 has a "
                          "requested bye in round 3 and the PAB (320, line 512)\n")
    assert list(tmp_path.iterdir()) == []


def test_trf16_013_teams_import(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "teams16.trf"
    lines = _sample(tmp_path).read_text(encoding="utf-8").split("\n")
    source.write_text("\n".join(x for x in lines if not x.startswith("310")), encoding="utf-8")
    first, second, _ = _round_trip(arbiter, tmp_path, source)
    assert _files(second) == _files(first)
    teams = (first / "teams.csv").read_text(encoding="utf-8").splitlines()
    assert teams[:2] == ["number,name,short,status,withdrawn_after", "1,India,,active,"]


# --------------------------------------------------------------------------- a folder made with the commands


def _league(arbiter: Runner, folder: Path) -> None:
    """Five teams of five players, a single round robin of 4 boards: a line-up without a main player
    and one with an empty board in round 1, a match forfeit in round 2, Delta and Epsilon withdrawn
    after round 3 (Delta forfeits round 4, Epsilon has its free round there), round 5 not paired."""
    def run(*args: object, stdin: str | None = None) -> None:
        result = arbiter("-d", folder, *args, stdin=stdin)
        assert result.code == 0, (args, result.err)

    assert arbiter("new", folder, "--teams", "--boards", "4", "--system", "round-robin", "--name",
                   "Club League").code == 0
    names = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon")
    for index, name in enumerate(names, start=1):
        run("team", "add", name, "--short", name[:3])
        run("team", "roster", name, "add", *(f"{name} {word}/{2300 - 10 * index - 50 * n}"
                                             for n, word in enumerate(("One", "Two", "Three", "Four", "Five"))))
    run("pair")
    run("lineup", "1", "Beta", "6", "8", "9", "10")  # Beta Two left out
    run("lineup", "1", "Gamma", "11", "12", "13")  # board 4 empty
    run("result", "1", "--from", "-", stdin="1.1 1-0\n1.2 =\n1.3 0-1\n1.4 1-0\n2.1 =\n2.2 0-1\n2.3 1-0\n")
    run("pair")
    run("result", "2", "1", "-/+")  # Epsilon does not show against Gamma
    run("result", "2", "--from", "-", stdin="2.1 1-0\n2.2 1-0\n2.3 =\n2.4 0-1\n")
    run("pair")
    run("result", "3", "--from", "-", stdin="1.1 1-0\n1.2 1-0\n1.3 =\n1.4 0-1\n2.1 =\n2.2 =\n2.3 =\n2.4 =\n")
    run("team", "withdraw", "Delta")
    run("team", "withdraw", "Epsilon")
    run("pair")


def test_team_round_robin_made_with_the_commands_comes_back_through_a_trf(arbiter: Runner, tmp_path: Path) -> None:
    league = tmp_path / "league"
    _league(arbiter, league)
    original = TeamFolder(league).load()
    assert original.round(4).match_of(4).forfeit is not None and original.round(4).byes[0].team == 5
    exported = tmp_path / "league.trf"
    result = arbiter("-d", league, "export", "-o", exported)
    assert result.code == 0, result.err
    assert "warning: not in a TRF, so not exported: the settings seed" in result.err
    assert "withdrawn teams are written as absent (240 Z) in every round after their withdrawal" in result.err
    assert "the line-ups kept under a match forfeit" not in result.err  # round 2 match 1: the pairing's own
    records = exported.read_bytes().decode("utf-8").splitlines()
    assert {"330 -+   2   5   3", "330 +-   4   1   4", "240 Z   4    4    5", "240 Z   5    4    5"} <= set(records)
    back = tmp_path / "back"
    result = arbiter("import", exported, back)
    assert result.code == 0, result.err
    assert "team 4 (Delta) has a zero-point bye (240 Z) in every round from round 4 on: imported as withdrawn after " \
           "round 3" in result.err
    before, after = _files(league), _files(back)
    kept = [line for line in before["rounds/02.csv"].splitlines(keepends=True) if line.startswith("1,") and
            not line.startswith("1,,")]  # the line-up Gamma was paired with, kept under Epsilon's forfeit
    assert len(kept) == 4
    before["rounds/02.csv"] = "".join(line for line in before["rounds/02.csv"].splitlines(keepends=True)
                                      if line not in kept)
    assert {k: v for k, v in after.items() if k != "tournament.toml"} == {
        k: v for k, v in before.items() if k != "tournament.toml"}
    assert re.sub(r"seed = \d+", "seed = 0", before["tournament.toml"]) == after["tournament.toml"]
    assert _standings(arbiter, "-d", back, "standings") == _standings(arbiter, "-d", league, "standings")
    for folder in (league, back):  # round 4's last results, then round 5: the same pairing from both
        assert arbiter("-d", folder, "result", "4", "--from", "-", stdin="2.1 1-0\n2.2 =\n2.3 =\n2.4 0-1\n").code == 0
        assert arbiter("-d", folder, "pair").code == 0
    assert _files(back)["rounds/05.csv"] == _files(league)["rounds/05.csv"]


def _half_rule_league(arbiter: Runner, sample: Callable[[str], Path], folder: Path, rule: str = "half") -> None:
    """The six clubs of sample_events/team-league-in-progress in a new single round robin of 4 boards
    (5 rounds; ``round_robin_withdrawal`` = ``rule``): Cavalier Bron (team 6) withdraws after round 2,
    having played 2 of its 5 matches, fewer than half; its matches of rounds 3-5 are forfeits."""
    def run(*args: object, stdin: str | None = None) -> None:
        result = arbiter("-d", folder, *args, stdin=stdin)
        assert result.code == 0, (args, result.err)

    clubs = sample("team-league-in-progress")
    teams = {row["number"]: row for row in csv.DictReader((clubs / "teams.csv").open(encoding="utf-8"))}
    rows = ["team,short,name,rating,fide_id,federation"]
    for player in csv.DictReader((clubs / "players.csv").open(encoding="utf-8")):
        team = teams[player["team"]]
        rows.append(f'{team["name"]},{team["short"]},"{player["name"]}",{player["rating"]},{player["fide_id"]},'
                    f'{player["federation"]}')
    assert arbiter("new", folder, "--teams", "--boards", "4", "--system", "round-robin", "--name", "Rhône League",
                   "--start-date", "2026-10-04").code == 0
    if rule != "half":
        toml = folder / "tournament.toml"
        text = toml.read_text(encoding="utf-8")
        assert text.count("\n[scoring]") == 1
        toml.write_text(text.replace("\n[scoring]", f'round_robin_withdrawal = "{rule}"\n\n[scoring]'), encoding="utf-8")
    run("team", "import", "-", stdin="\n".join(rows) + "\n")
    results = ("1-0", "1/2-1/2", "0-1", "1-0", "0-1", "1/2-1/2")
    for number in range(1, 6):
        if number == 3:
            run("team", "withdraw", "Cavalier Bron")
        run("pair")
        lines = [f"{m}.{b} {results[(m + b + number) % 6]}" for m in range(1, 4) for b in range(1, 5)
                 if number < 3 or 6 not in TeamFolder(folder).load().round(number).matches[m - 1].teams]
        run("result", str(number), "--from", "-", stdin="\n".join(lines) + "\n")


def _records(path: Path, code: str) -> dict[int, str]:
    """The records ``code`` of a TRF, by the number in their columns 5-7."""
    lines = path.read_bytes().decode("utf-8").splitlines()
    return {int(line[4:7]): line for line in lines if line.startswith(code + " ")}


def test_team_310_line_carries_the_standings_match_and_game_points(arbiter: Runner, sample: Callable[[str], Path],
                                                                    tmp_path: Path) -> None:
    """Fault 3 of issue 25: the 310 line wrote each team's matches summed (Villeurbanne 5 / 11.5, its
    4-0 forfeit win over Cavalier Bron in round 3 counted), where the half rule counts Cavalier Bron's
    matches for nobody (3 / 7.5). It carries the standings' own MP, GP and rank; Cavalier Bron, left
    out of them, its matches summed and no rank."""
    league = tmp_path / "league"
    _half_rule_league(arbiter, sample, league)
    rows = {row["team_number"]: row for row in _standings(arbiter, "-d", league, "standings")}
    assert 6 not in rows and len(rows) == 5
    exported = tmp_path / "league.trf"
    result = arbiter("-d", league, "export", "-o", exported)
    assert result.code == 0, result.err
    teams = _records(exported, "310")
    for number, row in rows.items():
        line = teams[number]
        assert (float(line[54:60]), float(line[61:67]), int(line[68:71])) == (
            row["match_points"], row["game_points"], row["rank"])
    assert (teams[2][54:60], teams[2][61:67]) == ("   3.0", "   7.5")
    assert (teams[6][54:60], teams[6][61:67], teams[6][68:71]) == ("   1.0", "   3.5", "   ")
    assert "team withdrawals are not exported" not in result.err


def test_team_withdrawal_under_half_rule_survives_trf_round_trip(arbiter: Runner, sample: Callable[[str], Path],
                                                                 tmp_path: Path) -> None:
    """Fault 3 of issue 25: import gave Cavalier Bron back as active, with other standings. A TRF has no
    withdrawal record: the export writes the team absent (240 Z, a known absence) in every round after
    its withdrawal, beside the match forfeit (330) it lost there; the import reads it back withdrawn
    after round 2, and the half rule gives the same standings and tie-breaks; ``trf standings`` on the
    file gives them too."""
    league, back, exported = tmp_path / "league", tmp_path / "back", tmp_path / "league.trf"
    _half_rule_league(arbiter, sample, league)
    assert arbiter("-d", league, "export", "-o", exported).code == 0
    records = exported.read_bytes().decode("utf-8").splitlines()
    assert [line for line in records if line.startswith(("240", "330"))] == [
        "330 +-   3   2   6", "330 -+   4   6   5", "330 +-   5   3   6", "240 Z   3    6", "240 Z   4    6",
        "240 Z   5    6"]
    result = arbiter("import", exported, back)
    assert result.code == 0, result.err
    assert "team 6 (Cavalier Bron) has a zero-point bye (240 Z) in every round from round 3 on: imported as " \
           "withdrawn after round 2" in result.err
    assert (back / "teams.csv").read_text(encoding="utf-8") == (league / "teams.csv").read_text(encoding="utf-8")
    assert "6,Cavalier Bron,BRO,withdrawn,2" in (back / "teams.csv").read_text(encoding="utf-8")
    before = {k: v for k, v in _files(league).items() if k != "tournament.toml"}
    assert {k: v for k, v in _files(back).items() if k != "tournament.toml"} == before
    codes = ("--tiebreaks", "EDE,EMGSB,BH:MP,SB:MP,MPvGP,BC")
    for options in ((), codes):
        standings = _standings(arbiter, "-d", league, "standings", *options)
        assert _standings(arbiter, "-d", back, "standings", *options) == standings
        assert _standings(arbiter, "trf", "standings", exported, *options) == standings
    assert arbiter("-d", back, "verify").code == 0


def test_team_withdrawal_counted_as_forfeits_comes_back_with_its_rule(arbiter: Runner, sample: Callable[[str], Path],
                                                                       tmp_path: Path) -> None:
    """The same league under ``round_robin_withdrawal = "forfeits"``: the 310 columns count Cavalier
    Bron's matches, which tells the import the rule; the export no longer calls the setting lost."""
    league, back, exported = tmp_path / "league", tmp_path / "back", tmp_path / "league.trf"
    _half_rule_league(arbiter, sample, league, rule="forfeits")
    result = arbiter("-d", league, "export", "-o", exported)
    assert result.code == 0 and "round_robin_withdrawal" not in result.err
    assert _records(exported, "310")[2][54:67] == "   5.0   11.5"  # the 4-0 forfeit win over Cavalier Bron counted
    result = arbiter("import", exported, back)
    assert result.code == 0 and 'read as an event that counts them (round_robin_withdrawal = "forfeits")' in result.err
    assert 'round_robin_withdrawal = "forfeits"' in (back / "tournament.toml").read_text(encoding="utf-8")
    standings = _standings(arbiter, "-d", league, "standings")
    assert len(standings) == 6
    assert _standings(arbiter, "-d", back, "standings") == standings
    assert _standings(arbiter, "trf", "standings", exported) == standings


def test_team_folder_exports_trf_2026_only(arbiter: Runner, tmp_path: Path) -> None:
    assert arbiter("import", _sample(tmp_path), tmp_path / "cup").code == 0
    before = _files(tmp_path / "cup")
    result = arbiter("-d", tmp_path / "cup", "export", "--trf-version", "16", "-o", tmp_path / "out.trf")
    assert result.code == 2 and "field '--trf-version': a team event is exported as TRF-2026" in result.err
    assert not (tmp_path / "out.trf").exists() and _files(tmp_path / "cup") == before
    to_stdout = arbiter("-d", tmp_path / "cup", "export")
    assert to_stdout.code == 0 and to_stdout.out.startswith("012 Grandmommy's Cup\r\n022 Test\r\n")
    india = next(x for x in to_stdout.out.splitlines() if x.startswith("310   1 "))
    ranks = {row["team_number"]: row["rank"] for row in _standings(arbiter, "-d", tmp_path / "cup", "standings")}
    assert (india[54:60], india[61:67], india[68:71], india[73:]) == (
        "  15.0", "  28.0", f"{ranks[1]:3d}", "   1    2    3    4    5")  # MP, GP, the rank of 'standings'


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("old, new, where", [
    ("330 +-   4  23  33", "330 +=   4  23  33",
     "line 515, field '330 type': '+=' is not a match forfeit type (+-, -+ or --)"),
    ("310   2 Ukraine ", "310   2 India   ", "line 289, field '310 team name': the team name 'India' is also on "
     "line 288"),
    ("142 14", "142 12", "line 23, field '142': the file has round 14 but the event has 12 rounds"),
])
def test_bad_team_file_is_one_line_naming_file_line_and_field_and_changes_nothing(
        arbiter: Runner, tmp_path: Path, old: str, new: str, where: str) -> None:
    source = _sample(tmp_path)
    text = source.read_text(encoding="utf-8")
    assert old in text
    source.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = arbiter("import", source, tmp_path / "cup")
    assert result.code == 2 and result.out == ""
    assert result.err == f"arbiter: error: {source}, {where}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sample.trf"]


def test_import_into_a_folder_in_use_changes_nothing(arbiter: Runner, tmp_path: Path) -> None:
    target = tmp_path / "cup"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    result = arbiter("import", _sample(tmp_path), target)
    assert result.code == 4 and "already exists and is not an empty folder" in result.err
    assert [p.name for p in target.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup", "sample.trf"]


def test_a_type_b_team_swiss_keeps_its_colour_model_through_import_and_pairs_as_trf_pair(
        arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "cup.trf"
    assert arbiter("trf", "generate", "--teams", "16", "--boards", "4", "--rounds", "3", "--seed", "9",
                   "--colour-model", "b", "-o", source).code == 0
    source.write_text(source.read_text().replace("142 3", "142 7"))
    folder = tmp_path / "cup"
    assert arbiter("import", source, folder).code == 0
    assert 'colour_model = "b"' in (folder / "tournament.toml").read_text()
    by_file = arbiter("trf", "pair", source).out.split("\n")[1:]
    assert arbiter("-d", folder, "pair").code == 0
    rows = json.loads(arbiter("-d", folder, "pairings", "4", "-f", "json").out)
    matches = {(r["first"], r["second"] or 0) for r in rows if r["board"] is None}
    assert {tuple(map(int, line.split())) for line in by_file if line} == matches
    exported = tmp_path / "again.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    assert "192 FIDE_TEAM_TYPEB_MP_GP" in exported.read_text()


def test_a_line_up_with_an_empty_board_is_exported_as_its_300_record_that_gacrux_reads(arbiter: Runner,
                                                                                        tmp_path: Path) -> None:
    """A team of one player in a 2-board team Swiss: each of its matches has an empty board. The export
    writes its line-up as a 300 record with ``0000`` (TRF-2026 300: "0000 = empty board"), which our
    import reads back and FIDE's engine needs to read a match of fewer games than boards (gacrux
    refused the export before: "round 1, 1-3 has only 1 games, but teamSize is 2; add 300 records")."""
    import subprocess
    import sys

    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--name", "L", "--seed", "1",
                   "--rounds", "3", "--colour-model", "none").code == 0
    teams = ('team,short,name,rating\nLyon,LYO,"A, A",2400\nLyon,LYO,"B, B",2300\nBrest,BRE,"P, P",2350\n'
             'Paris,PAR,"C, C",2200\nParis,PAR,"D, D",2100\nNice,NIC,"E, E",2000\nNice,NIC,"F, F",1900\n')
    assert arbiter("-d", folder, "team", "import", "-", stdin=teams).code == 0
    for number in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        entered = arbiter("-d", folder, "result", str(number), "--from", "-", stdin="1.1 1-0\n2.1 1-0\n2.2 0-1\n")
        assert entered.code == 0, entered.err
    trf = tmp_path / "e.trf"
    assert arbiter("-d", folder, "export", "-o", trf).code == 0
    lineups = [line.split() for line in trf.read_text(encoding="utf-8").splitlines() if line.startswith("300")]
    assert lineups == [["300", "1", "1", "3", "1", "0"], ["300", "2", "1", "4", "1", "0"]]
    assert arbiter("import", trf, tmp_path / "again").code == 0
    checked = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-c", "-i", str(trf)],
                             capture_output=True, text=True, check=False, timeout=300)
    assert json.loads(checked.stdout)["status"]["error"] == [], checked.stdout[-500:]


@pytest.mark.parametrize("forfeit", ["-/-", "+/-", "-/+"])
def test_a_short_team_s_match_forfeit_is_exported_with_its_300_line_up_that_gacrux_reads(
        arbiter: Runner, tmp_path: Path, forfeit: str) -> None:
    """A whole match forfeited (330, no boards played) by or against a team with fewer players than
    boards: the export adds the short team's line-up (300) with its empty board (``0``). FIDE's engine
    counts a forfeited match's boards from its players' rounds and refused the file without it
    ("round 1, 2-1 has only 2 games, but teamSize is 3; add 300 out-of-order records", harness seed
    3202); our import takes the 330 first, so the event comes back the same."""
    import subprocess
    import sys

    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "3", "--system", "swiss", "--name", "L", "--seed", "1",
                   "--rounds", "4").code == 0
    teams = ('team,short,name,rating\nLyon,LYO,"A, A",2467\nLyon,LYO,"B, B",2346\nLyon,LYO,"C, C",2294\n'
             'Lyon,LYO,"K, K",2026\nNice,NIC,"I, I",2370\nNice,NIC,"J, J",2291\n'
             'Lille,LIL,"L, L",2290\nLille,LIL,"M, M",2256\nLille,LIL,"N, N",\n')
    assert arbiter("-d", folder, "team", "import", "-", stdin=teams).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1", forfeit).code == 0
    trf = tmp_path / "e.trf"
    assert arbiter("-d", folder, "export", "-o", trf).code == 0
    records = [line.split() for line in trf.read_text(encoding="utf-8").splitlines() if line[:3] in ("300", "330")]
    assert records == [["330", forfeit.replace("/", ""), "1", "1", "2"], ["300", "1", "2", "1", "5", "6", "0"]]
    checked = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-c", "-i", str(trf)],
                             capture_output=True, text=True, check=False, timeout=300)
    assert json.loads(checked.stdout)["status"]["error"] == [], checked.stdout[-500:]
    assert arbiter("import", trf, tmp_path / "again").code == 0
    again = tmp_path / "again.trf"
    assert arbiter("-d", tmp_path / "again", "export", "-o", again).code == 0
    assert again.read_text(encoding="utf-8").splitlines()[1:] == trf.read_text(encoding="utf-8").splitlines()[1:]
    standings = [arbiter("-d", where, "standings", "--format", "csv").out for where in (folder, tmp_path / "again")]
    assert standings[0] == standings[1]


def test_a_team_round_robin_of_one_team_comes_back_from_its_own_export(arbiter: Runner, tmp_path: Path) -> None:
    """Harness fault (seed 3201): a team round robin down to one team (the others removed before round 1)
    has no round to play, so its export has no 142, and its own import refused it ("the number of rounds
    is missing"). Import gives the event back, the export again is the same file, and a team added
    later makes it a round robin of two."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "round-robin", "--name", "H").code == 0
    teams = ('team,short,name,rating\nLyon,LYO,"A, A",1400\nLyon,LYO,"B, B",1400\n'
             'Nice,NIC,"E, E",1400\nNice,NIC,"F, F",1400\n')
    assert arbiter("-d", folder, "team", "import", "-", stdin=teams).code == 0
    assert arbiter("-d", folder, "team", "remove", "1").code == 0
    trf = tmp_path / "e.trf"
    assert arbiter("-d", folder, "export", "-o", trf).code == 0
    back = arbiter("import", trf, tmp_path / "back")
    assert back.code == 0, back.err
    again = tmp_path / "again.trf"
    assert arbiter("-d", tmp_path / "back", "export", "-o", again).code == 0
    assert again.read_text(encoding="utf-8") == trf.read_text(encoding="utf-8")
    standings = [arbiter("-d", where, "standings", "--format", "csv").out for where in (folder, tmp_path / "back")]
    assert standings[0] == standings[1] and "Nice" in standings[0]
    assert arbiter("-d", tmp_path / "back", "team", "add", "Brest", "--short", "BRE").code == 0
    assert arbiter("-d", tmp_path / "back", "team", "roster", "BRE", "add", "G, G/1500", "H, H/1400").code == 0
    assert arbiter("-d", tmp_path / "back", "pair").code == 0


def test_a_team_s_zero_point_byes_in_every_round_still_to_play_are_named_by_export(arbiter: Runner, sample: Callable[[str], Path],
                                                                                   tmp_path: Path) -> None:
    """Harness open fault: a team Swiss's requested zero-point byes in every round still to play (the last
    round alone, near the end) come back from import as a withdrawal, since a TRF has no withdrawal and
    export writes a withdrawn team so; export said nothing. It now names the team, as it does a player;
    byes that leave a round still to play between are requests, and come back as requests."""
    folder = sample("team-swiss20-in-progress")  # 4 of 7 rounds paired
    trf = tmp_path / "e.trf"
    for number in (7, 6):
        assert arbiter("-d", folder, "team", "bye", "3", str(number), "--zero").code == 0
    done = arbiter("-d", folder, "export", "-o", trf)
    assert done.code == 0 and "zero-point byes" not in done.err
    assert arbiter("import", trf, tmp_path / "requests").code == 0
    assert (tmp_path / "requests" / "team_byes.csv").read_text(encoding="utf-8").splitlines()[1:] == ["6,3,ZPB", "7,3,ZPB"]
    assert arbiter("-d", folder, "team", "bye", "3", "5", "--zero").code == 0
    done = arbiter("-d", folder, "export", "-o", trf)
    assert ("warning: team 3 (Échecs Vienne)'s zero-point byes in every round from round 5 to the end will be "
            "imported as a withdrawal: a TRF has no withdrawal") in done.err.splitlines()
    imported = arbiter("import", trf, tmp_path / "withdrawn")
    assert imported.code == 0 and "imported as withdrawn after round 4" in imported.err


def test_a_late_team_withdrawn_after_the_last_round_paired_is_named_by_export(arbiter: Runner, tmp_path: Path) -> None:
    """Harness fault (seed 3303): a team that entered late (a zero-point bye in every round already paired)
    and withdrew after the last of them came back from export and import withdrawn after round 0: its
    240 Z begin after the last round paired, so the import walks back over the rounds it was absent in.
    Export now names the team and the round it comes back after."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X", "--rounds", "4").code == 0
    teams = 'team,short,name\nA,A1,"A, a"\nB,B1,"B, b"\nC,C1,"C, c"\nD,D1,"D, d"\n'
    assert arbiter("-d", folder, "team", "import", "-", stdin=teams).code == 0
    for number in ("1", "2"):
        assert arbiter("-d", folder, "pair").code == 0
        assert arbiter("-d", folder, "result", number, "--from", "-", stdin="1.1 1-0\n2.1 1-0\n").code == 0
    assert arbiter("-d", folder, "team", "add", "E", "--short", "E1").code == 0
    assert arbiter("-d", folder, "team", "roster", "E1", "add", "E, e").code == 0
    assert arbiter("-d", folder, "team", "withdraw", "E1").code == 0
    trf = tmp_path / "e.trf"
    done = arbiter("-d", folder, "export", "-o", trf)
    assert ("warning: the withdrawal of team 5 (E) after round 2 comes back after round 0: it had no match from "
            "round 1 on, and a TRF has no withdrawal") in done.err.splitlines()
    assert arbiter("import", trf, tmp_path / "back").code == 0
    assert "5,E,E1,withdrawn,0" in (tmp_path / "back" / "teams.csv").read_text(encoding="utf-8")


def test_a_line_up_given_and_kept_under_a_match_forfeit_is_warned_of_and_the_pairing_s_own_is_not(
        arbiter: Runner, tmp_path: Path) -> None:
    """A forfeited match keeps the boards the pairing wrote; the 330 record is exported in their place.
    The trial of issue 29 met the warning on every match forfeit, the boards being each team's default
    line-up, which is no choice of the arbiter's; only a line-up the arbiter gave is warned of."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "swiss", "--name", "X",
                   "--rounds", "3").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'A,A1,"A, b",2000\nA,A1,"A, c",2000\nB,B1,"B, b",1900\nB,B1,"B, c",1900\nC,C1,"C, c",1800\n'
                   'C,C1,"C, d",1800\nD,D1,"D, d",1700\nD,D1,"D, e",1700\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1", "+/-").code == 0
    plain = arbiter("-d", folder, "export", "-o", tmp_path / "plain.trf")
    assert plain.code == 0 and "line-ups kept under a match forfeit" not in plain.err
    assert arbiter("-d", folder, "unpair").code != 0  # a result stands: the line-up is given on the paired round
    assert arbiter("-d", folder, "result", "1", "1", "none", "--correct").code == 0
    given = arbiter("-d", folder, "lineup", "1", "A1", "1", "3")
    assert given.code == 0, given.err
    assert arbiter("-d", folder, "result", "1", "1", "+/-").code == 0
    warned = arbiter("-d", folder, "export", "-o", tmp_path / "given.trf")
    assert warned.code == 0 and "the line-ups kept under a match forfeit are not exported (round 1 match 1)" \
        in warned.err


def test_a_team_withdrawn_after_a_round_since_unpaired_is_exported_with_a_warning_of_how_it_comes_back(
        arbiter: Runner, tmp_path: Path) -> None:
    """Withdrawn after round 2, then round 2 unpaired: the export's 240 Z begin in round 3, after a round
    still to play, and the import reads them as requested byes. The export had crashed (IndexError,
    harness seed 3402); it now says so by name."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X",
                   "--rounds", "3").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'B,B1,"B, b",1900\nC,C1,"C, c",1800\nD,D1,"D, d",1700\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1.1 1-0\n2.1 0-1\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "team", "withdraw", "D1").code == 0
    assert arbiter("-d", folder, "unpair").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "the withdrawal of team 4 (D) after round 2 comes back as requested zero-point byes from round 3: round 2 " \
           "is not paired yet" in exported.err
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0
    assert (tmp_path / "back" / "teams.csv").read_text().splitlines()[4] == "4,D,D1,active,"
    assert (tmp_path / "back" / "team_byes.csv").read_text().splitlines()[1:] == ["3,4,ZPB"]


def test_a_team_round_robin_with_game_points_primary_is_exported_as_the_192_code_says_with_a_warning(
        arbiter: Runner, tmp_path: Path) -> None:
    """TRF-2026 has one 192 code for a team round robin, FIDE_TEAM_ROUNDROBIN, whose primary score is
    MP. ``team.primary = "GP"`` made the export refuse the event (harness seed 3403); it is exported
    with that code, and the setting named among those a TRF does not carry."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "2", "--system", "round-robin", "--name", "X").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'A,A1,"A, b",2000\nB,B1,"B, b",1900\nB,B1,"B, c",1900\nC,C1,"C, c",1800\nC,C1,"C, d",1800\n'
                   ).code == 0
    assert arbiter("-d", folder, "settings", "set", "team.primary", "GP").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "warning: not in a TRF, so not exported: the settings" in exported.err and "team.primary" in exported.err
    assert "192 FIDE_TEAM_ROUNDROBIN" in (tmp_path / "x.trf").read_text()
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0


def _three_team_round_robin(arbiter: Runner, folder: Path, system: str = "round-robin") -> None:
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", system, "--name", "X", "--seed",
                   "99").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'B,B1,"B, b",1900\nC,C1,"C, c",1800\n').code == 0


def _ranked(arbiter: Runner, folder: Path) -> list[tuple[str, object, object]]:
    shown = arbiter("-d", folder, "standings", "--format", "json")
    assert shown.code == 0, shown.err
    return [(row["name"], row["rank"], row["match_points"]) for row in json.loads(shown.out)]


def test_a_team_round_robin_withdrawal_after_a_round_since_unpaired_comes_back_withdrawn_after_that_round(
        arbiter: Runner, tmp_path: Path) -> None:
    """A round robin holds no requested byes, so its 240 Z to the end are the withdrawal even when they begin
    after a round still to play (withdrawn after round 1, then round 1 unpaired: harness seed 3501). They came
    back as requested byes the folder cannot hold, dropped: the team active, back in the standings the half
    rule had taken it out of."""
    folder = tmp_path / "ev"
    _three_team_round_robin(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "team", "withdraw", "1").code == 0
    assert arbiter("-d", folder, "unpair").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "comes back" not in exported.err
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0
    assert (tmp_path / "back" / "teams.csv").read_text() == (folder / "teams.csv").read_text()
    assert _ranked(arbiter, tmp_path / "back") == _ranked(arbiter, folder)


def test_a_team_withdrawal_followed_by_a_match_of_its_own_is_exported_with_the_round_it_comes_back_after(
        arbiter: Runner, tmp_path: Path) -> None:
    """Withdrawn after round 0, then round 2's forfeit corrected to a win of the withdrawn team: the export
    writes no 240 Z in round 2, and the import reads the withdrawal after round 2. Export said nothing
    (harness seed 3501); it now names both rounds."""
    folder = tmp_path / "ev"
    _three_team_round_robin(arbiter, folder, "double-round-robin")
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "1", "+/-").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    match = json.loads(arbiter("-d", folder, "pairings", "2", "--format", "json").out)[0]
    assert (match["first"], match["second"]) == (3, 1)  # C meets A in round 2 (the Berger table)
    assert arbiter("-d", folder, "team", "withdraw", "3", "--after-round", "0").code == 0
    assert arbiter("-d", folder, "result", "2", "1", "+/-", "--correct").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "the withdrawal of team 3 (C) after round 0 comes back after round 2: it was not absent in round 2" \
        in exported.err
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0
    assert (tmp_path / "back" / "teams.csv").read_text().splitlines()[3] == "3,C,C1,withdrawn,2"
    assert _ranked(arbiter, tmp_path / "back") == _ranked(arbiter, folder)


def test_a_team_withdrawn_before_a_round_it_has_the_pab_of_is_exported_without_a_bye_beside_the_pab(
        arbiter: Runner, tmp_path: Path) -> None:
    """Withdrawn after round 0 with round 1 paired and its PAB standing: the export wrote a 240 Z beside
    the 320 PAB, which trf standings and import refuse (harness seed 3503). The PAB is written alone; the
    withdrawal comes back after round 1, and the export says so."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--name", "X", "--rounds", "3",
                   "--seed", "0").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'B,B1,"B, b",1900\nC,C1,"C, c",1800\n').code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert (folder / "rounds" / "01.csv").read_text().splitlines()[-1] == ",,3,,PAB"
    assert arbiter("-d", folder, "team", "withdraw", "3", "--after-round", "0").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert "the withdrawal of team 3 (C) after round 0 comes back after round 1: it was not absent in round 1" \
        in exported.err
    assert arbiter("trf", "standings", tmp_path / "x.trf").code == 0
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0
    assert (tmp_path / "back" / "teams.csv").read_text().splitlines()[3] == "3,C,C1,withdrawn,1"
    assert _ranked(arbiter, tmp_path / "back") == _ranked(arbiter, folder)


def test_a_withdrawn_team_with_a_forfeit_won_in_the_last_round_is_exported_with_a_warning_that_its_withdrawal_is_lost(
        arbiter: Runner, tmp_path: Path) -> None:
    """Withdrawn after round 0, then the last round's forfeit corrected to a win of the withdrawn team: no run
    of 240 Z reaches the end, so the import reads no withdrawal. Export said it came back as requested byes of
    a round "not paired yet" (harness seed 3504); it now says the withdrawal does not come back, and why."""
    folder = tmp_path / "ev"
    _three_team_round_robin(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "team", "withdraw", "3", "--after-round", "0").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "2", "1.1", "1-0").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert (folder / "rounds" / "03.csv").read_text().splitlines()[1] == "1,,3,1,-/+"  # (the Berger table, seed 99)
    assert arbiter("-d", folder, "result", "3", "1", "+/-", "--correct").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert ("warning: the withdrawal of team 3 (C) after round 0 does not come back: it was not absent in round 3, "
            "and a TRF has no withdrawal\n") in exported.err
    assert "not paired yet" not in exported.err


def test_a_team_withdrawn_before_a_round_it_has_a_requested_bye_in_is_exported_with_that_bye_alone(
        arbiter: Runner, tmp_path: Path) -> None:
    """Its half-point bye of round 1 (240 H) stands after a withdrawal after round 0: the export wrote a 240 Z
    beside it, "a second bye" its import and trf standings refuse (harness seed 3507)."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--teams", "--boards", "1", "--system", "swiss", "--rounds", "3", "--name", "X",
                   "--seed", "0").code == 0
    assert arbiter("-d", folder, "team", "import", "-", stdin='team,short,name,rating\nA,A1,"A, a",2000\n'
                   'B,B1,"B, b",1900\nC,C1,"C, c",1800\nD,D1,"D, d",1700\n').code == 0
    assert arbiter("-d", folder, "team", "bye", "C1", "1").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "team", "withdraw", "C1", "--after-round", "0").code == 0
    exported = arbiter("-d", folder, "export", "-o", tmp_path / "x.trf")
    assert exported.code == 0, exported.err
    assert [line for line in (tmp_path / "x.trf").read_text().splitlines() if line.startswith("240")] == \
        ["240 H   1    3", "240 Z   2    3", "240 Z   3    3"]
    assert arbiter("trf", "standings", tmp_path / "x.trf").code == 0
    assert arbiter("import", tmp_path / "x.trf", tmp_path / "back").code == 0
    assert (tmp_path / "back" / "teams.csv").read_text().splitlines()[3] == "3,C,C1,withdrawn,1"
