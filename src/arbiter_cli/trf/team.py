"""Team events in a Tournament Report File: TRF-2026 team records read into a
:class:`~arbiter_cli.core.team.TeamEvent`, and written back (fide-rules.md §8.2, §4.5).

Records read (TRF-2026): 310 teams (TRF16: 013), 192 ``FIDE_TEAM_*`` and
``*_TEAM_ROUNDROBIN`` (the primary score), 362 match points (TW/TD/TL, default
2/1/0), 162 / XXS game scoring, 352 board colours, 320 the team PAB, 330 match
forfeits, 300 line-ups out of default order, 240 a team's requested byes (in a
team file 240 names teams). 801/802 are informative and left out with a warning.
The 001 records are the players; a player's round gives the board: the opposing
player belongs to the opposing team. Scores follow C.04.6 Art. 1 (1.4 the PAB,
1.6 the team colour).

Pure: text in, values out. Every inconsistency is a :class:`TrfError` naming the
line and the field.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from arbiter_cli.core.errors import Refused
from arbiter_cli.core.model import DEFAULT_SCORING, Scoring
from arbiter_cli.core.outcome import Colour, Outcome
from arbiter_cli.core.team import (BoardEntry, PrimaryScore, Team, TeamEvent, TeamOutcome, TeamRoundEntry,
                                   TeamScoring, half_rule_annulled, match_outcome, match_played)
from arbiter_cli.trf.notes import Notes
from arbiter_cli.trf.reader import TrfError, TrfFile, TrfGame, TrfPlayer, read_number, read_points
from arbiter_cli.trf.scoring import declared_scoring
from arbiter_cli.trf.team_standing import Declared, counted_as_declared, withdrawn_teams
from arbiter_cli.trf.writer import player_line, points_field

__all__ = ["TeamTrf", "team_event_from_trf", "team_trf_text", "is_team_trf", "team_code", "team_scoring_records",
           "team_records", "TeamStanding"]

#: A player's round result code -> the board outcome (with an opponent, or facing an empty board).
_BOARD = {"1": Outcome.WIN, "W": Outcome.WIN, "=": Outcome.DRAW, "D": Outcome.DRAW, "0": Outcome.LOSS,
          "L": Outcome.LOSS, "+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS, " ": Outcome.PENDING,
          "U": Outcome.PAB}
#: The result code written for a board outcome.
_CODE = {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
         Outcome.FORFEIT_LOSS: "-", Outcome.PENDING: " ", Outcome.PAB: "U"}
#: 240 bye types in a team file -> the team outcome (TRF-2026 240: F, H, Z).
_BYE = {"F": TeamOutcome.FPB, "H": TeamOutcome.HPB, "Z": TeamOutcome.ZPB}
_FORFEIT = {"+-": (TeamOutcome.FORFEIT_WIN, TeamOutcome.FORFEIT_LOSS),
            "-+": (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_WIN),
            "--": (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_LOSS)}
_TEAM_192 = re.compile(r"FIDE_TEAM(?:_TYPE[AB])?(?:_(MP_GP|GP_MP|MP|GP))?(?:_BAKU)?")
_RR_192 = re.compile(r"[A-Z]+_TEAM_(?:DOUBLE)?ROUNDROBIN")


@dataclass(frozen=True)
class TeamTrf:
    """A team TRF read: the event, its players by start number, the board colour pattern (352,
    e.g. ``WBWB``), the 310 standing columns (MP, GP) as the file gives them, the warnings, the
    number of rounds announced (142), each team's 310 (or 013) line, the (round, team) of the
    team a 330 match forfeit names first (its White team), the teams that withdrew (team -> (its
    last round present, the first round of its 240 Z marks), :mod:`.team_standing`), the withdrawn
    teams whose matches the file's standings count for nobody (a round robin's half rule), and the
    rule of a round robin's withdrawals that the 310 columns follow (``half``, unless they count
    the matches of a team the half rule would leave out: ``forfeits``)."""

    event: TeamEvent
    players: Mapping[int, TrfPlayer]
    colours: str = ""
    declared: Mapping[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    total_rounds: int | None = None  # 142 / XXR: the rounds the event will have
    team_lines: Mapping[int, int] = field(default_factory=dict)
    first_teams: frozenset[tuple[int, int]] = frozenset()
    withdrawn: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    annulled: frozenset[int] = frozenset()
    withdrawal_rule: Literal["half", "forfeits"] = "half"

    @property
    def standings_event(self) -> TeamEvent:
        """The event as the file's standings count it: the annulled teams' matches count for nobody."""
        return self.event.without(self.annulled)


def is_team_trf(trf: TrfFile) -> bool:
    """Whether the file is a team event: it has 310 or 013 records (TRF-2026 310, TRF16 013), or, with
    no team and no player in it yet, a team Swiss's 352 (the colours of a match's boards)."""
    return "310" in trf.header or "013" in trf.header or (not trf.players and "352" in trf.header)


def _col(value: str, first: int, last: int) -> str:
    """Columns ``first``-``last`` (1-based, inclusive) of a header record whose value starts at col 5."""
    return value[first - 5:last - 4]


def _number(text: str, line: int, name: str) -> int | None:
    return read_number(text, line, name)


def _points(text: str, line: int, name: str) -> Fraction | None:
    return read_points(text, line, name, "a number of points")


# --------------------------------------------------------------------------- teams (310, 013)


@dataclass
class _Teams:
    teams: list[Team] = field(default_factory=list)
    of: dict[int, int] = field(default_factory=dict)  # player -> team
    declared: dict[int, tuple[Fraction | None, Fraction | None]] = field(default_factory=dict)
    ranked: set[int] = field(default_factory=set)  # the teams with a rank in 310 (cols 69-71)
    line: dict[int, int] = field(default_factory=dict)  # team -> its 310 / 013 line
    code: str = "310"

    def adopt(self, tpn: int, number: int) -> None:
        self.of[tpn] = number
        self.teams = [Team(t.number, t.name, t.short, (*t.players, tpn)) if t.number == number else t
                      for t in self.teams]


def _read_teams(trf: TrfFile, notes: Notes) -> _Teams:
    """Teams from 310 (TRF-2026: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60,
    GP 62-67, rank 69-71, players 74-77, 79-82, ...) or, without 310, from TRF16 013 (name 5-36,
    players 37-40, 42-45, ...; teams numbered in file order)."""
    code = "310" if "310" in trf.header else "013"
    out = _Teams(code=code)
    if code == "310" and "013" in trf.header:
        notes.add("013", f"line {trf.header_lines['013'][0]}: the 013 team records are left out: the 310 "
                         "records give the teams")
    known = {p.tpn for p in trf.players}
    for index, (value, line) in enumerate(zip(trf.header.get(code, ()), trf.header_lines.get(code, ())), start=1):
        if code == "310":
            number = _number(_col(value, 5, 7), line, "310 team number")
            if number is None or number < 1:
                raise TrfError("the team number (cols 5-7) is missing", line, "310 team number")
            name, short = _col(value, 9, 40).strip(), _col(value, 42, 46).strip()
            mp = _points(_col(value, 55, 60), line, "310 match points")
            gp = _points(_col(value, 62, 67), line, "310 game points")
            out.declared[number] = (mp, gp)
            if _col(value, 69, 71).strip().strip("0").isdigit():  # (read only to tell a team left out of the
                out.ranked.add(number)                             # standings, so never refused)
            first, width = 74, 5
        else:
            number, name, short, first, width = index, _col(value, 5, 36).strip(), "", 37, 5
        if number in out.line:
            raise TrfError(f"team {number} is also on line {out.line[number]}", line, f"{code} team number")
        if not name:
            raise TrfError("the team name is empty", line, f"{code} team name")
        players: list[int] = []
        start = first
        while start - 5 < len(value):
            slot = f"{code} player {len(players) + 1} (cols {start}-{start + 3})"
            tpn = _number(_col(value, start, start + 3), line, slot)
            start += width
            if not tpn:
                continue
            if tpn not in known:
                raise TrfError(f"player {tpn} has no 001 record", line, slot)
            if tpn in out.of:
                raise TrfError(f"player {tpn} is also in team {out.of[tpn]} (line {out.line.get(out.of[tpn], line)})",
                               line, slot)
            out.of[tpn] = number
            players.append(tpn)
        out.line[number] = line
        out.teams.append(Team(number, name, short, tuple(players)))
    return out


# --------------------------------------------------------------------------- scoring (192, 362, 162, 320)


def _scoring(trf: TrfFile, boards: int, notes: Notes) -> tuple[TeamScoring, bool]:
    """The team scoring: 362 TW/TD/TL, 162 / XXS game scoring, 192 primary score, 320 PAB values."""
    values = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}
    for value, line in zip(trf.header.get("362", ()), trf.header_lines.get("362", ())):
        found = re.findall(r"([A-Za-z]{2})\s*(\S+)", value)
        if not found:
            raise TrfError(f"{value.strip()!r} gives no TW, TD or TL value", line, "362 match points")
        for key, number in found:
            key = key.upper()
            if key not in values:
                raise TrfError(f"{key!r} is not TW, TD or TL", line, "362 match points")
            points = _points(number, line, f"362 {key}")
            assert points is not None
            values[key] = points
    primary: PrimaryScore = "MP"
    round_robin = False
    for value, line in zip(trf.header.get("192", ()), trf.header_lines.get("192", ())):
        code = value.strip().upper()
        if _RR_192.fullmatch(code):
            round_robin = True
        elif (m := _TEAM_192.fullmatch(code)) is not None:
            primary = "GP" if (m.group(1) or "MP").startswith("GP") else "MP"
        elif code.startswith("CUSTOM_TEAM_SWISS"):
            primary = "GP" if code.endswith("_GP") else "MP"
        else:
            notes.add("192", f"line {line}: {code!r} is not a team code of record 192; match points are "
                             "the primary score")
    game, _ = declared_scoring(trf, notes)
    pab_mp: Fraction | None = None
    pab_gp: Fraction | None = None
    if "320" in trf.header:
        value, line = trf.header["320"][0], trf.header_lines["320"][0]
        pab_mp = _points(_col(value, 5, 8), line, "320 PAB match points")
        pab_gp = _points(_col(value, 10, 13), line, "320 PAB game points")
    scoring = TeamScoring(boards=boards, match_win=values["TW"], match_draw=values["TD"], match_loss=values["TL"],
                          game=game, primary=primary)
    default_mp, default_gp = scoring.pab_scores()
    scoring = TeamScoring(boards=boards, match_win=values["TW"], match_draw=values["TD"], match_loss=values["TL"],
                          game=game, primary=primary,
                          pab_match_points=None if pab_mp in (None, default_mp) else pab_mp,
                          pab_game_points=None if pab_gp in (None, default_gp) else pab_gp)
    return scoring, round_robin


def _colour(text: str | None) -> Colour | None:
    if text == "w":
        return "w"
    if text == "b":
        return "b"
    return None


def _board_points(outcome: Outcome, game: Scoring) -> Fraction:
    """A board's game points under the 162 scoring (TRF-2026 162: W, D, L, A, P); a pending board scores 0."""
    values = {Outcome.WIN: game.win, Outcome.DRAW: game.draw, Outcome.LOSS: game.loss,
              Outcome.FORFEIT_WIN: game.forfeit_win, Outcome.FORFEIT_LOSS: game.forfeit_loss, Outcome.PAB: game.pab}
    return values.get(outcome, Fraction(0))


