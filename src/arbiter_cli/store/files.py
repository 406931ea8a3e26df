"""A folder of plain files, written all or nothing under a lock: what the tournament folder
and the club folder share.

Reading is strict: the first problem found is raised as a
:class:`~arbiter_cli.core.errors.BrokenFolder` naming the file, the line and
the field.

Writing is safe: every changed file is written to a temporary file in the same
folder, fsync'ed, renamed into place, and the folder is fsync'ed. A change of
several files goes through a manifest (``.arbiter.pending``), so that a crash
leaves either the old files or the new ones. All writes happen under an
exclusive ``flock`` on ``.arbiter.lock``, so concurrent commands run one after
the other; readers take a shared lock.
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import errno
import fcntl
import hashlib
import io
import json
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast
from pathlib import Path, PurePosixPath

from arbiter_cli.store.commits import COMMITS
from arbiter_cli.core.csv_input import spreadsheet_cell
from arbiter_cli.core.errors import BadArgument, BrokenFolder, Busy, Refused
from arbiter_cli.store.digests import DIGESTS_FILE, differences, digest, read_record, record
from arbiter_cli.store.journal import JOURNAL_FILE, journal_text, read_journal
from arbiter_cli.store.layout import ACCESS_FILE, LOCK_FILE, PENDING_FILE, Layout, Nested
from arbiter_cli.store.lock_file import LockFile, holder_of, process_alive, say_who
from arbiter_cli.store.tables import (Checked, RoundFiles, Table, csv_lines, header_fields, read_lines, records_sound,
                                      toml_line)

if TYPE_CHECKING:
    from arbiter_cli.lifecycle.change import Change, Recorded
    from arbiter_cli.store.read_cache import Entries, ReadCache

__all__ = ["FolderStore", "Joined", "Derived", "LOCK_FILE", "atomic_write", "fsync_dir", "csv_text", "process_alive",
           "toml_line", "move_into_place", "read_optional_text"]

#: Files derived from an event (its final standings and prize list), by path inside its folder, each
#: with its text; None: a derived file that no longer stands (a prize list no ``prizes.toml`` gives
#: any more), removed when the folder holds it.
Derived = Mapping[str, str | None]

_Context = TypeVar("_Context")
_Read = TypeVar("_Read")


def csv_text(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A folder's CSV file: a text a spreadsheet would run as a formula (a player named ``=HYPERLINK(..)``)
    is written with a single quote in front (OWASP), which :func:`arbiter_cli.store.tables.csv_lines`
    takes off again."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if cell is None else spreadsheet_cell(cell) if isinstance(cell, str) else cell
                         for cell in row])
    return buffer.getvalue()


def _stamp(now: dt.datetime) -> str:
    return now.astimezone(dt.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _crash_test_pause() -> None:
    """Slow each step of a change down, so that a test can kill the process in the middle of one."""
    pause = os.environ.get("ARBITER_CRASH_TEST_PAUSE")
    if pause:
        time.sleep(float(pause))


def _write_synced(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    with os.fdopen(fd, "wb") as handle:
        handle.write(text.encode("utf-8"))
        handle.flush()
        os.fsync(handle.fileno())


def read_optional_text(path: Path, source: str) -> str | None:
    """A file of a folder that may be missing (None), read as UTF-8 text (a BOM taken off); a file
    that does not read is a :class:`BrokenFolder` naming it as ``source`` (and the line of a byte
    that is no UTF-8)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BrokenFolder(f"cannot read the file: {error.strerror}", source=source) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BrokenFolder("the file is not valid UTF-8 text", source=source,
                           line=data[:error.start].count(b"\n") + 1) from None


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temp file, fsync and rename."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        _write_synced(tmp, text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


def move_into_place(staging: Path, target: Path) -> None:
    """A new folder, built beside its place, moved in by one rename: the commit point of its making
    (Ctrl-C waits from here on, :mod:`arbiter_cli.store.commits`)."""
    COMMITS.committing()
    os.replace(staging, target)
    COMMITS.committed(str(target))


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


#: A folder built beside its place by a writer (``.NAME.new-PID``, ``.NAME.import-PID``), its PID last.
_STAGING = re.compile(r"\..+\.(?:new|import)-(\d+)")


