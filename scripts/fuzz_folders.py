#!/usr/bin/env python3
"""The long runs of the robustness suites (tests/robustness/): many more inputs than CI tries.

    .venv/bin/python scripts/fuzz_folders.py --examples 5000          # damaged folders, clubs, TRF files
    .venv/bin/python scripts/fuzz_folders.py --kills 1000             # kill -9 inside every writing command
    .venv/bin/python scripts/fuzz_folders.py --parallel-seconds 300   # mixed writers in parallel
    .venv/bin/python scripts/fuzz_folders.py --examples 2000 --kills 500 --parallel-seconds 120

It runs the same tests as CI through pytest, with the environment switching them to the long
run: ``ARBITER_FUZZ_EXAMPLES`` (the hypothesis profile ``arbiter-fuzz-long``: N examples per
property), ``ARBITER_KILLS`` (kills in all, shared among the writing commands), ``ARBITER_PARALLEL_SECONDS`` (seconds
of load). ``ARBITER_ROBUSTNESS_REPORT`` makes the tests record every input they try in a JSON
lines file instead of stopping at the first failure; this script reads it back and prints how
many inputs were tried, how many commands ran, and every distinct failure (with one example
each, and its full detail in the report). It exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "robustness"


def run_suite(label: str, test_file: str, env: dict[str, str], report: Path, extra: list[str]) -> tuple[int, float]:
    print(f"== {label}: pytest {test_file} ({', '.join(f'{k}={v}' for k, v in env.items())})", flush=True)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", str(TESTS / test_file), "-q", "-p", "no:cacheprovider",
                           "-o", "addopts=", *extra],
                          cwd=ROOT, env={**os.environ, **env, "ARBITER_ROBUSTNESS_REPORT": str(report)}, check=False)
    return done.returncode, time.monotonic() - started


def summarise(report: Path, seconds: dict[str, float]) -> int:
    inputs: collections.Counter[str] = collections.Counter()
    commands: collections.Counter[str] = collections.Counter()
    codes: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    known: collections.Counter[str] = collections.Counter()
    failures: collections.Counter[tuple[str, str]] = collections.Counter()
    example: dict[tuple[str, str], tuple[str, str]] = {}
    extra: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    if report.exists():
        for line in report.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            suite = entry["suite"]
            inputs[suite] += 1
            for name, code in entry.get("commands", []):
                commands[suite] += 1
                codes[f"{suite}: {name}"][code] += 1
            for reason in entry.get("known", []):
                known[reason] += 1
            for key, value in entry.get("stats", {}).items():
                extra[suite][key] += value
            for violation in entry["violations"]:
                key = (suite, violation["signature"])
                failures[key] += 1
                example.setdefault(key, (entry["case"], violation["detail"]))
    print()
    print("== summary")
    for suite, count in inputs.items():
        stats = "".join(f", {k}: {v}" for k, v in sorted(extra[suite].items()))
        print(f"{suite}: {count} inputs tried, {commands[suite]} commands run{stats}")
    for label, took in seconds.items():
        print(f"{label}: {took:.0f} s")
    print(f"total: {sum(inputs.values())} inputs, {sum(commands.values())} commands")
    print("exit codes per command:")
    for name in sorted(codes):
        print(f"  {name}: " + ", ".join(f"{code}: {n}" for code, n in sorted(codes[name].items())))
    for reason, count in known.items():
        print(f"allowed state, seen {count} times: {reason}")
    if not failures:
        print("distinct failures: none")
        return 0
    print(f"distinct failures: {len(failures)}")
    for (suite, sig), count in failures.most_common():
        case, detail = example[(suite, sig)]
        print(f"\n[{suite}] {count}x {sig}\n  input: {case[:600]}\n  {detail[:1500]}".replace("\n", "\n  "))
    return 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=0, help="hypothesis examples per fuzz property")
    parser.add_argument("--kills", type=int, default=0, help="kills in all, shared among the writing commands")
    parser.add_argument("--parallel-seconds", type=float, default=0, help="seconds of parallel writers")
    parser.add_argument("--report", type=Path, help="the JSON lines report (default: a temporary file)")
    parser.add_argument("-k", dest="select", help="only the tests matching this pytest -k expression")
    args = parser.parse_args()
    if not (args.examples or args.kills or args.parallel_seconds):
        parser.error("give --examples N, --kills N and/or --parallel-seconds S")
    report = args.report or Path(tempfile.mkdtemp(prefix="arbiter-fuzz-")) / "report.jsonl"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.unlink(missing_ok=True)
    extra = ["-k", args.select] if args.select else []
    seconds: dict[str, float] = {}
    codes = []
    if args.examples:
        code, took = run_suite("fuzzing", "test_fuzz_folders.py", {"ARBITER_FUZZ_EXAMPLES": str(args.examples)},
                               report, extra)
        codes.append(code)
        seconds["fuzzing"] = took
    if args.kills:
        code, took = run_suite("kills", "test_kills.py", {"ARBITER_KILLS": str(args.kills)}, report, extra)
        codes.append(code)
        seconds["kills"] = took
    if args.parallel_seconds:
        code, took = run_suite("parallel writers", "test_parallel_writers.py",
                               {"ARBITER_PARALLEL_SECONDS": str(args.parallel_seconds)}, report, extra)
        codes.append(code)
        seconds["parallel writers"] = took
    print(f"report: {report}")
    found = summarise(report, seconds)
    return 1 if found or any(codes) else 0


if __name__ == "__main__":
    sys.exit(main())
