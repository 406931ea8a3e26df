"""Concurrency: mixed writers in parallel on one folder, for a bounded time.

Real ``arbiter`` processes, several at a time, on one event: two enter results on the boards
still open, one requests and cancels half-point byes, one registers players (before round 1,
then late entries, which renumber everyone until round 4) and now and then withdraws one, one
pairs the next round as soon as the last is complete, and one reads (``standings``,
``pairings``, ``player list``, ``verify``). Every command carries ``--by wN-M``, so that the
journal names the command behind each of its lines. Then:

* no process exited 1 or showed a traceback, none found the folder broken (exit 3), none was
  busy (exit 5: the lock timeout is left at its default), and every failure was one error line;
  ``verify`` passed every time it ran, and passes at the end;
* the journal is complete: every command that exited 0 and changed something has its lines,
  together (one command's lines are never split by another's), and no other command has any;
  no line is a hand edit; times never go backwards; a command acknowledged before another
  started comes first;
* nothing is lost: every player added is registered, every withdrawal stands, every result
  entered is on its board, every round paired is there, and each half-point bye is where the
  last acknowledged request or cancellation left it (requested, or played as an HPB).

CI runs one event for ``ARBITER_PARALLEL_SECONDS`` (default 8) seconds. The long run
(``ARBITER_PARALLEL_SECONDS=600``, or ``scripts/fuzz_folders.py --parallel-seconds 600``) runs
events of 20 seconds one after the other, Swiss and round robin, and checks each.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from robustness._support import Findings, Run, env_float, env_int, environment, must, rule_violations, spawn

SECONDS = env_float("ARBITER_PARALLEL_SECONDS", 8)
EPOCH = 20.0
SEED = env_int("ARBITER_PARALLEL_SEED", random.randrange(1 << 30))
WRITERS = {"player add", "player withdraw", "bye", "bye cancel", "pair", "result"}
ALLOWED = {0, 2, 4, 6}  # ok, a bad argument (a start number that is not there), refused, no pairing


@dataclass
class Done:
    """One command as a worker ran it: its tag (``--by``), arguments, times and outcome."""

    tag: str
    kind: str
    args: tuple[str, ...]
    start: float
    end: float
    code: int
    out: str
    err: str

    @property
    def changed(self) -> bool:
        return self.code == 0 and self.kind in WRITERS and "nothing changed" not in self.err


class Event:
    """The event under load and everything its workers did."""

    def __init__(self, folder: Path, deadline: float, rng: random.Random, system: str) -> None:
        self.folder, self.deadline, self.system = folder, deadline, system
        self.rng = random.Random(rng.random())
        self.log: list[Done] = []
        self.lock = threading.Lock()
        self.names = 0

    def run(self, worker: int, seq: int, kind: str, *args: object) -> Done:
        tag = f"w{worker}-{seq}"
        argv = ("-d", str(self.folder), "--by", tag, *map(str, args))
        start = time.monotonic()
        process = spawn(*argv, env=environment())
        out, err = process.communicate(timeout=120)
        done = Done(tag, kind, argv, start, time.monotonic(), process.returncode, out, err)
        with self.lock:
            self.log.append(done)
        return done

    def open_boards(self, worker: int, seq: int) -> tuple[int, list[int]] | None:
        done = self.run(worker, seq, "pairings", "pairings", "-f", "json")
        if done.code != 0:
            return None
        boards = json.loads(done.out)
        open_ = [b["board"] for b in boards if b["board"] and b["result"] is None]
        number = self.last_round(worker, seq) if open_ else None
        return (number, open_) if number else None

    def players(self) -> int:
        """How many players the folder has now (read directly, to choose arguments)."""
        try:
            return max(1, len((self.folder / "players.csv").read_text(encoding="utf-8").splitlines()) - 1)
        except OSError:
            return 8

    def requests(self) -> list[tuple[str, str]]:
        """The requested byes now (read directly): (start number, round)."""
        try:
            return [(row["start_number"], row["round"]) for row in _rows(self.folder, "byes.csv")]
        except (OSError, KeyError):
            return []

    def last_round(self, worker: int, seq: int) -> int | None:
        rounds = sorted((self.folder / "rounds").glob("[0-9][0-9].csv"))
        return int(rounds[-1].stem) if rounds else None


def _results(event: Event, worker: int) -> None:
    seq = 0
    while time.monotonic() < event.deadline:
        seq += 2
        found = event.open_boards(worker, seq)
        if not found:
            time.sleep(0.2)
            continue
        number, boards = found
        code = event.rng.choice(("1-0", "0-1", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "+/-"))
        event.run(worker, seq + 1, "result", "result", number, event.rng.choice(boards), code)


def _byes(event: Event, worker: int) -> None:
    seq = 0
    while time.monotonic() < event.deadline:
        seq += 1
        last = event.last_round(worker, seq) or 0
        player, round_ = str(event.rng.randint(1, event.players())), str(last + event.rng.randint(1, 3))
        requests = event.requests()
        if event.rng.random() < 0.6 or not requests:
            event.run(worker, seq, "bye", "bye", player, "--round", round_, "--half")
        else:
            if event.rng.random() < 0.8:  # mostly a request that is there (it may be gone by the time)
                player, round_ = event.rng.choice(requests)
            event.run(worker, seq, "bye cancel", "bye", "cancel", player, "--round", round_)
        time.sleep(event.rng.uniform(0, 0.3))


def _players(event: Event, worker: int) -> None:
    seq = 0
    withdrawn = 0
    while time.monotonic() < event.deadline:
        seq += 1
        if event.rng.random() < 0.75 or withdrawn >= 3:
            event.names += 1
            event.run(worker, seq, "player add", "player", "add", f"Entrant{event.names:03d}, Parallel",
                      "--rating", event.rng.randint(1400, 2600))
        else:
            withdrawn += 1
            event.run(worker, seq, "player withdraw", "player", "withdraw", event.rng.randint(1, event.players()))
        time.sleep(event.rng.uniform(0, 0.8))


def _pairer(event: Event, worker: int) -> None:
    time.sleep(2.0)  # let registrations come first
    seq = 0
    while time.monotonic() < event.deadline:
        seq += 1
        event.run(worker, seq, "pair", "pair", "-f", "csv")
        time.sleep(0.3)


def _reader(event: Event, worker: int) -> None:
    seq = 0
    reads = (("standings", "standings", "-f", "json"), ("pairings", "pairings", "-f", "csv"),
             ("player list", "player", "list", "-f", "csv"), ("verify", "verify"))
    while time.monotonic() < event.deadline:
        seq += 1
        kind, *args = reads[seq % len(reads)]
        event.run(worker, seq, kind, *args)


WORKERS: tuple[Callable[[Event, int], None], ...] = (_results, _results, _byes, _players, _pairer, _reader)


# --------------------------------------------------------------------------- checks


def _journal(folder: Path) -> list[dict[str, str]]:
    text = (folder / "journal.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def _rows(folder: Path, name: str) -> list[dict[str, str]]:
    path = folder / name
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline=""))) if path.exists() else []


def check(event: Event, findings: Findings) -> None:
    folder, log = event.folder, sorted(event.log, key=lambda d: d.start)
    for done in log:
        findings.commands.append((done.kind, done.code))
        shown = _shown(done)
        for violation in rule_violations(shown):
            findings.fail(done.kind, violation, shown)
        findings.check(done.code in ALLOWED, done.kind, f"exit {done.code}", shown)
        if done.kind == "verify":
            findings.check(done.code == 0, "verify", f"the folder was unsound meanwhile: {done.out[:300]}", shown)
    final = _shown(event.run(99, 0, "verify", "verify"))
    findings.check(final.code == 0, "verify", f"the folder is unsound at the end: {final.out[:300]}", final)
    findings.stats.update({"commands": len(log), "acknowledged changes": sum(d.changed for d in log),
                           "rounds paired": event.last_round(0, 0) or 0})

    # The journal: complete, in order, one block per command.
    journal = _journal(folder)
    by_tag: dict[str, list[int]] = {}
    for index, row in enumerate(journal):
        by_tag.setdefault(row.get("by", ""), []).append(index)
        findings.check(row["change"] != "hand edit", "journal", f"a hand edit in the journal: {row}")
    times = [row["time"] for row in journal]
    findings.check(times == sorted(times), "journal", "the journal's times go backwards")
    commands = {d.tag: d for d in log}
    for tag in by_tag:
        findings.check(tag in commands or not tag.startswith("w"), "journal", f"lines of no command: {tag}")
    for done in log:
        lines = by_tag.get(done.tag, [])
        if done.changed:
            findings.check(bool(lines), done.kind, "acknowledged (exit 0) but not in the journal", _shown(done))
            findings.check(lines == list(range(lines[0], lines[0] + len(lines))) if lines else True, done.kind,
                           f"its journal lines are split by another command's: {lines}", _shown(done))
            findings.check(all(done.args[-1] in journal[i]["command"] for i in lines), done.kind,
                           "its journal lines name another command", _shown(done))
        else:
            findings.check(not lines, done.kind, f"failed or changed nothing, yet journaled: "
                           f"{[journal[i]['change'] for i in lines]}", _shown(done))
    acknowledged = [d for d in log if d.changed and by_tag.get(d.tag)]
    for first in acknowledged:
        for second in acknowledged:
            if first.end < second.start and max(by_tag[first.tag]) > min(by_tag[second.tag]):
                findings.fail(second.kind, f"journaled before {first.tag} ({' '.join(first.args[4:])}), which was "
                              "acknowledged before it started", _shown(second))

    # Nothing lost.
    players = {row["name"]: row for row in _rows(folder, "players.csv")}
    names = {int(row["start_number"]): row["name"] for row in players.values()}
    rounds = {int(p.stem): _rows(folder, f"rounds/{p.name}") for p in sorted((folder / "rounds").glob("*.csv"))}
    for done in log:
        if not done.changed:
            continue
        if done.kind == "player add":
            name = done.args[done.args.index("add") + 1]
            findings.check(name in players, done.kind, f"{name} was added but is not registered", _shown(done))
        elif done.kind == "player withdraw":
            match = re.search(r"^(.+) withdrawn after round", done.err, re.M)
            name = match.group(1) if match else "?"
            findings.check(players.get(name, {}).get("status") == "withdrawn", done.kind,
                           f"{name} was withdrawn but is not", _shown(done))
        elif done.kind == "result":
            number, board, code = int(done.args[-3]), done.args[-2], done.args[-1]
            stored = next((row["result"] for row in rounds.get(number, []) if row["board"] == board), None)
            want = {"1/2-1/2": "1/2-1/2"}.get(code, code)
            findings.check(stored == want, done.kind, f"round {number} board {board}: entered {want}, "
                           f"stored {stored}", _shown(done))
        elif done.kind == "pair":
            paired = re.search(r"round (\d+) of \d+ paired", done.err)
            findings.check(paired is not None and int(paired.group(1)) in rounds, done.kind,
                           "a round paired is not there", _shown(done))
    _check_byes(findings, event, log, journal, by_tag, names, rounds)


def _check_byes(findings: Findings, event: Event, log: list[Done], journal: list[dict[str, str]],
                by_tag: dict[str, list[int]], names: dict[int, str], rounds: dict[int, list[dict[str, str]]]) -> None:
    """Each (player, round) is where the last acknowledged request or cancellation left it."""
    last: dict[tuple[str, int], tuple[int, bool, Done]] = {}
    for done in log:
        if not done.changed or done.kind not in ("bye", "bye cancel"):
            continue
        match = re.search(r"^(.+): HPB in round (\d+)", done.err, re.M) if done.kind == "bye" else \
            re.search(r"^cancelled the HPB of (.+) in round (\d+)", done.err, re.M)
        if not match:
            findings.fail(done.kind, "acknowledged without saying whose bye", _shown(done))
            continue
        key = (match.group(1), int(match.group(2)))
        order = min(by_tag.get(done.tag, [-1]))
        if key not in last or order > last[key][0]:
            last[key] = (order, done.kind == "bye", done)
    requested = {(names.get(int(row["start_number"]), "?"), int(row["round"]))
                 for row in _rows(event.folder, "byes.csv") if row["kind"] == "HPB"}
    played = {(names.get(int(row["white"]), "?"), number) for number, rows in rounds.items() for row in rows
              if row["result"] == "HPB"}
    withdrawn = {row["name"] for row in _rows(event.folder, "players.csv") if row["status"] == "withdrawn"}
    for (name, number), (_, wanted, done) in last.items():
        if name in withdrawn:
            continue  # a withdrawal drops the player's requests
        there = (name, number) in requested or (name, number) in played
        findings.check(there == wanted, done.kind, f"{name}'s HPB in round {number} should be "
                       f"{'there' if wanted else 'gone'}, and is {'there' if there else 'not'}", _shown(done))


def _shown(done: Done) -> Run:
    return Run(done.args, done.code, done.out, done.err)


# --------------------------------------------------------------------------- the test


def _event(folder: Path, system: str, rng: random.Random) -> None:
    rounds = ["--rounds", "9"] if system == "swiss" else []
    must("new", folder, "--name", "Parallel Open", "--system", system, *rounds, "--seed", rng.randint(0, 999))
    for index in range(8):
        must("-d", folder, "player", "add", f"Seed{index:02d}, Player", "--rating", 2600 - 50 * index)


def test_parallel_writers_lose_nothing_and_keep_the_journal_complete(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    started = time.monotonic()
    epoch = 0
    problems: list[str] = []
    while epoch == 0 or time.monotonic() - started < SECONDS:
        epoch += 1
        system = "round-robin" if epoch % 3 == 0 else "swiss"
        folder = tmp_path / f"event-{epoch}"
        _event(folder, system, rng)
        seconds = min(EPOCH, max(5.0, SECONDS - (time.monotonic() - started)))
        event = Event(folder, time.monotonic() + seconds, rng, system)
        threads = [threading.Thread(target=work, args=(event, number), daemon=True)
                   for number, work in enumerate(WORKERS, start=1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=seconds + 180)
        findings = Findings("parallel", f"{system} event {epoch}, {seconds:.0f} s (seed {SEED})")
        findings.stats["seconds of load"] = round(seconds)
        check(event, findings)
        try:
            findings.close()
        except AssertionError as error:
            problems.append(str(error))
            break
    if problems:
        pytest.fail(problems[0], pytrace=False)
