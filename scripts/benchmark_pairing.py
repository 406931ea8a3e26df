#!/usr/bin/env python3
"""Time Dutch rounds for growing fields, beside FIDE's Python engine: wall time and peak memory.

    python scripts/benchmark_pairing.py [--sizes 100 250 500 1000 2000] [--pair-rounds 2 5 9] [--rounds 9]
                                        [--timeout 900] [--command-runs 7] [--no-gacrux]

Each input is a random event of --rounds rounds made by ``arbiter trf generate``, cut
before each round of --pair-rounds (cached in --cache). The benchmark pairs that round in
a fresh process, and has gacrux (``python -m gacrux.pairingchecker -p``, the test extra)
pair the same file in the same run, and prints one table with the ratio (ours / gacrux)
and whether the two pairings are identical. Round 2 of a big open, where half the field
shares one score group, is the hard one. Then it times the whole ``arbiter pair`` command,
start-up included, on a 24-player Swiss after 4 rounds (the median of --command-runs runs,
each on a fresh copy of the folder). It is a script that prints figures, not a timed test.

Start-up depends on compiled bytecode: ``pip install .`` writes it, but an editable
install under ``PYTHONDONTWRITEBYTECODE=1`` compiles every module at each start.
"""

from __future__ import annotations

import argparse
import json
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
result = pair_round(request)
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
for white, black in result.pairs:
    print(white, black)
if result.bye is not None:
    print(result.bye, 0)
"""


GACRUX = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", sys.argv[1], "-p", "-m", "dutch",
                       "-t", sys.argv[2]], capture_output=True, text=True)
wall = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
try:
    pairs = json.loads(done.stdout)["pairingResult"]["pairs"]
except (ValueError, KeyError, TypeError):
    pairs = None
print(json.dumps({"wall": wall, "peak": peak, "pairs": pairs}))
"""


def make_input(size: int, rounds: int, cut: int, cache: Path) -> Path:
    """A random event of ``size`` players, cut before round ``cut`` (rounds 1..cut-1 played)."""
    path = cache / f"bench_{size}_r{cut}.trf"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        played = cache / f"bench_{size}_played{cut - 1}.trf"
        subprocess.run([sys.executable, "-m", "arbiter_cli", "trf", "generate", "-o", str(played),
                        "--players", str(size), "--rounds", str(cut - 1), "--seed", str(size)], check=True)
        text = played.read_text().replace(f"XXR {cut - 1}", f"XXR {rounds}")
        path.write_text(text)
    return path


def _ours(source: Path, timeout: float) -> tuple[float, float, float, list[tuple[int, int]]] | None:
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-c", PAIR, str(source)], capture_output=True, text=True,
                              timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - started
    first, *pairs = done.stdout.split("\n")
    pairing, peak_kb = first.split()
    return wall, float(pairing), int(peak_kb) / 1024, [tuple(map(int, p.split())) for p in pairs if p.strip()]


def _gacrux(source: Path, timeout: float) -> tuple[float, float, list[tuple[int, int]] | None] | None:
    from arbiter_cli.trf import parse_trf

    colour = parse_trf(source.read_text()).initial_colour or "w"
    try:
        done = subprocess.run([sys.executable, "-c", GACRUX, str(source), colour], capture_output=True, text=True,
                              timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    found = json.loads(done.stdout)
    pairs = [tuple(p) for p in found["pairs"]] if found["pairs"] is not None else None
    return found["wall"], found["peak"] / 1024, pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 250, 500, 1000, 2000])
    parser.add_argument("--pair-rounds", type=int, nargs="+", default=[2, 5, 9])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/arbiter-bench"))
    parser.add_argument("--command-runs", type=int, default=7, help="0: skip the command timing")
    parser.add_argument("--no-gacrux", action="store_true", help="time our engine only")
    args = parser.parse_args()
    print(f"{'players':>8} {'round':>5} {'wall s':>9} {'pairing s':>10} {'peak MB':>9} {'gacrux s':>9} "
          f"{'gacrux MB':>10} {'ratio':>6} {'same':>5}")
    for size in args.sizes:
        for cut in args.pair_rounds:
            source = make_input(size, args.rounds, cut, args.cache)
            ours = _ours(source, args.timeout)
            theirs = None if args.no_gacrux else _gacrux(source, args.timeout)
            row = f"{size:>8} {cut:>5} "
            row += (f"{ours[0]:>9.2f} {ours[1]:>10.2f} {ours[2]:>9.0f} " if ours else
                    f"{'> ' + str(int(args.timeout)):>9} {'':>10} {'':>9} ")
            if theirs is not None:
                row += f"{theirs[0]:>9.2f} {theirs[1]:>10.0f} "
                row += f"{ours[0] / theirs[0]:>6.2f} " if ours else f"{'':>6} "
                same = ours is not None and theirs[2] is not None and sorted(ours[3]) == sorted(theirs[2])
                row += f"{'yes' if same else 'no':>5}"
            elif not args.no_gacrux:
                row += f"{'> ' + str(int(args.timeout)):>9}"
            print(row, flush=True)
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
