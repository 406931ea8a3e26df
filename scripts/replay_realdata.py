"""Replay real Swiss events round by round through a tournament folder, as an arbiter would.

Each event of ``../shared/realdata`` (the French sections, the lichess Swisses and the Gros open)
is read once with ``arbiter import`` into a reference folder. A new folder is then driven from
nothing with the commands an arbiter types, through the bulk paths:

* ``new`` (the no-show rule off: these events had none) and one ``player import``;
* each round: ``player withdraw --from`` for the players who stopped, ``bye --from`` for the
  round's requested byes, ``pair --from`` with the real pairing (the events were paired by other
  programs, often with the French accelerations; where the real round breaks an absolute criterion,
  a rematch or an absolute colour, ``pair --from`` refuses it and the driver gives it again with
  ``--force --reason``, as an arbiter would, and names it), and one ``result R --from`` of
  ``WHITE BLACK RESULT`` lines.

The no-show rule is off (these events had none): ``scripts/replay_absences.py`` replays the same
files under the federation's rule, reinstating the players it withdrew who played on.

Checks, counted apart from the driving commands, on every round:

* ``arbiter pair`` on a scratch copy of the folder against ``bbpPairings --dutch`` on the
  folder's own export (when ``bbpPairings`` is on PATH): identical pairs and PAB;
* at the end, ``verify``, and each player's points against the reference folder's standings.

Usage::

    .venv/bin/python scripts/replay_realdata.py              # every event, one table
    .venv/bin/python scripts/replay_realdata.py --only avoine -v
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "realdata"
ARBITER = [sys.executable, "-m", "arbiter_cli"]
PLAYER_FIELDS = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "club")


def events(shared: Path) -> list[Path]:
    """The real events: the French sections (two are round robins, which the replay names and
    leaves out) and five Swisses from other programs."""
    found = sorted((shared / "french-events").glob("*.trf"))
    found += [shared / "trf" / name for name in ("2021_03.trf", "2020_06.trf", "lichess-j8rtJ5GL-112p.trf",
                                                 "gros-2010-after-r4.trf", "example_trf16.trf")]
    return found


@dataclass
class Tally:
    """What one event's replay did."""

    name: str
    players: int = 0
    rounds: int = 0
    drive: Counter[str] = field(default_factory=Counter)
    check: Counter[str] = field(default_factory=Counter)
    bbp_same: int = 0
    bbp_rounds: int = 0
    bbp_failed: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)  # rounds the real event paired against an absolute criterion
    points_same: bool = False
    verify: bool = False
    error: str = ""
    seconds: float = 0.0


