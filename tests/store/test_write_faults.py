"""A full disk or a folder that cannot be written: one clear line, and the folder as it was (issue 13).

The faults are injected into the write path in-process: the disk "fills up" at
the n-th file a change writes, or a rename is refused.
"""

from __future__ import annotations

import errno
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import arbiter_cli.store.files as files
from conftest import ROOT, Runner, snapshot

#: Writing commands, each on a fresh copy of a sample: (sample, arguments).
WRITERS = [
    ("double-rr6-ready", ["pair"]),
    ("swiss32-in-progress", ["result", "5", "2", "1-0"]),
    ("swiss32-in-progress", ["result", "5", "--from", "-"]),
    ("swiss32-in-progress", ["bye", "3", "--round", "6", "--half"]),
    ("swiss32-in-progress", ["player", "add", "Late, Comer", "--rating", "1500"]),
    ("swiss32-in-progress", ["player", "withdraw", "7"]),
    ("rr10-finished", ["finalize", "--date", "2026-12-01"]),
]
FAULTS = {"full disk": (errno.ENOSPC, "No space left on device"), "no permission": (errno.EACCES, "Permission denied")}


def _failing(after: int, code: int, text: str, real: Callable[[Path, str], None]) -> Callable[[Path, str], None]:
    calls = [0]

    def write(path: Path, data: str) -> None:
        calls[0] += 1
        if calls[0] > after:
            raise OSError(code, text)
        real(path, data)

    return write


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("after", [0, 1, 2])
@pytest.mark.parametrize("sample, args", WRITERS, ids=[" ".join(a) for _, a in WRITERS])
def test_a_write_that_fails_changes_nothing_and_says_one_line(arbiter: Runner, tmp_path: Path, monkeypatch,
                                                              sample: str, args: list[str], after: int,
                                                              fault: str) -> None:
    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / sample, folder)
    before = snapshot(folder)
    code, text = FAULTS[fault]
    monkeypatch.setattr(files, "_write_synced", _failing(after, code, text, files._write_synced))
    result = arbiter("-d", folder, *args, stdin="9 1/2\n14 0-1\n")
    monkeypatch.undo()
    assert result.code == 3, result.err
    last = result.err.splitlines()[-1]
    assert last.startswith("arbiter: error: ") and f"cannot write the file: {text}; nothing was changed" in last
    assert "Traceback" not in result.err and result.out == ""
    assert snapshot(folder) == before and not list(folder.rglob(".*.tmp-*"))
    assert arbiter("-d", folder, "verify").code == 0


def test_a_rename_refused_after_the_manifest_is_completed_by_the_next_command(arbiter: Runner, tmp_path: Path,
                                                                            monkeypatch) -> None:
    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "double-rr6-ready", folder)
    real = files.os.replace
    calls = [0]

    def replace(source: object, target: object) -> None:
        if not Path(str(target)).is_relative_to(folder):  # the read cache's entries, outside the folder
            real(source, target)  # type: ignore[arg-type]
            return
        calls[0] += 1
        if calls[0] == 3:  # the manifest is in place (its own rename was the first): the change counts
            raise OSError(errno.ENOSPC, "No space left on device")
        real(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(files.os, "replace", replace)
    result = arbiter("-d", folder, "pair")
    monkeypatch.undo()
    assert result.code == 3 and "the change is recorded, but not every file could be put in place" in result.err
    assert (folder / ".arbiter.pending").exists()
    shown = arbiter("-d", folder, "pairings", "5", "-f", "csv")  # the next command completes the change
    assert shown.code == 0 and len(shown.out.splitlines()) == 4
    assert not (folder / ".arbiter.pending").exists() and arbiter("-d", folder, "verify").code == 0