# --------------------------------------------------------------------------- the rounds


@dataclass(frozen=True)
class _Seat:
    """A player's place in a round: their game (opponent or none) and the line that says so."""

    player: int
    game: TrfGame
    line: int


def _lineups(trf: TrfFile, teams: _Teams, notes: Notes
             ) -> dict[tuple[int, int], tuple[tuple[int | None, ...], int, int]]:
    """300: (round, team) -> (its players board by board, None for ``0000``; the opponent; the line).

    Round 5-7, team 9-11, opponent 13-15, players 17-20, 22-25, ... (TRF-2026 300). A player in
    no team's 310 record whom a 300 line-up puts in a team joins that team's list, after its
    players (a warning says so); a player of another team is refused."""
    out: dict[tuple[int, int], tuple[tuple[int | None, ...], int, int]] = {}
    for value, line in zip(trf.header.get("300", ()), trf.header_lines.get("300", ())):
        rnd = _number(_col(value, 5, 7), line, "300 round")
        team = _number(_col(value, 9, 11), line, "300 team")
        other = _number(_col(value, 13, 15), line, "300 opponent")
        if not rnd:
            raise TrfError("the round (cols 5-7) is missing", line, "300 round")
        for number, name in ((team, "team"), (other, "opponent")):
            if number not in teams.line:
                raise TrfError(f"team {number} does not exist", line, f"300 {name}")
        assert team is not None and other is not None
        players: list[int | None] = []
        start = 17
        while start - 5 < len(value):
            slot = f"300 board {len(players) + 1} (cols {start}-{start + 3})"
            tpn = _number(_col(value, start, start + 3), line, slot)
            start += 5
            if tpn and tpn not in teams.of and any(p.tpn == tpn for p in trf.players):
                teams.adopt(tpn, team)
                notes.add("adopted", f"line {line}: player {tpn} is in no team's {teams.code} record but plays for "
                                     f"team {team} in round {rnd}: added to the team's list")
            if tpn and teams.of.get(tpn) != team:
                where = f"in team {teams.of[tpn]}" if tpn in teams.of else "not a player (no 001 record)"
                raise TrfError(f"player {tpn} is {where}, not in team {team}", line, slot)
            players.append(tpn or None)
        while players and players[-1] is None:
            players.pop()
        if (rnd, team) in out:
            raise TrfError(f"team {team} has a second line-up for round {rnd} (line {out[(rnd, team)][2]})",
                           line, "300 team")
        out[(rnd, team)] = (tuple(players), other, line)
    return out


