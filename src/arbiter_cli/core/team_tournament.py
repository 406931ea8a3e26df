"""A team event as its folder holds it (issue 15): teams, their players, matches and board games.

* A :class:`TeamEntry` is a row of ``teams.csv``: the team number (C.04.6: the team TPN, TRF
  310), name, short name, and a withdrawal.
* The players are ordinary :class:`~arbiter_cli.core.model.Player` rows; ``team_of`` maps each
  start number to its team, and a team's roster is its players in start-number order (main
  players first, then reserves).
* A round is a :class:`MatchRound`: its :class:`Match` values and its team byes. A match names
  its teams in order; the team named first plays the board colour pattern (White on board 1 by
  default, C.04.6 1.6), and its board lines are written first-named team first: ``1-0`` on a
  board is a win for the first team's player, whatever the colours.
* An empty board is a board game with no player on one side; it scores as a forfeit.
* A match forfeit (a team did not show, or the arbiter awards the match: C.04.6 with C.07 Art.
  16.2, a forfeit win or loss of the whole match) is entered once, for the whole match. It
  overrides the boards: a match paired as a forfeit (a withdrawn team) has no board games; a
  match forfeited once paired keeps its board lines on file, the line-up with its empty boards
  and any results (``counted_boards`` is then empty), counting for nothing while the forfeit
  stands, and they count again, as they were, if it is cleared (issue 25: a forfeit entered by
  mistake and cleared no longer loses the line-up).

:func:`match_entries` is **the** one reading of a match: its score, outcome and counted boards
for each team. Everything that scores a match (standings, tie-breaks, pairings, crosstable, team
cards, board prizes, the TRF export) reads it, through :func:`team_event` or directly.

:func:`team_event` turns a folder's rounds into the :class:`~arbiter_cli.core.team.TeamEvent`
that the team tie-breaks, standings and the team TRF read.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from arbiter_cli.core.model import Player, Settings
from arbiter_cli.core.outcome import Colour, Outcome, game_outcomes
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import (BoardEntry, Team, TeamEvent, TeamOutcome, TeamRoundEntry, TeamScoring,
                                   match_outcome, match_played)
from arbiter_cli.core.team_roster import Roster, RosterPlayer, default_line_up
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.value import Value

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["TeamEntry", "BoardGame", "Match", "TeamBye", "MatchRound", "LineUpRequest", "TeamByeRequest", "TeamTournament",
           "team_event", "match_entries", "round_match_entries", "roster_player", "board_colour"]


@dataclass(frozen=True, init=False)
class TeamEntry(Value):
    """A row of ``teams.csv``, checked by :class:`arbiter_cli.core.team_schema.TeamEntry`."""

    number: int
    name: str
    short: str = ""
    status: Literal["active", "withdrawn"] = "active"
    withdrawn_after: int | None = None
    entered_round: int | None = None  # late entry

    @classmethod
    def schema(cls) -> type[BaseModel]:
        from arbiter_cli.core import team_schema

        return team_schema.TeamEntry

    @property
    def is_withdrawn(self) -> bool:
        return self.status == "withdrawn"

    def available_in(self, round_number: int) -> bool:
        return self.withdrawn_after is None or round_number <= self.withdrawn_after


@dataclass(frozen=True)
class BoardGame:
    """A board of a match: the first team's player and the second team's (None: an empty board),
    and the result, first team's player first (``1-0``: the first team's player won)."""

    board: int
    first: int | None
    second: int | None
    result: GameResult | None = None


@dataclass(frozen=True)
class Match:
    """A match of a round: its number, the team named first and the other, the board games, and a
    match forfeit (``+/-``: the second team did not show; ``-/+``: the first; ``-/-``: neither)."""

    number: int
    first: int
    second: int
    boards: tuple[BoardGame, ...] = ()
    forfeit: GameResult | None = None

    @property
    def teams(self) -> tuple[int, int]:
        return (self.first, self.second)

    @property
    def counted_boards(self) -> tuple[BoardGame, ...]:
        """The boards that count: none while a match forfeit stands (boards kept under it count
        for nothing), else all of them."""
        return () if self.forfeit is not None else self.boards

    @property
    def has_board_results(self) -> bool:
        """A board with both its players has a result (counted, or kept under a match forfeit)."""
        return any(g.result is not None and None not in (g.first, g.second) for g in self.boards)

    @property
    def missing(self) -> tuple[int, ...]:
        """Boards still without a result (none once the match is forfeited)."""
        return tuple(b.board for b in self.counted_boards if b.result is None)

    @property
    def complete(self) -> bool:
        return not self.missing

    def board(self, number: int) -> BoardGame | None:
        return next((b for b in self.boards if b.board == number), None)


@dataclass(frozen=True)
class TeamBye:
    """A team without a match in a round: the round robin's free round (``BYE``), the PAB, or a
    requested or absent team's bye."""

    team: int
    kind: ByeKind


