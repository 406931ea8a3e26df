"""The team event folder (issue 15): the only module that reads or writes one on disk.

A team event is a folder of plain files, like an individual one::

    tournament.toml     the settings, with a [team] table (:class:`~arbiter_cli.core.team_settings.TeamSettings`)
    teams.csv           number,name,short,status,withdrawn_after[,entered_round]
    players.csv         the players (as an individual event's), with the column 'team': a team's
                        roster is its players in start-number order, main players first; an
                        optional last column 'national_rating', when a player has one
    rounds/01.csv       match,board,first,second,result: a match line (board empty: the teams,
                        and a match forfeit), then its board lines (the players, first team first;
                        an empty board has no player); a team bye is a line with neither
    lineups.csv         line-ups given for rounds not yet paired: round,team,board,start_number
    team_byes.csv       requested team byes for rounds not yet paired (a team Swiss): round,team,kind
    final/              the final team standings, written by 'arbiter finalize' (and again by a correction)
    journal.csv         append-only log, as for an individual event

Reading is strict (every bad line is named with its file, line and field) and writing all or
nothing (:mod:`.files`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import tomli_w

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Refused
from arbiter_cli.core.choices import Status
from arbiter_cli.core.model import Player, Settings
from arbiter_cli.core.points import points_to_toml
from arbiter_cli.core.results import ByeKind, GameResult, parse_bye, parse_final_result
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import (BoardGame, LineUpRequest, Match, MatchRound, TeamBye, TeamByeRequest,
                                              TeamEntry, TeamTournament)
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.team_integrity import team_problems
from arbiter_cli.lifecycle.team_standings import check_team_codes
from arbiter_cli.store.files import Derived, FolderStore, csv_text, toml_line
from arbiter_cli.store.layout import ACCESS, Document, Hidden, Layout, Marker, Outputs, PersonFile
from arbiter_cli.store.names import CLUB_FILE, TEAMS_FILE, is_team_folder
from arbiter_cli.store.tables import Line, RoundFiles, Table
from arbiter_cli.store.tournament import (FINAL_DIR, JOURNAL, PLAYER_COLUMNS, PLAYERS_FILE, PRIZES_FILE, ROUNDS_DIR,
                                          SETTINGS_FILE, numbered_from_one, settings_to_toml, settings_with_table)

__all__ = ["TEAMS_FILE", "LINEUPS_FILE", "TEAM_LAYOUT", "TeamFolder", "is_team_folder", "team_files"]

TEAM_COLUMNS = ("number", "name", "short", "status", "withdrawn_after")
TEAM_OPTIONAL = ("entered_round",)  # only when some team entered late
TEAM_PLAYER_COLUMNS = (*PLAYER_COLUMNS, "team")
#: The optional last column of a team event's ``players.csv``: written when some player has one.
TEAM_PLAYER_OPTIONAL = ("national_rating",)
MATCH_COLUMNS = ("match", "board", "first", "second", "result")
LINEUPS_FILE = "lineups.csv"
TEAM_BYES_FILE = "team_byes.csv"
TEAM_BYE_COLUMNS = ("round", "team", "kind")
LINEUP_COLUMNS = ("round", "team", "board", "start_number")
_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


def _round_name(number: int) -> str:
    return f"{number:02d}.csv"


def team_settings_to_toml(settings: Settings, team: TeamSettings) -> str:
    text = settings_to_toml(settings)
    data: dict[str, object] = {}
    defaults = TeamSettings.defaults()  # the schema's (tests/core/test_value.py), without loading it
    for key, value in team.items():
        if key != "boards" and value == defaults.get(key):
            continue
        if isinstance(value, Fraction):
            data[key] = points_to_toml(value)
        elif key == "tiebreaks":
            data[key] = list(value)
        else:
            data[key] = value
    return text + "\n" + tomli_w.dumps({"team": data})


def _side(value: int | None) -> str:
    return "" if value is None else str(value)


def round_to_csv(rnd: MatchRound) -> str:
    rows: list[list[object]] = []
    for match in rnd.matches:
        rows.append([match.number, None, match.first, match.second, match.forfeit.value if match.forfeit else None])
        for game in match.boards:
            rows.append([match.number, game.board, _side(game.first), _side(game.second),
                         game.result.value if game.result else None])
    for bye in rnd.byes:
        rows.append([None, None, bye.team, None, bye.kind.value])
    return csv_text(MATCH_COLUMNS, rows)


def _team_players_csv(tournament: TeamTournament) -> str:
    """A team event's ``players.csv``: the national ratings' column only when some player has one."""
    national = any(p.national_rating is not None for p in tournament.players)
    extra = TEAM_PLAYER_OPTIONAL if national else ()
    return csv_text((*TEAM_PLAYER_COLUMNS, *extra), [
        [p.start_number, p.name, p.title, p.rating or None, p.fide_id, p.federation, p.sex, p.birth_date,
         p.club, p.status, p.withdrawn_after, tournament.team_of.get(p.start_number),
         *([p.national_rating] if national else [])]
        for p in sorted(tournament.players, key=lambda p: p.start_number)])


def _teams_csv(tournament: TeamTournament) -> str:
    """A team event's ``teams.csv``: the column ``entered_round`` only when some team entered late."""
    late = any(t.entered_round is not None for t in tournament.teams)
    extra = TEAM_OPTIONAL if late else ()
    return csv_text((*TEAM_COLUMNS, *extra), [[t.number, t.name, t.short, t.status, t.withdrawn_after,
                                               *([t.entered_round] if late else [])]
                                              for t in sorted(tournament.teams, key=lambda t: t.number)])


