"""TRF-2026's national ratings (issue 27): the NRS records (the 001 layout with the federation in
cols 1-3) and record 172 (the federation in cols 5-7, the starting-rank method in cols 9-13),
imported into ``national_rating`` and ``starting_rank`` and exported again."""

from __future__ import annotations

import pytest

from arbiter_cli.core.model import Player, Settings, StartingRank, Tournament
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import TeamTournament
from arbiter_cli.lifecycle.registration import player_from, register
from arbiter_cli.lifecycle.standings import points_and_ranks
from arbiter_cli.lifecycle.team_registration import add_team, add_to_roster, parse_roster_entry
from arbiter_cli.lifecycle.team_finish import team_standings_of
from arbiter_cli.store.tournament import TournamentFolder
from arbiter_cli.trf.exporter import export_trf
from arbiter_cli.trf.importer import import_trf
from arbiter_cli.trf.reader import TrfError, parse_trf
from arbiter_cli.trf.team_folder import export_team_trf, import_team_trf

from conftest import shared_file

HEAD = "012 National\n032 TUR\n142 5\n"


def _line(tpn: int, name: str, rating: str) -> str:
    """A 001 record: starting rank (cols 5-8), name (15-47), rating (49-52), federation (54-56),
    points (81-84), rank (86-89)."""
    return f"001 {tpn:4d}      {name:<33} {rating:>4} TUR {'':11} {'':10}  0.0 {tpn:4d}\n"


PLAYERS = _line(1, "Ak, Ali", "2100") + _line(2, "Bal, Can", "") + _line(3, "Cem, Ece", "1800")


def _nrs(tpn: int, rating: int | str, federation: str = "TUR", rest: str = "") -> str:
    return f"{federation} {tpn:4d}".ljust(48) + f"{rating:>4}" + rest


def _import(text: str) -> tuple[Tournament, tuple[str, ...]]:
    imported = import_trf(parse_trf(text))
    return imported.tournament, imported.warnings


def _event(method: StartingRank, federation: str = "TUR") -> Tournament:
    t = Tournament(Settings(name="National", system="swiss", rounds=5, seed=0, federation=federation,
                            initial_colour="white", starting_rank=method))
    for data in ({"name": "Ak, Ali", "rating": 2100, "national_rating": 1900}, {"name": "Bal, Can",
                 "national_rating": 2000}, {"name": "Cem, Ece", "rating": 1800}, {"name": "Dal, Oya", "title": "WFM"}):
        t = register(t, [player_from(data, len(t.players) + 1)]).tournament
    return t


def _export(t: Tournament, version: str = "2026") -> tuple[str, tuple[str, ...]]:
    exported = export_trf(t, version, standing=points_and_ranks(t))
    return exported.text.replace("\r\n", "\n"), exported.warnings


def test_trf_import_keeps_the_national_ratings_of_the_nrs_records() -> None:
    t, warnings = _import(HEAD + PLAYERS + _nrs(1, 1950) + "\n" + _nrs(2, 2050) + "\n")
    assert [p.national_rating for p in t.players] == [1950, 2050, None]
    assert not any("national" in w for w in warnings)


def test_trf_import_reads_172_federation_in_cols_5_7_and_method_in_cols_9_13() -> None:
    t, _ = _import(HEAD + "172 TUR NIDOF\n" + PLAYERS + _nrs(2, 2050) + "\n")
    assert t.settings.starting_rank is StartingRank.NIDOF


@pytest.mark.parametrize("method", ["FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN"])
def test_trf_import_reads_172_with_the_method_alone_as_some_programs_write_it(method: str) -> None:
    t, _ = _import(HEAD + f"172 {method}\n" + PLAYERS)
    assert t.settings.starting_rank is StartingRank(method)


