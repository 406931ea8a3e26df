"""arbiter standings and crosstable: tie-break options, formats and the printed page."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from arbiter_cli.store.tournament import TournamentFolder
from arbiter_cli.render.output import Column, View
from arbiter_cli.render.printing import print_sheets, sheet

from conftest import ROOT, Runner, snapshot

SAMPLES = ROOT / "sample_events"


@pytest.fixture
def swiss(tmp_path: Path) -> Path:
    folder = tmp_path / "swiss"
    shutil.copytree(SAMPLES / "swiss32-in-progress", folder)
    return folder


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    folder = tmp_path / "rr"
    shutil.copytree(SAMPLES / "rr10-finished", folder)
    return folder


def test_the_json_keeps_each_code_as_written(arbiter: Runner, swiss: Path) -> None:
    result = arbiter("-d", swiss, "standings", "--tiebreaks", "bh/c1,BH,SB,DE,WIN,ARO", "-f", "json")
    assert result.code == 0, result.err
    rows = json.loads(result.out)
    assert list(rows[0]["tiebreaks"]) == ["bh/c1", "BH", "SB", "DE", "WIN", "ARO"]
    assert all(isinstance(v, (int, float)) or v is None for r in rows for v in r["tiebreaks"].values())
    assert {"rank", "start_number", "name", "rating", "points", "tiebreaks"} <= set(rows[0])
    assert "round 5 is not complete" in result.err
    ranks = [r["rank"] for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_the_default_list_and_the_edition(arbiter: Runner, swiss: Path) -> None:
    rows = json.loads(arbiter("-d", swiss, "standings", "-f", "json").out)
    assert list(rows[0]["tiebreaks"]) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    table = arbiter("-d", swiss, "standings", "--rules", "pre2023", "--print").out
    assert "C.07 pre2023 rules" in table
    assert "C.07 2026 rules" in arbiter("-d", swiss, "standings", "--print").out  # starts 2026-11-20


def test_csv_has_one_column_per_tie_break(arbiter: Runner, finished: Path) -> None:
    lines = arbiter("-d", finished, "standings", "-f", "csv").out.splitlines()
    assert lines[0].endswith(",DE,SB,WIN,KS")
    assert len(lines) == 11


@pytest.mark.parametrize("args,message", [
    (["--tiebreaks", "BH,XYZ"], "unknown tie-break 'XYZ'"),
    (["--rules", "1999"], "'1999' is not one of"),
    (["--print", "-f", "json"], "--print makes a page for the printer"),
])
def test_bad_options_are_one_line(arbiter: Runner, swiss: Path, args: list[str], message: str) -> None:
    before = snapshot(swiss)
    result = arbiter("-d", swiss, "standings", *args)
    assert result.code == 2 and result.err.startswith("arbiter: error: ") and result.err.count("\n") == 1
    assert message in result.err
    assert snapshot(swiss) == before


def test_the_rules_setting_is_read_from_the_folder(arbiter: Runner, finished: Path) -> None:
    toml = finished / "tournament.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('tiebreaks = [', 'tiebreak_rules = "2024"\n'
                                                               'tiebreak_lots = true\ntiebreaks = ['), encoding="utf-8")
    settings = TournamentFolder(finished).load().settings
    assert settings.tiebreak_rules == "2024" and settings.tiebreak_lots is True
    result = arbiter("-d", finished, "standings", "--print")
    # no two players are equal after the tie-breaks here: no lot is drawn, and no note says one was
    assert "C.07 2024 rules" in result.out and "ordered by lot" not in result.err
    ranks = [r["rank"] for r in json.loads(arbiter("-d", finished, "standings", "-f", "json").out)]
    assert ranks == list(range(1, 11))


def test_the_printed_standings_fit_a4(arbiter: Runner, swiss: Path) -> None:
    result = arbiter("-d", swiss, "standings", "--print")
    assert result.code == 0
    page = result.out
    assert "\x1b" not in page and "┃" not in page  # no colours, no box drawing
    lines = page.splitlines()
    assert lines[0] == "Ege Open 2026" and "Standings after round 5" in lines[2] and "printed" in lines[2]
    assert max(len(line) for line in lines) <= 80
    assert "round 5 is not complete" in page and "page 1/1" in page
    wide = arbiter("-d", swiss, "standings", "--print", "--tiebreaks", "BH/C1,BH,SB,DE,WIN,ARO,TPR,PS,AOB,KS").out
    assert max(len(line) for line in wide.splitlines()) <= 80 and "Dogan, Zeynep" in wide


def test_the_crosstable_notation(arbiter: Runner, swiss: Path) -> None:
    rows = json.loads(arbiter("-d", swiss, "crosstable", "-f", "json").out)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert "BH/C1" in rows[0]["tiebreaks"]
    printed = arbiter("-d", swiss, "crosstable", "--print").out
    assert "R5" in printed and "PAB pairing bye" in printed
    assert re.search(r" \d+[wb]\? ", printed)  # a result still missing in round 5
    square = arbiter("-d", swiss.parent, "crosstable")  # not a tournament folder
    assert square.code == 3


def test_absent_rounds_show_as_zero_point_byes(arbiter: Runner, swiss: Path) -> None:
    folder = TournamentFolder(swiss)
    tournament = folder.load()
    players = swiss / "players.csv"
    text = players.read_text(encoding="utf-8")
    players.write_text(text + "33,\"Late, Lou\",,,,,,,,active,\n", encoding="utf-8")
    refused = arbiter("-d", swiss, "crosstable")  # issue 13: added by hand, in no round: not five silent ZPBs
    assert refused.code == 3 and "players.csv, line 34, field 'entered_round': player 33 (Late, Lou) is in no " \
        "game and no bye of rounds 1-5; a late entry needs entered_round = 6" in refused.err
    lines = text.splitlines()
    lines = [lines[0] + ",entered_round"] + [line + "," for line in lines[1:]]
    players.write_text("\n".join(lines) + "\n33,\"Late, Lou\",,,,,,,,active,,6\n", encoding="utf-8")
    assert len(folder.load().players) == len(tournament.players) + 1  # entered for round 6: nothing missing
    rows = json.loads(arbiter("-d", swiss, "crosstable", "-f", "json").out)
    csv = arbiter("-d", swiss, "crosstable", "-f", "csv").out
    assert any(r["start_number"] == 33 for r in rows)
    assert [line for line in csv.splitlines() if line.startswith("33,")][0].count("ZPB") == 5


def test_long_lists_break_into_a4_pages() -> None:
    view = View("t", [{"n": str(i)} for i in range(150)], [Column("n", "No", lambda r: r["n"], "right")])
    text = print_sheets([sheet(view, ["Event", "Standings after round 9"])])
    pages = text.split("\f")
    assert len(pages) == 3 and all(len(p.splitlines()) <= 60 for p in pages)
    assert all(p.startswith("Event\nStandings after round 9") for p in pages) and "page 3/3" in pages[-1]


def test_buchholz_in_a_round_robin_is_computed_with_a_caution(arbiter: Runner, finished: Path) -> None:
    result = arbiter("-d", finished, "standings", "--tiebreaks", "BH,SB", "-f", "json")
    assert result.code == 0 and "do not allow Buchholz" in result.err
    assert all(isinstance(r["tiebreaks"]["BH"], (int, float)) for r in json.loads(result.out))
    assert "do not allow" not in arbiter("-d", finished, "standings", "--tiebreaks", "BH", "--rules", "2024").err


@pytest.mark.parametrize("codes, message", [
    ("BH/C9", "the cut of BH/C9 drops 9 values, but a 7-round event has 7: nothing is left to compare"),
    ("WIN/C1", "the modifier /C1 does not apply to WIN (it takes /R)"),
    ("BH/C0", "/C0 in tie-break 'BH/C0' drops nothing; use at least 1"),
    ("KS/C1", "the modifier /C1 does not apply to KS (it takes /L /R)"),
    ("", "give at least one tie-break code, or 'none' for no tie-break"),
    (" ", "give at least one tie-break code, or 'none' for no tie-break"),
    (" , ", "give at least one tie-break code, or 'none' for no tie-break"),
])
def test_nonsense_tiebreak_specs_are_refused(arbiter: Runner, sample, codes: str, message: str) -> None:
    """Issue 13, item 8: BH/C9 in a 7-round event ranked everyone equal; '' dropped every tie-break.
    (On a copy: a command in the sample's own folder makes its lock file while another test copies it.)"""
    result = arbiter("-d", sample("swiss32-in-progress"), "standings", "--tiebreaks", codes)
    assert result.code == 2 and result.out == ""
    assert result.err == f"arbiter: error: field '--tiebreaks': {message}\n"


def test_no_tiebreak_at_all_is_said_with_none(arbiter: Runner, sample) -> None:
    result = arbiter("-d", sample("swiss32-in-progress"), "standings", "--tiebreaks", "none",
                     "-f", "csv")
    assert result.code == 0 and result.out.splitlines()[0].endswith(",byes")


def test_a_settings_file_with_a_nonsense_cut_is_a_broken_folder(arbiter: Runner, tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text(encoding="utf-8").replace('"BH/C1"', '"BH/C9"'), encoding="utf-8")
    result = arbiter("-d", folder, "standings")
    assert result.code == 3 and "tournament.toml, line 13, field 'tiebreaks': the cut of BH/C9" in result.err


def test_an_event_finished_early_keeps_its_announced_cuts(arbiter: Runner, tmp_path: Path) -> None:
    """BH/M1 was sound for 5 rounds; finishing after round 1 must not make the event unfinishable."""
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "Short", "--system", "swiss", "--rounds", "5",
                   "--tiebreaks", "BH/M1,SB").code == 0
    for i in range(1, 7):
        assert arbiter("-d", folder, "player", "add", f"P{i}, X", "--rating", str(2000 + i)).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    for board in (1, 2, 3):
        assert arbiter("-d", folder, "result", "1", str(board), "1-0").code == 0
    assert arbiter("-d", folder, "finalize", "--after-round", "1", "--yes").code == 0
    assert arbiter("-d", folder, "standings").code == 0 and arbiter("-d", folder, "verify").code == 0
    cut = arbiter("-d", folder, "standings", "--tiebreaks", "BH/C2")
    assert cut.code == 2 and "the cut of BH/C2 drops 2 values, but a 1-round event has 1" in cut.err
