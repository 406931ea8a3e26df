"""A group event's ``pair`` (starting the groups) killed with SIGKILL at the moment its stages would
first show: the folder must be as before (registration, no ``stages/``) or as after (the groups
started, every stage in place), never the stages without the top folder's change (harness fault:
"group stage: a killed command leaves the folder before or after: pair: after the kill the folder
is neither as before nor as after"). The stages are moved in by the top folder's own change, through
its manifest (store/group_folder.py, store/files.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import tomllib
from pathlib import Path

from robustness._support import ARBITER, PENDING, environment, run_process, wait_for


def _group_event(tmp_path: Path, final: str) -> Path:
    made = run_process("new", "ev", "--name", "Harness Masters", "--system", "groups", "--groups", "2", "--advance",
                       "1", "--final", final, "--seed", "0", cwd=tmp_path)
    assert made.code == 0, made.err
    roster = "name,rating\n" + "".join(f'"Player, {chr(65 + i)}",\n' for i in range(4))
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    imported = run_process("-d", "ev", "player", "import", "roster.csv", cwd=tmp_path)
    assert imported.code == 0, imported.err
    return tmp_path / "ev"


def _status(folder: Path) -> str:
    return str(tomllib.loads((folder / "tournament.toml").read_text(encoding="utf-8"))["status"])


def _killed_when(folder: Path, shows: Path, *args: str) -> None:
    """Run ``arbiter -d ev ARGS`` slowed down, and kill it the moment ``shows`` or the top folder's
    manifest appears (the moment the old code moved the stages in before the top folder's change)."""
    process = subprocess.Popen([*ARBITER, "-d", str(folder), *args], cwd=folder.parent,
                               env=environment(ARBITER_CRASH_TEST_PAUSE="0.05"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: shows.exists() or (folder / PENDING).exists() or process.poll() is not None,
                        step=0.001)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()


def test_group_stage_pair_killed_leaves_the_folder_before_or_after(tmp_path: Path) -> None:
    folder = _group_event(tmp_path, "round-robin")

    _killed_when(folder, folder / "stages", "pair")

    verified = run_process("-d", "ev", "verify", cwd=tmp_path)  # a reader completes a recorded change
    assert verified.code == 0, verified.err
    started = (folder / "stages").exists()
    assert _status(folder) == ("running" if started else "registration")
    if started:
        assert sorted(p.name for p in (folder / "stages").iterdir()) == ["A", "B"]
    again = run_process("-d", "ev", "pair", cwd=tmp_path)
    assert (again.code == 0) != started, again.err  # the next pair starts the groups, unless they are
    assert _status(folder) == "running" and sorted(p.name for p in (folder / "stages").iterdir()) == ["A", "B"]
    assert not [p for p in folder.iterdir() if ".new-" in p.name]  # no stage left built beside its place


def test_group_stage_pair_adding_the_final_killed_leaves_the_folder_before_or_after(tmp_path: Path) -> None:
    folder = _group_event(tmp_path, "round-robin")
    for args in (("pair",), ("result", "--group", "A", "1", "1", "1-0"), ("result", "--group", "B", "1", "1", "1-0")):
        done = run_process("-d", "ev", *args, cwd=tmp_path)
        assert done.code == 0, done.err
    journal = (folder / "journal.csv").read_text(encoding="utf-8")

    _killed_when(folder, folder / "stages" / "final", "pair")

    verified = run_process("-d", "ev", "verify", cwd=tmp_path)  # a reader completes a recorded change
    assert verified.code == 0, verified.err
    added = (folder / "stages" / "final").exists()
    now = (folder / "journal.csv").read_text(encoding="utf-8")
    assert (now != journal) == added  # the final is there exactly when the top folder journals it
    assert now.startswith(journal)
    again = run_process("-d", "ev", "pair", cwd=tmp_path)
    assert again.code == 0 or added, again.err
    assert (folder / "stages" / "final" / "tournament.toml").is_file()
    assert not [p for p in (folder / "stages").iterdir() if ".new-" in p.name]
