#!/usr/bin/env python3
"""Cross-check our team tie-breaks against FIDE's engine gacrux on team events our acts generate.

    pip install -e '.[test]'          # gacrux is a test-only extra
    python scripts/team_tiebreak_crosscheck.py [--events 200] [--seed 1] [--jobs 2] [--keep DIR] [-v]

Each event comes from tests/team_events.py (issue 15): a team round robin, single or double, run
through our acts (registration, rosters, pairing, line-ups with reserves and empty boards, board
and match forfeits, corrections, a withdrawal and the half rule, finalising), or a Swiss-like
event with PABs and requested byes. tests/team_crosscheck.py writes it with the product team TRF
writer, asks gacrux's tie-break checker for every value code and for the ranks of the EDE, board
and default lists, and compares them with ``team_standings_of``. It prints, per code, how many
team values are equal; then ``equal: N / M`` (events with every value and rank equal, of those
compared), the ids of the events that differ, the cases left out because gacrux and the C.07
text disagree (each pinned by a named test in tests/oracles/test_gacrux_team_crosscheck.py), and
the codes gacrux's checker failed on. An id rebuilds its event:
``generated_event(seed, index)`` for ``rr-s<seed><index:04>`` and ``swiss-s…``.
Exits 0 only when every compared event is equal.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from team_crosscheck import Checked, cross_check  # noqa: E402
from team_events import generated_event  # noqa: E402


def check_one(job: tuple[int, int, str]) -> tuple[Checked, frozenset[str]]:
    seed, index, folder = job
    generated = generated_event(seed, index)
    return cross_check(generated, Path(folder)), generated.features


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="keep the generated team files in this folder")
    parser.add_argument("-v", "--verbose", action="store_true", help="show each value that differs")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="team-crosscheck-"))
    folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    jobs = [(args.seed, index, str(folder)) for index in range(args.events)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(check_one, jobs, chunksize=4))
    compared: Counter[str] = Counter()
    equal: Counter[str] = Counter()
    features: Counter[str] = Counter()
    left_out: Counter[str] = Counter()
    whole = []
    for checked, kinds in results:
        compared.update(checked.compared)
        equal.update(checked.equal)
        features.update(kinds)
        left_out.update(checked.left_out)
        if not checked.compared:
            whole.append(checked.event)
    for code in compared:  # team values (ranks) equal, of those compared
        print(f"{code:<26} equal: {equal[code]} / {compared[code]}")
    checked_events = [c for c, _ in results if c.compared]
    differ = [c for c in checked_events if c.differences]
    print(f"equal: {len(checked_events) - len(differ)} / {len(checked_events)} events "
          f"({len(results)} generated, {time.perf_counter() - started:.0f} s)")
    print("generated: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    for checked in differ:
        print(f"  differs: {checked.event}: " + ", ".join(sorted({d.code for d in checked.differences})))
        if args.verbose:
            for d in checked.differences:
                print(f"    {d.code} team {d.team}: ours {d.ours}, gacrux {d.theirs}")
    for reason, count in left_out.most_common():
        print(f"  left out ({count} events): {reason}")
    if whole:
        print(f"  not compared at all: {', '.join(whole)}")
    for checked, _ in results:
        if checked.failed:
            print(f"  gacrux failed: {checked.event}: {', '.join(checked.failed)}")
    return 0 if not differ else 1


if __name__ == "__main__":
    sys.exit(main())
