#!/usr/bin/env python3
"""The long run of the stateful harness (tests/harness/, issue 25): the state machines of every kind
of event, for as many minutes as you give, with a seed.

    .venv/bin/python scripts/harness_long.py --seed 1 --minutes 10
    .venv/bin/python scripts/harness_long.py --seed 7 --minutes 60 --kinds team-swiss,team-round-robin

It runs the kinds in turn, a batch of sequences each, every batch seeded from ``--seed``. The first
time a violation of an invariant shows, hypothesis shrinks it to a shortest sequence of commands;
after that the same violation is only counted and the run goes on, so a long run finds every
distinct fault. It also checks each export of an individual Swiss with ``bbpPairings --dutch FILE
-c`` (when ``bbpPairings`` is on PATH) and of a team Swiss with gacrux's checker (``python -m
gacrux.pairingchecker -c``), in the rounds ``pair`` made. At the end it prints the sequences,
commands, kinds and minutes, and each distinct fault with the commands that reproduce it; with
``--report FILE`` the same as JSON. It exits 1 when it found anything.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, Phase, seed, settings  # noqa: E402
from hypothesis.internal.conjecture import engine  # noqa: E402
from hypothesis.reporting import with_reporter  # noqa: E402
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test  # noqa: E402

from harness.club import ClubMachine  # noqa: E402
from harness.groups import GroupStageMachine  # noqa: E402
from harness.individual import RoundRobinMachine, SwissMachine  # noqa: E402
from harness.knockout import KnockoutMachine  # noqa: E402
from harness.machine import RUN, Violation  # noqa: E402
from harness.open_faults import open_fault  # noqa: E402
from harness.team import TeamRoundRobinMachine, TeamSwissMachine  # noqa: E402

KINDS: dict[str, type[RuleBasedStateMachine]] = {
    "swiss": SwissMachine, "round-robin": RoundRobinMachine, "team-swiss": TeamSwissMachine,
    "team-round-robin": TeamRoundRobinMachine, "knockout": KnockoutMachine, "groups": GroupStageMachine,
    "club": ClubMachine,
}


def batch(machine: type[RuleBasedStateMachine], number: int, examples: int, steps: int) -> tuple[Exception | None, str]:
    """One batch of sequences of ``machine`` with the seed ``number``: the violation it found (shrunk)
    and hypothesis's report of it."""
    seeded = seed(number)(type(f"{machine.__name__}Seeded", (machine,), {}))
    lines: list[str] = []
    RUN.shrinking, RUN.target = False, None
    try:
        with with_reporter(lambda value: lines.append(str(value))):
            run_state_machine_as_test(seeded, settings=settings(
                max_examples=examples, stateful_step_count=steps, deadline=None, database=None, derandomize=False,
                suppress_health_check=list(HealthCheck), report_multiple_bugs=False, print_blob=False,
                phases=[Phase.generate, Phase.shrink]))
    except Exception as error:  # noqa: BLE001 - a violation, or a crash of the harness itself: both are findings
        return error, "\n".join(lines)
    return None, ""


def violation_in(error: BaseException) -> BaseException:
    """The harness's violation an error carries (hypothesis may wrap it, in a group or a flaky-failure
    report), else the error itself."""
    if isinstance(error, Violation):
        return error
    inner = list(getattr(error, "exceptions", ())) + [e for e in (error.__cause__, error.__context__) if e]
    for candidate in inner:
        found = violation_in(candidate)
        if isinstance(found, Violation):
            return found
    return error


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True, help="the seed of the whole run")
    parser.add_argument("--minutes", type=float, required=True, help="how long to run")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of: {', '.join(KINDS)}")
    parser.add_argument("--examples", type=int, default=10, help="sequences per batch")
    parser.add_argument("--steps", type=int, default=50, help="steps per sequence at most")
    parser.add_argument("--shrink-seconds", type=int, default=120,
                        help="how long hypothesis may shrink one fault (its own limit is 300)")
    parser.add_argument("--report", type=Path, help="write the report as JSON here too")
    parser.add_argument("--known", type=Path, action="append", default=[],
                        help="a report of an earlier run: its faults are counted, not shrunk again")
    args = parser.parse_args()
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kinds {unknown}; use {', '.join(KINDS)}")
    RUN.known = {signature for path in args.known
                 for signature in json.loads(path.read_text(encoding="utf-8"))["faults"]}
    RUN.external = True
    engine.MAX_SHRINKING_SECONDS = args.shrink_seconds  # hypothesis has no setting for it
    draw = random.Random(args.seed)
    started = time.monotonic()
    deadline = started + args.minutes * 60
    faults: dict[str, dict[str, Any]] = {}
    batches = 0
    print(f"harness long run: seed {args.seed}, {args.minutes:g} minutes, kinds {', '.join(kinds)}; "
          f"bbpPairings {'on PATH' if shutil.which('bbpPairings') else 'not on PATH: individual Swiss unchecked'}",
          flush=True)
    while time.monotonic() < deadline:
        for kind in kinds:
            if time.monotonic() >= deadline:
                break
            number = draw.randrange(1 << 32)
            batches += 1
            raised, report = batch(KINDS[kind], number, args.examples, args.steps)
            if raised is None:
                continue
            error = violation_in(raised)
            signature = getattr(error, "signature", f"{kind}: the harness stopped: {type(error).__name__}: "
                                                    f"{str(error).splitlines()[0][:200] if str(error) else ''}")
            RUN.known.add(signature)
            faults[signature] = {"kind": kind, "seed": number, "invariant": getattr(error, "invariant", ""),
                                 "example": str(error), "hypothesis": report,
                                 "violation": isinstance(error, Violation)}
            registered = open_fault(signature)
            faults[signature]["open fault"] = registered.fault if registered else None
            label = "open fault (tests/harness/open_faults.py)" if registered else "new fault"
            print(f"[{(time.monotonic() - started) / 60:5.1f} min] {kind}: {label}: {signature}", flush=True)
    minutes = (time.monotonic() - started) / 60
    for signature, fault in faults.items():
        fault["seen"] = RUN.seen.get(signature, 1)
    summary = {"seed": args.seed, "minutes": round(minutes, 1), "kinds": kinds, "batches": batches,
               "sequences": RUN.sequences, "replays while shrinking": RUN.replays, "commands": RUN.commands,
               "faults": faults}
    print(f"\n== harness long run: seed {args.seed}, {minutes:.1f} minutes, kinds {', '.join(kinds)}")
    print(f"sequences: {RUN.sequences} (and {RUN.replays} replays while shrinking), commands: {RUN.commands}, "
          f"batches: {batches}")
    print(f"distinct faults: {len(faults)}, of them not in tests/harness/open_faults.py: "
          f"{sum(1 for fault in faults.values() if not fault['open fault'])}")
    for index, (signature, fault) in enumerate(sorted(faults.items(), key=lambda f: f[1]["kind"]), start=1):
        note = f", open fault: {fault['open fault']}" if fault["open fault"] else ", NOT in the open faults"
        print(f"\n--- fault {index} ({fault['kind']}, seen {fault['seen']} times, batch seed {fault['seed']}"
              f"{note})\n"
              f"{signature}\n{fault['example']}")
    if args.report:
        args.report.write_text(json.dumps(summary, indent=1, default=str), encoding="utf-8")
        print(f"\nreport: {args.report}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
