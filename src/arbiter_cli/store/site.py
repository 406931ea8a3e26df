"""The folder ``arbiter publish`` writes: a static site, rewritten only where it changed.

``write_site(outdir, files)`` makes OUTDIR hold exactly ``files`` (relative POSIX path ->
bytes):

* a file whose bytes are already there is not touched (its time stays, so a sync tool uploads
  only the pages that changed);
* a page known by its token (:class:`Page`: the digest of everything it is made from, issue 29)
  that the last publish of these files left here, with that token, is not read at all while its
  file is as that publish left it (its size, times and inode: :class:`Published`, kept in the
  site's cache, never the truth: a record that is missing, damaged or of another file only costs
  the reading);
* a changed or new file is written atomically: a temporary file in the same folder, then a
  rename, so a reader (a web server, ``arbiter serve``) sees the old page or the new one,
  never half of one; each folder written to is fsync'ed once at the end;
* a page of the last publish that is no longer made (a round unpaired) is removed; the
  manifest ``.arbiter-site`` lists what the last publish wrote, and nothing else is ever removed;
* the site changes all at once for a Ctrl-C: every changed page is first written beside its place
  (a temporary file), and a Ctrl-C then removes them and leaves the site as it was; only then are
  they renamed into place, the stale pages removed and the manifest written, with Ctrl-C held until
  that is done (:mod:`arbiter_cli.store.commits`: the command then ends saying the site was
  published whole);
* the manifest is written first with the old and the new files, and last with the new ones: a
  publish killed half-way through its renames leaves a site the next publish completes;
* nothing is ever written or removed outside OUTDIR: a page, a folder of pages, the manifest or the
  lock that a symbolic link inside OUTDIR leads elsewhere (``players -> /anywhere``) is refused
  before anything is written (OUTDIR itself may be a link);
* a folder that is not empty and holds no manifest is refused (it is not a site we made), as is
  an event's or a club's folder itself, a folder or file one of them owns (of any kind, at any
  depth: :func:`arbiter_cli.store.kinds.owner_of`), and a page that would land on one;
* the manifest names the folder the site was published from by a fingerprint of its path
  (``# source: sha256:...``, issue 26: a web host serves the manifest too, and a path of the
  arbiter's machine is nobody's business); a publish of another folder into it is refused unless
  ``replace`` is given, so one event's site is not silently replaced by another's (a manifest
  without that line, from an older publish, is taken as this folder's; one that names the path
  itself, from before issue 26, is read as that path's fingerprint).

Two publishes to one OUTDIR run one after the other (an ``flock`` on ``.arbiter-site.lock``).
"""

from __future__ import annotations

import hashlib

import contextlib
import fcntl
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import NamedTuple, NoReturn, Protocol

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.store.commits import COMMITS
from arbiter_cli.store.files import _crash_test_pause, fsync_dir, process_alive
from arbiter_cli.store.kinds import FolderKind, first_owned, folder_kind, owner_of, resolved
from arbiter_cli.store.names import SITE_MANIFEST
from arbiter_cli.store.old_files import OldFiles
from arbiter_cli.store.page_making import make_apart, processes

__all__ = ["MANIFEST", "SiteWrite", "write_site", "check_outdir", "processes", "Page", "SiteFiles", "Published", "Seen"]

MANIFEST = SITE_MANIFEST
LOCK = ".arbiter-site.lock"


