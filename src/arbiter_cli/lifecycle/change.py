"""What an act changed, one line of the folder's journal each."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Change"]


@dataclass(frozen=True)
class Change:
    """One journal entry: what changed, from what, to what."""

    change: str
    old: str = ""
    new: str = ""
