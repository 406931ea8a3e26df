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
    prizes.toml         the prize fund, written by a person (:mod:`.prizes`)
    .arbiter.lock       the lock file (removed by the last command to let it go; safe to delete when no command runs)

:data:`TOURNAMENT_LAYOUT` declares them once (:mod:`.layout`): each CSV file with its columns and
the reader of its rows. Reading is strict (:mod:`.tables`) and writing all or nothing (:mod:`.files`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import tomllib
from fractions import Fraction
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from arbiter_cli.core.errors import BrokenFolder, Refused, pydantic_message
from arbiter_cli.core.model import (Avoidance, Bye, ByeRequest, Game, Player, Round, Settings,
                                    Tournament, VirtualPoints, is_finite_decimal)
from arbiter_cli.core.points import format_points, parse_points, points_to_toml
from arbiter_cli.core.results import ByeKind, GameResult, parse_bye, parse_result
from arbiter_cli.lifecycle.berger_check import berger_table_problem
from arbiter_cli.lifecycle.integrity import BROKEN, problems
from arbiter_cli.core.words import count
from arbiter_cli.store.files import (Derived, FolderStore, csv_text, fsync_dir, move_into_place, process_alive,
                                     toml_line)
from arbiter_cli.store.journal import JOURNAL_FILE, OLD_COLUMNS
from arbiter_cli.store.layout import ACCESS, Document, Hidden, Layout, Marker, Outputs, PersonFile
from arbiter_cli.store.names import CLUB_FILE, SETTINGS_FILE, TEAMS_FILE
from arbiter_cli.store.tables import Checked, Line, RoundFiles, Table

if TYPE_CHECKING:
    from arbiter_cli.core.value import Checkable
    from arbiter_cli.lifecycle.change import Change

__all__ = ["SETTINGS_FILE", "PLAYERS_FILE", "ROUNDS_DIR", "BYES_FILE", "FINAL_DIR", "PLAYER_COLUMNS",
           "ROUND_COLUMNS", "TournamentFolder", "settings_to_toml", "players_to_csv", "round_to_csv",
           "byes_to_csv", "create_with", "read_toml", "validated_table", "numbered_from_one", "PRIZES_FILE",
           "TOURNAMENT_LAYOUT", "JOURNAL", "PLAYERS", "ROUNDS", "BYES", "AVOID", "VIRTUAL"]

PLAYERS_FILE = "players.csv"
ROUNDS_DIR = "rounds"
PLAYER_COLUMNS = ("start_number", "name", "title", "rating", "fide_id", "federation", "sex",
                  "birth_date", "club", "status", "withdrawn_after")
#: Optional last columns: a late entry's first round, a club tournament's member id, the national
#: rating (TRF-2026's NRS records), and the player's K on the FIDE list of the event's rate of play
#: (B.02 8.3.3). A file has the first k of them: those up to the last one some player needs, so that
#: a folder without them keeps its bytes.
PLAYER_OPTIONAL = ("entered_round", "member_id", "national_rating", "k_factor")
ROUND_COLUMNS = ("board", "white", "black", "result")
ROUND_NOTE = "note"  # an optional fifth column: "excused" on a forfeit with notice, "colourless" on one without colours
BYES_FILE = "byes.csv"
BYE_COLUMNS = ("round", "start_number", "kind")
AVOID_FILE = "avoid.csv"
AVOID_COLUMNS = ("players", "first_round", "last_round")
VIRTUAL_FILE = "virtual.csv"
VIRTUAL_COLUMNS = ("start_number", "round", "points")
FINAL_DIR = "final"
#: The prize fund, written by a person (:mod:`arbiter_cli.store.prizes` reads it).
PRIZES_FILE = "prizes.toml"

_Table = TypeVar("_Table", bound="Checkable")


#: Settings written only when they differ from their default.
_QUIET_DEFAULTS = frozenset({"half_byes_closed_last_rounds", "late_entry_missed", "no_show_rule",
                             "round_robin_withdrawal", "berger_tables",
                             "rank_withdrawn", "acceleration", "avoid_same_club_rounds",
                             "avoid_same_federation_rounds"}) | {"starting_rank"}


def read_toml(text: str, source: str) -> dict[str, object]:
    """A TOML file's table; a syntax error names the file and the line (an array, a string or a table
    left open names the file's last line, where TOML finds it still open)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column \d+\)", str(error))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        line = int(match.group(1)) if match else None
        if message == "Illegal character '\\n'":  # a string's closing quote missing: say so, not the library's words
            message = "a quoted text not closed on its line (a quote missing?)"
        if line is None and message.endswith("(at end of document)"):
            message = message.removesuffix(" (at end of document)") + " at the end of the file"
            line = max(1, len(text.rstrip().splitlines()))
        raise BrokenFolder(f"TOML syntax error: {message}", source=source, line=line) from None


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
    from pydantic import ValidationError  # checking imports pydantic anyway (start-up, issue 29)

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
    defaults = Settings.defaults()  # the schema's (tests/core/test_value.py), without loading it
    for key, value in settings.items():
        if key == "scoring":
            continue
        if value is None or (key in _QUIET_DEFAULTS and value == defaults[key]):
            continue
        data[key] = getattr(value, "value", value)
    data["tiebreaks"] = list(settings.tiebreaks)
    data["scoring"] = {key: points_to_toml(value) for key, value in settings.scoring.items()}
    import tomli_w  # a change of the settings only (start-up, issue 29)

    return tomli_w.dumps(data)


def players_to_csv(players: Sequence[Player]) -> str:
    """``players.csv``; the optional columns appear only when some player needs them."""
    # the optional columns up to the last one some player needs (a file's header is the columns and
    # a prefix of the optional ones)
    needed = [at for at, column in enumerate(PLAYER_OPTIONAL, start=1)
              if any(getattr(p, column) is not None for p in players)]
    extra = PLAYER_OPTIONAL[:max(needed, default=0)]
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


# --------------------------------------------------------------------------- reading: the rows of each file


class _PlayerRows:
    """``players.csv``: a player per row; a start number and a FIDE ID once each, start numbers from 1."""

    def __init__(self, _: None = None) -> None:
        self.players: list[Player] = []
        self.lines: dict[int, int] = {}  # start number -> its line
        self.fide_ids: dict[int, int] = {}

    def row(self, line: Line) -> None:
        player = line.validated(Player)
        if player.start_number in self.lines:
            raise line.fault(f"start number {player.start_number} is already used on line "
                             f"{self.lines[player.start_number]}", "start_number")
        if player.fide_id is not None and player.fide_id in self.fide_ids:
            raise line.fault(f"FIDE ID {player.fide_id} is already used on line {self.fide_ids[player.fide_id]}",
                             "fide_id")
        self.lines[player.start_number] = line.number
        if player.fide_id is not None:
            self.fide_ids[player.fide_id] = line.number
        self.players.append(player)

    def result(self) -> tuple[tuple[Player, ...], dict[int, int]]:
        numbered_from_one(self.lines, PLAYERS_FILE, "start_number", "start numbers")
        return tuple(sorted(self.players, key=lambda p: p.start_number)), self.lines


class _GameRows:
    """A round file: its games in board order (boards 1, 2, ...), then its byes; a player once."""

    def __init__(self, number: int, known: set[int]) -> None:
        self.number, self.known = number, known
        self.games: list[Game] = []
        self.byes: list[Bye] = []
        self.seen: dict[int, int] = {}

    def _player(self, line: Line, field: str) -> int:
        text = line[field]
        if not text.isdigit() or int(text) not in self.known:
            raise line.fault(f"{text!r} is not the start number of a player", field)
        tpn = int(text)
        if tpn in self.seen:
            where = "as white on this line" if self.seen[tpn] == line.number else f"on line {self.seen[tpn]}"
            raise line.fault(f"player {tpn} is already in this round {where}", field)  # (trial42: "on line 3" of line 3)
        self.seen[tpn] = line.number
        return tpn

    def row(self, line: Line) -> None:
        note = line.get(ROUND_NOTE) or None
        if note not in (None, "excused", "colourless", "adjourned"):
            raise line.fault(f"{note!r} is not a note this program writes (excused, colourless, adjourned)", ROUND_NOTE)
        white = self._player(line, "white")
        if line["black"] == "":
            if line["board"]:
                raise line.fault("a bye has no board number", "board")
            self.byes.append(Bye(white, line.parsed(parse_bye, "result")))
            return
        if self.byes:
            raise line.fault("games come before byes")
        black = self._player(line, "black")
        if not line["board"].isdigit() or int(line["board"]) != len(self.games) + 1:
            raise line.fault(f"expected board {len(self.games) + 1}", "board")
        result = line.parsed(parse_result, "result")
        if note == "adjourned":  # paired on while still being played (C.04.2 3.1): a game over the board
            if result is not None and result.is_forfeit:
                raise line.fault("a forfeit cannot be adjourned (a game paired on while it was still being played)",
                                 ROUND_NOTE)
            self.games.append(Game(white, black, len(self.games) + 1, result, "adjourned"))
            return
        if note and result is GameResult.DOUBLE_LOSS:
            note = None  # written when a 0-0 counted as unplayed: a game played has no notice to give
        if note and (result is None or result.played):
            raise line.fault(f"only a forfeit can be {note}", ROUND_NOTE)
        self.games.append(Game(white, black, len(self.games) + 1, result,
                               "excused" if note == "excused" else "colourless" if note else None))

    def result(self) -> Round:
        return Round(self.number, tuple(self.games), tuple(self.byes))


class _ByeRows:
    """``byes.csv``: requested byes (HPB, ZPB) for rounds still to be paired, one per player and round."""

    def __init__(self, context: tuple[Settings, set[int], int]) -> None:
        self.settings, self.known, self.paired = context
        self.requests: list[ByeRequest] = []
        self.seen: dict[tuple[int, int], int] = {}

    def row(self, line: Line) -> None:
        text, last = line["round"], self.settings.rounds
        if not text.isdigit() or not self.paired < int(text) <= (last or 99):
            raise line.fault(f"{text!r} is not a round still to be paired (rounds {self.paired + 1} to {last})",
                             "round")
        number = line["start_number"]
        if not number.isdigit() or int(number) not in self.known:
            raise line.fault(f"{number!r} is not the start number of a player", "start_number")
        if line["kind"] not in ("HPB", "ZPB"):
            raise line.fault(f"{line['kind']!r} is not a requested bye (HPB or ZPB)", "kind")
        key = (int(text), int(number))
        if key in self.seen:
            raise line.fault(f"player {key[1]} already has a bye in round {key[0]} on line {self.seen[key]}",
                             "start_number")
        self.seen[key] = line.number
        self.requests.append(ByeRequest(key[0], key[1], ByeKind(line["kind"])))

    def result(self) -> tuple[ByeRequest, ...]:
        return tuple(self.requests)


class _AvoidRows:
    """``avoid.csv``: forbidden pairs (two or more players, the rounds they cover), each once."""

    def __init__(self, context: tuple[Settings, tuple[Player, ...]]) -> None:
        self.settings, players = context
        self.count, self.known = len(players), {p.start_number for p in players}
        self.out: list[Avoidance] = []
        self.lines: list[int] = []

    def row(self, line: Line) -> None:
        numbers = line["players"].split()
        if len(numbers) < 2 or any(not n.isdigit() for n in numbers) or len(set(numbers)) != len(numbers):
            raise line.fault(f"{line['players']!r} is not two or more start numbers of players, separated by spaces",
                             "players")
        unknown = next((n for n in numbers if int(n) not in self.known), None)
        if unknown is not None:
            raise line.fault(f"there is no player {unknown} (start numbers 1 to {self.count})", "players")
        rounds = []
        for column in ("first_round", "last_round"):
            text = line[column]
            if text and (not text.isdigit() or not 1 <= int(text) <= (self.settings.rounds or 99)):
                raise line.fault(f"{text!r} is not a round of the event", column)
            rounds.append(int(text) if text else None)
        if rounds[0] is not None and rounds[1] is not None and rounds[0] > rounds[1]:
            raise line.fault("the first round is after the last", "last_round")
        avoidance = Avoidance(tuple(int(n) for n in numbers), rounds[0], rounds[1])
        twin = next((at for at, a in zip(self.lines, self.out) if set(a.players) == set(avoidance.players)
                     and (a.first, a.last) == (avoidance.first, avoidance.last)), None)
        if twin is not None:  # as 'arbiter avoid' refuses it
            raise line.fault(f"the same forbidden pair as on line {twin}", "players")
        self.out.append(avoidance)
        self.lines.append(line.number)

    def result(self) -> tuple[Avoidance, ...]:
        return tuple(self.out)


class _VirtualRows:
    """``virtual.csv``: the arbiter's virtual points, exact decimals of 0 or more, once per player and round."""

    def __init__(self, context: tuple[Settings, set[int]]) -> None:
        self.settings, self.known = context
        self.out: list[VirtualPoints] = []
        self.seen: dict[tuple[int, int], int] = {}

    def row(self, line: Line) -> None:
        if not line["start_number"].isdigit() or int(line["start_number"]) not in self.known:
            raise line.fault(f"{line['start_number']!r} is not the start number of a player", "start_number")
        if not line["round"].isdigit() or not 1 <= int(line["round"]) <= (self.settings.rounds or 99):
            raise line.fault(f"{line['round']!r} is not a round of the event", "round")
        points = line.parsed(parse_points, "points")
        if points < 0:
            raise line.fault("virtual points are 0 or more", "points")
        if not is_finite_decimal(points):  # a TRF writes them as decimals (record 250)
            raise line.fault(f"{line['points']} has no exact decimal form; use values such as 1, 0.5 or 0.25",
                             "points")
        key = (int(line["start_number"]), int(line["round"]))
        if key in self.seen:
            raise line.fault(f"player {key[0]} already has virtual points for round {key[1]} on line "
                             f"{self.seen[key]}", "round")
        self.seen[key] = line.number
        self.out.append(VirtualPoints(key[0], key[1], points))

    def result(self) -> tuple[VirtualPoints, ...]:
        return tuple(self.out)


# --------------------------------------------------------------------------- what the folder owns

PLAYERS = Table(PLAYERS_FILE, PLAYER_COLUMNS, _PlayerRows, PLAYER_OPTIONAL)
ROUNDS = RoundFiles(ROUNDS_DIR, ROUND_COLUMNS, _GameRows, (ROUND_NOTE,))
BYES = Table(BYES_FILE, BYE_COLUMNS, _ByeRows, required=False)
AVOID = Table(AVOID_FILE, AVOID_COLUMNS, _AvoidRows, required=False)
VIRTUAL = Table(VIRTUAL_FILE, VIRTUAL_COLUMNS, _VirtualRows, required=False)
#: Every event folder's journal: read for its header and the number of fields of every line.
JOURNAL = Table(JOURNAL_FILE, OLD_COLUMNS, Checked, ("by",))

#: An individual event's folder (a Swiss, a round robin; a group event's stage).
TOURNAMENT_LAYOUT = Layout((
    Document(SETTINGS_FILE), PLAYERS, BYES, AVOID, VIRTUAL, JOURNAL, ROUNDS, Outputs(FINAL_DIR),
    PersonFile(PRIZES_FILE), Marker(TEAMS_FILE), Marker(CLUB_FILE), ACCESS, Hidden(),
))


class TournamentFolder(FolderStore):
    """A tournament folder on disk."""

    layout = TOURNAMENT_LAYOUT

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
        known = {p.start_number for p in players}
        rounds = self.read_rounds(ROUNDS, settings.rounds, known)
        byes = self.read_table(BYES, (settings, known, len(rounds)))
        avoid = self.read_table(AVOID, (settings, players))
        virtual = self.read_table(VIRTUAL, (settings, known))
        self._check_journal()
        tournament = Tournament(settings, players, rounds, byes, avoid, virtual)
        off_the_table = berger_table_problem(tournament)  # C.05: a round robin follows its Berger table
        if off_the_table is not None:
            line = off_the_table.line
            if off_the_table.file == SETTINGS_FILE and line is None and off_the_table.field:
                line = toml_line(self._read_text(SETTINGS_FILE), [off_the_table.field])
            raise BrokenFolder(off_the_table.message, source=off_the_table.file, line=line, field=off_the_table.field)
        if check:
            broken = [p for p in problems(tournament, self.player_lines) if p.severity == BROKEN]
            if broken:
                more = f" (and {count(len(broken) - 1, 'more problem')})" if len(broken) > 1 else ""
                raise BrokenFolder(f"{broken[0].message}{more}; 'arbiter verify' lists the problems",
                                   source=broken[0].file, line=broken[0].line, field=broken[0].field)
        return tournament

    def _load_settings(self, text: str | None = None) -> Settings:
        """``tournament.toml`` read strictly (``text``: a text to read as if it were the file's); the
        file's through the read cache when it is kept (:meth:`keep_reads`: ``publish``, ``serve``)."""
        if text is None:
            return self._parsed(SETTINGS_FILE, self._load_settings, alone=True)  # given its text alone
        data = read_toml(text, SETTINGS_FILE)
        if data.get("system") == "knockout":  # a knockout folder is read by store/knockout_folder.py
            raise BrokenFolder("a knockout's settings need a [knockout] table (games_per_match = 2, ...)",
                               source=SETTINGS_FILE, line=toml_line(text, ["system"]), field="system")
        return validated_table(Settings, data, text)

    def _load_players(self) -> tuple[Player, ...]:
        players, self.player_lines = self.read_table(PLAYERS, None)
        return players

    def _check_journal(self) -> None:
        self.read_table(JOURNAL, None)  # the header, and its number of fields on every line

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
             now: dt.datetime | None = None, outputs: Derived | None = None) -> None:
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
            from arbiter_cli.lifecycle.change import Change  # a change is written (start-up, issue 29)

            built._create({PLAYERS_FILE: players_text, SETTINGS_FILE: settings_text}, SETTINGS_FILE, command,
                          Change("tournament created", "", settings.name))
            if staging is not None:
                try:
                    move_into_place(staging, folder.path)
                except OSError as error:
                    raise BrokenFolder(f"cannot create {folder.path}: {error.strerror}") from None
                fsync_dir(folder.path.parent)
        finally:
            if staging is not None and staging.exists():
                import shutil  # here: 'new' and 'import' only (start-up, issue 29)

                shutil.rmtree(staging, ignore_errors=True)
        return folder


