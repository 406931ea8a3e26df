"""Ctrl-C at any moment exits 130 quietly and leaves the folder whole (issue 13, item 6).

The real ``arbiter`` script is run in a process of its own and sent SIGINT at a
random moment: while Python starts, while the modules load, while the command
works or writes, while it leaves.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, snapshot

ARBITER = Path(sys.executable).with_name("arbiter")


def _catches_ctrl_c(process: subprocess.Popen[bytes]) -> None:
    """Wait until ``bin/arbiter`` has installed its Ctrl-C handler: the end of Python's own start-up,
    which no program can guard (Linux: the SIGINT bit of SigCgt in /proc/PID/status). On a loaded
    machine that start-up takes longer than any fixed sleep."""
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline:
        try:
            status = Path(f"/proc/{process.pid}/status").read_text()
        except OSError:
            return
        caught = next((line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:")), "0")
        if int(caught, 16) & (1 << (signal.SIGINT - 1)):
            return
        time.sleep(0.001)


@pytest.mark.parametrize("command", [["standings"], ["pair"]])
def test_ctrl_c_at_any_moment_exits_130_quietly_and_leaves_the_folder_whole(tmp_path: Path,
                                                                             command: list[str]) -> None:
    rng = random.Random(13)
    sample = ROOT / "sample_events" / "double-rr6-ready"
    seen: dict[int, int] = {}
    for attempt in range(12):
        folder = tmp_path / f"ev{attempt}"
        shutil.copytree(sample, folder)
        before = snapshot(folder)
        process = subprocess.Popen([str(ARBITER), "-d", str(folder), *command], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=dict(os.environ, NO_COLOR="1"))
        _catches_ctrl_c(process)  # after Python's own start-up (see the README)
        time.sleep(rng.uniform(0.0, 0.33))
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)  # noqa
        seen[process.returncode] = seen.get(process.returncode, 0) + 1
        assert process.returncode in (0, 130), (attempt, process.returncode, err)
        assert b"Traceback" not in err
        if process.returncode == 130:
            assert err.decode().splitlines()[-1:] == ["arbiter: error: interrupted"], (attempt, err, _)
        reread = subprocess.run([str(ARBITER), "-d", str(folder), "pairings", "-f", "csv"], capture_output=True)
        assert reread.returncode == 0, reread.stderr  # the folder reads back
        after = snapshot(folder)
        if command == ["pair"] and after != before:  # the round was paired whole, or not at all
            assert after.keys() - before.keys() in ({"rounds/05.csv"}, {"rounds/05.csv", ".arbiter.digests"}), \
                sorted(after.keys() ^ before.keys())
        elif command == ["standings"]:
            assert after == before
        assert not list(folder.rglob(".*.tmp-*"))
    assert seen.get(130), seen  # most tries do interrupt