def _pabs(trf: TrfFile, teams: _Teams) -> dict[int, tuple[int, int]]:
    """320: round -> (the PAB team, the line). PAB team of round r at cols 15+4(r-1) to 17+4(r-1)."""
    out: dict[int, tuple[int, int]] = {}
    for value, line in zip(trf.header.get("320", ()), trf.header_lines.get("320", ())):
        if line != trf.header_lines["320"][0]:
            raise TrfError(f"a second 320 record (the first is on line {trf.header_lines['320'][0]})", line,
                           "320")
        rnd, start = 1, 15
        while start - 5 < len(value):
            team = _number(_col(value, start, start + 2), line, f"320 round {rnd}")
            if team:
                if team not in teams.line:
                    raise TrfError(f"team {team} does not exist", line, f"320 round {rnd}")
                out[rnd] = (team, line)
            rnd, start = rnd + 1, start + 4
    return out


def _forfeits(trf: TrfFile, teams: _Teams) -> dict[tuple[int, int], tuple[TeamOutcome, int, int, bool]]:
    """330: (round, team) -> (its outcome, the opponent, the line, whether it is the White team).
    Type ``+-``/``-+``/``--`` at 5-6, round 8-10, White team 12-14, Black team 16-18."""
    out: dict[tuple[int, int], tuple[TeamOutcome, int, int, bool]] = {}
    for value, line in zip(trf.header.get("330", ()), trf.header_lines.get("330", ())):
        kind = _col(value, 5, 6)
        if kind not in _FORFEIT:
            raise TrfError(f"{kind!r} is not a match forfeit type (+-, -+ or --)", line, "330 type")
        rnd = _number(_col(value, 8, 10), line, "330 round")
        if not rnd:
            raise TrfError("the round (cols 8-10) is missing", line, "330 round")
        white = _number(_col(value, 12, 14), line, "330 white team")
        black = _number(_col(value, 16, 18), line, "330 black team")
        for number, name in ((white, "white team"), (black, "black team")):
            if number not in teams.line:
                raise TrfError(f"team {number} does not exist", line, f"330 {name}")
        assert white is not None and black is not None
        if white == black:
            raise TrfError(f"team {white} cannot forfeit against itself", line, "330 black team")
        for team, other, outcome in ((white, black, _FORFEIT[kind][0]), (black, white, _FORFEIT[kind][1])):
            if (rnd, team) in out:
                raise TrfError(f"team {team} has a second match forfeit in round {rnd} (line "
                               f"{out[(rnd, team)][2]})", line, "330")
            out[(rnd, team)] = (outcome, other, line, team == white)
    return out


