"""Players filled in from a rating list: ``player add --fide-id N``, ``player import`` of FIDE
IDs, and ``player update-ratings``.

C.04.2 Art. 2.1: "The rating used is the one in force when the event starts": the list of the
event's rate of play (``rating_type``), so a player is registered, or refreshed before round 1,
from it. What the arbiter gives on the command line (or in the file's own cells) wins over the
list; a field the list leaves empty leaves the player's as it was. After round 1 is paired, the
pairings were made with the ratings of the start (C.04.2 2.1), so an update is refused unless
forced, and the start numbers then stay (C.04.2 2.3: corrections after round 4 never move them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from arbiter_cli.core.errors import BadArgument, Refused
from arbiter_cli.core.model import Player, RatingType, Tournament
from arbiter_cli.core.words import count
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.guards import not_finalised
from arbiter_cli.lifecycle.registration import with_players
from arbiter_cli.ratings.fide_list import ListRecord, normalised

__all__ = ["Listing", "dated_after_start", "same_name", "overridden", "listed_fields", "listed_rows", "RowFiller", "RatingUpdate", "update_ratings", "UPDATED_FIELDS"]

#: What ``player update-ratings`` refreshes from the list.
UPDATED_FIELDS = ("rating", "title", "federation", "national_rating", "k_factor")


@dataclass(frozen=True)
class Listing:
    """The loaded lists as an act reads them: ``lookup(fide_id)`` (None: not listed) and their
    name for messages ("FIDE's list of 2026-05-01")."""

    lookup: Callable[[int], ListRecord | None]
    label: str
    date: str | None = None  # ISO, YYYY-MM-DD
    #: a national list's id -> its record (FIDE's fields too when it names a FIDE ID); None: no such lookup
    lookup_national: Callable[[str], ListRecord | None] | None = None
    national_label: str = ""  # the national lists, for messages ("the national list fra of 2026-05-01")


def dated_after_start(listing: Listing | None, tournament: Tournament) -> str | None:
    """A note when the list is dated after the event starts (C.04.2 2.1: "the rating used is the
    one in force when the event starts", so a later list is not that one); None otherwise."""
    start = tournament.settings.start_date
    if listing is None or not listing.date or not start or listing.date <= str(start):
        return None
    return (f"note: {listing.label} is dated after the event starts ({start}); C.04.2 2.1 rates the players by "
            "the list in force at the start: load that one ('arbiter lists load FILE --date YYYY-MM')")


def _fide_id(value: object) -> int | None:
    """A FIDE ID as given (an int, or a file's text); None when there is none or it is not a
    number (the player's own check then names it)."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii():
        return int(value.strip())
    return None


def same_name(given: str, listed: str) -> bool:
    """Whether a name given is the list's, as the index compares names (:func:`normalised`:
    accents, case and punctuation aside), in any order ("John Smith" is "Smith, John"), a word
    given as its initial ("Smith, J." is "Smith, John")."""
    words, left = normalised(given).split(), normalised(listed).split()
    if len(words) != len(left):
        return False
    initials = []
    for word in words:
        if word in left:
            left.remove(word)
        else:
            initials.append(word)
    for initial in initials:
        match = next((word for word in left if len(initial) == 1 and word.startswith(initial)), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _given(value: object) -> bool:
    return value is not None and value != ""


def listed_fields(given: Mapping[str, object], listing: Listing | None, rating_type: RatingType, *,
                  source: str | None = None, line: int | None = None) -> tuple[dict[str, object], ListRecord | None]:
    """A player's fields (``name``, ``rating``, ``title``, ``fide_id``, ``federation``, ``sex``,
    ``birth_date``...; None or "" where not given) filled from the list by the FIDE ID, and the
    record they came from. A field given wins over the list. A FIDE ID the list does not have is
    refused when no name is given (with a name, the player is registered as given). Without a FIDE ID,
    a ``national_id`` finds the player in the loaded national lists (a player FIDE does not list); it is
    not a field of the player, and is taken out of what is returned."""
    given = dict(given)
    national = str(given.pop("national_id", None) or "").strip()
    fide_id = _fide_id(given.get("fide_id"))
    raw = given.get("fide_id")
    if fide_id is None and isinstance(raw, str) and raw.strip():
        raise BadArgument(f"{raw.strip()!r} is not a FIDE ID (a number)", source=source, line=line, field="fide_id")
    if national and fide_id is None:
        return _nationally_listed(given, national, listing, rating_type, source, line)
    record = listing.lookup(fide_id) if listing is not None and fide_id is not None else None
    if record is None:
        if fide_id is None or _given(given.get("name")):
            return dict(given), None
        if listing is None:
            raise BadArgument(f"no rating list is loaded to fill FIDE ID {fide_id} in from: load FIDE's list "
                              "('arbiter lists load FILE'), or give the player's NAME", source=source, line=line,
                              field="name")
        raise BadArgument(f"FIDE ID {fide_id} is not in {listing.label}; give the player's NAME to register them "
                          "anyway", source=source, line=line, field="fide_id")
    name = given.get("name")
    if isinstance(name, str) and name.strip() and not same_name(name, record.name):
        raise BadArgument(f"FIDE ID {fide_id} is {record.name!r} in {listing.label if listing else 'the list'}, "
                          f"not {name.strip()!r}: check the ID, or leave the name out to take the list's",
                          source=source, line=line, field="name")
    filled = dict(given)
    for key, value in record.player_fields(rating_type).items():
        if not _given(filled.get(key)) and value is not None:
            filled[key] = value
    return filled, record


def _nationally_listed(given: dict[str, object], national: str, listing: Listing | None, rating_type: RatingType,
                       source: str | None, line: int | None) -> tuple[dict[str, object], ListRecord | None]:
    """:func:`listed_fields` by a national list's id: refused when no national list is loaded or it has
    no such id, and when a name is given that is not the list's."""
    record = listing.lookup_national(national) if listing is not None and listing.lookup_national else None
    if record is None:
        where = listing.national_label if listing is not None and listing.national_label else ""
        raise BadArgument(f"national id {national!r} is not in {where}" if where else
                          f"no national list is loaded to find national id {national!r} in: load it with 'arbiter "
                          "lists load FILE --national NAME'", source=source, line=line, field="national_id")
    name = given.get("name")
    if isinstance(name, str) and name.strip() and not same_name(name, record.name):
        raise BadArgument(f"national id {national} is {record.name!r} in the national list, not {name.strip()!r}: "
                          "check the id, or leave the name out to take the list's", source=source, line=line,
                          field="name")
    filled = dict(given)
    for key, value in record.player_fields(rating_type).items():
        if not _given(filled.get(key)) and value is not None:
            filled[key] = value
    return filled, record


