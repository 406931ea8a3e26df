"""What the folder held after its last change: a digest of every file, kept in ``.arbiter.digests``.

Every change writes, in the same all-or-nothing step as its files, the SHA-256
of each file of the folder as they are after it, and the change that left them
so. A file that differs later was edited by hand. The next change notices it
and journals it (``hand edit``), so that the journal explains every state the
folder was in; ``arbiter verify`` names the edits no change has explained yet.

>>> text = record({"players.csv": "start_number,name\\n"}, "2026-03-01T09:30:00Z arbiter pair")
>>> read_record(text).files["players.csv"][:12]
'b8a822dca507'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

__all__ = ["DIGESTS_FILE", "Record", "digest", "record", "read_record", "differences", "damaged"]

DIGESTS_FILE = ".arbiter.digests"


class Record(NamedTuple):
    """The digests of the folder's files after its last change, and what that change was."""

    after: str  # "<time> <command>"
    files: dict[str, str]  # file -> SHA-256 (hex)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def record(files: Mapping[str, str | bytes], after: str) -> str:
    """The text of ``.arbiter.digests`` for these files (their texts or bytes)."""
    digests = {name: digest(text.encode("utf-8") if isinstance(text, str) else text)
               for name, text in sorted(files.items())}
    return json.dumps({"after": after, "files": digests}, indent=1, sort_keys=True) + "\n"


def read_record(text: str) -> Record | None:
    """The record in ``text``, or None when it cannot be read (treated as no record)."""
    try:
        data = json.loads(text)
        files = data["files"]
        if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                 for k, v in files.items()):
            return None
        return Record(str(data["after"]), dict(files))
    except (ValueError, KeyError, TypeError):
        return None


def differences(recorded: Record, now: Mapping[str, str]) -> list[str]:
    """The files (name and how) that differ between the record and ``now`` (file -> digest)."""
    out = []
    for name in sorted(recorded.files.keys() | now.keys()):
        if name not in now:
            out.append(f"{name} (deleted)")
        elif name not in recorded.files:
            out.append(f"{name} (added)")
        elif recorded.files[name] != now[name]:
            out.append(name)
    return out


def damaged(folder: Path) -> bool:
    """Whether ``folder``'s ``.arbiter.digests`` is there but does not read (cut short, garbage): a
    damaged record, not the missing one of a folder an earlier version wrote (trial51, bug 5)."""
    path = folder / DIGESTS_FILE
    if not path.is_file():
        return False
    try:
        return read_record(path.read_text(encoding="utf-8", errors="replace")) is None
    except OSError:
        return True