def _team_byes(trf: TrfFile, teams: _Teams) -> dict[tuple[int, int], tuple[TeamOutcome, int]]:
    """240 in a team file: (round, team) -> (FPB, HPB or ZPB, the line). Type at col 5, round 7-9,
    team numbers at 11-14, 16-19, ... (TRF-2026 240 names teams in a team event)."""
    out: dict[tuple[int, int], tuple[TeamOutcome, int]] = {}
    for value, line in zip(trf.header.get("240", ()), trf.header_lines.get("240", ())):
        rnd = _number(_col(value, 7, 9), line, "240 round")
        if not rnd:
            raise TrfError("the round (cols 7-9) is missing", line, "240 round")
        start = 11
        while start - 5 < len(value):
            team = _number(_col(value, start, start + 3), line, f"240 team (cols {start}-{start + 3})")
            if team:
                if team not in teams.line:
                    raise TrfError(f"team {team} does not exist (in a team file, 240 names teams)", line,
                                   f"240 team (cols {start}-{start + 3})")
                if (rnd, team) in out:
                    raise TrfError(f"team {team} has a second bye in round {rnd} (line {out[(rnd, team)][1]})",
                                   line, f"240 team (cols {start}-{start + 3})")
                out[(rnd, team)] = (_BYE[_col(value, 5, 5).upper()], line)
            start += 5
    return out


class _Reader:
    def __init__(self, trf: TrfFile, notes: Notes) -> None:
        self.trf = trf
        self.notes = notes
        self.teams = _read_teams(trf, notes)
        self.players = {p.tpn: p for p in trf.players}
        self.lineups = _lineups(trf, self.teams, notes)
        for player in trf.players:
            if player.tpn not in self.teams.of:
                notes.add("teamless", f"line {player.line}: player {player.tpn} is in no team: left out")
        self.pabs = _pabs(trf, self.teams)
        self.forfeits = _forfeits(trf, self.teams)
        self.byes = _team_byes(trf, self.teams)

    def game(self, tpn: int, rnd: int) -> TrfGame:
        found = next((g for g in self.players[tpn].games if g.round == rnd), None)
        return found if found is not None else TrfGame(rnd, None, None, " ")

    def seats(self, team: Team, rnd: int) -> list[_Seat]:
        """The team's players with a board in ``rnd``: a game, or a result against an empty board."""
        out = []
        for tpn in team.players:
            player = self.players[tpn]
            game = next((g for g in player.games if g.round == rnd), None)
            if game is None:
                continue
            if game.opponent is not None or game.result in ("+", "U"):
                out.append(_Seat(tpn, game, player.line))
        return out

    def rounds(self) -> int:
        last = max((g.round for p in self.trf.players for g in p.games
                    if g.opponent is not None or g.result.strip()), default=0)
        last = max([last, *self.pabs, *(r for r, _ in self.forfeits), *(r for r, _ in self.lineups)])
        return last

    def boards(self, rounds: int) -> int:
        if "352" in self.trf.header:
            pattern = self.trf.header["352"][0].strip().upper()
            if not pattern or set(pattern) - {"W", "B"}:
                raise TrfError(f"{pattern!r} is not a board colour pattern of W and B", self.trf.header_lines["352"][0],
                               "352")
            return len(pattern)
        most = max((len(players) for players, _, _ in self.lineups.values()), default=0)
        for team in self.teams.teams:
            for rnd in range(1, rounds + 1):
                most = max(most, len(self.seats(team, rnd)))
        if not most:
            raise TrfError("no record 352 and no game to count the boards of a match", None, "352")
        return most


def _match(reader: _Reader, rnd: int, one: Team, two: Team, scoring: TeamScoring
           ) -> tuple[TeamRoundEntry, TeamRoundEntry]:
    """The two teams' entries of a match: the boards from the line-ups (300, else roster order),
    board by board; MP from the game points (C.04.6 1.2)."""
    seats = {one.number: reader.seats(one, rnd), two.number: reader.seats(two, rnd)}
    order: dict[int, dict[int, int]] = {}  # team -> player -> board
    explicit: dict[int, tuple[int | None, ...]] = {}
    for team, other in ((one, two), (two, one)):
        if (rnd, team.number) in reader.lineups:
            players, named, line = reader.lineups[(rnd, team.number)]
            if named != other.number:
                raise TrfError(f"team {team.number} meets team {other.number} in round {rnd}, not team {named}",
                               line, "300 opponent")
            seated = {s.player for s in seats[team.number]}
            for tpn in players:
                if tpn is not None and tpn not in seated:
                    raise TrfError(f"player {tpn} has no game in round {rnd}", line, "300 players")
            for tpn in seated - set(players):
                raise TrfError(f"player {tpn} plays in round {rnd} but is not in the line-up", line, "300 players")
            explicit[team.number] = players
    if len(explicit) == 2:
        for team in (one, two):
            order[team.number] = {p: b for b, p in enumerate(explicit[team.number], start=1) if p is not None}
    elif len(explicit) == 1:
        fixed = one if one.number in explicit else two
        free = two if fixed is one else one
        order[fixed.number] = {p: b for b, p in enumerate(explicit[fixed.number], start=1) if p is not None}
        empty = [b for b, p in enumerate(explicit[fixed.number], start=1) if p is None]
        empty += list(range(len(explicit[fixed.number]) + 1, scoring.boards + 1))
        placed: dict[int, int] = {}
        for seat in seats[free.number]:
            if seat.game.opponent is not None:
                placed[seat.player] = order[fixed.number].get(seat.game.opponent, 0)
            elif empty:
                placed[seat.player] = empty.pop(0)
            else:
                raise TrfError(f"player {seat.player} faces an empty board in round {rnd}, but the line-up of "
                               f"team {fixed.number} has none", seat.line, f"round {rnd} result")
        order[free.number] = placed
    else:
        order.update(_merge(seats[one.number], seats[two.number], one.number, two.number, rnd))
    entries: list[list[BoardEntry]] = []
    for team, other in ((one, two), (two, one)):
        mine, theirs = order[team.number], order[other.number]
        by_board = {b: p for p, b in mine.items()}
        their_board = {b: p for p, b in theirs.items()}
        boards: list[BoardEntry] = []
        for seat in seats[team.number]:
            board = mine[seat.player]
            opponent = seat.game.opponent
            if opponent is not None:
                if reader.teams.of.get(opponent) != other.number:
                    raise TrfError(f"round {rnd}: player {seat.player} (team {team.number}) meets player "
                                   f"{opponent}, who is not in team {other.number}", seat.line,
                                   f"round {rnd} opponent")
                if theirs.get(opponent) != board:
                    raise TrfError(f"round {rnd}: player {seat.player} is on board {board} of team {team.number} "
                                   f"but their opponent {opponent} on board {theirs.get(opponent)} of team "
                                   f"{other.number}; a 300 record gives the line-up", seat.line,
                                   f"round {rnd} opponent")
            elif board in their_board:
                raise TrfError(f"round {rnd}: player {seat.player} faces an empty board ({seat.game.result}) but "
                               f"board {board} of team {other.number} has player {their_board[board]}", seat.line,
                               f"round {rnd} result")
            result = _BOARD.get(seat.game.result)
            if result is None:
                raise TrfError(f"{seat.game.result!r} is not a board result", seat.line, f"round {rnd} result")
            boards.append(BoardEntry(board, seat.player, opponent, result, _board_points(result, scoring.game),
                                     _colour(seat.game.colour)))
        for number, player in their_board.items():
            if number not in by_board and reader.game(player, rnd).opponent is None:
                boards.append(BoardEntry(number, None, player, Outcome.FORFEIT_LOSS, scoring.game.forfeit_loss))
        for number in range(1, scoring.boards + 1):  # a board both teams left empty: a forfeit for both
            if number not in by_board and number not in their_board:
                boards.append(BoardEntry(number, None, None, Outcome.FORFEIT_LOSS, scoring.game.forfeit_loss))
        boards.sort(key=lambda b: b.board)
        for entry in boards:
            if entry.board > scoring.boards:
                raise TrfError(f"round {rnd}: team {team.number} has a board {entry.board}, the match has "
                               f"{scoring.boards}", reader.teams.line[team.number], "boards")
        entries.append(boards)
    gp = [sum((b.points for b in boards), Fraction(0)) for boards in entries]
    pending = any(b.outcome is Outcome.PENDING for boards in entries for b in boards)
    played = match_played((b.outcome for b in entries[0]), (b.outcome for b in entries[1]))
    out = []
    for index, (team, other) in enumerate(((one, two), (two, one))):
        boards = entries[index]
        if pending:
            outcome, mp = TeamOutcome.PENDING, Fraction(0)
        else:
            outcome, mp = match_outcome(gp[index], gp[1 - index], scoring, played)
        first = next((b for b in boards if b.board == 1), None)
        colour: Colour | None = None
        if first is not None and first.player is not None:
            colour = first.colour
        elif (against := next((b for b in entries[1 - index] if b.board == 1), None)) is not None:
            colour = _colour({"w": "b", "b": "w"}.get(against.colour or ""))
        out.append(TeamRoundEntry(rnd, outcome, other.number, mp, gp[index], tuple(boards),
                                  colour if outcome.played or outcome is TeamOutcome.PENDING else None))
    return out[0], out[1]


def _merge(first: list[_Seat], second: list[_Seat], one: int, two: int, rnd: int) -> dict[int, dict[int, int]]:
    """The boards of a match without 300 records: each team's players in roster order, the games
    on the same board for both, a player facing an empty board on a board of their own (those of
    the first team first where both teams have one between the same two games)."""
    shared_first = [s for s in first if s.game.opponent is not None]
    shared_second = [s.game.opponent for s in second if s.game.opponent is not None]
    if [s.player for s in shared_first] != [o for o in shared_second]:
        mine = [s.player for s in shared_first]
        theirs = [o for o in shared_second]
        seat = next(s for s, o in zip(shared_first, theirs) if s.player != o) if len(mine) == len(theirs) else (
            shared_first[0] if shared_first else second[0])
        raise TrfError(f"round {rnd}: the games of teams {one} and {two} are not in the same board order in "
                       f"both teams; a 300 record gives the line-up", seat.line, f"round {rnd} opponent")
    boards: dict[int, dict[int, int]] = {one: {}, two: {}}
    board = 0
    i = j = 0
    while i < len(first) or j < len(second):
        if i < len(first) and first[i].game.opponent is None:
            board += 1
            boards[one][first[i].player] = board
            i += 1
        elif j < len(second) and second[j].game.opponent is None:
            board += 1
            boards[two][second[j].player] = board
            j += 1
        else:
            board += 1
            boards[one][first[i].player] = board
            boards[two][second[j].player] = board
            i += 1
            j += 1
    return boards


