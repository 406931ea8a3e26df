"""A club's members: adding them, importing them, changing an initial rating, removing one.

A member is told apart by their id, never by their name. Changing an initial
rating rebuilds every club rating from it (:mod:`.club_ratings`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace

from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message
from arbiter_cli.core.fields import birth_problem
from arbiter_cli.core.model import Player
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.integrity import Problem
from arbiter_cli.lifecycle.club_ratings import Recomputed, recompute
from arbiter_cli.ratings.club import Club, Member
from arbiter_cli.ratings.ledger import RatedEvent

__all__ = ["MEMBER_IMPORT_COLUMNS", "member_from", "namesake_notes", "add_member", "import_members", "set_initial",
           "remove_member", "unknown_members"]

#: The columns of ``arbiter member import``.
MEMBER_IMPORT_COLUMNS = ("name", "birth_date", "standard", "rapid", "blitz")


def member_from(data: Mapping[str, object], *, source: str | None = None, line: int | None = None,
                today: str | None = None) -> Member:
    """A member from its fields; a bad field is a :class:`BadArgument` naming it (and the file's line).
    ``today`` (``YYYY-MM-DD``, from the caller: the acts read no clock): the member is not born after
    it; nor before 1900 (:func:`arbiter_cli.core.fields.birth_problem`; trial51, bugs 1 and 2)."""
    from pydantic import ValidationError  # a check imports pydantic (start-up, issue 29)

    try:
        member = Member.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else None
        raise BadArgument(pydantic_message(first), source=source, line=line, field=key) from None
    if (problem := birth_problem(member.birth_date, None, today=today)) is not None:
        raise BadArgument(problem, source=source, line=line, field="birth_date")
    return member


def _next_id(club: Club) -> int:
    return max((m.id for m in club.members), default=0) + 1


def namesake_notes(known: Sequence[Member], new: Sequence[Member], *, imported: bool = False) -> list[str]:
    """The notes on ``new`` members who may be in the club already: a member of the same name (the
    same person entered twice, or a namesake), or a name given twice by one import. ``member add``
    and ``member import`` both give them, as ``player add`` and ``player import`` note a name
    registered already (trial51, bug 3). An ``imported`` member's note names their new id (``member add``
    says it after the note)."""
    notes = [f"note: {namesake.name} is already member {namesake.id}{_same_birth(namesake, member)}; members are "
             f"told apart by their id" + (f" (the new one is member {member.id}: 'arbiter member remove "
                                          f"{member.id}' if it is the same person)" if imported else "")
             for member in new for namesake in known if namesake.name.casefold() == member.name.casefold()]
    names = [member.name.casefold() for member in new]  # an import holding one name twice
    notes += [f"note: {member.name} is entered twice by this import (members {new[names.index(key)].id} and "
              f"{member.id}{_same_birth(new[names.index(key)], member)}); 'arbiter member remove {member.id}' "
              "if it is the same person" for index, (member, key) in enumerate(zip(new, names)) if key in names[:index]]
    return notes


def _same_birth(one: Member, other: Member) -> str:
    return f", born {one.birth_date} too" if one.birth_date and one.birth_date == other.birth_date else ""


def add_member(club: Club, fields: Mapping[str, object], today: str | None = None
               ) -> tuple[Club, Member, list[Change], list[str]]:
    """The act: a new member with the next id; notes name the members of the same name. ``today``:
    the date the member is not born after (:func:`member_from`)."""
    number = _next_id(club)
    member = member_from({"id": number, **fields}, today=today)
    return (replace(club, members=(*club.members, member)), member,
            [Change("member added", "", f"{number} {member.name}")], namesake_notes(club.members, [member]))


def import_members(club: Club, rows: Sequence[tuple[int, Mapping[str, str]]], source: str, today: str | None = None
                   ) -> tuple[Club, list[Member], list[Change], list[str]]:
    """The act: members from an import file's rows (line, fields), all or none; notes name the
    members of the same name (:func:`namesake_notes`). ``today``: the date no member is born after
    (:func:`member_from`)."""
    first = _next_id(club)
    new = [member_from({"id": first + i, **data}, source=source, line=line, today=today)
           for i, (line, data) in enumerate(rows)]
    if not new:
        raise BadArgument("no members in the file", source=source)
    return (replace(club, members=(*club.members, *new)), new,
            [Change("member added", "", f"{m.id} {m.name}") for m in new],
            namesake_notes(club.members, new, imported=True))


def set_initial(club: Club, member_id: int, given: Mapping[str, int], events: Callable[[], Sequence[RatedEvent]]
                ) -> tuple[Club, Member, list[Change], Recomputed]:
    """The act: new initial ratings (time control -> rating) for a member, and every club
    rating rebuilt from them through ``events()`` (the club's finalised tournaments, loaded
    once the arguments are found sound); returns the rebuild (what it rated again, whose
    rating moved)."""
    member = club.member(member_id)
    if member is None:
        raise BadArgument(f"there is no member {member_id}", field="member_id")
    updated = member_from({**member.model_dump(), **given})
    after = replace(club, members=tuple(updated if m.id == member_id else m for m in club.members))
    rebuilt = recompute(after, events())
    changes = [Change(f"member {member_id} initial {k}", str(getattr(member, k) or ""), str(v))
               for k, v in given.items() if getattr(member, k) != v]  # a value it has already: no line
    changes += rebuilt.changes()
    return rebuilt.club, member, changes, rebuilt


def remove_member(club: Club, member_id: int, registrations: Callable[[], Mapping[str, Mapping[int, int]]]
                  ) -> tuple[Club, Member, list[Change]]:
    """The act: remove a member entered by mistake. ``registrations()`` gives the members
    registered in each of the club's tournaments, with their start numbers (loaded once the arguments are found sound).

    A member who is in a rating report stays: the club's ratings are replayed from every
    rated game, so removing them would rewrite their opponents' ratings and the club's
    history. A member registered in a club tournament is removed from it first.
    """
    member = club.member(member_id)
    if member is None:
        raise BadArgument(f"there is no member {member_id}", field="member_id")
    rated = sorted({s.tournament for s in club.ratings if s.row.member_id == member_id})
    if rated:
        games = sum(s.row.games for s in club.ratings if s.row.member_id == member_id)
        raise Refused(f"member {member_id} ({member.name}) is in the rating report of {', '.join(rated)} "
                      f"({games} rated game{'s' if games != 1 else ''}): the club's ratings are replayed from "
                      "those games, so the member stays (a member who has left can stay in members.csv: "
                      "only a tournament they are entered in rates them). Nothing was changed")
    entered = sorted((name, members[member_id]) for name, members in registrations().items() if member_id in members)
    if entered:
        first, number = entered[0]
        raise Refused(f"member {member_id} ({member.name}) is registered in "
                      + ", ".join(f"tournaments/{name} as player {number}" for name, number in entered)
                      + f": remove them there first ('arbiter -d tournaments/{first} player remove {number}', "
                      "possible until round 1 is paired; a member who has played stays). Nothing was changed")
    return (replace(club, members=tuple(m for m in club.members if m.id != member_id)), member,
            [Change("member removed", f"{member_id} {member.name}", "")])


def unknown_members(players: Iterable[Player], members: Collection[int], lines: Mapping[int, int] | None = None
                    ) -> list[Problem]:
    """The players of a club tournament whose ``member_id`` is no member of the club (``members``:
    their ids); ``lines``: each start number's line in ``players.csv``, when known."""
    lines = lines or {}
    return [Problem("players.csv", f"there is no member {player.member_id} in the club's members.csv",
                    lines.get(player.start_number), "member_id")
            for player in players if player.member_id is not None and player.member_id not in members]
