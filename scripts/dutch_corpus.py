#!/usr/bin/env python3
"""Pair every case of the bbpPairings corpus and compare with bbp's output.

    python scripts/dutch_corpus.py [--shared ../shared] [--size N] [--limit K] [--jobs J] [-v] [--progress]

Prints ``identical: N / TOTAL`` and the ids of the cases that differ. Exits 0
only when every case is identical.

Each case is paired as ``arbiter trf pair`` pairs it: the file read once, imported (with the
importer's checks), and the next round paired from the imported event
(:func:`arbiter_cli.trf.swiss.next_round`, the request ``arbiter pair`` makes), its pairs written
back in the file's starting ranks.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arbiter_cli.pairing.dutch import NoValidPairing, pair_round  # noqa: E402
from arbiter_cli.trf import parse_trf  # noqa: E402
from arbiter_cli.trf.engine_output import format_pairs, parse_pairs  # noqa: E402
from arbiter_cli.trf.importer import import_trf  # noqa: E402
from arbiter_cli.trf.swiss import next_round  # noqa: E402


def run_case(trf_path: str) -> tuple[str, bool, str, float]:
    path = Path(trf_path)
    expected = path.with_suffix(".expected").read_text()
    started = time.perf_counter()
    try:
        trf = parse_trf(path.read_bytes().decode("utf-8", errors="replace"))
        wanted = next_round(trf, import_trf(trf, name=path.stem, for_folder=True))
        result = pair_round(wanted.request)
        got = format_pairs(*wanted.in_file(result.pairs, result.bye))
    except NoValidPairing as error:
        got = f"no valid pairing: {error}\n"
    except Exception as error:  # noqa: BLE001 - report and go on
        got = f"error: {type(error).__name__}: {error}\n"
    elapsed = time.perf_counter() - started
    try:
        same = parse_pairs(got) == parse_pairs(expected)
    except ValueError:
        same = False
    return path.stem, same, got, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"))
    parser.add_argument("--size", type=int, action="append", help="only this field size (repeatable)")
    parser.add_argument("--limit", type=int, help="at most this many cases")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--engine-tests", action="store_true", help="the realdata/engine-tests cases instead")
    parser.add_argument("--corpus", default="dutch-2026", help="the corpus folder under corpus/: dutch-2026 "
                        "(default), dutch-2026-points, dutch-2026-baku or dutch-2026-forbidden")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each difference")
    parser.add_argument("--progress", action="store_true", help="print each case as it finishes")
    args = parser.parse_args()
    if args.engine_tests:
        folder = Path(args.shared) / "realdata" / "engine-tests"
    else:
        folder = Path(args.shared) / "corpus" / args.corpus / "cases"
    cases = sorted(str(p) for p in folder.glob("*.trf"))
    if not cases:
        print(f"no cases in {folder}", file=sys.stderr)
        return 2
    if args.size:
        cases = [c for c in cases if int(re.search(r"n(\d{4})_", Path(c).name).group(1)) in args.size]
    if args.limit:
        cases = cases[: args.limit]
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(run_case, cases, chunksize=1):
            results.append(result)
            if args.progress:
                print(f"{'same' if result[1] else 'DIFFERS'} {result[0]} {result[3]:.2f} s", flush=True)
    differ = [r for r in results if not r[1]]
    for name, _, got, _ in differ:
        print(f"differs: {name}")
        if args.verbose:
            expected = (folder / f"{name}.expected").read_text()
            print("  expected: " + " | ".join(expected.split("\n")[1:]).strip())
            print("  got:      " + " | ".join(got.split("\n")[1:]).strip())
    slowest = max(results, key=lambda r: r[3])
    print(f"identical: {len(results) - len(differ)} / {len(results)}")
    print(f"time: {time.perf_counter() - started:.1f} s; slowest case {slowest[0]} {slowest[3]:.2f} s",
          file=sys.stderr)
    return 0 if not differ else 1


if __name__ == "__main__":
    sys.exit(main())
