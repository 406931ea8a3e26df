#!/usr/bin/env python3
"""Time one team Swiss round (C.04.6) for 50, 100, 200 and 400 teams: ours and gacrux's, side by side.

    python scripts/benchmark_team_swiss.py [--sizes 50 100 200 400] [--round 5] [--rounds 9] [--runs 3]

Each input is a random team Swiss of 4 boards made by ``arbiter trf generate --teams`` (Type A,
MP then GP, with forfeits, byes and withdrawals) with the rounds before --round played (cached in
--cache). For each size the script times, in the same run and on the same file, the median of
--runs fresh processes of:

* ``arbiter trf pair FILE`` (the whole command: start-up, reading the file, pairing, printing);
* ``python -m gacrux.pairingchecker -p -i FILE`` (FIDE's engine, the same work);
* our engine alone (``pair_team_round`` on the request, in a fresh process).

and checks that both print the same pairing. It prints figures; it is not a timed test.

The processes run with bytecode written and read (PYTHONDONTWRITEBYTECODE removed, one untimed
warm-up run), as an installed ``arbiter`` and an installed gacrux start.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = """
import sys, time
from arbiter_cli.pairing.team_swiss import pair_team_round
from arbiter_cli.trf.reader import parse_trf
from arbiter_cli.trf.team_swiss import read_team_swiss
file = read_team_swiss(parse_trf(open(sys.argv[1]).read()))
request = file.request(file.paired_rounds + 1)
started = time.perf_counter()
pair_team_round(request)
print(time.perf_counter() - started)
"""


def make_input(size: int, paired: int, rounds: int, cache: Path) -> Path:
    path = cache / f"team_{size}_p{paired}_r{rounds}.trf"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        sys.path.insert(0, str(ROOT / "src"))
        from arbiter_cli.trf.team_generate import TeamSwissShape, generate_team_swiss

        shape = TeamSwissShape(size, 4, rounds, seed=size, forfeit_rate=0.02, bye_rate=0.02, withdraw_rate=0.005,
                               paired=paired)
        path.write_text(generate_team_swiss(shape), encoding="utf-8")
    return path


ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=ENVIRONMENT)
    return time.perf_counter() - started, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 400])
    parser.add_argument("--round", type=int, default=5, help="the round to pair")
    parser.add_argument("--rounds", type=int, default=9, help="the rounds of the event (record 142)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/arbiter-bench-team"))
    args = parser.parse_args()
    arbiter = [sys.executable, str(ROOT / "bin" / "arbiter")]
    print(f"round {args.round} of {args.rounds}, 4 boards, Type A, MP then GP; median of {args.runs} runs")
    print(f"{'teams':>6} {'arbiter trf pair s':>19} {'gacrux -p s':>12} {'ratio':>6} {'our engine s':>13}  same")
    for size in args.sizes:
        path = make_input(size, args.round - 1, args.rounds, args.cache)
        ours, theirs, engine = [], [], []
        same = True
        timed([*arbiter, "trf", "pair", str(path)])  # warm-up: bytecode written
        for _ in range(args.runs):
            seconds, text = timed([*arbiter, "trf", "pair", str(path)])
            ours.append(seconds)
            seconds, output = timed([sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(path)])
            theirs.append(seconds)
            pairs = json.loads(output)["pairingResult"]["pairs"]
            same = same and text.split("\n")[1:-1] == [f"{w} {b}" for w, b in pairs]
            engine.append(float(timed([sys.executable, "-c", ENGINE, str(path)])[1]))
        mine, gacrux = statistics.median(ours), statistics.median(theirs)
        print(f"{size:>6} {mine:>19.2f} {gacrux:>12.2f} {mine / gacrux:>6.2f} {statistics.median(engine):>13.3f}  "
              f"{'yes' if same else 'NO'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
