"""The knockout event folder (issue 18): the only module that reads or writes one on disk.

A knockout event is a folder of plain files, like an individual one::

    tournament.toml     the settings, with a [knockout] table (:class:`~arbiter_cli.core.knockout_settings.KnockoutSettings`)
    players.csv         the players, as an individual event's; start numbers are the seeds
    bracket.csv         slot,start_number: the bracket, made when round 1 is paired (empty: a bye)
    rounds/01.csv       match,game,stage,first,second,result: a match line (game empty: its two
                        players in bracket order, the upper slot first, and a match forfeit), then
                        its game lines (White first); a walkover's match line has one player; so
                        has a match that waits for the winner of a match a correction reopened
                        (its slot is empty while that match has no winner)
    journal.csv         append-only log, as for an individual event

Registration goes through the individual commands (``player add/import/list/remove``): the folder
reads as an individual :class:`~arbiter_cli.core.model.Tournament` of its settings and players
(:meth:`KnockoutFolder.load`), and writes back only its players, before round 1. Everything else
reads the whole knockout (:meth:`KnockoutFolder.load_knockout`).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import tomli_w

from arbiter_cli.core.errors import BrokenFolder, Refused
from arbiter_cli.core.knockout import KnockoutGame, KnockoutMatch, KnockoutRound, KnockoutTournament
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Settings, System, Tournament
from arbiter_cli.core.results import GameResult, parse_final_result
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.integrity import Problem, birth_problems, status_problems
from arbiter_cli.lifecycle.knockout import with_waiting
from arbiter_cli.lifecycle.knockout_integrity import knockout_problems
from arbiter_cli.store.files import Derived, csv_text, toml_line
from arbiter_cli.store.layout import ACCESS, Document, Hidden, Layout, Marker, Outputs, PersonFile
from arbiter_cli.store.names import CLUB_FILE, TEAMS_FILE, is_knockout_folder
from arbiter_cli.store.tables import Line, RoundFiles, Table
from arbiter_cli.store.tournament import (FINAL_DIR, JOURNAL, PLAYERS, PLAYERS_FILE, PRIZES_FILE, ROUNDS_DIR,
                                          SETTINGS_FILE, TournamentFolder, players_to_csv, settings_to_toml,
                                          settings_with_table)

__all__ = ["BRACKET_FILE", "KNOCKOUT_LAYOUT", "KnockoutFolder", "is_knockout_folder", "knockout_files"]

BRACKET_FILE = "bracket.csv"
BRACKET_COLUMNS = ("slot", "start_number")
KNOCKOUT_ROUND_COLUMNS = ("match", "game", "stage", "first", "second", "result")
_MATCH_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


def knockout_settings_to_toml(settings: Settings, knockout: KnockoutSettings) -> str:
    data = {"games_per_match": knockout.games_per_match, "tiebreak_stages": list(knockout.tiebreak_stages),
            "seeding": knockout.seeding, "first_colour": knockout.first_colour}
    return settings_to_toml(settings) + "\n" + tomli_w.dumps({"knockout": data})


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def round_to_csv(rnd: KnockoutRound) -> str:
    rows: list[list[object]] = []
    for match in rnd.matches:
        rows.append([match.number, None, None, _cell(match.first), _cell(match.second),
                     match.forfeit.value if match.forfeit else None])
        rows += [[match.number, g.game, g.stage, g.white, g.black, g.result.value if g.result else None]
                 for g in match.games]
    return csv_text(KNOCKOUT_ROUND_COLUMNS, rows)


def knockout_files(tournament: KnockoutTournament) -> dict[str, str]:
    """The folder's files for ``tournament``, by name."""
    files = {SETTINGS_FILE: knockout_settings_to_toml(tournament.settings, tournament.knockout),
             PLAYERS_FILE: players_to_csv(tournament.players)}
    if tournament.bracket:
        files[BRACKET_FILE] = csv_text(BRACKET_COLUMNS, [[i, s] for i, s in enumerate(tournament.bracket, 1)])
    for rnd in tournament.rounds:
        files[f"{ROUNDS_DIR}/{rnd.number:02d}.csv"] = round_to_csv(rnd)
    return files


# --------------------------------------------------------------------------- reading: the rows of each file


