"""The state machine every kind's harness is made of: one command per step, checked as it runs,
then the whole folder checked after it (see the invariants in :mod:`harness`).

A kind subclasses :class:`HarnessMachine`: an ``@initialize`` rule creates its event, ``@rule``
methods draw commands as an arbiter types them, and each runs them through :meth:`arbiter`.
:meth:`check_folder` is the invariant run after every step; a kind whose folder holds stages or
tournaments overrides :meth:`events` to name them.

A violation raises a :class:`Violation` whose class is named after the invariant (so hypothesis
shrinks each kind of failure apart), carrying the invariant, what is wrong and every command of
the sequence as a shell would run it. :func:`collected` (the CI sample) records violations instead,
so that every sequence runs to its end; the long run (``scripts/harness_long.py``) raises each
kind of violation once, for hypothesis to shrink it, then only counts it (:data:`RUN`).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shlex
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from harness.access import AccessModel, access_violations, draws
from harness.consistency import pairings_violations, standings_violations, verify_violations
from harness.journal import journal_disagreements
from harness.kills import after_kill, crash_points, settled
from harness.model import Model, disagreements
from harness.outputs import prepare, probes
from harness.rating_change import RATING_CHANGE, rating_change_violations
from harness.roundtrip import ROUNDTRIP, TRF_STANDINGS, roundtrip_violations
from harness.runs import said
from robustness._support import Run, rule_violations, run_here, tree, tree_difference

__all__ = ["HarnessMachine", "Violation", "Event", "RUN", "Runtime", "collected", "family"]


class Violation(AssertionError):
    """An invariant broken; :func:`violation_class` makes one subclass per invariant."""

    invariant: ClassVar[str] = ""


_CLASSES: dict[str, type[Violation]] = {}


def violation_class(invariant: str) -> type[Violation]:
    if invariant not in _CLASSES:
        name = "".join(word.capitalize() for word in re.findall(r"[a-z0-9]+", invariant.lower()))
        _CLASSES[invariant] = type(name or "Violation", (Violation,), {"invariant": invariant})
    return _CLASSES[invariant]


@dataclass
class Runtime:
    """How the machines run: set by the long run, left as is in CI."""

    known: set[str] | None = None  # keep going: violations with these signatures are counted, not raised
    never_raise: bool = bool(os.environ.get("ARBITER_HARNESS_KEEP_GOING"))  # count every violation, raise none
    seen: Counter[str] = field(default_factory=Counter)  # every violation met, by signature
    first: dict[str, str] = field(default_factory=dict)  # the shortest message of each signature
    commands: int = 0  # commands run, in all
    sequences: int = 0  # sequences run (machines made), but those replayed while shrinking
    replays: int = 0  # sequences replayed while hypothesis shrinks a violation
    shrinking: bool = False  # a violation was raised in this batch: what follows is shrinking
    target: str | None = None  # ... the invariant it broke: while shrinking, only it is checked
    codes: Counter[tuple[str, str, int]] = field(default_factory=Counter)  # (kind, command, exit code) -> times
    external: bool = False  # also check exports with bbpPairings -c and gacrux's checker
    kill_every: int = 1  # check a simulated kill on every n-th writing command


RUN = Runtime()


@contextlib.contextmanager
def collected() -> Iterator[dict[str, str]]:
    """While open, violations are recorded, not raised (every sequence runs to its end, so that one
    fault does not hide the next); the dict it gives then holds each distinct violation met, with
    the shortest sequence of commands that showed it."""
    saved, before = RUN.never_raise, Counter(RUN.seen)
    found: dict[str, str] = {}
    RUN.never_raise = True
    try:
        yield found
    finally:
        RUN.never_raise = saved
        for sig, count in RUN.seen.items():
            if count > before.get(sig, 0):
                found[sig] = f"{count - before.get(sig, 0)} times: {RUN.first[sig]}"


@dataclass(frozen=True)
class Event:
    """One event the folder holds: ``folder`` the commands' ``-d``, ``stage`` its own folder (a group
    event's stage), ``group`` the ``--group`` option that names it, ``model`` what was asked of it."""

    folder: Path
    stage: Path
    group: tuple[str, ...]
    model: Model | None


JOURNAL = "the journal agrees with the files"
KILL = "a killed command leaves the folder before or after"
ACCESS = "the access list lets in whom it was asked to"

#: The files a probe aims at, where the folder has them (else ``tournament.toml``).
OWNED_FILES = ("tournament.toml", "players.csv", "journal.csv", "rounds/01.csv", "prizes.toml", "teams.csv",
               ".arbiter.digests", "final/standings.csv", "members.csv", "bracket.csv", "access.csv")


