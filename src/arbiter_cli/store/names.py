"""The files by which a folder's kind is known (:mod:`arbiter_cli.store.kinds` detects the kind
from them): every kind's declaration (:mod:`arbiter_cli.store.layout`) owns them, its own and the
others', so that no output written into a folder turns it into a folder of another kind."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

__all__ = ["SETTINGS_FILE", "SITE_MANIFEST", "TEAMS_FILE", "CLUB_FILE", "TOURNAMENTS_DIR", "club_of", "GROUPS_SYSTEM", "STAGES_DIR", "is_group_folder", "is_knockout_folder",
           "is_team_folder", "read_settings"]

#: An event's settings: every event folder has one (a group event's and a knockout's say so in it).
SETTINGS_FILE = "tournament.toml"
#: A team event's teams: an event folder with one is a team event.
TEAMS_FILE = "teams.csv"
#: A club's settings: a folder with one is a club.
CLUB_FILE = "club.toml"
#: A club's tournaments: ``CLUB/tournaments/NAME``.
TOURNAMENTS_DIR = "tournaments"
#: ``system`` in a group event's ``tournament.toml``.
GROUPS_SYSTEM = "groups"
#: A group event's stages, each a folder of its own inside it (``stages/A``, ``stages/final``).
STAGES_DIR = "stages"
#: The manifest of a folder ``arbiter publish`` wrote, a published site (:mod:`arbiter_cli.store.site`).
SITE_MANIFEST = ".arbiter-site"


def read_settings(path: str | os.PathLike[str]) -> dict[str, object] | None:
    """The folder's ``tournament.toml`` as a table, or None when it does not read (to tell a kind apart)."""
    try:
        with open(Path(path) / SETTINGS_FILE, "rb") as stream:
            return tomllib.load(stream)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None


def _lines(path: str | os.PathLike[str]) -> str:
    """The text of a ``tournament.toml`` that does not read as TOML (empty: none, or not text): its kind is
    told from its lines, so that the kind's own reading names the fault (trial38b: a syntax error in a
    group event's settings made 'groups show' say the folder was no group event)."""
    try:
        return (Path(path) / SETTINGS_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def is_group_folder(path: str | os.PathLike[str]) -> bool:
    """Whether the folder holds a group event (its ``tournament.toml`` says ``system = "groups"``)."""
    settings = read_settings(path)
    if settings is None:
        return re.search(rf'^\s*system\s*=\s*["\']{GROUPS_SYSTEM}["\']', _lines(path), re.M) is not None
    return settings.get("system") == GROUPS_SYSTEM


def is_knockout_folder(path: str | os.PathLike[str]) -> bool:
    """Whether the folder holds a knockout event (its settings have a ``[knockout]`` table)."""
    settings = read_settings(path)
    if settings is None:
        return re.search(r"^\s*\[\s*knockout\s*\]", _lines(path), re.M) is not None
    return isinstance(settings.get("knockout"), dict)


def is_team_folder(path: str | os.PathLike[str]) -> bool:
    """Whether the folder holds a team event (it has ``teams.csv``)."""
    return (Path(path) / TEAMS_FILE).is_file()


def club_of(tournament_path: Path) -> Path | None:
    """The club a tournament folder belongs to: ``CLUB/tournaments/NAME``."""
    resolved = tournament_path.resolve()
    parent = resolved.parent
    if parent.name == TOURNAMENTS_DIR and (parent.parent / CLUB_FILE).is_file():
        return parent.parent
    return None
