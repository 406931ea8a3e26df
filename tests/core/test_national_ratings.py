"""National ratings (issue 27): the starting-rank methods of TRF-2026 record 172 and the
federation's title-first order (C.04.2 Art. 2.2), start numbers at registration, and team
rosters and team strength by the national rating. One test per rule, on the acts themselves."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Player, Settings, StartingRank, Tournament
from arbiter_cli.core.team_roster import team_rating
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.core.tpn import initial_order
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.registration import player_from, register
from arbiter_cli.lifecycle.team_registration import (add_team, add_to_roster, number_teams_for_play,
                                                     parse_roster_entry)


def _player(number: int, name: str, fide: int = 0, national: int | None = None, title: str | None = None) -> Player:
    return Player(start_number=number, name=name, rating=fide, national_rating=national, title=title)


def _names(players: list[Player]) -> list[str]:
    return [p.name for p in players]


# A field of players with and without each rating: FIDE only, national only, both, neither.
FIELD = [_player(1, "Ulu, Can", fide=1900), _player(2, "Ak, Eda", national=2100),
         _player(3, "Bal, Ece", fide=1800, national=2200), _player(4, "Can, Ali"),
         _player(5, "Er, Oya", fide=2000, national=1700), _player(6, "Ata, Nur", fide=1700, title="WFM")]


# --- the starting-rank methods (C.04.2 2.2 with the rating record 172 names) ------------------------------

def test_starting_rank_fide_is_c04_2_order_by_fide_rating_then_title_then_name_the_default() -> None:
    assert Settings(name="x", system="swiss", rounds=5, seed=1).starting_rank is StartingRank.FIDE
    assert _names(initial_order(FIELD)) == _names(initial_order(FIELD, StartingRank.FIDE)) == [
        "Er, Oya", "Ulu, Can", "Bal, Ece", "Ata, Nur", "Ak, Eda", "Can, Ali"]


def test_starting_rank_federation_orders_title_then_fide_then_national_then_surname() -> None:
    players = [_player(1, "Zor, Ada"), _player(2, "Kar, Efe", national=1600), _player(3, "Ay, Cem"),
               _player(4, "Ece, Su", fide=1500, national=1500), _player(5, "Oz, Can", fide=1500, national=1900),
               _player(6, "Lale, Ipek", fide=2300), _player(7, "Tan, Ozan", fide=1400, title="FM"),
               _player(8, "Gul, Ela", fide=2100, title="WIM"), _player(9, "Ilk, Ata", national=2000)]
    assert _names(initial_order(players, StartingRank.TFN)) == [
        "Tan, Ozan",  # FM before WIM (C.04.2 2.2's order of titles), whatever the ratings
        "Gul, Ela",
        "Lale, Ipek",  # then the FIDE rating
        "Oz, Can", "Ece, Su",  # equal FIDE ratings: the national rating
        "Ilk, Ata", "Kar, Efe",  # no FIDE rating: the national rating
        "Ay, Cem", "Zor, Ada",  # neither: the surname
    ]


def test_starting_rank_nro_orders_by_the_national_rating_only() -> None:
    assert _names(initial_order(FIELD, StartingRank.NRO)) == [
        "Bal, Ece", "Ak, Eda", "Er, Oya", "Ata, Nur", "Can, Ali", "Ulu, Can"]


def test_starting_rank_fidon_takes_the_fide_rating_else_the_national_one() -> None:
    assert _names(initial_order(FIELD, StartingRank.FIDON)) == [
        "Ak, Eda", "Er, Oya", "Ulu, Can", "Bal, Ece", "Ata, Nur", "Can, Ali"]


def test_starting_rank_nidof_takes_the_national_rating_else_the_fide_one() -> None:
    # Er (national 1700) and Ata (FIDE 1700) tie: the title (WFM) goes first
    assert _names(initial_order(FIELD, StartingRank.NIDOF)) == [
        "Bal, Ece", "Ak, Eda", "Ulu, Can", "Ata, Nur", "Er, Oya", "Can, Ali"]


def test_starting_rank_hbfn_takes_the_higher_and_lbfn_the_lower_of_the_ratings_a_player_has() -> None:
    assert _names(initial_order(FIELD, StartingRank.HBFN)) == [
        "Bal, Ece", "Ak, Eda", "Er, Oya", "Ulu, Can", "Ata, Nur", "Can, Ali"]
    # LBFN: Bal 1800, Er 1700; a player with one rating is placed by it (Ak 2100, Ulu 1900)
    assert _names(initial_order(FIELD, StartingRank.LBFN)) == [
        "Ak, Eda", "Ulu, Can", "Bal, Ece", "Ata, Nur", "Er, Oya", "Can, Ali"]


def test_starting_rank_ties_on_the_methods_rating_go_by_title_then_name() -> None:
    players = [_player(1, "Bo", national=2000), _player(2, "Al", fide=2000), _player(3, "Cy", national=2000,
                                                                                     title="CM")]
    assert _names(initial_order(players, StartingRank.NIDOF)) == ["Cy", "Al", "Bo"]


def test_starting_rank_setting_takes_any_case_and_names_the_methods_when_wrong() -> None:
    settings = Settings.model_validate({"name": "x", "system": "swiss", "rounds": 5, "seed": 1,
                                        "starting_rank": "fidon"})
    assert settings.starting_rank is StartingRank.FIDON
    with pytest.raises(ValidationError, match="'ELO' is not a starting-rank method "
                                              r"\(FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, TFN\)"):
        Settings.model_validate({"name": "x", "system": "swiss", "rounds": 5, "seed": 1, "starting_rank": "elo"})


def test_starting_rank_federation_order_is_written_other_in_trf_172() -> None:
    assert [m.trf_code for m in StartingRank] == ["FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"]


def test_national_rating_blank_or_0_is_none_and_a_bad_one_is_named() -> None:
    assert _player(1, "A", national=0).national_rating is None
    assert Player.model_validate({"start_number": 1, "name": "A", "national_rating": ""}).national_rating is None
    with pytest.raises(BadArgument) as error:
        player_from({"name": "A", "national_rating": "3600"}, 1, source="in.csv", line=3)
    assert error.value.field == "national_rating" and error.value.line == 3


# --- start numbers follow the method (C.04.2 2.2-2.3) ---------------------------------------------------------

def _event(method: StartingRank) -> Tournament:
    return Tournament(Settings(name="Open", system="swiss", rounds=7, seed=3, initial_colour="white",
                               starting_rank=method))


def _register(tournament: Tournament, *players: dict[str, object]) -> Tournament:
    for data in players:
        tournament = register(tournament, [player_from(data, len(tournament.players) + 1)], by_hand=True).tournament
    return tournament


def test_start_numbers_follow_the_starting_rank_method_at_registration() -> None:
    entries = ({"name": "Ak", "rating": 1800}, {"name": "Bal", "national_rating": 2100},
               {"name": "Can", "rating": 1500, "title": "CM"})
    fide = _register(_event(StartingRank.FIDE), *entries)
    assert [(p.start_number, p.name) for p in fide.players] == [(1, "Ak"), (2, "Can"), (3, "Bal")]
    nidof = _register(_event(StartingRank.NIDOF), *entries)
    assert [(p.start_number, p.name) for p in nidof.players] == [(1, "Bal"), (2, "Ak"), (3, "Can")]
    federation = _register(_event(StartingRank.TFN), *entries)
    assert [(p.start_number, p.name) for p in federation.players] == [(1, "Can"), (2, "Ak"), (3, "Bal")]


def test_a_late_entry_before_round_4_takes_the_place_the_starting_rank_method_gives() -> None:
    t = _register(_event(StartingRank.NRO), *({"name": f"P{i}", "national_rating": 2000 - 10 * i}
                                              for i in range(1, 7)))
    t = pair_round(t).tournament
    registered = register(t, [player_from({"name": "Late", "rating": 2700, "national_rating": 1985}, 7)],
                          by_hand=True)
    assert registered.numbers == (2,)  # by the national rating, 1985 (its FIDE 2700 would make it 1)


# --- team events: rosters and team strength by the national rating --------------------------------------------

def _team_event(roster_rating: str = "national", boards: int = 3) -> TeamTournament:
    return TeamTournament(Settings(name="League", system="swiss", rounds=5, seed=3),
                          TeamSettings.model_validate({"boards": boards, "roster_rating": roster_rating}))


def _with_team(t: TeamTournament, name: str, *players: str) -> TeamTournament:
    t, entry, _ = add_team(t, name)
    t, _, _ = add_to_roster(t, entry.name, [parse_roster_entry(p) for p in players])
    return t


def test_team_roster_rating_is_fide_unless_the_event_says_national() -> None:
    assert TeamSettings(boards=4).roster_rating == "fide"


def test_team_roster_is_ordered_by_national_rating_when_the_event_says_so() -> None:
    # national order, whatever the FIDE ratings say
    t = _with_team(_team_event(), "A", "Ak/1500///2000", "Bal/2300///1900", "Can/2400")
    with pytest.raises(Refused, match=r"no\. 1 Ak \(1900\) stands above no\. 2 Bal \(2000\), rated 100 points "
                                      "higher: a roster is in rating order"):
        _with_team(_team_event(), "B", "Ak/2300///1900", "Bal/1500///2000")
    with pytest.raises(Refused, match="unrated players come last"):  # an unknown national rating is unrated
        _with_team(_team_event(), "C", "Ak/2300", "Bal/1500///2000")
    assert [p.name for p in t.members(1)] == ["Ak", "Bal", "Can"]


def test_team_roster_by_fide_rating_ignores_the_national_ratings() -> None:
    t = _with_team(_team_event("fide"), "A", "Bal/2300///1900", "Ak/1500///2000")
    assert team_rating(t.roster(1)) == Fraction(2300 + 1500, 2)  # FIDE (a team short of players: those it has)
    with pytest.raises(Refused, match="a roster is in rating order"):
        _with_team(_team_event("fide"), "B", "Ak/1500///2000", "Bal/2300///1900")


def test_team_strength_counts_unknown_national_rating_50_below_lowest_known() -> None:
    t = _with_team(_team_event(boards=4), "A", "Ak/2500///2000", "Bal/2400///1800", "Can/2600", "Dal/2700",
                   "Reserve/2800")
    # the main players' national ratings: 2000 and 1800 known; Can's and Dal's unknown count 1800 - 50
    # each; their FIDE ratings, and the reserve, count for nothing
    assert team_rating(t.roster(1)) == Fraction(2000 + 1800 + 1750 + 1750, 4)


def test_team_strength_is_the_mean_of_the_main_players_national_ratings_reserves_left_out() -> None:
    t = _with_team(_team_event(boards=2), "A", "Ak/1000///2000", "Bal/2900///1900", "Reserve/2500///1000")
    assert team_rating(t.roster(1)) == Fraction(2000 + 1900, 2)


def test_team_without_any_national_rating_has_no_strength_and_is_numbered_after_the_rated_teams() -> None:
    t = _with_team(_team_event(boards=2), "Strong by FIDE", "Ak/2600", "Bal/2500")
    t = _with_team(t, "National", "Can/1500///1900", "Dal/1400///1800")
    assert team_rating(t.roster(1)) is None
    numbered, _ = number_teams_for_play(t)
    assert [e.name for e in numbered.teams] == ["National", "Strong by FIDE"]


def test_team_numbers_follow_the_national_team_strength() -> None:
    t = _with_team(_team_event(boards=2), "Low", "Ak/2600///1700", "Bal/2500///1600")
    t = _with_team(t, "High", "Can/1500///2000", "Dal/1400///1900")
    numbered, changes = number_teams_for_play(t)
    assert [(e.number, e.name) for e in numbered.teams] == [(1, "High"), (2, "Low")]
    assert [(c.change, c.old, c.new) for c in changes] == [("team Low number (1650)", "1", "2"),
                                                           ("team High number (1950)", "2", "1")]


def test_team_roster_entry_takes_the_national_rating_as_its_fifth_field() -> None:
    entry = parse_roster_entry("Kaya, Ali/2100/12345/TUR/1900")
    assert (entry.rating, entry.fide_id, entry.federation, entry.national_rating) == (2100, 12345, "TUR", 1900)
    with pytest.raises(BadArgument, match="national_rating"):
        parse_roster_entry("Kaya, Ali////x")
    with pytest.raises(BadArgument, match="NAME/RATING/FIDE_ID/FEDERATION/NATIONAL_RATING"):
        parse_roster_entry("Kaya, Ali/1/2/TUR/4/5")
