"""Board-by-board statistics for board prizes (issue 15, lifecycle/board_prizes.py): each test is
named after the rule it pins. A hand-built 2-board event with values worked out by hand, and
FIDE's 50-team TRF-2026 sample (its line 345 corrected, as in tests/trf/test_team_trf.py).

The hand-built event: team 1 (players 1, 2, 3) meets team 2 (players 4, 5, 6) in three rounds.

====== ============================== ==============================
round  board 1                        board 2
====== ============================== ==============================
1      1 (2200) beats 4 (2150)        2 (2100) draws with 5 (2050)
2      1 draws with 4                 3 (2000) beats 6 (unrated)
3      2 loses to 4                   3 wins by forfeit against 5
====== ============================== ==============================
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.team import BoardEntry, Team, TeamEvent, TeamOutcome, TeamRoundEntry, TeamScoring, match_outcome
from arbiter_cli.lifecycle.board_prizes import BoardRow, board_statistics, minimum_games
from arbiter_cli.trf.reader import decode_trf, parse_trf
from arbiter_cli.trf.team import team_event_from_trf

from conftest import shared_file

F = Fraction
HALF = F(1, 2)
RATINGS: dict[int, int | None] = {1: 2200, 2: 2100, 3: 2000, 4: 2150, 5: 2050, 6: None}
_OTHER = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW,
          Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS}
_POINTS = {Outcome.WIN: F(1), Outcome.DRAW: HALF, Outcome.LOSS: F(0), Outcome.FORFEIT_WIN: F(1),
           Outcome.FORFEIT_LOSS: F(0)}


def _match(rnd: int, boards: list[tuple[int, int, Outcome]], scoring: TeamScoring
           ) -> tuple[TeamRoundEntry, TeamRoundEntry]:
    """Team 1's and team 2's entries; ``boards`` holds (team 1's player, team 2's, team 1's outcome)."""
    ones = tuple(BoardEntry(b, mine, theirs, outcome, _POINTS[outcome])
                 for b, (mine, theirs, outcome) in enumerate(boards, start=1))
    twos = tuple(BoardEntry(b, theirs, mine, _OTHER[outcome], _POINTS[_OTHER[outcome]])
                 for b, (mine, theirs, outcome) in enumerate(boards, start=1))
    gp1, gp2 = sum((b.points for b in ones), F(0)), sum((b.points for b in twos), F(0))
    (out1, mp1), (out2, mp2) = match_outcome(gp1, gp2, scoring), match_outcome(gp2, gp1, scoring)
    return (TeamRoundEntry(rnd, out1, 2, mp1, gp1, ones), TeamRoundEntry(rnd, out2, 1, mp2, gp2, twos))


def _event(rounds: list[list[tuple[int, int, Outcome]]] | None = None) -> TeamEvent:
    scoring = TeamScoring(boards=2)
    played = rounds or [[(1, 4, Outcome.WIN), (2, 5, Outcome.DRAW)],
                        [(1, 4, Outcome.DRAW), (3, 6, Outcome.WIN)],
                        [(2, 4, Outcome.LOSS), (3, 5, Outcome.FORFEIT_WIN)]]
    matches = [_match(rnd, boards, scoring) for rnd, boards in enumerate(played, start=1)]
    return TeamEvent((Team(1, "One", players=(1, 2, 3)), Team(2, "Two", players=(4, 5, 6))),
                     {1: tuple(m[0] for m in matches), 2: tuple(m[1] for m in matches)}, len(played), scoring)


def _rows(**options: object) -> dict[int, BoardRow]:
    return {row.player: row for row in board_statistics(_event(), RATINGS, **options)}


# --------------------------------------------------------------------------- the hand-built event


def test_hand_built_event_gives_every_row_exactly() -> None:
    assert board_statistics(_event(), RATINGS) == (
        BoardRow(1, 1, 1, 2, F(3, 2), F(3, 4), 2150 + 193, True),
        BoardRow(1, 4, 2, 3, F(3, 2), HALF, 2167, True),
        BoardRow(1, 2, 1, 2, HALF, F(1, 4), 2100 - 193, True, other_boards=((2, 1),)),
        BoardRow(2, 5, 2, 1, HALF, HALF, 2100, False, forfeit_losses=1),
        BoardRow(2, 6, 2, 1, F(0), F(0), 2000 - 800, False),
        BoardRow(2, 3, 1, 1, F(1), F(1), None, False, forfeit_wins=1),
    )


def test_a_player_is_counted_on_the_board_played_most_a_tie_going_to_the_higher_board() -> None:
    rows = _rows()
    assert rows[2].board == 1 and rows[2].games == 2  # one game on board 2, one on board 1: board 1
    assert rows[2].points == HALF  # both games count on that board
    moved = _event([[(1, 4, Outcome.WIN), (2, 5, Outcome.DRAW)],
                    [(1, 4, Outcome.DRAW), (2, 6, Outcome.WIN)],
                    [(2, 4, Outcome.LOSS), (3, 5, Outcome.WIN)]])
    second = {row.player: row for row in board_statistics(moved, RATINGS)}[2]
    assert (second.board, second.games, second.points) == (2, 3, F(3, 2))  # twice on board 2, once on 1


def test_a_forfeit_win_is_counted_apart_and_not_as_a_game_a_point_or_for_qualification() -> None:
    three = _rows()[3]
    assert (three.games, three.points, three.forfeit_wins, three.qualifies) == (1, F(1), 1, False)
    five = _rows()[5]
    assert (five.games, five.points, five.forfeit_losses) == (1, HALF, 1)


def test_a_player_who_only_forfeited_is_listed_without_games_percentage_or_performance() -> None:
    event = _event([[(1, 4, Outcome.WIN), (2, 5, Outcome.FORFEIT_WIN)]])
    row = {r.player: r for r in board_statistics(event, RATINGS)}[5]
    assert row == BoardRow(2, 5, 2, 0, F(0), None, None, False, forfeit_losses=1)


def test_a_double_loss_is_a_game_played_with_no_point() -> None:
    scoring = TeamScoring(boards=1)
    ones = (BoardEntry(1, 1, 4, Outcome.LOSS, F(0)),)
    twos = (BoardEntry(1, 4, 1, Outcome.LOSS, F(0)),)
    event = TeamEvent((Team(1, "One"), Team(2, "Two")),
                      {1: (TeamRoundEntry(1, TeamOutcome.DRAW, 2, F(1), F(0), ones),),
                       2: (TeamRoundEntry(1, TeamOutcome.DRAW, 1, F(1), F(0), twos),)}, 1, scoring)
    assert [(r.player, r.games, r.points, r.performance) for r in board_statistics(event, RATINGS)] == [
        (4, 1, F(0), 2200 - 800), (1, 1, F(0), 2150 - 800)]


def test_percentage_is_the_exact_share_of_points_in_games() -> None:
    assert [_rows()[p].percentage for p in (1, 4, 2, 6)] == [F(3, 4), HALF, F(1, 4), F(0)]


def test_performance_is_fides_tpr_average_opponent_rounded_plus_dp() -> None:
    rows = _rows()
    assert rows[1].performance == 2150 + 193  # p = 0.75
    assert rows[4].performance == 2167 + 0  # Ra = 6550 / 3 = 2166.67, rounded to 2167; p = 0.50
    assert rows[6].performance == 2000 - 800  # p = 0


def test_a_game_against_an_unrated_opponent_counts_in_the_score_but_not_in_the_performance() -> None:
    three = _rows()[3]
    assert (three.games, three.percentage, three.performance) == (1, F(1), None)
    assert _rows(unrated_rating=1000)[3].performance == 1000 + 800  # a rating the regulations announce


def test_qualification_needs_two_thirds_of_the_rounds_rounded_up() -> None:
    assert [minimum_games(r) for r in (1, 2, 3, 7, 9, 11, 14)] == [1, 2, 2, 5, 6, 8, 10]
    assert {p for p, row in _rows().items() if row.qualifies} == {1, 2, 4}  # 2 games of 3 rounds


def test_the_share_is_a_setting() -> None:
    assert {p for p, row in _rows(share=F(1)).items() if row.qualifies} == {4}
    assert {p for p, row in _rows(share=F(1, 3)).items() if row.qualifies} == {1, 2, 3, 4, 5, 6}
    assert minimum_games(11, F(7, 10)) == 8


@pytest.mark.parametrize("share", [F(0), F(-1, 2), F(3, 2)])
def test_a_share_outside_zero_to_one_is_a_bad_argument(share: Fraction) -> None:
    with pytest.raises(BadArgument) as error:
        board_statistics(_event(), RATINGS, share=share)
    assert error.value.field == "share"


def test_on_each_board_qualifying_players_come_first_then_the_higher_performance() -> None:
    order = [(row.board, row.player) for row in board_statistics(_event(), RATINGS, share=F(1, 3))]
    assert order == [(1, 1), (1, 4), (1, 2), (2, 5), (2, 6), (2, 3)]  # 3's performance is None: last


def test_without_performances_the_order_falls_to_percentage_then_points() -> None:
    unrated: dict[int, int | None] = {}
    order = [(row.board, row.player) for row in board_statistics(_event(), unrated, share=F(1, 3))]
    assert order == [(1, 1), (1, 4), (1, 2), (2, 3), (2, 5), (2, 6)]


# --------------------------------------------------------------------------- FIDE's 50-team sample


def _sample() -> tuple[TeamEvent, dict[int, int | None]]:
    text = decode_trf(shared_file("realdata/trf/example_trf26.trf").read_bytes())[0]
    text = text.replace("240 H   3   26   50", "240 H   3   26   47")  # line 345: team 47, not 50
    team = team_event_from_trf(parse_trf(text))
    return team.event, {tpn: player.rating or None for tpn, player in team.players.items()}


def test_fide_sample_every_board_point_of_a_team_is_in_its_players_rows() -> None:
    event, ratings = _sample()
    rows = board_statistics(event, ratings)
    assert len({row.player for row in rows}) == len(rows)
    assert {row.board for row in rows} == {1, 2, 3, 4}
    for team in event.teams:
        mine = [row for row in rows if row.team == team.number]
        seated = [b for e in event.entries[team.number] for b in e.boards if b.player is not None]
        assert sum(row.games + row.forfeit_wins + row.forfeit_losses for row in mine) == len(seated)
        assert sum((row.points + row.forfeit_wins for row in mine), F(0)) == sum(
            (b.points for b in seated), F(0))


def test_fide_sample_qualifies_players_with_ten_games_of_fourteen_rounds() -> None:
    event, ratings = _sample()
    rows = board_statistics(event, ratings)
    assert event.rounds == 14 and minimum_games(14) == 10
    assert all(row.qualifies == (row.games >= 10) for row in rows)
    assert any(row.qualifies for row in rows) and not all(row.qualifies for row in rows)
    for board in (1, 2, 3, 4):
        on_board = [row for row in rows if row.board == board]
        flags = [row.qualifies for row in on_board]
        assert flags == sorted(flags, reverse=True)  # qualifying players first
        best = [row.performance for row in on_board if row.qualifies and row.performance is not None]
        assert best == sorted(best, reverse=True)


def test_fide_sample_board_one_leader_is_india_3s_player_242_worked_out_from_the_file() -> None:
    event, ratings = _sample()
    leader = board_statistics(event, ratings)[0]
    # Line 274: player 242 of team 16 plays 13 games (round 6 is team 16's full-point bye) and
    # scores 10 (= 0 1 1 1 1 = = 1 1 1 1 =). Opponents' ratings sum to 31930: Ra = 2456.15 -> 2456;
    # p = 10/13 = 0.769 -> 0.77, dp 211 (B.02 table 8.1.1).
    assert leader == BoardRow(1, 242, 16, 13, F(10), F(10, 13), 2456 + 211, True)


def test_the_records_of_one_event_are_counted_once_and_another_events_afresh() -> None:
    """issue 29: a publish's team cards and board prizes read the same event (one object): its
    records are counted once and kept for it, and each reader gets them in a mapping of its own;
    another event, even one made alike, is counted afresh, and its records are its own."""
    from arbiter_cli.lifecycle.board_prizes import player_records

    event = _event()
    first = player_records(event)
    again = player_records(event)
    assert again == first and again is not first and again[1] is first[1]  # counted once
    other = _event([[(1, 4, Outcome.LOSS), (2, 5, Outcome.DRAW)]])
    found = player_records(other)
    assert found[1].points == 0 and first[1].points == F(3, 2)
    assert player_records(event) == first and player_records(event)[1] is first[1]  # still kept for its event
    assert player_records(_event()) == first and player_records(_event())[1] is not first[1]  # counted afresh
    assert board_statistics(event, RATINGS) == board_statistics(_event(), RATINGS)