def team_files(tournament: TeamTournament) -> dict[str, str]:
    """The folder's files for ``tournament``, by name."""
    files = {
        SETTINGS_FILE: team_settings_to_toml(tournament.settings, tournament.team),
        TEAMS_FILE: _teams_csv(tournament),
        PLAYERS_FILE: _team_players_csv(tournament),
    }
    for rnd in tournament.rounds:
        files[f"{ROUNDS_DIR}/{_round_name(rnd.number)}"] = round_to_csv(rnd)
    if tournament.byes:
        files[TEAM_BYES_FILE] = csv_text(TEAM_BYE_COLUMNS, [[b.round, b.team, b.kind.value] for b in sorted(
            tournament.byes, key=lambda b: (b.round, b.team))])
    if tournament.lineups:
        rows: list[list[object]] = []
        for request in sorted(tournament.lineups, key=lambda r: (r.round, r.team)):
            rows += [[request.round, request.team, board, player]
                     for board, player in enumerate(request.players, start=1)]
        files[LINEUPS_FILE] = csv_text(LINEUP_COLUMNS, rows)
    return files


# --------------------------------------------------------------------------- reading: the rows of each file


class _TeamRows:
    """``teams.csv``: a team per row; a number and a name once each, numbers from 1."""

    def __init__(self, _: None = None) -> None:
        self.teams: list[TeamEntry] = []
        self.seen: dict[int, int] = {}
        self.names: dict[str, int] = {}

    def row(self, line: Line) -> None:
        entry = line.validated(TeamEntry)
        if entry.number in self.seen:
            raise line.fault(f"team number {entry.number} is already used on line {self.seen[entry.number]}", "number")
        if entry.name.casefold() in self.names:
            raise line.fault(f"the team {entry.name!r} is already on line {self.names[entry.name.casefold()]}", "name")
        if entry.is_withdrawn != (entry.withdrawn_after is not None):
            raise line.fault("a withdrawn team needs withdrawn_after, an active one none", "withdrawn_after")
        self.seen[entry.number] = line.number
        self.names[entry.name.casefold()] = line.number
        self.teams.append(entry)

    def result(self) -> tuple[TeamEntry, ...]:
        numbered_from_one(self.seen, TEAMS_FILE, "number", "team numbers")
        return tuple(sorted(self.teams, key=lambda t: t.number))


class _TeamPlayerRows:
    """``players.csv`` of a team event: a player per row with their team; start numbers from 1."""

    def __init__(self, teams: set[int]) -> None:
        self.known = teams
        self.players: list[Player] = []
        self.team_of: dict[int, int] = {}
        self.fide_ids: dict[int, int] = {}
        self.lines: dict[int, int] = {}  # start number -> its line

    def row(self, line: Line) -> None:
        player = line.validated(Player, leave_out=("team",))
        team = line["team"]
        if player.start_number in self.team_of:
            raise line.fault(f"start number {player.start_number} is already used", "start_number")
        if not team.isdigit() or int(team) not in self.known:
            raise line.fault(f"{team!r} is not the number of a team in {TEAMS_FILE}", "team")
        if player.fide_id is not None and player.fide_id in self.fide_ids:
            raise line.fault(f"FIDE ID {player.fide_id} is already used on line {self.fide_ids[player.fide_id]}",
                             "fide_id")
        if player.fide_id is not None:
            self.fide_ids[player.fide_id] = line.number
        self.team_of[player.start_number] = int(team)
        self.lines[player.start_number] = line.number
        self.players.append(player)

    def result(self) -> tuple[tuple[Player, ...], dict[int, int], dict[int, int]]:
        """The players by start number, each one's team, and each one's line."""
        numbered_from_one(self.team_of, PLAYERS_FILE, "start_number", "start numbers")
        return tuple(sorted(self.players, key=lambda p: p.start_number)), self.team_of, self.lines


class _MatchRows:
    """A team event's round file: each match line (the teams, a match forfeit) followed by its board
    lines (boards 1, 2, ...: the players, first team first, an empty board without one), then the
    team byes; a team and a player once."""

    def __init__(self, number: int, context: tuple[set[int], dict[int, int]]) -> None:
        self.number = number
        self.teams, self.team_of = context
        self.matches: list[Match] = []
        self.byes: list[TeamBye] = []
        self.placed: dict[int, int] = {}  # team -> line
        self.seated: dict[int, int] = {}  # player -> line
        self.current: Match | None = None  # the match being read, its boards in ``boards`` until it ends
        self.boards: list[BoardGame] = []

    def _team(self, line: Line, field: str) -> int:
        text = line[field]
        if not text.isdigit() or int(text) not in self.teams:
            raise line.fault(f"{text!r} is not the number of a team", field)
        if int(text) in self.placed:
            raise line.fault(f"team {text} is already in this round on line {self.placed[int(text)]}", field)
        self.placed[int(text)] = line.number
        return int(text)

    def _player(self, line: Line, field: str, side: int) -> int | None:
        text = line[field]
        if text == "":
            return None
        if not text.isdigit() or int(text) not in self.team_of:
            raise line.fault(f"{text!r} is not the start number of a player", field)
        tpn = int(text)
        if self.team_of[tpn] != side:
            raise line.fault(f"player {tpn} is in team {self.team_of[tpn]}, not team {side}", field)
        if tpn in self.seated:
            raise line.fault(f"player {tpn} is already in this round on line {self.seated[tpn]}", field)
        self.seated[tpn] = line.number
        return tpn

    def _close(self) -> None:
        """The match being read ends: it takes its boards."""
        if self.current is not None and self.boards:
            self.matches[-1] = replace(self.current, boards=tuple(self.boards))
        self.current, self.boards = None, []

    def row(self, line: Line) -> None:
        if line["match"] == "":
            self._close()
            if line["board"] or line["second"]:
                raise line.fault("a team bye names one team and no board")
            kind = line.parsed(parse_bye, "result")
            self.byes.append(TeamBye(self._team(line, "first"), kind))
            return
        if self.byes:
            raise line.fault("matches come before team byes")
        result = line.parsed(parse_final_result, "result")
        current = self.current
        if line["board"] == "":
            if line["match"] != str(len(self.matches) + 1):
                raise line.fault(f"expected match {len(self.matches) + 1}", "match")
            if result is not None and result not in _FORFEITS:
                raise line.fault("a match line's result is a match forfeit (+/-, -/+, -/-) or nothing", "result")
            self._close()
            self.current = Match(len(self.matches) + 1, self._team(line, "first"), self._team(line, "second"), (),
                                 result)
            self.matches.append(self.current)
            return
        if current is None or line["match"] != str(current.number):
            raise line.fault("a board line follows its match line", "match")
        if line["board"] != str(len(self.boards) + 1):
            raise line.fault(f"expected board {len(self.boards) + 1}", "board")
        first = self._player(line, "first", current.first)
        second = self._player(line, "second", current.second)
        if (first is None or second is None) and result is not None and not (
                (first is None) == (result is GameResult.BLACK_FORFEIT_WIN) or result is GameResult.DOUBLE_FORFEIT):
            raise line.fault("an empty board is won by forfeit by the player facing it", "result")
        # the match line's forfeit stays: boards kept under a match forfeit count for nothing while it stands
        self.boards.append(BoardGame(len(self.boards) + 1, first, second, result))

    def result(self) -> MatchRound:
        self._close()
        return MatchRound(self.number, tuple(self.matches), tuple(self.byes))


class _TeamByeRows:
    """``team_byes.csv``: requested team byes (HPB, ZPB) for rounds still to be paired, one per team and round."""

    def __init__(self, context: tuple[int, set[int]]) -> None:
        self.paired, self.teams = context
        self.out: list[TeamByeRequest] = []
        self.seen: dict[tuple[int, int], int] = {}

    def row(self, line: Line) -> None:
        if not line["round"].isdigit() or int(line["round"]) <= self.paired:
            raise line.fault(f"{line['round']!r} is not a round still to be paired", "round")
        if not line["team"].isdigit() or int(line["team"]) not in self.teams:
            raise line.fault(f"{line['team']!r} is not the number of a team", "team")
        if line["kind"] not in ("HPB", "ZPB"):
            raise line.fault(f"{line['kind']!r} is not a requested bye (HPB or ZPB)", "kind")
        key = (int(line["round"]), int(line["team"]))
        if key in self.seen:
            raise line.fault(f"team {key[1]} already has a bye in round {key[0]} on line {self.seen[key]}", "team")
        self.seen[key] = line.number
        self.out.append(TeamByeRequest(key[0], key[1], ByeKind(line["kind"])))

    def result(self) -> tuple[TeamByeRequest, ...]:
        return tuple(self.out)


class _LineUpRows:
    """``lineups.csv``: line-ups for rounds still to be paired, board by board, each player of the team."""

    def __init__(self, context: tuple[int, dict[int, int]]) -> None:
        self.paired, self.team_of = context
        self.found: dict[tuple[int, int], list[int]] = {}

    def row(self, line: Line) -> None:
        for field in LINEUP_COLUMNS:
            if not line[field].isdigit():
                raise line.fault(f"{line[field]!r} is not a number", field)
        rnd, team, board, tpn = (int(line[f]) for f in LINEUP_COLUMNS)
        if rnd <= self.paired:
            raise line.fault(f"round {rnd} is already paired; its line-ups are in its round file", "round")
        if self.team_of.get(tpn) != team:
            raise line.fault(f"player {tpn} is not in team {team}", "start_number")
        players = self.found.setdefault((rnd, team), [])
        if board != len(players) + 1:
            raise line.fault(f"expected board {len(players) + 1}", "board")
        players.append(tpn)

    def result(self) -> tuple[LineUpRequest, ...]:
        return tuple(LineUpRequest(r, t, tuple(p)) for (r, t), p in sorted(self.found.items()))


# --------------------------------------------------------------------------- what the folder owns

TEAMS = Table(TEAMS_FILE, TEAM_COLUMNS, _TeamRows, TEAM_OPTIONAL)
TEAM_PLAYERS = Table(PLAYERS_FILE, TEAM_PLAYER_COLUMNS, _TeamPlayerRows, TEAM_PLAYER_OPTIONAL)
MATCH_ROUNDS = RoundFiles(ROUNDS_DIR, MATCH_COLUMNS, _MatchRows)
LINEUPS = Table(LINEUPS_FILE, LINEUP_COLUMNS, _LineUpRows, required=False)
TEAM_BYES = Table(TEAM_BYES_FILE, TEAM_BYE_COLUMNS, _TeamByeRows, required=False)

#: A team event's folder.
TEAM_LAYOUT = Layout((
    Document(SETTINGS_FILE), TEAMS, TEAM_PLAYERS, LINEUPS, TEAM_BYES, JOURNAL, MATCH_ROUNDS, Outputs(FINAL_DIR),
    PersonFile(PRIZES_FILE), Marker(CLUB_FILE), ACCESS, Hidden(),
))


class TeamFolder(FolderStore):
    """A team event folder on disk."""

    layout = TEAM_LAYOUT

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(path)
        self.player_lines: dict[int, int] = {}  # start number -> its line in players.csv, once loaded

    def _require_folder(self) -> None:
        if not (self.path / SETTINGS_FILE).is_file() or not (self.path / TEAMS_FILE).is_file():
            if not self.path.is_dir():
                raise BrokenFolder(f"no tournament folder at {self.path} "
                                   "(use -d DIR, set ARBITER_DIR, or create one with 'arbiter new --teams')")
            missing = SETTINGS_FILE if not (self.path / SETTINGS_FILE).is_file() else TEAMS_FILE
            raise BrokenFolder(f"{self.path} is not a team event folder: {missing} is missing")

    # -- reading -----------------------------------------------------------------

    def load(self, *, check: bool = True) -> TeamTournament:
        """Read and check the whole folder. Call it while holding the lock."""
        self._require_folder()
        settings, team = self._load_settings()
        teams = self.read_table(TEAMS, None)
        numbers = {t.number for t in teams}
        players, team_of, self.player_lines = self.read_table(TEAM_PLAYERS, numbers)
        rounds = self.read_rounds(MATCH_ROUNDS, settings.rounds, (numbers, team_of))
        lineups = self.read_table(LINEUPS, (len(rounds), team_of))
        byes = self.read_table(TEAM_BYES, (len(rounds), numbers))
        self.read_table(JOURNAL, None)
        tournament = TeamTournament(settings, team, teams, players, team_of, rounds, lineups, byes)
        if check:
            broken = team_problems(tournament, self.player_lines)
            if broken:
                first = broken[0]
                raise BrokenFolder(f"{first.message}; 'arbiter verify' lists the problems", source=first.file,
                                   line=first.line, field=first.field)
        return tournament

    def _load_settings(self, text: str | None = None) -> tuple[Settings, TeamSettings]:
        """``tournament.toml`` read strictly (``text``: a text to read as if it were the file's); the
        file's through the read cache when it is kept (:meth:`keep_reads`: ``publish``, ``serve``)."""
        if text is None:
            return self._parsed(SETTINGS_FILE, self._load_settings, alone=True)  # given its text alone
        settings, team = settings_with_table(text, "team", TeamSettings,
                                             "a team event's settings need a [team] table (boards = 4, ...)")
        try:
            check_team_codes(team.tiebreaks, repeats=settings.status is Status.FINALISED)  # its list is kept
        except BadArgument as error:
            raise BrokenFolder(error.message, source=SETTINGS_FILE, line=toml_line(text, ["team", "tiebreaks"]),
                               field="team.tiebreaks") from None
        if settings.tiebreaks:
            raise BrokenFolder("a team event lists its tie-breaks in [team] tiebreaks", source=SETTINGS_FILE,
                               line=toml_line(text, ["tiebreaks"]), field="tiebreaks")
        return settings, team

    # -- writing -----------------------------------------------------------------

    def save(self, before: TeamTournament, after: TeamTournament, command: str, changes: Sequence[Change],
             outputs: Derived | None = None) -> None:
        """Write what changed and journal ``changes``, all or nothing; a change that would leave the
        event unsound is refused and nothing is written."""
        known = {(p.file, p.message) for p in team_problems(before)}
        new = [p for p in team_problems(after) if (p.file, p.message) not in known]
        if new:
            raise Refused(f"this change would leave the folder unsound ({new[0]}); nothing was changed")
        self._save_files(team_files(before), team_files(after), command, changes, None, outputs)

    @classmethod
    def create(cls, path: str | os.PathLike[str], tournament: TeamTournament, command: str, by: str = "",
               changes: Sequence[Change] = ()) -> "TeamFolder":
        """Make a new team event folder holding ``tournament``; the folder must not exist or be
        empty. It is built beside its place, read back (an unsound event is refused) and moved in whole."""
        folder = cls(path)
        folder.by = by
        created = Change("tournament created", "", tournament.settings.name)
        folder._build(team_files(tournament), SETTINGS_FILE, command, changes or [created],
                      lambda built: built.load(), (ROUNDS_DIR,))
        return folder
