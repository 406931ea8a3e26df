#!/usr/bin/env python3
"""Time ``arbiter team card`` (every team), ``team card --print`` and ``team boards`` on a large
team event (issue 25, fault 8: ``team card`` of 180 teams took 20 s where ``--print`` took 0.7 s).

The event is made as an arbiter makes one: ``arbiter trf generate --teams N`` (a team Swiss paired
round by round by our C.04.6 engine) then ``arbiter import``. Each command runs in this process
with its output to a string, as many times as asked; the figures are the best wall-clock and CPU
times (the machine may be shared: the CPU time is what the command costs). ``--event`` times a
team folder made before.

    python scripts/benchmark_team_cards.py --teams 180 --boards 4 --rounds 9
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

from arbiter_cli.cli.app import main as arbiter


def run(*args: object) -> str:
    """``arbiter ARGS`` in this process; its stdout."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            arbiter([str(a) for a in args])
        except SystemExit as done:
            if done.code:
                raise RuntimeError(f"arbiter {' '.join(map(str, args))}: exit {done.code}") from None
    return out.getvalue()


def timed(label: str, repeat: int, *args: object) -> None:
    best_wall = best_cpu = float("inf")
    size = 0
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        size = len(run(*args))
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    print(f"{label:<22} {best_wall:6.2f} s wall, {best_cpu:6.2f} s CPU (best of {repeat}), {size / 1e3:,.0f} kB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=180)
    parser.add_argument("--boards", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--event", type=Path, help="A team folder made before (skips the generation).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        folder = args.event
        if folder is None:
            trf, folder = Path(work) / "event.trf", Path(work) / "event"
            run("trf", "generate", "-o", trf, "--teams", args.teams, "--boards", args.boards, "--rounds",
                args.rounds, "--seed", args.seed)
            run("import", trf, folder)
        print(f"{folder}: {args.teams} teams of {args.boards} boards, {args.rounds} rounds "
              f"(python {sys.version.split()[0]})")
        timed("team card", args.repeat, "-d", folder, "team", "card")
        timed("team card --print", args.repeat, "-d", folder, "team", "card", "--print")
        timed("team card -f csv", args.repeat, "-d", folder, "team", "card", "--format", "csv")
        timed("team boards", args.repeat, "-d", folder, "team", "boards")


if __name__ == "__main__":
    main()
