"""A team's card (issue 15, lifecycle/team_cards.py): each player's seats round by round, their
points and games. Each test is named after the rule it pins; the events are built by the acts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.lifecycle.team_cards import team_cards
from arbiter_cli.lifecycle.team_rounds import set_line_up

from .team_events import league, play

F = Fraction


def test_every_player_of_the_roster_is_on_the_card_in_roster_order_reserves_last() -> None:
    card, = team_cards(play(league(4, system="round-robin")), "AAA")
    assert [(p.place, p.player.name, p.reserve) for p in card.players] == [
        (1, "A1", False), (2, "A2", False), (3, "A3", False), (4, "A4", False), (5, "A5", True)]
    assert card.players[4].seats == () and (card.players[4].points, card.players[4].games) == (0, 0)


def test_a_seat_gives_round_board_colour_opponent_and_opposing_team_from_the_players_side() -> None:
    t = play(league(4, system="round-robin"), {"1.1": "1-0", "1.2": "0-1"})
    match = t.rounds[0].matches[0]
    first, second = (team_cards(t, str(n))[0] for n in match.teams)
    seat = first.players[0].seats[0]
    assert (seat.round, seat.board, seat.colour, seat.opponent_team, seat.outcome, seat.points) == (
        1, 1, "w", match.second, Outcome.WIN, F(1))
    assert seat.opponent == second.players[0].player.start_number
    other = second.players[1].seats[0]  # board 2: the first team plays Black there (WBWB)
    assert (other.board, other.colour, other.outcome) == (2, "w", Outcome.WIN)


def test_games_and_points_are_games_over_the_board_and_forfeits_are_counted_apart() -> None:
    """As the board statistics count them (issue 25, fault 8: the card counted a forfeit in its points)."""
    t = play(league(4, system="round-robin"), {"1.1": "+/-"}, default="1-0")  # board 1: a forfeit win
    t = play(t, default="1/2")
    first = t.rounds[0].matches[0].first
    card, = team_cards(t, str(first))
    one = card.players[0]
    assert [s.outcome for s in one.seats] == [Outcome.FORFEIT_WIN, Outcome.DRAW]
    assert (one.points, one.games, one.forfeit_wins, one.forfeit_losses) == (F(1, 2), 1, 1, 0)


def test_a_reserve_in_the_line_up_has_the_seat_and_the_player_left_out_has_none() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "AAA", ["A1", "A2", "A3", "A5"])
    t = play(t)
    card, = team_cards(t, "AAA")
    four, five = card.players[3], card.players[4]
    assert [s.round for s in four.seats] == [1] and [(s.round, s.board) for s in five.seats] == [(2, 4)]
    assert (four.games, five.games) == (1, 1)


def test_an_empty_board_opposite_is_a_forfeit_win_without_an_opponent() -> None:
    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "BBB", ["B1", "B2", "B3"])  # board 4 left empty
    t = play(t)
    opponent = next(team for team in t.rounds[1].match_of(2).teams if team != 2)  # type: ignore[union-attr]
    card, = team_cards(t, str(opponent))
    seat = card.players[3].seats[1]
    assert (seat.board, seat.opponent, seat.outcome) == (4, None, Outcome.FORFEIT_WIN)


def test_an_empty_boards_opponent_has_the_colour_of_the_board_on_the_card_as_in_the_pairings() -> None:
    """Issue 30: the pairings gave the player facing an empty board the board's colour (``w``) and
    the team card none. A board's colours come from its number (C.04.6 1.6, the pattern of TRF 352),
    whether or not the other board is filled: the card shows the pairings' colour."""
    from arbiter_cli.render.team_views import pairing_records, side_colour

    t = play(league(4, system="round-robin"))
    t, _ = set_line_up(t, 2, "BBB", ["B1", "B2", "B3"])  # board 4 left empty
    t = play(t)
    match = t.rounds[1].match_of(2)
    assert match is not None
    opponent = next(team for team in match.teams if team != 2)
    card, = team_cards(t, str(opponent))
    seat = card.players[3].seats[1]
    board4, = [r for r in pairing_records(t, t.rounds[1]) if r["match"] == match.number and r["board"] == 4]
    shown = side_colour(board4, opponent == match.first)
    assert seat.opponent is None and seat.colour == shown
    assert shown == ("b" if opponent == match.first else "w")  # WBWB: board 4 is Black for the first team


def test_a_result_not_entered_is_a_seat_with_no_points_and_no_game() -> None:
    t = play(league(4, system="round-robin"), default=None)
    card, = team_cards(t, "1")
    assert [s.outcome for p in card.players[:4] for s in p.seats] == [Outcome.PENDING] * 4
    assert sum(p.games for p in card.players) == 0


def test_without_a_team_every_team_has_a_card_in_number_order_and_an_unknown_team_is_a_bad_argument() -> None:
    t = play(league(4, system="round-robin"))
    assert [card.team.number for card in team_cards(t)] == [1, 2, 3, 4]
    with pytest.raises(BadArgument) as error:
        team_cards(t, "Nobody")
    assert error.value.field == "TEAM"