def _no_fsync(fd: object) -> None:
    """``os.fsync`` while a machine runs: flushing to the disk guards against a power cut, which the
    harness does not simulate (a killed process leaves what it wrote in the page cache, which the
    next command reads: :mod:`harness.kills`); without it a step costs a third less."""


_CODES = re.compile(r"(?<![\w/+-])(1-0|0-1|1/2-1/2|\+/-|-/\+|-/-|0-0|none|PAB|HPB|FPB|ZPB)(?![\w/+-])")
_NAMES = re.compile(r"\b[A-Z][a-z]+\d*(, [A-Z][a-z]+\d*)?\b")


def family(command: str, problem: str) -> str:
    """A violation's kind, to count distinct faults: the command and the problem's words, with
    names, numbers, result codes and listed values taken out, cut before the first listed value."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", problem)
    text = re.sub(r"\{[^}]*\}|\[[^\]]*\]|\([^)]*\)", "…", text)
    text = _CODES.sub("R", text)
    first, _, rest = text.partition(" ")
    text = first + " " + _NAMES.sub("X", rest)
    text = re.sub(r"\d+(\.\d+)?", "N", text)
    cut = min((i for i in (text.find("'…'"), text.find("…")) if i > 0), default=len(text))
    return f"{command}: {text[:cut].rstrip(': ,')[:160]}" if command else text[:cut].rstrip(": ,")[:160]


def error_rule(run: Run) -> list[str]:
    """The robustness suites' rule of errors (tests/robustness/_support.py), where a refusal (exit 4)
    may say what it refuses on lines before its error line (docs/architecture.md, "Errors": a
    refusal's ``details``, such as what ``finalize`` still misses)."""
    return [problem for problem in rule_violations(run)
            if not (run.code == 4 and "neither a note nor a warning" in problem)]


def restore(root: Path, before: dict[str, bytes], after: dict[str, bytes]) -> None:
    """Put a folder back as it was (``before``), from ``after``."""
    for name in after.keys() - before.keys():
        (root / name).unlink(missing_ok=True)
    for name, data in before.items():
        if after.get(name) != data:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)


