"""core/team_tournament.py: a team folder's rounds as the TeamEvent the tie-breaks read (issue 15)."""

from __future__ import annotations

from fractions import Fraction

from arbiter_cli.core.model import Settings
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.team import BoardEntry, TeamOutcome
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament, team_event
from arbiter_cli.lifecycle.team_registration import RosterEntry, add_team, add_to_roster
from arbiter_cli.lifecycle.team_rounds import TeamResultLine, enter_team_results, pair_team_round, set_line_up
from arbiter_cli.trf.reader import TrfPlayer, parse_trf
from arbiter_cli.trf.team import team_event_from_trf, team_trf_text


def _two_boards(teams: int = 4) -> TeamTournament:
    t = TeamTournament(Settings.model_validate({"name": "League", "system": "round-robin", "seed": 1}),
                       team=TeamSettings(boards=2, numbering="given"))
    for number in range(1, teams + 1):
        t, _, _ = add_team(t, f"Team {number}")
        t, _, _ = add_to_roster(t, str(number), [RosterEntry(f"P{number}.{i}", 2300 - 10 * i) for i in (1, 2)])
    return t


def _no_game_on_any_board() -> TeamTournament:
    """Round 1, match 1 (team 1 - team 4): team 1 leaves board 2 empty and its board-1 player
    does not come; no game is played in the match."""
    t = pair_team_round(_two_boards()).tournament
    t, _ = set_line_up(t, 1, "1", ["1"])
    return enter_team_results(t, 1, [TeamResultLine(1, 1, GameResult.BLACK_FORFEIT_WIN),
                                     TeamResultLine(2, 1, GameResult.DRAW),
                                     TeamResultLine(2, 2, GameResult.WHITE_WINS)]).tournament


def test_a_match_with_no_game_over_the_board_is_won_and_lost_by_forfeit_c07_16_1() -> None:
    """C.07 16.1: a round is unplayed when the team played no game. Every board of the match
    was forfeited or left empty: team 4 won it by forfeit, team 1 lost it by forfeit; the MP and
    GP are those the boards give (C.04.6 1.2), and neither team has a colour (1.6)."""
    event = team_event(_no_game_on_any_board())
    one, four = event.entries[1][0], event.entries[4][0]
    assert (one.outcome, one.match_points, one.game_points, one.colour) == (
        TeamOutcome.FORFEIT_LOSS, Fraction(0), Fraction(0), None)
    assert (four.outcome, four.match_points, four.game_points, four.colour) == (
        TeamOutcome.FORFEIT_WIN, Fraction(2), Fraction(2), None)
    assert [b.outcome for b in four.boards] == [Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN]
    two = event.entries[2][0]
    assert two.outcome is TeamOutcome.WIN and two.colour == "w"  # a game was played: a match played


def test_a_match_both_teams_came_to_is_played_and_one_neither_came_to_is_lost_by_both_c07_16_1() -> None:
    """Match 1: each team won a board by forfeit (a player of each was there): both teams came,
    the match was played, and drawn 1-1 (C.04.6 1.2). Match 2: every board forfeited by both:
    neither team came, a double forfeit lost by both, as a -/- match forfeit is."""
    t = pair_team_round(_two_boards()).tournament
    t = enter_team_results(t, 1, [TeamResultLine(1, 1, GameResult.WHITE_FORFEIT_WIN),
                                  TeamResultLine(1, 2, GameResult.BLACK_FORFEIT_WIN),
                                  TeamResultLine(2, 1, GameResult.DOUBLE_FORFEIT),
                                  TeamResultLine(2, 2, GameResult.DOUBLE_FORFEIT)]).tournament
    event = team_event(t)
    assert [(event.entries[n][0].outcome, event.entries[n][0].match_points) for n in (1, 4, 2, 3)] == [
        (TeamOutcome.DRAW, 1), (TeamOutcome.DRAW, 1), (TeamOutcome.FORFEIT_LOSS, 0), (TeamOutcome.FORFEIT_LOSS, 0)]


def test_the_team_trf_reads_back_a_match_with_no_game_as_written() -> None:
    t = _no_game_on_any_board()
    event = team_event(t)
    players = {p.start_number: TrfPlayer(p.start_number, p.name, p.rating) for p in t.players}
    text = team_trf_text(event, players)
    assert team_event_from_trf(parse_trf(text)).event == event
    assert not [line for line in text.splitlines() if line.startswith("330")]  # no match forfeit: boards


def test_the_event_the_tie_breaks_read_is_made_once_per_tournament_and_never_kept_for_a_changed_one() -> None:
    """issue 29: a publish's standings, crosstable, cards and prize list read the same
    :func:`team_event` of the tournament, made once; a result makes a new tournament, whose event is
    made from it (never the one made before the result)."""
    paired = pair_team_round(_two_boards()).tournament
    before = team_event(paired)
    assert team_event(paired) is before and team_event(paired, paired.last_round) is before
    assert team_event(paired, 0).entries == {n: () for n in (1, 2, 3, 4)}
    played = enter_team_results(paired, 1, [TeamResultLine(2, 1, GameResult.WHITE_WINS),
                                             TeamResultLine(2, 2, GameResult.WHITE_WINS)]).tournament
    after = team_event(played)
    assert after is not before
    assert (after.entries[2][0].outcome, after.entries[2][0].match_points) == (TeamOutcome.WIN, Fraction(2))
    assert after.entries[2][0] != before.entries[2][0]


def test_a_match_s_boards_are_board_entries_equal_to_those_made_by_their_constructor() -> None:
    """issue 29: a match's boards are made without BoardEntry's __init__; they are the same values,
    equal, hashed and shown alike, with the game points each side's boards add up to."""
    event = team_event(_no_game_on_any_board())
    for number in (1, 2, 3, 4):
        entry = event.entries[number][0]
        for board in entry.boards:
            made = BoardEntry(board.board, board.player, board.opponent, board.outcome, board.points, board.colour)
            assert board == made and hash(board) == hash(made) and repr(board) == repr(made)
        assert entry.game_points == sum((b.points for b in entry.boards), Fraction(0))