def team_event_from_trf(trf: TrfFile) -> TeamTrf:
    """The team event of a TRF-2026 (or TRF16 013) team file; each inconsistency is a :class:`TrfError`
    naming the line and the field (TRF-2026 300-362, C.04.6 Art. 1)."""
    if not is_team_trf(trf):
        raise TrfError("not a team event: no 310 or 013 record", None, "310")
    notes = Notes()
    reader = _Reader(trf, notes)
    rounds = reader.rounds()
    boards = reader.boards(rounds)
    scoring, round_robin = _scoring(trf, boards, notes)
    for code in ("801", "802"):
        if code in trf.header:
            notes.add(code, f"line {trf.header_lines[code][0]}: the informative {code} records are left out")
    if "299" in trf.header:
        notes.add("299", f"line {trf.header_lines['299'][0]}: abnormal point assignments (299) are not applied")
    teams = sorted(reader.teams.teams, key=lambda t: t.number)
    by_number = {t.number: t for t in teams}
    entries: dict[int, list[TeamRoundEntry]] = {t.number: [] for t in teams}
    for rnd in range(1, rounds + 1):
        done: dict[int, TeamRoundEntry] = {}
        for team in teams:
            if team.number in done:
                continue
            done.update(_round_of(reader, rnd, team, by_number, scoring, done, round_robin))
        for team in teams:
            entries[team.number].append(done[team.number])
    event = TeamEvent(tuple(teams), {n: tuple(e) for n, e in entries.items()}, rounds, scoring, round_robin)
    zero = {key for key, (kind, _) in reader.byes.items() if kind is TeamOutcome.ZPB}
    withdrawn = withdrawn_teams(event, zero, max(trf.total_rounds or 0, rounds))
    double = any("DOUBLEROUNDROBIN" in value.upper() for value in trf.header.get("192", ()))
    half = half_rule_annulled(event, withdrawn, double) if event.round_robin else frozenset()
    annulled, rule = counted_as_declared(event, half, Declared(reader.teams.declared, reader.teams.ranked,
                                                                  reader.teams.line), notes)
    colours = trf.header["352"][0].strip().upper() if "352" in trf.header else ""
    return TeamTrf(event, {p.tpn: p for p in trf.players}, colours, dict(reader.teams.declared), notes.lines(),
                   trf.total_rounds, dict(reader.teams.line),
                   frozenset(key for key, value in reader.forfeits.items() if value[3]), withdrawn, annulled, rule)


def _round_of(reader: _Reader, rnd: int, team: Team, by_number: Mapping[int, Team], scoring: TeamScoring,
              done: Mapping[int, TeamRoundEntry], round_robin: bool) -> dict[int, TeamRoundEntry]:
    """One team's round (and its opponent's): a match forfeit (330), a PAB (320), a match (the games,
    or 300), a requested bye (240), else the free round of a round robin (BYE: a team without a match
    there has one, C.05) or absent (ZPB)."""
    seats = reader.seats(team, rnd)
    games = [s for s in seats if s.game.opponent is not None]
    opponents = {reader.teams.of.get(s.game.opponent or 0) for s in games}
    for seat in games:
        if reader.teams.of.get(seat.game.opponent or 0) == team.number:
            raise TrfError(f"round {rnd}: players {seat.player} and {seat.game.opponent} of team {team.number} "
                           "meet each other", seat.line, f"round {rnd} opponent")
        if seat.game.opponent not in reader.teams.of:
            raise TrfError(f"round {rnd}: opponent {seat.game.opponent} is in no team", seat.line,
                           f"round {rnd} opponent")
        answer = next((g for g in reader.players[seat.game.opponent or 0].games if g.round == rnd), None)
        if answer is None or answer.opponent != seat.player:
            raise TrfError(f"round {rnd}: player {seat.player} meets {seat.game.opponent}, whose line does not "
                           "name them back", seat.line, f"round {rnd} opponent")
    if len(opponents) > 1:
        raise TrfError(f"round {rnd}: team {team.number} meets teams "
                       f"{', '.join(str(o) for o in sorted(o or 0 for o in opponents))}", games[0].line,
                       f"round {rnd} opponent")
    line = reader.teams.line[team.number]
    _check_bye(reader, rnd, team.number, games)
    if (rnd, team.number) in reader.forfeits:
        outcome, other, line, _ = reader.forfeits[(rnd, team.number)]
        if games:
            raise TrfError(f"round {rnd}: teams {team.number} and {other} forfeit a match in which players "
                           "have games", line, "330")
        _check_bye(reader, rnd, other, [])
        back = reader.forfeits[(rnd, other)][0]
        return {team.number: _forfeit(rnd, outcome, other, scoring),
                other: _forfeit(rnd, back, team.number, scoring)}
    if rnd in reader.pabs and reader.pabs[rnd][0] == team.number:
        if games:
            raise TrfError(f"round {rnd}: team {team.number} has the PAB but its players have games",
                           reader.pabs[rnd][1], f"320 round {rnd}")
        mp, gp = scoring.pab_scores()
        return {team.number: TeamRoundEntry(rnd, TeamOutcome.PAB, None, mp, gp)}
    other_number = next(iter(opponents), None)
    if other_number is None and (rnd, team.number) in reader.lineups:
        other_number = reader.lineups[(rnd, team.number)][1]
    if other_number is not None:
        if other_number in done:
            raise TrfError(f"round {rnd}: team {other_number} already has its round", line, f"round {rnd}")
        _check_bye(reader, rnd, other_number, [s for s in reader.seats(by_number[other_number], rnd)
                                                if s.game.opponent is not None])
        one, two = _match(reader, rnd, team, by_number[other_number], scoring)
        return {team.number: one, other_number: two}
    if (rnd, team.number) in reader.byes:
        outcome = reader.byes[(rnd, team.number)][0]
        mp = {TeamOutcome.FPB: scoring.match_win, TeamOutcome.HPB: scoring.match_draw}.get(outcome, Fraction(0))
        gp = {TeamOutcome.FPB: scoring.game.full_bye, TeamOutcome.HPB: scoring.game.half_bye}.get(
            outcome, Fraction(0)) * scoring.boards
        return {team.number: TeamRoundEntry(rnd, outcome, None, mp, gp)}
    if seats:
        raise TrfError(f"round {rnd}: player {seats[0].player} of team {team.number} has a result against an "
                       "empty board, but the team has no opponent (no game, 300 or 330 names one)", seats[0].line,
                       f"round {rnd} result")
    return {team.number: TeamRoundEntry(rnd, TeamOutcome.FREE if round_robin else TeamOutcome.ZPB, None, Fraction(0),
                                        Fraction(0))}


