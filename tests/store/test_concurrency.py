"""Concurrent commands from separate processes are serialised by the folder lock."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import time

import pytest
from pathlib import Path

from conftest import PLAYERS


def run(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter_cli", *map(str, args)], capture_output=True,
                          text=True, env=env, check=False)


def spawn(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "arbiter_cli", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_parallel_result_commands_are_all_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    assert run("new", folder, "--name", "Race", "--system", "round-robin", "--seed", "1").returncode == 0
    source = "name,rating\n" + "".join(f"\"{name}\",{rating}\n" for name, rating, _ in PLAYERS)
    (tmp_path / "players.csv").write_text(source)
    assert run("-d", folder, "player", "import", tmp_path / "players.csv").returncode == 0
    assert run("-d", folder, "pair").returncode == 0

    # Eight shells each enter one board of round 1 at the same moment.
    processes = [spawn("-d", folder, "result", "1", board, "1-0" if board % 2 else "0-1")
                 for board in range(1, 9)]
    outcomes = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in processes]
    assert all(code == 0 for code, _ in outcomes), outcomes

    pairing = json.loads(run("-d", folder, "pairings", "1", "--format", "json").stdout)
    assert [b["result"] for b in pairing] == ["1-0" if b % 2 else "0-1" for b in range(1, 9)]
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert sorted(row["change"] for row in journal if row["change"].startswith("round 1 board")) == \
        sorted(f"round 1 board {b} result" for b in range(1, 9))
    assert not [p for p in folder.rglob(".*tmp*")]


def test_two_shells_racing_on_the_same_board_record_exactly_one(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    run("new", folder, "--name", "Race", "--system", "round-robin", "--seed", "1")
    for name, rating, _ in PLAYERS[:4]:
        run("-d", folder, "player", "add", name, "--rating", rating)
    run("-d", folder, "pair")
    first, second = spawn("-d", folder, "result", "1", "1", "1-0"), spawn("-d", folder, "result", "1", "1", "0-1")
    codes = sorted([first.wait(timeout=60), second.wait(timeout=60)])
    assert codes == [0, 4]  # one wins; the other sees the result and refuses without --correct
    rows = (folder / "rounds" / "01.csv").read_text().splitlines()
    assert rows[1] in ("1,1,4,1-0", "1,1,4,0-1")


def test_the_command_runs_as_a_module_and_as_a_script(tmp_path: Path) -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("arbiter ")
    env = dict(os.environ, NO_COLOR="1")
    piped = run("--help", env=env)
    assert "\x1b[" not in piped.stdout


def test_no_colour_codes_when_piped(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"
    folder = tmp_path / "rr10"  # a copy: a command in the sample's own folder races with a test copying it
    shutil.copytree(Path(__file__).resolve().parents[2] / "sample_events" / "rr10-finished", folder)
    result = run("-d", folder, "standings", env=env)
    assert result.returncode == 0 and "Rank" in result.stdout
    assert "\x1b[" not in result.stdout and "\x1b[" not in result.stderr


# --------------------------------------------------------------------------- killed in the middle of a write

def _late_entry_event(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    assert run("new", folder, "--name", "Crash", "--system", "swiss", "--rounds", "5", "--seed", "3",
               "--initial-colour", "white").returncode == 0
    for name, rating, _ in PLAYERS[:8]:
        assert run("-d", folder, "player", "add", name, "--rating", rating).returncode == 0
    assert run("-d", folder, "pair").returncode == 0
    return folder


def _killed_late_entry(folder: Path, when: str) -> None:
    """Start a late entry (it renumbers: players.csv, rounds/01.csv and the journal change
    together), slowed down step by step, and SIGKILL it ``when`` the change is half written."""
    env = dict(os.environ, ARBITER_CRASH_TEST_PAUSE="0.2")
    process = subprocess.Popen([sys.executable, "-m", "arbiter_cli", "-d", str(folder), "player", "add",
                                "Late, Comer", "--rating", "2745"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    pending = folder / ".arbiter.pending"
    while time.monotonic() < deadline:
        temporaries = list(folder.glob(".*.tmp-*")) + list((folder / "rounds").glob(".*.tmp-*"))
        if when == "before the manifest" and temporaries and not pending.exists():
            break
        if when == "among the renames" and pending.exists() and len(temporaries) < 3:
            break  # at least one of the three files is renamed, at least one is not
        time.sleep(0.005)
    else:
        process.kill()
        raise AssertionError(f"never saw the moment {when!r}")
    process.kill()
    process.wait(timeout=30)


def _consistent(folder: Path) -> tuple[int, int, int]:
    """Players registered, players in round 1, 'player added' journal lines: read through the CLI."""
    players = json.loads(run("-d", folder, "player", "list", "-f", "json").stdout)
    round_one = json.loads(run("-d", folder, "pairings", "1", "-f", "json").stdout)
    in_round = {n for b in round_one for n in (b["white"], b["black"]) if n}
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    added = sum(1 for row in journal if row["change"] == "player added")
    assert in_round == {p["start_number"] for p in players}
    return len(players), len(in_round), added


def test_a_write_killed_before_its_manifest_leaves_the_old_folder(tmp_path: Path) -> None:
    folder = _late_entry_event(tmp_path)
    _killed_late_entry(folder, "before the manifest")
    assert _consistent(folder) == (8, 8, 8)
    assert run("-d", folder, "player", "add", "Other, Player", "--rating", "1000").returncode == 0
    assert not list(folder.glob(".*.tmp-*")), "stale temporary files are cleared by the next writer"
    assert _consistent(folder) == (9, 9, 9)


def test_a_write_killed_among_its_renames_is_completed_by_the_next_command(tmp_path: Path) -> None:
    folder = _late_entry_event(tmp_path)
    _killed_late_entry(folder, "among the renames")
    assert (folder / ".arbiter.pending").exists()
    assert _consistent(folder) == (9, 9, 9)  # a reader finishes the change first
    assert not (folder / ".arbiter.pending").exists()
    names = [p["name"] for p in json.loads(run("-d", folder, "player", "list", "-f", "json").stdout)]
    # 2745 and no title: after Carlsen, Firouzja, Erigaisi and GM Giri (2745), renumbered everywhere.
    assert names.index("Late, Comer") == 4


def test_two_shells_racing_for_the_last_half_point_bye(tmp_path: Path) -> None:
    folder = tmp_path / "event"
    run("new", folder, "--name", "Race", "--system", "swiss", "--rounds", "5", "--seed", "1")
    settings = folder / "tournament.toml"
    settings.write_text(settings.read_text().replace("[scoring]", "max_half_byes = 1\n\n[scoring]"))
    for name, rating, _ in PLAYERS[:4]:
        run("-d", folder, "player", "add", name, "--rating", rating)
    first = spawn("-d", folder, "bye", "1", "--round", "2", "--half")
    second = spawn("-d", folder, "bye", "1", "--round", "3", "--half")
    codes = sorted([first.wait(timeout=60), second.wait(timeout=60)])
    assert codes == [0, 4]  # the second sees the first request and the limit of 1
    assert len((folder / "byes.csv").read_text().splitlines()) == 2


def test_waiting_for_the_lock_says_who_holds_it(tmp_path: Path) -> None:
    """Issue 13, item 10: after a second of waiting, the command says which command holds the folder."""
    import shutil

    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "double-rr6-ready", folder)
    (folder / ".arbiter.lock").unlink(missing_ok=True)  # a clone has none (.gitignore); a working copy may
    slow = subprocess.Popen([sys.executable, "-m", "arbiter_cli", "-d", str(folder), "pair"],
                            env=dict(os.environ, ARBITER_CRASH_TEST_PAUSE="0.7"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # the writer holds the lock through its slowed-down writes
    waiting = run("-d", folder, "standings", "-f", "csv", env=dict(os.environ, NO_COLOR="1"))
    assert slow.wait(timeout=60) == 0 and waiting.returncode == 0
    assert f"note: waiting for {folder}: pid {slow.pid} since " in waiting.stderr
    assert "arbiter -d" in waiting.stderr and " pair is writing it" in waiting.stderr
    # the writer removed the lock file it made, and the reader, which made one again as it took the lock,
    # removed its own once alone (trial38): no lock file is left
    assert not (folder / ".arbiter.lock").exists()


def test_a_writer_killed_before_it_cleared_its_mark_is_not_named_as_the_holder(tmp_path: Path) -> None:
    """The lock file keeps a dead writer's pid: the waiting message must not name that process."""
    from arbiter_cli.store.lock_file import holder_of as _holder_of

    dead = subprocess.Popen(["true"])
    dead.wait()
    path = tmp_path / "lock"
    path.write_text(f"pid {dead.pid} since 10:00:00 UTC: arbiter pair", encoding="utf-8")
    fd = os.open(path, os.O_RDONLY)
    try:
        assert _holder_of(fd) == "another arbiter command is reading it"
        path.write_text(f"pid {os.getpid()} since 10:00:00 UTC: arbiter pair", encoding="utf-8")
        assert _holder_of(fd) == f"pid {os.getpid()} since 10:00:00 UTC: arbiter pair is writing it"
    finally:
        os.close(fd)


