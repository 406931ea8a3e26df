"""The cache of ``arbiter publish`` and ``arbiter serve`` (issue 29): what an earlier build of an
event's site computed (each round's standings, each page), kept so that the next build makes
again only what its inputs changed.

The cache is never the truth: an entry is found by the digest of everything it was made from
(:mod:`arbiter_cli.render.site.memo` makes the keys), so a changed input simply finds no entry. It
lives outside the event folder, in ``ARBITER_CACHE_DIR`` (else platformdirs' user cache folder,
``~/.cache/arbiter`` on Linux), one folder per event folder named by a digest of its resolved path,
so two events never share an entry, and nothing in it is published. Each entry holds the SHA-256
of its bytes: an entry that is missing, cut short, corrupt or unreadable is a miss, and a cache
folder that cannot be written is left alone; neither changes a byte of the site nor says a word.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

__all__ = ["CACHE_DIR_VARIABLE", "KEPT_DAYS", "cache_dir", "SiteCache"]

#: The environment variable naming the cache folder.
CACHE_DIR_VARIABLE = "ARBITER_CACHE_DIR"
#: The days after which the entries of an event folder no build has used are removed.
KEPT_DAYS = 30
#: The first bytes of an entry: the format, then the SHA-256 of the rest and a newline.
_MAGIC = b"arbiter-site-cache 1 "
_DIGEST = 64


def cache_dir() -> Path:
    """The user's cache folder for ``arbiter``: ``ARBITER_CACHE_DIR``, else platformdirs' choice
    (``~/.cache/arbiter`` on Linux)."""
    given = os.environ.get(CACHE_DIR_VARIABLE, "").strip()
    if given:
        return Path(given)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("arbiter", appauthor=False))


class SiteCache:
    """The cached entries of one event folder's site: bytes by key (a hex digest). ``get`` and
    ``put`` never raise for the cache's sake; :meth:`finish` removes the entries this build did not
    use (those of inputs that are gone)."""

    def __init__(self, folder: Path, root: Path | None = None) -> None:
        place = str(folder.resolve()).encode("utf-8", "surrogateescape")
        self.dir = (root or cache_dir()) / "site" / hashlib.sha256(place).hexdigest()[:32]
        self.used: set[str] = set()
        self.writable = True

    @classmethod
    def shared(cls, name: str) -> SiteCache:
        """The entries every folder shares (``templates``: Jinja2's compiled templates), in the cache
        folder's ``name``."""
        found = cls.__new__(cls)
        found.dir, found.used, found.writable = cache_dir() / name, set(), True
        return found

    def _path(self, key: str) -> Path:
        return self.dir / key

    def get(self, key: str) -> bytes | None:
        """The entry of ``key``, or None: none, or not whole, or unreadable."""
        self.used.add(key)
        try:
            data = self._path(key).read_bytes()
        except (OSError, ValueError):
            return None
        head = len(_MAGIC) + _DIGEST + 1
        if len(data) < head or not data.startswith(_MAGIC) or data[head - 1:head] != b"\n":
            return None
        body = data[head:]
        if hashlib.sha256(body).hexdigest().encode("ascii") != data[len(_MAGIC):head - 1]:
            return None
        return body

    def put(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` (written whole or not at all); a cache that cannot be written
        is given up for this build."""
        self.used.add(key)
        if not self.writable:
            return
        target = self._path(key)
        temporary = target.with_name(f".{key}.{os.getpid()}.tmp")
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(_MAGIC + hashlib.sha256(data).hexdigest().encode("ascii") + b"\n" + data)
            os.replace(temporary, target)
        except (OSError, ValueError):
            self.writable = False
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass

    def finish(self) -> None:
        """Remove the entries this build did not use (they were made from inputs that changed), and
        the folders of event folders no build has used for :data:`KEPT_DAYS` days (gone or moved)."""
        if not self.used or not self.writable:
            return
        try:
            with os.scandir(self.dir) as found:
                stale = [entry.path for entry in found if entry.name not in self.used and not entry.name.endswith(".tmp")]
            for path in stale:
                os.unlink(path)
            os.utime(self.dir)  # used now
            limit = time.time() - KEPT_DAYS * 86400
            with os.scandir(self.dir.parent) as found:
                old = [entry.path for entry in found if entry.is_dir(follow_symlinks=False)
                       and entry.stat(follow_symlinks=False).st_mtime < limit]
            for path in old:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass
