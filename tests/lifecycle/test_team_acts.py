"""The acts of a team event (issue 15): registration and rosters, team numbers, the team round
robin's pairing with line-ups and empty boards, board results and match forfeits, withdrawal
with the half rule, and finalising. Each test is named after the rule it pins."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Settings, Status
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament, team_event
from arbiter_cli.lifecycle.team_finish import (annulled_teams, counted_team_event, finalise_team_event,
                                               team_standings_of, withdraw_team)
from arbiter_cli.lifecycle.team_integrity import team_problems
from arbiter_cli.lifecycle.team_registration import (RosterEntry, add_team, add_to_roster, find_team, import_teams,
                                                     parse_roster_entry, remove_from_roster)
from arbiter_cli.lifecycle.team_rounds import (TeamResultLine, enter_team_results, pair_team_round,
                                               parse_team_result_lines, set_line_up)


def _event(teams: dict[str, list[int]], *, boards: int = 2, system: str = "round-robin", rounds: int | None = None,
           **team: object) -> TeamTournament:
    """A team event whose teams have players rated as given (0: unrated), in roster order."""
    event = TeamTournament(Settings(name="League", system=system, seed=11, initial_colour="white", rounds=rounds),
                           TeamSettings(boards=boards, **team))  # type: ignore[arg-type]
    for name, ratings in teams.items():
        event, _, _ = add_team(event, name)
        if ratings:
            event, _, _ = add_to_roster(event, name, [RosterEntry(f"{name}{i}", r) for i, r in enumerate(ratings, 1)])
    return event


def _all(event: TeamTournament, code: GameResult = GameResult.WHITE_WINS) -> TeamTournament:
    """Every board of the last round still open gets ``code``."""
    rnd = event.rounds[-1]
    lines = [TeamResultLine(m.number, b, code) for m in rnd.matches for b in m.missing]
    return enter_team_results(event, rnd.number, lines).tournament if lines else event


FOUR = {"A": [2000, 1990], "B": [2300, 2250], "C": [1800, 1700], "D": [2100, 2050]}


def test_roster_rating_order_is_refused_with_the_two_players_and_the_rule() -> None:
    event = _event({"A": []})
    with pytest.raises(Refused, match=r"no. 1 A1 \(2000\) stands above no. 2 A2 \(2040\), rated 40 points higher"):
        add_to_roster(event, "A", [RosterEntry("A1", 2000), RosterEntry("A2", 2040)])
    tolerant = _event({"A": []}, roster_tolerance=50)
    after, _, _ = add_to_roster(tolerant, "A", [RosterEntry("A1", 2000), RosterEntry("A2", 2040)])
    assert [p.name for p in after.members(1)] == ["A1", "A2"]


def test_roster_unrated_players_come_last() -> None:
    event = _event({"A": []})
    with pytest.raises(Refused, match="unrated players come last"):
        add_to_roster(event, "A", [RosterEntry("A1", 0), RosterEntry("A2", 1500)])


def test_roster_entry_on_the_command_line_is_name_rating_fide_id_federation() -> None:
    entry = parse_roster_entry("Kowalski, Jan/2250/1101234/pol")
    assert entry == RosterEntry("Kowalski, Jan", 2250, 1101234, "POL")
    assert parse_roster_entry("Nowak, Ewa") == RosterEntry("Nowak, Ewa")
    with pytest.raises(BadArgument, match="rating"):
        parse_roster_entry("X/strong")


def test_start_numbers_follow_the_teams_until_round_1() -> None:
    event = _event({"A": [2000], "B": [2100]})
    event, _, _ = add_to_roster(event, "A", [RosterEntry("A2", 1900)])
    assert [(p.start_number, p.name, event.team_of[p.start_number]) for p in event.players] == [
        (1, "A1", 1), (2, "A2", 1), (3, "B1", 2)]
    event, _ = remove_from_roster(event, "A", "A1")
    assert [(p.start_number, p.name) for p in event.players] == [(1, "A2"), (2, "B1")]


def test_team_found_by_number_name_or_short_code() -> None:
    event, _, _ = add_team(_event({}), "Rooks of Lyon", "ROO")
    assert find_team(event, "roo").number == find_team(event, "1").number == find_team(event, "rooks of lyon").number
    with pytest.raises(BadArgument, match="no team 'Pawns'"):
        find_team(event, "Pawns")
    with pytest.raises(Refused, match="already names team 1"):
        add_team(event, "ROOKS OF LYON")


def test_team_import_reads_teams_and_their_rosters_in_row_order() -> None:
    text = "team,short,name,rating,fide_id\nLyon,LYO,Ann,2200,101\nLyon,,Bob,2100,\nParis,PAR,,,\nParis,,Cy,,\n"
    event, changes = import_teams(_event({}), text, "teams.csv")
    assert [(t.number, t.name, t.short) for t in event.teams] == [(1, "Lyon", "LYO"), (2, "Paris", "PAR")]
    assert [p.name for p in event.members(1)] == ["Ann", "Bob"] and [p.name for p in event.members(2)] == ["Cy"]
    with pytest.raises(Refused, match=r"teams.csv, line 3: .*rating order"):
        import_teams(_event({}), "team,name,rating\nLyon,Ann,2000\nLyon,Bob,2100\n", "teams.csv")



@pytest.mark.parametrize("text,error,where", [
    ("team,name,rating\nLyon,Ann,2000\nLyon,Bob,2100\nLyon,Cy,x\n", Refused, r"line 3: .*rating order"),
    ("team,name,rating\nLyon,Ann,2000\nParis,Di,1900\nLyon,Bob,2100\nLyon,Ann,1000\n", Refused, r"line 4: .*rating order"),
    ("team,name,rating,fide_id\nLyon,Ann,2000,7\nLyon,Bob,1900,7\n", Refused, r"line 3: Bob: FIDE id 7 is already Ann's"),
    ("team,name,rating\nLyon,Ann,2000\nLyon,Ann,1900\n", Refused, r"line 3: Ann is already on the roster"),
])
def test_team_import_names_the_first_row_refused_in_file_order(text: str, error: type[Exception], where: str) -> None:
    """An import puts a team's rows in a row on its roster at once (issue 29: 1,200 rows one by one copied
    the event 1,200 times); a refusal is still named at the first row that breaks a rule, as row by row."""
    with pytest.raises(error, match=rf"teams.csv, {where}"):
        import_teams(_event({}), text, "teams.csv")

def test_team_numbers_follow_the_team_rating_at_the_first_pairing() -> None:
    paired = pair_team_round(_event(FOUR))
    after = paired.tournament
    assert [t.name for t in after.teams] == ["B", "D", "A", "C"]  # 2275, 2075, 1995, 1750
    assert after.settings.rounds == 3 and after.settings.status is Status.RUNNING
    assert [p.name for p in after.members(1)] == ["B1", "B2"]  # players renumbered team by team


def test_team_without_rated_player_goes_below_the_rated_teams() -> None:
    after = pair_team_round(_event({"Z": [0, 0], "A": [1500, 1400]})).tournament
    assert [t.name for t in after.teams] == ["A", "Z"]


def test_numbering_given_keeps_the_registration_order() -> None:
    after = pair_team_round(_event(FOUR, numbering="given")).tournament
    assert [t.name for t in after.teams] == ["A", "B", "C", "D"]


def test_berger_round_robin_of_teams_first_named_team_plays_white_on_board_1() -> None:
    rnd = pair_team_round(_event(FOUR)).round
    assert [m.teams for m in rnd.matches] == [(1, 4), (2, 3)]
    entries = team_event(pair_team_round(_event(FOUR)).tournament).entries
    assert entries[1][0].colour == "w" and entries[4][0].colour == "b"


def test_second_cycle_reverses_the_teams_and_so_every_board_colour() -> None:
    event = pair_team_round(_event(FOUR, system="double-round-robin")).tournament
    for _ in range(3):
        event = pair_team_round(_all(event)).tournament
    assert [m.teams for m in event.rounds[3].matches] == [(4, 1), (3, 2)]


def test_odd_number_of_teams_one_team_has_the_free_round() -> None:
    rnd = pair_team_round(_event({"A": [2000], "B": [1900], "C": [1800]}, boards=1)).round
    assert len(rnd.matches) == 1 and rnd.byes[0].kind is ByeKind.BYE


def test_default_line_up_is_the_first_available_players_in_roster_order() -> None:
    event = _event({"A": [2000, 1990, 1980], "B": [2300, 2250]})
    rnd = pair_team_round(event).round
    players = {p.start_number: p.name for p in pair_team_round(event).tournament.players}
    assert [(players[g.first or 0], players[g.second or 0]) for g in rnd.matches[0].boards] == [
        ("B1", "A1"), ("B2", "A2")]


def test_line_up_for_a_round_not_yet_paired_is_kept_until_the_pairing() -> None:
    event = _event({"A": [2000, 1990, 1980], "B": [2300, 2250]})
    event, changes = set_line_up(event, 1, "A", ["A1", "A3"])
    assert changes and event.lineups
    after = pair_team_round(event).tournament
    names = {p.start_number: p.name for p in after.players}
    assert [names[g.second or 0] for g in after.rounds[0].matches[0].boards] == ["A1", "A3"]
    assert not after.lineups


def test_line_up_refused_when_a_player_sits_above_someone_listed_above_them() -> None:
    event = _event({"A": [2000, 1990, 1980], "B": [2300, 2250]})
    with pytest.raises(Refused, match=r"A3 .*, place 3 on the roster, sits on board 1, above A1 .*, place 1 on the roster"):
        set_line_up(event, 1, "A", ["A3", "A1"])


def test_line_up_refused_for_a_player_not_on_the_roster() -> None:
    event = _event({"A": [2000, 1990], "B": [2300, 2250]})
    with pytest.raises(Refused, match="'B1' is not on the roster of team 1 .*: a player is named by start number "):
        set_line_up(event, 1, "A", ["A1", "B1"])


def test_line_up_refused_when_it_leaves_more_boards_empty_than_allowed() -> None:
    event = _event({"A": [2000, 1990, 1980], "B": [2300, 2250, 2200]}, boards=3)
    with pytest.raises(Refused, match="leaves 2 boards empty; at most 1 board may be"):
        set_line_up(event, 1, "A", ["A1"])


def test_empty_board_is_the_lowest_and_a_forfeit_for_the_player_facing_it() -> None:
    event = _event({"A": [2000, 1990, 1980], "B": [2300, 2250, 2200]}, boards=3)
    event, _ = set_line_up(event, 1, "A", ["A1", "A2"])
    paired = pair_team_round(event).tournament
    board = paired.rounds[0].matches[0].boards[2]
    assert board.second is None and board.result is GameResult.WHITE_FORFEIT_WIN
    done = _all(paired, GameResult.DRAW)
    entry = team_event(done).entries[1][0]
    assert entry.game_points == 2 and entry.outcome is TeamOutcome.WIN


def test_empty_boards_allowed_in_one_match_only_by_default() -> None:
    # Three teams, numbered by rating B 1, C 2, A 3: A meets C in round 1, is free in round 2, meets B in round 3.
    event = _event({"A": [2000, 1990], "B": [2300, 2250], "C": [2100, 2000]})
    event, _ = set_line_up(event, 1, "A", ["A1"])
    event = _all(pair_team_round(event).tournament)
    assert find_team(event, "A").number == 3 and event.rounds[0].match_of(3) is not None
    with pytest.raises(Refused, match="already left a board empty in 1 match; at most 1 may have one"):
        set_line_up(event, 3, "A", ["A1"])


def test_a_team_short_of_players_is_noted_from_its_first_empty_board_not_once_the_allowance_is_spent() -> None:
    """Note of issue 28: a team with fewer players than boards got no word until its empty boards went past
    team.empty_matches; the pairing says so from the first match it leaves a board empty."""
    event = _event({"A": [2000], "B": [2300, 2250], "C": [2100, 2000]})  # A: one player for two boards
    paired = pair_team_round(event)
    a = find_team(paired.tournament, "A").number
    if paired.round.match_of(a) is None:  # A has the bye: its first match is in round 2
        paired = pair_team_round(_all(paired.tournament))
    assert [note for note in paired.notes if f"team {a} (A)" in note] == [
        f"round {paired.round.number}, team {a} (A): 1 board left empty, as only 1 of its players can play (empty "
        "boards in 1 match so far; the event allows 1, team.empty_matches): add a player to its roster or give a "
        "line-up"]
    full = pair_team_round(_event({"A": [2000, 1990], "B": [2300, 2250], "C": [2100, 2000]}))
    assert not [note for note in full.notes if "left empty" in note]


def test_line_up_of_a_paired_round_replaces_the_boards_until_a_result_is_in() -> None:
    event = pair_team_round(_event({"A": [2000, 1990, 1980], "B": [2300, 2250]})).tournament
    event, changes = set_line_up(event, 1, "A", ["A2", "A3"])
    names = {p.start_number: p.name for p in event.players}
    assert [names[g.second or 0] for g in event.rounds[0].matches[0].boards] == ["A2", "A3"] and changes
    event = enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.DRAW)]).tournament
    with pytest.raises(Refused, match="has results: the line-up is played"):
        set_line_up(event, 1, "A", ["A1", "A2"])


def test_match_points_come_from_the_game_points() -> None:
    event = pair_team_round(_event({"A": [2000, 1990], "B": [2300, 2250]})).tournament
    event = enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.WHITE_WINS),
                                          TeamResultLine(1, 2, GameResult.DRAW)]).tournament
    entries = team_event(event).entries
    assert (entries[1][0].match_points, entries[1][0].game_points) == (2, Fraction(3, 2))
    assert (entries[2][0].match_points, entries[2][0].game_points) == (0, Fraction(1, 2))


def test_match_forfeit_is_entered_once_for_the_whole_match() -> None:
    event = pair_team_round(_event({"A": [2000, 1990], "B": [2300, 2250]})).tournament
    event = enter_team_results(event, 1, [TeamResultLine(1, None, GameResult.BLACK_FORFEIT_WIN)]).tournament
    match = event.rounds[0].matches[0]
    assert len(match.boards) == 2 and match.counted_boards == () and match.complete  # the line-up kept, not counted
    entries = team_event(event).entries
    assert entries[2][0].outcome is TeamOutcome.FORFEIT_WIN and entries[2][0].game_points == 2
    with pytest.raises(BadArgument, match="a whole match takes only a forfeit"):
        enter_team_results(event, 1, [TeamResultLine(1, None, GameResult.DRAW)])


def test_entered_result_changes_only_as_a_correction() -> None:
    event = pair_team_round(_event({"A": [2000], "B": [2300]}, boards=1)).tournament
    event = enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.WHITE_WINS)]).tournament
    with pytest.raises(Refused, match="give --correct"):
        enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.DRAW)])
    assert enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.DRAW)], correct=True).changes


def test_bulk_results_compare_and_set() -> None:
    event = pair_team_round(_event({"A": [2000], "B": [2300]}, boards=1)).tournament
    event = enter_team_results(event, 1, parse_team_result_lines("1.1 1-0\n", "-")).tournament
    with pytest.raises(Refused, match="stored result changed meanwhile"):
        enter_team_results(event, 1, parse_team_result_lines("1.1 0-1 was none\n", "-"))
    assert enter_team_results(event, 1, parse_team_result_lines("1.1 0-1 was 1-0\n", "-")).changes


def test_round_is_paired_only_once_the_previous_one_is_complete() -> None:
    event = pair_team_round(_event(FOUR)).tournament
    with pytest.raises(Refused, match="round 1 still needs results: boards 1.1, 1.2"):
        pair_team_round(event)


def test_team_swiss_names_the_team_with_white_on_board_1_first_c_04_6_1_6() -> None:
    event = _event(FOUR, system="swiss", rounds=3)
    paired = pair_team_round(event)
    assert paired.tournament.settings.initial_colour.value in ("white", "black")  # drawn by lot, stored
    entries = team_event(paired.tournament).entries
    for match in paired.round.matches:
        assert entries[match.first][0].colour == "w" and entries[match.second][0].colour == "b"
    assert paired.explanation and "C.04.6" in paired.explanation[0]


def test_team_swiss_odd_number_of_teams_gets_a_pab_c_04_6_3_4() -> None:
    event = _event({"A": [2000], "B": [1900], "C": [1800]}, boards=1, system="swiss", rounds=2)
    rnd = pair_team_round(event).round
    assert [b.kind for b in rnd.byes] == [ByeKind.PAB] and len(rnd.matches) == 1


def test_withdrawn_team_forfeits_its_later_matches() -> None:
    event = _all(pair_team_round(_event(FOUR)).tournament)
    event, _ = withdraw_team(event, "4")
    event = pair_team_round(event).tournament
    match = event.rounds[1].match_of(4)
    assert match is not None and match.forfeit is not None and match.boards == ()


def test_half_rule_a_team_that_played_fewer_than_half_its_matches_is_removed() -> None:
    event = _all(pair_team_round(_event(FOUR)).tournament)
    event, _ = withdraw_team(event, "4")  # played 1 of 3
    assert annulled_teams(event) == {4}
    counted = counted_team_event(event)
    assert {t.number for t in counted.teams} == {1, 2, 3}
    assert counted.entries[1][0].outcome is TeamOutcome.FREE


def test_half_rule_a_team_that_played_half_keeps_its_matches_and_the_rest_are_forfeits() -> None:
    event = _all(pair_team_round(_event(FOUR, system="double-round-robin")).tournament)
    for _ in range(2):
        event = _all(pair_team_round(event).tournament)
    event, _ = withdraw_team(event, "4")  # played 3 of 6
    assert annulled_teams(event) == frozenset()
    event = _all(pair_team_round(event).tournament)
    entry = team_event(event).entries[4][3]
    assert entry.outcome is TeamOutcome.FORFEIT_LOSS


def test_finalise_needs_every_result_then_takes_only_corrections() -> None:
    event = _event({"A": [2000], "B": [2300]}, boards=1)
    event = pair_team_round(event).tournament
    with pytest.raises(Refused, match="no result on board 1.1"):
        finalise_team_event(event, "2026-12-01")
    event = _all(event)
    final, _ = finalise_team_event(event, "2026-12-01")
    assert final.settings.status is Status.FINALISED
    with pytest.raises(Refused, match="finalised"):
        enter_team_results(final, 1, [TeamResultLine(1, 1, GameResult.DRAW)])
    corrected = enter_team_results(final, 1, [TeamResultLine(1, 1, GameResult.DRAW)], correct=True).tournament
    assert [r.match_points for r in team_standings_of(corrected).rows] == [1, 1]


def test_a_finalised_team_event_says_so_before_naming_a_conflict_and_refuses_a_removal_at_once() -> None:
    event = _all(pair_team_round(_event({"A": [2000], "B": [2300]}, boards=1)).tournament)
    final, _ = finalise_team_event(event, "2026-12-01")
    with pytest.raises(Refused) as error:
        enter_team_results(final, 1, [TeamResultLine(1, 1, GameResult.DRAW)])
    assert str(error.value) == ("the event was finalised on 2026-12-01; give --correct to change a result "
                                "(the final standings are then stored again)")
    with pytest.raises(Refused) as removed:  # before the stale ``was`` is judged
        enter_team_results(final, 1, [TeamResultLine(1, 1, None, line=3, was=GameResult.DRAW)], source="r.txt")
    assert str(removed.value) == ("r.txt, line 3, field 'result': the event was finalised on 2026-12-01: board 1.1's "
                                  "result can be corrected, not removed")


def test_finish_early_drops_the_rounds_after() -> None:
    event = _all(pair_team_round(_event(FOUR)).tournament)
    event = pair_team_round(event).tournament
    with pytest.raises(Refused, match="give --yes"):
        finalise_team_event(event, "2026-12-01", after_round=1)
    final, changes = finalise_team_event(event, "2026-12-01", after_round=1, confirmed=True)
    assert final.last_round == 1 and final.settings.rounds == 1 and any("finished early" in c.new for c in changes)


def test_finish_early_cancels_a_team_withdrawal_after_the_last_round_kept_as_a_player_s_is() -> None:
    """A team withdrawn after round 1, the event finished after round 1: the withdrawal meant the rounds
    that will not be played, so it goes (harness seed 3402: the team stayed withdrawn, while a player's
    withdrawal is cancelled so), told before --yes and journaled."""
    event = _all(pair_team_round(_event(FOUR)).tournament)
    event = pair_team_round(event).tournament
    event, _ = withdraw_team(event, "1", after_round=1)
    with pytest.raises(Refused) as told:
        finalise_team_event(event, "2026-12-01", after_round=1)
    assert any("the withdrawal of team 1" in line and "will be cancelled" in line for line in told.value.details)
    final, changes = finalise_team_event(event, "2026-12-01", after_round=1, confirmed=True)
    assert not final.by_team[1].is_withdrawn and final.by_team[1].withdrawn_after is None
    assert any(c.old == "withdrawn after round 1" and c.new == "active" for c in changes)


def test_integrity_every_round_accounts_for_every_team() -> None:
    event = pair_team_round(_event(FOUR)).tournament
    broken = replace(event, rounds=(replace(event.rounds[0], matches=event.rounds[0].matches[:1]),))
    assert any("has no match and no bye" in p.message for p in team_problems(broken))
    assert team_problems(event) == []


def test_standings_rank_by_mp_then_gp_edE_emgsb_by_default() -> None:
    event = _all(pair_team_round(_event(FOUR)).tournament)
    table = team_standings_of(event)
    assert table.tiebreaks == ("MP", "GP", "EDE", "EMGSB")
    assert [row.team.number for row in table.rows][:2] in ([1, 2], [2, 1])


def test_a_match_forfeit_keeps_the_boards_so_clearing_it_restores_them() -> None:
    event = pair_team_round(_event({"A": [2000, 1990], "B": [2300, 2250]})).tournament
    event = enter_team_results(event, 1, [TeamResultLine(1, 1, GameResult.DRAW)]).tournament
    with pytest.raises(Refused, match="give --correct"):
        enter_team_results(event, 1, [TeamResultLine(1, None, GameResult.WHITE_FORFEIT_WIN)])
    forfeited = enter_team_results(event, 1, [TeamResultLine(1, None, GameResult.WHITE_FORFEIT_WIN)],
                                   correct=True).tournament
    assert team_event(forfeited).entries[1][0].outcome is TeamOutcome.FORFEIT_WIN
    cleared = enter_team_results(forfeited, 1, [TeamResultLine(1, None, None)], correct=True).tournament
    assert cleared.rounds[0].matches[0] == event.rounds[0].matches[0]  # the boards and the draw are back


def test_a_team_registered_by_mistake_is_removed_before_round_1() -> None:
    from arbiter_cli.lifecycle.team_registration import remove_team

    event, gone, _ = remove_team(_event(FOUR), "B")
    assert gone.name == "B" and [(t.number, t.name) for t in event.teams] == [(1, "A"), (2, "C"), (3, "D")]
    assert [p.name for p in event.members(2)] == ["C1", "C2"] and len(event.players) == 6
    with pytest.raises(Refused, match="team withdraw"):
        remove_team(pair_team_round(event).tournament, "A")


def test_a_team_is_found_by_name_or_short_code_so_neither_may_name_two_teams() -> None:
    event, _, _ = add_team(_event({}), "Échecs Lyon", "LYO")
    assert find_team(event, "echecs lyon").number == 1  # accents and case do not matter
    for name, short in (("LYO", ""), ("Paris", "lyo"), ("Paris", "échecs LYON")):
        with pytest.raises(Refused, match="already names team 1"):
            add_team(event, name, short)
    with pytest.raises(BadArgument, match="not a number"):
        add_team(event, "7")


def test_two_players_of_one_team_may_not_share_a_name() -> None:
    with pytest.raises(Refused, match="already on the roster"):
        add_to_roster(_event({"A": [2000]}), "A", [RosterEntry("a1", 1900)])


def test_unpair_removes_the_last_round_while_it_has_no_results() -> None:
    from arbiter_cli.lifecycle.team_rounds import unpair_team_round

    paired = pair_team_round(_event(FOUR)).tournament
    after, number, _ = unpair_team_round(paired)
    assert number == 1 and after.rounds == ()
    played = enter_team_results(paired, 1, [TeamResultLine(1, 1, GameResult.DRAW)]).tournament
    with pytest.raises(Refused, match="has results"):
        unpair_team_round(played)


def test_the_same_result_again_changes_nothing_even_with_an_old_was() -> None:
    event = pair_team_round(_event({"A": [2000], "B": [2300]}, boards=1)).tournament
    event = enter_team_results(event, 1, parse_team_result_lines("1.1 1-0 was none\n", "-")).tournament
    again = enter_team_results(event, 1, parse_team_result_lines("1.1 1-0 was none\n", "-"))
    assert again.changes == ()


def test_no_line_up_for_a_teams_free_round_in_a_round_robin() -> None:
    event = pair_team_round(_event({"A": [2000], "B": [1900], "C": [1800]}, boards=1)).tournament
    free = {2: next(b.team for b in (pair_team_round(_all(event)).round.byes))}
    with pytest.raises(Refused, match="has the free round"):
        set_line_up(_all(event), 2, str(free[2]), [event.members(free[2])[0].name])


def test_team_import_numbers_players_team_by_team_as_one_row_at_a_time_would() -> None:
    """An import numbers its players once, at its end (a 1,200-player import was quadratic): the start
    numbers, rosters and changes are those of adding its rows one by one, teams interleaved and an
    earlier team already holding players."""
    event = _event({"A": [2100, 2000]})
    rows = "team,name,rating\nB,B1,2200\nA,A3,1900\nC,C1,1800\nB,B2,2150\nA,A4,1850\n"
    imported, changes = import_teams(event, rows, "t.csv")
    one_by_one = event
    expected_changes = []
    for team, name, rating in (("B", "B1", 2200), ("A", "A3", 1900), ("C", "C1", 1800), ("B", "B2", 2150),
                               ("A", "A4", 1850)):
        if all(t.name != team for t in one_by_one.teams):
            one_by_one, _, added = add_team(one_by_one, team, "")
            expected_changes += added
        one_by_one, _, added = add_to_roster(one_by_one, team, [RosterEntry(name, rating)])
        expected_changes += added
    assert imported.players == one_by_one.players and imported.team_of == one_by_one.team_of
    assert [p.name for p in imported.members(1)] == ["A1", "A2", "A3", "A4"]
    assert changes == expected_changes