class Driver:
    """Runs ``arbiter`` on one folder and counts each command as driving or checking."""

    def __init__(self, folder: Path, tally: Tally, verbose: bool) -> None:
        self.folder = folder
        self.tally = tally
        self.verbose = verbose
        self.refused = ""  # the error line of the last command allowed to be refused


    def run(self, kind: str, *args: str, stdin: str | None = None, folder: Path | None = None,
            allowed: bool = False) -> str:
        where = folder or self.folder
        command = [*ARBITER, "-d", str(where), *args]
        done = subprocess.run(command, input=stdin, capture_output=True, text=True, check=False,
                              env=dict(os.environ, ARBITER_USER="replay", NO_COLOR="1", COLUMNS="200"))
        counter = self.tally.drive if kind == "drive" else self.tally.check
        counter[args[0] if args[0] != "player" else f"player {args[1]}"] += 1
        if self.verbose:
            print(f"  [{kind}] arbiter {' '.join(args)} -> {done.returncode}", file=sys.stderr)
        self.refused = done.stderr.strip().splitlines()[-1][:200] if done.returncode == 4 and allowed else ""
        if done.returncode != 0 and not (allowed and done.returncode == 4):
            raise RuntimeError(f"arbiter {' '.join(args)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
        return done.stdout


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def csv_of(rows: list[dict[str, str]], fields: tuple[str, ...]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for row in rows:
        writer.writerow([row.get(name, "") for name in fields])
    return out.getvalue()


def bbp_pairs(trf: Path) -> tuple[set[tuple[int, int]], int | None] | str:
    """bbpPairings' pairing of the file's next round: the pairs and the PAB."""
    out = trf.with_suffix(".bbp")
    done = subprocess.run(["bbpPairings", "--dutch", str(trf), "-p", str(out)], capture_output=True, text=True,
                          check=False, timeout=1800)
    if done.returncode != 0:
        return f"bbp exits {done.returncode}: {(done.stdout + done.stderr).strip()[-200:]}"
    pairs: set[tuple[int, int]] = set()
    bye = None
    for line in out.read_text().splitlines()[1:]:
        white, black = (int(x) for x in line.split())
        if black == 0:
            bye = white
        else:
            pairs.add((white, black))
    return pairs, bye


def our_pairs(rows: list[dict[str, object]]) -> tuple[set[tuple[int, int]], int | None]:
    pairs: set[tuple[int, int]] = set()
    bye = None
    for row in rows:
        white, black = row.get("white"), row.get("black")
        if isinstance(white, dict):  # a player as {start_number, name, ...}
            white = white.get("start_number")
        if isinstance(black, dict):
            black = black.get("start_number")
        if black in (None, "", 0):
            if str(row.get("result", "")).upper() == "PAB":
                bye = int(str(white))
        else:
            pairs.add((int(str(white)), int(str(black))))
    return pairs, bye


def replay(trf: Path, work: Path, verbose: bool, bbp: bool) -> Tally:
    tally = Tally(trf.stem)
    started = time.perf_counter()
    reference = work / "reference"
    folder = work / "event"
    driver = Driver(folder, tally, verbose)
    try:
        done = subprocess.run([*ARBITER, "import", str(trf), str(reference)], capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            raise RuntimeError(f"import: {done.stderr.strip()[-300:]}")
        settings = tomllib.loads((reference / "tournament.toml").read_text(encoding="utf-8"))
        if settings["system"] != "swiss":
            raise RuntimeError(f"not a Swiss ({settings['system']})")
        players = read_rows(reference / "players.csv")
        tally.players = len(players)
        round_files = sorted((reference / "rounds").glob("*.csv"))
        tally.rounds = len(round_files)
        rounds = [read_rows(path) for path in round_files]

        new = ["new", str(folder), "--name", settings["name"], "--system", "swiss",
               "--rounds", str(settings.get("rounds") or tally.rounds), "--no-show-rule", "off",
               "--initial-colour", str(settings.get("initial_colour", "white"))]
        scoring = settings.get("scoring", {})
        if scoring and (scoring.get("win"), scoring.get("draw"), scoring.get("loss")) != (1, 0.5, 0):
            new += ["--scoring", f"{scoring['win']},{scoring['draw']},{scoring['loss']}"]
        subprocess.run([*ARBITER, *new], capture_output=True, text=True, check=True)
        tally.drive["new"] += 1
        driver.run("drive", "player", "import", "-", stdin=csv_of(players, PLAYER_FIELDS))

        # The reference's start numbers -> ours (C.04.2 numbering may order equal ratings otherwise).
        listed: list[dict[str, object]] = json.loads(driver.run("check", "player", "list", "-f", "json"))
        ours_of: dict[str, int] = {}
        by_key: dict[tuple[str, str, str, str], list[int]] = {}
        for p in listed:
            key = (str(p["name"]), str(p.get("fide_id") or ""), str(p.get("rating") or ""),
                   str(p.get("birth_date") or ""))
            by_key.setdefault(key, []).append(int(str(p["start_number"])))
        for row in players:  # a player registered twice (as in one real event) takes the next number
            key = (row["name"], row["fide_id"], row["rating"] if row["rating"] not in ("", "0") else "",
                   row["birth_date"])
            if not by_key.get(key):
                raise RuntimeError(f"player {row['name']} not found after import")
            ours_of[row["start_number"]] = by_key[key].pop(0)

        def us(ref: str) -> str:
            return str(ours_of[ref])

        playing_to: dict[str, int] = {}  # each reference player's last round with a game or PAB/HPB
        for index, rows in enumerate(rounds, start=1):
            for row in rows:
                if row["black"] or row["result"] in ("PAB", "HPB", "FPB"):
                    playing_to[row["white"]] = index
                    if row["black"]:
                        playing_to[row["black"]] = index
        withdrawn: set[str] = set()
        for index, rows in enumerate(rounds, start=1):
            leaving = [p["start_number"] for p in players
                       if p["start_number"] not in withdrawn and playing_to.get(p["start_number"], 0) < index]
            if leaving:
                withdrawn.update(leaving)
                driver.run("drive", "player", "withdraw", "--from", "-",
                           stdin="".join(f"{us(p)} {index - 1}\n" for p in leaving))
            byes = [(row["white"], row["result"]) for row in rows
                    if not row["black"] and row["result"] in ("HPB", "ZPB") and row["white"] not in withdrawn]
            if byes:
                driver.run("drive", "bye", "--from", "-", stdin="".join(
                    f"{us(p)} {index} {'half' if kind == 'HPB' else 'zero'}\n" for p, kind in byes))
            if bbp and index > 1:
                check_round(driver, work, index)
            lines = [f"{us(r['white'])} {us(r['black'])}\n" for r in rows if r["black"]]
            lines += [f"{us(r['white'])} 0\n" for r in rows if not r["black"] and r["result"] == "PAB"]
            driver.run("drive", "pair", "--from", "-", stdin="".join(lines), allowed=True)
            if driver.refused:  # the real event broke an absolute criterion (its program's rules, or a mistake):
                tally.forced.append(f"r{index}: {driver.refused}")  # taken on the arbiter's word (C.04.1)
                driver.run("drive", "pair", "--from", "-", "--force", "--reason", "as paired in the real event",
                           stdin="".join(lines))
            results = [f"{us(r['white'])} {us(r['black'])} {r['result']}\n" for r in rows if r["black"] and r["result"]]
            if results:
                driver.run("drive", "result", str(index), "--from", "-", stdin="".join(results))
        driver.run("check", "verify")
        tally.verify = True
        tally.points_same = same_points(driver, reference, ours_of)
    except (RuntimeError, subprocess.CalledProcessError, KeyError, ValueError) as problem:
        tally.error = str(problem).splitlines()[0][:300] if str(problem) else type(problem).__name__
    tally.seconds = time.perf_counter() - started
    return tally


def check_round(driver: Driver, work: Path, index: int) -> None:
    """``arbiter pair`` on a copy of the folder against bbpPairings on the folder's export."""
    scratch = work / f"scratch{index}"
    shutil.copytree(driver.folder, scratch)
    trf = work / f"before{index}.trf"
    driver.run("check", "export", "-o", str(trf), folder=scratch)
    ours = our_pairs(json.loads(driver.run("check", "pair", "-f", "json", folder=scratch)) or [])
    theirs = bbp_pairs(trf)
    driver.tally.bbp_rounds += 1
    if theirs == ours:
        driver.tally.bbp_same += 1
    else:
        driver.tally.bbp_failed.append(f"r{index}: {theirs if isinstance(theirs, str) else 'differs'}")
    shutil.rmtree(scratch)


def same_points(driver: Driver, reference: Path, ours_of: dict[str, int]) -> bool:
    mine = json.loads(driver.run("check", "standings", "-f", "json"))
    theirs = json.loads(driver.run("check", "standings", "-f", "json", folder=reference))

    def points(rows: list[dict[str, object]]) -> dict[int, str]:  # standings -f json: one object a player
        return {int(str(r["start_number"])): str(r["points"]) for r in rows}

    mapped = {ours_of[str(k)]: v for k, v in points(theirs).items()}
    return mapped == points(mine)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--only", action="append", default=[], help="events whose file name contains this")
    parser.add_argument("--no-bbp", action="store_true", help="skip the check against bbpPairings")
    parser.add_argument("-v", "--verbose", action="store_true")
    options = parser.parse_args()
    bbp = not options.no_bbp and shutil.which("bbpPairings") is not None
    chosen = [e for e in events(options.shared) if not options.only or any(o in e.name for o in options.only)]
    tallies = []
    print(f"{'event':38} {'pl':>4} {'rd':>3} {'drive':>5} {'check':>5} {'bbp':>7} {'verify':>6} {'points':>6} {'s':>6}")
    for trf in chosen:
        with tempfile.TemporaryDirectory(prefix="replay-") as work:
            tally = replay(trf, Path(work), options.verbose, bbp)
        tallies.append(tally)
        print(f"{tally.name[:38]:38} {tally.players:4} {tally.rounds:3} {sum(tally.drive.values()):5} "
              f"{sum(tally.check.values()):5} {tally.bbp_same:3}/{tally.bbp_rounds:<3} "
              f"{'ok' if tally.verify else 'FAIL':>6} {'ok' if tally.points_same else 'FAIL':>6} "
              f"{tally.seconds:6.1f}", flush=True)
        if tally.error:
            print(f"    error: {tally.error}", flush=True)
        for failed in tally.bbp_failed:
            print(f"    bbp {failed}", flush=True)
        for forced in tally.forced:
            print(f"    pair --from refused, then --force: {forced}", flush=True)
    drive: Counter[str] = sum((t.drive for t in tallies), Counter())
    check: Counter[str] = sum((t.check for t in tallies), Counter())
    print(f"\nevents: {len(tallies)}, players {sum(t.players for t in tallies)}, rounds {sum(t.rounds for t in tallies)}")
    print(f"driving commands: {sum(drive.values())}  ({', '.join(f'{k} {v}' for k, v in drive.most_common())})")
    print(f"checking commands: {sum(check.values())}  ({', '.join(f'{k} {v}' for k, v in check.most_common())})")
    print(f"bbp identical: {sum(t.bbp_same for t in tallies)} / {sum(t.bbp_rounds for t in tallies)} rounds; "
          f"verify passed: {sum(t.verify for t in tallies)} / {len(tallies)}; "
          f"points as the real event: {sum(t.points_same for t in tallies)} / {len(tallies)}; "
          f"errors: {sum(bool(t.error) for t in tallies)}")
    return 0 if all(not t.error and t.verify and t.points_same and not t.bbp_failed for t in tallies) else 1


if __name__ == "__main__":
    raise SystemExit(main())
