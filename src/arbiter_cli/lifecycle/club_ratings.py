"""Rebuilding a club's ratings from its members' initial ratings and its finalised tournaments.

The ratings are never edited: they are replayed, tournament by tournament in
the order they were finalised, by the FIDE formula (:mod:`arbiter_cli.ratings`).
A correction, a new initial rating or a late finalisation rebuilds them, and
the rebuild says which members' current ratings moved, and which tournaments it
rated again, per player, old -> new.

A member's pre-event rating is one value wherever it is shown: a club
tournament's ``players.csv`` (and so its player list, standings and TRF export)
holds the rating its rating report starts from (:func:`pre_event_ratings`,
:func:`rate_as_the_club`): for a rated tournament the report's ``rating_before``,
for one not finalised yet the member's current rating, which its finalisation
will start from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_cli.core.errors import Refused
from arbiter_cli.core import words
from arbiter_cli.core.model import Status, Tournament
from arbiter_cli.lifecycle.change import Change, named
from arbiter_cli.lifecycle.registration import with_players
from arbiter_cli.ratings.club import Club, StoredRow, current_ratings
from arbiter_cli.ratings.ledger import RatedEvent, replay

__all__ = ["Recomputed", "recompute", "pre_event_ratings", "rate_as_the_club"]


@dataclass(frozen=True)
class Recomputed:
    """The club with its rebuilt rating report; the members whose current rating moved
    ("name (id), control: old -> new"); each stored report line that differed; and the
    tournaments rated before that are no longer finalised (their history would be dropped)."""

    club: Club
    moved: tuple[str, ...]
    differences: tuple[str, ...]
    gone: tuple[str, ...]
    rerated: tuple[str, ...] = ()  # "t2 (rapid): Name (id): Ro 2066 -> 2058, Δ -17, Rn 2049 -> 2041"
    rated: tuple[str, ...] = ()  # a tournament rated for the first time: "t2 (rapid): 2 members"

    @property
    def rerated_tournaments(self) -> tuple[str, ...]:
        """The tournaments rated before whose report changed, in rating order."""
        return tuple(dict.fromkeys(line.split(" (", 1)[0] for line in self.rerated))

    def report(self) -> list[str]:
        """What the rebuild changed, to show: the tournaments rated again, per tournament and
        player (old -> new), then each member's current rating that moved."""
        lines = []
        if self.rerated:
            lines.append(f"club ratings rebuilt: rated again {', '.join(self.rerated_tournaments)}")
            lines += [f"rated again: {line}" for line in self.rerated]
        lines += [f"club rating: {line}" for line in self.moved]
        return lines or [f"club ratings: {'rated ' + ', '.join(self.rated) + ': ' if self.rated else ''}"
                         "no rating changed"]

    def changes(self) -> list[Change]:
        """The club journal's lines of the rebuild: the tournaments rated for the first time, those rated
        again, and the ratings that moved; any other line of the report that differed (a date added), so
        that ``ratings.csv`` never changes without a line (harness seed 3601: a first tournament whose
        draws moved no rating wrote it without one)."""
        changes = ([Change("rated", "", line) for line in self.rated]
                   + [Change("rated again", "", line) for line in self.rerated]
                   + [Change("club rating", "", line) for line in self.moved])
        return changes or [Change("club ratings rebuilt", "", line) for line in self.differences]


def _shown(stored: StoredRow | None) -> str:
    if stored is None:
        return "none"
    return f"{stored.row.rating_before}{stored.row.change:+d}={stored.row.rating_after}"  # Ro+Δ=Rn


