"""Registration: entering and removing players (C.04.2 Art. 2.2-2.4).

Until round 1 is paired, start numbers follow the C.04.2 2.2 order (rating,
title, name; the rating the starting-rank method names, or the federation's
title-first order: :func:`arbiter_cli.core.tpn.initial_order`) and change as
players come and go. A Swiss takes late entries
afterwards (:mod:`.late_entry`); a round robin closes at its first pairing. A
finalised event takes nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import BadArgument, Refused, pydantic_message
from arbiter_cli.core.fields import birth_problem
from arbiter_cli.core.model import Player, Tournament
from arbiter_cli.core.tpn import initial_order
from arbiter_cli.core.words import count, listed, name_problem
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.lifecycle.guards import find_player, not_finalised
from arbiter_cli.lifecycle.avoid import describe
from arbiter_cli.lifecycle.late_entry import RENUMBER_UNTIL, enter_late, missed_rounds_note, renumbered, room_for_late_entry
from arbiter_cli.ratings.club import Club, current_ratings

__all__ = ["Registered", "registration_open", "with_players", "add_player", "import_players", "player_from", "sex_code", "member_fields",
           "register", "players_from_rows", "remove_player", "IMPORT_COLUMNS"]

#: The columns of ``arbiter player import``: the fields of a player a file may give.
IMPORT_COLUMNS = ("name", "title", "rating", "fide_id", "federation", "sex", "birth_date", "club",
                  "national_rating", "k_factor")


@dataclass(frozen=True)
class Registered:
    """The tournament after a registration, each new player's start number, and what to tell."""

    tournament: Tournament
    numbers: tuple[int, ...]  # in the order the players were given
    changes: tuple[Change, ...]
    notes: tuple[str, ...]  # the late-entry rule applied, namesakes already registered


def registration_open(tournament: Tournament) -> None:
    """Round robins close at the first pairing; a Swiss takes late entries (C.04.2 2.4)."""
    not_finalised(tournament)
    if tournament.rounds and tournament.settings.system.is_round_robin:
        raise Refused("players cannot join a round robin after round 1 is paired")
    room_for_late_entry(tournament.settings.rounds, tournament.last_round)


def sex_code(value: str | None) -> str | None:
    """``m`` or ``w`` from what people write (f, female, male)."""
    if value is None:
        return None
    lowered = value.strip().lower()
    return {"f": "w", "female": "w", "male": "m"}.get(lowered, lowered)


def player_from(data: Mapping[str, object], start_number: int, *, source: str | None = None,
                line: int | None = None, start: str | None = None) -> Player:
    """A player from its fields; a bad field is a :class:`BadArgument` naming it (and the file's line).
    ``start``: the event's start date, which the player is not born after."""
    from pydantic import ValidationError  # a check imports pydantic (start-up, issue 29)

    try:
        player = Player.model_validate({"start_number": start_number, **data})
    except ValidationError as error:
        first = error.errors()[0]
        key = str(first["loc"][0]) if first["loc"] else None
        message = pydantic_message(first)
        if key == "sex":  # what sex_code reads, not only the two letters the model keeps
            message = f"give m or male, w, f or female (found {str(first.get('input', ''))!r})"
        raise BadArgument(message, source=source, line=line, field=key) from None
    if (problem := birth_problem(player.birth_date, start)) is not None:
        raise BadArgument(problem, source=source, line=line, field="birth_date")
    return player


def member_fields(tournament: Tournament, club: Callable[[], Club] | None, member: int | None, name: str | None,
                  rating: int | None, *, where: tuple[str, str] = ("", "")) -> dict[str, object]:
    """A club tournament's player is a club member: name and club rating come from the club,
    which ``club()`` loads once the arguments are found sound.

    ``club`` is None for a tournament outside any club; ``where`` names the tournament's
    folder and the club's, for the messages.
    """
    if club is None:
        if member is not None:
            raise BadArgument("--member is for club tournaments (a tournament folder in a club's tournaments/)",
                              field="member")
        if name is None:
            raise BadArgument("give the player's NAME", field="name")
        return {}
    if member is None:
        raise BadArgument(f"{where[0]} is a tournament of the club {where[1]}: enter members with "
                          "--member ID (see 'arbiter -d CLUB member list')", field="member")
    if name is not None or rating is not None:
        raise BadArgument("with --member, the name and the rating come from the club; give neither", field="name")
    if any(p.member_id == member for p in tournament.players):
        raise Refused(f"member {member} is already registered")
    members = club()
    found = members.member(member)
    if found is None:
        raise BadArgument(f"the club has no member {member}", field="member")
    current = current_ratings(members)[(member, tournament.settings.rating_type.value)][0]
    return {"name": found.name, "rating": current, "birth_date": found.birth_date, "member_id": member}


