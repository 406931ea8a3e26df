"""What an act changed, one line of the folder's journal each."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Change", "Recorded", "named"]


def named(start_number: int, name: str) -> str:
    """A player as a journal line names them: the start number of the moment and the name, which
    a later renumbering (a late entry before round 4) does not change.

    >>> named(12, "Doe, Jane")
    '12 (Doe, Jane)'
    """
    return f"{start_number} ({name})"


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
