"""What an act changed, one line of the folder's journal each."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Change", "Recorded"]


@dataclass(frozen=True)
class Change:
    """One journal entry: what changed, from what, to what."""

    change: str
    old: str = ""
    new: str = ""


@dataclass(frozen=True)
class Recorded:
    """A change as the journal records it: when, by which command, and by whom."""

    change: Change
    time: str  # ISO 8601, UTC: 2026-03-01T09:30:00Z
    command: str
    by: str = ""
