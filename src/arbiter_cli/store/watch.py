"""Has a folder changed? A cheap look at its files, for ``arbiter serve`` (issue 19).

Nothing is read but the directory entries: each file's path, size, modification and
change times and inode. The lock files are left out: a writer leaves its name in it while it works, which
changes nothing the pages show. Nothing here writes.
"""

from __future__ import annotations

import os
from pathlib import Path

from arbiter_cli.store.files import LOCK_FILE

__all__ = ["Fingerprint", "fingerprint"]

#: Each file under the folder: (relative path, size, modification time in ns, inode, change time in ns).
Fingerprint = tuple[tuple[str, int, int, int, int], ...]


def fingerprint(folder: Path) -> Fingerprint:
    """The folder's files as their directory entries say: equal fingerprints, same files
    (an atomic write replaces the file, so its inode changes even within one clock tick; a file
    written in place and given back its size and modification time, ``touch -r``, has a new change
    time, which no one can set: trial50). On a disk that keeps times to the second (FAT), two
    writes in place of the same size within one second look alike."""
    seen: list[tuple[str, int, int, int, int]] = []
    for top, dirs, files in os.walk(folder, onerror=None, followlinks=False):
        dirs.sort()
        for name in files:
            if name == LOCK_FILE:  # the folder's, or a club tournament's
                continue
            path = os.path.join(top, name)
            try:
                stat = os.stat(path)
            except OSError:  # gone meanwhile: the next look sees it
                continue
            seen.append((os.path.relpath(path, folder), stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_ctime_ns))
    seen.sort()
    return tuple(seen)