def _manifest(data: object) -> tuple[list[tuple[str, str]], list[str]]:
    """The renames and deletions a manifest names, each a path inside the folder; ValueError when
    it is not a manifest as :meth:`FolderStore._commit` writes them (damaged, or not arbiter's)."""
    if not isinstance(data, dict):
        raise ValueError("not a manifest")
    renames, deletions = data["rename"], data["delete"]
    if not isinstance(renames, list) or not isinstance(deletions, list):
        raise ValueError("not a manifest")
    pairs = []
    for pair in renames:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError("not a rename")
        temp, name = (_inside(p) for p in pair)
        target = Path(name)
        # a file's temporary (``.NAME.tmp-PID``), or a folder built whole beside its place (``.NAME.new-PID``)
        if not re.fullmatch(re.escape(f".{target.name}.") + r"(tmp|new)-\d+", Path(temp).name) or \
                Path(temp).parent != target.parent:
            raise ValueError("not the temporary file of its target")
        pairs.append((temp, name))
    return pairs, [_inside(name) for name in deletions]


def _inside(name: object) -> str:
    """``name`` if it is a relative path that stays inside the folder."""
    if not isinstance(name, str) or not name or "\0" in name:
        raise ValueError("not a file name")
    path = Path(name)
    if path.is_absolute() or ".." in path.parts or name.startswith("~"):
        raise ValueError("outside the folder")
    return name


class Joined:
    """The changes of folders inside another (a group event's stages), gathered to be made by the
    outer folder's one change: each inner folder's new files are written beside their places as
    usual, and their renames and deletions, as paths inside the outer folder, go into the outer
    folder's manifest, so that a kill leaves every folder as before or every one as after
    (:meth:`FolderStore._commit`; an inner folder's next command completes it,
    :meth:`FolderStore._finish_outer`)."""

    def __init__(self, outer: Path) -> None:
        self.outer = outer
        self.renames: list[tuple[str, str]] = []
        self.deletions: list[str] = []
        self.folders: list[str] = []


# --------------------------------------------------------------------------- the folder


class FolderStore:
    """A folder of plain files written all or nothing under a lock (shared by the
    tournament folder and the club folder)."""

    #: Everything a folder of this kind owns (:mod:`arbiter_cli.store.layout`), declared once by each kind.
    layout: ClassVar[Layout] = Layout(())

    @property
    def temporary_dirs(self) -> tuple[str, ...]:
        """Sub-folders where a killed writer may have left temporary files."""
        return self.layout.temporary_dirs

    @property
    def own_files(self) -> tuple[str, ...]:
        """The folder's own top-level files, those arbiter writes (an output written into the folder,
        or a file a person writes, such as ``prizes.toml``, is not one of them)."""
        return self.layout.own_files

    @property
    def tracked_dirs(self) -> tuple[str, ...]:
        """Sub-folders whose files belong to the folder (besides its own top-level files)."""
        return self.layout.tracked_dirs

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.by = ""  # who makes the changes, for the journal's 'by' column
        self.noticed: list[str] = []  # files edited by hand since the last change, seen by the writer
        self.noticed_after = ""  # ... and that last change
        self.kept: ReadCache | None = None  # what the readers made of the files before (keep_reads)
        self._alone: dict[str, Callable[[str], object]] = {}  # the readers given a file's text alone, by file
        self.joined: Joined | None = None  # set: a change is gathered for the outer folder's (:class:`Joined`)

    # -- locking -----------------------------------------------------------------

    @contextlib.contextmanager
    def lock(self, exclusive: bool = True, timeout: float | None = None, *, holder: str = "",
             waiting: Callable[[str], None] | None = None) -> Iterator[None]:
        """Hold the folder's lock. Readers share it; a writer holds it alone.

        Waits up to ``timeout`` seconds (default ``ARBITER_LOCK_TIMEOUT`` or 30),
        then raises :class:`Busy`. A read-only folder is read without a lock. A writer
        leaves its process id, the time and ``holder`` (its command) in the lock file
        while it holds it; after a second of waiting, ``waiting`` is told who holds it.
        """
        if timeout is None:
            text = os.environ.get("ARBITER_LOCK_TIMEOUT", "30")
            try:
                timeout = float(text)
            except ValueError:
                raise BadArgument(f"ARBITER_LOCK_TIMEOUT must be a number of seconds, not {text!r}") from None
        self._require_folder()
        try:
            lock = LockFile(self.path / LOCK_FILE)
        except OSError as error:
            if not exclusive and error.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
                yield
                return
            raise BrokenFolder(f"cannot open the lock file: {error.strerror}", source=LOCK_FILE) from None
        written = False
        mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        try:
            deadline = time.monotonic() + timeout
            self._finish_outer(deadline)
            lock.hold(mode, lambda fd, m: self._flock(fd, m, deadline, waiting))
            while (self.path.parent.parent / PENDING_FILE).exists():  # its writer held our lock, and was killed
                fcntl.flock(lock.fd, fcntl.LOCK_UN)
                self._finish_outer(deadline)
                lock.hold(mode, lambda fd, m: self._flock(fd, m, deadline, waiting))
            if (self.path / PENDING_FILE).exists():  # a writer was killed mid-change: finish it
                if not exclusive:
                    lock.hold(fcntl.LOCK_EX, lambda fd, m: self._flock(fd, m, deadline, waiting))
                self._recover()
                if not exclusive:
                    lock.hold(fcntl.LOCK_SH, lambda fd, m: self._flock(fd, m, deadline, waiting))
            if exclusive:
                written = say_who(lock.fd, holder)
                self._remove_stale_temporaries()
                edits = self.hand_edits()
                self.noticed, self.noticed_after = (edits[0], edits[1]) if edits else ([], "")
            else:  # no writer holds the lock now: a folder a killed one was building is no one's
                self._remove_stale_staging()
            yield
        finally:
            if written:
                with contextlib.suppress(OSError):
                    os.ftruncate(lock.fd, 0)
            lock.close(exclusive)

    def _finish_outer(self, deadline: float) -> None:
        """Complete the change of the folder this one is inside (a group event's, whose stage this is)
        when its writer was killed after its manifest, which may name this folder's files
        (:class:`Joined`): under the outer folder's lock, as its own next command would."""
        outer = self.path.parent.parent
        if not (outer / PENDING_FILE).exists():
            return
        try:
            lock = LockFile(outer / LOCK_FILE)
        except OSError as error:
            raise BrokenFolder(f"cannot open the lock file of the folder around this one: {error.strerror}",
                               source=str(outer / LOCK_FILE)) from None
        try:
            lock.hold(fcntl.LOCK_EX, lambda fd, m: self._flock(fd, m, deadline))
            try:
                renames, deletions = _manifest(json.loads((outer / PENDING_FILE).read_text(encoding="utf-8")))
            except FileNotFoundError:
                return  # completed meanwhile (its writer finished, or a command there did it)
            except (OSError, ValueError, KeyError, TypeError):
                raise BrokenFolder("an interrupted change of the folder around this one cannot be completed: its "
                                   "manifest is damaged", source=str(outer / PENDING_FILE)) from None
            try:
                FolderStore(outer)._apply(renames, deletions)
            except OSError as error:
                raise BrokenFolder(f"an interrupted change of the folder around this one cannot be completed yet "
                                   f"({error.strerror or error})", source=str(outer / PENDING_FILE)) from None
        finally:
            lock.close(True)

    def _flock(self, fd: int, mode: int, deadline: float, waiting: Callable[[str], None] | None = None) -> None:
        started = time.monotonic()
        told = waiting is None
        while True:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                now = time.monotonic()
                if now >= deadline:
                    raise Busy(f"{self.path}: another arbiter command is using this tournament; "
                               "try again") from None
                if not told and now - started >= 1 and waiting is not None:
                    waiting(f"waiting for {self.path}: {holder_of(fd)} (up to {deadline - started:.0f} s)")
                    told = True
                time.sleep(0.02)

    # -- reading -----------------------------------------------------------------

    def _read_text(self, name: str) -> str:
        return self._decoded(name, self._read_bytes(name))

    def _read_bytes(self, name: str) -> bytes:
        path = self.path / name
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise BrokenFolder("the file is missing", source=name) from None
        except OSError as error:
            raise BrokenFolder(f"cannot read the file: {error.strerror}", source=name) from None

    @staticmethod
    def _decoded(name: str, data: bytes) -> str:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise BrokenFolder("the file is not valid UTF-8 text", source=name, line=line) from None

    def keep_reads(self, entries: Entries, version: str) -> None:
        """Keep what the readers make of each CSV file in ``entries`` (the site's cache), and read it
        back from there while its file and everything its reader is given are as they were
        (:mod:`arbiter_cli.store.read_cache`; issue 29). Call it holding the lock, before loading.
        What a reader may be given comes from the folder's tracked files (the settings, the players,
        the teams...) and from the names its sub-folders hold (the number of rounds): all of them but
        the journal, which only a reader of its own reads, the venue's access list, which no reader of
        the event is given and no page shows (trial38: a deputy added made every page of a 1,000-player
        site again, 7 s), and the files of the sub-folders, each read on its own."""
        context: list[tuple[str, bytes]] = []
        for sub in self.tracked_dirs:
            try:
                names = sorted(entry.name for entry in os.scandir(self.path / sub) if not entry.name.startswith("."))
            except OSError:
                names = []
            context.append((f"{sub}/", "\0".join(names).encode("utf-8", "surrogateescape")))
        inside = tuple(f"{sub}/" for sub in self.tracked_dirs)
        for name in self.tracked():
            if name not in (JOURNAL_FILE, ACCESS_FILE) and not name.startswith(inside):
                try:
                    context.append((name, (self.path / name).read_bytes()))
                except OSError:
                    return  # a file that cannot be read: nothing is kept (the reading says why)
        from arbiter_cli.store.read_cache import ReadCache  # publish and serve only (start-up, issue 29)

        self.kept = ReadCache(entries, version, type(self).__qualname__, context)

    def _parsed(self, name: str, parse: Callable[[str], _Read], round_file: bool = False, alone: bool = False
                ) -> _Read:
        """The file ``name`` read by ``parse`` (its text), or what ``parse`` made of the same bytes
        before (:meth:`keep_reads`; a ``round_file``'s key is noted for :meth:`read_digests`;
        ``alone``: ``parse`` is given nothing but the text, so the key is the file's alone,
        :meth:`ReadCache.alone <arbiter_cli.store.read_cache.ReadCache.alone>`)."""
        data = self._read_bytes(name)
        if alone:
            self._alone[name] = parse
        if self.kept is None:
            return parse(self._decoded(name, data))
        key = self.kept.alone(name, data) if alone else self.kept.key(name, data)
        if round_file:
            self.kept.rounds.append(key)
        return self.kept.value_at(key, lambda: parse(self._decoded(name, data)))

    def read_optional(self, name: str, parse: Callable[[str], _Read]) -> _Read | None:
        """A file the folder may lack (a person's ``prizes.toml``) read by ``parse`` (its text), as
        :func:`read_optional_text` reads it: None when it is missing; through the read cache when it
        is kept (:meth:`keep_reads`)."""
        if self.kept is None:
            text = read_optional_text(self.path / name, name)
            return None if text is None else parse(text)
        try:
            data = (self.path / name).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise BrokenFolder(f"cannot read the file: {error.strerror}", source=name) from None
        return self.kept.value(name, data, lambda: parse(self._decoded(name, data)))

    def read_digests(self) -> tuple[str, tuple[str, ...]] | None:
        """What the event just loaded was read from, through :meth:`keep_reads`: the digest of every file
        but the journal and the round files (the code's, the settings', the players'...: the event's
        registration is made of them) and the key of each round file read (its bytes, in that
        context), in their order; None without :meth:`keep_reads`. A digest of the model made of them
        is no coarser than one of the model's values (issue 29: the site's keys, without writing
        the model out)."""
        if self.kept is None:
            return None
        return self.kept.context, tuple(self.kept.rounds)

    def derived(self, name: str, given: bytes, make: Callable[[], _Read]) -> _Read:
        """What ``make`` derives from the folder as this command read it (every file: the read cache's
        context and each round file's key, :meth:`read_digests`) and from ``given`` (what else it reads,
        as bytes: the prize fund as read, pickled), kept in the read cache under ``name`` (issue 29: a
        club's ``verify`` made the final standings of fifty tournaments again). Without the read cache,
        or before the folder is read: made."""
        if self.kept is None or not self.kept.rounds_read:
            return make()
        kept = self.kept
        return kept.value(f"derived {name}", "\0".join(kept.rounds).encode("ascii") + b"\0\0" + given, make)

    def outputs_behind(self, files: Derived) -> list[str]:
        """Of ``files`` (outputs by path inside the folder, such as ``final/prizes.csv``), those the
        folder does not hold with exactly that text: missing, unreadable or different; a file that
        should not be there (None) and is."""
        behind = []
        for name, text in files.items():
            if text is None:
                if (self.path / name).exists():
                    behind.append(name)
                continue
            try:
                held: str | None = (self.path / name).read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                held = None
            if held != text:
                behind.append(name)
        return behind

    def read_table(self, table: Table[_Context, _Read], context: _Context) -> _Read:
        """The CSV file ``table`` declares, read through the reader of its rows (made from
        ``context``); the first fault names the file, the line and the field. An optional file that
        is not there reads as no rows."""
        if not table.required and not (self.path / table.name).exists():
            return table.rows(context).result()

        def parse(text: str) -> _Read:
            rows = table.rows(context)
            return read_lines(csv_lines(text, table.name, table.columns, table.optional,
                                        keep=not isinstance(rows, Checked)), rows)

        if cast(object, table.rows) is Checked:  # only checked (the journal, a change appends to it)
            if self.kept is not None:
                return self._checked_as_appended(table.name, parse, lambda: table.rows(context).result())
            return parse(self._read_text(table.name))
        return self._parsed(table.name, parse, alone=context is None)  # a reader given no context: its bytes alone

    def _checked_as_appended(self, name: str, check: Callable[[str], _Read], checked: Callable[[], _Read]) -> _Read:
        """The file ``name``, which a change only appends to (the journal), checked by ``check`` (its
        text) in full once, then only in the lines appended since (issue 29: a journal of thousands
        of lines is read by every publish): the part checked before is the same bytes (their
        SHA-256, kept with their length and the header's number of fields in the site's cache) and
        ends a line, and every record after it passes :func:`~arbiter_cli.store.tables.records_sound`
        (each record is checked alone). Anything else, or a fault in what was appended, is checked in
        full by ``check``, which says where the fault is. ``checked``: what a sound file reads as."""
        assert self.kept is not None
        data = self._read_bytes(name)
        key = self.kept.named(name)
        digest = hashlib.sha256()
        found = self.kept.entries.get(key)
        fields = -1
        if found is not None:
            try:
                length_text, fields_text, before = found.decode("ascii").split()
                length, fields = int(length_text), int(fields_text)
            except ValueError:
                length = -1
            if 0 < length <= len(data) and data[length - 1:length] == b"\n":
                digest.update(memoryview(data)[:length])
                try:
                    appended = data[length:].decode("utf-8") if digest.hexdigest() == before else None
                except UnicodeDecodeError:
                    appended = None
                if appended is not None and records_sound(appended, fields):
                    digest.update(memoryview(data)[length:])
                    self.kept.entries.put(key, f"{len(data)} {fields} {digest.hexdigest()}".encode("ascii"))
                    return checked()
        text = self._decoded(name, data)
        result = check(text)  # a fault is raised here, as without a cache
        self.kept.entries.put(key, f"{len(data)} {header_fields(text)} {hashlib.sha256(data).hexdigest()}".encode("ascii"))
        return result

    def read_rounds(self, files: RoundFiles[_Context, _Read], planned: int | None,
                    context: _Context) -> tuple[_Read, ...]:
        """Every round file ``files`` declares (1 to n without gaps, no more than ``planned``), each
        read through the reader of a round made from its number and ``context``."""
        out = []
        if self.kept is not None:
            self.kept.rounds.clear()
            self.kept.rounds_read = False
        for number in files.numbers(self.path, planned):
            name = files.name(number)

            def parse(text: str, number: int = number, name: str = name) -> _Read:
                return read_lines(csv_lines(text, name, files.columns, files.optional), files.rows(number, context))

            out.append(self._parsed(name, parse, round_file=True))
        if self.kept is not None:
            self.kept.rounds_read = True
        return tuple(out)

    def _save_files(self, old_files: dict[str, str], new_files: dict[str, str], command: str,
                    changes: Sequence[Change], now: dt.datetime | None = None,
                    outputs: Derived | None = None, moves: Sequence[tuple[str, str]] = (),
                    joined: Joined | None = None) -> None:
        """Write the files that changed from ``old_files`` to ``new_files``, delete the ones
        that went, add ``outputs`` (and remove those of them that no longer stand: None), move
        ``moves`` (a folder built whole beside its place, ``.NAME.new-PID``, and its place) and journal
        ``changes``: one all-or-nothing change, which makes the changes ``joined`` gathered of the
        folders inside this one too."""
        writes = {name: text for name, text in new_files.items()
                  if old_files.get(name) != text or not (self.path / name).exists()}
        writes.update({name: text for name, text in (outputs or {}).items() if text is not None})
        gone = {name for name, text in (outputs or {}).items() if text is None}
        when = now or dt.datetime.now(dt.timezone.utc)
        if changes:
            from arbiter_cli.lifecycle.change import Change  # a change is written (start-up, issue 29)

            noticed = [Change("hand edit", "", f"{name}: changed outside arbiter after {self.noticed_after}")
                       for name in self.noticed]
            writes[JOURNAL_FILE] = self._journal_text(command, [*noticed, *changes], when)
            self.noticed = []
        deletions = sorted(name for name in (old_files.keys() - new_files.keys()) | gone if (self.path / name).exists())
        if writes or deletions:
            writes[DIGESTS_FILE] = self._digests_after(writes, deletions, f"{_stamp(when)} {command}")
        if joined is not None:
            deletions, moves = [*deletions, *joined.deletions], [*moves, *joined.renames]
        try:
            self._commit(writes, deletions, moves)
        except BaseException:
            for temp, _ in joined.renames if joined is not None and not (self.path / PENDING_FILE).exists() else ():
                with contextlib.suppress(OSError):  # the inner folders' new files, never put in place
                    (self.path / temp).unlink()
            raise
        for inner in joined.folders if joined is not None else ():
            COMMITS.committed(inner)

    def _commit(self, writes: dict[str, str], deletions: Sequence[str], moves: Sequence[tuple[str, str]] = ()) -> None:
        """Replace several files as one step that a crash cannot leave half done.

        Each new file is written to a temporary file beside its target and
        fsync'ed. Then a manifest (``.arbiter.pending``) naming every rename and
        deletion is written atomically; from that moment the change counts as
        made. The renames follow, and the manifest is removed. A command that
        finds a manifest (its writer was killed) completes it first
        (:meth:`_recover`); a crash before the manifest leaves the old files.
        A Ctrl-C before the manifest undoes the change; from the manifest on it
        waits until the command ends (:mod:`arbiter_cli.store.commits`).

        ``moves`` are folders already built beside their places (a group event's stages): renamed
        with the files, through the same manifest, so that a kill leaves the folder before or after;
        before the manifest they stay where they are, for the caller to remove.
        """
        kept, self.kept = self.kept, None  # the read cache's context is the files before: the rest of the
        if not writes and not deletions and not moves:  # command reads them
            return
        staged: list[tuple[str, str]] = []
        writing = ""
        joined = self.joined
        try:
            for name, text in writes.items():
                writing = name
                target = self.path / name
                target.parent.mkdir(parents=True, exist_ok=True)
                temp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
                staged.append((str(temp.relative_to(self.path)), name))  # before writing: an interrupt
                _write_synced(temp, text)  # in the middle must remove it too
                _crash_test_pause()
            if joined is not None:  # the outer folder's manifest names them (Joined)
                inside = PurePosixPath(self.path.relative_to(joined.outer))
                joined.renames += [(str(inside / temp), str(inside / name)) for temp, name in [*staged, *moves]]
                joined.deletions += [str(inside / name) for name in deletions]
                joined.folders.append(str(self.path))
                return
            writing = PENDING_FILE
            manifest = json.dumps({"rename": [*staged, *moves], "delete": list(deletions)})
            COMMITS.committing()  # the commit point: from here on Ctrl-C waits for the command to end
            atomic_write(self.path / PENDING_FILE, manifest)
        except BaseException as error:
            for written, _ in staged:
                with contextlib.suppress(OSError):
                    (self.path / written).unlink()
            if isinstance(error, OSError):  # a full disk, no permission, a folder gone: one line, nothing changed
                raise BrokenFolder(f"cannot write the file: {error.strerror or error}; nothing was changed",
                                   source=writing) from None
            raise
        COMMITS.committed(str(self.path))
        try:
            self._apply([*staged, *moves], deletions)
        except OSError as error:  # after the manifest: the change is made, the next command completes it
            raise BrokenFolder(f"the change is recorded, but not every file could be put in place "
                               f"({error.strerror or error}); the next arbiter command in this folder completes "
                               "it", source=PENDING_FILE) from None
        if kept is not None:  # what the readers given their file alone make of what was written (issue 29)
            kept.keep_written(self._alone, writes, self._decoded)

    def _apply(self, renames: Sequence[Sequence[str]], deletions: Sequence[str]) -> None:
        directories = {self.path}
        for temp, name in renames:
            with contextlib.suppress(FileNotFoundError):  # a concurrent recovery moved it already
                os.replace(self.path / temp, self.path / name)
            directories.add((self.path / name).parent)
            _crash_test_pause()
        for name in deletions:
            with contextlib.suppress(FileNotFoundError):
                (self.path / name).unlink()
            directories.add((self.path / name).parent)
        for directory in directories:
            fsync_dir(directory)
        with contextlib.suppress(FileNotFoundError):
            (self.path / PENDING_FILE).unlink()
        fsync_dir(self.path)

    def _remove_stale_temporaries(self) -> None:
        """Temporary files left by a writer killed before its manifest (their change never happened),
        and the folders such a writer was building (:meth:`_remove_stale_staging`)."""
        for directory in (self.path, *(self.path / name for name in self.temporary_dirs)):
            for temp in directory.glob(".*.tmp-*") if directory.is_dir() else ():
                with contextlib.suppress(OSError):
                    temp.unlink()
        self._remove_stale_staging()

    def _remove_stale_staging(self) -> None:
        """The folders a writer killed before its manifest was building beside their places in this
        folder or in its folders of folders (``.NAME.new-PID``, ``.NAME.import-PID``, a group's final
        built inside one, ``stages/..final.new-PID.import-PID``), of a process no longer running: a
        manifest naming one was completed before this. Any command that opens the folder does it, a
        reader too (under its lock no writer is at work, and a running writer's PID is alive)."""
        for directory in (self.path, *(self.path / part.directory for part in self.layout.folders)):
            for staged in directory.glob(".*-*") if directory.is_dir() else ():
                found = _STAGING.fullmatch(staged.name)
                if found and staged.is_dir() and not process_alive(int(found.group(1))):
                    import shutil  # here: only a killed writer's leftovers need it (start-up, issue 29)

                    shutil.rmtree(staged, ignore_errors=True)

    def _recover(self) -> None:
        """Finish a change whose writer was killed after its manifest was written."""
        path = self.path / PENDING_FILE
        try:
            renames, deletions = _manifest(json.loads(path.read_text(encoding="utf-8")))
            if not all(self.owns(name) or name == DIGESTS_FILE or name in self.layout.person_files
                       or self._moved_whole(temp, name) or self._inner(name) for temp, name in renames) or \
                    not all(self.owns(name) or self._inner(name) for name in deletions):
                raise ValueError("a file that is not the folder's")
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError):
            raise BrokenFolder("an interrupted change cannot be completed: its manifest is damaged",
                              source=PENDING_FILE) from None
        try:
            self._apply(renames, deletions)
        except OSError as error:
            raise BrokenFolder(f"an interrupted change cannot be completed yet ({error.strerror or error}); "
                               "it stays recorded and the next command tries again", source=PENDING_FILE) from None

    def _inner(self, name: str) -> bool:
        """A path inside an entry of a folder of folders (a group event's stage): a change gathered
        into this folder's (:class:`Joined`)."""
        return isinstance(self.layout.claim(PurePosixPath(name)), Nested)

    def _moved_whole(self, temp: str, name: str) -> bool:
        """A folder the layout owns whole (a group event's ``stages``, ``stages/final``), built beside
        its place (``.NAME.new-PID``) and moved in by a change's manifest."""
        return ".new-" in Path(temp).name and self.layout.claim(PurePosixPath(name)) is True

    def _journal_text(self, command: str, changes: Sequence[Change], now: dt.datetime | None) -> str:
        path = self.path / JOURNAL_FILE
        try:
            existing = path.read_text(encoding="utf-8") if path.exists() else None
        except (OSError, UnicodeDecodeError) as error:
            raise BrokenFolder(f"cannot read the file: {error}", source=JOURNAL_FILE) from None
        return journal_text(existing, command, changes, now or dt.datetime.now(dt.timezone.utc), self.by)

    def _create(self, files: dict[str, str], last: str, command: str, change: Change) -> None:
        """Write a new folder's ``files`` and its first journal line; the file ``last`` comes last,
        since until it exists the folder is not a folder of its kind."""
        now = dt.datetime.now(dt.timezone.utc)
        files = {**files, JOURNAL_FILE: self._journal_text(command, [change], now)}
        first = {name: text for name, text in files.items() if name != last}
        first[DIGESTS_FILE] = record({name: text for name, text in files.items() if self.owns(name)},
                                     f"{_stamp(now)} {command}")
        self._commit(first, ())
        self._commit({last: files[last]}, ())

    def _build(self, files: dict[str, str], last: str, command: str, changes: Sequence[Change],
               read_back: Callable[[Any], object], subdirs: Sequence[str] = ()) -> None:
        """Make this folder, which must not exist or be empty, holding ``files`` (``last`` written
        last) and journal ``changes`` (the first is the creation): built beside its place as a
        folder of the same kind, read back with ``read_back`` (an unsound folder is refused), and
        moved in whole, so that a command killed meanwhile leaves no half-made folder."""
        if self.path.exists() and (not self.path.is_dir() or any(self.path.iterdir())):
            raise Refused(f"{self.path} already exists and is not an empty folder")
        staging = self.path.parent / f".{self.path.name}.new-{os.getpid()}"
        built = type(self)(staging)
        built.by = self.by
        try:
            try:
                staging.mkdir(parents=True)
                for sub in subdirs:
                    (staging / sub).mkdir()
            except OSError as error:
                raise BrokenFolder(f"cannot create {self.path}: {error.strerror}") from None
            built._create(files, last, command, changes[0])
            if len(changes) > 1:
                with built.lock(exclusive=True):
                    built._save_files(files, files, command, changes[1:])
            with built.lock(exclusive=False):
                read_back(built)
            try:
                if self.path.exists():
                    self.path.rmdir()
                move_into_place(staging, self.path)
            except OSError as error:
                raise BrokenFolder(f"cannot create {self.path}: {error.strerror}") from None
            fsync_dir(self.path.parent if str(self.path.parent) else Path("."))
        finally:
            if staging.exists():
                import shutil

                shutil.rmtree(staging, ignore_errors=True)

    def journal(self) -> list[Recorded]:
        """Every change the journal records, oldest first."""
        return read_journal(self._read_text(JOURNAL_FILE))

    # -- what the folder held after its last change -------------------------------

    def tracked(self) -> list[str]:
        """The folder's own files (by path inside it): those of :attr:`own_files` that exist and
        the files of its tracked sub-folders, hidden ``.arbiter`` files and temporaries left out.
        Anything else in the folder (a page or an export written there) is not the folder's."""
        names = [name for name in self.own_files if (self.path / name).is_file()]
        for sub in self.tracked_dirs:
            directory = self.path / sub
            if directory.is_dir():
                names += [f"{sub}/{p.name}" for p in directory.iterdir() if p.is_file() and not p.name.startswith(".")]
        return sorted(names)

    def _digests_after(self, writes: dict[str, str], deletions: Sequence[str], after: str) -> str:
        try:
            files: dict[str, str | bytes] = {name: (self.path / name).read_bytes() for name in self.tracked()
                                             if name not in deletions and name not in writes}
        except OSError as error:
            raise BrokenFolder(f"cannot read the folder's files: {error.strerror or error}") from None
        files.update({name: text for name, text in writes.items() if self.owns(name)})
        return record(files, after)

    def owns(self, name: str) -> bool:
        """Is ``name`` (a path inside the folder) one of the folder's own files, those arbiter writes
        (see :meth:`tracked` and :meth:`Layout.tracks <arbiter_cli.store.layout.Layout.tracks>`)?"""
        return self.layout.tracks(name)

    def hand_edits(self) -> tuple[list[str], str] | None:
        """The files changed outside arbiter since the last change (and that change), or None when
        the folder keeps no record yet (written by an earlier version)."""
        path = self.path / DIGESTS_FILE
        if not path.is_file():
            return None
        try:
            recorded = read_record(path.read_text(encoding="utf-8", errors="replace"))
            if recorded is None:
                return None
            now = {name: digest((self.path / name).read_bytes()) for name in self.tracked()}
        except OSError:  # unreadable: no record to compare with
            return None
        return differences(recorded, now), recorded.after

    def _require_folder(self) -> None:
        """Raise :class:`BrokenFolder` unless the folder is of the right kind."""
        raise NotImplementedError  # pragma: no cover - each kind of folder says what it needs
