#!/usr/bin/env python3
"""Time every command an arbiter types at the venue on big events, and pairing beside gacrux and
bbpPairings, in one run: one table of wall time, peak memory and issue 29's targets.

    python scripts/benchmark_commands.py                      # every case, full sizes (long)
    python scripts/benchmark_commands.py --scale 0.1 --runs 1 --pairing-sizes 100
    python scripts/benchmark_commands.py --only swiss team --json figures.json
    python scripts/benchmark_commands.py --only pairing --pairing-sizes 5000 --no-gacrux

The events are made once by the program's own commands and cached in --cache (a folder per event,
named by its sizes and --seed; --rebuild makes them again):

* swiss: ``arbiter new``, ``player import`` of --players players, then ``pair`` and ``result
  --from`` for each of 11 rounds, the last round with a tenth of its results missing;
* team: ``new --teams``, ``team import`` of --teams teams of --boards boards (and a reserve), then
  ``pair`` and ``result --from`` for each of 9 rounds, some matches of the last round still playing;
* knockout: ``new --system knockout`` (2-game matches, rapid and Armageddon tie-breaks), ``player
  import`` of --knockout-players players, three rounds played (tie-break games included) and the
  fourth paired with half of its matches still to play;
* club: ``club new``, ``member import``, --club-events Swiss tournaments in ``tournaments/``, each
  paired, played and finalised, and one more tournament running (the "club tournament" rows).

Each command runs as an arbiter types it (``arbiter standings`` in the event's folder), in a fresh
process with stdout to /dev/null (``--terminal COLUMNS``: to a pseudo-terminal that wide, whose tables
Rich draws to fit it), --runs times; the figures are the median wall time and the largest
peak resident memory of the process (``os.wait4``). A command that writes runs on a fresh copy of
the event each time; ``publish`` is timed on its second run, after a first ``publish`` and one
``result``. Bulk imports (``player import``, ``team import``) go into a new event each time.
Start-up is ``arbiter --version`` and ``arbiter pair`` on a 24-player Swiss (benchmark_pairing.py's).
Every command reads the folder through the read cache (``ARBITER_CACHE_DIR``, the user's cache folder
here): from a command's second run on, as at the venue after any earlier command, it finds the
settings and the players it checked before. The "first command" row of ``pair`` runs with an empty
cache folder each time, as on a folder no command has read.
The first and the last row time a fixed piece of Python work that runs no arbiter code (``machine``):
the machine's speed at the start and at the end of the run, to compare runs on a shared machine by.

Pairing is benchmark_pairing.py's: rounds --pair-rounds of a generated Swiss for each of
--pairing-sizes, our engine in a fresh process beside ``python -m gacrux.pairingchecker`` and
``bbpPairings --dutch`` (when on PATH), each stopped after --timeout seconds.

It prints one markdown table (case, size, command, wall s, peak MB, target, met, and for pairing
gacrux s, bbp s, ratio to gacrux and whether the pairings are identical); --json FILE writes the
figures too. A script that prints figures, never a timed test: the machine may be shared.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from benchmark_pairing import _gacrux, _ours, command_time, make_input
from make_sample_events import OPEN_PRIZES, arbiter as build, play

ROOT = Path(__file__).resolve().parents[1]
#: The children start as an installed ``arbiter`` does: with bytecode written and read.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

#: issue 29's targets, in seconds.
VENUE_TARGET = 1.0
IMPORT_TARGET = 2.0
VERSION_TARGET = 0.15
PAIR_24_TARGET = 0.3

FIRST = ["Ahmet", "Elif", "Johann", "Lucia", "Sipho", "Nils", "Claire", "Arjun", "Marko", "Daria", "Pieter",
         "Selin", "Tomas", "Anna", "Chidi", "Olena", "Marco", "Yasmin", "Thomas", "Yuki", "Lukas", "Maja", "Diego",
         "Aino", "Erik", "Camille", "Piotr", "Rafael", "Zeynep", "Kerem"]
SYLLABLES = ["ka", "ro", "vi", "sa", "te", "lu", "mi", "no", "da", "be"]
#: What the making of an event says about it: the round in play, its games still without a result, ...
Notes = dict[str, Any]

FEDERATIONS = ["FRA", "GER", "ESP", "TUR", "IND", "NED", "NOR", "POL", "CZE", "AUT", "ITA", "ENG"]


def person(index: int, rng: random.Random) -> tuple[str, int, str, str, str, str]:
    """A made-up player, unique by ``index``: name, rating, title, federation, sex, birth date."""
    digits = f"{index:04d}"
    surname = "".join(SYLLABLES[int(d)] for d in digits).capitalize()
    rating = rng.randint(1200, 2650)
    title = "GM" if rating > 2550 else "IM" if rating > 2450 else "FM" if rating > 2350 else ""
    return (f"{surname}, {FIRST[index % len(FIRST)]}", rating, title, rng.choice(FEDERATIONS), rng.choice("mw"),
            f"{rng.randint(1950, 2014)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")


def players_csv(count: int, seed: int) -> str:
    rng = random.Random(seed)
    rows = ["name,rating,title,federation,sex,birth_date"]
    rows += [f'"{n}",{r},{t},{f},{s},{b}' for n, r, t, f, s, b in (person(i, rng) for i in range(1, count + 1))]
    return "\n".join(rows) + "\n"


def teams_csv(teams: int, per_team: int, seed: int) -> str:
    rng = random.Random(seed)
    rows = ["team,short,name,rating,federation"]
    for team in range(1, teams + 1):
        federation = rng.choice(FEDERATIONS)
        ratings = sorted((rng.randint(1400, 2600) for _ in range(per_team)), reverse=True)
        for board, rating in enumerate(ratings):
            name = person(team * per_team + board, rng)[0]
            rows.append(f'"Club {team:03d}",C{team:03d},"{name}",{rating},{federation}')
    return "\n".join(rows) + "\n"


def pending(folder: Path, rnd: int) -> list[str]:
    """The games of round ``rnd`` still without a result (their BOARD as ``result`` takes it)."""
    boards = json.loads(build("-d", folder, "pairings", rnd, "--format", "json"))
    if boards and "match" in boards[0]:  # a team event: a row per match, then a row per board
        return [f"{b['match']}.{b['board']}" for b in boards
                if b["board"] is not None and b["second"] is not None and b["result"] is None]
    return [str(b["board"]) for b in boards if b["black"] is not None and b["result"] is None]


def enter(folder: Path, rnd: int, boards: list[str], rng: random.Random) -> None:
    """``result RND --from -``: a random result on each of ``boards``."""
    if boards:
        lines = [f"{b} {rng.choices(['1-0', '1/2-1/2', '0-1'], [38, 36, 26])[0]}" for b in boards]
        build("-d", folder, "result", rnd, "--from", "-", stdin="\n".join(lines) + "\n")


# -- the events ------------------------------------------------------------------------------------


def make_swiss(place: Path, players: int, rounds: int, seed: int) -> Notes:
    """The event in ``place/event``, and in ``place/before-last-round`` as it was before the last round
    was paired (where a late entry can still play)."""
    folder = place / "event"
    build("new", folder, "--name", "Bench Open", "--system", "swiss", "--rounds", rounds, "--place", "Izmir",
          "--federation", "TUR", "--start-date", "2026-07-01", "--end-date", "2026-07-11", "--time-control",
          "90+30", "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--chief-arbiter", "Kaya, Deniz", "--seed", seed)
    build("-d", folder, "player", "import", "-", stdin=players_csv(players, seed))
    rng = random.Random(seed)
    for rnd in range(1, rounds + 1):
        if rnd == rounds:
            shutil.copytree(folder, place / "before-last-round")
        build("-d", folder, "pair")
        if rnd < rounds:
            play(folder, rnd, rng)
        else:
            boards = pending(folder, rnd)
            enter(folder, rnd, [b for b in boards if rng.random() >= 0.1], rng)
    (folder / "prizes.toml").write_text(OPEN_PRIZES, encoding="utf-8")
    return {"round": rounds, "missing": pending(folder, rounds)}


TEAM_PRIZES = """places = [1500, 1000, 600, 400, 200]
[[board]]
board = 1
amounts = [100, 50]
[[board]]
board = 2
amounts = [100, 50]
[[board]]
amounts = [150]
"""


def make_team(place: Path, teams: int, boards: int, rounds: int, seed: int) -> Notes:
    folder = place / "event"
    build("new", folder, "--name", "Bench Team Open", "--system", "swiss", "--rounds", rounds, "--teams",
          "--boards", boards, "--place", "Izmir", "--start-date", "2026-07-01", "--time-control", "90+30",
          "--seed", seed)
    build("-d", folder, "team", "import", "-", stdin=teams_csv(teams, boards + 1, seed))
    rng = random.Random(seed)
    for rnd in range(1, rounds + 1):
        build("-d", folder, "pair")
        games = pending(folder, rnd)
        if rnd == rounds:  # the matches of a tenth of the games still playing (about 4 in 10 at 6 boards)
            playing = {g.split(".")[0] for g in games if rng.random() < 0.1} or {games[0].split(".")[0]}
            games = [g for g in games if g.split(".")[0] not in playing]
        enter(folder, rnd, games, rng)
    (folder / "prizes.toml").write_text(TEAM_PRIZES, encoding="utf-8")
    return {"round": rounds, "missing": pending(folder, rounds)}


def make_knockout(place: Path, players: int, played: int, seed: int) -> Notes:
    folder = place / "event"
    build("new", folder, "--name", "Bench Cup", "--system", "knockout", "--place", "Izmir", "--start-date",
          "2026-07-01", "--time-control", "90+30", "--games-per-match", "2", "--tiebreak-stages",
          "rapid:2,armageddon", "--seed", seed)
    build("-d", folder, "player", "import", "-", stdin=players_csv(players, seed))
    rng = random.Random(seed)
    last = played + 1
    for rnd in range(1, last + 1):
        build("-d", folder, "pair")
        waiting = {g.split(".")[0] for g in pending(folder, rnd) if rnd == last and rng.random() < 0.5}
        while True:  # tie-break games appear as ties are entered
            games = [g for g in pending(folder, rnd) if g.split(".")[0] not in waiting]
            if not games:
                break
            enter(folder, rnd, games, rng)
    (folder / "prizes.toml").write_text('currency = "EUR"\nplaces = [2000, 1000, 500, 500, 200, 200, 200, 200]\n',
                                        encoding="utf-8")
    return {"round": last, "missing": pending(folder, last)}


def make_club(place: Path, events: int, seed: int) -> Notes:
    folder = place / "event"
    rng = random.Random(seed)
    build("club", "new", folder, "--name", "Bench Chess Club", "--default-rating", "1500")
    members = max(40, 2 * events)
    lines = ["name,birth_date,standard,rapid,blitz"]
    for index in range(1, members + 1):
        name, rating, _, _, _, birth = person(index, rng)
        lines.append(f'"{name}",{birth},{rating},{rating - 40},{rating - 80}')
    build("-d", folder, "member", "import", "-", stdin="\n".join(lines) + "\n")
    controls = ["rapid", "rapid", "blitz", "standard"]
    for index in range(events):
        day = time.strftime("%Y-%m-%d", time.gmtime(time.mktime((2025, 1, 5, 12, 0, 0, 0, 0, 0)) + 7 * 86400 * index))
        control = controls[index % len(controls)]
        event = folder / "tournaments" / f"{day}-{control}"
        build("-d", folder, "new", event, "--name", f"Club {control} {day}", "--system", "swiss", "--rounds", 5,
              "--time-control", control, "--start-date", day, "--seed", seed + index)
        for member in rng.sample(range(1, members + 1), 12):
            build("-d", event, "player", "add", "--member", member)
        for rnd in range(1, 6):
            build("-d", event, "pair")
            play(event, rnd, rng)
        build("-d", event, "finalize", "--date", day)
    event = folder / "tournaments" / "2026-club-championship"
    build("-d", folder, "new", event, "--name", "Club Championship 2026", "--system", "swiss", "--rounds", 7,
          "--time-control", "90+30", "--start-date", "2026-09-01", "--seed", seed)
    entered = rng.sample(range(1, members + 1), 16)
    for member in entered:
        build("-d", event, "player", "add", "--member", member)
    for rnd in range(1, 4):
        build("-d", event, "pair")
        play(event, rnd, rng, skip={2} if rnd == 3 else set())
    (event / "prizes.toml").write_text("places = [100, 50, 25]\n", encoding="utf-8")
    outside = next(m for m in range(1, members + 1) if m not in entered)
    return {"round": 3, "missing": pending(event, 3), "member": outside, "tournament": event.name}


def cached(cache: Path, key: str, rebuild: bool, make: Callable[[Path], Notes]) -> tuple[Path, Notes]:
    """The folder ``key`` in the cache, whose ``event`` ``make(folder)`` makes (returning its notes) when
    absent."""
    folder, notes = cache / key, cache / f"{key}.json"
    if rebuild or not notes.exists():
        for stale in (folder, cache / f"{key}.partial"):
            shutil.rmtree(stale, ignore_errors=True)
        partial = cache / f"{key}.partial"
        partial.mkdir(parents=True)
        started = time.perf_counter()
        say(f"making {key} ...")
        made = make(partial)
        for lock in partial.rglob(".arbiter.lock"):
            lock.unlink()
        partial.rename(folder)
        notes.write_text(json.dumps(made), encoding="utf-8")
        say(f"made {key} in {time.perf_counter() - started:.0f} s")
    return folder, json.loads(notes.read_text(encoding="utf-8"))


# -- timing ----------------------------------------------------------------------------------------


@dataclass
class Child:
    wall: float
    peak_mb: float
    code: int | None  # None: stopped at the timeout
    stderr: str


#: ``--terminal COLUMNS``: the venue commands write to a pseudo-terminal this wide (0: to /dev/null).
TERMINAL = {"columns": 0}


@contextlib.contextmanager
def terminal(columns: int) -> Iterator[int]:
    """A pseudo-terminal ``columns`` wide, as an arbiter's window: its end for the child's stdout, the
    other end read (and thrown away) by a thread, as a terminal shows what it is given."""
    import fcntl
    import pty
    import struct
    import termios

    main, child_end = pty.openpty()
    fcntl.ioctl(child_end, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))

    def drain() -> None:
        with contextlib.suppress(OSError):
            while os.read(main, 65536):
                pass

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        yield child_end
    finally:
        os.close(child_end)
        reader.join(5)
        os.close(main)


def run_child(argv: list[str], cwd: Path, timeout: float, out: Path | None = None,
              extra: dict[str, str] | None = None) -> Child:
    """Run ``argv`` in a fresh process (``extra``: more environment); its wall time and its own peak
    resident memory. Its stdout goes to ``out``, else to a pseudo-terminal with ``--terminal``, else to
    /dev/null."""
    with tempfile.TemporaryFile() as err, contextlib.ExitStack() as stack:
        stdout: Any = (stack.enter_context(terminal(TERMINAL["columns"])) if out is None and TERMINAL["columns"]
                       else stack.enter_context(open(out or os.devnull, "wb")))
        environment = {**ENVIRONMENT, "COLUMNS": str(TERMINAL["columns"])} if TERMINAL["columns"] else ENVIRONMENT
        environment = {**environment, **(extra or {})}
        started = time.perf_counter()
        child = subprocess.Popen(argv, cwd=cwd, stdout=stdout, stderr=err, stdin=subprocess.DEVNULL,
                                 env=environment)
        stopped = threading.Event()

        def stop() -> None:
            stopped.set()
            child.kill()

        timer = threading.Timer(timeout, stop)
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        timer.cancel()
        timed_out = stopped.is_set()
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    return Child(wall, usage.ru_maxrss / 1024, None if timed_out else child.returncode, text)


def arbiter_command() -> list[str]:
    installed = Path(sys.executable).with_name("arbiter")
    return [str(installed)] if installed.exists() else [sys.executable, "-m", "arbiter_cli"]


@dataclass
class Row:
    case: str
    size: str
    command: str
    note: str = ""
    wall: float | None = None
    peak_mb: float | None = None
    target: str = ""
    met: str = ""
    gacrux: str = ""
    bbp: str = ""
    ratio: str = ""
    identical: str = ""
    runs: list[float] = field(default_factory=list)
    error: str = ""
    figures: dict[str, float | None] = field(default_factory=dict)  # pairing: each engine's, for --json


@dataclass
class Command:
    """A command as typed in the event's folder: ``arbiter ARGS``."""

    args: list[str]
    target: float
    writes: bool = False
    before: list[list[str]] = field(default_factory=list)  # untimed, on the fresh copy, first
    label: str = ""  # the command as shown, when not ARGS (a long path)
    note: str = ""  # shown after the command: what was done before it
    source: Path | None = None  # a command that writes: copy this folder instead of the case's event
    cold: bool = False  # each run with an empty cache folder (ARBITER_CACHE_DIR), from the first ``before`` on


