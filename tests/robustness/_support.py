"""What the robustness suites share: running ``arbiter`` (in this process or as a real one), the
rule every failure must follow, snapshots of a folder, and where findings go.

The rule ("the folder never lies"): a command never shows a traceback and never exits 1
(internal error). It either exits 0, or exits with another code and exactly one line on
stderr starting ``arbiter: error: ``, the last one, with only ``note:`` and ``warning:`` lines
before it.

Findings. The suites check their properties with :class:`Findings`. In a normal test run a
violation fails the test at once. With ``ARBITER_ROBUSTNESS_REPORT=FILE`` (set by
``scripts/fuzz_folders.py`` for the long runs) every input tried is appended to FILE as one
JSON line, with its violations, and the test goes on: a long run finds every distinct failure
instead of stopping at the first.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_events"
ARBITER = [sys.executable, "-m", "arbiter_cli"]
LOCK = ".arbiter.lock"
PENDING = ".arbiter.pending"
DIGESTS = ".arbiter.digests"
REPORT_ENV = "ARBITER_ROBUSTNESS_REPORT"
_TEMPORARY = re.compile(r"^\..+\.tmp-\d+$")  # a change's temporary file (store/files.py)
STAGING = re.compile(r"^\..+\.(import|new)-\d+$")  # a folder 'import' or 'new' builds beside its place


# --------------------------------------------------------------------------- running arbiter


@dataclass
class Run:
    """One command: its arguments, exit code and output (``traceback`` when an exception escaped)."""

    args: tuple[str, ...]
    code: int
    out: str
    err: str
    traceback: str = ""

    @property
    def name(self) -> str:
        """The command's name without the folder option and values: ``player list``, ``result``."""
        words = []
        skip = False
        for arg in self.args:
            if skip:
                skip = False
                continue
            if arg in ("-d", "--dir", "-f", "--format", "--date", "--rapid", "--round"):
                skip = True
                continue
            if arg.startswith("-") or "/" in arg or arg[:1].isdigit() or "," in arg:
                continue
            words.append(arg)
        return " ".join(words[:2]) if words[:1] in (["player"], ["trf"], ["member"], ["ratings"], ["bye"]) \
            else " ".join(words[:1])


_ENV = {"NO_COLOR": "1", "COLUMNS": "200"}


def run_here(*args: object, stdin: str | None = None) -> Run:
    """Run ``arbiter`` in this process (fast: the fuzz suite runs thousands of commands)."""
    from arbiter_cli.cli.app import main

    argv = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    saved_argv, saved_stdin = sys.argv, sys.stdin
    saved_env = {key: os.environ.get(key) for key in (*_ENV, "ARBITER_DIR", "ARBITER_DEBUG")}
    os.environ.update(_ENV)
    os.environ.pop("ARBITER_DIR", None)
    os.environ.pop("ARBITER_DEBUG", None)
    sys.argv = ["arbiter", *argv]
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    code, trace = 0, ""
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(argv)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    except Exception as error:  # noqa: BLE001 - an exception that escaped main(): a traceback
        import traceback

        code, trace = 1, "".join(traceback.format_exception(error))
    finally:
        sys.argv, sys.stdin = saved_argv, saved_stdin
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return Run(tuple(argv), code, out.getvalue(), err.getvalue(), trace)


def environment(**extra: str) -> dict[str, str]:
    """The environment of a real ``arbiter`` process: no colours, a fixed width, no debug."""
    env = {k: v for k, v in os.environ.items() if k not in ("ARBITER_DIR", "ARBITER_DEBUG",
                                                            "ARBITER_CRASH_TEST_PAUSE", "ARBITER_LOCK_TIMEOUT")}
    env.update(_ENV)
    env.update(extra)
    return env


def run_process(*args: object, cwd: Path | None = None, env: Mapping[str, str] | None = None,
                timeout: float = 120) -> Run:
    """Run ``arbiter`` as a real process (``python -m arbiter_cli``)."""
    argv = [str(a) for a in args]
    done = subprocess.run([*ARBITER, *argv], cwd=cwd, env=dict(env or environment()), capture_output=True,
                          text=True, timeout=timeout, check=False)
    return Run(tuple(argv), done.returncode, done.stdout, done.stderr)