def _check_fide_ids(existing: Sequence[Player], new: Sequence[Player]) -> None:
    ids = {p.fide_id: p for p in existing if p.fide_id is not None}
    for player in new:
        if player.fide_id is not None and player.fide_id in ids:
            raise Refused(f"FIDE ID {player.fide_id} is already registered "
                          f"(start number {ids[player.fide_id].start_number}, {ids[player.fide_id].name})")
        if player.fide_id is not None:
            ids[player.fide_id] = player


def _late_note(tournament: Tournament) -> str:
    paired = tournament.last_round
    return (missed_rounds_note(paired, tournament.settings.late_entry_missed)
            + ("" if paired >= RENUMBER_UNTIL else "; start numbers follow C.04.2 2.2 again"))


def with_players(tournament: Tournament, players: Sequence[Player]) -> Tournament:
    """The tournament with this list of players, numbered in C.04.2 order while no round is
    paired. Requested byes follow their players (and go with a removed one)."""
    kept = {p.start_number for p in players}
    after = replace(tournament, players=tuple(players),
                    byes=tuple(b for b in tournament.byes if b.start_number in kept))
    if tournament.rounds:
        return after
    order = initial_order(players, tournament.settings.starting_rank)
    return renumbered(after, {p.start_number: i for i, p in enumerate(order, start=1)})


def register(tournament: Tournament, new: Sequence[Player], *, by_hand: bool = False) -> Registered:
    """Enter ``new`` players (numbered after the registered ones, as :func:`player_from` made them).

    Before round 1 the start numbers follow C.04.2 2.2; after it, the players are late
    entries (C.04.2 2.4). A FIDE ID may be registered once. A player added ``by_hand`` (not
    imported) has the round of a late entry in the journal. Namesakes are pointed out: a name
    registered already, or given twice by one import.
    """
    registration_open(tournament)
    _check_fide_ids(tournament.players, new)
    notes: list[str] = []
    if tournament.rounds:
        after, late_numbers = enter_late(tournament, *new)
        numbers = tuple(late_numbers)
        notes.append(_late_note(tournament))
    else:
        after = with_players(tournament, [*tournament.players, *new])
        order = {id(p): i for i, p in enumerate(initial_order([*tournament.players, *new],
                                                               tournament.settings.starting_rank), start=1)}
        numbers = tuple(order[id(p)] for p in new)
    late = f" (late entry for round {tournament.last_round + 1})" if tournament.rounds and by_hand else ""
    changes = tuple(Change("player added", "", f"{number} {player.name}{late}") for player, number in zip(new, numbers))
    old_a, new_a = tournament.settings.baku_group_a, after.settings.baku_group_a
    if old_a is not None and new_a != old_a:  # group A's last player keeps their place, under a new number
        last = tournament.player(old_a)
        changes += (Change("Baku group A", f"start numbers 1 to {old_a}",
                           f"start numbers 1 to {new_a} ({last.name if last else '?'} is now number {new_a})"),)
        notes.append(f"note: Baku group A now ends with start number {new_a} (its last player, renumbered)")
    notes += [f"note: {namesake.name} was already registered (start number {namesake.start_number} before "
              "this registration); use 'arbiter player remove' if this was a mistake"
              for player in new for namesake in tournament.players
              if namesake.name.casefold() == player.name.casefold()]
    names = [player.name.casefold() for player in new]  # an import holding one name twice
    notes += [f"note: {player.name} is registered twice by this import (start numbers {numbers[names.index(key)]} "
              f"and {number}); use 'arbiter player remove' if this was a mistake"
              for index, (player, number, key) in enumerate(zip(new, numbers, names)) if key in names[:index]]
    return Registered(after, numbers, changes, tuple(notes))


def add_player(tournament: Tournament, name: str | None, rating: int | None, details: Mapping[str, object], *,
               member: int | None = None, members: Callable[[], Club] | None = None,
               where: tuple[str, str] = ("", "")) -> Registered:
    """The act of ``player add``: one player with ``name``, ``rating`` and ``details`` (title,
    FIDE ID, federation, sex, birth date, club), or the club member ``member`` in a club
    tournament, whose club ``members()`` loads (see :func:`member_fields`)."""
    registration_open(tournament)
    if name is not None and (problem := name_problem(name)) is not None:
        raise BadArgument(problem, field="name")
    fields = {"name": name, "rating": rating or 0, **details, "sex": sex_code(_text(details.get("sex")))}
    fields.update(member_fields(tournament, members, member, name, rating, where=where))
    try:
        player = player_from(fields, len(tournament.players) + 1, start=tournament.settings.start_date)
    except BadArgument as error:  # a member's birth date is the club's, not an option given here
        if member is None or error.field != "birth_date":
            raise
        raise BadArgument(f"member {member}'s birth date in the club's members.csv is {error.message}",
                          field="member") from None
    registered = register(tournament, [player], by_hand=True)
    added = registered.tournament.by_number[registered.numbers[0]]
    if _no_comma(added.name):
        undo = ("" if tournament.rounds else f". If that is not what you meant: 'arbiter player remove "
                f"{added.start_number}', and add the player again")
        registered = replace(registered, notes=(*registered.notes, f"note: '{added.name}' has no comma; names are "
                                                f"written 'Surname, Firstname' as in FIDE's lists and the TRF{undo}"))
    return registered


