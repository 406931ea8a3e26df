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

from robustness._support import ARBITER, PENDING, environment, run_process, tree, wait_for


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


def _played_to_the_end(tmp_path: Path) -> Path:
    folder = _group_event(tmp_path, "round-robin")
    for args in (("pair",), ("result", "--group", "A", "1", "1", "1-0"), ("result", "--group", "B", "1", "1", "1-0"),
                 ("pair",), ("result", "--group", "final", "1", "1", "1-0")):
        done = run_process("-d", "ev", *args, cwd=tmp_path)
        assert done.code == 0, done.err
    return folder


def _statuses(folder: Path) -> list[str]:
    return [_status(folder), *(_status(folder / "stages" / name) for name in ("A", "B", "final"))]


def test_group_finalize_killed_at_its_commit_point_leaves_every_folder_finalised(tmp_path: Path) -> None:
    """A group event's finalize is one change of every folder: the top folder's manifest names the
    stages' files too (store.files.Joined). Killed the moment it is written, the next command completes
    it in every folder; it had been a change per folder, and a kill between them left the stages
    finalised and the event not (harness open fault, 'finalize: after the kill the folder is neither')."""
    folder = _played_to_the_end(tmp_path)

    _killed_when(folder, folder / PENDING, "finalize", "--date", "2026-12-06")

    assert (folder / PENDING).exists()
    verified = run_process("-d", "ev", "verify", cwd=tmp_path)  # a reader completes a recorded change
    assert verified.code == 0, verified.err
    assert _statuses(folder) == ["finalised"] * 4
    assert (folder / "final" / "standings.csv").is_file()
    assert not [p for p in folder.rglob("*") if ".tmp-" in p.name]


def test_group_finalize_killed_before_its_commit_point_leaves_every_folder_running(tmp_path: Path) -> None:
    """Killed while the stages' new files are still being written beside their places (no manifest yet):
    no folder changed, and the next finalize does it all."""
    folder = _played_to_the_end(tmp_path)
    before = tree(folder, temporaries=False, dirs=False)

    _killed_when(folder, folder / "stages" / "A" / "final", "finalize", "--date", "2026-12-06")

    assert not (folder / PENDING).exists()
    verified = run_process("-d", "ev", "verify", cwd=tmp_path)
    assert verified.code == 0, verified.err
    assert tree(folder, temporaries=False, dirs=False) == before  # (an empty final/ made for the new files aside)
    done = run_process("-d", "ev", "finalize", "--date", "2026-12-06", cwd=tmp_path)
    assert done.code == 0, done.err
    assert _statuses(folder) == ["finalised"] * 4
    assert not [p for p in folder.rglob("*") if ".tmp-" in p.name]


def test_a_stage_command_completes_the_group_finalize_killed_after_its_commit_point(tmp_path: Path) -> None:
    """The manifest is the top folder's, but it names the stage's files: a command run in the stage
    itself completes it first (as the top folder's next command would), never reading the stage as it
    was, nor writing over what the manifest will put in place."""
    folder = _played_to_the_end(tmp_path)

    _killed_when(folder, folder / PENDING, "finalize", "--date", "2026-12-06")

    shown = run_process("-d", "ev/stages/A", "standings", cwd=tmp_path)
    assert shown.code == 0, shown.err
    assert not (folder / PENDING).exists()
    assert _statuses(folder) == ["finalised"] * 4