def test_a_refused_command_leaves_no_lock_file_where_it_found_none(tmp_path: Path) -> None:
    """No change on disk for a bad input (trial37: a refused command left a new, empty .arbiter.lock):
    a writer that made the lock file removes it as it lets the lock go."""
    import shutil

    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    (folder / ".arbiter.lock").unlink(missing_ok=True)  # a clone has none (.gitignore); a working copy may
    before = sorted(path.name for path in folder.iterdir())
    for args in (["result", "5", "2", "1-2"], ["result", "5", "--from", str(tmp_path / "none.txt")],
                 ["player", "add", "Late, Lou", "--rating", "strong"]):
        done = subprocess.run([sys.executable, "-m", "arbiter_cli", "-d", str(folder), *args],
                              capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        assert sorted(path.name for path in folder.iterdir()) == before, args


def test_a_lock_file_removed_while_a_command_waited_on_it_is_waited_on_again(tmp_path: Path) -> None:
    """The lock is on the file: a command that waited on a lock file its maker then removed takes the
    lock on the file there now (or makes one), never on the removed one, which nobody else sees."""
    import fcntl

    from arbiter_cli.store.lock_file import LockFile

    path = tmp_path / ".arbiter.lock"
    maker = LockFile(path)
    fcntl.flock(maker.fd, fcntl.LOCK_EX)
    waiter = LockFile(path)  # opened while the maker holds it
    assert maker.made and not waiter.made
    maker.close(exclusive=True)  # removes the file it made
    assert not path.exists()
    waiter.hold(fcntl.LOCK_EX, fcntl.flock)
    assert path.exists() and waiter.made and os.fstat(waiter.fd).st_ino == os.stat(path).st_ino
    other = LockFile(path)  # a newcomer sees the lock held
    try:
        fcntl.flock(other.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        raise AssertionError("two holders of one lock")
    except BlockingIOError:
        pass
    finally:
        other.close(exclusive=False)
    waiter.close(exclusive=True)
    assert not path.exists()


def test_a_command_that_only_reads_leaves_no_lock_file_where_it_found_none(tmp_path: Path) -> None:
    """No change on disk from a command that reads (trial38: `groups show`, `standings`, `verify` left a
    new .arbiter.lock, in a group event's stages too): a reader that made the lock file removes it when
    no other command holds the lock."""
    import shutil

    from conftest import ROOT

    for sample in ("swiss32-in-progress", "groups16-in-progress"):
        folder = tmp_path / sample
        shutil.copytree(ROOT / "sample_events" / sample, folder)
        for found in folder.rglob(".arbiter.lock"):
            found.unlink()
        for args in (["standings"], ["verify"], ["log"], ["player", "list"]):
            done = subprocess.run([sys.executable, "-m", "arbiter_cli", "-d", str(folder), *args],
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
            assert not list(folder.rglob(".arbiter.lock")), (sample, args)


def test_a_reader_that_made_the_lock_file_leaves_it_to_another_reader_holding_it(tmp_path: Path) -> None:
    """A reader removes the lock file it made only while nobody else holds the lock: another reader's
    lock on that file stays the lock of the folder, and a writer that comes waits for it."""
    import fcntl

    from arbiter_cli.store.lock_file import LockFile

    path = tmp_path / ".arbiter.lock"
    maker = LockFile(path)
    maker.hold(fcntl.LOCK_SH, fcntl.flock)
    other = LockFile(path)
    other.hold(fcntl.LOCK_SH, fcntl.flock)
    assert maker.made and not other.made
    maker.close(exclusive=False)
    assert path.exists()  # the other reader holds the lock on it
    writer = LockFile(path)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(writer.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        writer.close(exclusive=False)
    other.close(exclusive=False)
    assert not path.exists()  # the last reader to let the lock go removed the file an arbiter command made


def test_two_overlapping_readers_leave_no_lock_file_whichever_leaves_last(tmp_path: Path) -> None:
    """No change on disk from commands that only read, even two at once: the maker of the lock file
    marks it (MADE_MARK), and the last command to let the lock go removes a marked file, whether it
    made it or found it; a writer that found one removes it too. A lock file nobody marked (made by
    hand, or by an older arbiter) is left as it was."""
    import fcntl

    from arbiter_cli.store.lock_file import MADE_MARK, LockFile, holder_of

    path = tmp_path / ".arbiter.lock"
    for first_out in ("maker", "other"):
        maker = LockFile(path)
        maker.hold(fcntl.LOCK_SH, fcntl.flock)
        assert path.read_bytes() == MADE_MARK and holder_of(maker.fd) == "another arbiter command is reading it"
        other = LockFile(path)
        other.hold(fcntl.LOCK_SH, fcntl.flock)
        first, last = (maker, other) if first_out == "maker" else (other, maker)
        first.close(exclusive=False)
        assert path.exists(), first_out
        last.close(exclusive=False)
        assert not path.exists(), first_out
    # a marked file left behind (by a reader killed while another held the lock) is removed by a writer
    path.write_bytes(MADE_MARK)
    writer = LockFile(path)
    writer.hold(fcntl.LOCK_EX, fcntl.flock)
    os.pwrite(writer.fd, b"pid 1 since 10:00:00 UTC: arbiter pair", 0)  # its own mark while it writes
    os.ftruncate(writer.fd, 0)
    writer.close(exclusive=True)
    assert not path.exists()
    for exclusive in (False, True):  # a writer's mark left by a writer killed (kill -9, trial42): removed too
        path.write_bytes(b"pid 99999999 since 10:00:00 UTC: arbiter -d ev result 5 1 1-0")
        command = LockFile(path)
        command.hold(fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, fcntl.flock)
        if exclusive:  # as FolderStore.lock does: its own mark while it writes, emptied when done
            os.pwrite(command.fd, b"pid 1 since 10:00:00 UTC: arbiter pair", 0)
            os.ftruncate(command.fd, 0)
        command.close(exclusive=exclusive)
        assert not path.exists(), exclusive
    for found in (b"", b"kept by hand\n"):  # not made by arbiter: left as it is, by readers and writers
        for exclusive in (False, True):
            path.write_bytes(found)
            command = LockFile(path)
            command.hold(fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, fcntl.flock)
            command.close(exclusive=exclusive)
            assert path.read_bytes() == found, (found, exclusive)
    path.unlink()


def test_commands_that_overlap_leave_no_lock_file(tmp_path: Path) -> None:
    """The whole command: `standings` reading while another reader holds the lock on a file an arbiter
    command made leaves it to that reader, which, the last to leave, removes it though it did not make
    it; and a marked file left behind (its last reader killed) is removed by the next command."""
    import fcntl
    import shutil

    from arbiter_cli.store.lock_file import MADE_MARK, LockFile
    from conftest import ROOT

    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", folder)
    lock = folder / ".arbiter.lock"
    lock.write_bytes(MADE_MARK)  # made by a command that has left
    held = LockFile(lock)  # another reader, which found it
    held.hold(fcntl.LOCK_SH, fcntl.flock)
    assert not held.made
    done = subprocess.run([sys.executable, "-m", "arbiter_cli", "-d", str(folder), "standings", "-f", "csv"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert lock.read_bytes() == MADE_MARK  # the other reader still holds it
    held.close(exclusive=False)
    assert not lock.exists()
    lock.write_bytes(MADE_MARK)
    done = subprocess.run([sys.executable, "-m", "arbiter_cli", "-d", str(folder), "standings", "-f", "csv"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert not lock.exists()
