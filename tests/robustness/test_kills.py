"""Crashes: ``kill -9`` at random moments inside every command that writes.

Each writing command (``pair``, ``bye``, ``player add``, ``player withdraw``, ``result``,
``finalize``, ``unpair``, ``import``, ``new``, and the club's ``member add``, ``member
set-initial``, ``ratings recompute`` and a club tournament's ``finalize``, which also updates
the club) runs as a real process, slowed down by ``ARBITER_CRASH_TEST_PAUSE`` (a random 0.05 to
0.2 s after each step of its change), and is killed with SIGKILL at a random moment: while
Python starts, while the temporary files are written, among the renames, between a club
tournament's change and the club's. Then:

* the folder is sound: ``arbiter verify`` exits 0 and names no hand edit (for a club,
  ``member list`` and ``ratings`` work and its tournament's ``verify`` passes);
* nothing acknowledged is lost and nothing half-done shows: the folder is byte-for-byte as it
  was before the command (the lock and the temporary files the next writer removes aside), or
  it is exactly what the command makes when it is not killed (journal included; only the
  journal's times differ), never something in between. A command that exited 0 before the
  kill came must be complete;
* a normal command afterwards works: the same command run again does what it does after a
  clean run (or, when the kill left the folder as before, what the first clean run did), and
  leaves no temporary file.

CI kills ``ARBITER_KILLS`` times in all (default 28: 2 per command), three at a time, in
about half a minute. The long run: ``ARBITER_KILLS=1000`` (or ``scripts/fuzz_folders.py --kills
1000``); ``ARBITER_KILL_SEED`` repeats a run's random moments.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from robustness._support import CLUB_EVENT as CLUB_TOURNAMENT
from robustness._support import (ARBITER, DIGESTS, PENDING, SAMPLES, STAGING, Findings, club_ready_to_finalise,
                                 collecting, env_int, environment, is_temporary, must, run_process, tree,
                                 tree_difference, wait_for)

KILLS = env_int("ARBITER_KILLS", 28)
SEED = env_int("ARBITER_KILL_SEED", random.randrange(1 << 30))
WORKERS = 3


@dataclass(frozen=True)
class Scenario:
    """A writing command, run in a work folder holding a copy of ``base``: ``args`` are relative to
    it, ``root`` is the folder it changes (compared before and after), ``verify`` the folders
    whose ``arbiter verify`` must pass, ``club`` the club whose lists must read."""

    name: str
    base: str
    args: tuple[str, ...]
    root: str = "ev"
    verify: tuple[str, ...] = ("ev",)
    club: str | None = None


CLUB_EVENT = f"club/{CLUB_TOURNAMENT}"
SCENARIOS = (
    Scenario("pair a round robin", "rr-ready", ("-d", "ev", "pair")),
    Scenario("pair a Swiss", "swiss-ready", ("-d", "ev", "pair")),
    Scenario("bye", "swiss-running", ("-d", "ev", "bye", "7", "--round", "6", "--half")),
    Scenario("player add (renumbers)", "swiss-r1", ("-d", "ev", "player", "add", "Late, Comer", "--rating", "2745")),
    Scenario("player withdraw", "swiss-running", ("-d", "ev", "player", "withdraw", "3")),
    Scenario("result", "swiss-running", ("-d", "ev", "result", "5", "2", "1-0")),
    Scenario("finalize", "rr-finished", ("-d", "ev", "finalize", "--date", "2026-12-10")),
    Scenario("unpair", "rr-paired", ("-d", "ev", "unpair")),
    Scenario("import", "trf", ("import", "in.trf", "ev")),
    Scenario("new", "empty", ("new", "ev", "--name", "Kill Open", "--system", "swiss", "--rounds", "5",
                              "--seed", "7")),
    Scenario("member add", "club", ("-d", "club", "member", "add", "Zed, New", "--rapid", "1700"), root="club",
             verify=("club/tournaments/2026-spring-rapid",), club="club"),
    Scenario("member set-initial", "club", ("-d", "club", "member", "set-initial", "2", "--rapid", "2370"),
             root="club", verify=("club/tournaments/2026-spring-rapid", "club/tournaments/2026-summer-rapid"),
             club="club"),
    Scenario("ratings recompute", "club-stale", ("-d", "club", "ratings", "recompute"), root="club",
             verify=("club/tournaments/2026-summer-rapid",), club="club"),
    Scenario("club tournament finalize", "club-final", ("-d", CLUB_EVENT, "finalize", "--date", "2026-12-20"),
             root="club", verify=(CLUB_EVENT,), club="club"),
)


# --------------------------------------------------------------------------- the bases


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("kill-bases")
    for name in ("rr-ready", "swiss-ready", "swiss-running", "swiss-r1", "rr-finished", "rr-paired", "trf", "empty",
                 "club", "club-stale", "club-final"):
        (home / name).mkdir()
    shutil.copytree(SAMPLES / "double-rr6-ready", home / "rr-ready" / "ev")
    ready = home / "swiss-ready" / "ev"
    shutil.copytree(SAMPLES / "swiss32-in-progress", ready)
    must("-d", ready, "result", "5", "--from", "-", stdin="2 1-0\n5 1/2-1/2\n9 0-1\n14 1-0\n")
    must("-d", ready, "player", "add", "Late, Comer", "--rating", "1850")
    must("-d", ready, "player", "withdraw", "12")
    must("-d", ready, "bye", "4", "--round", "6", "--half")
    shutil.copytree(SAMPLES / "swiss32-in-progress", home / "swiss-running" / "ev")
    r1 = home / "swiss-r1" / "ev"
    must("new", r1, "--name", "Crash", "--system", "swiss", "--rounds", "5", "--seed", "3", "--initial-colour",
          "white")
    for name, rating in (("Carlsen, Magnus", 2830), ("Nakamura, Hikaru", 2790), ("Firouzja, Alireza", 2760),
                         ("Erigaisi, Arjun", 2750), ("Giri, Anish", 2745), ("Aronian, Levon", 2740),
                         ("Dubov, Daniil", 2700), ("Bacrot, Etienne", 2650)):
        must("-d", r1, "player", "add", name, "--rating", rating)
    must("-d", r1, "pair")
    shutil.copytree(SAMPLES / "rr10-finished", home / "rr-finished" / "ev")
    paired = home / "rr-paired" / "ev"
    shutil.copytree(SAMPLES / "double-rr6-ready", paired)
    must("-d", paired, "pair")
    from conftest import shared_file

    shutil.copy(shared_file("realdata/trf/trf-import-test.trf"), home / "trf" / "in.trf")
    shutil.copytree(SAMPLES / "club-lyon", home / "club" / "club")
    stale = home / "club-stale" / "club"
    shutil.copytree(SAMPLES / "club-lyon", stale)
    ratings = stale / "ratings.csv"
    ratings.write_text(ratings.read_text(encoding="utf-8").replace(",33,2305,", ",35,2307,"), encoding="utf-8")
    club_ready_to_finalise(home / "club-final" / "club")
    for folder in home.rglob(".arbiter.lock"):
        folder.unlink()
    return home


# --------------------------------------------------------------------------- comparing folders

_STAMP = re.compile(rb"(?m)^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,")


def normalised(files: dict[str, bytes]) -> dict[str, bytes]:
    """A tree with what differs between two clean runs of the same command taken out: the journal's
    times, and in ``.arbiter.digests`` the time of the change and the digest of the journal."""
    out = {}
    for name, data in files.items():
        if name == "journal.csv" or name.endswith("/journal.csv"):
            data = _STAMP.sub(b"T,", data)
        elif name == DIGESTS or name.endswith("/" + DIGESTS):
            try:
                record = json.loads(data)
                record["after"] = record["after"].split(" ", 1)[-1]
                record["files"].pop("journal.csv", None)
                data = json.dumps(record, sort_keys=True).encode()
            except (ValueError, KeyError, TypeError, AttributeError):
                pass
        out[name] = data
    return out


def state(work: Path, scenario: Scenario) -> dict[str, bytes]:
    """The files of the folder the command changes, the lock and temporary files left out (an empty
    folder a killed writer made for its files is no file: ``new`` takes an empty folder)."""
    return tree(work / scenario.root, temporaries=False, dirs=False)


@dataclass
class Reference:
    """A scenario run without a kill: the folder before, after, and after the command once more."""

    before: dict[str, bytes]
    complete: dict[str, bytes]
    again: dict[str, bytes]
    again_code: int
    first_seconds: float
    changed_files: int


def reference(bases: Path, scenario: Scenario, scratch: Path) -> Reference:
    work = scratch / "reference"
    shutil.copytree(bases / scenario.base, work)
    before = state(work, scenario)
    started = time.monotonic()
    first = run_process(*scenario.args, cwd=work)
    seconds = time.monotonic() - started
    assert first.code == 0, (scenario, first.err)
    complete = state(work, scenario)
    second = run_process(*scenario.args, cwd=work)
    assert second.code != 1, second.err
    written = sum(1 for name, data in complete.items() if data != b"<dir>" and before.get(name) != data)
    return Reference(before, normalised(complete), normalised(state(work, scenario)), second.code, seconds, written)


# --------------------------------------------------------------------------- one kill


def _known(scenario: Scenario, now: dict[str, bytes], ref: Reference) -> str | None:
    """The states between 'as before' and 'complete' that are allowed: a club tournament's
    finalize killed between the tournament's change and the club's (two folders, two separate
    all-or-nothing changes) leaves the club's ratings behind, until 'finalize' again completes it
    (test_found_bugs.py pins it); a rebuild of the club's ratings ('member set-initial') killed
    after the club's change, while it writes the rebuilt pre-event ratings into the club's
    tournaments, one folder after the other, until the command again completes it."""
    def part(files: dict[str, bytes], event: bool) -> dict[str, bytes]:
        return {k: v for k, v in files.items() if k.startswith("tournaments/") == event}

    if scenario.name == "club tournament finalize":
        if normalised(part(now, True)) == part(ref.complete, True) and \
                normalised(part(now, False)) == normalised(part(ref.before, False)):
            return "a club tournament's finalize killed between its two changes: the club rates it at the next finalize"
        return None
    if scenario.name != "member set-initial" or normalised(part(now, False)) != part(ref.complete, False):
        return None

    # The club is rebuilt; then each of its tournaments is made to show the rebuilt pre-event
    # ratings, one all-or-nothing change per folder: each is as before or complete.
    def folder(files: dict[str, bytes], name: str) -> dict[str, bytes]:
        return {k: v for k, v in files.items() if k.startswith(f"tournaments/{name}/")}

    names = {k.split("/")[1] for k in (*now, *ref.complete) if k.startswith("tournaments/")}
    if all(normalised(folder(now, n)) in (folder(ref.complete, n), normalised(folder(ref.before, n)))
           for n in names):
        return ("a club rebuild killed between the club's change and its tournaments' (one change per folder): "
                "the command again, or 'ratings recompute', writes the rest")
    return None


def _writing(work: Path) -> bool:
    """Whether a writer has begun its change: a temporary file of a change (or of a folder being
    made) is somewhere in the work folder."""
    return any(is_temporary(name) for _, _, names in os.walk(work) for name in names)


def _phase(work: Path, scenario: Scenario, ref: Reference) -> str:
    """Where the kill landed, as the folder shows it right after."""
    names = [name for _, _, files in os.walk(work) for name in files]
    if PENDING in names:
        return "killed among the renames (manifest written)"
    if any(is_temporary(name) for name in names):
        return "killed while writing the temporary files"
    now = state(work, scenario)
    if normalised(now) == ref.complete:
        return "complete before the kill"
    return "killed before writing" if now == ref.before else "killed between two changes"


def kill_once(bases: Path, scenario: Scenario, ref: Reference, scratch: Path, rng: random.Random, index: int) -> None:
    """Run the scenario's command slowed down and SIGKILL it: one time in five at a random moment
    from its start, else at a random moment of its change (from its first temporary file on)."""
    work = scratch / f"kill-{index}"
    shutil.copytree(bases / scenario.base, work)
    pause = rng.choice((0.05, 0.1, 0.2)) if rng.random() < 0.5 else round(rng.uniform(0.05, 0.2), 3)
    writes = 2 * ref.changed_files * pause + 0.05
    from_start = rng.random() < 0.2
    delay = rng.uniform(0, ref.first_seconds + writes) if from_start else rng.uniform(0, writes)
    findings = Findings("kills", f"{scenario.name}: pause {pause} s, kill {delay:.3f} s after "
                        f"{'the start' if from_start else 'the first write'} (seed {SEED}, #{index})")
    try:
        process = subprocess.Popen([*ARBITER, *scenario.args], cwd=work,
                                   env=environment(ARBITER_CRASH_TEST_PAUSE=str(pause)),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if not from_start:
            wait_for(lambda: process.poll() is not None or _writing(work), timeout=60, step=0.002)
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
        code = process.wait(timeout=60)
        err = process.stderr.read() if process.stderr else ""
        if process.stderr:
            process.stderr.close()
        finished = code == 0
        findings.check(code in (0, -signal.SIGKILL), scenario.name, f"exit {code} before the kill: {err[-300:]}")
        findings.stats[_phase(work, scenario, ref)] = 1
        _after_kill(findings, work, scenario, ref, finished)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        findings.close()


def _after_kill(findings: Findings, work: Path, scenario: Scenario, ref: Reference, finished: bool) -> None:
    # 1. The folder is sound, read by another command (which completes a change whose manifest
    #    was written).
    for folder in scenario.verify:
        if scenario.name in ("new", "import") and not (work / folder).exists():
            continue  # killed before the folder was made: nothing to verify (the state is checked below)
        checked = findings.saw(run_process("-d", folder, "verify", cwd=work))
        findings.check(checked.code == 0, "verify", f"exit {checked.code} after the kill: "
                       f"{checked.out.strip()[:300]} {checked.err.strip()[-300:]}", checked)
        findings.check(": hand edit: " not in checked.out, "verify",
                       f"a hand edit after the kill: {checked.out.strip()[:300]}", checked)
    if scenario.club:
        for args in (("member", "list", "-f", "csv"), ("ratings", "-f", "csv")):
            listed = findings.saw(run_process("-d", scenario.club, *args, cwd=work))
            findings.check(listed.code == 0, listed.name, f"exit {listed.code} after the kill", listed)
    # 2. As before, or complete.
    now = state(work, scenario)
    as_before = now == ref.before
    complete = normalised(now) == ref.complete
    known = _known(scenario, now, ref)
    if known:
        findings.known.append(known)
    elif not (as_before or complete):
        findings.fail(scenario.name, "after the kill the folder is neither as before nor complete: "
                      f"vs before {tree_difference(ref.before, now)[:5]}, "
                      f"vs complete {tree_difference(ref.complete, normalised(now))[:5]}")
    if finished:
        findings.check(complete, scenario.name, "exit 0 before the kill, yet the change is not complete")
    # 3. The same command again works as after a clean run.
    again = findings.saw(run_process(*scenario.args, cwd=work))
    now = normalised(state(work, scenario))
    if known:
        wanted = ref.complete if scenario.name == "club tournament finalize" else ref.again
        findings.check(again.code == 0 and now == wanted, again.name,
                       f"the command again did not complete the club's change: exit {again.code}, "
                       f"vs complete {tree_difference(wanted, now)[:5]}", again)
        return
    if as_before and not complete:
        findings.check(again.code == 0 and now == ref.complete, again.name,
                       f"run again after a kill that changed nothing: exit {again.code}, "
                       f"vs complete {tree_difference(ref.complete, now)[:5]}", again)
    else:
        findings.check(again.code == ref.again_code and now == ref.again, again.name,
                       f"run again after a complete change: exit {again.code} (clean: {ref.again_code}), "
                       f"vs a clean second run {tree_difference(ref.again, now)[:5]}", again)
    staging = [p.name for p in work.iterdir() if STAGING.match(p.name)]
    if staging:
        findings.stats["a staging folder of new/import left beside the target"] = 1
    target = work / (scenario.args[1] if scenario.args[0] == "-d" else scenario.root)
    left = [name for name in tree(target) if is_temporary(name) and name.count("/") <= 1
            and not name.startswith("tournaments/")]
    findings.check(not left, again.name, f"temporary files left after the next writer: {left}", again)


# --------------------------------------------------------------------------- the test


def _share(total: int) -> list[int]:
    """How many of ``total`` kills each scenario gets (round robin)."""
    return [total // len(SCENARIOS) + (1 if i < total % len(SCENARIOS) else 0) for i in range(len(SCENARIOS))]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_a_command_killed_at_a_random_moment_leaves_the_folder_before_or_complete(
        bases: Path, tmp_path: Path, scenario: Scenario) -> None:
    kills = _share(KILLS)[SCENARIOS.index(scenario)]
    if kills == 0:
        pytest.skip("ARBITER_KILLS gives this command no kill")
    ref = reference(bases, scenario, tmp_path)
    rng = random.Random(f"{SEED}-{scenario.name}")
    plans = [random.Random(rng.random()) for _ in range(kills)]
    errors: list[BaseException] = []

    def one(index: int) -> None:
        try:
            kill_once(bases, scenario, ref, tmp_path, plans[index], index)
        except AssertionError as error:
            errors.append(error)

    with ThreadPoolExecutor(max_workers=min(WORKERS, max(1, math.ceil(kills / 2)))) as pool:
        list(pool.map(one, range(kills)))
    if errors and not collecting():
        raise errors[0]
