#!/usr/bin/env python3
"""Time ``arbiter lists load`` and lookups on a full-size FIDE list (issue 27).

It writes a list of ``--players`` players (1.2 million by default, about FIDE's monthly combined
list) in FIDE's fixed-width TXT form (``players_list_foa.txt``, the header and column widths of
FIDE's file) and in its XML form (``players_list_xml_foa.xml``), into a scratch folder, then
times, each into its own data folder (``ARBITER_DATA_DIR``):

* ``arbiter lists load`` of each form (target: under 60 s);
* a lookup by FIDE ID and by name, in the process (the time a command such as ``player add
  --fide-id`` spends on it, the index opened each time; target: under 50 ms), and as the wall time
  of ``arbiter lists find`` run as a command, beside ``arbiter --version`` (the start-up every
  command pays, which no lookup can save).

    .venv/bin/python scripts/benchmark_lists.py                 # 1.2 million players, TXT and XML
    .venv/bin/python scripts/benchmark_lists.py --players 100000 --forms txt

It prints one table: each load's wall time, with its CPU time and the machine's load average when
it started (the wall time of a machine shared with other work is longer than its CPU time). The
generated files are removed at the end unless ``--keep DIR``; ``--lists DIR`` times the lists
already in DIR (written by an earlier ``--keep DIR``) instead of writing them again.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from arbiter_cli.ratings.fide_list import ListRecord, txt_lines, xml_lines  # noqa: E402
from arbiter_cli.store import rating_lists  # noqa: E402

FEDERATIONS = ("GER", "FRA", "ESP", "IND", "USA", "RUS", "NED", "ITA", "POL", "ENG", "GRE", "TUR", "IRI", "CZE", "HUN")
SURNAMES = ("Schmidt", "Muller", "Garcia", "Kumar", "Smith", "Ivanov", "de Vries", "Rossi", "Kowalski", "Brown",
            "Papadopoulos", "Yilmaz", "Hosseini", "Novak", "Nagy", "Martin", "Bernard", "Lopez", "Singh", "Jones")
GIVEN = ("Anna", "Peter", "Maria", "Rahul", "John", "Olga", "Jan", "Luca", "Piotr", "Emma", "Nikos", "Ayse", "Ali",
         "Petr", "Zsofia", "Lucas", "Chloe", "Pablo", "Priya", "Tom")
TITLES = ("", "", "", "", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM", "WFM", "WIM", "WGM")

#: The player every lookup asks for (its FIDE ID and name are written into the list).
PROBE_ID = 1503014
PROBE_NAME = "Carlsen, Magnus"


def players(count: int, seed: int) -> Iterator[ListRecord]:
    """``count`` players of a plausible list, the probe among them."""
    generator = random.Random(seed)
    for index in range(count):
        fide_id = PROBE_ID if index == count // 2 else 100_000_000 + index * 7
        name = PROBE_NAME if fide_id == PROBE_ID else \
            f"{generator.choice(SURNAMES)}{index % 997 or ''}, {generator.choice(GIVEN)}"
        title = generator.choice(TITLES)
        rated = [generator.choice((None, generator.randint(1000, 2800))) for _ in range(3)]
        yield ListRecord(fide_id, name, generator.choice(FEDERATIONS), "F" if generator.random() < 0.12 else "M",
                         "" if title.startswith("W") else title, title if title.startswith("W") else "",
                         standard_rating=rated[0], standard_games=0 if rated[0] else None,
                         standard_k=20 if rated[0] else None, rapid_rating=rated[1],
                         rapid_games=0 if rated[1] else None, rapid_k=20 if rated[1] else None,
                         blitz_rating=rated[2], blitz_games=0 if rated[2] else None,
                         blitz_k=20 if rated[2] else None,
                         birth_year=generator.choice((None, generator.randint(1930, 2018))),
                         flag=generator.choice(("", "", "i", "w", "wi")))


def write(path: Path, lines: Iterator[str]) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.writelines(lines)


def timed(action: Callable[[], object], times: int = 1) -> float:
    """The median seconds of ``action`` run ``times`` times."""
    seconds = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def arbiter(*args: str, env: dict[str, str]) -> None:
    subprocess.run([str(ROOT / ".venv" / "bin" / "arbiter"), *args], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--forms", default="txt,xml", help="txt, xml or both (default)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--keep", type=Path, help="write the lists here and keep them")
    parser.add_argument("--lists", type=Path, help="time the lists an earlier --keep wrote here")
    options = parser.parse_args()
    scratch = options.lists or options.keep or Path(tempfile.mkdtemp(prefix="arbiter-lists-"))
    scratch.mkdir(parents=True, exist_ok=True)
    table: list[tuple[str, str, str, str]] = []
    try:
        started = time.perf_counter()
        files = {}
        for form in options.forms.split(","):
            path = scratch / ("players_list_foa.txt" if form == "txt" else "players_list_xml_foa.xml")
            if options.lists is None:
                records = players(options.players, options.seed)
                write(path, txt_lines(records) if form == "txt" else xml_lines(records))
            files[form] = path
        print(f"{'generated' if options.lists is None else 'found'} {options.players:,} players in {time.perf_counter() - started:.1f} s "
              f"({', '.join(f'{p.name} {p.stat().st_size / 1e6:.0f} MB' for p in files.values())})", file=sys.stderr)
        for form, path in files.items():
            data = scratch / f"data-{form}"
            env = {**os.environ, rating_lists.DATA_DIR_VARIABLE: str(data)}
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            load = os.getloadavg()[0]
            seconds = timed(lambda: arbiter("lists", "load", str(path), env=env))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            table.append((f"arbiter lists load ({form.upper()}, {options.players:,} players)",
                          f"{seconds:.1f} s ({cpu:.1f} s CPU, load {load:.1f})", "< 60 s",
                          "yes" if seconds < 60 else "NO"))
        form = next(iter(files))
        os.environ[rating_lists.DATA_DIR_VARIABLE] = str(scratch / f"data-{form}")

        def by_id() -> None:
            with rating_lists.open_lists() as index:
                assert index.by_fide_id(PROBE_ID) is not None

        def by_name() -> None:
            with rating_lists.open_lists() as index:
                assert index.search("Carlsen, Magnus")

        def by_start() -> None:
            with rating_lists.open_lists() as index:
                assert index.search("magnus carl")

        for label, action in (("lookup by FIDE ID, in process", by_id), ("lookup by name, in process", by_name),
                              ("lookup by the start of a name, given name first, in process", by_start)):
            seconds = timed(action, 20)
            table.append((label, f"{seconds * 1000:.1f} ms", "< 50 ms", "yes" if seconds < 0.05 else "NO"))
        env = {**os.environ}
        start_up = timed(lambda: arbiter("--version", env=env), 5)
        for label, query in (("arbiter lists find ID, wall", str(PROBE_ID)), ("arbiter lists find NAME, wall",
                                                                            PROBE_NAME)):
            seconds = timed(lambda: arbiter("lists", "find", query, env=env), 5)
            table.append((label, f"{seconds * 1000:.0f} ms", f"start-up + < 50 ms",
                          "yes" if seconds - start_up < 0.05 else "NO"))
        table.append(("arbiter --version, wall (the start-up of any command)", f"{start_up * 1000:.0f} ms", "", ""))
    finally:
        if options.keep is None and options.lists is None:
            shutil.rmtree(scratch, ignore_errors=True)
    widths = [max(len(row[i]) for row in [("what", "time", "target", "met"), *table]) for i in range(4)]
    for row in [("what", "time", "target", "met"), *table]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())


if __name__ == "__main__":
    main()
