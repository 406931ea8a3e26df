"""The tournament folder: the only module that reads or writes a tournament on disk.

A tournament is one folder of plain files::

    tournament.toml     the settings (:class:`~arbiter_cli.core.model.Settings`)
    players.csv         one row per player (:class:`~arbiter_cli.core.model.Player`)
    rounds/01.csv       one file per paired round: board,white,black,result[,note]
    byes.csv            requested byes for rounds not yet paired: round,start_number,kind
    avoid.csv           forbidden pairs: players (start numbers, space-separated),first_round,last_round
    virtual.csv         the arbiter's virtual points (acceleration): start_number,round,points
    final/              the final standings, written by 'arbiter finalize'
    journal.csv         append-only log: time,command,change,old,new
    .arbiter.lock       the lock file (empty; safe to delete when no command runs)

Reading is strict and writing all or nothing (:mod:`.files`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import glob
import os
import re
import shutil
import tomllib
from fractions import Fraction
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import tomli_w
from pydantic import BaseModel, ValidationError

from arbiter_cli.core.errors import BrokenFolder, Refused, pydantic_message
from arbiter_cli.core.model import (Avoidance, Bye, ByeRequest, Game, InitialColour, Player, Round, Settings,
                                    Tournament, VirtualPoints, is_finite_decimal)
from arbiter_cli.core.points import format_points, parse_points, points_to_toml
from arbiter_cli.core.results import ByeKind, GameResult, parse_bye, parse_result
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.integrity import BROKEN, problems
from arbiter_cli.pairing.round_robin import pair_round, planned_rounds
from arbiter_cli.core.words import count
from arbiter_cli.store.files import FolderStore, csv_text, fsync_dir, process_alive, toml_line
from arbiter_cli.store.journal import JOURNAL_FILE, OLD_COLUMNS

__all__ = ["SETTINGS_FILE", "PLAYERS_FILE", "ROUNDS_DIR", "BYES_FILE", "FINAL_DIR", "PLAYER_COLUMNS",
           "ROUND_COLUMNS", "TournamentFolder", "settings_to_toml", "players_to_csv", "round_to_csv",
           "byes_to_csv", "create_with", "read_toml", "validated_table", "round_numbers", "numbered_from_one"]

SETTINGS_FILE = "tournament.toml"
PLAYERS_FILE = "players.csv"
ROUNDS_DIR = "rounds"
PLAYER_COLUMNS = ("start_number", "name", "title", "rating", "fide_id", "federation", "sex",
                  "birth_date", "club", "status", "withdrawn_after")
#: Optional last columns: a late entry's first round, and a club tournament's member id.
PLAYER_OPTIONAL = ("entered_round", "member_id")
ROUND_COLUMNS = ("board", "white", "black", "result")
ROUND_NOTE = "note"  # an optional fifth column: "excused" on a forfeit with notice, "colourless" on one without colours
BYES_FILE = "byes.csv"
BYE_COLUMNS = ("round", "start_number", "kind")
AVOID_FILE = "avoid.csv"
AVOID_COLUMNS = ("players", "first_round", "last_round")
VIRTUAL_FILE = "virtual.csv"
VIRTUAL_COLUMNS = ("start_number", "round", "points")
FINAL_DIR = "final"

_Table = TypeVar("_Table", bound=BaseModel)

_ROUND_NAME = re.compile(r"^(\d{2,3})\.csv$")


#: Settings written only when they differ from their default.
_QUIET_DEFAULTS = frozenset({"half_byes_closed_last_rounds", "late_entry_missed", "withdraw_after_unexcused",
                             "withdraw_after_no_shows", "round_robin_withdrawal", "berger_tables",
                             "rank_withdrawn", "acceleration", "avoid_same_club_rounds",
                             "avoid_same_federation_rounds"})


def read_toml(text: str, source: str) -> dict[str, object]:
    """A TOML file's table; a syntax error names the file and the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column \d+\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise BrokenFolder(f"TOML syntax error: {message}", source=source,
                           line=int(match.group(1)) if match else None) from None


