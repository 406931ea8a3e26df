#!/usr/bin/env python3
"""Cross-check our Dutch pairings against FIDE's own Python engine, gacrux.

    pip install -e '.[test]'          # gacrux is a test-only extra
    python scripts/gacrux_crosscheck.py [--sizes 9 16 30 63 100 250 1000] [--events 3] [--seed 1]

For each size it generates events with ``arbiter trf generate``'s generator (our
engine pairs every round; random results, forfeits and half-point byes), then asks
gacrux's pairing checker (``python -m gacrux.pairingchecker -c``) to pair every
round again and compare with the file. It prints, per size, how many rounds gacrux
pairs identically (the same pairs, colours and bye), and names each round that
differs. gacrux is never our engine: it is an independent oracle, as bbpPairings'
corpus is (scripts/dutch_corpus.py). It prints figures; it is not a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arbiter_cli.trf.generate import generate_tournament  # noqa: E402


def rounds_for(players: int) -> int:
    """Enough rounds to build real score groups, few enough to stay pairable."""
    return min(9, max(3, players // 2))


def gacrux_check(path: Path) -> list[tuple[int, bool]]:
    """(round, identical) for every paired round of a TRF, by gacrux's checker."""
    # gacrux's report holds its matching weights, which pass Python's 4300-digit limit on
    # printing integers from about 2000 players; lift the limit for its process.
    environment = dict(os.environ, PYTHONINTMAXSTRDIGITS="0")
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-c", "-i", str(path)],
                          capture_output=True, text=True, check=False, env=environment)
    sys.set_int_max_str_digits(0)  # (the same digits, read back)
    try:
        answer = json.loads(done.stdout)
        rounds = answer["pairingResult"]["roundpairing"]
    except (ValueError, KeyError) as error:
        raise RuntimeError(f"gacrux could not check {path.name}: {done.stdout[-400:]}{done.stderr[-400:]}") from error
    return [(entry["round"], bool(entry["check"])) for entry in rounds]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 30, 63, 100, 250])
    parser.add_argument("--events", type=int, default=3, help="events per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep the generated files in this folder")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="gacrux-check-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'players':>8} {'events':>7} {'rounds':>7} {'identical':>10} {'seconds':>8}")
    all_same = True
    for size in args.sizes:
        started = time.perf_counter()
        checked = same = 0
        for event in range(args.events):
            seed = args.seed * 1000 + size * 10 + event
            path = folder / f"gen_{size}_{seed}.trf"
            path.write_text(generate_tournament(size, rounds_for(size), seed, 0.3, 0.03, 0.03), encoding="utf-8")
            for number, identical in gacrux_check(path):
                checked += 1
                same += identical
                if not identical:
                    all_same = False
                    print(f"  differs: {path.name} round {number}")
        print(f"{size:>8} {args.events:>7} {checked:>7} {same:>10} {time.perf_counter() - started:>8.1f}", flush=True)
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