def _check_bye(reader: _Reader, rnd: int, team: int, games: list[_Seat]) -> None:
    """A team's bye of 240 in a round where it also has the PAB, a match forfeit or games is
    refused, but for a zero-point bye (a known absence) beside a match forfeit (330) the team lost:
    the team was absent, its match forfeited. The export writes it so for a team that withdrew (the
    rounds after its withdrawal, :func:`~.team_standing.withdrawn_teams`)."""
    if (rnd, team) not in reader.byes:
        return
    kind, bye_line = reader.byes[(rnd, team)]
    forfeit = reader.forfeits.get((rnd, team))
    if forfeit is not None and kind is TeamOutcome.ZPB and forfeit[0] is TeamOutcome.FORFEIT_LOSS:
        return
    other_record = ("the PAB (320, line " + str(reader.pabs[rnd][1]) + ")"
                    if rnd in reader.pabs and reader.pabs[rnd][0] == team else
                    "a match forfeit (330, line " + str(forfeit[2]) + ")" if forfeit is not None else
                    f"games (player {games[0].player}, line {games[0].line})" if games else None)
    if other_record is not None:
        raise TrfError(f"team {team} has a requested bye in round {rnd} and {other_record}", bye_line,
                       f"240 round {rnd}")


def _forfeit(rnd: int, outcome: TeamOutcome, other: int, scoring: TeamScoring) -> TeamRoundEntry:
    """A match forfeit (330): a won match with every board won by forfeit, or a lost one with none."""
    if outcome is TeamOutcome.FORFEIT_WIN:
        return TeamRoundEntry(rnd, outcome, other, scoring.match_win, scoring.game.forfeit_win * scoring.boards)
    return TeamRoundEntry(rnd, outcome, other, scoring.match_loss, scoring.game.forfeit_loss * scoring.boards)


# --------------------------------------------------------------------------- writing


def team_code(scoring: TeamScoring, round_robin: bool, double: bool = False) -> str:
    """The 192 code of a team event (TRF-2026 ETT26): ``FIDE_TEAM_TYPEA_MP_GP`` or ``..._GP_MP``,
    ``FIDE_TEAM_ROUNDROBIN`` (``..._DOUBLEROUNDROBIN``) for a team round robin (whose primary
    score is MP)."""
    if round_robin:
        if scoring.primary != "MP":
            raise Refused("a team round robin's 192 code cannot say that game points are the primary score",
                          field="192")
        return f"FIDE_TEAM_{'DOUBLE' if double else ''}ROUNDROBIN"
    return f"FIDE_TEAM_TYPEA_{scoring.primary}_{scoring.secondary}"


def _fmt(points: Fraction, width: int) -> str:
    return f"{points_field(points).strip():>{width}}"


def team_trf_text(event: TeamEvent, players: Mapping[int, TrfPlayer], *, name: str = "Team event",
                  colours: str = "", total_rounds: int | None = None) -> str:
    """A TRF-2026 team file of ``event`` (012, 142, 162 when not the default, 192, 352, 362, 001,
    310, 320, 330, 240, 300) that :func:`team_event_from_trf` reads back as the same event."""
    lines = [f"012 {name}", f"142 {total_rounds or event.rounds}"]
    game = event.scoring.game
    if game != DEFAULT_SCORING:
        pairs = [("W", game.win), ("D", game.draw), ("L", game.loss), ("A", game.forfeit_loss), ("P", game.pab)]
        lines.append("162 " + "".join(f" {s}{points_field(v)}   " for s, v in pairs).rstrip())
    lines.append(f"192 {team_code(event.scoring, event.round_robin)}")
    return "\n".join(lines + team_scoring_records(event.scoring, colours) + team_records(event, players)) + "\n"


def team_scoring_records(scoring: TeamScoring, colours: str = "") -> list[str]:
    """352, the board colours (``colours``, else ``WBWB...``), and 362, the match points."""
    pattern = (colours or ("WB" * scoring.boards)[:scoring.boards]).upper()
    if len(pattern) != scoring.boards:
        raise Refused(f"the colour pattern {pattern!r} does not have {scoring.boards} boards", field="352")
    return [f"352 {pattern}", "362 " + "".join(f"T{s}{points_field(v)}   " for s, v in (
        ("W", scoring.match_win), ("D", scoring.match_draw), ("L", scoring.match_loss))).rstrip()]


#: A team's standing as the 310 record writes it: (MP, GP, rank), by team number.
TeamStanding = Mapping[int, tuple[Fraction, Fraction, int | None]]