@dataclass(frozen=True)
class MatchRound:
    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[TeamBye, ...] = ()

    @property
    def complete(self) -> bool:
        return all(m.complete for m in self.matches)

    @property
    def missing(self) -> list[str]:
        """The boards still without a result, as ``arbiter result`` takes them (``MATCH.BOARD``)."""
        return [f"{m.number}.{b}" for m in self.matches for b in m.missing]

    def match(self, number: int) -> Match | None:
        return next((m for m in self.matches if m.number == number), None)

    def match_of(self, team: int) -> Match | None:
        return self._by_team.get(team)

    @cached_property
    def _by_team(self) -> dict[int, Match]:
        """Each team's match, the first that names it (a card of each of 1,200 players asks; the round is frozen)."""
        found: dict[int, Match] = {}
        for match in self.matches:
            for team in match.teams:
                found.setdefault(team, match)
        return found


@dataclass(frozen=True)
class LineUpRequest:
    """A line-up given for a round not yet paired: the team and its players, board 1 first."""

    round: int
    team: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TeamByeRequest:
    """A team's requested bye for a round not yet paired (TRF 240): ``HPB`` (a drawn match) or ``ZPB``."""

    round: int
    team: int
    kind: ByeKind


@dataclass(frozen=True)
class TeamTournament:
    """The whole team event as read from its folder."""

    settings: Settings
    team: TeamSettings
    teams: tuple[TeamEntry, ...] = ()
    players: tuple[Player, ...] = ()
    team_of: Mapping[int, int] = field(default_factory=dict)  # start number -> team number
    rounds: tuple[MatchRound, ...] = ()
    lineups: tuple[LineUpRequest, ...] = ()
    byes: tuple[TeamByeRequest, ...] = ()  # requested team byes for rounds not yet paired

    @cached_property
    def by_number(self) -> dict[int, Player]:
        return {p.start_number: p for p in self.players}

    @cached_property
    def by_team(self) -> dict[int, TeamEntry]:
        return {t.number: t for t in self.teams}

    def entry(self, number: int) -> TeamEntry | None:
        return self.by_team.get(number)

    @cached_property
    def _members(self) -> dict[int, tuple[Player, ...]]:
        teams: dict[int, list[Player]] = {}
        for player in self.players:
            teams.setdefault(self.team_of.get(player.start_number, 0), []).append(player)
        return {team: tuple(players) for team, players in teams.items()}

    def members(self, team: int) -> tuple[Player, ...]:
        """The team's players in roster order (start-number order)."""
        return self._members.get(team, ())

    def roster(self, team: int) -> Roster:
        """The team's list as the roster rules read it, with the rating the event's rosters use
        (``[team] roster_rating``: FIDE, or national)."""
        return Roster(tuple(self.roster_player(p) for p in self.members(team)), self.team.boards)

    def default_players(self, team: int, round_number: int) -> tuple[int, ...]:
        """The start numbers of the team's default line-up in the round (what the pairing gives a team
        that gave none, :func:`~arbiter_cli.core.team_roster.default_line_up`): its first available
        players in roster order, board 1 first."""
        members = self.members(team)
        by_player = {self.roster_player(p): p.start_number for p in members}
        unavailable = {self.roster_player(p) for p in members if not p.available_in(round_number)}
        return tuple(by_player[p] for p in default_line_up(self.roster(team), unavailable).players)

    def roster_player(self, player: Player) -> RosterPlayer:
        """A player as the roster rules read them, with the rating the event's rosters use."""
        return roster_player(player, national=self.team.roster_rating == "national")

    @property
    def last_round(self) -> int:
        return len(self.rounds)

    @cached_property
    def _team_events(self) -> dict[int, TeamEvent]:
        """:func:`team_event`'s answers by round, each made once (the tournament is frozen): the
        standings, the crosstable, the cards and the prize list of one command read the same one."""
        return {}

    def round(self, number: int) -> MatchRound | None:
        return self.rounds[number - 1] if 1 <= number <= len(self.rounds) else None


