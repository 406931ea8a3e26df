"""Files that a command writes outside its folder: a TRF export, an HTML page, a pairing.

Such a file must never land on anything a folder owns, of any kind and at any depth (it would
overwrite the event, or make reading the folder reject it): what each kind owns is declared once
(:mod:`arbiter_cli.store.layout`), and :func:`arbiter_cli.store.kinds.owner_of` asks every folder
above the target, not only the one named with ``-d``. The target is resolved first, so a symbolic
link to a folder's file is refused as the file itself is.

An output goes where ``>`` would put it. A regular file, or a new one, is written atomically (a
temporary file beside it, fsync, rename), so a reader sees the old file or the new one. A device
(``/dev/null``, a terminal), a named pipe or a socket is written into, as it is: renaming a file over
``/dev/null`` would replace the system's device with a file, and over a pipe would leave its reader
with nothing. A symbolic link is followed: its target gets the text, and the link stays a link.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.store.files import atomic_write
from arbiter_cli.store.kinds import owner_of

__all__ = ["folder_of_file", "check_output", "write_output"]


def folder_of_file(path: Path) -> str | None:
    """``"tournament"`` (an event of any kind) or ``"club"`` when writing ``path`` would touch
    something a folder above it owns (a file, a sub-folder, a stage, a club's tournament, a hidden
    ``.arbiter*`` file); None when it is an ordinary place."""
    owner = owner_of(path)
    return None if owner is None else owner[1].what


def write_output(path: Path, text: str, *, what: str) -> None:
    """Write ``text`` to ``path`` atomically, or refuse with one line: a folder's own file, or a
    place that cannot be written (a folder, a missing folder, no permission, a full disk).
    ``what`` names the output in the message."""
    check_output(path, what=what)
    try:
        target = path.resolve()  # a symbolic link's target: the link stays a link
        if _special(target):
            _write_into(target, text)
        else:
            atomic_write(target, text)
    except RuntimeError:  # a loop of symbolic links
        raise BadArgument(f"cannot write {what} to {path}: a loop of symbolic links") from None
    except OSError as error:
        raise BadArgument(f"cannot write {what} to {path}: {error.strerror or error}") from None


def _special(path: Path) -> bool:
    """Is ``path`` there and neither a regular file nor a folder: a device, a named pipe, a socket?"""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_into(path: Path, text: str) -> None:
    """Write ``text`` into a device or a named pipe, as ``>`` does (a pipe waits for its reader)."""
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
    with os.fdopen(fd, "wb") as stream:
        stream.write(text.encode("utf-8"))


def check_output(path: Path, *, what: str) -> None:
    """Refuse an output path that would land on something a tournament or club folder owns."""
    kind = folder_of_file(path)
    if kind is not None:
        raise BadArgument(f"{path} is part of the {kind} folder; write {what} to another file")
