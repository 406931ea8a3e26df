"""Files that a command writes outside its folder: a TRF export, an HTML page, a pairing.

Such a file must never land on a file of a tournament or club folder (it would
overwrite the event), nor where reading the folder would reject it. Any folder
above the target counts, not only the one named with ``-d``.
"""

from __future__ import annotations

from pathlib import Path

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.store.club import CLUB_FILE, MEMBERS_FILE, RATINGS_FILE
from arbiter_cli.store.files import atomic_write
from arbiter_cli.store.journal import JOURNAL_FILE
from arbiter_cli.store.team_folder import TeamFolder
from arbiter_cli.store.tournament import FINAL_DIR, ROUNDS_DIR, SETTINGS_FILE, TournamentFolder

__all__ = ["folder_of_file", "check_output", "write_output"]

#: Every file and sub-folder an individual or a team event's folder owns.
_TOURNAMENT_PARTS = frozenset((ROUNDS_DIR, FINAL_DIR, *TournamentFolder.layout.own_files, *TeamFolder.layout.own_files))
_CLUB_PARTS = (CLUB_FILE, MEMBERS_FILE, RATINGS_FILE, JOURNAL_FILE)


def folder_of_file(path: Path) -> str | None:
    """``"tournament"`` or ``"club"`` when writing ``path`` would touch a file of such a folder
    (or of its ``.arbiter*`` files); None when it is an ordinary place."""
    try:
        target = path.resolve()
    except (OSError, RuntimeError):
        return None
    for folder in target.parents:
        first = target.relative_to(folder).parts[0]
        if (folder / SETTINGS_FILE).is_file() and (first in _TOURNAMENT_PARTS or first.startswith(".arbiter")):
            return "tournament"
        if (folder / CLUB_FILE).is_file() and (first in _CLUB_PARTS or first.startswith(".arbiter")):
            return "club"
    return None


def write_output(path: Path, text: str, *, what: str) -> None:
    """Write ``text`` to ``path`` atomically, or refuse with one line: a folder's own file, or a
    place that cannot be written (a folder, a missing folder, no permission, a full disk).
    ``what`` names the output in the message."""
    check_output(path, what=what)
    try:
        atomic_write(path, text)
    except OSError as error:
        raise BadArgument(f"cannot write {what} to {path}: {error.strerror or error}") from None


def check_output(path: Path, *, what: str) -> None:
    """Refuse an output path that would land on a file of a tournament or club folder."""
    kind = folder_of_file(path)
    if kind is not None:
        raise BadArgument(f"{path} is part of the {kind} folder; write {what} to another file")
