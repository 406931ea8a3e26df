"""Board prizes of a team event's folder (issue 15, lifecycle/board_prizes.folder_board_prizes):
the folder's event, its players' ratings and the [team] board_prize_share. Each test is named
after the rule it pins; the events are built by the acts (4 teams, a single round robin: 3 rounds)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.board_prizes import BoardRow, folder_board_prizes
from arbiter_cli.lifecycle.team_finish import withdraw_team
from arbiter_cli.lifecycle.team_registration import add_to_roster, parse_roster_entry
from arbiter_cli.lifecycle.team_rounds import pair_team_round, set_line_up

from .team_events import enter, league, play

F = Fraction


def _rotated(**team: object) -> TeamTournament:
    """Team A's fourth player plays rounds 1 and 3, its reserve A5 round 2."""
    t = play(league(4, system="round-robin", **team))
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "A5"])
    return play(play(t))


def _by_name(t: TeamTournament) -> dict[str, BoardRow]:
    return {t.by_number[row.player].name: row for row in folder_board_prizes(t).rows}


def test_a_player_with_exactly_two_thirds_of_the_rounds_played_qualifies() -> None:
    t = _rotated()
    prizes = folder_board_prizes(t)
    assert (prizes.rounds, prizes.share, prizes.minimum) == (3, F(2, 3), 2)
    rows = _by_name(t)
    assert (rows["A4"].games, rows["A4"].qualifies) == (2, True)  # 2 of 3 rounds: exactly two-thirds
    assert (rows["A5"].games, rows["A5"].qualifies) == (1, False)


def test_the_share_is_the_events_board_prize_share_setting() -> None:
    t = _rotated(board_prize_share="3/4")  # 3/4 of 3 rounds: 2.25, so 3 games
    prizes = folder_board_prizes(t)
    assert (prizes.share, prizes.minimum) == (F(3, 4), 3)
    rows = _by_name(t)
    assert not rows["A4"].qualifies and rows["A1"].qualifies


def test_a_forfeit_win_is_no_game_for_qualification() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "A5"])
    t = pair_team_round(play(t)).tournament
    match = t.rounds[-1].match_of(1)
    assert match is not None
    t = enter(t, {f"{match.number}.4": "+/-" if match.first == 1 else "-/+"})  # round 3: A4 wins by forfeit
    rows = _by_name(t)
    assert (rows["A4"].games, rows["A4"].forfeit_wins, rows["A4"].qualifies) == (1, 1, False)


def test_ratings_come_from_the_players_and_an_unrated_opponent_counts_only_with_unrated_rating() -> None:
    t = league(4, system="round-robin", reserves=0)
    t, _, _ = add_to_roster(t, "AAA", [parse_roster_entry("Newcomer")])
    t = play(t)
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "Newcomer"])
    t = play(play(t))
    opponent = next(p for p in t.rounds[1].match_of(1).boards if p.board == 4)  # type: ignore[union-attr]
    facing = opponent.second if t.rounds[1].match_of(1).first == 1 else opponent.first  # type: ignore[union-attr]
    assert facing is not None
    before = {row.player: row for row in folder_board_prizes(t).rows}[facing]
    rated = replace(t, settings=t.settings.model_copy(update={"unrated_rating": 1000}))
    after = {row.player: row for row in folder_board_prizes(rated).rows}[facing]
    assert before.games == after.games == 3
    assert before.performance != after.performance  # the game against the newcomer now counts


def test_the_players_of_a_team_the_half_rule_removes_have_no_row() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = withdraw_team(t, "4")  # 1 match played of 3: its matches count for no one
    met = t.rounds[0].match_of(4)
    assert met is not None
    assert {row.team for row in folder_board_prizes(t).rows} == {1, 2, 3, 4} - set(met.teams)
