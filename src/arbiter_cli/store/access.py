"""The venue's access list on disk (issue 26): ``access.csv``, a part of every kind of folder
(:data:`arbiter_cli.store.layout.ACCESS`).

The file, UTF-8 CSV, one person a line, in the order they were added::

    name,role,added,code_sha256
    "Deputy, Anna",arbiter,2026-05-01,3f1c...e9 (64 hexadecimal digits)

``role`` is ``owner``, ``manager`` or ``arbiter``; ``added`` the date (YYYY-MM-DD); ``code_sha256``
the SHA-256 of the sign-in code, never the code (:mod:`arbiter_cli.lifecycle.access` says why that
hash). A folder without the file has nobody on its list. It is written like every file of the
folder: under the folder's lock, all or nothing through the manifest, journalled, its digest kept
for hand edits (:meth:`FolderStore._save_files <arbiter_cli.store.files.FolderStore._save_files>`).
It is read strictly: every fault names the file, the line and the field.

**Where the list is.** In the folder itself, for every kind (a club's too), except a group event's
stage (``EVENT/stages/NAME``), which uses its event's list in the top folder (:func:`access_home`):
one list for the groups and the final. ``publish`` never writes it (a site is pages only), and
``export`` does not carry it (a TRF has no such record): an imported folder starts with nobody.
"""

from __future__ import annotations

import json
from pathlib import Path

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.venue import Role
from arbiter_cli.lifecycle.access import AccessList, Entry, person_name, valid_digest
from arbiter_cli.lifecycle.change import Change
from arbiter_cli.core.words import folded
from arbiter_cli.store.files import FolderStore, csv_text, read_optional_text
from arbiter_cli.store.kinds import folder_kind
from arbiter_cli.store.layout import ACCESS_FILE, PENDING_FILE
from arbiter_cli.store.tables import Line, csv_lines

__all__ = ["ACCESS_FILE", "ACCESS_COLUMNS", "access_home", "access_source", "access_store", "read_access",
           "access_unsettled", "access_text", "save_access"]

ACCESS_COLUMNS = ("name", "role", "added", "code_sha256")
_STAGES = "stages"  # a group event's stages (store.group_folder.STAGES_DIR, which this module does not load)


def _stage_of(path: Path) -> Path | None:
    """The top folder of the group event whose stage the folder at ``path`` is, if it is one."""
    parent = path.resolve().parent
    if parent.name != _STAGES:
        return None
    above = folder_kind(parent.parent)
    return parent.parent if above is not None and above.name == "groups" else None


def access_home(path: Path) -> Path:
    """The folder whose access list the folder at ``path`` uses: itself, or, for a group event's
    stage (``EVENT/stages/NAME``), the group event's top folder."""
    return _stage_of(path) or path


def access_source(path: Path) -> str:
    """The access file as messages name it: ``access.csv`` in the folder the command runs on; for
    a stage, the top folder's file by its full path (a stage's messages name its own files from
    the event's folder, ``stages/B/...``, which this one is not in)."""
    top = _stage_of(path)
    return ACCESS_FILE if top is None else str(top / ACCESS_FILE)


def access_store(path: Path) -> FolderStore:
    """The folder holding the access list the folder at ``path`` uses (:func:`access_home`), as its
    kind's store (not locked yet); no folder of arbiter's there is a :class:`BrokenFolder`."""
    home = access_home(path)
    kind = folder_kind(home)
    if kind is None:
        raise BrokenFolder(f"no event or club folder at {home} (use -d DIR, or set ARBITER_DIR)")
    return kind.open(home)


class _Rows:
    """The reader of ``access.csv``'s rows."""

    def __init__(self) -> None:
        self.people: list[Entry] = []
        self.seen: dict[str, int] = {}

    def row(self, line: Line) -> None:
        name = line.parsed(person_name, "name")
        if folded(name) in self.seen:
            raise line.fault(f"{name!r} is listed already, on line {self.seen[folded(name)]}", "name")
        self.seen[folded(name)] = line.number
        role = line.parsed(_stored_role, "role")
        added = line["added"]
        if not (len(added) == 10 and added[4] == added[7] == "-" and added.replace("-", "").isdigit()):
            raise line.fault("must be a date, YYYY-MM-DD", "added")
        self.people.append(Entry(name, role, added, line.parsed(valid_digest, "code_sha256")))


def _stored_role(text: str) -> Role:
    if text not in {role.value for role in Role}:
        raise ValueError("must be owner, manager or arbiter")
    return Role(text)


def read_access(path: Path, source: str = ACCESS_FILE) -> AccessList:
    """The access list of the folder at ``path`` (its own file: see :func:`access_home` for the one a
    stage uses); no file: nobody. ``source`` names the file in messages."""
    text = read_optional_text(path / ACCESS_FILE, source)
    if text is None:
        return AccessList()
    rows = _Rows()
    for line in csv_lines(text, source, ACCESS_COLUMNS):
        rows.row(line)
    return AccessList(tuple(rows.people))


def access_unsettled(path: Path) -> bool:
    """Whether a change of the access list of the folder at ``path`` was cut short after its commit
    point (its manifest, ``.arbiter.pending``, names ``access.csv``): the file still holds the list
    before it until the next command of the folder completes it, so a sign-in must not trust it. A
    manifest that does not read counts as one."""
    try:
        text = (path / PENDING_FILE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):
        return True
    try:
        manifest = json.loads(text)
        named = [pair[1] for pair in manifest["rename"]] + list(manifest["delete"])
    except (ValueError, KeyError, TypeError, IndexError):
        return True
    return ACCESS_FILE in named


def access_text(access: AccessList) -> str:
    """``access.csv``'s text for ``access``."""
    return csv_text(ACCESS_COLUMNS, [(p.name, p.role.value, p.added, p.digest) for p in access.people])


def save_access(folder: FolderStore, after: AccessList, command: str, changes: list[Change]) -> None:
    """Write ``after`` as the access list of ``folder`` (held under its exclusive lock), journalled
    with ``changes``, all or nothing, as every change of the folder is."""
    file = folder.path / ACCESS_FILE
    old = {ACCESS_FILE: file.read_text(encoding="utf-8-sig")} if file.is_file() else {}
    folder._save_files(old, {ACCESS_FILE: access_text(after)}, command, changes)
