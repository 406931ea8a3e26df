"""A folder's lock file (``.arbiter.lock``, docs/reference/folder.md): the file ``flock`` holds, and what
a writer leaves in it (its process id, since when, its command) for a command that waits.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import os
import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["LockFile", "MADE_MARK", "say_who", "holder_of", "process_alive"]

#: What a lock file an arbiter command made holds while no writer holds it: the command that lets the
#: lock go while no other holds it removes such a file, whichever command made it (two readers that
#: overlap: the maker leaves first, and the other, which found the file, removes it). A file without
#: it (made by hand, or by an older arbiter) is left as it is.
MADE_MARK = b"made by arbiter: the last command to let it go removes it\n"
#: A writer's mark (:func:`say_who`): ``pid 4321 since 14:02:11 UTC: COMMAND``.
_WRITER = re.compile(r"pid (\d+) since ")


class LockFile:
    """A folder's lock file (``.arbiter.lock``), open. A command that finds none makes it, and removes it
    when done, so that a command leaves the folder as it found it, the refused ones included (trial37: a
    refused command left a new empty lock file) and the ones that only read (trial38): a writer always,
    a reader when no other command holds the lock then. A lock file holding :data:`MADE_MARK` was made
    by another command, and is removed the same way (two readers that overlap leave none). The lock is
    on the file: one removed while a command waited on it is opened (or made) again, and waited on again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd, self.made = self._open()
        self.found_made = False

    def _open(self) -> tuple[int, bool]:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return os.open(self.path, os.O_RDWR), False
        with contextlib.suppress(OSError):  # (a full disk: the file is removed by its maker alone)
            os.write(fd, MADE_MARK)
        return fd, True

    def _marked(self) -> bool:
        """The lock file holds :data:`MADE_MARK` (an arbiter command made it, and no writer holds it), or
        a writer's mark (:func:`say_who`): one read by a command that holds the lock is a killed writer's
        (``kill -9``, trial42: its emptied file was then left for good), and the file an arbiter command's."""
        try:
            found = os.pread(self.fd, len(MADE_MARK) + 1, 0)
        except OSError:
            return False
        return found == MADE_MARK or _WRITER.match(found.decode("utf-8", errors="replace")) is not None

    def hold(self, mode: int, take: Callable[[int, int], None]) -> None:
        """Take the lock in ``mode`` (``take(fd, mode)`` waits for it), on the file that is there."""
        while True:
            take(self.fd, mode)
            try:
                now = os.stat(self.path)
            except FileNotFoundError:
                now = None
            held = os.fstat(self.fd)
            if now is not None and (now.st_ino, now.st_dev) == (held.st_ino, held.st_dev) and held.st_nlink:
                self.found_made = self.found_made or self._marked()  # (read before a writer leaves its own mark)
                return
            os.close(self.fd)  # its maker removed it while this command waited: wait on the one there now
            while True:
                try:
                    self.fd, self.made = self._open()
                    break
                except FileNotFoundError:  # removed between the two opens: again
                    continue

    def close(self, exclusive: bool) -> None:
        """Let the lock go, removing the lock file an arbiter command made (this one, or another:
        :data:`MADE_MARK`) while this one holds the lock alone: a writer always does; a reader does when
        it can take the lock alone at once (no other reader holds it; the last one to leave removes it)."""
        if (self.made or self.found_made or self._marked()) and (exclusive or self._alone()):
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        os.close(self.fd)

    def _alone(self) -> bool:
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


def say_who(fd: int, holder: str) -> bool:
    """Leave this writer's process id, time and command in the open lock file."""
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%H:%M:%S UTC")
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} since {stamp}: {holder}".rstrip(": ").encode("utf-8"), 0)
    except OSError:
        return False
    return True


def holder_of(fd: int) -> str:
    """Who holds the lock, as the lock file says: a writer leaves its mark, readers do not."""
    try:
        text = os.pread(fd, 1000, 0).decode("utf-8", errors="replace").strip()
    except OSError:
        text = ""
    if text == MADE_MARK.decode("utf-8").strip():  # made by a command that is not writing
        text = ""
    found = _WRITER.match(text)
    if found and not process_alive(int(found.group(1))):  # a writer killed before it could clear its mark
        text = ""
    return f"{text} is writing it" if text else "another arbiter command is reading it"


def process_alive(pid: int) -> bool:
    """Is process ``pid`` running (on this machine)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but belongs to someone else
        return True
    return True