def settings_with_table(text: str, table: str, model: type[_Table], needed: str) -> tuple[Settings, _Table]:
    """``tournament.toml`` of an event with its own table (``[team]``, ``[knockout]``): the settings
    and the table read into ``model``; a bad value is named with its line and field (``team.boards``),
    a missing table with ``needed`` (what it must hold)."""
    data = read_toml(text, SETTINGS_FILE)
    found = data.pop(table, None)
    if not isinstance(found, dict):
        raise BrokenFolder(needed, source=SETTINGS_FILE, field=table)
    return validated_table(Settings, data, text), validated_table(model, found, text, (table,))


def validated_table(model: type[_Table], data: dict[str, object], text: str, table: Sequence[str] = ()) -> _Table:
    """``data`` (a table of ``tournament.toml``, at ``table``) as ``model``; the first problem is a
    :class:`BrokenFolder` naming the file, the line and the field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        loc = [*table, *(str(part) for part in first["loc"])]
        field = ".".join(loc) if loc else None
        message = pydantic_message(first)
        if first["type"] == "missing":
            message = "is missing"
        line = toml_line(text, loc)
        raise BrokenFolder(message, source=SETTINGS_FILE, line=line, field=field) from None


def points_to_csv(value: Fraction) -> str:
    return format_points(value, ascii=True)


def settings_to_toml(settings: Settings) -> str:
    data: dict[str, object] = {}
    for key in type(settings).model_fields:
        if key == "scoring":
            continue
        value = getattr(settings, key)
        if value is None or (key in _QUIET_DEFAULTS and value == type(settings).model_fields[key].default):
            continue
        data[key] = getattr(value, "value", value)
    data["tiebreaks"] = list(settings.tiebreaks)
    data["scoring"] = {key: points_to_toml(getattr(settings.scoring, key))
                       for key in type(settings.scoring).model_fields}
    return tomli_w.dumps(data)


def players_to_csv(players: Sequence[Player]) -> str:
    """``players.csv``; the optional columns appear only when some player needs them."""
    extra: tuple[str, ...] = ()
    if any(p.member_id is not None for p in players):
        extra = PLAYER_OPTIONAL
    elif any(p.entered_round is not None for p in players):
        extra = PLAYER_OPTIONAL[:1]
    rows = []
    for p in sorted(players, key=lambda p: p.start_number):
        rows.append([p.start_number, p.name, p.title, p.rating or None, p.fide_id, p.federation,
                     p.sex, p.birth_date, p.club, p.status, p.withdrawn_after]
                    + [getattr(p, column) for column in extra])
    return csv_text((*PLAYER_COLUMNS, *extra), rows)


def round_to_csv(rnd: Round) -> str:
    rows: list[list[object]] = [[g.board, g.white, g.black, g.result_code] for g in rnd.games]
    rows += [[None, b.player, None, b.result_code] for b in rnd.byes]
    if any(g.note for g in rnd.games):
        notes = [g.note for g in rnd.games] + [None for _ in rnd.byes]
        return csv_text((*ROUND_COLUMNS, ROUND_NOTE), [row + [note] for row, note in zip(rows, notes)])
    return csv_text(ROUND_COLUMNS, rows)


def byes_to_csv(byes: Sequence[ByeRequest]) -> str:
    rows = [[b.round, b.start_number, b.kind.value] for b in sorted(byes, key=lambda b: (b.round, b.start_number))]
    return csv_text(BYE_COLUMNS, rows)


class TournamentFolder(FolderStore):
    """A tournament folder on disk."""

    temporary_dirs = (ROUNDS_DIR, FINAL_DIR)
    own_files: tuple[str, ...] = (SETTINGS_FILE, PLAYERS_FILE, BYES_FILE, AVOID_FILE, VIRTUAL_FILE, JOURNAL_FILE)
    tracked_dirs = (ROUNDS_DIR, FINAL_DIR)

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(path)
        self.player_lines: dict[int, int] = {}  # start number -> its line in players.csv, once loaded

    def _require_folder(self) -> None:
        if not (self.path / SETTINGS_FILE).is_file():
            if not self.path.is_dir():
                raise BrokenFolder(f"no tournament folder at {self.path} "
                                  "(use -d DIR, set ARBITER_DIR, or create one with 'arbiter new')")
            raise BrokenFolder(f"{self.path} is not a tournament folder: {SETTINGS_FILE} is missing "
                              "(use -d DIR, set ARBITER_DIR, or create one with 'arbiter new')")

    def load(self, *, check: bool = True) -> Tournament:
        """Read and check the whole folder. Call it while holding the lock.

        With ``check`` (every command but ``verify``), the event must also be sound as a
        whole (:mod:`arbiter_cli.lifecycle.integrity`): the first problem found is raised as a
        :class:`BrokenFolder`, and ``arbiter verify`` lists them all.
        """
        self._require_folder()
        settings = self._load_settings()
        players = self._load_players()
        rounds = self._load_rounds(settings, players)
        byes = self._load_byes(settings, players, len(rounds))
        avoid = self._load_avoid(settings, players)
        virtual = self._load_virtual(settings, players)
        self._check_journal()
        tournament = Tournament(settings, players, rounds, byes, avoid, virtual)
        _check_round_robin(tournament)
        if check:
            broken = [p for p in problems(tournament, self.player_lines) if p.severity == BROKEN]
            if broken:
                more = f" (and {count(len(broken) - 1, 'more problem')})" if len(broken) > 1 else ""
                raise BrokenFolder(f"{broken[0].message}{more}; 'arbiter verify' lists the problems",
                                   source=broken[0].file, line=broken[0].line, field=broken[0].field)
        return tournament

    def _load_settings(self) -> Settings:
        text = self._read_text(SETTINGS_FILE)
        data = read_toml(text, SETTINGS_FILE)
        if data.get("system") == "knockout":  # a knockout folder is read by store/knockout_folder.py
            raise BrokenFolder("a knockout's settings need a [knockout] table (games_per_match = 2, ...)",
                               source=SETTINGS_FILE, line=toml_line(text, ["system"]), field="system")
        return validated_table(Settings, data, text)

    def _load_players(self) -> tuple[Player, ...]:
        players: list[Player] = []
        seen: dict[int, int] = {}
        fide_ids: dict[int, int] = {}
        for line, row in self._read_csv(PLAYERS_FILE, PLAYER_COLUMNS, PLAYER_OPTIONAL):
            try:
                player = Player.model_validate(row)
            except ValidationError as error:
                first = error.errors()[0]
                field = str(first["loc"][0]) if first["loc"] else None
                raise BrokenFolder(pydantic_message(first), source=PLAYERS_FILE, line=line,
                                  field=field) from None
            if player.start_number in seen:
                raise BrokenFolder(f"start number {player.start_number} is already used on line "
                                  f"{seen[player.start_number]}", source=PLAYERS_FILE, line=line,
                                  field="start_number")
            if player.fide_id is not None and player.fide_id in fide_ids:
                raise BrokenFolder(f"FIDE ID {player.fide_id} is already used on line "
                                  f"{fide_ids[player.fide_id]}", source=PLAYERS_FILE, line=line,
                                  field="fide_id")
            seen[player.start_number] = line
            self.player_lines[player.start_number] = line
            if player.fide_id is not None:
                fide_ids[player.fide_id] = line
            players.append(player)
        numbered_from_one(seen, PLAYERS_FILE, "start_number", "start numbers")
        return tuple(sorted(players, key=lambda p: p.start_number))

    def _load_rounds(self, settings: Settings, players: tuple[Player, ...]) -> tuple[Round, ...]:
        known = {p.start_number for p in players}
        return tuple(self._load_round(n, known) for n in round_numbers(self.path, settings))

    def _load_round(self, number: int, known: set[int]) -> Round:
        name = f"{ROUNDS_DIR}/{_round_name(number)}"
        games: list[Game] = []
        byes: list[Bye] = []
        seen: dict[int, int] = {}

        def player(line: int, field: str, text: str) -> int:
            if not text.isdigit() or int(text) not in known:
                raise BrokenFolder(f"{text!r} is not the start number of a player", source=name,
                                  line=line, field=field)
            tpn = int(text)
            if tpn in seen:
                raise BrokenFolder(f"player {tpn} is already in this round on line {seen[tpn]}",
                                  source=name, line=line, field=field)
            seen[tpn] = line
            return tpn

        for line, row in self._read_csv(name, ROUND_COLUMNS, (ROUND_NOTE,)):
            note = row.get(ROUND_NOTE) or None
            if note not in (None, "excused", "colourless"):
                raise BrokenFolder(f"{note!r} is not a note this program writes (excused, colourless)", source=name,
                                  line=line, field=ROUND_NOTE)
            white = player(line, "white", row["white"])
            if row["black"] == "":
                if row["board"]:
                    raise BrokenFolder("a bye has no board number", source=name, line=line, field="board")
                try:
                    kind = parse_bye(row["result"])
                except ValueError as error:
                    raise BrokenFolder(str(error), source=name, line=line, field="result") from None
                byes.append(Bye(white, kind))
                continue
            if byes:
                raise BrokenFolder("games come before byes", source=name, line=line)
            black = player(line, "black", row["black"])
            if not row["board"].isdigit() or int(row["board"]) != len(games) + 1:
                raise BrokenFolder(f"expected board {len(games) + 1}", source=name, line=line,
                                  field="board")
            try:
                result = parse_result(row["result"])
            except ValueError as error:
                raise BrokenFolder(str(error), source=name, line=line, field="result") from None
            if note and result is GameResult.DOUBLE_LOSS:
                note = None  # written when a 0-0 counted as unplayed: a game played has no notice to give
            if note and (result is None or result.played):
                raise BrokenFolder(f"only a forfeit can be {note}", source=name, line=line, field=ROUND_NOTE)
            games.append(Game(white, black, len(games) + 1, result,
                              "excused" if note == "excused" else "colourless" if note else None))
        return Round(number, tuple(games), tuple(byes))

    def _load_byes(self, settings: Settings, players: tuple[Player, ...], paired: int) -> tuple[ByeRequest, ...]:
        if not (self.path / BYES_FILE).exists():
            return ()
        known = {p.start_number for p in players}
        last = settings.rounds
        requests: list[ByeRequest] = []
        seen: dict[tuple[int, int], int] = {}
        for line, row in self._read_csv(BYES_FILE, BYE_COLUMNS):
            text = row["round"]
            if not text.isdigit() or not paired < int(text) <= (last or 99):
                raise BrokenFolder(f"{text!r} is not a round still to be paired (rounds {paired + 1} to {last})",
                                  source=BYES_FILE, line=line, field="round")
            number = row["start_number"]
            if not number.isdigit() or int(number) not in known:
                raise BrokenFolder(f"{number!r} is not the start number of a player", source=BYES_FILE,
                                  line=line, field="start_number")
            if row["kind"] not in ("HPB", "ZPB"):
                raise BrokenFolder(f"{row['kind']!r} is not a requested bye (HPB or ZPB)", source=BYES_FILE,
                                  line=line, field="kind")
            key = (int(text), int(number))
            if key in seen:
                raise BrokenFolder(f"player {key[1]} already has a bye in round {key[0]} on line {seen[key]}",
                                  source=BYES_FILE, line=line, field="start_number")
            seen[key] = line
            requests.append(ByeRequest(key[0], key[1], ByeKind(row["kind"])))
        return tuple(requests)

    def _load_avoid(self, settings: Settings, players: tuple[Player, ...]) -> tuple[Avoidance, ...]:
        if not (self.path / AVOID_FILE).exists():
            return ()
        known = {p.start_number for p in players}
        out: list[Avoidance] = []
        lines: list[int] = []
        for line, row in self._read_csv(AVOID_FILE, AVOID_COLUMNS):
            numbers = row["players"].split()
            if len(numbers) < 2 or any(not n.isdigit() for n in numbers) or len(set(numbers)) != len(numbers):
                raise BrokenFolder(f"{row['players']!r} is not two or more start numbers of players, separated by "
                                   "spaces", source=AVOID_FILE, line=line, field="players")
            unknown = next((n for n in numbers if int(n) not in known), None)
            if unknown is not None:
                raise BrokenFolder(f"there is no player {unknown} (start numbers 1 to {len(players)})",
                                   source=AVOID_FILE, line=line, field="players")
            rounds = []
            for column in ("first_round", "last_round"):
                text = row[column]
                if text and (not text.isdigit() or not 1 <= int(text) <= (settings.rounds or 99)):
                    raise BrokenFolder(f"{text!r} is not a round of the event", source=AVOID_FILE, line=line,
                                       field=column)
                rounds.append(int(text) if text else None)
            if rounds[0] is not None and rounds[1] is not None and rounds[0] > rounds[1]:
                raise BrokenFolder("the first round is after the last", source=AVOID_FILE, line=line,
                                   field="last_round")
            avoidance = Avoidance(tuple(int(n) for n in numbers), rounds[0], rounds[1])
            twin = next((at for at, a in zip(lines, out) if set(a.players) == set(avoidance.players)
                         and (a.first, a.last) == (avoidance.first, avoidance.last)), None)
            if twin is not None:  # as 'arbiter avoid' refuses it
                raise BrokenFolder(f"the same forbidden pair as on line {twin}", source=AVOID_FILE, line=line,
                                   field="players")
            out.append(avoidance)
            lines.append(line)
        return tuple(out)

    def _load_virtual(self, settings: Settings, players: tuple[Player, ...]) -> tuple[VirtualPoints, ...]:
        if not (self.path / VIRTUAL_FILE).exists():
            return ()
        known = {p.start_number for p in players}
        out: list[VirtualPoints] = []
        seen: dict[tuple[int, int], int] = {}
        for line, row in self._read_csv(VIRTUAL_FILE, VIRTUAL_COLUMNS):
            if not row["start_number"].isdigit() or int(row["start_number"]) not in known:
                raise BrokenFolder(f"{row['start_number']!r} is not the start number of a player", source=VIRTUAL_FILE,
                                   line=line, field="start_number")
            if not row["round"].isdigit() or not 1 <= int(row["round"]) <= (settings.rounds or 99):
                raise BrokenFolder(f"{row['round']!r} is not a round of the event", source=VIRTUAL_FILE, line=line,
                                   field="round")
            try:
                points = parse_points(row["points"])
            except ValueError as error:
                raise BrokenFolder(str(error), source=VIRTUAL_FILE, line=line, field="points") from None
            if points < 0:
                raise BrokenFolder("virtual points are 0 or more", source=VIRTUAL_FILE, line=line, field="points")
            if not is_finite_decimal(points):  # a TRF writes them as decimals (record 250)
                raise BrokenFolder(f"{row['points']} has no exact decimal form; use values such as 1, 0.5 or 0.25",
                                   source=VIRTUAL_FILE, line=line, field="points")
            key = (int(row["start_number"]), int(row["round"]))
            if key in seen:
                raise BrokenFolder(f"player {key[0]} already has virtual points for round {key[1]} on line "
                                   f"{seen[key]}", source=VIRTUAL_FILE, line=line, field="round")
            seen[key] = line
            out.append(VirtualPoints(key[0], key[1], points))
        return tuple(out)

    def _check_journal(self) -> None:
        path = self.path / JOURNAL_FILE
        if not path.exists():
            raise BrokenFolder("the file is missing", source=JOURNAL_FILE)
        self._read_csv(JOURNAL_FILE, OLD_COLUMNS, ("by",))  # the header, and its number of fields on every line

    # -- writing -----------------------------------------------------------------

    def files_of(self, tournament: Tournament) -> dict[str, str]:
        files = {
            SETTINGS_FILE: settings_to_toml(tournament.settings),
            PLAYERS_FILE: players_to_csv(tournament.players),
        }
        for rnd in tournament.rounds:
            files[f"{ROUNDS_DIR}/{_round_name(rnd.number)}"] = round_to_csv(rnd)
        if tournament.byes:
            files[BYES_FILE] = byes_to_csv(tournament.byes)
        if tournament.avoid:
            files[AVOID_FILE] = csv_text(AVOID_COLUMNS, [[" ".join(map(str, a.players)), a.first, a.last]
                                                         for a in tournament.avoid])
        if tournament.virtual:
            files[VIRTUAL_FILE] = csv_text(VIRTUAL_COLUMNS, [[v.start_number, v.round, points_to_csv(v.points)]
                                                             for v in sorted(tournament.virtual,
                                                                             key=lambda v: (v.start_number, v.round))])
        return files

    def save(self, before: Tournament, after: Tournament, command: str, changes: Sequence[Change],
             now: dt.datetime | None = None, outputs: dict[str, str] | None = None) -> None:
        """Write what changed from ``before`` to ``after`` and journal ``changes``, all or nothing.

        ``outputs`` are extra files derived from the tournament (the final
        standings). Call it while holding the exclusive lock, with ``before`` as loaded.
        A change that would leave the event unsound (:mod:`arbiter_cli.lifecycle.integrity`)
        is refused and nothing is written: the acts check their own rules, this is the net.
        """
        known = {(p.file, p.message) for p in problems(before)}
        new = [p for p in problems(after) if p.severity == BROKEN and (p.file, p.message) not in known]
        if new:
            raise Refused(f"this change would leave the folder unsound ({new[0]}); nothing was changed")
        self._save_files(self.files_of(before), self.files_of(after), command, changes, now, outputs)

    @classmethod
    def create(cls, path: str | os.PathLike[str], settings: Settings, command: str, by: str = "", *,
               settings_text: str | None = None) -> "TournamentFolder":
        """Make a new tournament folder; the folder must not exist or be empty. ``by``: who.

        A folder that does not exist yet is built beside its place and moved in whole, so that
        a command killed meanwhile leaves no half-made folder that 'new' would refuse."""
        folder = cls(path)
        folder.by = by
        if folder.path.exists() and (not folder.path.is_dir() or any(folder.path.iterdir())):
            raise Refused(f"{folder.path} already exists and is not an empty folder")
        if settings_text is None:  # another kind of folder (a group event) writes its own
            settings_text = settings_to_toml(settings)  # fails before anything is written
        players_text = players_to_csv(())
        staging = None if folder.path.exists() else folder.path.parent / f".{folder.path.name}.new-{os.getpid()}"
        _clear_stale_staging(folder.path)
        built = cls(staging or folder.path)
        built.by = by
        try:
            try:
                built.path.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise BrokenFolder(f"cannot create {folder.path}: {error.strerror}") from None
            (built.path / ROUNDS_DIR).mkdir(exist_ok=True)
            built._create({PLAYERS_FILE: players_text, SETTINGS_FILE: settings_text}, SETTINGS_FILE, command,
                          Change("tournament created", "", settings.name))
            if staging is not None:
                try:
                    os.replace(staging, folder.path)
                except OSError as error:
                    raise BrokenFolder(f"cannot create {folder.path}: {error.strerror}") from None
                fsync_dir(folder.path.parent)
        finally:
            if staging is not None and staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
        return folder


def _clear_stale_staging(directory: Path) -> None:
    """Remove what a 'new' or 'import' of ``directory`` killed midway left beside it
    (``.NAME.new-PID``, ``.NAME.import-PID`` of a process no longer running)."""
    parent = directory.parent if str(directory.parent) else Path(".")
    with contextlib.suppress(OSError):
        for path in parent.glob(f".{glob.escape(directory.name)}.*-*"):
            kind, _, pid = path.name[len(directory.name) + 2:].partition("-")
            if kind in ("new", "import") and pid.isdigit() and not process_alive(int(pid)):
                shutil.rmtree(path, ignore_errors=True)


def round_numbers(path: Path, settings: Settings) -> list[int]:
    """The rounds a folder's ``rounds/`` holds (01.csv, 02.csv, ...), 1 to n without gaps and no
    more than the event's rounds; any other file there is a :class:`BrokenFolder` naming it. Shared
    by the individual and the team event's folders."""
    directory = path / ROUNDS_DIR
    if not directory.exists():
        return []
    if not directory.is_dir():
        raise BrokenFolder("must be a folder", source=ROUNDS_DIR)
    numbers: dict[int, str] = {}
    for entry in sorted(directory.iterdir()):
        if entry.name.startswith("."):
            continue
        match = _ROUND_NAME.match(entry.name)
        if not match or not entry.is_file():
            raise BrokenFolder("unexpected file; round files are named 01.csv, 02.csv, ...",
                               source=f"{ROUNDS_DIR}/{entry.name}")
        number = int(match.group(1))
        if number in numbers or entry.name != _round_name(number):
            raise BrokenFolder(f"round {number} must be named {_round_name(number)}", source=f"{ROUNDS_DIR}/{entry.name}")
        numbers[number] = entry.name
    expected = list(range(1, len(numbers) + 1))
    if sorted(numbers) != expected:
        missing = next(n for n in expected + [len(numbers) + 1] if n not in numbers)
        raise BrokenFolder(f"round {missing} is missing; rounds must run from 1 without gaps",
                           source=f"{ROUNDS_DIR}/{_round_name(missing)}")
    if settings.rounds is not None and len(numbers) > settings.rounds:
        raise BrokenFolder(f"there are {len(numbers)} round files but the event has "
                           f"{count(settings.rounds, 'round')}", source=SETTINGS_FILE, field="rounds")
    return expected


