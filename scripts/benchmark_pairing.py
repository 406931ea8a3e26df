#!/usr/bin/env python3
"""Time one Dutch round for growing fields: wall time and peak memory.

    python scripts/benchmark_pairing.py [--sizes 100 250 500 1000 2000] [--rounds 9] [--timeout 900]
                                        [--command-runs 7]

Each input is a random event made by ``arbiter trf generate`` with 8 played rounds
(cached in --cache); the benchmark pairs round 9 in a fresh process and prints a
table. Then it times the whole ``arbiter pair`` command, start-up included, on a
24-player Swiss after 4 rounds (the median of --command-runs runs, each on a fresh
copy of the folder). It is a script that prints figures, not a timed test.

Start-up depends on compiled bytecode: ``pip install .`` writes it, but an editable
install under ``PYTHONDONTWRITEBYTECODE=1`` compiles every module at each start.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIR = """
import sys, time, resource
from arbiter_cli.pairing.dutch import pair_round
from arbiter_cli.trf import parse_trf
from arbiter_cli.trf.swiss import request_from_trf
request = request_from_trf(parse_trf(open(sys.argv[1]).read()))
started = time.perf_counter()
pair_round(request)
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def make_input(size: int, rounds: int, cache: Path) -> Path:
    path = cache / f"bench_{size}_r{rounds}.trf"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        played = cache / f"bench_{size}_played.trf"
        subprocess.run([sys.executable, "-m", "arbiter_cli", "trf", "generate", "-o", str(played),
                        "--players", str(size), "--rounds", str(rounds - 1), "--seed", str(size)], check=True)
        text = played.read_text().replace(f"XXR {rounds - 1}", f"XXR {rounds}")
        path.write_text(text)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 250, 500, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/arbiter-bench"))
    parser.add_argument("--command-runs", type=int, default=7, help="0: skip the command timing")
    args = parser.parse_args()
    print(f"{'players':>8} {'wall s':>9} {'pairing s':>10} {'peak MB':>9}")
    for size in args.sizes:
        source = make_input(size, args.rounds, args.cache)
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-c", PAIR, str(source)], capture_output=True, text=True,
                                  timeout=args.timeout, check=True)
        except subprocess.TimeoutExpired:
            print(f"{size:>8} {'> ' + str(int(args.timeout)):>9}")
            continue
        wall = time.perf_counter() - started
        pairing, peak_kb = done.stdout.split()
        print(f"{size:>8} {wall:>9.2f} {float(pairing):>10.2f} {int(peak_kb) / 1024:>9.0f}", flush=True)
    if args.command_runs:
        print(f"arbiter pair, 24 players, round 5 (median of {args.command_runs}): "
              f"{command_time(args.cache, args.command_runs):.2f} s wall")
    return 0


def command_time(cache: Path, runs: int) -> float:
    """Median wall time of the ``arbiter pair`` command (this Python's ``arbiter``)."""
    arbiter = Path(sys.executable).with_name("arbiter")
    event = cache / "cli_24"
    if not event.exists():
        source = cache / "cli_24.trf"
        subprocess.run([str(arbiter), "trf", "generate", "-o", str(source), "--players", "24",
                        "--rounds", "4", "--seed", "24"], check=True, capture_output=True)
        source.write_text(source.read_text().replace("XXR 4", "XXR 7"))
        subprocess.run([str(arbiter), "import", str(source), str(event)], check=True, capture_output=True)
    times = []
    for _ in range(runs):
        copy = cache / "cli_24_run"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(event, copy)
        started = time.perf_counter()
        subprocess.run([str(arbiter), "-d", str(copy), "pair"], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


if __name__ == "__main__":
    sys.exit(main())