class SiteWrite(NamedTuple):
    """What a publish did: the paths written, left as they were, and removed."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


class Page:
    """A page known by its ``token`` (the digest of everything it is made from and of the code: the
    same token, the same bytes) whose bytes are read from the cache, or made, only when asked for
    (issue 29: a publish after one result needs few of a 1,000-player site's 30 MB). ``make`` is
    called once, at the first :meth:`data`; it must read nothing that changes after the page is
    given (a loop's variable). ``share``: the round whose values (its standings) the page reads,
    which pages of another share do not (:func:`arbiter_cli.store.page_making.make_apart` makes
    pages of different shares at once); None: any."""

    __slots__ = ("token", "share", "_make", "_data")

    def __init__(self, token: str, make: Callable[[], bytes], share: int | None = None) -> None:
        self.token = token
        self.share = share
        self._make: Callable[[], bytes] | None = make
        self._data: bytes | None = None

    def data(self) -> bytes:
        if self._data is None:
            assert self._make is not None
            self._data, self._make = self._make(), None
        return self._data

    @property
    def pending(self) -> bool:
        """Its bytes are not made yet."""
        return self._data is None

    def made(self, data: bytes) -> None:
        """Its bytes, made elsewhere by the same code (:func:`~arbiter_cli.store.page_making.make_apart`)."""
        self._data, self._make = data, None


#: A page file as a publish left it: its token, then its size, modification and change times
#: (nanoseconds) and inode number.
Seen = tuple[str, int, int, int, int]


class Published(Protocol):
    """Where the pages a publish left in an OUTDIR are recorded, by path (:data:`Seen`): the site's
    cache (:class:`arbiter_cli.store.site_cache.SiteCache`)."""

    def published(self, outdir: Path) -> dict[str, Seen]: ...

    def keep_published(self, outdir: Path, seen: dict[str, Seen]) -> None: ...


class SiteFiles(Mapping[str, bytes]):
    """A site's files, relative POSIX path -> bytes, some of them :class:`Page` s read only when
    asked for; ``records``: where a publish finds what the last one left (None: nowhere)."""

    def __init__(self, records: Published | None = None) -> None:
        self.records = records
        self._files: dict[str, bytes | Page] = {}

    def __getitem__(self, path: str) -> bytes:
        found = self._files[path]
        return found if isinstance(found, bytes) else found.data()

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)

    def __contains__(self, path: object) -> bool:
        return path in self._files

    def put(self, path: str, file: bytes | Page) -> None:
        self._files[path] = file

    def entry(self, path: str) -> bytes | Page:
        """The file of ``path`` as it was given: bytes, or a page not yet read."""
        return self._files[path]

    def token(self, path: str) -> str | None:
        found = self._files[path]
        return found.token if isinstance(found, Page) else None


def _seen(token: str, stat: os.stat_result) -> Seen:
    return token, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino


def _checked(path: str) -> PurePosixPath:
    """A site path: relative, without ``..`` (a bug in a page kind, not the person's mistake)."""
    pure = PurePosixPath(path)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts or pure.name.startswith(".arbiter"):
        raise ValueError(f"not a path inside the site: {path!r}")
    return pure


#: A site path's parts, as :func:`_checked` reads them.
Parts = tuple[str, ...]


def _parts(path: str) -> Parts:
    """The parts of a site path that :func:`_checked` accepts: a path written as its parts joined by
    ``/`` (``players/3.html``, every page kind's) is split, any other is read by ``_checked``."""
    parts = tuple(path.split("/"))
    if "" in parts or "." in parts or ".." in parts:
        return _checked(path).parts
    if parts[-1].startswith(".arbiter"):
        raise ValueError(f"not a path inside the site: {path!r}")
    return parts


@contextlib.contextmanager
def _locked(outdir: Path) -> Iterator[None]:
    fd = os.open(outdir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


SOURCE = "# source: "


def source_fingerprint(source: str) -> str:
    """The manifest's name for a published folder: a digest of its path, never the path.

    >>> source_fingerprint("/events/one")[:15]
    'sha256:e86b25c7'
    """
    return "sha256:" + hashlib.sha256(source.encode("utf-8")).hexdigest()[:32]


def _source(outdir: Path) -> str | None:
    """The folder the site in ``outdir`` was published from, as its manifest names it."""
    try:
        text = (outdir / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    return next((line[len(SOURCE):] for line in text.splitlines() if line.startswith(SOURCE)), None)


def _previous(outdir: Path) -> list[str] | None:
    """The paths the last publish wrote (None: no manifest)."""
    try:
        text = (outdir / MANIFEST).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def _write(path: Path, data: bytes) -> None:
    os.replace(_staged(path, data), path)


def _staged(path: Path, data: bytes) -> Path:
    """``data`` written beside ``path``, in a temporary file to be renamed over it (removed again if
    the writing fails or is interrupted)."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def _same(path: str | Path, data: bytes) -> bool:
    return _same_as(path, data) is not None


def _same_as(path: str | Path, data: bytes) -> os.stat_result | None:
    """The file's status when it holds ``data``, else None."""
    try:
        with open(path, "rb") as held:
            stat = os.fstat(held.fileno())
            if stat.st_size != len(data):
                return None
            return stat if held.read() == data else None
    except OSError:
        return None


class _Places:
    """Where the pages of a site land in OUTDIR, told from the folders' listings (issue 29: a site of
    1,600 pages was resolved page by page, twice): a page whose path is canonical (``players/3.html``,
    what :func:`_checked` reads back as itself) and of which neither the page nor any folder between
    OUTDIR and it is a symbolic link lands where it is named, inside OUTDIR. Each folder is listed
    once (``os.scandir``: a link is told by its entry); a folder that is not there holds no link.
    Any other page (a link, a path written another way, a folder that cannot be listed) is
    ``aside``, and the checks resolve it as before, one by one."""

    def __init__(self, outdir: Path) -> None:
        self.outdir = os.fspath(outdir)
        self._links: dict[str, frozenset[str] | None] = {}  # a folder of the site ("" OUTDIR) -> its links
        self._plain: set[str] = {""}  # the folders known to be no link, nor under one
        self._in_place: dict[str, bool] = {}

    def _linked(self, folder: str) -> frozenset[str] | None:
        """The names of the symbolic links in ``folder`` (None: it could not be listed)."""
        if folder not in self._links:
            found: frozenset[str] | None
            try:
                with os.scandir(os.path.join(self.outdir, folder) if folder else self.outdir) as entries:
                    found = frozenset(entry.name for entry in entries if entry.is_symlink())
            except (FileNotFoundError, NotADirectoryError):
                found = frozenset()
            except OSError:
                found = None
            self._links[folder] = found
        return self._links[folder]

    def _folder_plain(self, folder: str) -> bool:
        if folder in self._plain:
            return True
        parent, _, name = folder.rpartition("/")
        links = self._linked(parent)
        if links is None or name in links or not self._folder_plain(parent):
            return False
        self._plain.add(folder)
        return True

    def in_place(self, name: str) -> bool:
        """Does the page ``name`` land where it is named (see the class)?"""
        found = self._in_place.get(name)
        if found is None:
            found = self._in_place[name] = self._lands(name)
        return found

    def _lands(self, name: str) -> bool:
        if not name or name.startswith("/") or "//" in name or name.endswith("/") or any(
                part in (".", "..") for part in name.split("/")):
            return False
        folder, _, leaf = name.rpartition("/")
        links = self._linked(folder)
        return links is not None and leaf not in links and self._folder_plain(folder)

    @staticmethod
    def folders(names: Iterable[str]) -> set[str]:
        """The folders of the site below OUTDIR that hold these pages (at any depth)."""
        found: set[str] = set()
        for name in names:
            folder = name.rpartition("/")[0]
            while folder and folder not in found:
                found.add(folder)
                folder = folder.rpartition("/")[0]
        return found


def write_site(outdir: Path, files: Mapping[str, bytes], source: str | None = None, *,
               replace: bool = False, count: int | None = None) -> SiteWrite:
    """Make ``outdir`` hold the site ``files`` (see the module): only changed files are written.
    ``source`` is the folder published (kept in the manifest); a site of another source is
    refused unless ``replace``. ``count``: how many processes may make the pages (default
    :func:`~arbiter_cli.store.page_making.processes`, ``ARBITER_PROCESSES``)."""
    if count is None:
        count = processes()
    paths = {path: _parts(path) for path in files}
    places = _Places(outdir)
    _refuse_an_owned_place(outdir, paths.values(), places)
    with _writing_to(outdir):
        _refuse_the_folder(outdir)
        missing = _missing(outdir)
        outdir.mkdir(parents=True, exist_ok=True)
        try:
            previous = _previous(outdir)
            _refuse_a_way_out(outdir, [*paths.values(), *_stale(previous or [], paths)], places)
            with _locked(outdir):
                _refuse_another_source(outdir, source, replace)
                return _apply(outdir, files, paths, _previous(outdir) or [], source, count)
        except BaseException:
            if missing and str(outdir) not in COMMITS.sites:  # a first publish stopped before its commit point
                _unmake(outdir, missing)
            raise


def _missing(folder: Path, stop: Path | None = None) -> list[Path]:
    """``folder`` and the folders above it that are not there (as written, up to ``stop``), the deepest first."""
    missing = []
    while folder != stop and folder != folder.parent and not folder.exists():
        missing.append(folder)
        folder = folder.parent
    return missing


def _unmake(outdir: Path, made: list[Path]) -> None:
    """Remove the site's lock and the folders a first publish made, each only if nothing else is in it
    (trial42: a first publish stopped before its commit point left a folder holding only its lock)."""
    try:
        fd = os.open(outdir / LOCK, os.O_RDWR)
    except FileNotFoundError:
        fd = None
    except OSError:
        return
    try:
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # not while another publish holds it
            os.unlink(outdir / LOCK)
        for folder in made:
            with contextlib.suppress(OSError):
                folder.rmdir()
    except OSError:
        pass
    finally:
        if fd is not None:
            os.close(fd)


def check_outdir(outdir: Path, source: str | None = None, *, replace: bool = False) -> None:
    """The refusals of :func:`write_site` that need no page, before a site is built (``arbiter
    publish``: a refused publish changes nothing, the cache's entries neither; trial of issue 29):
    OUTDIR an event's folder or in one, a file or under one, a folder we did not make, the site of
    another source. ``write_site`` checks them again, holding the site's lock."""
    _refuse_an_owned_place(outdir, (), _Places(outdir))  # an event's folder, or one it owns
    with _writing_to(outdir):
        _refuse_the_folder(outdir)
        if outdir.is_dir():
            _refuse_another_source(outdir, source, replace)


@contextlib.contextmanager
def _writing_to(outdir: Path) -> Iterator[None]:
    """An error of the system while writing the site to ``outdir``: one line, saying whether the site
    is as it was or part-updated (past the commit point)."""
    try:
        yield
    except OSError as error:
        partly = str(outdir) in COMMITS.sites  # past the commit point: some pages are in place, others not
        raise BadArgument(f"cannot write the site to {outdir}: {error.strerror or error}"
                          + ("; the site is part-updated: 'arbiter publish' again completes it" if partly else
                             "; the site is as it was"), field="OUTDIR") from None


def _refuse_the_folder(outdir: Path) -> None:
    """OUTDIR a file, under a file, or a folder with files that holds no manifest (not a site we made)."""
    if outdir.exists() and not outdir.is_dir():
        raise BadArgument(f"{outdir} is a file, not a folder", field="OUTDIR")
    above = next((folder for folder in outdir.absolute().parents if folder.exists()), None)
    if not outdir.exists() and above is not None and not above.is_dir():
        raise BadArgument(f"{outdir} cannot be made: {os.path.relpath(above) if not outdir.is_absolute() else above} "
                          "is a file, not a folder", field="OUTDIR")
    if outdir.is_dir() and _previous(outdir) is None and any(p.name != LOCK for p in outdir.iterdir()):
        raise BadArgument(f"{outdir} is not empty and was not made by 'arbiter publish' (no {MANIFEST}); "
                          "give a new or empty folder", field="OUTDIR")


def _refuse_another_source(outdir: Path, source: str | None, replace: bool) -> None:
    """A site of another folder in OUTDIR, unless ``replace``."""
    other = _source(outdir)
    if source is not None and other is not None and other not in (source, source_fingerprint(source)) \
            and not replace:
        raise BadArgument(f"{outdir} holds the site of another folder (or of this one before it was moved or "
                          f"renamed), not of {source}; give another folder, or --replace to replace that "
                          "site with this one", field="OUTDIR")


def _stale(previous: Iterable[str], paths: Mapping[str, Parts]) -> list[Parts]:
    """The pages of the last publish that this one removes (a name that is not a site path is never
    touched, see :func:`_apply`)."""
    out = []
    for name in previous:
        if name not in paths:
            with contextlib.suppress(ValueError):
                out.append(_checked(name).parts)
    return out


def _refuse_a_way_out(outdir: Path, pages: Iterable[Parts], listed: _Places) -> None:
    """Refuse, before anything is written, a publish that would write or remove anything outside
    OUTDIR: a page, its folder, the manifest or the lock that resolves elsewhere through a symbolic
    link inside OUTDIR (``players -> /anywhere``). OUTDIR itself may be a link; what is inside it
    must stay inside it. A page that lands where it is named (``listed``) is inside it."""
    try:
        root = outdir.resolve()
        places: dict[Path, Path] = {}  # each folder of the site resolved once
        for parts in ((MANIFEST,), (LOCK,), *pages):
            if listed.in_place("/".join(parts)):
                continue
            place = outdir.joinpath(*parts)
            real = resolved(place, places)
            if real == root or not real.is_relative_to(root):
                raise BadArgument(f"{place} leads out of {outdir} through a symbolic link (to {real}); publish "
                                  "writes only inside OUTDIR: remove the link, or give another folder", field="OUTDIR")
    except RuntimeError:  # a loop of symbolic links
        raise BadArgument(f"{outdir} holds a loop of symbolic links; publish writes only inside OUTDIR",
                          field="OUTDIR") from None


def _refuse_an_owned_place(outdir: Path, pages: Iterable[Parts], listed: _Places) -> None:
    """Refuse an OUTDIR that is an event's or a club's folder itself, or that a folder above it owns
    (:func:`~arbiter_cli.store.kinds.owner_of`), or where a page would land on what a folder owns. An
    OUTDIR written through a folder that is not there yet (``new/../EVENT``: the system finds no such
    path, until publish makes ``new``) is checked where it will be once made too (trial42)."""
    real = Path(os.path.realpath(outdir))
    if real != outdir.absolute() and ".." in outdir.parts:
        _refuse_an_owned_place(real, (), _Places(real))
    pages = list(pages)
    itself = folder_kind(outdir) if outdir.is_dir() else None
    owner = owner_of(outdir) if itself is None else None
    if owner is None and itself is None:  # no folder above OUTDIR owns it, so none owns a page in it either:
        names = ["/".join(parts) for parts in pages]  # only one inside: when every page lands where it is
        if all(listed.in_place(name) for name in names) and not any(  # named, only the site's folders can
                folder_kind(os.path.join(outdir, folder)) for folder in listed.folders(names)):  # be one
            return
        page = first_owned((outdir.joinpath(*parts) for parts in pages), within=outdir)
        if page is not None:
            _refuse_a_page_owned(outdir, *page)
    if itself is not None:  # the folder itself (a folder of its own inside it is no part of it, and may be used)
        raise BadArgument(f"{outdir} is a {itself.what} folder itself; publish the site to a folder of its own",
                          field="OUTDIR")
    if owner is not None:
        raise BadArgument(f"{outdir} is part of a {owner[1].what} folder; publish the site to another folder",
                          field="OUTDIR")


def _refuse_a_page_owned(outdir: Path, page: Path, owner: Path, kind: FolderKind) -> NoReturn:
    """A page inside OUTDIR that would land in what ``owner`` (a folder of ``kind``) owns: refused,
    naming the symbolic link inside OUTDIR that leads there (``OUTDIR/rounds -> EVENT/rounds``), or,
    without one, the page and the folder it is in."""
    place = outdir
    for part in page.relative_to(outdir).parts:
        place = place / part
        if place.is_symlink():
            raise BadArgument(f"{place} is a symbolic link to {os.readlink(place)}, in the {kind.what} folder "
                              f"{owner}: publish would write pages there, and it never writes into an event's or "
                              "a club's folder; remove the link, or give another folder", field="OUTDIR")
    raise BadArgument(f"{page} would land in the {kind.what} folder {owner}; publish never writes into an event's "
                      "or a club's folder: give another folder", field="OUTDIR")


def _manifest(names: set[str], source: str | None) -> bytes:
    head = "# the files 'arbiter publish' wrote here; a re-publish removes those it no longer makes\n"
    if source is not None:
        head += f"{SOURCE}{source_fingerprint(source)}\n"
    return (head + "".join(f"{name}\n" for name in sorted(names))).encode("utf-8")


def _remove_dead_temporaries(outdir: Path, paths: Mapping[str, Parts]) -> None:
    """A publish killed (``kill -9``, a power cut) leaves its pages' temporary files (``.NAME.tmp-PID``,
    :func:`_staged`) beside their places, which a mirror of the site would upload: the next publish
    removes those of a process no longer running, in the site's folders (trial of issue 29: seven piled
    up)."""
    # each folder once (issue 29: not a path made for each of 1,000 pages in one folder)
    folders = {outdir, *(outdir.joinpath(*above) for above in {parts[:-1] for parts in paths.values()})}
    for folder in folders:
        try:
            names = [entry.name for entry in os.scandir(folder)
                     if entry.name.startswith(".") and ".tmp-" in entry.name and entry.is_file(follow_symlinks=False)]
        except OSError:
            continue
        for name in names:
            head, dot, pid = name.rpartition(".tmp-")
            if dot and head.startswith(".") and pid.isdigit() and not process_alive(int(pid)):
                with contextlib.suppress(OSError):
                    (folder / name).unlink()


def _apply(outdir: Path, files: Mapping[str, bytes], paths: Mapping[str, Parts],
           previous: list[str], source: str | None, count: int = 1) -> SiteWrite:
    _remove_dead_temporaries(outdir, paths)
    records = files.records if isinstance(files, SiteFiles) else None
    before = _records_of(records, outdir)
    seen: dict[str, Seen] = {}
    unchanged, staged = _stage(outdir, files, paths, before, seen, count)  # then the commit point: Ctrl-C waits until the site is whole
    COMMITS.published(str(outdir))
    old = OldFiles(apart=count > 1)  # the files replaced or removed, freed by another process (issue 29)
    try:
        return _commit(outdir, files, previous, source, staged, unchanged, before, seen, records, old)
    finally:
        old.release()


def _commit(outdir: Path, files: Mapping[str, bytes], previous: list[str],
            source: str | None, staged: list[tuple[str, Path, Path]], unchanged: list[str], before: dict[str, Seen],
            seen: dict[str, Seen], records: Published | None, old: OldFiles) -> SiteWrite:
    """The staged pages renamed into place, the stale ones removed, the manifest written, the folders
    fsync'ed and what was left recorded (:func:`_apply`, past its commit point)."""
    written, touched = [], set()
    # The manifest first lists every file this publish may leave (the old and the new), so that a
    # publish killed half-way through its renames leaves a folder the next one recognises and cleans up.
    if set(files) - set(previous):
        _write(outdir / MANIFEST, _manifest(set(previous) | set(files), source))
    old.hold(os.fspath(target) for _, _, target in staged)
    for name, tmp, target in staged:
        os.replace(tmp, target)
        written.append(name)
        touched.add(target.parent)
        _crash_test_pause()
    removed = []
    for name in sorted(set(previous) - set(files)):
        try:
            target = outdir.joinpath(*_checked(name).parts)
        except ValueError:  # a manifest edited by hand: never remove outside the site
            continue
        with contextlib.suppress(FileNotFoundError):
            old.hold([os.fspath(target)])
            target.unlink()
            removed.append(name)
            touched.add(target.parent)
            with contextlib.suppress(OSError):  # a folder the site no longer uses, if empty
                if target.parent != outdir and not any(target.parent.iterdir()):
                    target.parent.rmdir()
                    touched.add(outdir)
    manifest = _manifest(set(files), source)
    if not _same(outdir / MANIFEST, manifest):
        _write(outdir / MANIFEST, manifest)
        touched.add(outdir)
    for folder in sorted(touched):
        fsync_dir(folder)
    if records is not None and isinstance(files, SiteFiles):
        _record(records, outdir, files, staged, seen, before)
    return SiteWrite(tuple(written), tuple(unchanged), tuple(removed))


def _records_of(records: Published | None, outdir: Path) -> dict[str, Seen]:
    """What the last publish of these files left in ``outdir`` (nothing without a record, or with one
    that does not read)."""
    if records is None:
        return {}
    try:
        return records.published(outdir)
    except Exception:  # a record that does not read is none: the pages are read and compared
        return {}


def _record(records: Published, outdir: Path, files: SiteFiles, staged: list[tuple[str, Path, Path]],
            seen: dict[str, Seen], before: dict[str, Seen]) -> None:
    """Record the page files this publish left, each with its token (:class:`Page`), for the next
    publish: those it found as they were (``seen``) and those it wrote."""
    for name, _, target in staged:
        token = files.token(name)
        if token is not None:
            with contextlib.suppress(OSError):
                seen[name] = _seen(token, os.stat(target))
    if seen != before:
        with contextlib.suppress(Exception):  # the record only saves time
            records.keep_published(outdir, seen)


def _left(outdir: Path, files: Mapping[str, bytes], paths: Mapping[str, Parts],
          before: Mapping[str, Seen]) -> dict[str, Seen]:
    """The pages the last publish left in their place with their token (``before``), their file as it
    left it: these are there, and are not read."""
    root = os.fspath(outdir)
    pages = files if isinstance(files, SiteFiles) else None
    found: dict[str, Seen] = {}
    if pages is None:
        return found
    for name, last in before.items():
        if name in pages and pages.token(name) == last[0]:
            try:
                now = _seen(last[0], os.stat(os.path.join(root, *paths[name])))
            except OSError:
                continue
            if now == last:
                found[name] = last
    return found


def _stage(outdir: Path, files: Mapping[str, bytes], paths: Mapping[str, Parts], before: Mapping[str, Seen],
           seen: dict[str, Seen], count: int = 1) -> tuple[list[str], list[tuple[str, Path, Path]]]:
    """Every page whose bytes changed written beside its place (the pages already there as they are:
    the first list); (name, temporary file, target) for each. A :class:`Page` that the last publish
    left in its place with its token (``before``), its file as that publish left it, is there: it
    is not read. The page files found as they are, with a token, are added to ``seen``. Interrupted,
    or failing, it removes what it wrote and the folders it made: the site stays as it was. The
    pages to read are made first, by up to ``count`` processes (:func:`~arbiter_cli.store.page_making.make_apart`)."""
    unchanged: list[str] = []
    staged: list[tuple[str, Path, Path]] = []
    made: list[Path] = []
    root = os.fspath(outdir)
    pages = files if isinstance(files, SiteFiles) else None
    left = _left(outdir, files, paths, before)
    children = None
    pending: dict[int, tuple[str, Page]] = {}  # the pages to make, by identity: a name and the page
    if pages is not None:  # (a page under two names: the last; the other is written with the rest)
        pending = {id(page): (name, page) for name in pages if name not in left
                   and isinstance(page := pages.entry(name), Page) and page.pending}
    early: set[str] = set()  # the pages this process made apart, written while the children work

    def stage_made(made: Sequence[object]) -> None:
        for page in made:
            name = pending[id(page)][0]
            if name not in early:
                stage(name)
                early.add(name)

    def stage(name: str) -> None:
        place = os.path.join(root, *paths[name])
        last = left.get(name)
        if last is not None:
            unchanged.append(name)
            seen[name] = last
            return
        token = pages.token(name) if pages is not None else None
        data = files[name]
        found = _same_as(place, data)
        if found is not None:
            unchanged.append(name)
            if token is not None:
                seen[name] = _seen(token, found)
            return
        target = Path(place)
        made.extend(_missing(target.parent, outdir))  # the folders this page needs that are not there
        target.parent.mkdir(parents=True, exist_ok=True)
        staged.append((name, _staged(target, data), target))
        _crash_test_pause()

    try:
        if pages is not None:
            children = make_apart([page for _, page in pending.values()], count, stage_made)
        later = []
        for name in sorted(files):  # the children's pages after the others: written while they work
            if name in early:
                continue
            if children is not None and pages is not None and name not in left and (
                    isinstance(page := pages.entry(name), Page) and page.pending):
                later.append(name)
            else:
                stage(name)
        if children is not None:
            children.finish()
        for name in later:
            stage(name)
        unchanged.sort()
        staged.sort()
        COMMITS.committing()  # the commit point, inside: a Ctrl-C before it still removes what was staged
    except BaseException:
        if children is not None:
            children.abort()
        for _, tmp, _ in staged:
            with contextlib.suppress(OSError):
                tmp.unlink()
        for folder in sorted(made, key=lambda made: len(made.parts), reverse=True):  # each before the one above it
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return unchanged, staged
