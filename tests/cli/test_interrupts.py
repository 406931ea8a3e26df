"""Ctrl-C at any moment exits 130 quietly and leaves the folder whole (issue 13, item 6); SIGTERM
(``kill``, ``timeout``, a service manager) does the same, says ``terminated``, and ends the process by
the signal (status 143 in a shell).

The real ``arbiter`` script is run in a process of its own and sent SIGINT (SIGTERM) at a
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
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import ROOT, snapshot

ARBITER = Path(sys.executable).with_name("arbiter")


def _catches_ctrl_c(process: subprocess.Popen[bytes], stop: int = signal.SIGINT) -> None:
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
        if int(caught, 16) & (1 << (stop - 1)):
            return
        time.sleep(0.001)


@pytest.mark.parametrize(("command", "stop"), [(["standings"], signal.SIGINT), (["pair"], signal.SIGINT),
                                               (["pair"], signal.SIGTERM)])
def test_ctrl_c_at_any_moment_exits_130_quietly_and_leaves_the_folder_whole(tmp_path: Path, command: list[str],
                                                                             stop: int) -> None:
    """SIGTERM: the same, its process ended by the signal (-15 here, 143 in a shell), its line "terminated"."""
    ended, word = (130, "interrupted") if stop == signal.SIGINT else (-signal.SIGTERM, "terminated")
    rng = random.Random(13)
    sample = ROOT / "sample_events" / "double-rr6-ready"
    seen: dict[int, int] = {}
    for attempt in range(12):
        folder = tmp_path / f"ev{attempt}"
        shutil.copytree(sample, folder)
        before = snapshot(folder)
        process = subprocess.Popen([str(ARBITER), "-d", str(folder), *command], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env=dict(os.environ, NO_COLOR="1"))
        _catches_ctrl_c(process, stop)  # after Python's own start-up (see the README)
        time.sleep(rng.uniform(0.0, 0.33))
        process.send_signal(stop)
        _, err = process.communicate(timeout=60)  # noqa
        if process.returncode not in (0, ended) and b"Fatal Python error" in err and b"KeyboardInterrupt" in err:
            # Python sets its own SIGINT handler before it opens its standard streams: on a loaded machine the
            # signal can land there, inside the interpreter's start-up, before any of arbiter's code has run
            assert snapshot(folder) == before, err
            continue
        seen[process.returncode] = seen.get(process.returncode, 0) + 1
        assert process.returncode in (0, ended), (attempt, process.returncode, err)
        assert b"Traceback" not in err
        reread = subprocess.run([str(ARBITER), "-d", str(folder), "pairings", "-f", "csv"], capture_output=True)
        assert reread.returncode == 0, reread.stderr  # the folder reads back
        after = snapshot(folder)
        if process.returncode == ended:  # nothing changed, or the change is whole and the line says so
            saved = f"arbiter: {word} after the change was saved ({folder}; 'arbiter log' shows it)"
            assert err.decode().splitlines()[-1:] == [saved if after != before else f"arbiter: error: {word}"], \
                (attempt, err, _)
        if command == ["pair"] and after != before:  # the round was paired whole, or not at all
            assert after.keys() - before.keys() in ({"rounds/05.csv"}, {"rounds/05.csv", ".arbiter.digests"}), \
                sorted(after.keys() ^ before.keys())
        elif command == ["standings"]:
            assert after == before
        assert not list(folder.rglob(".*.tmp-*"))
    assert seen.get(ended), seen  # most tries do interrupt


def _interrupt_when(folder: Path, seen: Callable[[], bool], command: tuple[str, ...] = ("pair",),
                    pause: str = "0.3", stop: int = signal.SIGINT) -> tuple[int, str, str]:
    """``arbiter COMMAND`` (``pair``) on ``folder``, each step of its change slowed down (``pause``
    seconds), sent Ctrl-C (``stop``) as soon as ``seen()``; its exit status, stdout and stderr."""
    process = subprocess.Popen([str(ARBITER), "-d", str(folder), *command], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=dict(os.environ, NO_COLOR="1", ARBITER_CRASH_TEST_PAUSE=pause))
    deadline = time.monotonic() + 60
    while not seen() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    assert process.poll() is None, "the command ended before the moment to interrupt it"
    process.send_signal(stop)
    out, err = process.communicate(timeout=60)
    return process.returncode, out.decode(), err.decode()


def test_ctrl_c_after_the_round_is_saved_says_it_was_saved(tmp_path: Path) -> None:
    """Issue 25, item 11: once the change's manifest is written (its commit point), Ctrl-C waits: the
    round is put in place whole, the command ends with status 130 (it was stopped) and its line says
    the change was saved, not "error: interrupted". Before that point, Ctrl-C undoes the change:
    status 130, "arbiter: error: interrupted", the folder byte for byte as it was."""
    sample = ROOT / "sample_events" / "double-rr6-ready"
    after_commit = tmp_path / "after"
    shutil.copytree(sample, after_commit)
    code, out, err = _interrupt_when(after_commit, (after_commit / ".arbiter.pending").exists)
    assert code == 130 and "Traceback" not in err
    assert err.splitlines()[-1] == f"arbiter: interrupted after the change was saved ({after_commit}; " \
                                   "'arbiter log' shows it)"
    assert "round 5 of 10 paired" in err and "Winter Six 2026: round 5" in out  # the report is whole too
    assert (after_commit / "rounds" / "05.csv").is_file() and not (after_commit / ".arbiter.pending").exists()
    assert not list(after_commit.rglob(".*.tmp-*"))
    verify = subprocess.run([str(ARBITER), "-d", str(after_commit), "verify"], capture_output=True, text=True)
    assert verify.returncode == 0 and "the folder is sound: 6 players, 5 rounds" in verify.stderr
    assert "round 5 paired" in subprocess.run([str(ARBITER), "-d", str(after_commit), "log"], capture_output=True,
                                              text=True).stdout

    before_commit = tmp_path / "before"
    shutil.copytree(sample, before_commit)
    before = snapshot(before_commit)
    code, out, err = _interrupt_when(before_commit, lambda: bool(list(before_commit.rglob(".*.tmp-*"))))
    assert (code, err.splitlines()[-1:]) == (130, ["arbiter: error: interrupted"]) and "Traceback" not in err
    assert snapshot(before_commit) == before and not list(before_commit.rglob(".*.tmp-*"))


def test_sigterm_before_or_after_the_commit_point_is_ctrl_c_but_for_its_words_and_its_end(tmp_path: Path) -> None:
    """``kill`` (``timeout``, a service manager) sends SIGTERM, which killed the process where it stood:
    no line, its temporary files left to the next command. It is now Ctrl-C (issue 25, item 11) in
    all but two things: the line says ``terminated``, and the process ends by SIGTERM itself once it
    has cleaned up, as whoever sent the signal expects (status 143 in a shell)."""
    sample = ROOT / "sample_events" / "double-rr6-ready"
    before_commit = tmp_path / "before"
    shutil.copytree(sample, before_commit)
    before = snapshot(before_commit)
    code, _, err = _interrupt_when(before_commit, lambda: bool(list(before_commit.rglob(".*.tmp-*"))),
                                   stop=signal.SIGTERM)
    assert (code, err.splitlines()[-1:]) == (-signal.SIGTERM, ["arbiter: error: terminated"]) and "Traceback" not in err
    assert snapshot(before_commit) == before and not list(before_commit.rglob(".*.tmp-*"))

    after_commit = tmp_path / "after"
    shutil.copytree(sample, after_commit)
    code, out, err = _interrupt_when(after_commit, (after_commit / ".arbiter.pending").exists, stop=signal.SIGTERM)
    assert code == -signal.SIGTERM and "Traceback" not in err
    assert err.splitlines()[-1] == f"arbiter: terminated after the change was saved ({after_commit}; " \
                                   "'arbiter log' shows it)"
    assert "Winter Six 2026: round 5" in out and (after_commit / "rounds" / "05.csv").is_file()
    assert not (after_commit / ".arbiter.pending").exists() and not list(after_commit.rglob(".*.tmp-*"))
    shell = subprocess.run(["sh", "-c", f'"{ARBITER}" -d "{after_commit}" serve --port 0 & sleep 2; kill $!; wait $!; '
                            'echo "status $?"'], capture_output=True, text=True, timeout=60)
    assert shell.stdout.strip() == "status 143", shell
    assert "arbiter: stopped serving (SIGTERM)" in shell.stderr.splitlines(), shell.stderr  # (then the shell's
    # own "Terminated": it saw the process end by the signal)


def test_ctrl_c_during_publish_leaves_the_site_as_it_was_or_whole_and_says_which(tmp_path: Path) -> None:
    """Issue 25 (trial): Ctrl-C during 'publish' left the site part-updated (527 of 618 pages) with only
    'arbiter: error: interrupted'. Now every changed page is first written beside its place: a Ctrl-C
    then leaves the site byte for byte as it was (no temporary file, no new folder); from the moment
    the pages are put in place Ctrl-C waits, the site is whole, and the line says so."""
    folder = tmp_path / "ev"
    shutil.copytree(ROOT / "sample_events" / "double-rr6-ready", folder)
    site = tmp_path / "site"
    assert subprocess.run([str(ARBITER), "-d", str(folder), "publish", str(site)], capture_output=True).returncode == 0
    assert subprocess.run([str(ARBITER), "-d", str(folder), "pair"], capture_output=True).returncode == 0
    shutil.rmtree(site / "players")  # the publish makes this folder again, then is interrupted inside it
    before, folders = snapshot(site), {p for p in site.rglob("*") if p.is_dir()}
    code, _, err = _interrupt_when(folder, lambda: bool(list(site.glob("players/.*.tmp-*"))),
                                   ("publish", str(site)), "0.05")
    assert (code, err.splitlines()[-1:]) == (130, ["arbiter: error: interrupted"]) and "Traceback" not in err
    assert snapshot(site) == before and not list(site.rglob(".*.tmp-*"))
    assert {p for p in site.rglob("*") if p.is_dir()} == folders

    first = tmp_path / "new" / "first"  # a first publish stopped before its commit point leaves no folder (trial42)
    code, _, err = _interrupt_when(folder, lambda: bool(list(first.rglob(".*.tmp-*"))), ("publish", str(first)), "0.05")
    assert (code, err.splitlines()[-1:]) == (130, ["arbiter: error: interrupted"]) and "Traceback" not in err
    assert not (tmp_path / "new").exists()

    fresh = tmp_path / "fresh"
    code, _, err = _interrupt_when(folder, (fresh / ".arbiter-site").exists, ("publish", str(fresh)), "0.05")
    assert code == 130 and "Traceback" not in err
    assert err.splitlines()[-1] == f"arbiter: interrupted after the site was published whole ({fresh})"
    assert not list(fresh.rglob(".*.tmp-*"))
    whole = tmp_path / "whole"
    assert subprocess.run([str(ARBITER), "-d", str(folder), "publish", str(whole)], capture_output=True).returncode == 0
    pages = {p.relative_to(whole): p.read_bytes() for p in whole.rglob("*") if p.is_file() and p.name[0] != "."}
    assert {p.relative_to(fresh): p.read_bytes() for p in fresh.rglob("*") if p.is_file() and p.name[0] != "."} \
        == pages


@pytest.mark.parametrize("closed", ["stdout", "stderr"])
def test_a_command_started_with_its_output_closed_runs_without_a_traceback(tmp_path: Path, closed: str) -> None:
    """``arbiter standings >&-`` (the start-up helper of issue 29 found it): Python gives None for a closed
    stream, and the first write ended in an internal error with a traceback, and a refusal the same way."""
    folder = Path(shutil.copytree(ROOT / "sample_events" / "swiss32-in-progress", tmp_path / "event"))
    close = ">&-" if closed == "stdout" else "2>&-"
    shown = subprocess.run(["sh", "-c", f'"{ARBITER}" -d "{folder}" standings {close}'], capture_output=True,
                           text=True, timeout=120)
    assert shown.returncode == 0 and "Traceback" not in shown.stderr + shown.stdout
    before = snapshot(folder)
    refused = subprocess.run(["sh", "-c", f'"{ARBITER}" -d "{folder}" pair {close}'], capture_output=True,
                             text=True, timeout=120)
    assert refused.returncode == 4 and "Traceback" not in refused.stderr + refused.stdout
    assert snapshot(folder) == before
    if closed == "stdout":
        assert "arbiter: error: round 5 still has no result" in refused.stderr