class Timer:
    def __init__(self, work: Path, runs: int, timeout: float) -> None:
        self.work, self.runs, self.timeout = work, runs, timeout
        self.arbiter = arbiter_command()

    def case(self, case: str, size: str, event: Path | None, commands: list[Command],
             fresh: Callable[[Path], object] | None = None, within: str = "") -> list[Row]:
        """Time ``commands`` on ``event`` (a copy: one for the commands that only read, a fresh one for
        each run of a command that writes), typed in its folder ``within`` (a club's tournament);
        ``fresh(folder)`` makes the folder instead of a copy."""
        place = self.work / case.replace(" ", "-")
        shared = place / "read" / "event"
        if event is not None:
            shutil.copytree(event, shared, symlinks=True)
        rows = []
        for command in commands:
            row = Row(case, size, command.label or shlex.join(["arbiter", *command.args]), command.note,
                      target=f"≤ {command.target:g} s")
            walls, peaks = [], []
            for _ in range(self.runs):
                folder = shared
                if command.writes or command.before or fresh is not None:
                    run_dir = place / "run"
                    shutil.rmtree(run_dir, ignore_errors=True)
                    folder = run_dir / "event"
                    if fresh is not None:
                        run_dir.mkdir(parents=True)
                        fresh(folder)
                    else:
                        assert event is not None
                        shutil.copytree(command.source or event, folder, symlinks=True)
                extra = None
                if command.cold:
                    empty = place / "empty-cache"
                    shutil.rmtree(empty, ignore_errors=True)
                    extra = {"ARBITER_CACHE_DIR": str(empty)}
                for args in command.before:
                    done = run_child([*self.arbiter, *args], folder / within, self.timeout, extra=extra)
                    if done.code != 0:
                        row.error = f"before: arbiter {' '.join(args)}: {done.stderr.strip()[-300:]}"
                        break
                if row.error:
                    break
                done = run_child([*self.arbiter, *command.args], folder / within, self.timeout, extra=extra)
                if done.code != 0:
                    row.error = (f"stopped after {self.timeout:g} s" if done.code is None
                                 else f"exit {done.code}: {done.stderr.strip()[-300:]}")
                    break
                walls.append(done.wall)
                peaks.append(done.peak_mb)
            if row.error:
                row.met = "error"
                say(f"  {case}: {row.command}: {row.error}")
            else:
                row.wall, row.peak_mb, row.runs = statistics.median(walls), max(peaks), walls
                row.met = "yes" if row.wall <= command.target else "no"
                say(f"  {case}: {row.command}: {row.wall:.2f} s, {row.peak_mb:.0f} MB")
            rows.append(row)
        return rows


