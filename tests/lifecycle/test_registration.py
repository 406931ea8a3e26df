"""Registration (C.04.2 Art. 2.2-2.4), tested on the acts themselves, without a folder."""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Settings, Status, Tournament
from arbiter_cli.core.results import ByeKind
from arbiter_cli.lifecycle.next_round import pair_round
from arbiter_cli.lifecycle.registration import member_fields, player_from, players_from_rows, register, \
    registration_open, remove_player
from arbiter_cli.ratings.club import Club, ClubSettings, Member


def _event(system: str = "swiss", **settings: object) -> Tournament:
    return Tournament(Settings(name="Open", system=system, rounds=None if "round-robin" in system else 7,
                               seed=3, initial_colour="white", **settings))  # type: ignore[arg-type]


def _add(tournament: Tournament, *entries: tuple[str, int, str | None]) -> Tournament:
    for name, rating, title in entries:
        player = player_from({"name": name, "rating": rating, "title": title}, len(tournament.players) + 1)
        tournament = register(tournament, [player], by_hand=True).tournament
    return tournament


def test_c04_2_2_2_start_numbers_follow_rating_then_title_then_name() -> None:
    t = _add(_event(), ("Zed", 2100, None), ("Amy", 2100, "FM"), ("Bob", 2300, None), ("Abe", 2100, None))
    assert [(p.start_number, p.name) for p in t.players] == [(1, "Bob"), (2, "Amy"), (3, "Abe"), (4, "Zed")]


def test_c04_2_2_2_each_registration_gets_the_number_its_place_gives() -> None:
    t = _add(_event(), ("B", 2000, None))
    registered = register(t, [player_from({"name": "A", "rating": 2200}, 2)], by_hand=True)
    assert registered.numbers == (1,) and [p.name for p in registered.tournament.players] == ["A", "B"]
    assert registered.changes[0].new == "1 A"


def test_c04_2_2_4_a_late_entry_is_paired_from_the_next_round_and_misses_the_others() -> None:
    t = _add(_event(), *((f"P{i}", 2000 - i, None) for i in range(1, 7)))
    t = pair_round(t).tournament
    registered = register(t, [player_from({"name": "Late", "rating": 2500}, 7)], by_hand=True)
    after = registered.tournament
    late = next(p for p in after.players if p.name == "Late")
    assert late.entered_round == 2 and registered.numbers == (late.start_number,)
    assert [b.kind for b in after.rounds[0].byes if b.player == late.start_number] == [ByeKind.ZPB]
    assert "late entry: paired from round 2; round 1 scored as ZPB" in registered.notes[0]
    assert registered.changes[0].new.endswith("(late entry for round 2)")


def test_c04_2_2_3_start_numbers_no_longer_change_once_round_4_is_paired() -> None:
    t = _add(_event(), *((f"P{i}", 2000 - i, None) for i in range(1, 9)))
    for _ in range(4):
        t = pair_round(t).tournament
        t = _finish_round(t)
    registered = register(t, [player_from({"name": "Strong", "rating": 2800}, 9)], by_hand=True)
    assert registered.numbers == (9,)
    assert [p.name for p in registered.tournament.players[:8]] == [f"P{i}" for i in range(1, 9)]


def _finish_round(t: Tournament) -> Tournament:
    from arbiter_cli.core.results import GameResult
    from arbiter_cli.lifecycle.results import ResultLine, enter_results

    lines = [ResultLine(g.board, GameResult.DRAW) for g in t.rounds[-1].games]
    return enter_results(t, t.last_round, lines).tournament


def test_a_fide_id_is_registered_once() -> None:
    t = register(_event(), [player_from({"name": "A", "fide_id": 123}, 1)]).tournament
    with pytest.raises(Refused, match="FIDE ID 123 is already registered"):
        register(t, [player_from({"name": "B", "fide_id": 123}, 2)])


def test_an_import_file_gives_a_fide_id_once_and_names_both_lines() -> None:
    rows = [(2, {"name": "A", "fide_id": "7"}), (5, {"name": "B", "fide_id": "7"})]
    with pytest.raises(BadArgument) as error:
        players_from_rows(rows, _event(), "p.csv")
    assert str(error.value) == "p.csv, line 5, field 'fide_id': FIDE ID 7 is also on line 2"