class _BracketRows:
    """``bracket.csv``: the slots in order (1, 2, ...), each a player's start number or empty (a bye); a player once."""

    def __init__(self, numbers: set[int]) -> None:
        self.numbers = numbers
        self.slots: list[int | None] = []

    def row(self, line: Line) -> None:
        if line["slot"] != str(len(self.slots) + 1):
            raise line.fault(f"expected slot {len(self.slots) + 1}", "slot")
        text = line["start_number"]
        if text and (not text.isdigit() or int(text) not in self.numbers):
            raise line.fault(f"{text!r} is not the start number of a player", "start_number")
        if text and int(text) in self.slots:
            raise line.fault(f"player {text} is already in slot {self.slots.index(int(text)) + 1}", "start_number")
        self.slots.append(int(text) if text else None)

    def result(self) -> tuple[int | None, ...]:
        return tuple(self.slots)


#: Where each match and game of a round is written: (round, match, game or None) -> line.
Lines = dict[tuple[int, int | None, int | None], int]


class _KnockoutRows:
    """A knockout's round file: each match line (matches 1, 2, ...: its players in bracket order, a
    match forfeit) followed by its game lines (White first)."""

    def __init__(self, number: int, numbers: set[int]) -> None:
        self.number, self.numbers = number, numbers
        self.matches: list[KnockoutMatch] = []
        self.lines: Lines = {}

    def _player(self, line: Line, field: str, empty: bool) -> int | None:
        text = line[field]
        if text == "" and empty:
            return None
        if not text.isdigit() or int(text) not in self.numbers:
            raise line.fault(f"{text!r} is not the start number of a player", field)
        return int(text)

    def row(self, line: Line) -> None:
        result = line.parsed(parse_final_result, "result")
        matches = self.matches
        if line["game"] == "":
            if line["match"] != str(len(matches) + 1):
                raise line.fault(f"expected match {len(matches) + 1}", "match")
            if line["stage"]:
                raise line.fault("a match line has no stage", "stage")
            if result is not None and result not in _MATCH_FORFEITS:
                raise line.fault("a match line's result is a match forfeit (+/-, -/+, -/-) or nothing", "result")
            self.lines[(self.number, len(matches) + 1, None)] = line.number
            matches.append(KnockoutMatch(len(matches) + 1, self._player(line, "first", True),
                                         self._player(line, "second", True), (), result))
            return
        if not matches or line["match"] != str(matches[-1].number):
            raise line.fault("a game line follows its match line", "match")
        current = matches[-1]
        if not line["game"].isdigit():
            raise line.fault(f"{line['game']!r} is not a game number", "game")
        white = self._player(line, "first", False)
        black = self._player(line, "second", False)
        assert white is not None and black is not None
        self.lines[(self.number, current.number, int(line["game"]))] = line.number
        game = KnockoutGame(int(line["game"]), line["stage"], white, black, result)
        matches[-1] = replace(current, games=(*current.games, game))

    def result(self) -> tuple[KnockoutRound, Lines]:
        return KnockoutRound(self.number, tuple(self.matches)), self.lines


# --------------------------------------------------------------------------- what the folder owns

BRACKET = Table(BRACKET_FILE, BRACKET_COLUMNS, _BracketRows, required=False)
KNOCKOUT_ROUNDS = RoundFiles(ROUNDS_DIR, KNOCKOUT_ROUND_COLUMNS, _KnockoutRows)

#: A knockout event's folder (a group event's knockout final too).
KNOCKOUT_LAYOUT = Layout((
    Document(SETTINGS_FILE), PLAYERS, BRACKET, JOURNAL, KNOCKOUT_ROUNDS, Outputs(FINAL_DIR), PersonFile(PRIZES_FILE),
    Marker(TEAMS_FILE), Marker(CLUB_FILE), ACCESS, Hidden(),
))


