"""A club's members and the rebuilding of its ratings (B.02 as a club applies it), on the acts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.lifecycle.club_ratings import recompute
from arbiter_cli.lifecycle.members import add_member, import_members, set_initial
from arbiter_cli.ratings.club import Club, ClubSettings, Member
from arbiter_cli.ratings.ledger import RatedEvent, RatedGame

CLUB = Club(ClubSettings(name="Lyon", default_rating=1500),
            (Member(id=1, name="A", standard=2000), Member(id=2, name="B", standard=1900)))
EVENT = RatedEvent("t1", "standard", (1, 2), (RatedGame(1, 2, Fraction(1)),))


def test_b02_the_ratings_are_replayed_from_the_initial_ratings() -> None:
    rebuilt = recompute(CLUB, [EVENT])
    assert [(s.row.member_id, s.row.change, s.row.rating_after) for s in rebuilt.club.ratings] == [
        (1, 14, 2014), (2, -14, 1886)]
    assert rebuilt.moved == ("A (1), standard: 2000 -> 2014", "B (2), standard: 1900 -> 1886")
    assert recompute(rebuilt.club, [EVENT]).differences == ()  # stored as computed: nothing differs


def test_b02_a_double_loss_is_rated_as_a_loss_for_each_player() -> None:
    both_lost = RatedEvent("t1", "standard", (1, 2), (RatedGame(1, 2, Fraction(0), Fraction(0)),))
    rows = {s.row.member_id: s.row for s in recompute(CLUB, [both_lost]).club.ratings}
    assert rows[1].score == rows[2].score == 0 and rows[1].change < 0 and rows[2].change < 0


def test_a_tournament_rated_without_moving_a_rating_still_has_its_journal_line() -> None:
    """Two equal members draw: no club rating moves, yet the club's ratings.csv gains the tournament's
    report lines. Its journal line was missing (harness seed 3601: 'files changed without a journal row:
    ratings.csv'); a tournament rated the first time is now a line of its own."""
    equal = Club(ClubSettings(name="Lyon", default_rating=1500), (Member(id=1, name="A"), Member(id=2, name="B")))
    drawn = RatedEvent("t2", "rapid", (1, 2), (RatedGame(1, 2, Fraction(1, 2)),))

    rebuilt = recompute(equal, [drawn])

    assert rebuilt.moved == () and len(rebuilt.club.ratings) == 2
    assert [(c.change, c.new) for c in rebuilt.changes()] == [("rated", "t2 (rapid): 2 members")]
    assert rebuilt.report() == ["club ratings: rated t2 (rapid): 2 members: no rating changed"]
    assert recompute(rebuilt.club, [drawn]).changes() == []  # rated already: nothing to journal


def test_a_tournament_gone_from_the_club_is_reported_before_its_history_is_dropped() -> None:
    rated = recompute(CLUB, [EVENT]).club
    assert recompute(rated, []).gone == ("t1",)


def test_a_tournament_with_a_stranger_is_refused() -> None:
    with pytest.raises(Refused, match="tournament t9 has member 7, who is not in members.csv"):
        recompute(CLUB, [RatedEvent("t9", "standard", (1, 7))])


def test_members_are_told_apart_by_their_id() -> None:
    club, member, changes, notes = add_member(CLUB, {"name": "a", "rapid": 1600})
    assert member.id == 3 and changes[0].new == "3 a"
    assert notes == ["note: A is already member 1; members are told apart by their id"]
    with pytest.raises(BadArgument) as error:
        add_member(CLUB, {"name": "C", "blitz": 4000})
    assert error.value.field == "blitz"


def test_an_import_adds_every_member_or_none() -> None:
    club, new, _, _ = import_members(CLUB, [(2, {"name": "C"}), (3, {"name": "D", "standard": "1700"})], "m.csv")
    assert [m.id for m in new] == [3, 4] and len(club.members) == 4
    with pytest.raises(BadArgument) as error:
        import_members(CLUB, [(2, {"name": "C"}), (3, {"name": "D", "standard": "x"})], "m.csv")
    assert (error.value.source, error.value.line, error.value.field) == ("m.csv", 3, "standard")


def test_a_new_initial_rating_rebuilds_every_rating_after_it() -> None:
    rated = recompute(CLUB, [EVENT]).club  # A 2014, B 1886 after t1
    club, member, changes, rebuilt = set_initial(rated, 2, {"standard": 2000}, lambda: [EVENT])
    moved = rebuilt.moved
    assert member.name == "B" and club.member(2).standard == 2000  # type: ignore[union-attr]
    assert moved == ("A (1), standard: 2014 -> 2020", "B (2), standard: 1886 -> 1980")  # now equal: ±20
    assert rebuilt.rerated == (
        "t1 (standard): A (1): Ro 2000, Δ +14 -> +20, Rn 2014 -> 2020, expected 0.64 -> 0.50, TPR 2700 -> 2800",
        "t1 (standard): B (2): Ro 1900 -> 2000, Δ -14 -> -20, Rn 1886 -> 1980, expected 0.36 -> 0.50")
    assert [(c.change, c.old, c.new) for c in changes] == [
        ("member 2 initial standard", "1900", "2000"), ("rated again", "", rebuilt.rerated[0]),
        ("rated again", "", rebuilt.rerated[1]), ("club rating", "", moved[0]), ("club rating", "", moved[1])]
    with pytest.raises(BadArgument) as error:
        set_initial(CLUB, 9, {"standard": 2000}, list)
    assert error.value.field == "member_id"


def test_a_bad_argument_is_named_before_any_tournament_is_read() -> None:
    def never() -> list[RatedEvent]:
        raise AssertionError("the club's tournaments were read")

    with pytest.raises(BadArgument):
        set_initial(CLUB, 9, {"standard": 2000}, never)
    with pytest.raises(BadArgument):
        set_initial(CLUB, 1, {"standard": 99999}, never)


def test_a_member_born_before_1900_is_refused_as_a_typo() -> None:
    """trial51, bug 1: a birth date of 1800 is a typo, named by its field and line."""
    with pytest.raises(BadArgument) as error:
        add_member(CLUB, {"name": "C", "birth_date": "1800-01-01"})
    assert error.value.field == "birth_date" and "before 1900-01-01" in error.value.message
    with pytest.raises(BadArgument) as error:
        import_members(CLUB, [(2, {"name": "C", "birth_date": "1899"})], "m.csv")
    assert (error.value.line, error.value.field) == (2, "birth_date")


def test_a_member_born_after_today_is_refused() -> None:
    """trial51, bug 2: a club has no event date; the caller gives today's date."""
    with pytest.raises(BadArgument) as error:
        add_member(CLUB, {"name": "C", "birth_date": "2030-01-01"}, "2026-12-08")
    assert error.value.field == "birth_date" and "after today's date 2026-12-08" in error.value.message
    with pytest.raises(BadArgument) as error:
        import_members(CLUB, [(2, {"name": "C"}), (3, {"name": "D", "birth_date": "2027"})], "m.csv", "2026-12-08")
    assert (error.value.line, error.value.field) == (3, "birth_date")
    assert add_member(CLUB, {"name": "C", "birth_date": "2026-12-08"}, "2026-12-08")[1].birth_date == "2026-12-08"


def test_a_member_import_notes_a_member_already_in_the_club() -> None:
    """trial51, bug 3: as ``player import`` notes a name registered already, ``member import`` notes a
    member of the same name (the same birth date said), and a name given twice by the import."""
    club = Club(CLUB.settings, (Member(id=1, name="A", birth_date="1990-01-02"),))
    _, _, _, notes = import_members(club, [(2, {"name": "a", "birth_date": "1990-01-02"}), (3, {"name": "E"}),
                                           (4, {"name": "e"})], "m.csv")
    assert notes == ["note: A is already member 1, born 1990-01-02 too; members are told apart by their id (the new "
                     "one is member 2: 'arbiter member remove 2' if it is the same person)",
                     "note: e is entered twice by this import (members 3 and 4); 'arbiter member remove 4' if it is "
                     "the same person"]