def test_trf_import_of_the_real_sharly_chess_file_keeps_its_172_and_nrs_record() -> None:
    imported = import_trf(parse_trf(shared_file("realdata/trf/trf-import-test.trf").read_text()))
    t = imported.tournament
    assert t.settings.starting_rank is StartingRank.NIDOF
    assert [(p.name, p.national_rating) for p in t.players if p.national_rating] == [("CARLSEN, Magnus", 2200)]
    assert not any("172" in w or "national rating records" in w for w in imported.warnings)
    assert any("national classification, origin and number of the FRA records" in w for w in imported.warnings)


def test_trf_import_keeps_one_federations_national_ratings_and_names_the_others() -> None:
    text = HEAD + "172 GER NRO\n" + PLAYERS + _nrs(1, 1500) + "\n" + _nrs(1, 2222, "GER") + "\n"
    t, warnings = _import(text)
    assert t.players[0].national_rating == 2222  # 172's federation
    assert any("national rating records (TUR) not kept: a folder keeps one national rating a player, GER's" in w
               for w in warnings)
    t, _ = _import(HEAD + PLAYERS + _nrs(1, 2222, "GER") + "\n" + _nrs(1, 1500) + "\n")
    assert t.players[0].national_rating == 1500  # no 172: the event's federation (032)


def test_trf_import_takes_the_event_federation_from_the_nrs_records_when_032_is_missing() -> None:
    t, warnings = _import("012 National\n142 5\n" + PLAYERS + _nrs(1, 1500, "AZE") + "\n")
    assert t.settings.federation == "AZE" and t.players[0].national_rating == 1500
    assert any("the event's federation (032) is taken as AZE" in w for w in warnings)


@pytest.mark.parametrize("line,field,words", [
    (_nrs(9, 1500), "NRS starting rank", "starting rank 9 has no player record (001)"),
    (_nrs(1, 3900), "national rating", "3900 is not a rating"),
    (_nrs(1, "15x0"), "national rating", "'15x0' is not a number"),
])
def test_trf_bad_nrs_record_is_refused_naming_its_line_and_field(line: str, field: str, words: str) -> None:
    with pytest.raises(TrfError) as error:
        _import(HEAD + PLAYERS + line + "\n")
    assert error.value.line == 7 and error.value.field == field and words in str(error.value)


def test_trf_nrs_record_given_twice_for_one_player_is_refused_naming_both_lines() -> None:
    with pytest.raises(TrfError, match="starting rank 1 already has a TUR national rating record on line 7"):
        _import(HEAD + PLAYERS + _nrs(1, 1500) + "\n" + _nrs(1, 1600) + "\n")


def test_trf_172_method_that_is_not_one_is_a_warning_and_fide_order_is_kept() -> None:
    t, warnings = _import(HEAD + "172 TUR ELO\n" + PLAYERS)
    assert t.settings.starting_rank is StartingRank.FIDE
    assert any("'ELO' is not a starting-rank method" in w for w in warnings)


def test_trf_export_writes_172_and_an_nrs_record_for_each_national_rating() -> None:
    text, warnings = _export(_event(StartingRank.NIDOF))
    lines = text.splitlines()
    assert "172 TUR NIDOF" in lines and lines.index("172 TUR NIDOF") < lines.index("192 FIDE_DUTCH")
    nrs = [line for line in lines if line.startswith("TUR ")]
    assert nrs == ["TUR    1                                        2000", "TUR    2                                        1900"]
    assert [(line[0:3], line[4:8], line[48:52]) for line in nrs] == [("TUR", "   1", "2000"), ("TUR", "   2", "1900")]
    assert warnings == ()


def test_trf_export_of_an_event_without_national_ratings_is_unchanged() -> None:
    t = _event(StartingRank.FIDE)
    t = Tournament(t.settings, tuple(p.model_copy(update={"national_rating": None}) for p in t.players))
    text, _ = _export(t)
    assert "172" not in text and "\nTUR " not in text


@pytest.mark.parametrize("method", list(StartingRank))
def test_trf_2026_round_trip_keeps_national_ratings_and_the_starting_rank_method(method: StartingRank) -> None:
    t = _event(method)
    text, _ = _export(t)
    again, _ = _import(text)
    folder = TournamentFolder("unused")
    assert folder.files_of(again) == folder.files_of(t)
    assert again.settings.starting_rank is method


