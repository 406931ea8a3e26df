"""The team crosstable (issue 15, lifecycle/team_crosstable.py): each test is named after the rule
it pins. The events are built by the acts (tests/lifecycle/team_events.py); the cells are worked
out by hand from the board results entered."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team_tournament import BoardGame, Match, MatchRound, TeamBye, TeamTournament
from arbiter_cli.lifecycle.team_crosstable import team_crosstable
from arbiter_cli.lifecycle.team_finish import team_standings_of, withdraw_team
from arbiter_cli.lifecycle.team_rounds import pair_team_round

from .team_events import enter, league, play

F = Fraction
#: A board's result from one team's side, as the first-named team's code and as the second's.
_CODES = {"1": ("1-0", "0-1"), "½": ("1/2", "1/2"), "0": ("0-1", "1-0"), "+": ("+/-", "-/+"), "-": ("-/+", "+/-")}


def _results(t: TeamTournament, ours: int, theirs: int, boards: str) -> dict[str, str]:
    """The last round's results of the match of teams ``ours`` and ``theirs``, board by board from
    ``ours``'s side (``"11½0"``), or the whole match forfeited (``"+"`` or ``"-"`` alone)."""
    match = t.rounds[-1].match_of(ours)
    assert match is not None and theirs in match.teams
    side = 0 if match.first == ours else 1
    if boards in ("+", "-"):
        return {str(match.number): _CODES[boards][side]}
    return {f"{match.number}.{board}": _CODES[symbol][side] for board, symbol in enumerate(boards, start=1)}


def _cycle_event() -> TeamTournament:
    """Three teams, double round robin, 4 boards: A-B 2½-1½ then 1½-2½; A-C won by A by forfeit
    (C did not show), then 3-1; B-C drawn 2-2 twice."""
    plan = {frozenset({1, 2}): ["11½0", "½½½0"], frozenset({1, 3}): ["+", "1110"], frozenset({2, 3}): ["1100", "½½½½"]}
    t = league(3)
    for _ in range(6):
        t = pair_team_round(t).tournament
        match = t.rounds[-1].matches[0]
        low, high = sorted(match.teams)
        t = enter(t, _results(t, low, high, plan[frozenset({low, high})].pop(0)), default=None)
    return t


def test_a_double_round_robin_cell_holds_both_matches_game_points_in_round_order() -> None:
    table = team_crosstable(_cycle_event())
    cells = {row.team.number: row.cells for row in table.rows}
    assert table.square and table.headings == ("1", "2", "3")
    assert cells == {1: ("×", "2½ 1½", "+ 3"), 2: ("1½ 2½", "×", "2 2"), 3: ("- 1", "2 2", "×")}


def test_mp_gp_rank_and_tiebreaks_are_the_standings_own() -> None:
    t = _cycle_event()
    table = team_crosstable(t)
    standings = {row.team.number: row for row in team_standings_of(t).rows}
    for row in table.rows:
        own = standings[row.team.number]
        assert (row.match_points, row.game_points, row.rank, row.tiebreaks) == (
            own.match_points, own.game_points, own.rank, own.tiebreaks)
    # A: won, lost, won by forfeit, won (2+0+2+2); 2½ + 1½ + 4 (a forfeit: 4 boards) + 3 GP
    a = next(row for row in table.rows if row.team.number == 1)
    assert (a.match_points, a.game_points, a.rank) == (F(6), F(11), 1)


def test_the_diagonal_is_a_cross_and_the_rows_follow_the_team_numbers() -> None:
    table = team_crosstable(_cycle_event())
    assert [row.team.number for row in table.rows] == [1, 2, 3]
    assert [row.cells[index] for index, row in enumerate(table.rows)] == ["×", "×", "×"]


def test_a_free_round_is_no_cell() -> None:
    t = play(league(3, system="round-robin"))
    table = team_crosstable(t)
    free = t.rounds[0].byes[0].team
    row = next(row for row in table.rows if row.team.number == free)
    assert set(row.cells) == {"×", ""}
    assert [e.outcome.value for e in row.entries] == ["BYE"]


def test_a_match_not_complete_shows_the_game_points_so_far_then_a_question_mark() -> None:
    t = pair_team_round(league(4, system="round-robin")).tournament
    first, second = t.rounds[0].matches
    t = enter(t, {"1.1": "1-0", "1.2": "1/2"}, default=None)
    cells = {row.team.number: row.cells for row in team_crosstable(t).rows}
    assert cells[first.first][first.second - 1] == "1½?"
    assert cells[first.second][first.first - 1] == "½?"
    assert cells[second.first][second.second - 1] == "?"  # nothing entered yet


def test_after_round_gives_the_table_of_that_round() -> None:
    t = _cycle_event()
    table = team_crosstable(t, after_round=3)
    assert table.after_round == 3
    assert all(len(" ".join(row.cells).replace("×", "").split()) == 2 for row in table.rows)  # 2 matches each


def test_a_team_the_half_rule_removes_has_no_row_and_no_column() -> None:
    t = play(league(4, system="round-robin"))  # 3 rounds; team 4 withdraws having played 1 match of 3
    t, _ = withdraw_team(t, "4")
    table = team_crosstable(t)
    assert table.headings == ("1", "2", "3")
    assert [row.team.number for row in table.rows] == [1, 2, 3]
    opponent = next(team for team in t.rounds[0].match_of(4).teams if team != 4)  # type: ignore[union-attr]
    row = next(row for row in table.rows if row.team.number == opponent)
    assert row.game_points == 0 and [e.outcome.value for e in row.entries] == ["BYE"]  # a free round


def test_a_swiss_has_a_column_per_round_with_opponent_colour_and_game_points_in_rank_order() -> None:
    t = league(4, boards=2, system="swiss", rounds=3)  # built by hand: the team Swiss pairing is issue 16
    one = MatchRound(1, (Match(1, 1, 2, (BoardGame(1, 1, 4, GameResult.WHITE_WINS),
                                         BoardGame(2, 2, 5, GameResult.DRAW))),
                         Match(2, 3, 4, (), GameResult.WHITE_FORFEIT_WIN)))
    two = MatchRound(2, (Match(1, 2, 3, (BoardGame(1, 4, 7, GameResult.BLACK_WINS),
                                         BoardGame(2, 5, 8, GameResult.BLACK_WINS))),), (TeamBye(1, ByeKind.PAB),
                                                                                          TeamBye(4, ByeKind.ZPB)))
    table = team_crosstable(replace(t, rounds=(one, two)))
    assert not table.square and table.headings == ("R1", "R2")
    cells = {row.team.number: row.cells for row in table.rows}
    assert cells == {1: ("2w1½", "PAB"), 2: ("1b½", "3w0"), 3: ("4+", "2b2"), 4: ("3-", "ZPB")}
    assert [row.team.number for row in table.rows] == [r.team.number for r in team_standings_of(
        replace(t, rounds=(one, two))).rows]
