"""The pages a publish replaces, freed by another process (issue 29, :mod:`arbiter_cli.store.old_files`):
that process holds nothing of the command's but the old files, and without it each is closed here."""

from __future__ import annotations

import os
import select
import time
from pathlib import Path

import pytest

from arbiter_cli.store import old_files, page_making
from arbiter_cli.store.old_files import OldFiles


def _open_descriptors() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def _files(tmp_path: Path, count: int = 3) -> list[str]:
    paths = []
    for i in range(count):
        path = tmp_path / f"{i}.html"
        path.write_bytes(b"old page %d" % i)
        paths.append(os.fspath(path))
    return paths


def _wait_for(child: int) -> int:
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not hasattr(os, "fork") or not os.path.isdir("/proc/self/fd"), reason="needs fork and /proc")
def test_the_process_freeing_old_pages_holds_none_of_the_commands_output(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A shell reading ``arbiter publish | ...`` waits for every process holding the command's output:
    the process that frees the old pages closes everything but them before it frees them (here, slowly)."""
    monkeypatch.setattr(page_making, "alone", lambda: True)
    monkeypatch.setattr(old_files, "_STARTED", [])
    free = old_files._free

    def slowly(held: list[int]) -> None:
        time.sleep(3)
        free(held)

    monkeypatch.setattr(old_files, "_free", slowly)
    paths = _files(tmp_path)
    before = _open_descriptors()
    reader, writer = os.pipe()  # the command's output
    try:
        old = OldFiles(apart=True)
        old.hold(paths)
        for path in paths:  # replaced: their names now lead to the new pages
            os.replace(_new(path), path)
        old.release()
        os.close(writer)
        started = time.monotonic()
        ready, _, _ = select.select([reader], [], [], 2)
        assert ready and os.read(reader, 1) == b"", "the output is held by another process"
        assert time.monotonic() - started < 2
    finally:
        os.close(reader)
    assert _open_descriptors() == before  # this process holds none of the old files
    [child] = old_files._STARTED
    assert _wait_for(child) == 0
    assert [Path(p).read_bytes() for p in paths] == [b"new page"] * 3


def _new(path: str) -> str:
    Path(path + ".new").write_bytes(b"new page")
    return path + ".new"


def _no_fork() -> int:
    raise AssertionError("no process may start")


def _no_process() -> int:
    raise BlockingIOError(11, "Resource temporarily unavailable")


@pytest.mark.parametrize("threads, fork", [(True, _no_fork), (False, _no_process)],
                         ids=["threads running", "no process to be had"])
def test_without_another_process_the_old_files_are_closed_here(
        threads: bool, fork: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With threads running (a fork copies only the calling one), or when no process can start, the
    files are let go of here."""
    monkeypatch.setattr(page_making, "alone", lambda: not threads)
    monkeypatch.setattr(old_files.os, "fork", fork)
    before = _open_descriptors() if os.path.isdir("/proc/self/fd") else set()
    old = OldFiles(apart=True)
    old.hold(_files(tmp_path))
    old.release()
    if os.path.isdir("/proc/self/fd"):
        assert _open_descriptors() == before


def test_one_process_holds_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ARBITER_PROCESSES=1``: no other process, and nothing held (a rename frees the old file)."""
    monkeypatch.setattr(old_files.os, "fork", _no_fork)
    old = OldFiles(apart=False)
    old.hold(_files(tmp_path))
    assert old._held == []
    old.release()


def test_a_link_or_a_missing_file_is_not_held(tmp_path: Path) -> None:
    (tmp_path / "elsewhere.html").write_bytes(b"not the site's")
    (tmp_path / "linked.html").symlink_to(tmp_path / "elsewhere.html")
    old = OldFiles(apart=True)
    old.hold([os.fspath(tmp_path / "linked.html"), os.fspath(tmp_path / "missing.html")])
    assert old._held == []