class KnockoutFolder(TournamentFolder):
    """A knockout event folder on disk."""

    layout = KNOCKOUT_LAYOUT

    # -- the registration view (the individual player commands) -------------------

    def load(self, *, check: bool = True) -> Tournament:
        """The event as the individual registration commands read it: settings and players."""
        knockout = self.load_knockout(check=check)
        return Tournament(knockout.settings, knockout.players)

    def files_of(self, tournament: Tournament) -> dict[str, str]:
        return knockout_files(replace(self._loaded, settings=tournament.settings, players=tournament.players))

    def save(self, before: Tournament, after: Tournament, command: str, changes: Sequence[Change],
             now: object = None, outputs: Derived | None = None) -> None:
        """Write a registration change: players only, and only before round 1 is paired."""
        if self._loaded.rounds:
            raise Refused("the knockout's bracket is made: players cannot join or leave it now "
                          "(a withdrawal: 'arbiter player withdraw ID')")
        if (after.rounds, after.byes, after.avoid, after.virtual) != ((), (), (), ()) or \
                after.settings != before.settings:
            raise Refused("a knockout event takes no byes, forbidden pairs or virtual points; nothing was changed")
        self.save_knockout(self._loaded, replace(self._loaded, players=after.players), command, changes)

    # -- reading -----------------------------------------------------------------

    def load_knockout(self, *, check: bool = True) -> KnockoutTournament:
        """Read and check the whole folder. Call it while holding the lock."""
        self._require_folder()
        settings, knockout = self._load_knockout_settings()
        players = self._load_players()
        numbers = {p.start_number for p in players}
        bracket = self.read_table(BRACKET, numbers)
        self._lines: Lines = {}
        rounds = []
        for rnd, lines in self.read_rounds(KNOCKOUT_ROUNDS, settings.rounds, numbers):
            rounds.append(rnd)
            self._lines.update(lines)
        self._check_journal()
        # a match that waits for the winner of a match a correction reopened: its slot is stored empty
        tournament = with_waiting(KnockoutTournament(settings, knockout, players, bracket, tuple(rounds)))
        if check:
            broken = self.located(tournament)
            if broken:
                first = broken[0]
                raise BrokenFolder(f"{first.message}; 'arbiter verify' lists the problems", source=first.file,
                                   line=first.line, field=first.field)
        self._loaded = tournament
        return tournament

    def located(self, tournament: KnockoutTournament) -> list[Problem]:
        """The problems of the event as read (a player born after its start, a status of "registration"
        though a round is paired, :func:`knockout_problems`), each with its file and line."""
        out = birth_problems(tournament.players, tournament.settings.start_date, self.player_lines)
        out += status_problems(tournament.settings.status, tournament.last_round)
        for problem in knockout_problems(tournament):
            source = BRACKET_FILE if problem.round == 0 else f"{ROUNDS_DIR}/{problem.round:02d}.csv"
            line = self._lines.get((problem.round, problem.match, problem.game)) or \
                self._lines.get((problem.round, problem.match, None))
            out.append(Problem(source, problem.message, line if problem.round else None))
        return out

    def _load_knockout_settings(self, text: str | None = None) -> tuple[Settings, KnockoutSettings]:
        """``tournament.toml`` read strictly (``text``: a text to read as if it were the file's); the
        file's through the read cache when it is kept (:meth:`keep_reads`: ``publish``, ``serve``), as
        a team event's (issue 29: a knockout's command then imports no pydantic)."""
        if text is None:
            return self._parsed(SETTINGS_FILE, self._load_knockout_settings, alone=True)  # given its text alone
        settings, knockout = settings_with_table(text, "knockout", KnockoutSettings,
                                                 "a knockout event's settings need a [knockout] table")
        if settings.system is not System.KNOCKOUT:
            raise BrokenFolder("a folder with a [knockout] table has system = \"knockout\"", source=SETTINGS_FILE,
                               line=toml_line(text, ["system"]), field="system")
        return settings, knockout

    # -- writing -----------------------------------------------------------------

    def save_knockout(self, before: KnockoutTournament, after: KnockoutTournament, command: str,
                      changes: Sequence[Change], outputs: Derived | None = None) -> None:
        """Write what changed and journal ``changes``, all or nothing (with ``outputs``, files derived
        from the event: the final standings); a change that would leave the event unsound is refused
        and nothing is written."""
        new = knockout_problems(after)
        if new:
            raise Refused(f"this change would leave the folder unsound ({new[0].message}); nothing was changed")
        self._save_files(knockout_files(before), knockout_files(after), command, changes, outputs=outputs)

    @classmethod
    def create_knockout(cls, path: str | os.PathLike[str], tournament: KnockoutTournament, command: str,
                        by: str = "", changes: Sequence[Change] = ()) -> "KnockoutFolder":
        """Make a new knockout folder holding ``tournament`` (its players, and its rounds if paired);
        the folder must not exist or be empty. It is built beside its place, read back (an unsound
        event is refused) and moved in whole."""
        problems = knockout_problems(tournament)
        if problems:
            raise Refused(f"the knockout is unsound ({problems[0].message}); nothing was created")
        folder = cls(path)
        folder.by = by
        created = Change("tournament created", "", tournament.settings.name)
        folder._build(knockout_files(tournament), SETTINGS_FILE, command, [created, *changes],
                      lambda built: built.load_knockout(), (ROUNDS_DIR,))
        return folder
