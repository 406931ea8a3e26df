"""Team rosters, team rating and numbering, line-ups (issue 15): one test per rule."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.team_roster import (
    EmptyBoards, LineUp, Roster, RosterPlayer, check_line_up, check_roster, default_line_up, format_team_rating,
    number_teams, number_teams_as_given, team_rating,
)


def roster(*ratings: int, boards: int = 4) -> Roster:
    """Players P1, P2, ... with these ratings (0: unrated), in this order."""
    return Roster(tuple(RosterPlayer(f"P{i}", fide_id=1000 + i, federation="FRA", rating=r)
                        for i, r in enumerate(ratings, start=1)), boards)


# --- roster order -----------------------------------------------------------------------------

def test_roster_order_accepts_rating_order_with_unrated_last() -> None:
    team = roster(2400, 2300, 2300, 2100, 0, 0)
    assert check_roster(team) is team


def test_roster_order_refuses_a_player_above_a_higher_rated_one_naming_both_places_ratings_and_rule() -> None:
    with pytest.raises(Refused) as error:
        check_roster(roster(2400, 2100, 2180))
    assert str(error.value) == ("no. 2 P2 (2100) stands above no. 3 P3 (2180), rated 80 points higher: "
                                "a roster is in rating order")
    assert isinstance(error.value, ValueError)


def test_roster_order_tolerance_lets_a_player_stand_above_one_rated_up_to_n_points_higher() -> None:
    check_roster(roster(2400, 2100, 2150), tolerance=50)
    with pytest.raises(Refused, match=r"no\. 2 P2 \(2100\) stands above no\. 3 P3 \(2151\), rated 51 points "
                                      r"higher: a player may stand above one rated at most 50 points higher"):
        check_roster(roster(2400, 2100, 2151), tolerance=50)


def test_roster_order_compares_every_pair_not_only_neighbours() -> None:
    """2100 above 2140 and 2140 above 2180 are each within 50, but 2100 stands above 2180."""
    with pytest.raises(Refused, match=r"no\. 1 P1 \(2100\) stands above no\. 3 P3 \(2180\), rated 80"):
        check_roster(roster(2100, 2140, 2180), tolerance=50)


def test_roster_order_puts_unrated_players_last() -> None:
    with pytest.raises(Refused, match=r"no\. 2 P2 \(unrated\) stands above no\. 3 P3 \(1900\): unrated players "
                                      r"come last"):
        check_roster(roster(2000, 0, 1900), tolerance=50)


def test_roster_order_tolerance_is_from_0_to_50() -> None:
    with pytest.raises(BadArgument, match="0 to 50"):
        check_roster(roster(2000), tolerance=51)
    with pytest.raises(BadArgument):
        check_roster(roster(2000), tolerance=-1)


def test_roster_order_lists_no_player_twice() -> None:
    ana = RosterPlayer("Ana", fide_id=7, rating=2000)
    with pytest.raises(Refused, match=r"no\. 2 Ana \(2000\) is already on the roster as no\. 1"):
        check_roster(Roster((ana, ana), boards=2))
    with pytest.raises(Refused, match=r"no\. 2 Bea \(1900\) has the FIDE id 7 of no\. 1 Ana \(2000\)"):
        check_roster(Roster((ana, RosterPlayer("Bea", fide_id=7, rating=1900)), boards=2))


def test_a_roster_player_has_a_name_and_a_rating_from_0_to_3500() -> None:
    with pytest.raises(BadArgument):
        RosterPlayer(" ")
    with pytest.raises(BadArgument):
        RosterPlayer("Ana", rating=3600)
    with pytest.raises(BadArgument):
        Roster((), boards=0)


ratings = st.lists(st.integers(0, 2900).map(lambda r: 0 if r < 1000 else r), max_size=12)


@settings(max_examples=200, deadline=None)
@given(ratings, st.integers(0, 50))
def test_roster_order_accepts_every_list_sorted_by_rating(values: list[int], tolerance: int) -> None:
    ordered = sorted(values, key=lambda r: (r == 0, -r))
    check_roster(roster(*ordered), tolerance=tolerance)


@settings(max_examples=200, deadline=None)
@given(ratings)
def test_roster_order_with_no_tolerance_accepts_only_lists_sorted_by_rating(values: list[int]) -> None:
    keys = [(r == 0, -r) for r in values]
    try:
        check_roster(roster(*values))
    except Refused:
        assert keys != sorted(keys)
    else:
        assert keys == sorted(keys)


# --- team rating ------------------------------------------------------------------------------

def test_team_rating_is_the_exact_average_of_the_main_players_reserves_left_out() -> None:
    assert team_rating(roster(2400, 2301, 2200, 2100, 2000, 1000)) == Fraction(9001, 4)


def test_team_rating_counts_an_unrated_player_50_below_the_lowest_rated_player() -> None:
    assert team_rating(roster(2400, 2200, 0, 0)) == Fraction(2400 + 2200 + 2150 + 2150, 4)


def test_team_rating_is_none_for_a_team_with_no_rated_main_player() -> None:
    assert team_rating(roster(0, 0, 0, 0)) is None
    assert team_rating(roster()) is None


def test_team_rating_of_a_team_short_of_players_averages_the_players_it_has() -> None:
    assert team_rating(roster(2400, 2200)) == 2300


def test_team_rating_is_shown_as_a_whole_number_halves_up() -> None:
    assert format_team_rating(Fraction(4729, 2)) == "2365"
    assert format_team_rating(Fraction(6400, 3)) == "2133"
    assert format_team_rating(Fraction(9599, 4)) == "2400"
    assert format_team_rating(None) == ""


# --- team numbers -----------------------------------------------------------------------------

TEAMS = {"Alpha": roster(2000, 2000, 2000, 2000), "Bravo": roster(2400, 2300, 2200, 2100),
         "Charlie": roster(0, 0, 0, 0), "Delta": roster(2100, 2100, 0, 0), "Echo": roster(0, 0),
         "Foxtrot": roster(2000, 2000, 2000, 2000, 1500)}


def test_team_numbers_follow_the_team_rating_and_teams_with_no_rating_go_below() -> None:
    assert all(check_roster(team) for team in TEAMS.values())
    numbered = number_teams(TEAMS, seed=1)
    assert [t.number for t in numbered] == [1, 2, 3, 4, 5, 6]
    assert [t.name for t in numbered[:2]] == ["Bravo", "Delta"]
    assert {t.name for t in numbered[2:4]} == {"Alpha", "Foxtrot"}  # equal: 2000 (the reserve left out)
    assert {t.name for t in numbered[4:]} == {"Charlie", "Echo"}
    assert numbered[0].rating == 2250 and numbered[-1].rating is None


def test_team_numbers_draw_lots_among_teams_with_no_rating_and_equal_ratings_from_the_seed() -> None:
    orders = {tuple(t.name for t in number_teams(TEAMS, seed)) for seed in range(20)}
    assert {order[2:4] for order in orders} == {("Alpha", "Foxtrot"), ("Foxtrot", "Alpha")}
    assert {order[4:] for order in orders} == {("Charlie", "Echo"), ("Echo", "Charlie")}
    assert number_teams(TEAMS, 7) == number_teams(dict(reversed(TEAMS.items())), 7)  # the order given is no lot


def test_teams_of_equal_rating_are_numbered_by_the_lot_of_the_seed_as_docs_teams_md_says() -> None:
    """Issue 30: teams of equal rating were numbered differently with different seeds, and nothing
    said how. docs/guides/teams.md ("Team numbers") now says it, and this pins that rule: the exact
    team rating decides (not the rounded one shown); among teams of exactly equal rating, and among
    teams with no rating, the order is a lot drawn from the event's seed: the names in
    alphabetical order shuffled by ``random.Random("team-numbering:SEED")``, then sorted by rating
    (a stable sort). The same seed gives the same numbers, whatever the order of registration."""
    import random

    from docs_session import REPOSITORY

    guide = " ".join((REPOSITORY / "docs" / "guides" / "teams.md").read_text(encoding="utf-8").split())
    assert "Teams of exactly equal team rating are ordered by lot" in guide
    assert 'random.Random("team-numbering:SEED")' in guide
    teams = {"Kilo": roster(2100, 2100, 2100, 2100), "Juliet": roster(2100, 2100, 2100, 2100),
             "India": roster(2200, 2000, 2100, 2100), "Hotel": roster(2101, 2100, 2100, 2100),
             "Golf": roster(0, 0, 0, 0), "Lima": roster(0, 0, 0, 0)}
    assert format_team_rating(team_rating(teams["Hotel"])) == "2100"  # shown equal, rated higher: no lot
    for seed in range(12):
        drawn = sorted(teams)
        random.Random(f"team-numbering:{seed}").shuffle(drawn)
        equal = [name for name in drawn if name in ("India", "Juliet", "Kilo")]
        unrated = [name for name in drawn if name in ("Golf", "Lima")]
        numbered = number_teams(teams, seed)
        assert [t.name for t in numbered] == ["Hotel", *equal, *unrated]
        assert number_teams(dict(reversed(teams.items())), seed) == numbered
    orders = {tuple(t.name for t in number_teams(teams, seed)) for seed in range(12)}
    assert len(orders) > 1  # the seed, not the names, decides


def test_team_numbers_the_competition_rules_may_set() -> None:
    order = ["Echo", "Alpha", "Bravo", "Charlie", "Delta", "Foxtrot"]
    numbered = number_teams_as_given(TEAMS, order)
    assert [(t.number, t.name) for t in numbered][:2] == [(1, "Echo"), (2, "Alpha")]
    assert numbered[2].rating == 2250
    with pytest.raises(BadArgument, match="named twice: Alpha; not a team: Golf; missing: Bravo, Foxtrot"):
        number_teams_as_given(TEAMS, ["Echo", "Alpha", "Alpha", "Golf", "Charlie", "Delta"])


# --- line-ups ---------------------------------------------------------------------------------

def test_line_up_by_default_is_the_first_available_players_in_roster_order() -> None:
    team = roster(2400, 2300, 2200, 2100, 2000, 1900)
    p = team.players
    assert default_line_up(team) == LineUp(p[:4], 4)
    assert default_line_up(team, unavailable={p[1], p[3]}) == LineUp((p[0], p[2], p[4], p[5]), 4)


def test_line_up_by_default_leaves_the_lowest_boards_empty_when_players_are_short() -> None:
    team = roster(2400, 2300, 2200, 2100)
    line_up = default_line_up(team, unavailable={team.players[0]})
    assert line_up.players == team.players[1:] and line_up.empty_boards == 1 and line_up.board(4) is None


def test_line_up_may_leave_out_players_and_bring_in_reserves_in_roster_order() -> None:
    team = roster(2400, 2300, 2200, 2100, 2000, 1900)
    p = team.players
    assert check_line_up(team, [p[0], p[2], p[4], p[5]]).players == (p[0], p[2], p[4], p[5])


def test_line_up_refuses_a_player_on_a_higher_board_than_someone_above_them_on_the_roster() -> None:
    team = roster(2400, 2300, 2200, 2100, 2000)
    p = team.players
    with pytest.raises(Refused) as error:
        check_line_up(team, [p[0], p[4], p[2], p[3]])
    assert str(error.value) == ("P5 (2000), place 5 on the roster, sits on board 2, above P3 (2200), place 3 on "
                                "the roster, on board 3: the boards follow the roster's order")


def test_line_up_refuses_a_player_not_on_the_roster() -> None:
    team = roster(2400, 2300, 2200, 2100)
    stranger = RosterPlayer("Stranger", rating=2500)
    with pytest.raises(Refused, match=r"Stranger \(2500\) on board 2 is not on the team's roster"):
        check_line_up(team, [team.players[0], stranger, team.players[2], team.players[3]])


def test_line_up_refuses_a_player_named_twice_or_unavailable() -> None:
    team = roster(2400, 2300, 2200, 2100)
    p = team.players
    with pytest.raises(Refused, match=r"P2 \(2300\) is named on boards 2 and 3"):
        check_line_up(team, [p[0], p[1], p[1], p[3]])
    with pytest.raises(Refused, match=r"P4 \(2100\) on board 4 cannot play this round"):
        check_line_up(team, p, unavailable={p[3]})


def test_line_up_refuses_more_players_than_boards() -> None:
    team = roster(2400, 2300, 2200, 2100, 2000)
    with pytest.raises(BadArgument, match="5 boards named for a match of 4 boards"):
        check_line_up(team, team.players)


def test_line_up_leaves_at_most_one_board_empty_in_at_most_one_match_by_default() -> None:
    team = roster(2400, 2300, 2200, 2100)
    p = team.players
    assert check_line_up(team, p[:3]).empty_boards == 1
    with pytest.raises(Refused, match="leaves 2 boards empty; at most 1 board may be"):
        check_line_up(team, p[:2])
    with pytest.raises(Refused, match="leaves board 4 empty, and the team already left a board empty in 1 match; "
                                      "at most 1 may have one"):
        check_line_up(team, p[:3], earlier_empty_matches=1)
    assert check_line_up(team, p, earlier_empty_matches=5).empty_boards == 0


def test_line_up_empty_boards_the_event_allows() -> None:
    team = roster(2400, 2300, 2200, 2100)
    p = team.players
    two_in_three = EmptyBoards(boards=2, matches=3)
    assert check_line_up(team, p[:2], empty=two_in_three, earlier_empty_matches=2).empty_boards == 2
    with pytest.raises(Refused, match="at most 0 boards may be"):
        check_line_up(team, p[:3], empty=EmptyBoards(boards=0))


def test_line_up_an_empty_board_is_always_the_lowest() -> None:
    team = roster(2400, 2300, 2200, 2100)
    p = team.players
    with pytest.raises(Refused, match="board 2 is empty but board 3 is not: an empty board is always the lowest"):
        check_line_up(team, [p[0], None, p[2], p[3]])
    assert check_line_up(team, [p[0], p[1], p[2], None]) == LineUp(p[:3], 4)


@settings(max_examples=200, deadline=None)
@given(st.data(), ratings, st.integers(1, 6))
def test_line_up_by_default_always_passes_the_line_up_check(data: st.DataObject, values: list[int],
                                                           boards: int) -> None:
    team = roster(*sorted(values, key=lambda r: (r == 0, -r)), boards=boards)
    unavailable = set(data.draw(st.sets(st.sampled_from(team.players)) if team.players else st.just(set())))
    line_up = default_line_up(team, unavailable)
    assert len(line_up.players) == min(boards, len(team.players) - len(unavailable))
    allowed = EmptyBoards(boards=line_up.empty_boards)
    assert check_line_up(team, line_up.players, unavailable=unavailable, empty=allowed) == line_up