def _clear_stale_staging(directory: Path) -> None:
    """Remove what a 'new' or 'import' of ``directory`` killed midway left beside it
    (``.NAME.new-PID``, ``.NAME.import-PID`` of a process no longer running)."""
    import glob
    import shutil

    parent = directory.parent if str(directory.parent) else Path(".")
    with contextlib.suppress(OSError):
        for path in parent.glob(f".{glob.escape(directory.name)}.*-*"):
            kind, _, pid = path.name[len(directory.name) + 2:].partition("-")
            if kind in ("new", "import") and pid.isdigit() and not process_alive(int(pid)):
                shutil.rmtree(path, ignore_errors=True)


def numbered_from_one(numbers: set[int] | dict[int, int], source: str, field: str, what: str) -> None:
    """Numbers (start numbers, team numbers) run from 1 without gaps, else a :class:`BrokenFolder`."""
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        missing = next(n for n in range(1, len(numbers) + 2) if n not in numbers)
        raise BrokenFolder(f"{what} must run from 1 without gaps; {missing} is missing", source=source, field=field)


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
        move_into_place(staging, directory)
    finally:
        if staging.exists():
            import shutil

            shutil.rmtree(staging, ignore_errors=True)
    fsync_dir(directory.parent if str(directory.parent) else Path("."))
    return TournamentFolder(directory)