def recompute(club: Club, events: Sequence[RatedEvent]) -> Recomputed:
    """The act: the club's ratings replayed from its initial ratings through ``events`` (its
    finalised tournaments in the order they were finalised)."""
    names = {m.id: m.name for m in club.members}
    for event in events:
        for member in event.players:
            if member not in names:
                raise Refused(f"tournament {event.name} has member {member}, who is not in members.csv")
    rows = tuple(StoredRow(event.name, event.time_control, row, names[row.member_id], event.date)
                 for event, report in replay(club.initial_ratings(), events, club.birth_years()) for row in report)
    after = replace(club, ratings=rows)
    before_now, after_now = current_ratings(club), current_ratings(after)
    moved = tuple(f"{names[m]} ({m}), {c}: {before_now[(m, c)][0]} -> {after_now[(m, c)][0]}"
                  for (m, c) in sorted(after_now) if before_now[(m, c)][0] != after_now[(m, c)][0])
    stored = {(s.tournament, s.row.member_id): s for s in club.ratings}
    fresh = {(s.tournament, s.row.member_id): s for s in rows}
    differences = []
    for key in sorted(stored.keys() | fresh.keys()):
        old, new = stored.get(key), fresh.get(key)
        if old is None or new is None or (old.row, old.time_control) != (new.row, new.time_control):
            differences.append(f"{key[0]}: member {key[1]}: stored {_shown(old)}, recomputed {_shown(new)}")
        elif old.date != new.date:  # a club rated before ratings.csv had its date column
            differences.append(f"{key[0]}: member {key[1]}: the tournament's date {new.date or '(none)'} added")
    gone = tuple(sorted({s.tournament for s in club.ratings} - {s.tournament for s in rows}))
    rerated = tuple(_rerated(stored[key], s) for s in rows
                    if (key := (s.tournament, s.row.member_id)) in stored and stored[key].row != s.row)
    rated = tuple(f"{name} ({control}): {words.count(members, 'member')}" for (name, control), members in
                  Counter((s.tournament, s.time_control) for s in rows if s.tournament not in
                          {old.tournament for old in club.ratings}).items())
    return Recomputed(after, moved, tuple(differences), gone, rerated, rated)


def _rerated(old: StoredRow, new: StoredRow) -> str:
    """A report line rated again: Ro, Δ and Rn, each old -> new where it changed."""

    def shown(label: str, before: int, after: int, signed: bool = False) -> str:
        def text(value: int) -> str:
            return words.signed(value) if signed else str(value)
        return f"{label} {text(before)}" + ("" if before == after else f" -> {text(after)}")

    a, b = old.row, new.row
    line = (f"{new.tournament} ({new.time_control}): {new.name} ({b.member_id}): "
            f"{shown('Ro', a.rating_before, b.rating_before)}, {shown('Δ', a.change, b.change, True)}, "
            f"{shown('Rn', a.rating_after, b.rating_after)}")
    if a.expected != b.expected:  # the opponents' ratings moved
        line += f", expected {_hundredths(a.expected)} -> {_hundredths(b.expected)}"
    if a.performance != b.performance:
        line += f", TPR {a.performance or 'none'} -> {b.performance or 'none'}"
    return line


def _hundredths(value: Fraction) -> str:
    """An expected score (a sum of hundredths) with its two decimals, exactly.

    >>> _hundredths(Fraction(24, 10))
    '2.40'
    """
    cents = round(value * 100)
    return f"{cents // 100}.{cents % 100:02d}"


def pre_event_ratings(club: Club, tournament_name: str, tournament: Tournament) -> dict[int, int]:
    """The club rating each member of ``tournament`` (its folder ``tournament_name``) starts from:
    the rating report's ``rating_before`` once the club rated it, else the member's current
    rating in its time control (what its finalisation will start from)."""
    if tournament.settings.status is Status.FINALISED:
        rated = {s.row.member_id: s.row.rating_before for s in club.ratings if s.tournament == tournament_name}
        if rated:
            return rated
    current = current_ratings(club)
    control = tournament.settings.rating_type.value
    return {p.member_id: current[(p.member_id, control)][0] for p in tournament.players
            if p.member_id is not None and (p.member_id, control) in current}


def rate_as_the_club(tournament: Tournament, ratings: Mapping[int, int]) -> tuple[Tournament, list[Change]]:
    """The act: each member's rating in ``tournament`` set to ``ratings[member]`` (member id ->
    club rating). Before round 1 the start numbers follow the new ratings (C.04.2 2.2)."""
    changes = []
    players = []
    for player in tournament.players:
        wanted = ratings.get(player.member_id) if player.member_id is not None else None
        if wanted is not None and wanted != player.rating:
            changes.append(Change(f"player {named(player.start_number, player.name)} rating",
                                  "" if player.rating is None else str(player.rating), str(wanted)))
            player = player.model_copy(update={"rating": wanted})
        players.append(player)
    if not changes:
        return tournament, []
    return with_players(tournament, players), changes