def overridden(given: Mapping[str, object], record: ListRecord, rating_type: RatingType) -> dict[str, tuple[object, object]]:
    """The fields given that differ from the list's (field -> (given, the list's)): what was given wins."""
    listed = record.player_fields(rating_type)
    return {key: (value, listed[key]) for key, value in given.items()
            if key in listed and key != "name" and _given(value) and value != listed[key]}


class RowFiller:
    """An import file's row (line, cells) with its blank cells filled from the list by its FIDE ID
    (:func:`listed_fields`); ``filled`` counts the rows found in the list."""

    def __init__(self, listing: Listing | None, rating_type: RatingType, source: str) -> None:
        self.listing, self.rating_type, self.source = listing, rating_type, source
        self.filled = 0

    def __call__(self, line: int, cells: Mapping[str, str]) -> dict[str, str]:
        fields, record = listed_fields(cells, self.listing, self.rating_type, source=self.source, line=line)
        self.filled += record is not None
        return {key: "" if value is None else str(value) for key, value in fields.items()}


def listed_rows(rows: Sequence[tuple[int, Mapping[str, str]]], listing: Listing | None, rating_type: RatingType,
                source: str) -> tuple[list[tuple[int, dict[str, str]]], int]:
    """An import file's rows (line, cells) with the blank cells of each row that has a FIDE ID
    filled from the list (:class:`RowFiller`), and how many rows were filled."""
    fill = RowFiller(listing, rating_type, source)
    return [(line, fill(line, cells)) for line, cells in rows], fill.filled


