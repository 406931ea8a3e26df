"""Bulk result lines by the players' start numbers (issue 27): ``WHITE BLACK RESULT`` beside ``BOARD RESULT``.

A line's form is told by its number of fields: 2 or 4 name a board, 3 or 5 a pair of players, White
first. A pair that does not meet in the round, or meets with the colours the other way round, is
refused naming the line and where each of them plays.
"""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.knockout_settings import KnockoutSettings
from arbiter_cli.core.model import Game, Player, Round, Settings
from arbiter_cli.core.results import GameResult
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import MatchRound, TeamTournament
from arbiter_cli.lifecycle.entry import Seat
from arbiter_cli.lifecycle.knockout import enter_knockout_results, knockout_event, pair_knockout_round
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.results import UNSET, ResultLine, enter_results, parse_result_lines, round_seats
from arbiter_cli.lifecycle.team_registration import RosterEntry, add_team, add_to_roster
from arbiter_cli.lifecycle.team_rounds import enter_team_results, pair_team_round, parse_team_result_lines, team_seats

from .events import event

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW

#: Round 2 of a small Swiss: board 1 White 12 Black 7, board 2 White 3 Black 9, board 3 White 5 Black 1.
ROUND = Round(2, (Game(12, 7, 1), Game(3, 9, 2), Game(5, 1, 3)))


def _lines(text: str) -> list[tuple[int, GameResult | None, int | None, object]]:
    return [(r.board, r.result, r.line, r.was) for r in parse_result_lines(text, "r.txt", ROUND)]


def test_a_line_of_three_fields_names_the_board_by_white_and_black_start_numbers() -> None:
    assert _lines("12 7 1-0\n3 9 =\n") == [(1, W, 1, UNSET), (2, D, 2, UNSET)]


def test_a_line_of_five_fields_is_white_black_result_was_old() -> None:
    assert _lines("12 7 0-1 was 1-0\n5 1 1-0 was none\n") == [(1, B, 1, W), (3, W, 2, None)]


def test_the_two_forms_may_be_mixed_in_one_input() -> None:
    assert _lines("1 1-0\n3 9 0-1\n3 = was none\n") == [(1, W, 1, UNSET), (2, B, 2, UNSET), (3, D, 3, None)]


def test_reversed_colours_are_refused_naming_the_line_and_the_board_where_white_is_the_other() -> None:
    with pytest.raises(BadArgument) as error:
        _lines("3 9 1-0\n7 12 1-0\n")
    assert str(error.value) == ("r.txt, line 2, field 'white': 7 has Black and 12 White at board 1: give White "
                                "first ('12 7 RESULT', the result from White's side)")


def test_a_pair_that_does_not_meet_in_the_round_is_refused_naming_where_each_plays() -> None:
    with pytest.raises(BadArgument) as error:
        _lines("12 9 1-0\n")
    assert str(error.value) == ("r.txt, line 1, field 'white': no board of the round has White 12 and Black 9 "
                                "(12 plays 7 at board 1; 9 plays 3 at board 2)")
    with pytest.raises(BadArgument, match="40 has no board in the round"):
        _lines("12 40 1-0\n")


def test_a_board_given_by_number_and_by_its_players_is_given_twice() -> None:
    with pytest.raises(BadArgument) as error:
        _lines("2 1-0\n3 9 1-0\n")
    assert str(error.value) == "r.txt, line 2, field 'board': 3 9 (board 2) is already given on line 1"
    with pytest.raises(BadArgument, match="line 2, field 'board': board 1 is already given on line 1"):
        _lines("12 7 1-0\n1 0-1\n")


@pytest.mark.parametrize("text, where", [
    ("12 x 1-0\n", "r.txt, line 1: expected 'BOARD RESULT' or 'WHITE BLACK RESULT' (start numbers), either "
                   "optionally followed by 'was OLD'"),
    ("1 1-0 was\n", "r.txt, line 1: expected"),
    ("12 7 1-0 0-1\n", "r.txt, line 1: expected"),
    ("12 7 1-0 is 0-1\n", "r.txt, line 1: expected"),
    ("x 7 1-0\n", "r.txt, line 1, field 'white': 'x' is not a start number"),
    ("12 7 2-0\n", "r.txt, line 1, field 'result': unknown result '2-0'"),
    ("12 7 1-0 was 9\n", "r.txt, line 1, field 'was': unknown result '9'"),
])
def test_a_bad_line_of_either_form_names_its_line_and_field(text: str, where: str) -> None:
    with pytest.raises(BadArgument) as error:
        _lines(text)
    assert str(error.value).startswith(where)