class HarnessMachine(RuleBasedStateMachine):
    """A folder under random commands; subclasses add the commands of a kind."""

    kind: ClassVar[str] = "event"

    def __init__(self) -> None:
        super().__init__()
        if RUN.shrinking:
            RUN.replays += 1
        else:
            RUN.sequences += 1
        self.fsync = os.fsync
        os.fsync = _no_fsync  # see _no_fsync
        self.work = Path(tempfile.mkdtemp(prefix=f"arbiter-harness-{self.kind.replace(' ', '-')}-"))
        self.root = self.work / "ev"
        self.model = Model()
        self.history: list[str] = []
        self.writes = 0
        self.trf: Path | None = None
        self.imports = 0
        self.checked: int | None = None  # the folder's bytes when the invariants last held
        self.access: dict[Path, AccessModel] = {}  # each folder's access list, as asked (harness.access)

    def teardown(self) -> None:
        os.fsync = self.fsync
        shutil.rmtree(self.work, ignore_errors=True)

    # ------------------------------------------------------------------ the events of the folder

    @property
    def started(self) -> bool:
        return (self.root / "journal.csv").is_file()

    def events(self) -> list[Event]:
        """The events the folder holds, each checked after every step (one, by default)."""
        return [Event(self.root, self.root, (), self.model)]

    # ------------------------------------------------------------------ running commands

    def typed(self, args: Sequence[str], stdin: str | None) -> str:
        """The command as a shell runs it from the work folder."""
        shown = "arbiter " + shlex.join(a.replace(str(self.work) + "/", "").replace(str(self.work), ".")
                                        for a in args)
        if stdin is not None:
            shown += " <<'EOF'\n" + stdin.rstrip("\n") + "\nEOF"
        return shown

    def arbiter(self, *args: object, stdin: str | None = None) -> Run:
        """Run one command as a step: the rule of errors holds; a refused command changes nothing;
        a successful one writes its journal rows; a kill at any moment of it leaves the folder
        before or after."""
        argv = [str(a) for a in args]
        before = tree(self.root, dirs=False)
        with crash_points(self.root) as points:
            run = run_here(*argv, stdin=stdin)
        self.note(run, stdin)
        after = tree(self.root, dirs=False)
        for problem in error_rule(run):
            self.violate("a command fails with one clear error line", problem, run)
        if run.code != 0:
            if before != after:
                self.violate("a refused command changes nothing on disk",
                             f"exit {run.code}, yet {tree_difference(before, after)[:6]}", run)
            return run
        if self.wants(JOURNAL):
            for problem in journal_disagreements(before, after):
                self.violate(JOURNAL, problem, run)
        if points and self.wants(KILL):
            self.writes += 1
            if self.writes % RUN.kill_every == 0:
                point = random.Random(len(self.history)).choice(points)
                for problem in after_kill(point, before, after, self.work / "killed"):
                    self.violate(KILL, problem, run)
        return run

    def note(self, run: Run, stdin: str | None) -> None:
        RUN.commands += 1
        RUN.codes[(self.kind, run.name, run.code)] += 1
        self.history.append(f"{self.typed(run.args, stdin)}\n    # exit {run.code}"
                            + (f": {run.err.strip().splitlines()[-1][:160]}" if run.code and run.err.strip() else ""))

    def reader(self, *args: object, stdin: str | None = None) -> Run:
        """Run a command that must not change the folder (an output, a report), whatever its exit."""
        argv = [str(a) for a in args]
        before = tree(self.root, dirs=False)
        run = run_here(*argv, stdin=stdin)
        self.note(run, stdin)
        for problem in error_rule(run):
            self.violate("a command fails with one clear error line", problem, run)
        after = tree(self.root, dirs=False)
        if before != after:
            restore(self.root, before, after)  # so that a long run goes on from the folder as it was
            self.violate("no output lands on a file the folder owns",
                         f"exit {run.code}, yet {tree_difference(before, after)[:6]}", run)
        return run

    # ------------------------------------------------------------------ violations

    def violate(self, invariant: str, problem: str, run: Run | None = None) -> None:
        problem = problem.replace(str(self.work) + "/", "").replace(str(self.work), ".")
        sig = f"{self.kind}: {invariant}: {family(run.name if run else '', problem)}"
        RUN.seen[sig] += 1
        detail = f"\n    $ arbiter {' '.join(run.args)}\n    exit {run.code}\n    stderr: {run.err.strip()[-600:]}" \
            if run is not None else ""
        steps = "\n".join(f"{i + 1:3d}. {line}" for i, line in enumerate(self.history))
        text = f"{self.kind}: {invariant}: {problem}{detail}\n\nthe commands, run in an empty folder:\n{steps}"
        text = text.replace(str(self.work) + "/", "").replace(str(self.work), ".")
        if sig not in RUN.first or len(text) < len(RUN.first[sig]):
            RUN.first[sig] = text
        if RUN.never_raise or (RUN.known is not None and sig in RUN.known) or not self.wants(invariant):
            return  # recorded; while hypothesis shrinks one violation, the others do not interrupt it
        RUN.shrinking = True
        RUN.target = RUN.target or invariant
        error = violation_class(invariant)(text)
        error.signature = sig  # type: ignore[attr-defined]
        raise error

    def wants(self, invariant: str) -> bool:
        """Whether to check ``invariant`` now: always, but while hypothesis shrinks a violation, when
        only the invariant it broke is checked (a replay costs a fraction, the shrinking goes further)."""
        return not RUN.shrinking or RUN.target is None or RUN.target == invariant

    def expect(self, invariant: str, problems: Callable[[], Sequence[str]]) -> None:
        """Check ``invariant`` (when :meth:`wants` it): each of ``problems()`` is a violation."""
        if self.wants(invariant):
            for problem in problems():
                self.violate(invariant, problem)

    # ------------------------------------------------------------------ after every step

    @invariant()
    def the_folder_never_lies(self) -> None:
        if not self.started:
            return
        state = hash((str(self.root), *sorted(tree(self.root, dirs=False).items())))
        if state == self.checked:
            return  # nothing changed since the folder was last checked (a refused command, a report)
        self.check_folder()
        self.checked = state

    def check_folder(self) -> None:
        self.expect("verify passes", lambda: verify_violations(self.root))
        for event in self.events():
            self.check_event(event)
        for home, model in self.access.items():
            if home == self.root or self.root in home.parents:  # not a folder left behind by an import
                self.expect(ACCESS, lambda: access_violations(["-d", str(home)], home, model))

    def check_event(self, event: Event) -> None:
        self.expect("pairings show the round files",
                    lambda: pairings_violations(event.folder, event.stage, event.group))
        self.expect("standings count the round files",
                    lambda: standings_violations(event.folder, event.stage, event.group))
        self.expect(RATING_CHANGE, lambda: rating_change_violations(event.folder, event.stage, event.group))
        model = event.model
        if model is not None:
            self.expect("the folder holds what was asked", lambda: disagreements(model, event.stage))
        if self.wants(TRF_STANDINGS) or self.wants(ROUNDTRIP):
            found, trf = roundtrip_violations(event.folder, self.work / "roundtrip", event.group)
            for invariant_name, problem in found:
                self.violate(invariant_name, problem)
            if event.stage == self.root:
                self.trf = trf

    # ------------------------------------------------------------------ commands every kind has

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def point_an_output_at_the_folder(self, data: st.DataObject) -> None:
        """An output option aimed at a file or a folder the event owns (drawn from fixed lists, so
        that hypothesis can shrink the steps before it away)."""
        owned = settled(tree(self.root, dirs=False))
        wanted = data.draw(st.sampled_from(OWNED_FILES), label="owned file")
        found = [n for n in owned if n == wanted or n.endswith("/" + wanted)]
        file = found[0] if found else "tournament.toml" if "tournament.toml" in owned else \
            next((n for n in sorted(owned) if not n.startswith(".")), "journal.csv")
        wanted_folder = data.draw(st.sampled_from(("", "rounds", "final", "stages", "tournaments")), label="folder")
        folder = wanted_folder if (self.root / wanted_folder).is_dir() else ""
        events = self.events() or [Event(self.root, self.root, (), None)]
        event = events[data.draw(st.integers(0, 3), label="event") % len(events)]
        choices = probes(self.root, file, folder, self.work, self.trf, event.group)
        probe = choices[data.draw(st.integers(0, 7), label="probe") % len(choices)]
        prepare(probe, self.publish_into)
        run = self.reader(*probe.args)
        if probe.refused and run.code == 0:
            self.violate("no output lands on a file the folder owns", "an output aimed at the folder was not refused",
                         run)

    @precondition(lambda self: self.started)
    @rule()
    def a_look_at_the_standings(self) -> None:
        """The arbiter looks at the standings (a reader). Its name sorts first: hypothesis shrinks a
        step towards the first rule, and this one is cheap and changes nothing."""
        self.reader("-d", self.root, "standings")

    def publish_into(self, site: Path) -> None:
        self.reader("-d", self.root, "publish", site)

    @precondition(lambda self: self.started)
    @rule()
    def publish(self) -> None:
        run = self.reader("-d", self.root, "publish", self.work / f"site-{self.root.name}")
        if run.code != 0:
            self.violate("publish works on any sound folder", said(run), run)

    def access_places(self) -> list[tuple[list[str], list[str], Path]]:
        """Where ``access`` commands run: the option that names the folder (``-d``), the command's own
        option that names a stage (``--group``), and the folder whose list they change."""
        return [(["-d", str(self.root)], [], self.root)]

    @precondition(lambda self: self.started)
    @rule(data=st.data())
    def manage_access(self, data: st.DataObject) -> None:
        """``access add`` (a person, a name listed already, a bad name or role), ``access add
        --new-code``, ``access remove``, ``access list``; each must succeed exactly when the README
        says so, and what it did is what the list then holds (I16, :mod:`harness.access`)."""
        places = self.access_places()
        folder, stage, home = places[data.draw(st.integers(0, 5), label="access place") % len(places)]
        action, name, role = data.draw(draws(), label="access")
        if action == "list":
            self.reader(*folder, "access", "list", "-f", "json", *stage)
            return
        args = {"add": ["add", name, "--role", role, "-f", "json"], "new code": ["add", name, "--new-code", "-f", "json"],
                "remove": ["remove", name]}[action]
        model = self.access.setdefault(home, AccessModel())
        expected = model.expects(action, name, role)
        run = self.arbiter(*folder, "access", *args, *stage)
        if (run.code == 0) != expected:
            self.violate(ACCESS, f"access {action} {name!r} (role {role}): the docs say it "
                                 f"{'succeeds' if expected else 'is refused'}, it exits {run.code}", run)
        if run.code == 0:
            model.took(action, name, run)

    def write_prizes(self, folder: Path, text: str | None) -> None:
        """A person edits ``prizes.toml`` (or deletes it): a step of the sequence, shown as a shell
        command."""
        path = folder / "prizes.toml"
        shown = str(path).replace(str(self.work) + "/", "")
        if text is None:
            path.unlink(missing_ok=True)
            self.history.append(f"rm -f {shown}")
        else:
            path.write_text(text, encoding="utf-8")
            self.history.append(f"cat > {shown} <<'EOF'\n{text.rstrip()}\nEOF")

