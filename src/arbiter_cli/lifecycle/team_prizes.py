"""A team event's prize list: team prizes by the team standings, and board prizes (issue 18,
"Prizes"; the regulations: "the same applies to teams"; "in team events, an individual prize for
the best percentage needs at least two-thirds of the rounds played").

* **Team prizes**: ``places`` of ``prizes.toml`` go to the teams in the order of the team
  standings (the announced team tie-breaks); teams tied on the primary score (match points, or game
  points when the event says so) share the prizes of their places by the file's ``split``, as
  players do (:mod:`arbiter_cli.lifecycle.prizes`). A withdrawn team takes no place.
* **Board prizes** (``[[board]]`` with ``board = N``): the players counted on board N
  (:mod:`arbiter_cli.lifecycle.board_prizes`: one board per player) who **qualify**, that is played
  at least the set share of the rounds (``board_share``, else the ``[team]`` setting
  ``board_prize_share``, two-thirds by default), in the order of the board statistics: performance,
  then percentage, then points. A board prize goes by that order, as a category does (issue 25):
  it is not shared.
* **Best percentage** (``[[board]]`` without ``board``): every qualifying player, by percentage,
  then performance, then points, and goes by that order.
* **One prize per player, the largest they can get**, across the board prizes (the same engine);
  a team's prize and a player's board prize are different purses and do not exclude each other.
* **Withdrawn players**, and the players of a withdrawn team, are left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from arbiter_cli.core.points import fraction_terms
from arbiter_cli.core.prizes import PLACES, PrizeTable
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.board_prizes import BoardRow, board_statistics, rounds_played
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.prizes import Entrant, PrizeList, PrizeSpec, award_prizes, prize_list_changes
from arbiter_cli.lifecycle.team_finish import counted_team_event, team_standings_of
from arbiter_cli.lifecycle.team_standings import TeamStandings

__all__ = ["TeamPrizeList", "team_prize_list", "team_prize_list_changes", "BEST_PERCENTAGE", "board_list_name"]

BEST_PERCENTAGE = "Best percentage"


def board_list_name(board: int | None) -> str:
    """``Board 1``, or ``Best percentage`` for the prize of all boards."""
    return BEST_PERCENTAGE if board is None else f"Board {board}"


@dataclass(frozen=True)
class TeamPrizeList:
    """The team prizes (keys: team numbers) and the board prizes (keys: start numbers)."""

    teams: PrizeList
    boards: PrizeList


def team_prize_list(tournament: TeamTournament, table: PrizeTable,
                    standings: TeamStandings | None = None) -> TeamPrizeList:
    """The prize list of a team event after every round paired (see the module's rules; ``standings``:
    the team standings after the last round, when the caller has them already)."""
    counted = counted_team_event(tournament)  # read once: the standings and the board prizes
    if standings is None:
        standings = team_standings_of(tournament, counted=counted)
    withdrawn_teams = {t.number for t in tournament.teams if t.is_withdrawn}
    primary = tournament.team.primary
    teams = [Entrant(row.team.number, row.team.name, row.match_points if primary == "MP" else row.game_points,
                     frozenset({PLACES}), row.rank)
             for row in standings.rows if row.team.number not in withdrawn_teams]
    team_specs = [PrizeSpec(PLACES, table.places)] if table.places else []
    team_prizes = award_prizes(teams, team_specs, table.split, table.currency)

    share = table.board_share if table.board_share is not None else tournament.team.board_prize_share
    ratings = {p.start_number: p.rating or None for p in tournament.players}
    rows = board_statistics(counted, ratings, share=share, unrated_rating=tournament.settings.unrated_rating,
                            rounds=rounds_played(tournament))
    left = {p.start_number for p in tournament.players
            if p.is_withdrawn or tournament.team_of.get(p.start_number) in withdrawn_teams}
    qualified = [row for row in rows if row.qualifies and row.player not in left]
    names = {p.start_number: p.name for p in tournament.players}
    specs = [PrizeSpec(board_list_name(prize.board), prize.amounts, _ranking(qualified, prize.board))
             for prize in table.board]
    players = [Entrant(row.player, names[row.player]) for row in qualified]
    board_prizes = award_prizes(players, specs, table.split, table.currency)
    return TeamPrizeList(team_prizes, board_prizes)


def _ranking(rows: list[BoardRow], board: int | None) -> tuple[tuple[int, object], ...]:
    """A board prize's order: the board's statistics order (performance, percentage, points), or
    for the best percentage every qualifying player by percentage, performance, points. Each score
    a prize's ties are shared on is in whole numbers, equal when the fractions are (issue 29: the
    prizes compare them, and a fraction compares in Python)."""
    percentage = _whole(row.percentage for row in rows).get
    points = _whole(row.points for row in rows).get
    if board is not None:
        return tuple((row.player, (row.performance, percentage(row.percentage), points(row.points))) for row in rows
                     if row.board == board)
    ordered = sorted(rows, key=lambda row: (row.percentage is None, -(percentage(row.percentage) or 0),
                                            row.performance is None, -(row.performance or 0),
                                            -(points(row.points) or 0), row.player))
    return tuple((row.player, percentage(row.percentage)) for row in ordered)


def _whole(values: Iterable[Fraction | None]) -> dict[Fraction | None, int]:
    """Each value but None (which it leaves out) times the least common multiple of their
    denominators, a whole number: the values compare as these do."""
    distinct = [value for value in set(values) if value is not None]
    terms = [fraction_terms(value) for value in distinct]
    scale = math.lcm(*(bottom for _, bottom in terms))
    found: dict[Fraction | None, int] = {value: top * (scale // bottom) for value, (top, bottom) in zip(distinct, terms)}
    return found


def team_prize_list_changes(before: TeamPrizeList | None, after: TeamPrizeList) -> list[Change]:
    """What a correction changed in a team event's prize list: teams, then board prizes."""
    teams = prize_list_changes(before.teams if before else None, after.teams)
    boards = prize_list_changes(before.boards if before else None, after.boards)
    return [Change(c.change.replace("prize list: player", "prize list: team", 1), c.old, c.new) for c in teams] \
        + boards