def test_without_the_round_a_line_by_players_is_refused_saying_the_results_go_by_board() -> None:
    with pytest.raises(BadArgument, match="line 1: expected 'BOARD RESULT' or 'BOARD RESULT was OLD': this "
                                          "event's results are entered by BOARD"):
        parse_result_lines("12 7 1-0\n", "r.txt")


def test_lines_by_players_enter_through_the_same_compare_and_set() -> None:
    t = pair_round(event(6, initial_colour="white")).tournament
    rnd = t.rounds[0]
    white, black = rnd.games[0].white, rnd.games[0].black
    lines = parse_result_lines(f"{white} {black} 1-0\n", "r.txt", rnd)
    assert lines == [ResultLine(1, W, 1)]
    after = enter_results(t, 1, lines, source="r.txt").tournament
    assert after.rounds[0].games[0].result is W
    again = parse_result_lines(f"{white} {black} 0-1 was none\n", "r.txt", after.rounds[0])
    with pytest.raises(Refused, match="nothing saved, because the stored result changed meanwhile: board 1"):
        enter_results(after, 1, again, source="r.txt")


def test_a_round_seats_each_board_by_white_then_black() -> None:
    assert round_seats(ROUND) == {(12, 7): Seat("1", 1), (3, 9): Seat("2", 2), (5, 1): Seat("3", 3)}


def _team_round() -> tuple[TeamTournament, MatchRound]:
    event = TeamTournament(Settings(name="League", system="round-robin", seed=11, initial_colour="white"),
                           TeamSettings(boards=2))
    for name, ratings in {"A": [2000, 1990], "B": [2300, 2250]}.items():
        event, _, _ = add_team(event, name)
        event, _, _ = add_to_roster(event, name, [RosterEntry(f"{name}{i}", r) for i, r in enumerate(ratings, 1)])
    paired = pair_team_round(event).tournament
    return paired, paired.rounds[0]


def test_a_team_board_where_the_first_team_has_black_keeps_the_line_result_turned() -> None:
    """C.04.6 1.6: the first-named team has White on board 1 and Black on board 2 (pattern WB), and
    a board keeps its result from the first team's side: ``WHITE BLACK 1-0`` on board 2 is stored
    ``0-1``, and so is its ``was``."""
    t, rnd = _team_round()
    match = rnd.matches[0]
    one, two = match.boards
    seats = team_seats(t, rnd)
    assert seats == {(one.first, one.second): Seat("1.1", None, False),
                     (two.second, two.first): Seat("1.2", None, True)}
    lines = parse_team_result_lines(f"{two.second} {two.first} 1-0\n{one.first} {one.second} 0-1 was none\n",
                                    "t.txt", seats)
    assert [(line.match, line.board, line.result, line.was) for line in lines] == [(1, 2, B, UNSET), (1, 1, B, None)]
    turned_was = parse_team_result_lines(f"{two.second} {two.first} 0-1 was 1-0\n", "t.txt", seats)[0]
    assert (turned_was.result, turned_was.was) == (W, B)
    entered = enter_team_results(t, 1, lines, source="t.txt")
    assert [b.result for b in entered.round.matches[0].boards] == [B, B]
    with pytest.raises(BadArgument, match="field 'white': .* has Black and .* White at board 1.2"):
        parse_team_result_lines(f"{two.first} {two.second} 1-0\n", "t.txt", seats)


def test_a_knockouts_lines_by_players_are_refused_since_a_pair_meets_in_several_games() -> None:
    cup, _, _ = pair_knockout_round(knockout_event(
        Settings(name="Cup", system="knockout", seed=7), KnockoutSettings(),
        [Player(start_number=i, name=f"Player {i}", rating=2600 - 10 * i) for i in range(1, 5)]))
    game = cup.rounds[0].matches[0].games[0]
    with pytest.raises(BadArgument) as error:
        enter_knockout_results(cup, 1, f"{game.white} {game.black} 1-0\n", "k.txt")
    assert str(error.value) == ("k.txt, line 1: expected 'MATCH.GAME RESULT' or 'MATCH.GAME RESULT was OLD': this "
                                "event's results are entered by MATCH.GAME, not by a pair of start numbers")