def team_records(event: TeamEvent, players: Mapping[int, TrfPlayer], *, first: Collection[tuple[int, int]] = (),
                 standing: TeamStanding | None = None, absent: Mapping[int, Collection[int]] | None = None
                 ) -> list[str]:
    """The records of a team file after its header: 001 (each player's rounds and points), 310 (MP,
    GP and rank of ``standing``, the standings' own; a team without one, such as a team the half
    rule leaves out of them, the sums of its matches and no rank), 320, 330 (the team named first
    in ``first``, its (round, team), else the lower number), 240 (with ``absent``: round -> the
    teams absent in it, 240 Z: a withdrawn team's rounds after its withdrawal, a match forfeit it
    lost there included) and 300."""
    scoring, named_first, lines = event.scoring, set(first), []
    for team in event.teams:
        for tpn in team.players:
            if tpn not in players:
                raise Refused(f"player {tpn} of team {team.number} ({team.name}) is not among the players",
                              field="001")
    games: dict[int, dict[int, TrfGame]] = {tpn: {} for tpn in players}
    points: dict[int, Fraction] = {tpn: Fraction(0) for tpn in players}
    lineups: list[str] = []
    forfeits: list[str] = []
    pabs: dict[int, int] = {}
    byes: dict[tuple[str, int], list[int]] = {}
    for rnd in range(1, event.rounds + 1):
        for team in event.teams:
            entry = event.entries[team.number][rnd - 1]
            for board in entry.boards:
                if board.player is not None:
                    games[board.player][rnd] = TrfGame(rnd, board.opponent, board.colour, _CODE[board.outcome])
                    points[board.player] += board.points
            # a match forfeit (330) of a team with fewer players than boards has its line-up too: FIDE's
            # engine (gacrux) counts a forfeited match's boards from its players' rounds (the reader takes the 330)
            short = not entry.boards and entry.outcome.forfeit and entry.opponent is not None \
                and len(team.players) < scoring.boards
            if short or (entry.boards and _needs_lineup(event, team, entry, scoring.boards)):
                slots = {b.board: b.player for b in entry.boards} or dict(enumerate(team.players, start=1))
                ids = "".join(f" {slots.get(b) or 0:4d}" for b in range(1, scoring.boards + 1))
                lineups.append(f"300 {rnd:3d} {team.number:3d} {entry.opponent or 0:3d}{ids}")
            if entry.outcome is TeamOutcome.FORFEIT_WIN and not entry.boards:  # a match forfeit (330):
                # the line-up wins every board by forfeit (a match with boards has them already)
                for tpn in team.players[:scoring.boards]:
                    games[tpn][rnd] = TrfGame(rnd, None, None, "+")
                    points[tpn] += scoring.game.forfeit_win
            for tpn in team.players:  # the others sit out: written as FIDE's sample does
                games[tpn].setdefault(rnd, TrfGame(rnd, None, None, "-"))
            if not entry.boards and entry.outcome.forfeit and entry.opponent is not None and (
                    (rnd, team.number) in named_first if {(rnd, team.number), (rnd, entry.opponent)} & named_first
                    else team.number < entry.opponent):
                theirs = event.entries[entry.opponent][rnd - 1].outcome
                kind = {(TeamOutcome.FORFEIT_WIN, TeamOutcome.FORFEIT_LOSS): "+-",
                        (TeamOutcome.FORFEIT_LOSS, TeamOutcome.FORFEIT_WIN): "-+"}.get((entry.outcome, theirs), "--")
                forfeits.append(f"330 {kind} {rnd:3d} {team.number:3d} {entry.opponent:3d}")
            elif entry.outcome is TeamOutcome.PAB:
                pabs[rnd] = team.number
            elif entry.outcome in (TeamOutcome.FPB, TeamOutcome.HPB):
                byes.setdefault((entry.outcome.value[0], rnd), []).append(team.number)
    for tpn, player in sorted(players.items()):
        row = [games[tpn].get(r, TrfGame(r, None, None, " ")) for r in range(1, event.rounds + 1)]
        lines.append(player_line(player, row, points[tpn], None))
    for team in event.teams:
        ids = "".join(f" {tpn:4d}" for tpn in team.players)
        mp, gp, rank = (standing or {}).get(team.number) or (event.total(team.number, "MP"),
                                                             event.total(team.number, "GP"), None)
        lines.append(f"310 {team.number:3d} {team.name[:32]:<32} {team.short[:5]:<5} {'':>6} "
                     f"{_fmt(mp, 6)} {_fmt(gp, 6)} {rank or '':>3} {ids}".rstrip())
    if pabs or scoring.pab_match_points is not None or scoring.pab_game_points is not None:
        mp, gp = scoring.pab_scores()
        rounds = "".join(f" {pabs[r]:3d}" if r in pabs else "    " for r in range(1, max(pabs, default=0) + 1))
        lines.append(f"320 {_fmt(mp, 4)} {_fmt(gp, 4)}{rounds}")
    lines.extend(forfeits)
    for rnd, teams in (absent or {}).items():
        byes[("Z", rnd)] = sorted(teams)
    for (kind, rnd), teams in sorted(byes.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append(f"240 {kind} {rnd:3d}" + "".join(f" {t:4d}" for t in teams))
    lines.extend(lineups)
    return lines


def _needs_lineup(event: TeamEvent, team: Team, entry: TeamRoundEntry, boards: int) -> bool:
    """Whether the team's line-up needs a 300 record: its boards differ from what the reader derives
    without one (its players in roster order on consecutive boards from board 1, fide-rules.md §8.2,
    300), or it left a board empty (``0000``: a match of fewer games than boards is read by FIDE's
    engine, gacrux, only with the 300 record that names the empty board)."""
    seated = [b for b in entry.boards if b.player is not None]
    order = sorted(seated, key=lambda b: team.players.index(b.player or 0))
    return ([b.board for b in order] != list(range(1, len(order) + 1)) or seated != order
            or len(seated) < boards)
