#!/usr/bin/env python3
"""Time ``arbiter publish``: a generated Swiss (default 500 players, 11 rounds) and the largest
sample event, published, then published again with nothing changed (which must write no file).

The event is made as an arbiter makes one: ``arbiter trf generate`` (paired round by round by
our Dutch engine) then ``arbiter import``. The figures are the time to load the folder and build
every page (``site_pages``) and to write them (``write_site``), in wall-clock time and in this
process's CPU time (the machine may be shared: the CPU time is what the publish itself costs).

    python scripts/benchmark_publish.py --players 500 --rounds 11
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbiter_cli.events.registry import site_pages
from arbiter_cli.store.site import write_site

ROOT = Path(__file__).resolve().parents[1]
ARBITER = [sys.executable, "-m", "arbiter_cli"]


def publish_twice(folder: Path, outdir: Path, label: str) -> None:
    cpu = time.process_time()
    started = time.perf_counter()
    files = site_pages(folder)
    built = time.perf_counter()
    first = write_site(outdir, files)
    written = time.perf_counter()
    cpu_first = time.process_time() - cpu
    again = write_site(outdir, site_pages(folder))
    repeated = time.perf_counter()
    cpu_again = time.process_time() - cpu - cpu_first
    size = sum(len(data) for data in files.values())
    print(f"{label}: {len(files)} files, {size / 1e6:.1f} MB; build {built - started:.2f} s + write "
          f"{written - built:.2f} s = {written - started:.2f} s ({cpu_first:.2f} s of CPU; {len(first.written)} written); "
          f"re-publish {repeated - written:.2f} s ({cpu_again:.2f} s of CPU), {len(again.written)} written, "
          f"{len(again.removed)} removed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--event", type=Path, help="An event folder made before (skips the generation).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        base = Path(work)
        if args.event is not None:
            publish_twice(args.event, base / "site", f"{args.event.name}")
            return
        trf = base / "event.trf"
        started = time.perf_counter()
        subprocess.run([*ARBITER, "trf", "generate", "-o", str(trf), "--players", str(args.players), "--rounds",
                        str(args.rounds), "--seed", str(args.seed)], check=True)
        subprocess.run([*ARBITER, "import", str(trf), str(base / "event")], check=True, stderr=subprocess.DEVNULL)
        print(f"generated and imported a {args.players}-player, {args.rounds}-round Swiss in "
              f"{time.perf_counter() - started:.1f} s (not counted)")
        publish_twice(base / "event", base / "site", f"{args.players} players x {args.rounds} rounds")
        samples = sorted((p for p in (ROOT / "sample_events").iterdir() if (p / "tournament.toml").is_file()),
                         key=lambda p: sum(f.stat().st_size for f in p.rglob("*") if f.is_file()))
        publish_twice(samples[-1], base / "sample-site", f"largest sample ({samples[-1].name})")


if __name__ == "__main__":
    main()