def venue_commands(notes: Notes, *, team: bool = False, knockout: bool = False, club: bool = False,
                   late: Path | None = None, outside: str = "..") -> list[Command]:
    """The commands of issue 29 that an event of this kind has (``late``: the folder where a late entry
    can still play, when the event's last round is paired; ``outside``: a folder outside the event,
    relative to it, for the files written)."""
    rnd, board = notes["round"], notes["missing"][0]
    result = ["result", str(rnd), board, "1-0"]
    commands = [Command(result, VENUE_TARGET, writes=True)]
    correction = ["result", "5", "1.1" if team else "1", "0-0", "--correct"]
    if not knockout and not club and int(rnd) > 5:  # issue 29: "a correction in round 5: 5.1 s"
        commands.append(Command(correction, VENUE_TARGET, writes=True, note="a correction in round 5"))
    commands += [Command(["pairings"], VENUE_TARGET), Command(["standings"], VENUE_TARGET)]
    if not knockout:  # a knockout has no crosstable: its bracket shows the matches
        commands.append(Command(["crosstable"], VENUE_TARGET))
    if team:
        commands += [Command(["team", "card"], VENUE_TARGET), Command(["team", "boards"], VENUE_TARGET)]
    commands += [Command(["prizes"], VENUE_TARGET), Command(["verify"], VENUE_TARGET), Command(["log"], VENUE_TARGET),
                 Command(["export", "-o", f"{outside}/export.trf"], VENUE_TARGET)]
    if team:  # a team event's players join the end of a team's roster, which is in rating order
        commands.append(Command(["team", "roster", "1", "add", "Latecomer, Ann/1000"], VENUE_TARGET, writes=True))
    elif club:
        commands.append(Command(["player", "add", "--member", str(notes["member"])], VENUE_TARGET, writes=True))
    elif not knockout:  # a knockout's bracket is made: nobody joins it
        add = ["player", "add", "Latecomer, Ann", "--rating", "1850"]
        commands.append(Command(add, VENUE_TARGET, writes=True, source=late,
                                note="before the last round is paired" if late is not None else ""))
    site = f"{outside}/site"
    commands.append(Command(["publish", site], VENUE_TARGET, before=[["publish", site], result],
                            note=f"after `{shlex.join(['arbiter', *result])}`"))
    if not knockout and not club and int(rnd) > 5:  # one result too: every round after it shows it (trial38)
        commands.append(Command(["publish", site], VENUE_TARGET, before=[["publish", site], correction],
                                note=f"after `{shlex.join(['arbiter', *correction])}`"))
    return commands


