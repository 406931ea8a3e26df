"""The team crosstable (issue 15): teams against teams, with the match results, MP, GP and rank.

* **A round robin** gets the square table: a row and a column per team, in team-number order;
  the cell of a row and a column holds the game points (GP) the row's team scored against the
  column's team, one value per match in round order (a double round robin shows both cycles,
  for example ``2½ 3``); the diagonal is ``×``.
* **A Swiss** gets one column per round, its rows in rank order: the opponent's number, the team colour (the board-1
  player's, C.04.6 1.6) and the GP scored, for example ``5w2½``; a round without a match shows
  its bye (``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``BYE``).
* In a cell, ``+`` and ``-`` are a match won and lost by forfeit (TRF 330: a team did not show),
  ``?`` a match with boards still to enter (after the GP so far, if any: ``1½?``).
* The teams, the matches and every number are those the standings count
  (:func:`~arbiter_cli.lifecycle.team_finish.counted_team_event`): a team the round robin's half
  rule removes has no row, and its matches are free rounds of its opponents. MP, GP, rank and
  the tie-breaks are the standings' own (:func:`~arbiter_cli.lifecycle.team_finish.team_standings_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.points import format_points
from arbiter_cli.core.team import Team, TeamOutcome, TeamRoundEntry
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.tiebreak_codes import Rules
from arbiter_cli.lifecycle.team_finish import counted_team_event, team_standings_of
from arbiter_cli.lifecycle.team_standings import TeamStandings, TiebreakValue

__all__ = ["TeamCrosstableRow", "TeamCrosstable", "team_crosstable", "match_cell"]


@dataclass(frozen=True)
class TeamCrosstableRow:
    """A team's row: its rank (``rank_to`` the last rank of a shared place), MP and GP, its
    rounds, the cells, and its tie-break values."""

    team: Team
    rank: int
    rank_to: int
    match_points: Fraction
    game_points: Fraction
    entries: tuple[TeamRoundEntry, ...]
    cells: tuple[str, ...]
    tiebreaks: dict[str, TiebreakValue] = field(default_factory=dict)

    @property
    def rank_label(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}-{self.rank_to}"


@dataclass(frozen=True)
class TeamCrosstable:
    """The table after ``after_round``: the column headings (team numbers, or ``R1``...), the
    rows (in team-number order in the square table, else in rank order), and the tie-breaks computed (and those that are not team codes)."""

    after_round: int
    square: bool
    headings: tuple[str, ...]
    rows: tuple[TeamCrosstableRow, ...]
    tiebreaks: tuple[str, ...] = ()
    unavailable: tuple[str, ...] = ()
    rules: Rules = Rules.R2026


def match_cell(entry: TeamRoundEntry) -> str:
    """What one match was for a team, for a cell: its GP, ``+``/``-`` for a match forfeit, ``?``
    after the GP so far for a match not complete, or the bye's code.

    >>> match_cell(TeamRoundEntry(1, TeamOutcome.WIN, 2, Fraction(2), Fraction(5, 2)))
    '2½'
    >>> match_cell(TeamRoundEntry(1, TeamOutcome.FORFEIT_LOSS, 2, Fraction(0), Fraction(0)))
    '-'
    """
    if entry.outcome is TeamOutcome.PENDING:
        entered = any(board.outcome is not Outcome.PENDING for board in entry.boards)
        return f"{format_points(entry.game_points)}?" if entered else "?"
    if entry.outcome.played:
        return format_points(entry.game_points)
    return str(entry.outcome.value)  # + - and the byes' codes


def team_crosstable(tournament: TeamTournament, after_round: int | None = None, codes: Sequence[str] | None = None,
                    rules: Rules | str | None = None, standings: TeamStandings | None = None) -> TeamCrosstable:
    """The crosstable after ``after_round`` (default: every round paired), ranked as the standings
    with ``codes`` (default: the announced team tie-breaks): ``standings``, when the caller has them
    already."""
    if standings is None:
        standings = team_standings_of(tournament, after_round, codes, rules)
    event = counted_team_event(tournament, after_round)
    by_team = {row.team.number: row for row in standings.rows}
    numbers = [team.number for team in event.teams]
    square = tournament.settings.system.is_round_robin
    rows = []
    for number in sorted(numbers) if square else [row.team.number for row in standings.rows]:
        entries = event.entries[number]
        if square:
            cells = ["×" if other == number else " ".join(match_cell(e) for e in entries if e.opponent == other)
                     for other in sorted(numbers)]
        else:
            cells = [match_cell(e) if e.opponent is None else f"{e.opponent}{e.colour or ''}{match_cell(e)}"
                     for e in entries]
        row = by_team[number]
        rows.append(TeamCrosstableRow(row.team, row.rank, row.rank_to, row.match_points, row.game_points, entries,
                                      tuple(cells), row.tiebreaks))
    headings = (tuple(str(n) for n in sorted(numbers)) if square
                else tuple(f"R{n}" for n in range(1, event.rounds + 1)))
    return TeamCrosstable(event.rounds, square, headings, tuple(rows), standings.tiebreaks, standings.unavailable,
                          standings.rules)
