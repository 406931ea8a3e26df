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


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("command", [["log", "--format", "csv"], ["standings"], ["standings", "-f", "json"]])
def test_output_to_a_full_disk_is_one_line_and_exit_2_not_an_internal_error(event: Path, command: list[str]) -> None:
    """Trial: 'arbiter log --format csv > /dev/full' said "internal error: OSError: [Errno 28] No space
    left on device" with exit 1, which the exit-code page calls a bug. A full disk is the system's
    refusal, as for a page written to a file: one line, exit 2, the folder unchanged."""
    import subprocess
    import sys

    before = snapshot(event)
    with open("/dev/full", "wb") as full:
        done = subprocess.run([str(Path(sys.executable).with_name("arbiter")), "-d", str(event), *command],
                              stdout=full, stderr=subprocess.PIPE, timeout=120, check=False)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.endswith("arbiter: error: cannot write the output (standard output): No space left on device\n"), err
    assert err.count("arbiter: error:") == 1 and "Traceback" not in err and "Exception ignored" not in err
    assert snapshot(event) == before
