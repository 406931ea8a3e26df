"""The cache of ``arbiter publish`` and ``arbiter serve`` (issue 29): what an earlier build of an
event's site computed (each round's standings, each page), kept so that the next build makes
again only what its inputs changed.

The cache is never the truth: an entry is found by the digest of everything it was made from
(:mod:`arbiter_cli.render.site.memo` makes the keys), so a changed input simply finds no entry. It
lives outside the event folder, in ``ARBITER_CACHE_DIR`` (else platformdirs' user cache folder,
``~/.cache/arbiter`` on Linux), one folder per event folder named by a digest of its resolved path,
so two events never share an entry, and nothing in it is published. Each entry holds its length
and the CRC-32 of its key and its bytes (gzip's check: a publish reads back some 30 MB of entries,
which a SHA-256 took a tenth of its time to check; the entries are the user's own, 0600, so the
check is against damage, not against a forger, whom no digest without a secret stops): an entry
that is missing, cut short, corrupt, unreadable or moved to another key's name is a miss, and a cache folder that cannot be written is left alone; neither
changes a byte of the site nor says a word.

Beside the entries, a record per OUTDIR a site was published to (``published-`` and a digest of its
resolved path): each page file that publish left there with its page's token, size, times and
inode (:class:`arbiter_cli.store.site.Published`), so that the next publish reads neither the
cache's entry nor the file of a page whose token and file did not change (issue 29). A record is
checked as an entry is; a missing or damaged one only costs the reading. The cache may hold what the arbiter chose to publish
(``--personal-data``), so its folders and files are the user's only (0700, 0600).

What is refused, in one line naming ``ARBITER_CACHE_DIR``: a cache folder that is a file (or under
one), and one inside the event's folder or the site's OUTDIR (:func:`outside`), where its files
would be taken for the arbiter's or published.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import time
import zlib
from pathlib import Path

from typing import TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument, BrokenFolder, DomainError
from arbiter_cli.store.lock_file import process_alive
from arbiter_cli.store.names import SITE_MANIFEST

if TYPE_CHECKING:
    from arbiter_cli.store.site import Seen

__all__ = ["CACHE_DIR_VARIABLE", "KEPT_DAYS", "cache_dir", "outside", "SiteCache"]

#: The environment variable naming the cache folder.
CACHE_DIR_VARIABLE = "ARBITER_CACHE_DIR"
#: The days after which the entries of an event folder no build has used are removed.
KEPT_DAYS = 30
#: The first bytes of an entry: the format, then the CRC-32 of its key and the rest (8 hex digits), the
#: rest's length, and a newline.
_MAGIC = b"arbiter-site-cache 3 "
#: The longest head after the format: ``crc32 length\n``.
_HEAD = 8 + 1 + 20 + 1
#: How the record of what a publish left in an OUTDIR is named: this, then a digest of its path.
_PUBLISHED = "published-"


def cache_dir() -> Path:
    """The user's cache folder for ``arbiter``: ``ARBITER_CACHE_DIR``, else platformdirs' choice
    (``~/.cache/arbiter`` on Linux)."""
    given = os.environ.get(CACHE_DIR_VARIABLE, "").strip()
    if given:
        return Path(given)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("arbiter", appauthor=False))


def _named() -> str:
    return f" ({CACHE_DIR_VARIABLE})" if os.environ.get(CACHE_DIR_VARIABLE, "").strip() else ""


def outside(place: Path, what: str) -> Path:
    """The cache folder, refused when it is a file (or under one), or inside ``place`` (``what``: the
    event's folder, whose files are the arbiter's, or the site's, whose files are published)."""
    root = cache_dir().absolute()
    blocked = next((p for p in (root, *root.parents) if p.exists() and not p.is_dir()), None)
    if blocked is not None:
        raise BrokenFolder(f"the cache folder{_named()} is not a folder: {blocked} is a file; name a folder for "
                           "the cache, outside the event's folder and the site's", source=str(root))
    try:
        resolved, inner = root.resolve(), place.resolve()
    except RuntimeError:  # a loop of symbolic links
        raise BrokenFolder(f"the cache folder{_named()} is a loop of symbolic links; name a folder for the cache",
                           source=str(root)) from None
    if resolved == inner or inner in resolved.parents:
        raise BadArgument(f"the cache folder {root} is inside {what} {inner}; name a folder outside it",
                          field=CACHE_DIR_VARIABLE)
    inside = _holder(resolved)
    if inside is not None:
        raise BadArgument(f"the cache folder {root} is inside {inside}; name a folder outside it",
                          field=CACHE_DIR_VARIABLE)
    return root


@functools.cache
def _holder(resolved: Path) -> str | None:
    """The folder of arbiter's that holds the cache folder ``resolved``, in words: a club's, a group
    event's (trial43: a stage made of the cache stopped the event), a published site (trial43: the
    players' entries were left in one); None for none. Asked once per process (a club's verify opens
    fifty tournaments)."""
    from arbiter_cli.store.kinds import folder_kind

    for above in (resolved, *resolved.parents):
        kind = folder_kind(above)
        if (above / SITE_MANIFEST).exists() or kind is not None:
            return (f"the published site {above}" if kind is None else
                    f"the club's folder {above}" if kind.name == "club" else f"the event's folder {above}")
    return None


def _check(key: str, data: bytes) -> bytes:
    """An entry's head after the format: the CRC-32 of its key and bytes (an entry under another key's
    name is a miss), and their length."""
    crc = zlib.crc32(data, zlib.crc32(key.encode("ascii", "replace") + b"\n"))
    return b"%08x %d\n" % (crc, len(data))


def _writing(name: str) -> bool:
    """Is the process that writes the temporary entry ``name`` (``.KEY.PID.tmp``, :meth:`SiteCache.put`)
    still running? A process killed while writing one (``kill -9``, or a publish's child killed with it,
    :mod:`arbiter_cli.store.page_making`) left it, and the next build's :meth:`SiteCache.finish` removes it."""
    pid = name[:-len(".tmp")].rpartition(".")[2]
    return not pid.isdigit() or process_alive(int(pid))


class SiteCache:
    """The cached entries of one event folder's site: bytes by key (a hex digest). ``get`` and
    ``put`` never raise for the cache's sake; :meth:`finish` removes the entries this build did not
    use (those of inputs that are gone)."""

    def __init__(self, folder: Path, root: Path | None = None, part: str = "site") -> None:
        place = str(folder.resolve()).encode("utf-8", "surrogateescape")
        self.dir = (root or outside(folder, "the event's folder")) / part / hashlib.sha256(place).hexdigest()[:32]
        self.used: set[str] = set()
        self.writable = True

    @classmethod
    def reads(cls, folder: Path) -> SiteCache | None:
        """The entries of the read cache of ``folder`` (:mod:`arbiter_cli.store.read_cache`: what its
        readers made of its files), in the cache folder's ``reads``, which every command reading
        the folder uses; None when the cache folder is refused (:func:`outside`): the files are read,
        and only ``publish`` and ``serve`` name the cache folder."""
        try:
            return cls(folder, outside(folder, "the event's folder"), "reads")
        except (DomainError, OSError, RuntimeError):  # refused, a file, a loop: trial43
            return None

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
            with open(os.path.join(self.dir, key), "rb") as entry:  # (a page's entry of 1,600, read as a text path)
                data = entry.read()
        except (OSError, ValueError):
            return None
        if not data.startswith(_MAGIC):
            return None
        end = data.find(b"\n", len(_MAGIC), len(_MAGIC) + _HEAD)
        if end < 0:
            return None
        body = data[end + 1:]
        if _check(key, body) != data[len(_MAGIC):end + 1]:
            return None
        return body

    def keep(self, key: str) -> None:
        """The entry of ``key`` is still used, though this build may not read it (:meth:`finish`
        leaves it)."""
        self.used.add(key)

    @staticmethod
    def _published_key(outdir: Path) -> str:
        place = str(outdir.resolve()).encode("utf-8", "surrogateescape")
        return _PUBLISHED + hashlib.sha256(place).hexdigest()[:32]

    def published(self, outdir: Path) -> dict[str, Seen]:
        """What the last publish of this folder's site left in ``outdir`` (empty: no record, or one
        that does not read as one)."""
        data = self.get(self._published_key(outdir))
        if data is None:
            return {}
        try:
            found = pickle.loads(data)
        except Exception:  # a record that does not load is none
            return {}
        if not isinstance(found, dict) or not all(
                isinstance(name, str) and type(seen) is tuple and len(seen) == 5 and isinstance(seen[0], str)
                and all(type(n) is int for n in seen[1:]) for name, seen in found.items()):
            return {}
        return found

    def keep_published(self, outdir: Path, seen: dict[str, Seen]) -> None:
        """Record what this publish left in ``outdir`` (:meth:`published`)."""
        self.put(self._published_key(outdir), pickle.dumps(seen, protocol=pickle.HIGHEST_PROTOCOL))

    def put(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` (written whole or not at all); a cache that cannot be written
        is given up for this build."""
        self.used.add(key)
        if not self.writable:
            return
        target = self._path(key)
        temporary = target.with_name(f".{key}.{os.getpid()}.tmp")
        try:
            self._made()
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(handle, "wb") as out:
                out.write(_MAGIC + _check(key, data))
                out.write(data)
            os.replace(temporary, target)
        except BaseException as error:  # (Ctrl-C too: no temporary file is left)
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass
            if not isinstance(error, (OSError, ValueError)):
                raise
            self.writable = False

    def _made(self) -> None:
        """The entry's folder, and the cache folders above it that are missing, made the user's only."""
        if self.dir.is_dir():
            return
        missing = [p for p in (self.dir, *self.dir.parents) if not p.exists()]
        for place in reversed(missing):
            place.mkdir(mode=0o700, exist_ok=True)

    def finish(self, sweep: bool = True, room: int = 0) -> None:
        """Remove the entries this build did not use (they were made from inputs that changed), and
        (``sweep``: a publish's, not every command's) the folders of event folders no build has used
        for :data:`KEPT_DAYS` days (gone or moved), of the site's cache and of the read cache.
        ``room``: while the folder holds no more entries than this, none is removed (the read cache:
        a command that reads part of the folder, ``log``, leaves the entries of the other files)."""
        if not self.used or not self.writable:
            return
        try:
            with os.scandir(self.dir) as found:
                entries = list(found)
            if len(entries) <= room:
                os.utime(self.dir)  # used now
                return
            stale = [entry.path for entry in entries if entry.name not in self.used and (
                not entry.name.endswith(".tmp") and not entry.name.startswith(_PUBLISHED)  # (read by the publish)
                or entry.name.endswith(".tmp") and not _writing(entry.name))]
            for path in stale:
                os.unlink(path)
            os.utime(self.dir)  # used now
            if not sweep:
                return
            limit = time.time() - KEPT_DAYS * 86400
            old = []
            places = [self.dir.parent]
            if self.dir.parent.name == "site":  # an event's site: the read cache's folders too
                places.append(self.dir.parent.parent / "reads")
            for parts in places:
                try:
                    with os.scandir(parts) as found:
                        old += [entry.path for entry in found if entry.is_dir(follow_symlinks=False)
                                and entry.stat(follow_symlinks=False).st_mtime < limit]
                except FileNotFoundError:
                    continue
            if old:
                import shutil  # a folder unused for KEPT_DAYS days only

            for path in old:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass
