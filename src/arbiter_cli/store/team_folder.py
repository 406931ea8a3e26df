"""The team event folder (issue 15): the only module that reads or writes one on disk.

A team event is a folder of plain files, like an individual one::

    tournament.toml     the settings, with a [team] table (:class:`~arbiter_cli.core.team_settings.TeamSettings`)
    teams.csv           number,name,short,status,withdrawn_after
    players.csv         the players (as an individual event's), with the column 'team': a team's
                        roster is its players in start-number order, main players first
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
from fractions import Fraction
from pathlib import Path

import tomli_w
from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Refused, pydantic_message
from arbiter_cli.core.model import Player, Settings
from arbiter_cli.core.points import points_to_toml
from arbiter_cli.core.results import ByeKind, GameResult, parse_bye, parse_result
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import (BoardGame, LineUpRequest, Match, MatchRound, TeamBye, TeamByeRequest,
                                              TeamEntry, TeamTournament)
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.team_integrity import team_problems
from arbiter_cli.lifecycle.team_standings import check_team_codes
from arbiter_cli.store.files import FolderStore, csv_text, toml_line
from arbiter_cli.store.journal import JOURNAL_FILE, OLD_COLUMNS
from arbiter_cli.store.tournament import (FINAL_DIR, PLAYER_COLUMNS, PLAYERS_FILE, ROUNDS_DIR, SETTINGS_FILE,
                                          numbered_from_one, round_numbers, settings_to_toml, settings_with_table)

__all__ = ["TEAMS_FILE", "LINEUPS_FILE", "TeamFolder", "is_team_folder", "team_files"]

TEAMS_FILE = "teams.csv"
TEAM_COLUMNS = ("number", "name", "short", "status", "withdrawn_after")
TEAM_PLAYER_COLUMNS = (*PLAYER_COLUMNS, "team")
MATCH_COLUMNS = ("match", "board", "first", "second", "result")
LINEUPS_FILE = "lineups.csv"
TEAM_BYES_FILE = "team_byes.csv"
TEAM_BYE_COLUMNS = ("round", "team", "kind")
LINEUP_COLUMNS = ("round", "team", "board", "start_number")
_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


def is_team_folder(path: str | os.PathLike[str]) -> bool:
    """Whether the folder holds a team event (it has ``teams.csv``)."""
    return (Path(path) / TEAMS_FILE).is_file()


def _round_name(number: int) -> str:
    return f"{number:02d}.csv"


def team_settings_to_toml(settings: Settings, team: TeamSettings) -> str:
    text = settings_to_toml(settings)
    data: dict[str, object] = {}
    for key, info in type(team).model_fields.items():
        value = getattr(team, key)
        if key != "boards" and value == info.default:
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


def team_files(tournament: TeamTournament) -> dict[str, str]:
    """The folder's files for ``tournament``, by name."""
    files = {
        SETTINGS_FILE: team_settings_to_toml(tournament.settings, tournament.team),
        TEAMS_FILE: csv_text(TEAM_COLUMNS, [[t.number, t.name, t.short, t.status, t.withdrawn_after]
                                            for t in sorted(tournament.teams, key=lambda t: t.number)]),
        PLAYERS_FILE: csv_text(TEAM_PLAYER_COLUMNS, [
            [p.start_number, p.name, p.title, p.rating or None, p.fide_id, p.federation, p.sex, p.birth_date,
             p.club, p.status, p.withdrawn_after, tournament.team_of.get(p.start_number)]
            for p in sorted(tournament.players, key=lambda p: p.start_number)]),
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


class TeamFolder(FolderStore):
    """A team event folder on disk."""

    temporary_dirs = (ROUNDS_DIR, FINAL_DIR)
    own_files = (SETTINGS_FILE, TEAMS_FILE, PLAYERS_FILE, LINEUPS_FILE, TEAM_BYES_FILE, JOURNAL_FILE)
    tracked_dirs = (ROUNDS_DIR, FINAL_DIR)

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
        teams = self._load_teams()
        players, team_of = self._load_players({t.number for t in teams})
        rounds = self._load_rounds(settings, {t.number for t in teams}, team_of)
        lineups = self._load_lineups(len(rounds), team_of)
        byes = self._load_team_byes(len(rounds), {t.number for t in teams})
        if not (self.path / JOURNAL_FILE).exists():
            raise BrokenFolder("the file is missing", source=JOURNAL_FILE)
        self._read_csv(JOURNAL_FILE, OLD_COLUMNS, ("by",))
        tournament = TeamTournament(settings, team, teams, players, team_of, rounds, lineups, byes)
        if check:
            broken = team_problems(tournament)
            if broken:
                first = broken[0]
                raise BrokenFolder(f"{first.message}; 'arbiter verify' lists the problems", source=first.file,
                                   line=first.line, field=first.field)
        return tournament

    def _load_settings(self) -> tuple[Settings, TeamSettings]:
        text = self._read_text(SETTINGS_FILE)
        settings, team = settings_with_table(text, "team", TeamSettings,
                                             "a team event's settings need a [team] table (boards = 4, ...)")
        try:
            check_team_codes(team.tiebreaks)
        except BadArgument as error:
            raise BrokenFolder(error.message, source=SETTINGS_FILE, line=toml_line(text, ["team", "tiebreaks"]),
                               field="team.tiebreaks") from None
        if settings.tiebreaks:
            raise BrokenFolder("a team event lists its tie-breaks in [team] tiebreaks", source=SETTINGS_FILE,
                               line=toml_line(text, ["tiebreaks"]), field="tiebreaks")
        return settings, team

    def _load_teams(self) -> tuple[TeamEntry, ...]:
        teams: list[TeamEntry] = []
        seen: dict[int, int] = {}
        names: dict[str, int] = {}
        for line, row in self._read_csv(TEAMS_FILE, TEAM_COLUMNS):
            try:
                entry = TeamEntry.model_validate(row)
            except ValidationError as error:
                first = error.errors()[0]
                raise BrokenFolder(pydantic_message(first), source=TEAMS_FILE, line=line,
                                   field=str(first["loc"][0]) if first["loc"] else None) from None
            if entry.number in seen:
                raise BrokenFolder(f"team number {entry.number} is already used on line {seen[entry.number]}",
                                   source=TEAMS_FILE, line=line, field="number")
            if entry.name.casefold() in names:
                raise BrokenFolder(f"the team {entry.name!r} is already on line {names[entry.name.casefold()]}",
                                   source=TEAMS_FILE, line=line, field="name")
            if entry.is_withdrawn != (entry.withdrawn_after is not None):
                raise BrokenFolder("a withdrawn team needs withdrawn_after, an active one none", source=TEAMS_FILE,
                                   line=line, field="withdrawn_after")
            seen[entry.number] = line
            names[entry.name.casefold()] = line
            teams.append(entry)
        numbered_from_one(seen, TEAMS_FILE, "number", "team numbers")
        return tuple(sorted(teams, key=lambda t: t.number))

    def _load_players(self, teams: set[int]) -> tuple[tuple[Player, ...], dict[int, int]]:
        players: list[Player] = []
        team_of: dict[int, int] = {}
        fide_ids: dict[int, int] = {}
        for line, row in self._read_csv(PLAYERS_FILE, TEAM_PLAYER_COLUMNS):
            team = row.pop("team")
            try:
                player = Player.model_validate(row)
            except ValidationError as error:
                first = error.errors()[0]
                raise BrokenFolder(pydantic_message(first), source=PLAYERS_FILE, line=line,
                                   field=str(first["loc"][0]) if first["loc"] else None) from None
            if player.start_number in team_of:
                raise BrokenFolder(f"start number {player.start_number} is already used", source=PLAYERS_FILE,
                                   line=line, field="start_number")
            if not team.isdigit() or int(team) not in teams:
                raise BrokenFolder(f"{team!r} is not the number of a team in {TEAMS_FILE}", source=PLAYERS_FILE,
                                   line=line, field="team")
            if player.fide_id is not None and player.fide_id in fide_ids:
                raise BrokenFolder(f"FIDE ID {player.fide_id} is already used on line {fide_ids[player.fide_id]}",
                                   source=PLAYERS_FILE, line=line, field="fide_id")
            if player.fide_id is not None:
                fide_ids[player.fide_id] = line
            team_of[player.start_number] = int(team)
            players.append(player)
        numbered_from_one(team_of, PLAYERS_FILE, "start_number", "start numbers")
        return tuple(sorted(players, key=lambda p: p.start_number)), team_of

    def _load_rounds(self, settings: Settings, teams: set[int], team_of: dict[int, int]) -> tuple[MatchRound, ...]:
        return tuple(self._load_round(n, teams, team_of) for n in round_numbers(self.path, settings))

    def _load_round(self, number: int, teams: set[int], team_of: dict[int, int]) -> MatchRound:
        name = f"{ROUNDS_DIR}/{_round_name(number)}"
        matches: list[Match] = []
        byes: list[TeamBye] = []
        placed: dict[int, int] = {}  # team -> line
        seated: dict[int, int] = {}  # player -> line

        def team(line: int, field: str, text: str) -> int:
            if not text.isdigit() or int(text) not in teams:
                raise BrokenFolder(f"{text!r} is not the number of a team", source=name, line=line, field=field)
            if int(text) in placed:
                raise BrokenFolder(f"team {text} is already in this round on line {placed[int(text)]}", source=name,
                                   line=line, field=field)
            placed[int(text)] = line
            return int(text)

        def player(line: int, field: str, text: str, side: int) -> int | None:
            if text == "":
                return None
            if not text.isdigit() or int(text) not in team_of:
                raise BrokenFolder(f"{text!r} is not the start number of a player", source=name, line=line,
                                   field=field)
            tpn = int(text)
            if team_of[tpn] != side:
                raise BrokenFolder(f"player {tpn} is in team {team_of[tpn]}, not team {side}", source=name, line=line,
                                   field=field)
            if tpn in seated:
                raise BrokenFolder(f"player {tpn} is already in this round on line {seated[tpn]}", source=name,
                                   line=line, field=field)
            seated[tpn] = line
            return tpn

        current: Match | None = None
        for line, row in self._read_csv(name, MATCH_COLUMNS):
            if row["match"] == "":
                if row["board"] or row["second"]:
                    raise BrokenFolder("a team bye names one team and no board", source=name, line=line)
                try:
                    kind = parse_bye(row["result"])
                except ValueError as error:
                    raise BrokenFolder(str(error), source=name, line=line, field="result") from None
                byes.append(TeamBye(team(line, "first", row["first"]), kind))
                continue
            if byes:
                raise BrokenFolder("matches come before team byes", source=name, line=line)
            try:
                result = parse_result(row["result"])
            except ValueError as error:
                raise BrokenFolder(str(error), source=name, line=line, field="result") from None
            if row["board"] == "":
                if row["match"] != str(len(matches) + 1):
                    raise BrokenFolder(f"expected match {len(matches) + 1}", source=name, line=line, field="match")
                if result is not None and result not in _FORFEITS:
                    raise BrokenFolder("a match line's result is a match forfeit (+/-, -/+, -/-) or nothing",
                                       source=name, line=line, field="result")
                current = Match(len(matches) + 1, team(line, "first", row["first"]),
                                team(line, "second", row["second"]), (), result)
                matches.append(current)
                continue
            if current is None or row["match"] != str(current.number):
                raise BrokenFolder("a board line follows its match line", source=name, line=line, field="match")
            if row["board"] != str(len(current.boards) + 1):
                raise BrokenFolder(f"expected board {len(current.boards) + 1}", source=name, line=line, field="board")
            first = player(line, "first", row["first"], current.first)
            second = player(line, "second", row["second"], current.second)
            if (first is None or second is None) and result is not None and not (
                    (first is None) == (result is GameResult.BLACK_FORFEIT_WIN)
                    or result is GameResult.DOUBLE_FORFEIT):
                raise BrokenFolder("an empty board is won by forfeit by the player facing it", source=name,
                                   line=line, field="result")
            current = Match(current.number, current.first, current.second,
                            (*current.boards, BoardGame(len(current.boards) + 1, first, second, result)))
            matches[-1] = current
        return MatchRound(number, tuple(matches), tuple(byes))

    def _load_team_byes(self, paired: int, teams: set[int]) -> tuple[TeamByeRequest, ...]:
        if not (self.path / TEAM_BYES_FILE).exists():
            return ()
        out: list[TeamByeRequest] = []
        seen: dict[tuple[int, int], int] = {}
        for line, row in self._read_csv(TEAM_BYES_FILE, TEAM_BYE_COLUMNS):
            if not row["round"].isdigit() or int(row["round"]) <= paired:
                raise BrokenFolder(f"{row['round']!r} is not a round still to be paired", source=TEAM_BYES_FILE,
                                   line=line, field="round")
            if not row["team"].isdigit() or int(row["team"]) not in teams:
                raise BrokenFolder(f"{row['team']!r} is not the number of a team", source=TEAM_BYES_FILE, line=line,
                                   field="team")
            if row["kind"] not in ("HPB", "ZPB"):
                raise BrokenFolder(f"{row['kind']!r} is not a requested bye (HPB or ZPB)", source=TEAM_BYES_FILE,
                                   line=line, field="kind")
            key = (int(row["round"]), int(row["team"]))
            if key in seen:
                raise BrokenFolder(f"team {key[1]} already has a bye in round {key[0]} on line {seen[key]}",
                                   source=TEAM_BYES_FILE, line=line, field="team")
            seen[key] = line
            out.append(TeamByeRequest(key[0], key[1], ByeKind(row["kind"])))
        return tuple(out)

    def _load_lineups(self, paired: int, team_of: dict[int, int]) -> tuple[LineUpRequest, ...]:
        if not (self.path / LINEUPS_FILE).exists():
            return ()
        found: dict[tuple[int, int], list[int]] = {}
        for line, row in self._read_csv(LINEUPS_FILE, LINEUP_COLUMNS):
            for field in LINEUP_COLUMNS:
                if not row[field].isdigit():
                    raise BrokenFolder(f"{row[field]!r} is not a number", source=LINEUPS_FILE, line=line, field=field)
            rnd, team, board, tpn = (int(row[f]) for f in LINEUP_COLUMNS)
            if rnd <= paired:
                raise BrokenFolder(f"round {rnd} is already paired; its line-ups are in its round file",
                                   source=LINEUPS_FILE, line=line, field="round")
            if team_of.get(tpn) != team:
                raise BrokenFolder(f"player {tpn} is not in team {team}", source=LINEUPS_FILE, line=line,
                                   field="start_number")
            players = found.setdefault((rnd, team), [])
            if board != len(players) + 1:
                raise BrokenFolder(f"expected board {len(players) + 1}", source=LINEUPS_FILE, line=line, field="board")
            players.append(tpn)
        return tuple(LineUpRequest(r, t, tuple(p)) for (r, t), p in sorted(found.items()))

    # -- writing -----------------------------------------------------------------

    def save(self, before: TeamTournament, after: TeamTournament, command: str, changes: Sequence[Change],
             outputs: dict[str, str] | None = None) -> None:
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