@dataclass(frozen=True)
class RatingUpdate:
    """The tournament after ``player update-ratings``, its journal lines, each change as a row
    (start number, name, FIDE ID, field, old, new) and what to tell."""

    tournament: Tournament
    changes: tuple[Change, ...]
    rows: tuple[dict[str, object], ...]
    notes: tuple[str, ...]


def _shown(field: str, value: object) -> str:
    if field == "rating":
        return str(value) if value else "unrated"
    return str(value) if value else "none"


def update_ratings(tournament: Tournament, listing: Listing | None, *, force: bool) -> RatingUpdate:
    """Refresh each player's rating of the event's rate of play, title, federation, national rating
    and K (B.02 8.3.3) from the list, by FIDE ID, all or nothing. Refused after round 1 is paired unless ``force``; before it,
    the start numbers follow C.04.2 2.2 again. A player the list does not rate in the event's rate
    of play keeps their rating (the arbiter may have estimated it, C.04.2 2.1)."""
    not_finalised(tournament)
    if listing is None:
        raise Refused("no rating list is loaded: load FIDE's list with 'arbiter lists load FILE' first")
    if any(player.member_id is not None for player in tournament.players):
        raise Refused("this is a club tournament: its ratings are the club's ('arbiter ratings'), not a list's")
    if tournament.rounds and not force:
        raise Refused("round 1 is paired, with the ratings in force at the start (C.04.2 2.1); give --force to update "
                      "the ratings anyway (the start numbers stay)")
    rating_type = tournament.settings.rating_type
    players: list[Player] = []
    rows: list[dict[str, object]] = []
    changes: list[Change] = []
    no_id = not_listed = unrated = 0
    for player in tournament.players:
        record = listing.lookup(player.fide_id) if player.fide_id is not None else None
        if record is None:
            no_id += player.fide_id is None
            not_listed += player.fide_id is not None
            players.append(player)
            continue
        new: dict[str, object] = {}
        rating = record.rating(rating_type)
        unrated += rating is None
        if rating is not None and rating != player.rating:
            new["rating"] = rating
        if record.fide_title is not None and record.fide_title != player.title:
            new["title"] = record.fide_title
        if record.federation and record.federation.upper() != player.federation:
            new["federation"] = record.federation.upper()
        if record.national_rating and record.national_rating != player.national_rating:
            new["national_rating"] = record.national_rating
        k_factor = record.k_factor(rating_type)
        if k_factor is not None and k_factor != player.k_factor:
            new["k_factor"] = k_factor
        for field in UPDATED_FIELDS:
            if field in new:
                old = getattr(player, field)
                rows.append({"start_number": player.start_number, "name": player.name, "fide_id": player.fide_id,
                             "field": field, "old": _shown(field, old), "new": _shown(field, new[field])})
                changes.append(Change(f"{named(player.start_number, player.name)} {field}", _shown(field, old),
                                      _shown(field, new[field])))
        players.append(player.model_copy(update=new) if new else player)
    after = with_players(tournament, players) if changes else tournament
    notes = [note for note in (dated_after_start(listing, tournament),) if note]
    if no_id:
        notes.append(f"note: {count(no_id, 'player')} without a FIDE ID kept as registered")
    if not_listed:
        notes.append(f"note: {count(not_listed, 'FIDE ID')} not in {listing.label}: kept as registered")
    if unrated:
        notes.append(f"note: {count(unrated, 'player')} not rated in {rating_type.value} in {listing.label}: "
                     "rating kept as registered")
    moved = [p.name for p in tournament.players if after.by_number.get(p.start_number, p).name != p.name]
    if changes and moved:
        notes.append(f"note: the start numbers follow C.04.2 2.2 again: {count(len(moved), 'player')} renumbered")
    return RatingUpdate(after, tuple(changes), tuple(rows), tuple(notes))
