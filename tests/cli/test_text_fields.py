"""Text fields hold printable text on one line, wherever they enter (issue 13, item 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, SHARED, Runner, snapshot


@pytest.mark.parametrize("name", ["New\nLine, Name", "Tab\tName", "Bell\x07", "Nul\x00x", "Sep\u2028x"])
def test_a_control_character_in_a_name_is_refused_on_the_command_line(arbiter: Runner, make_event,
                                                                      name: str) -> None:
    folder = make_event(2)
    before = snapshot(folder)
    result = arbiter("-d", folder, "player", "add", name)
    assert result.code == 2 and "field 'NAME': contains a control character" in result.err
    assert result.err.count("\n") == 1 and snapshot(folder) == before


def test_a_control_character_is_refused_in_csv_imports_settings_and_members(arbiter: Runner, make_event,
                                                                            tmp_path: Path) -> None:
    folder = make_event(2)
    imported = arbiter("-d", folder, "player", "import", "-", stdin='name,club\n"A, B","Cl\tub"\n')
    assert imported.code == 2 and "<stdin>, line 2, field 'club': contains a control character" in imported.err
    created = arbiter("new", tmp_path / "x", "--name", "Open\r2026", "--system", "swiss", "--rounds", "5")
    assert created.code == 2 and "field '--name': contains a control character" in created.err
    assert not (tmp_path / "x").exists()
    club = tmp_path / "club"
    assert arbiter("club", "new", club, "--name", "Club").code == 0
    member = arbiter("-d", club, "member", "add", "Doe,\nJane")
    assert member.code == 2 and "contains a control character" in member.err


def test_a_control_character_added_by_hand_breaks_the_folder_with_its_line(arbiter: Runner,
                                                                           tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "double-rr6-ready", folder)
    players = folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace("Castro", "Cas\x0btro"), encoding="utf-8")
    result = arbiter("-d", folder, "standings")
    assert result.code == 3 and "players.csv, line" in result.err and "field 'name'" in result.err
    assert "contains a control character" in result.err and result.err.count("\n") == 1


def test_a_control_character_in_a_trf_is_refused_with_its_line(arbiter: Runner, tmp_path: Path) -> None:
    lines = (SHARED / "realdata" / "trf" / "2021_03.trf").read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[at] = lines[at][:16] + "\x01" + lines[at][17:]
    source = tmp_path / "damaged.trf"
    source.write_text("\n".join(lines), encoding="utf-8")
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 2 and f"line {at + 1}, field 'name': contains a control character" in result.err
    assert not (tmp_path / "ev").exists()