def roster_player(player: Player, *, national: bool = False) -> RosterPlayer:
    """A player as the roster rules read them: the FIDE rating, or the national one (``national``:
    the federation's rule for team events; none known: unrated)."""
    rating = (player.national_rating or 0) if national else player.rating
    return RosterPlayer(player.name, player.fide_id, player.federation, rating)


def board_colour(pattern: str, board: int) -> Colour:
    """The first-named team's colour on ``board`` (1 first) under the colour pattern."""
    return "w" if pattern[(board - 1) % len(pattern)] == "W" else "b"


def _board_points(tournament: TeamTournament) -> dict[Outcome, Fraction]:
    """A board's points by its outcome (any other outcome: none)."""
    game = tournament.settings.scoring
    return {Outcome.WIN: game.win, Outcome.DRAW: game.draw, Outcome.LOSS: game.loss,
            Outcome.FORFEIT_WIN: game.forfeit_win, Outcome.FORFEIT_LOSS: game.forfeit_loss}


def _board_outcomes(game: BoardGame) -> tuple[Outcome, Outcome]:
    """The two sides' outcomes on a board; an empty board is a forfeit."""
    if game.first is None and game.second is None:
        return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS
    if game.second is None:
        return Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
    if game.first is None:
        return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN
    return game_outcomes(game.result)


#: A board with both its players, from each side: the two outcomes, the game points and their units
#: (:class:`_BoardScoring`), and whether the first side's outcome is a game played, a forfeit win, a
#: result still to enter (the second side's forfeit win is the last).
_Sides = tuple[Outcome, Outcome, Fraction, Fraction, int, int, bool, bool, bool, bool]