# -- pairing ---------------------------------------------------------------------------------------


def bbp(source: Path, timeout: float) -> tuple[float, float, list[tuple[int, int]] | None] | None:
    """``bbpPairings --dutch``: wall time, peak MB and the pairs (the PAB as (id, 0)); None: timed out."""
    out = source.with_suffix(".bbp")
    out.unlink(missing_ok=True)
    done = run_child(["bbpPairings", "--dutch", str(source), "-p", str(out)], source.parent, timeout)
    if done.code is None:
        return None
    if done.code != 0 or not out.exists():
        return done.wall, done.peak_mb, None
    pairs = [tuple(int(x) for x in line.split()) for line in out.read_text().splitlines()[1:] if line.strip()]
    return done.wall, done.peak_mb, pairs  # type: ignore[return-value]


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Our stdout, and our children's, to stderr for a while: stdout is for the table alone."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def pairing_rows(args: argparse.Namespace) -> list[Row]:
    rows = []
    use_bbp = not args.no_bbp and shutil.which("bbpPairings") is not None
    for size in args.pairing_sizes:
        for cut in args.pair_rounds:
            with stdout_to_stderr():  # ``arbiter trf generate`` says what it wrote
                source = make_input(size, args.pairing_event_rounds, cut, args.cache / "pairing")
            say(f"pairing {size} players, round {cut} ...")
            ours = _ours(source, args.timeout)
            theirs = None if args.no_gacrux else _gacrux(source, args.timeout)
            other = bbp(source, args.timeout) if use_bbp else None
            limits = ["≤ 0.5 × gacrux"] + (["≤ 10 s"] if size == 2000 else []) + (
                ["≤ 30 s, < 1 GB"] if size == 5000 else [])
            row = Row("pairing", f"{size} players", f"Dutch engine, round {cut} of {args.pairing_event_rounds}",
                      target=", ".join(limits))
            checks: list[bool | None] = []
            row.figures = {"engine_s": ours and ours[1], "gacrux_s": theirs and theirs[0],
                           "gacrux_peak_mb": theirs and theirs[1], "bbp_s": other and other[0],
                           "bbp_peak_mb": other and other[1]}
            if ours is None:
                row.error, row.met = f"stopped after {args.timeout:g} s", "no"
            else:
                row.wall, row.peak_mb, row.runs = ours[0], ours[2], [ours[0]]
                if size == 2000:
                    checks.append(ours[0] <= 10)
                if size == 5000:
                    checks.append(ours[0] <= 30 and ours[2] < 1024)
            same = []
            if args.no_gacrux:
                row.gacrux = "-"
                checks.append(None)
            elif theirs is None:
                row.gacrux = f"> {args.timeout:g}"
                if ours is not None:
                    row.ratio = f"< {ours[0] / args.timeout:.2f}"
                    checks.append(True if ours[0] <= 0.5 * args.timeout else None)
            else:
                row.gacrux = f"{theirs[0]:.2f}"
                if ours is not None:
                    row.ratio = f"{ours[0] / theirs[0]:.2f}"
                    checks.append(ours[0] <= 0.5 * theirs[0])
                    same.append(("gacrux", theirs[2] is not None and sorted(ours[3]) == sorted(theirs[2])))
            if not use_bbp:
                row.bbp = "-"
            elif other is None:
                row.bbp = f"> {args.timeout:g}"
            else:
                row.bbp = f"{other[0]:.2f}"
                if ours is not None:
                    same.append(("bbp", other[2] is not None and sorted(ours[3]) == sorted(other[2])))
            differing = [name for name, agrees in same if not agrees]
            row.identical = "-" if not same else "yes" if not differing else "no: " + ", ".join(differing)
            if not row.met:
                row.met = "no" if False in checks else "?" if None in checks else "yes"
            say(f"  ours {row.wall and f'{row.wall:.2f}'} s, gacrux {row.gacrux}, bbp {row.bbp}, "
                f"identical {row.identical}")
            rows.append(row)
    return rows


