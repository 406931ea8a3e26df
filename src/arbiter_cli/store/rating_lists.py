"""The rating lists an arbiter loaded, kept as SQLite indexes in the user's data folder.

Each list is one file of ``lists/`` in the data folder (platformdirs' user data folder for
``arbiter``, or ``ARBITER_DATA_DIR``): ``fide.sqlite`` for FIDE's list, ``national-NAME.sqlite``
for a national list. A load builds the new index beside its place and renames it in, so the
previous load of the same list stays whole until the new one is complete, and stays as it was
when the new file is refused (a bad line, a FIDE ID listed twice) or the load is interrupted. A
command that is reading the old index meanwhile goes on reading it.

Each index holds the records (:class:`~arbiter_cli.ratings.fide_list.ListRecord`), indexed by
FIDE ID (and a national list by its own id) and by the normalised name
(:func:`~arbiter_cli.ratings.fide_list.normalised`), and a ``meta`` table: the list's name, its
date, the file it was loaded from, the form (TXT, XML, CSV), the number of players and when it was
loaded.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import sqlite3
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Refused
from arbiter_cli.ratings.fide_list import (ListRecord, list_format, national_columns, national_records, normalised,
                                           txt_records, xml_records)

if TYPE_CHECKING:
    from arbiter_cli.lifecycle.listed_players import Listing

__all__ = ["DATA_DIR_VARIABLE", "FIDE", "data_dir", "lists_dir", "LoadedList", "load_list", "loaded_lists",
           "ListIndex", "open_lists", "Found", "previous_load", "national_name", "listing", "require_lists"]

#: The environment variable that names the data folder (tests and scripts set it).
DATA_DIR_VARIABLE = "ARBITER_DATA_DIR"
#: The name FIDE's list is known by.
FIDE = "fide"

_FIELDS = ListRecord._fields
_COLUMNS = ", ".join(_FIELDS)
_TEXT_FIELDS = {"name", "federation", "sex", "title", "w_title", "o_title", "foa_title", "flag", "national_id"}
_TYPES = ", ".join(f"{field} {'TEXT' if field in _TEXT_FIELDS else 'INTEGER'}" for field in _FIELDS)
_SCHEMA = f"CREATE TABLE players ({_TYPES}, name_key TEXT NOT NULL)"
_INSERT = f"INSERT INTO players ({_COLUMNS}, name_key) VALUES ({', '.join('?' * (len(_FIELDS) + 1))})"
#: The most players read for one word of a name given in another order than the list's.
_CANDIDATES = 2000
_NATIONAL_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def data_dir() -> Path:
    """The user's data folder for ``arbiter``: ``ARBITER_DATA_DIR``, else platformdirs' choice
    (``~/.local/share/arbiter`` on Linux)."""
    given = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if given:
        return Path(given)
    from platformdirs import user_data_dir

    return Path(user_data_dir("arbiter", appauthor=False))


def lists_dir() -> Path:
    """Where the rating lists' indexes are. A data folder that is a file (or under one) is refused
    in one line naming ``ARBITER_DATA_DIR`` when the environment gave it."""
    folder = data_dir()
    lists = folder / "lists"
    blocked = next((place for place in (lists, *lists.parents) if place.exists() and not place.is_dir()), None)
    if blocked is not None:
        named = f" ({DATA_DIR_VARIABLE})" if os.environ.get(DATA_DIR_VARIABLE, "").strip() else ""
        raise BrokenFolder(f"the data folder{named} is not a folder: {blocked} is a file; name a folder for the "
                           "rating lists", source=str(folder))
    return lists


def national_name(name: str) -> str:
    """A national list's name (``--national NAME``), as its file is named: lowercase letters,
    digits, ``-`` and ``_``."""
    lowered = name.strip().lower()
    if not _NATIONAL_NAME.fullmatch(lowered) or lowered == FIDE:
        raise BadArgument(f"{name!r} is not a list's name: use up to 32 letters, digits, '-' or '_' (not 'fide')",
                          field="--national")
    return lowered


def _index_file(name: str) -> Path:
    return lists_dir() / (f"{FIDE}.sqlite" if name == FIDE else f"national-{name}.sqlite")


@dataclass(frozen=True)
class LoadedList:
    """A list as it was loaded: its name (``fide`` or the national list's), its date, the file it
    came from, its form (``txt``, ``xml``, ``csv``), its players, when it was loaded, its index."""

    name: str
    date: str
    source: str
    form: str
    players: int
    loaded: str
    path: Path

    @property
    def national(self) -> bool:
        return self.name != FIDE

    @property
    def label(self) -> str:
        """The list as messages name it: "FIDE's list of 2026-05-01", "the national list ger of ..."."""
        return f"FIDE's list of {self.date}" if self.name == FIDE else f"the national list {self.name} of {self.date}"


# -- loading -----------------------------------------------------------------------------------

class _Counted:
    """A binary stream's lines, counting the bytes read for the progress bar."""

    def __init__(self, stream: IO[bytes], step: Callable[[int], None]) -> None:
        self.stream, self.step, self.done = stream, step, 0

    def __iter__(self) -> Iterator[bytes]:
        step, count = self.step, 0
        for line in self.stream:
            self.done += len(line)
            count += 1
            if count % 20000 == 0:
                step(self.done)
            yield line
        step(self.done)


@contextlib.contextmanager
def _opened(path: Path, source: str) -> Iterator[tuple[IO[bytes], int]]:
    """The list file's bytes and their size; a ZIP archive (as FIDE ships its lists) is read
    through, when it holds one file."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise BadArgument("no such file", source=source) from None
    except IsADirectoryError:
        raise BadArgument("is a folder, not a rating list", source=source) from None
    except OSError as error:
        raise BadArgument(f"cannot read: {error.strerror}", source=source) from None
    with handle:
        if not zipfile.is_zipfile(handle):
            handle.seek(0)
            yield handle, os.fstat(handle.fileno()).st_size
            return
        handle.seek(0)
        with zipfile.ZipFile(handle) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) != 1:
                raise BadArgument(f"a ZIP archive of {len(members)} files; a rating list's archive holds one",
                                  source=source)
            with archive.open(members[0]) as member:
                yield member, members[0].file_size


def _records(source: str, national: bool, mapping: Mapping[str, str] | None,
             lines: Iterable[bytes]) -> tuple[str, Iterator[ListRecord]]:
    """The form of the list and its records."""
    if national:
        return "csv", national_records(lines, source, mapping or {})
    each = iter(lines)
    first = next(each, b"")
    form = list_format(first)
    lines = _chain(first, each)
    if form is None:
        raise BadArgument("not FIDE's rating list: its TXT form starts with the header 'ID Number  Name ...', its "
                          "XML form with <playerslist>; a national list is loaded with --national NAME",
                          source=source, line=1)
    return form, (txt_records if form == "txt" else xml_records)(lines, source)


def _chain(first: bytes, rest: Iterable[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def _rows(records: Iterator[ListRecord]) -> Iterator[tuple[object, ...]]:
    for record in records:
        yield (*record, normalised(record.name))


def _duplicate(connection: sqlite3.Connection, column: str, what: str, form: str, source: str,
               label: str) -> BadArgument | None:
    """The first value of ``column`` the list holds twice, as the error that names both places
    (``label``: the file's own name of the column)."""
    found = connection.execute(f"SELECT {column}, MIN(line), MAX(line) FROM players WHERE {column} IS NOT NULL "
                               f"GROUP BY {column} HAVING COUNT(*) > 1 ORDER BY MIN(line) LIMIT 1").fetchone()
    if found is None:
        return None
    value, first, second = found
    if form == "xml":
        return BadArgument(f"{what} {value} is listed twice (players {first} and {second} of the list)",
                           source=source)
    return BadArgument(f"{what} {value} is also on line {first}", source=source, line=second, field=label)


def _remove_dead_stagings(target: Path) -> None:
    """The staged copies a load killed before its rename left beside ``target`` (``.NAME.tmp-PID``,
    the trial of issue 29 found them kept for good): removed when their process is gone, a load still
    running left alone."""
    for staged in target.parent.glob(f".{target.name}.tmp-*"):
        pid = staged.name.rsplit("-", 1)[-1]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:  # gone: its load never happened
            with contextlib.suppress(OSError):
                staged.unlink()
        except OSError:  # alive, another user's: left alone
            continue


def load_list(path: Path, *, national: str | None = None, mapping: Mapping[str, str] | None = None,
              date: str | None = None, progress: Callable[[int, int | None], None] | None = None) -> LoadedList:
    """Load the list in ``path`` (FIDE's in its TXT or XML form, or with ``national`` a national
    list's CSV read by ``mapping``) into its index, replacing the previous load of the same list
    whole, or not at all. ``date``: the list's date (default: the file's date). ``progress(done,
    total)`` is told the bytes read."""
    name = FIDE if national is None else national_name(national)
    source = str(path)
    target = _index_file(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    _remove_dead_stagings(target)
    step: Callable[[int, int | None], None] = progress or (lambda done, total: None)
    try:
        modified = dt.date.fromtimestamp(path.stat().st_mtime).isoformat()
    except OSError:
        modified = dt.date.today().isoformat()
    try:
        with _opened(path, source) as (stream, size):
            counted = _Counted(stream, lambda done: step(done, size))
            form, records = _records(source, national is not None, mapping, counted)
            with contextlib.suppress(FileNotFoundError):
                staging.unlink()
            connection = sqlite3.connect(staging, isolation_level=None)
            try:
                connection.execute("PRAGMA journal_mode = OFF")
                connection.execute("PRAGMA synchronous = OFF")
                connection.execute("PRAGMA locking_mode = EXCLUSIVE")
                connection.execute("PRAGMA temp_store = MEMORY")
                connection.execute("PRAGMA cache_size = -262144")  # 256 MiB while the indexes are sorted
                connection.execute("BEGIN")
                connection.execute(_SCHEMA)
                connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                connection.executemany(_INSERT, _rows(records))
                rows = connection.execute("SELECT COUNT(*) FROM players").fetchone()[0]
                if rows == 0:
                    raise BadArgument("the list holds no players", source=source)
                columns = national_columns(mapping or {}) if national is not None else \
                    {"fide_id": "ID Number" if form == "txt" else "fideid"}
                for column, what, label in (("fide_id", "FIDE ID", columns.get("fide_id", "fide_id")),
                                            ("national_id", "national id", columns.get("id", "id"))):
                    try:
                        connection.execute(f"CREATE UNIQUE INDEX by_{column} ON players ({column})")
                    except sqlite3.IntegrityError:
                        raise _duplicate(connection, column, what, form, source, label) or BadArgument(
                            f"a {what} is listed twice", source=source) from None
                connection.execute("CREATE INDEX by_name ON players (name_key)")
                loaded = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
                meta = {"name": name, "date": date or modified, "source": str(path.resolve()), "form": form,
                        "players": str(rows), "loaded": loaded}
                connection.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
                connection.execute("COMMIT")
            finally:
                connection.close()
        with open(staging, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(staging, target)
    except BaseException:
        with contextlib.suppress(OSError):
            staging.unlink()
        raise
    from arbiter_cli.store.files import fsync_dir  # here: 'lists find' starts faster without it

    fsync_dir(target.parent)
    return LoadedList(name, meta["date"], meta["source"], form, rows, loaded, target)


# -- reading -----------------------------------------------------------------------------------

def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _loaded(path: Path, connection: sqlite3.Connection) -> LoadedList:
    try:
        meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
        return LoadedList(meta["name"], meta["date"], meta["source"], meta["form"], int(meta["players"]),
                          meta["loaded"], path)
    except (sqlite3.DatabaseError, KeyError, ValueError):
        raise BrokenFolder("not a rating list's index (load the list again: 'arbiter lists load FILE')",
                           source=str(path)) from None


@dataclass(frozen=True)
class Found:
    """A record found in a list."""

    list: LoadedList
    record: ListRecord


class ListIndex:
    """The loaded lists, open for reading: FIDE's first, then the national lists by name."""

    def __init__(self, paths: Iterable[Path]) -> None:
        self._open: list[tuple[LoadedList, sqlite3.Connection]] = []
        try:
            for path in paths:
                connection = _connect(path)
                self._open.append((_loaded(path, connection), connection))
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        for _, connection in self._open:
            connection.close()
        self._open = []

    @property
    def lists(self) -> list[LoadedList]:
        return [loaded for loaded, _ in self._open]

    @property
    def fide(self) -> LoadedList | None:
        return next((loaded for loaded in self.lists if not loaded.national), None)

    def _query(self, sql: str, arguments: tuple[object, ...]) -> list[Found]:
        found: list[Found] = []
        for loaded, connection in self._open:
            try:
                rows = connection.execute(sql, arguments).fetchall()
            except sqlite3.DatabaseError as error:
                raise BrokenFolder(f"the index does not read ({error}); load the list again", source=str(loaded.path)) \
                    from None
            found.extend(Found(loaded, ListRecord(*row)) for row in rows)
        return found

    def by_fide_id(self, fide_id: int) -> ListRecord | None:
        """The player of this FIDE ID: FIDE's record, with the national id and rating of the first
        national list that has them; or a national list's record when FIDE's list has none."""
        found = self._query(f"SELECT {_COLUMNS} FROM players WHERE fide_id = ?", (fide_id,))
        if not found:
            return None
        first = found[0].record
        national = next((f.record for f in found if f.list.national), None)
        if national is not None and not found[0].list.national:
            first = first._replace(national_id=national.national_id, national_rating=national.national_rating)
        return first

    def by_national_id(self, national_id: str) -> ListRecord | None:
        """The player of this id of a national list (``G001`` as given, or in upper or lower case): the
        national list's record, with FIDE's fields when it names a FIDE ID that FIDE's list has."""
        text = national_id.strip()
        found = [f for f in self._query(f"SELECT {_COLUMNS} FROM players WHERE national_id IN (?, ?, ?)",
                                        (text, text.upper(), text.lower())) if f.list.national]
        if not found:
            return None
        record = found[0].record
        fide = self.by_fide_id(record.fide_id) if record.fide_id is not None else None
        if fide is not None and fide.national_id == record.national_id:
            return fide
        return record

    def search(self, query: str, limit: int = 20) -> list[Found]:
        """``query``: a FIDE ID (or a national id), or a name or its start, in either order
        ("Carlsen, Magnus", "carlsen m", "Magnus Carlsen"), accents and case left aside."""
        text = query.strip()
        if text.isdigit():
            return self._query(f"SELECT {_COLUMNS} FROM players WHERE fide_id = ? OR national_id = ? LIMIT ?",
                               (int(text), text, limit))
        if text and not any(char.isspace() for char in text) and any(char.isdigit() for char in text):
            by_id = self._query(f"SELECT {_COLUMNS} FROM players WHERE national_id IN (?, ?, ?) LIMIT ?",
                                (text, text.upper(), text.lower(), limit))  # a national id: "G001", "10001-1"
            if by_id:
                return by_id
        key = normalised(text)
        if not key:
            raise BadArgument("give a name or a FIDE ID to find", field="NAME|ID")
        found = self._starting(key, limit)
        words = key.split()
        if len(found) < limit and len(words) > 1:  # the words in another order: "Magnus Carlsen", "magnus carl"
            seen = {(item.list.name, item.record.line) for item in found}
            for word in sorted({w for w in words if len(w) > 1}, key=len, reverse=True):
                for item in self._starting(word, _CANDIDATES):
                    name = normalised(item.record.name).split()
                    if (item.list.name, item.record.line) not in seen and \
                            all(any(part.startswith(w) for part in name) for w in words):
                        seen.add((item.list.name, item.record.line))
                        found.append(item)
        return found[:limit]

    def _starting(self, key: str, limit: int) -> list[Found]:
        """The players whose normalised name starts with ``key``, by name (the index's order)."""
        return self._query(f"SELECT {_COLUMNS} FROM players WHERE name_key >= ? AND name_key < ? "
                           "ORDER BY name_key, fide_id LIMIT ?", (key, key + "\U0010ffff", limit))


def previous_load(national: str | None) -> LoadedList | None:
    """The load a new load of this list (FIDE's, or the national list ``national``) would replace;
    None when there is none, or its index does not read (a load then mends it)."""
    path = _index_file(FIDE if national is None else national_name(national))
    if not path.is_file():
        return None
    try:
        connection = _connect(path)
    except sqlite3.Error:
        return None
    try:
        return _loaded(path, connection)
    except BrokenFolder:
        return None
    finally:
        connection.close()


def loaded_lists() -> list[LoadedList]:
    """Every list loaded, FIDE's first."""
    with open_lists() as index:
        return index.lists


@contextlib.contextmanager
def open_lists() -> Iterator[ListIndex]:
    """The loaded lists, for reading (none loaded: an index of none)."""
    folder = lists_dir()
    try:
        names = sorted(path.name for path in folder.iterdir() if path.suffix == ".sqlite"
                       and not path.name.startswith("."))
    except FileNotFoundError:
        names = []
    except OSError as error:
        raise BrokenFolder(f"cannot read the rating lists' folder: {error.strerror}", source=str(folder)) from None
    ordered = sorted(names, key=lambda n: (n != f"{FIDE}.sqlite", n))
    index = ListIndex(folder / name for name in ordered)
    try:
        yield index
    finally:
        index.close()


def listing(index: ListIndex) -> Listing | None:
    """The loaded lists as the acts look players up in them (None: no list loaded)."""
    from arbiter_cli.lifecycle.listed_players import Listing

    if not index.lists:
        return None
    main = index.fide
    return Listing(index.by_fide_id, main.label if main is not None else " and ".join(l.label for l in index.lists),
                   main.date if main is not None else max(l.date for l in index.lists), index.by_national_id,
                   " and ".join(l.label for l in index.lists if l.national))


def require_lists(index: ListIndex) -> None:
    """Refuse when no list is loaded."""
    if not index.lists:
        raise Refused("no rating list is loaded: load FIDE's with 'arbiter lists load players_list_foa.txt' (or its "
                      "XML form)")
