"""``arbiter new``'s rules, below the command line (issue 24): which kind of event the options
make, and each check of them, named after the rule it keeps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import RatingType, System
from arbiter_cli.lifecycle.new_event import (NewGroupEvent, NewIndividual, NewKnockout, NewOptions, NewTeamEvent,
                                             plan_new_event)


def options(system: str = "swiss", **given: object) -> NewOptions:
    return NewOptions(name="Open", system=system, seed=7, rating_type=RatingType.STANDARD, **given)  # type: ignore[arg-type]


def refused(opts: NewOptions) -> BadArgument:
    with pytest.raises(BadArgument) as raised:
        plan_new_event(opts)
    return raised.value


def test_c04_1_art_1_a_swiss_announces_its_number_of_rounds() -> None:
    error = refused(options("swiss"))
    assert error.field == "rounds" and "C.04.1 Art. 1" in error.message
    planned = plan_new_event(options("swiss", rounds=9))
    assert isinstance(planned, NewIndividual) and planned.settings.rounds == 9


def test_c04_1_art_1_a_team_swiss_announces_its_number_of_rounds_too() -> None:
    error = refused(options("swiss", teams=True, boards=4))
    assert error.field == "rounds"


def test_c05_a_round_robin_takes_its_rounds_from_its_players() -> None:
    planned = plan_new_event(options("round-robin"))
    assert isinstance(planned, NewIndividual) and planned.settings.system is System.ROUND_ROBIN
    assert planned.settings.rounds is None


def test_c07_art_2_tiebreaks_are_announced_in_advance_so_none_is_no_list() -> None:
    error = refused(options("swiss", rounds=5, tiebreaks="none"))
    assert error.field == "tiebreaks" and "in advance" in error.message
    planned = plan_new_event(options("swiss", rounds=5, tiebreaks="BH/C1,BH,SB"))
    assert planned.settings.tiebreaks == ("BH/C1", "BH", "SB")


def test_c04_7_baku_acceleration_is_for_an_individual_swiss() -> None:
    assert refused(options("swiss", rounds=5, teams=True, boards=4, acceleration="baku")).field == "acceleration"
    assert refused(options("swiss", rounds=5, acceleration="haley")).field == "acceleration"
    planned = plan_new_event(options("swiss", rounds=5, acceleration="baku"))
    assert planned.settings.acceleration == "baku"


def test_c04_6_1_7_the_colour_model_is_a_team_swiss_one_a_round_robin_follows_the_berger_tables() -> None:
    error = refused(options("round-robin", teams=True, boards=4, colour_model="b"))
    assert error.field == "colour_model" and "Berger" in error.message
    planned = plan_new_event(options("swiss", rounds=7, teams=True, boards=4, colour_model="B"))
    assert isinstance(planned, NewTeamEvent) and planned.team.colour_model == "b"


def test_c04_1_art_3_any_point_system_and_a_team_event_s_match_points() -> None:
    planned = plan_new_event(options("swiss", rounds=5, scoring="3,1,0"))
    assert (planned.settings.scoring.win, planned.settings.scoring.draw) == (Fraction(3), Fraction(1))
    assert refused(options("swiss", rounds=5, scoring="3,1")).field == "scoring"
    team = plan_new_event(options("round-robin", teams=True, boards=4, match_points="3,1,0"))
    assert isinstance(team, NewTeamEvent) and team.team.match_win == 3
    assert refused(options("round-robin", teams=True, boards=4, match_points="x,1,0")).field == "match_points"


@pytest.mark.parametrize(("given", "field", "words"), [
    ({"boards": 4}, "boards", "give --teams too"),
    ({"teams": True}, "boards", "needs the boards"),
    ({"match_points": "2,1,0"}, "match_points", "is for a team event"),
    ({"pab": "win"}, "pab", "is for a team event"),
    ({"seeding": "drawn"}, "seeding", "is for a knockout"),
    ({"games_per_match": 2}, "games_per_match", "is for a knockout"),
    ({"groups": 4}, "groups", "is for a group stage"),
    ({"advance": 2}, "advance", "is for a group stage"),
])
def test_an_option_of_another_kind_of_event_is_refused_naming_it(given: dict[str, object], field: str,
                                                                   words: str) -> None:
    error = refused(options("swiss", rounds=5, **given))
    assert error.field == field and words in error.message


def test_a_knockout_s_rounds_follow_from_its_players_and_its_ties_from_its_stages() -> None:
    for given in ({"rounds": 5}, {"teams": True}, {"tiebreaks": "DE"}, {"acceleration": "baku"}):
        assert refused(options("knockout", **given)).field == "system"
    planned = plan_new_event(options("knockout", games_per_match=4, tiebreak_stages="rapid:2,armageddon"))
    assert isinstance(planned, NewKnockout) and planned.settings.system is System.KNOCKOUT
    assert planned.knockout.games_per_match == 4 and planned.knockout.tiebreak_stages == ("rapid:2", "armageddon")
    assert refused(options("knockout", games_per_match=0)).field == "games_per_match"


def test_a_group_stage_needs_its_groups_and_how_many_go_on_and_seeds_a_knockout_final_from_them() -> None:
    assert refused(options("groups", advance=2)).field == "groups"
    assert refused(options("groups", groups=4)).field == "advance"
    assert refused(options("groups", groups=4, advance=2, rounds=3)).field == "rounds"
    assert refused(options("groups", groups=4, advance=2, club=True)).field == "club"
    assert refused(options("groups", groups=4, advance=2, final="swiss")).field == "final"
    assert refused(options("groups", groups=4, advance=2, final="knockout", seeding="drawn")).field == "seeding"
    assert refused(options("groups", groups=4, advance=2, games_per_match=2)).field == "games_per_match"
    planned = plan_new_event(options("groups", groups=4, advance=2, final="knockout", games_per_match=2))
    assert isinstance(planned, NewGroupEvent) and planned.groups.count == 4 and planned.groups.final == "knockout"
    assert planned.settings.system is System.ROUND_ROBIN  # each group is a round robin (C.05)


def test_an_unknown_system_is_refused_with_the_systems_there_are() -> None:
    error = refused(options("scheveningen"))
    assert error.field == "system" and "swiss, round-robin, double-round-robin, knockout or groups" in error.message


def test_a_setting_the_model_refuses_names_its_option() -> None:
    error = refused(options("swiss", rounds=5, start_date="2026-13-01"))
    assert error.field == "start_date"
