"""A command run in a folder removed meanwhile (the trial of issue 29: an internal error,
FileNotFoundError, exit 1) says so in one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Runner


def test_a_command_in_a_removed_current_folder_says_so(arbiter: Runner, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    told = arbiter("standings")
    assert told.code == 2 and told.err == (
        "arbiter: error: the current folder no longer exists (removed while this shell was in it): 'cd' to a "
        "folder, or give the event with -d DIR as a full path\n")