def numbered_from_one(numbers: set[int] | dict[int, int], source: str, field: str, what: str) -> None:
    """Numbers (start numbers, team numbers) run from 1 without gaps, else a :class:`BrokenFolder`."""
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        missing = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        raise BrokenFolder(f"{what} must run from 1 without gaps; {missing} is missing", source=source, field=field)


def _check_round_robin(tournament: Tournament) -> None:
    """Once a round robin is paired, its settings and rounds must follow the Berger tables."""
    settings = tournament.settings
    if not settings.system.is_round_robin or not tournament.rounds:
        return
    total = planned_rounds(settings.system, len(tournament.players))
    if settings.rounds != total:
        raise BrokenFolder(f"a {settings.system.value} of {len(tournament.players)} players has {count(total, 'round')}, "
                          f"not {settings.rounds}", source=SETTINGS_FILE, field="rounds")
    if settings.initial_colour is InitialColour.RANDOM:
        raise BrokenFolder("must be white or black once round 1 is paired", source=SETTINGS_FILE,
                          field="initial_colour")
    bare = Tournament(settings, tuple(p.model_copy(update={"status": "active", "withdrawn_after": None})
                                      for p in tournament.players))
    for rnd in tournament.rounds:
        if not settings.berger_tables:  # imported as played: only the free rounds are checked
            _check_free_rounds(rnd)
            continue
        expected = pair_round(bare, rnd.number)
        name = f"{ROUNDS_DIR}/{_round_name(rnd.number)}"
        want = [_row(g) for g in expected.games] + [_row(b) for b in expected.byes]
        have = [_row(g) for g in rnd.games] + [_row(b) for b in rnd.byes]
        for line, (got, wanted) in enumerate(zip(have, want), start=2):
            if got != wanted:
                shown = f"{wanted[0]}-{wanted[1]}" if wanted[1] else f"a bye for {wanted[0]}"
                raise BrokenFolder(f"the Berger table has {shown} here", source=name, line=line)
        if len(have) != len(want):
            raise BrokenFolder(f"the Berger table has {len(want)} rows in this round, not {len(have)}",
                              source=name, line=min(len(have), len(want)) + 2)
        _check_free_rounds(rnd)


