"""Rebuilding a club's ratings from its members' initial ratings and its finalised tournaments.

The ratings are never edited: they are replayed, tournament by tournament in
the order they were finalised, by the FIDE formula (:mod:`arbiter_cli.ratings`).
A correction, a new initial rating or a late finalisation rebuilds them, and
the rebuild says which members' current ratings moved and which stored report
lines differed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from arbiter_cli.core.errors import Refused
from arbiter_cli.ratings.club import Club, StoredRow, current_ratings
from arbiter_cli.ratings.ledger import RatedEvent, replay

__all__ = ["Recomputed", "recompute"]


@dataclass(frozen=True)
class Recomputed:
    """The club with its rebuilt rating report; the members whose current rating moved
    ("name (id), control: old -> new"); each stored report line that differed; and the
    tournaments rated before that are no longer finalised (their history would be dropped)."""

    club: Club
    moved: tuple[str, ...]
    differences: tuple[str, ...]
    gone: tuple[str, ...]


def _shown(stored: StoredRow | None) -> str:
    if stored is None:
        return "none"
    return f"{stored.row.rating_before}{stored.row.change:+d}={stored.row.rating_after}"


def recompute(club: Club, events: Sequence[RatedEvent]) -> Recomputed:
    """The act: the club's ratings replayed from its initial ratings through ``events`` (its
    finalised tournaments in the order they were finalised)."""
    names = {m.id: m.name for m in club.members}
    for event in events:
        for member in event.players:
            if member not in names:
                raise Refused(f"tournament {event.name} has member {member}, who is not in members.csv")
    rows = tuple(StoredRow(event.name, event.time_control, row, names[row.member_id], event.date)
                 for event, report in replay(club.initial_ratings(), events) for row in report)
    after = replace(club, ratings=rows)
    before_now, after_now = current_ratings(club), current_ratings(after)
    moved = tuple(f"{names[m]} ({m}), {c}: {before_now[(m, c)][0]} -> {after_now[(m, c)][0]}"
                  for (m, c) in sorted(after_now) if before_now[(m, c)][0] != after_now[(m, c)][0])
    stored = {(s.tournament, s.row.member_id): s for s in club.ratings}
    fresh = {(s.tournament, s.row.member_id): s for s in rows}
    differences = []
    for key in sorted(stored.keys() | fresh.keys()):
        old, new = stored.get(key), fresh.get(key)
        if old is None or new is None or (old.row, old.time_control, old.date) != (new.row, new.time_control, new.date):
            differences.append(f"{key[0]}: member {key[1]}: stored {_shown(old)}, recomputed {_shown(new)}")
    gone = tuple(sorted({s.tournament for s in club.ratings} - {s.tournament for s in rows}))
    return Recomputed(after, moved, tuple(differences), gone)
