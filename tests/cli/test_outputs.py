"""Output files (-o, --html) never land on a file of a tournament or club folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT, Runner, snapshot


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "EV"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    return folder


@pytest.mark.parametrize("target", ["players.csv", "tournament.toml", "journal.csv", "rounds/03.csv",
                                    "rounds/09.csv", "byes.csv", "final/standings.csv", ".arbiter.lock"])
def test_export_refuses_to_overwrite_a_file_of_the_folder(arbiter: Runner, event: Path, target: str) -> None:
    before = snapshot(event)
    result = arbiter("-d", event, "export", "-o", event / target)
    assert result.code == 2 and result.out == ""
    assert "is part of the tournament folder; write the TRF to another file" in result.err
    assert snapshot(event) == before


def test_every_output_option_refuses_a_folder_file(arbiter: Runner, event: Path, tmp_path: Path) -> None:
    trf = tmp_path / "ev.trf"
    assert arbiter("-d", event, "export", "-o", trf).code == 0
    before = snapshot(event)
    for args in (["trf", "pair", trf, "-o", event / "players.csv"],
                 ["trf", "generate", "-o", event / "tournament.toml", "--players", "6", "--rounds", "2"],
                 ["-d", event, "standings", "--html", event / "players.csv"],
                 ["-d", tmp_path, "trf", "generate", "-o", event / "rounds" / "01.csv", "--players", "4",
                  "--rounds", "1"]):
        result = arbiter(*args)
        assert result.code == 2 and "is part of the tournament folder" in result.err, (args, result.err)
    assert snapshot(event) == before


def test_a_club_folders_files_are_refused_too(arbiter: Runner, tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(ROOT / "sample_events" / "club-lyon", club)
    event = next((club / "tournaments").iterdir())
    before = snapshot(club)
    result = arbiter("-d", event, "export", "-o", club / "members.csv")
    assert result.code == 2 and "is part of the club folder" in result.err
    assert snapshot(club) == before


def test_an_output_beside_the_folder_is_written(arbiter: Runner, event: Path) -> None:
    result = arbiter("-d", event, "export", "-o", event.parent / "EV.trf")
    assert result.code == 0 and (event.parent / "EV.trf").read_text().startswith("012 ")
    folder_as_file = arbiter("-d", event, "export", "-o", event / "rounds")
    assert folder_as_file.code == 2 and "is part of the tournament folder" in folder_as_file.err
    directory = arbiter("-d", event, "export", "-o", event.parent)
    assert directory.code == 2 and f"cannot write the TRF to {event.parent}: Is a directory" in directory.err