@dataclass(frozen=True)
class _BoardScoring:
    """What scoring a match's boards reads, read once for every match of an event (issue 29): the
    team scoring, the colour pattern, a board's points by outcome and an empty board's, and the same
    points in whole numbers of ``unit`` (the least common multiple of their denominators), whose
    sums are a side's game points without a fraction's arithmetic."""

    scoring: TeamScoring
    pattern: str
    points: dict[Outcome, Fraction]
    absent: Fraction
    unit: int
    units: dict[Outcome, int]
    absent_units: int
    sums: dict[int, Fraction] = field(default_factory=dict)  # game points by their units, each made once
    results: dict[GameResult | None, _Sides] = field(default_factory=dict)  # a result's sides, each made once
    colours: dict[int, tuple[Colour, Colour]] = field(default_factory=dict)  # a board's colours, first side's first

    @classmethod
    def of(cls, tournament: TeamTournament) -> _BoardScoring:
        points = _board_points(tournament)
        absent = tournament.settings.scoring.forfeit_loss  # an empty board's points
        unit = math.lcm(*(value.denominator for value in (*points.values(), absent)))
        units = {outcome: value.numerator * (unit // value.denominator) for outcome, value in points.items()}
        return cls(tournament.team.scoring(tournament.settings.scoring), tournament.team.pattern, points, absent,
                   unit, units, absent.numerator * (unit // absent.denominator))

    def sides(self, result: GameResult | None) -> _Sides:
        """A board with both its players and ``result``, from each side (:data:`_Sides`)."""
        found = self.results.get(result)
        if found is None:
            one, two = game_outcomes(result)
            nothing = Fraction(0)
            found = self.results[result] = (
                one, two, self.points.get(one, nothing), self.points.get(two, nothing), self.units.get(one, 0),
                self.units.get(two, 0), one.played, one is Outcome.FORFEIT_WIN,
                one is Outcome.PENDING or two is Outcome.PENDING, two is Outcome.FORFEIT_WIN)
        return found

    def colour(self, board: int) -> tuple[Colour, Colour]:
        """The first side's colour on ``board`` under the colour pattern, and the second side's."""
        found = self.colours.get(board)
        if found is None:
            shade = board_colour(self.pattern, board)
            found = self.colours[board] = (shade, "b" if shade == "w" else "w")
        return found

    def game_points(self, units: int) -> Fraction:
        found = self.sums.get(units)
        if found is None:
            found = self.sums[units] = Fraction(units, self.unit)
        return found


_board_entry = tuple.__new__
"""``_board_entry(BoardEntry, (board, player, opponent, outcome, points, colour))``: a board entry
made without a call in Python (a named tuple's ``__new__`` is one; a team event of 200 teams on 6
boards over 9 rounds has 10,800 of them, issue 29); a :class:`TeamRoundEntry` alike."""


def match_entries(tournament: TeamTournament, number: int, match: Match, *, boards: _BoardScoring | None = None
                  ) -> tuple[TeamRoundEntry, TeamRoundEntry]:
    """What match ``match`` of round ``number`` was for its first team and its second: the one
    place a match is scored. A match forfeit overrides the boards (C.04.6 with C.07 16.2.2 and
    16.2.4: the match is won and lost by forfeit, every board's game points to the side that came,
    none to the other), whatever boards are kept under it; else the boards' game points decide
    (C.04.6 1.2), and the match is unplayed when a team did not come (:func:`match_played`).
    ``boards``: the event's board scoring, when the caller scores many matches."""
    if boards is None:
        boards = _BoardScoring.of(tournament)
    scoring = boards.scoring
    if match.forfeit is not None:
        first_won = match.forfeit is GameResult.WHITE_FORFEIT_WIN
        second_won = match.forfeit is GameResult.BLACK_FORFEIT_WIN

        def forfeit(won: bool, other: int) -> TeamRoundEntry:
            if won:
                return TeamRoundEntry(number, TeamOutcome.FORFEIT_WIN, other, scoring.match_win,
                                      scoring.game.forfeit_win * scoring.boards)
            return TeamRoundEntry(number, TeamOutcome.FORFEIT_LOSS, other, scoring.match_loss,
                                  scoring.game.forfeit_loss * scoring.boards)
        return forfeit(first_won, match.second), forfeit(second_won, match.first)
    ours: list[BoardEntry] = []
    theirs: list[BoardEntry] = []
    units_one = units_two = 0  # each side's game points in units
    played = pending = won_one = won_two = False  # a game over the board, a result to enter, forfeit wins
    sides, colour = boards.sides, boards.colour
    for game in match.boards:
        first, second, board = game.first, game.second, game.board
        if first is not None and second is not None:
            one, two, points_one, points_two, add_one, add_two, over, won, waiting, lost = sides(game.result)
            shade, against = colour(board)
            ours.append(_board_entry(BoardEntry, (board, first, second, one, points_one, shade)))
            theirs.append(_board_entry(BoardEntry, (board, second, first, two, points_two, against)))
            units_one += add_one
            units_two += add_two
            played = played or over
            pending = pending or waiting
            won_one = won_one or won
            won_two = won_two or lost
            continue
        one, two = _board_outcomes(game)  # an empty board: a forfeit, its points the side's that came
        ours.append(_board_entry(BoardEntry, (board, first, second, one, boards.points.get(one, Fraction(0))
                                              if first is not None else boards.absent, None)))
        theirs.append(_board_entry(BoardEntry, (board, second, first, two, boards.points.get(two, Fraction(0))
                                                if second is not None else boards.absent, None)))
        units_one += boards.units.get(one, 0) if first is not None else boards.absent_units
        units_two += boards.units.get(two, 0) if second is not None else boards.absent_units
        won_one = won_one or one is Outcome.FORFEIT_WIN
        won_two = won_two or two is Outcome.FORFEIT_WIN
    played = played or (won_one and won_two)  # match_played: each team came, winning a board by forfeit
    gp = (boards.game_points(units_one), boards.game_points(units_two))
    first_colour = board_colour(boards.pattern, 1)
    out = []
    for index, other_team in enumerate((match.second, match.first)):
        if pending:
            outcome, mp = TeamOutcome.PENDING, Fraction(0)
        else:
            outcome, mp = match_outcome(gp[index], gp[1 - index], scoring, played)
        team_colour: Colour = first_colour if index == 0 else ("b" if first_colour == "w" else "w")
        out.append(_board_entry(TeamRoundEntry, (
            number, outcome, other_team, mp, gp[index], tuple(theirs if index else ours),
            team_colour if outcome.played or outcome is TeamOutcome.PENDING else None)))
    return out[0], out[1]


def round_match_entries(tournament: TeamTournament, rnd: MatchRound) -> list[tuple[TeamRoundEntry, TeamRoundEntry]]:
    """:func:`match_entries` of each match of round ``rnd`` of the tournament, in order: read from the
    event :func:`team_event` made already up to that round or later, when there is one and it has
    each team's entry of the round from that match (issue 29: a publish's round page and hall screen
    read the last round the standings scored), else scored."""
    for last, event in tournament._team_events.items():
        if last < rnd.number or tournament.round(rnd.number) is not rnd:
            continue
        index, found = rnd.number - 1, []
        for match in rnd.matches:
            ours, theirs = event.entries.get(match.first, ()), event.entries.get(match.second, ())
            if len(ours) != last or len(theirs) != last or ours[index].opponent != match.second \
                    or theirs[index].opponent != match.first or ours[index].round != rnd.number:
                break
            found.append((ours[index], theirs[index]))
        else:
            return found
    boards = _BoardScoring.of(tournament)
    return [match_entries(tournament, rnd.number, match, boards=boards) for match in rnd.matches]


_BYE_OUTCOME = {ByeKind.PAB: TeamOutcome.PAB, ByeKind.FPB: TeamOutcome.FPB, ByeKind.HPB: TeamOutcome.HPB,
                ByeKind.ZPB: TeamOutcome.ZPB, ByeKind.BYE: TeamOutcome.FREE}


def _bye_entry(tournament: TeamTournament, number: int, kind: ByeKind) -> TeamRoundEntry:
    scoring = tournament.team.scoring(tournament.settings.scoring)
    outcome = _BYE_OUTCOME[kind]
    if kind is ByeKind.PAB:
        mp, gp = scoring.pab_scores()
    elif kind is ByeKind.FPB:
        mp, gp = scoring.match_win, scoring.game.full_bye * scoring.boards
    elif kind is ByeKind.HPB:
        mp, gp = scoring.match_draw, scoring.game.half_bye * scoring.boards
    else:
        mp, gp = Fraction(0), Fraction(0)
    return TeamRoundEntry(number, outcome, None, mp, gp)


def team_event(tournament: TeamTournament, after_round: int | None = None) -> TeamEvent:
    """The event as the team tie-breaks read it, after ``after_round`` rounds (default: all).

    A team with nothing in a round (withdrawn) has a zero-point bye there."""
    last = tournament.last_round if after_round is None else after_round
    found = tournament._team_events.get(last)
    if found is None:
        found = tournament._team_events[last] = _team_event(tournament, last)
    return found


def _team_event(tournament: TeamTournament, last: int) -> TeamEvent:
    entries: dict[int, list[TeamRoundEntry]] = {t.number: [] for t in tournament.teams}
    boards = _BoardScoring.of(tournament)
    for rnd in tournament.rounds[:last]:
        seen: set[int] = set()
        for match in rnd.matches:
            one, two = match_entries(tournament, rnd.number, match, boards=boards)
            entries[match.first].append(one)
            entries[match.second].append(two)
            seen.update(match.teams)
        for bye in rnd.byes:
            entries[bye.team].append(_bye_entry(tournament, rnd.number, bye.kind))
            seen.add(bye.team)
        for number in entries:
            if number not in seen:
                entries[number].append(_bye_entry(tournament, rnd.number, ByeKind.ZPB))
    teams = tuple(Team(t.number, t.name, t.short, tuple(p.start_number for p in tournament.members(t.number)))
                  for t in tournament.teams)
    return TeamEvent(teams, {n: tuple(e) for n, e in entries.items()}, last,
                     tournament.team.scoring(tournament.settings.scoring),
                     round_robin=tournament.settings.system.is_round_robin)