def _check_free_rounds(rnd: Round) -> None:
    for bye in rnd.byes:
        if bye.kind is not ByeKind.BYE:
            raise BrokenFolder("a round robin's free round is written BYE", source=f"{ROUNDS_DIR}/"
                              f"{_round_name(rnd.number)}", field="result")


def _row(row: Game | Bye) -> tuple[int, int | None]:
    """A row of a round as (White, Black), or (player, None) for a bye."""
    return (row.white, row.black) if isinstance(row, Game) else (row.player, None)


def _round_name(number: int) -> str:
    return f"{number:02d}.csv"


def create_with(directory: Path, tournament: Tournament, command: str, changes: Sequence[Change], by: str = ""
                ) -> TournamentFolder:
    """A new tournament folder holding ``tournament`` (an imported event), all or nothing: it is
    built beside its place, checked by reading it back, then moved in."""
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise Refused(f"{directory} already exists and is not an empty folder")
    staging = directory.parent / f".{directory.name}.import-{os.getpid()}"
    _clear_stale_staging(directory)
    try:
        try:
            folder = TournamentFolder.create(staging, tournament.settings, command, by)
        except BrokenFolder as error:  # name the place asked for, not the staging folder beside it
            raise BrokenFolder(error.message.replace(str(staging), str(directory))) from None
        with folder.lock(exclusive=True):
            folder.save(folder.load(), tournament, command, changes)
            folder.load()
        os.replace(staging, directory)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    fsync_dir(directory.parent if str(directory.parent) else Path("."))
    return TournamentFolder(directory)