def spawn(*args: object, cwd: Path | None = None, env: Mapping[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([*ARBITER, *map(str, args)], cwd=cwd, env=dict(env or environment()),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# --------------------------------------------------------------------------- the rule


def rule_violations(run: Run) -> list[str]:
    """How ``run`` breaks the rule: a traceback, exit 1, or a failure not said in one error line."""
    found = []
    if run.traceback or "Traceback (most recent call last)" in run.err:
        last = (run.traceback or run.err).strip().splitlines()[-1:]
        found.append(f"traceback: {last[0] if last else '?'}")
    if run.code == 1:
        found.append(f"exit 1: {_first_error(run.err)}")
    if run.code < 0:
        found.append(f"killed by signal {-run.code}")
    lines = run.err.splitlines()
    errors = [line for line in lines if line.startswith("arbiter: error: ")]
    if run.code == 0:
        if errors:
            found.append(f"exit 0 with an error line: {errors[0]}")
    elif run.code > 1:
        if len(errors) != 1:
            found.append(f"exit {run.code} with {len(errors)} error lines")
        elif not lines or not lines[-1].startswith("arbiter: error: "):
            found.append(f"exit {run.code}: the error line is not the last line of stderr: {lines[-1:]}")
        others = [line for line in lines[:-1] if not line.startswith(("note:", "warning:"))]
        if others:
            found.append(f"exit {run.code}: a line before the error that is neither a note nor a warning: "
                         f"{others[0][:120]!r}")
    return found


def _first_error(err: str) -> str:
    for line in err.splitlines():
        if line.startswith("arbiter: error: "):
            return line.removeprefix("arbiter: error: ")[:200]
    return err.strip()[:200]


def signature(command: str, violation: str) -> str:
    """A failure's kind, to count distinct failures: the command and the violation, numbers,
    paths and quoted values taken out."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", violation)
    text = re.sub(r"/\S+", "PATH", text)
    text = re.sub(r"\d+", "N", text)
    return f"{command}: {text[:160]}"


# --------------------------------------------------------------------------- folders


def must(*args: object, stdin: str | None = None) -> Run:
    """Run ``arbiter`` in this process; it must succeed (setting up a folder)."""
    run = run_here(*args, stdin=stdin)
    assert run.code == 0, (args, run.err)
    return run


def enter_all_results(folder: Path, round_number: int, seed: int) -> None:
    """Enter a result on every board of a round (which, decided by ``seed``)."""
    pairing = json.loads(run_here("-d", folder, "pairings", round_number, "-f", "json").out)
    codes = ("1-0", "0-1", "1/2-1/2")
    lines = "".join(f"{b['board']} {codes[(seed + b['board']) % 3]}\n" for b in pairing if b["board"])
    if lines:
        must("-d", folder, "result", round_number, "--from", "-", stdin=lines)


CLUB_EVENT = "tournaments/2026-winter-blitz"


def club_ready_to_finalise(club: Path) -> Path:
    """A copy of the sample club with a blitz round robin of four members, every result entered:
    its ``finalize`` also rates it in the club. Returns the tournament's folder."""
    shutil.copytree(SAMPLES / "club-lyon", club)
    event = club / CLUB_EVENT
    must("new", event, "--name", "Winter Blitz", "--system", "round-robin", "--time-control", "blitz", "--seed", "5",
         "--initial-colour", "white", "--start-date", "2026-12-01")
    for member in (1, 3, 5, 7):
        must("-d", event, "player", "add", "--member", member)
    for number in (1, 2, 3):
        must("-d", event, "pair")
        enter_all_results(event, number, number)
    for lock in club.rglob(LOCK):
        lock.unlink()
    return event


def is_temporary(relative: str) -> bool:
    """A temporary file a killed writer may leave, which the next writer removes."""
    name = relative.rsplit("/", 1)[-1]
    return bool(_TEMPORARY.match(name))


def tree(folder: Path, *, temporaries: bool = True, dirs: bool = True) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, and every folder (as ``b"<dir>"``, unless not
    ``dirs``), the lock left out (and the temporaries of killed writers, unless ``temporaries``)."""
    found: dict[str, bytes] = {}
    if not folder.exists():
        return found
    for path in sorted(folder.rglob("*")):
        relative = str(path.relative_to(folder))
        if path.name == LOCK or (not temporaries and is_temporary(relative)):
            continue
        if path.is_dir():
            if dirs:
                found[relative] = b"<dir>"
            continue
        found[relative] = path.read_bytes()
    return found


def tree_difference(before: Mapping[str, bytes], after: Mapping[str, bytes]) -> list[str]:
    """The paths that differ between two trees, said briefly."""
    out = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            out.append(f"{name} removed")
        elif name not in before:
            out.append(f"{name} added")
        elif before[name] != after[name]:
            out.append(f"{name} changed")
    return out


def simulated_recovery(files: Mapping[str, bytes]) -> dict[str, bytes] | None:
    """What completing the folder's ``.arbiter.pending`` manifest makes of ``files`` (a tree of the
    folder), when the manifest is one the store could have written; None otherwise."""
    data = files.get(PENDING)
    if data is None:
        return None
    try:
        manifest = json.loads(data.decode("utf-8"))
        renames, deletions = manifest["rename"], manifest["delete"]
        if not all(isinstance(r, list) and len(r) == 2 and all(isinstance(n, str) for n in r) for r in renames):
            return None
        pairs = [(str(a), str(b)) for a, b in renames]
        if not all(isinstance(name, str) for name in deletions):
            return None
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
    after = dict(files)
    for temp, name in pairs:
        if temp in after:
            after[name] = after.pop(temp)
    for name in deletions:
        after.pop(name, None)
    after.pop(PENDING, None)
    return after


# --------------------------------------------------------------------------- findings


@dataclass
class Findings:
    """The checks of one input: each violation is recorded with the command it concerns."""

    suite: str
    case: str
    violations: list[tuple[str, str]] = field(default_factory=list)
    known: list[str] = field(default_factory=list)
    commands: list[tuple[str, int]] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)  # counts a long run adds up (moments hit, ...)

    def saw(self, run: Run, *, known: Callable[[Run], str | None] | None = None) -> Run:
        """Record a command and check the rule on it; ``known`` names a bug already reported
        (an xfail test) that explains a violation, which is then counted but tolerated."""
        self.commands.append((run.name, run.code))
        broken = rule_violations(run)
        reason = known(run) if known and broken else None
        if reason:
            self.known.append(reason)
            return run
        for violation in broken:
            self.fail(run.name, violation, run)
        return run

    def check(self, ok: bool, command: str, violation: str, run: Run | None = None) -> None:
        if not ok:
            self.fail(command, violation, run)

    def fail(self, command: str, violation: str, run: Run | None = None) -> None:
        detail = ""
        if run is not None:
            detail = f"\n    $ arbiter {' '.join(run.args)}\n    exit {run.code}\n    stderr: {run.err.strip()[-600:]}"
            if run.traceback:
                detail += f"\n    {run.traceback[-1500:]}"
        self.violations.append((command, violation + detail))

    def close(self) -> None:
        """Report: append to the report file, or fail the test on the first violation."""
        report = os.environ.get(REPORT_ENV)
        if report:
            entry = {"suite": self.suite, "case": self.case, "commands": self.commands, "known": self.known,
                     "stats": self.stats,
                     "violations": [{"command": c, "violation": v.split("\n")[0],
                                     "signature": signature(c, v.split("\n")[0]), "detail": v}
                                    for c, v in self.violations]}
            with open(report, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(entry) + "\n")
            return
        if self.violations:
            shown = "\n".join(f"- {command}: {violation}" for command, violation in self.violations[:6])
            raise AssertionError(f"{self.suite}: {len(self.violations)} violation(s) for {self.case}\n{shown}")


def collecting() -> bool:
    """Whether the suites record findings to a report (a long run) rather than fail at once."""
    return bool(os.environ.get(REPORT_ENV))


def env_int(name: str, default: int) -> int:
    text = os.environ.get(name, "")
    return int(text) if text.strip() else default


def env_float(name: str, default: float) -> float:
    text = os.environ.get(name, "")
    return float(text) if text.strip() else default


def wait_for(predicate: Callable[[], bool], timeout: float = 30, step: float = 0.005) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