def test_folders_a_killed_writer_was_building_are_removed_by_the_next_writer_but_a_running_ones(
        tmp_path: Path) -> None:
    """A group ``pair`` killed while it built the final beside its place left ``stages/..final.new-PID.
    import-PID/`` (with its own manifest) for good: ``verify`` did not see it, and later changes kept it
    (trial of issue 29). The next writer of the folder removes such folders of a process no longer
    running, in the folder and in its ``stages/``; a running process's is left alone."""
    folder = _group_event(tmp_path, "round-robin")
    for args in (("pair",), ("result", "--group", "A", "1", "1", "1-0"), ("result", "--group", "B", "1", "1", "1-0")):
        assert run_process("-d", "ev", *args, cwd=tmp_path).code == 0
    dead = 2 ** 22 + 12345  # above any pid this machine gives (pid_max is at most 2^22)
    left = [folder / f".stages.new-{dead}", folder / "stages" / f"..final.new-{dead}.import-{dead}"]
    running = folder / "stages" / f".final.new-{os.getpid()}"
    for path in (*left, running):
        path.mkdir()
        (path / PENDING).write_text("{}", encoding="utf-8")

    done = run_process("-d", "ev", "pair", cwd=tmp_path)  # the final

    assert done.code == 0, done.err
    assert (folder / "stages" / "final" / "tournament.toml").is_file()
    assert not any(path.exists() for path in left)
    assert running.is_dir()



def _finalised(tmp_path: Path) -> Path:
    folder = _played_to_the_end(tmp_path)
    done = run_process("-d", "ev", "finalize", "--date", "2026-12-06", cwd=tmp_path)
    assert done.code == 0, done.err
    return folder


_CORRECTION = ("result", "--group", "final", "1", "1", "0-1", "--correct")


def test_a_stage_correction_after_finalising_killed_at_its_commit_point_leaves_the_stage_and_the_event_corrected(
        tmp_path: Path) -> None:
    """C.04.2 4.3: a stage's correction after finalising changes the event's final standings too. It was the
    stage's change, then the top folder's: killed between them, the stage was corrected and the event's
    final standings were not (harness seed 3601: 'verify after the kill: final/standings.csv: not the final
    standings the stages give now'). It is one change now, the top folder's manifest naming the stage's
    files (store.files.Joined), the top folder locked first, as finalize locks it."""
    folder = _finalised(tmp_path)
    before = (folder / "final" / "standings.csv").read_text(encoding="utf-8")
    stage = folder / "stages" / "final"
    process = subprocess.Popen([*ARBITER, "-d", str(folder), *_CORRECTION], cwd=tmp_path,
                               env=environment(ARBITER_CRASH_TEST_PAUSE="0.05"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:  # killed at the first commit point: the top folder's, or (as it was) the stage's own
        assert wait_for(lambda: (folder / PENDING).exists() or (stage / PENDING).exists()
                        or "0-1" in (stage / "rounds" / "01.csv").read_text(encoding="utf-8"), step=0.001)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()

    assert (folder / PENDING).exists() and not (stage / PENDING).exists()
    verified = run_process("-d", "ev", "verify", cwd=tmp_path)  # a reader completes a recorded change
    assert verified.code == 0, verified.err
    assert (folder / "final" / "standings.csv").read_text(encoding="utf-8") != before
    assert "0-1" in (stage / "rounds" / "01.csv").read_text(encoding="utf-8")
    assert not [p for p in folder.rglob("*") if ".tmp-" in p.name]


def test_a_stage_correction_after_finalising_killed_before_its_commit_point_changes_no_folder(tmp_path: Path) -> None:
    folder = _finalised(tmp_path)
    before = tree(folder, temporaries=False, dirs=False)
    rounds = folder / "stages" / "final" / "rounds"
    process = subprocess.Popen([*ARBITER, "-d", str(folder), *_CORRECTION], cwd=tmp_path,
                               env=environment(ARBITER_CRASH_TEST_PAUSE="0.05"),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:  # killed once the stage's new round file is written beside its place
        assert wait_for(lambda: any(".tmp-" in p.name for p in rounds.iterdir()), step=0.001)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()

    assert not (folder / PENDING).exists()
    verified = run_process("-d", "ev", "verify", cwd=tmp_path)
    assert verified.code == 0, verified.err
    assert tree(folder, temporaries=False, dirs=False) == before
    done = run_process("-d", "ev", *_CORRECTION, cwd=tmp_path)
    assert done.code == 0, done.err
    assert "now hold the stages as corrected" in done.err
    assert run_process("-d", "ev", "verify", cwd=tmp_path).code == 0