def test_a_bad_field_is_named_with_its_file_line() -> None:
    with pytest.raises(BadArgument) as error:
        players_from_rows([(3, {"name": "A", "federation": "XX"})], _event(), "p.csv")
    assert (error.value.source, error.value.line, error.value.field) == ("p.csv", 3, "federation")


def test_a_round_robin_closes_registration_at_its_first_pairing() -> None:
    t = pair_round(_add(_event("round-robin"), ("A", 2000, None), ("B", 1900, None))).tournament
    with pytest.raises(Refused, match="cannot join a round robin"):
        registration_open(t)


def test_a_finalised_event_takes_nobody() -> None:
    t = _event()
    t = Tournament(t.settings.model_copy(update={"status": Status.FINALISED, "finalised_on": "2026-01-01"}))
    with pytest.raises(Refused, match="finalised"):
        registration_open(t)


def test_a_registration_is_removed_only_before_round_1() -> None:
    t = _add(_event(), ("A", 2000, None), ("B", 1900, None), ("C", 1800, None))
    after, player, _ = remove_player(t, 1)
    assert player.name == "A" and [(p.start_number, p.name) for p in after.players] == [(1, "B"), (2, "C")]
    with pytest.raises(Refused, match="use 'arbiter player withdraw'"):
        remove_player(pair_round(t).tournament, 1)
    with pytest.raises(BadArgument) as error:
        remove_player(t, 9)
    assert error.value.field == "start_number"


def test_a_club_tournaments_players_are_members_with_their_club_rating() -> None:
    club = Club(ClubSettings(name="Lyon", default_rating=1500), (Member(id=4, name="Doe, Jane", rapid=1720),))
    t = _event(rating_type="rapid")
    assert member_fields(t, lambda: club, 4, None, None)["rating"] == 1720
    with pytest.raises(BadArgument) as error:
        member_fields(t, lambda: club, None, "Doe, Jane", None, where=("t1", "lyon"))
    assert error.value.field == "member" and str(error.value).startswith("field 'member': t1 is a tournament of the")
    with pytest.raises(BadArgument, match="the club has no member 5"):
        member_fields(t, lambda: club, 5, None, None)
    with pytest.raises(BadArgument, match="--member is for club tournaments"):
        member_fields(t, None, 4, None, None)


def test_a_club_tournaments_arguments_are_checked_before_the_club_is_read() -> None:
    def never() -> Club:
        raise AssertionError("the club was read")

    t = _event()
    with pytest.raises(BadArgument, match="enter members with --member"):
        member_fields(t, never, None, "Doe, Jane", None)
    with pytest.raises(BadArgument, match="give neither"):
        member_fields(t, never, 4, "Doe, Jane", None)


def test_a_name_given_without_a_comma_is_kept_with_a_note_on_surname_comma_firstname() -> None:
    """FIDE's lists and the TRF write ``Surname, Firstname``: ``player add "No Comma"`` registers the name as
    given, and says how names are written and how to undo it (trial finding); a name with a comma, or one
    word, gets no note."""
    from arbiter_cli.lifecycle.registration import add_player

    event = _event()
    given = add_player(event, "Magnus Carlsen", 2830, {})
    assert given.tournament.players[0].name == "Magnus Carlsen"
    assert given.notes == ("note: 'Magnus Carlsen' has no comma; names are written 'Surname, Firstname' as in "
                           "FIDE's lists and the TRF. If that is not what you meant: 'arbiter player remove 1', "
                           "and add the player again",)
    assert add_player(given.tournament, "Carlsen, Magnus", 2830, {}).notes == ()
    assert add_player(given.tournament, "Hou", 2600, {}).notes == ()
    paired = pair_round(_add(_event(), *((f"P{n}, A", 2000 - n, None) for n in range(1, 5)))).tournament
    late = add_player(paired, "Ding Liren", 2780, {})  # a late entry cannot be removed: no undo to offer
    assert late.notes[-1] == ("note: 'Ding Liren' has no comma; names are written 'Surname, Firstname' as in FIDE's "
                              "lists and the TRF")