def test_trf_172_other_is_read_as_fide_order_when_the_starting_ranks_do_not_follow_the_federations() -> None:
    t, warnings = _import(HEAD + "172 TUR OTHER\n" + PLAYERS + _nrs(2, 2500) + "\n")
    # the federation's order would put Bal (no FIDE rating) after Cem (1800)
    assert t.settings.starting_rank is StartingRank.FIDE
    assert [p.name for p in t.players] == ["Ak, Ali", "Bal, Can", "Cem, Ece"]  # the ranks kept as given
    assert any("the starting-rank method OTHER is not one a folder knows" in w for w in warnings)


def test_trf_export_without_an_event_federation_says_the_national_ratings_are_not_exported() -> None:
    text, warnings = _export(_event(StartingRank.NRO, federation=""))
    assert "172" not in text
    assert warnings == ("the national ratings and the starting-rank method NRO are not exported: a TRF names the "
                        "rating federation (172, NRS records), and the event has none (set federation in "
                        "tournament.toml)",)


def test_trf_export_without_a_federation_or_national_ratings_writes_172_with_the_method_alone() -> None:
    """CI's property test (a damaged file with '172 NIDOF' and no 032): the import kept NIDOF, the export dropped
    it for want of a federation, and the file came back as FIDE's order. With no national rating to lose, 172
    gives the method alone, as some programs write it, and the import reads it back."""
    t = _event(StartingRank.NIDOF, federation="")
    t = t.__class__(t.settings, tuple(p.model_copy(update={"national_rating": None}) for p in t.players), t.rounds)
    text, warnings = _export(t)
    assert "\n172     NIDOF\n" in text and not warnings
    back, _ = _import(text)
    assert back.settings.starting_rank is StartingRank.NIDOF


def test_trf16_export_says_the_national_ratings_are_not_exported() -> None:
    text, warnings = _export(_event(StartingRank.NRO), "16")
    assert "172" not in text and "\nTUR " not in text
    assert any(w.startswith("the national ratings and the starting-rank method are not exported: TRF16")
               for w in warnings)


def test_team_trf_172_nro_round_trips_the_national_roster_rating_and_the_national_ratings() -> None:
    t = TeamTournament(Settings(name="League", system="swiss", rounds=3, seed=1, federation="TUR"),
                       TeamSettings(boards=2, roster_rating="national"))
    for name, players in (("A", ("Ak/2100///1900", "Bal/2200///1800")), ("B", ("Can////1700", "Dal/2400"))):
        t, entry, _ = add_team(t, name)
        t, _, _ = add_to_roster(t, entry.name, [parse_roster_entry(p) for p in players])
    table = team_standings_of(t)
    exported = export_team_trf(t, {row.team.number: (row.match_points, row.game_points, row.rank)
                                   for row in table.rows})
    assert "172 TUR NRO" in exported.text.splitlines()
    again = import_team_trf(parse_trf(exported.text)).tournament
    assert again.team.roster_rating == "national"
    assert [p.national_rating for p in again.players] == [1900, 1800, 1700, None]


def test_team_trf_import_names_a_172_method_a_team_folder_does_not_keep() -> None:
    imported = import_team_trf(parse_trf(shared_file("realdata/trf/trf-team-import-test.trf").read_text()))
    assert imported.tournament.team.roster_rating == "fide"
    assert any("the starting-rank method FIDON is not kept" in w for w in imported.warnings)


def test_trf_nrs_record_gives_the_national_rating_and_leaves_the_001_fields_as_they_are() -> None:
    t, warnings = _import(HEAD + PLAYERS + _nrs(3, 1234, rest=" IST      C50113") + "\n")
    assert t.players[2] == Player(start_number=3, name="Cem, Ece", rating=1800, federation="TUR", national_rating=1234)
    assert any("national classification, origin and number of the TUR records" in w for w in warnings)