# -- the table -------------------------------------------------------------------------------------


#: A fixed piece of Python work that runs none of arbiter's code: its time says how fast the machine is at
#: the moment, so that runs on a shared machine, whose speed changes from hour to hour, can be compared.
MACHINE_WORK = ("from fractions import Fraction\n"
                "kept = {}\n"
                "for i in range(40_000):\n"
                "    kept[str(i)] = Fraction(i, 7) + i % 3\n"
                "ordered = sorted(kept.values())\n"
                "text = ''.join(f'<td>{value}</td>' for value in ordered)\n")


def machine_row(runs: int, timeout: float) -> Row:
    """The machine's speed now: :data:`MACHINE_WORK` in a fresh process, the median of ``runs``."""
    row = Row("machine", "-", "a fixed piece of Python work, no arbiter code (the machine's speed now)",
              target="-", met="-")
    walls = []
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-machine-") as scratch:
        for _ in range(max(runs, 3)):
            done = run_child([sys.executable, "-c", MACHINE_WORK], Path(scratch), timeout)
            if done.code != 0:
                row.error, row.met = f"exit {done.code}: {done.stderr.strip()[-300:]}", "error"
                return row
            walls.append(done.wall)
            row.peak_mb = max(row.peak_mb or 0.0, done.peak_mb)
    row.wall, row.runs = statistics.median(walls), walls
    say(f"  machine: {row.wall:.2f} s")
    return row