def _no_comma(name: str) -> bool:
    """Whether a name of two words or more has no comma: FIDE's lists and the TRF write ``Surname,
    Firstname``, and the standings sort and the pairing cards print names that way."""
    return " " in name.strip() and "," not in name


def no_comma_note(names: Sequence[str]) -> str | None:
    """The note on names of a bulk registration given without a comma (``player import``, ``team
    import``, ``team roster add``), as :func:`add_player` gives it for one; None when every name has one."""
    bare = [name for name in names if _no_comma(name)]
    if not bare:
        return None
    return (f"note: {count(len(bare), 'name')} {'has' if len(bare) == 1 else 'have'} no comma ({listed(bare, '; ')}); "
            "names are written 'Surname, Firstname' as in FIDE's lists and the TRF")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def import_players(tournament: Tournament, rows: Sequence[tuple[int, Mapping[str, str]]], source: str, *,
                   club_name: str | None = None) -> Registered:
    """The act of ``player import``: every row of the file (line, fields), all or none. A club
    tournament (``club_name``) takes its members one by one instead."""
    if club_name is not None:
        raise BadArgument(f"this is a tournament of the club {club_name}: its players are members, entered "
                          "one by one with 'arbiter player add --member ID'", source=source)
    registration_open(tournament)
    registered = register(tournament, players_from_rows(rows, tournament, source))
    names = [registered.tournament.by_number[number].name for number in registered.numbers]
    if (note := no_comma_note(names)) is not None:
        registered = replace(registered, notes=(*registered.notes, note))
    return registered


def players_from_rows(rows: Sequence[tuple[int, Mapping[str, str]]], tournament: Tournament, source: str
                      ) -> list[Player]:
    """The players of an import file's rows (line, fields), numbered after the registered ones.
    A FIDE ID given twice in the file is refused with both lines, one already registered with its line."""
    start = len(tournament.players)
    new = []
    for index, (line, fields) in enumerate(rows, start=1):
        data: dict[str, object] = dict(fields)
        if (problem := name_problem(fields.get("name") or "")) is not None:
            raise BadArgument(problem, source=source, line=line, field="name")
        if "sex" in data:
            data["sex"] = sex_code(fields["sex"]) if fields["sex"] else ""
        new.append(player_from(data, start + index, source=source, line=line, start=tournament.settings.start_date))
    if not new:
        raise BadArgument("no players in the file", source=source)
    first_line: dict[int, int] = {}
    registered = {p.fide_id: p for p in tournament.players if p.fide_id is not None}
    for (line, _), player in zip(rows, new):
        if player.fide_id is not None:
            if player.fide_id in registered:
                known = registered[player.fide_id]
                raise BadArgument(f"FIDE ID {player.fide_id} is already registered (start number "
                                  f"{known.start_number}, {known.name})", source=source, line=line, field="fide_id")
            if player.fide_id in first_line:
                raise BadArgument(f"FIDE ID {player.fide_id} is also on line {first_line[player.fide_id]}",
                                  source=source, line=line, field="fide_id")
            first_line[player.fide_id] = line
    return new


def remove_player(tournament: Tournament, start_number: int) -> tuple[Tournament, Player, list[Change]]:
    """Remove a registration made by mistake: only before round 1 is paired."""
    player = find_player(tournament, start_number)
    not_finalised(tournament)
    if tournament.rounds:
        raise Refused("players cannot be removed once round 1 is paired; use 'arbiter player withdraw'")
    rest = [p for p in tournament.players if p.start_number != start_number]
    changes = [Change("player removed", f"{start_number} {player.name}", "")]
    for avoidance in tournament.avoid:  # a forbidden pair the player was in goes, or loses them
        if start_number in avoidance.players:
            left = [p for p in avoidance.players if p != start_number]
            changes.append(Change("forbidden pair", describe(avoidance, tournament),
                                  "" if len(left) < 2 else describe(replace(avoidance, players=tuple(left)),
                                                                   tournament)))
    return with_players(tournament, rest), player, changes