COLUMNS = ("case", "size", "command", "wall s", "peak MB", "target", "met", "gacrux s", "bbp s", "ratio",
           "identical")


def table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in rows:
        command = r.command if r.case in ("pairing", "machine") else f"`{r.command}`" + (f" {r.note}" if r.note else "")
        cells = (r.case, r.size, command,
                 "" if r.wall is None else f"{r.wall:.2f}", "" if r.peak_mb is None else f"{r.peak_mb:.0f}",
                 r.target, r.met, r.gacrux, r.bbp, r.ratio, r.identical)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def scaled(value: int | None, default: int, scale: float, least: int) -> int:
    return value if value is not None else max(least, round(default * scale))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:6]))
    parser.add_argument("--only", nargs="+", choices=CASES, default=list(CASES), help="the cases to run")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every event's size (0.1: build and "
                        "debug at a tenth); the size options below win")
    parser.add_argument("--players", type=int, help="the Swiss's players (1000)")
    parser.add_argument("--teams", type=int, help="the team Swiss's teams (200)")
    parser.add_argument("--boards", type=int, default=6, help="the team Swiss's boards (6)")
    parser.add_argument("--knockout-players", type=int, help="the knockout's players (256)")
    parser.add_argument("--club-events", type=int, help="the club's finalised tournaments (50)")
    parser.add_argument("--import-rows", type=int, help="the rows of the player import (1000); the team import "
                        "is --teams x --boards")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command; the median is shown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/arbiter-bench-commands"))
    parser.add_argument("--rebuild", action="store_true", help="make the cached events again")
    parser.add_argument("--pairing-sizes", type=int, nargs="+", default=[1000, 2000, 5000])
    parser.add_argument("--pair-rounds", type=int, nargs="+", default=[2, 5, 9])
    parser.add_argument("--pairing-event-rounds", type=int, default=9, help="the rounds of the generated Swiss")
    parser.add_argument("--timeout", type=float, default=600, help="seconds before a run (an engine's, a "
                        "command's) is stopped")
    parser.add_argument("--no-gacrux", action="store_true", help="pairing: leave gacrux out")
    parser.add_argument("--no-bbp", action="store_true", help="pairing: leave bbpPairings out")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the figures here too")
    parser.add_argument("--terminal", type=int, default=0, metavar="COLUMNS", help="the commands write to a "
                        "pseudo-terminal COLUMNS wide, as an arbiter sees them (default: to /dev/null)")
    args = parser.parse_args()
    TERMINAL["columns"] = args.terminal

    players = scaled(args.players, 1000, args.scale, 10)
    teams = scaled(args.teams, 200, args.scale, 6)
    knockout = scaled(args.knockout_players, 256, args.scale, 16)
    events = scaled(args.club_events, 50, args.scale, 2)
    rows_in = scaled(args.import_rows, 1000, args.scale, 10)
    seed = args.seed
    # Bytecode, as ``pip install`` leaves it (the environment may say not to write it).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "src" / "arbiter_cli")], check=False,
                   env=ENVIRONMENT)
    rows: list[Row] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="arbiter-bench-") as scratch:
        timer = Timer(Path(scratch), args.runs, args.timeout)
        rows.append(machine_row(args.runs, args.timeout))
        if "swiss" in args.only:
            made, notes = cached(args.cache, f"swiss-{players}p-11r-seed{seed}", args.rebuild,
                                 lambda f: make_swiss(f, players, 11, seed))
            rows += timer.case("swiss", f"{players} players, 11 rounds", made / "event",
                               venue_commands(notes, late=made / "before-last-round"))
        if "team" in args.only:
            made, notes = cached(args.cache, f"team-{teams}x{args.boards}-9r-seed{seed}", args.rebuild,
                                 lambda f: make_team(f, teams, args.boards, 9, seed))
            rows += timer.case("team", f"{teams} teams × {args.boards} boards, 9 rounds", made / "event",
                               venue_commands(notes, team=True))
        if "knockout" in args.only:
            made, notes = cached(args.cache, f"knockout-{knockout}p-seed{seed}", args.rebuild,
                                 lambda f: make_knockout(f, knockout, 3, seed))
            rows += timer.case("knockout", f"{knockout} players, round {notes['round']}", made / "event",
                               venue_commands(notes, knockout=True))
        if "club" in args.only:
            made, notes = cached(args.cache, f"club-{events}e-seed{seed}", args.rebuild,
                                 lambda f: make_club(f, events, seed))
            event = made / "event"
            tournament = f"tournaments/{notes['tournament']}"
            result = ["-d", tournament, "result", str(notes["round"]), notes["missing"][0], "1-0"]
            rows += timer.case("club", f"{events} finalised events", event, [
                Command(["verify"], VENUE_TARGET), Command(["log"], VENUE_TARGET),
                Command(["publish", "../site"], VENUE_TARGET, before=[["publish", "../site"], result],
                        note=f"after `{shlex.join(['arbiter', *result])}`")])
            rows += timer.case("club tournament", f"16 of the club's members, round {notes['round']}", event,
                               venue_commands(notes, club=True, outside="../../.."), within=tournament)
        if "import" in args.only:
            data = args.cache / f"import-{rows_in}p-{teams}x{args.boards}-seed{seed}"
            data.mkdir(parents=True, exist_ok=True)
            (data / "players.csv").write_text(players_csv(rows_in, seed), encoding="utf-8")
            (data / "teams.csv").write_text(teams_csv(teams, args.boards, seed), encoding="utf-8")

            def new_event(*options: str) -> Callable[[Path], object]:
                return lambda folder: build("new", folder, "--name", "Bench Import", "--system", "swiss",
                                            "--rounds", "9", "--seed", str(seed), *options)

            rows += timer.case("import", f"{rows_in} players", None, [
                Command(["player", "import", str(data / "players.csv")], IMPORT_TARGET, writes=True,
                        label="arbiter player import players.csv")], fresh=new_event())
            rows += timer.case("import", f"{teams} teams × {args.boards} players", None, [
                Command(["team", "import", str(data / "teams.csv")], IMPORT_TARGET, writes=True,
                        label="arbiter team import teams.csv")],
                fresh=new_event("--teams", "--boards", str(args.boards)))
        if "startup" in args.only:
            rows += timer.case("start-up", "-", None, [Command(["--version"], VERSION_TARGET)],
                               fresh=lambda folder: folder.mkdir())
            pairing_cache = args.cache / "startup"
            pairing_cache.mkdir(parents=True, exist_ok=True)
            command_time(pairing_cache, 1)  # makes benchmark_pairing.py's 24-player Swiss after 4 rounds
            rows += timer.case("start-up", "24 players, round 5", pairing_cache / "cli_24",
                               [Command(["pair"], PAIR_24_TARGET, writes=True),
                                Command(["pair"], PAIR_24_TARGET, writes=True, cold=True,
                                        note="the folder's first command: an empty cache")])
            entries = pairing_cache / "entries_24.csv"
            entries.write_text(players_csv(24, 24), encoding="utf-8")
            new = ["new", ".", "--name", "Bench 24", "--system", "swiss", "--rounds", "5", "--seed", "24"]
            rows += timer.case("start-up", "24 players, round 1", None, [
                Command(["pair"], PAIR_24_TARGET, writes=True, cold=True,
                        before=[new, ["player", "import", str(entries)]],
                        note="a new event's first pair: an empty cache, then `arbiter new` and `arbiter player "
                             "import` of 24 players")], fresh=lambda folder: folder.mkdir(parents=True))
        if "pairing" in args.only:
            rows += pairing_rows(args)
    say(f"done in {time.perf_counter() - started:.0f} s")
    for row in rows:
        if row.error:
            say(f"{row.case}, {row.command}: {row.error}")
    rows.append(machine_row(args.runs, args.timeout))  # again: the speed may have changed during the run
    print(table(rows))
    if args.json is not None:
        figures = {"date": time.strftime("%Y-%m-%d %H:%M:%S"), "python": sys.version.split()[0],
                   "machine": platform.platform(), "cpus": os.cpu_count(), "arguments": sys.argv[1:],
                   "rows": [vars(r) for r in rows]}
        args.json.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


CASES = ("swiss", "team", "knockout", "club", "import", "startup", "pairing")

if __name__ == "__main__":
    sys.exit(main())
