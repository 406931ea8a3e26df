"""A folder's files as their readers made them, kept from one command to the next (issue 29).

After one result the next command finds one round file (and the journal) changed: the other round
files and the registration read exactly as they did. :class:`ReadCache` keeps what the reader of
each file made of it (the settings and the players, checked; a round), pickled in the cache folder
(:meth:`arbiter_cli.store.site_cache.SiteCache.reads`, outside the folder), under the digest of

* the code that reads it (``version``: :func:`reading_version`) and the kind of folder;
* everything a reader is given besides its own file (the settings, the players a round names, the
  number of rounds...): the bytes of every file the folder tracks but the journal and the files of
  its sub-folders, and the names those sub-folders hold (:meth:`arbiter_cli.store.files.FolderStore.keep_reads`);
  a reader given nothing but its file (the settings, the players, the teams) has none of this in its
  key (:meth:`ReadCache.alone`);
* the file's name and its bytes.

The files stay the only truth: a changed byte anywhere a reader looks is another key, so an entry
is only ever what reading the same bytes would make again. A missing entry, one that is not whole
(the cache checks its length and CRC-32) or does not unpickle, is read from the file again, and a
value that does not pickle or a cache that cannot be written is simply not kept: never a word, never
another answer. Reading still checks the folder as a whole (the round files' names, the event's
integrity) on every load; only the parsing of each file is saved, and with it the import of
pydantic, which checks the settings and the players (:mod:`arbiter_cli.core.value`): some 0.2 s of
every start. A command that writes the folder reads it afresh from then on (``FolderStore._commit``).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Protocol, TypeVar

__all__ = ["Entries", "ReadCache", "reading_version"]

T = TypeVar("T")

#: The first bytes digested: this module's format (a change of what a key covers is a new format).
_FORMAT = b"arbiter-read-cache 1\n"


#: The files of the code whose change makes every entry stale.
_SOURCES = (".py", ".html", ".css", ".svg", ".toml", ".json")
#: The libraries whose code reads a file too (pydantic checks the settings and the players).
_LIBRARIES = ("pydantic", "pydantic_core")


@cache
def reading_version() -> str:
    """A digest of the code that reads a folder: this package's files (their names, sizes and times),
    its version, Python's, and the folders of pydantic and pydantic-core (their times: an upgrade
    writes them), found without importing them. Another build of the code finds no entry."""
    from arbiter_cli import __version__

    root = str(Path(__file__).resolve().parents[1])
    found = hashlib.sha256(f"{__version__} {sys.version}".encode())
    for library in _LIBRARIES:
        spec = find_spec(library)
        for place in (spec.submodule_search_locations or []) if spec is not None else []:
            try:
                found.update(f"{library} {place} {os.stat(place).st_mtime_ns}\n".encode())
            except OSError:
                continue
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda e: e.name)
            for entry in entries:
                if entry.is_dir():
                    if entry.name != "__pycache__":
                        stack.append(entry.path)
                elif entry.name.endswith(_SOURCES):
                    stat = entry.stat()
                    found.update(f"{entry.path[len(root):]} {stat.st_size} {stat.st_mtime_ns}\n".encode())
        except OSError:
            continue
    return found.hexdigest()


class Entries(Protocol):
    """Where entries are kept: bytes by key (:class:`arbiter_cli.store.site_cache.SiteCache`)."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, data: bytes) -> None: ...


def _named(name: str, data: bytes) -> bytes:
    """A file as a part of a digest: its name and length first, so that no two files run together."""
    return b"%d %s\0" % (len(data), name.encode("utf-8", "surrogateescape"))


class ReadCache:
    """What the readers of one folder made of its files, by the digest of what each read (see the
    module). ``context``: the files every reader may be given something of, as (name, bytes)."""

    def __init__(self, entries: Entries, version: str, kind: str, context: Iterable[tuple[str, bytes]]) -> None:
        found = hashlib.sha256(_FORMAT + f"{kind}\0{version}\0".encode("utf-8", "surrogateescape"))
        self._code = found.copy()
        for name, data in context:
            found.update(_named(name, data))
            found.update(data)
        self.entries = entries
        self._context = found.digest()
        self.rounds: list[str] = []  # the keys of the round files read, in their order (FolderStore.read_rounds)
        self.rounds_read = False  # ... all of them (FolderStore.derived keys on them)

    @property
    def context(self) -> str:
        """The digest of the code, the folder's kind and every file a reader may be given: of the
        event's registration, everything but its rounds (:meth:`FolderStore.read_digests
        <arbiter_cli.store.files.FolderStore.read_digests>`)."""
        return self._context.hex()

    def key(self, name: str, data: bytes) -> str:
        """The key of the file ``name`` holding ``data``, read in this folder's context."""
        found = hashlib.sha256(self._context)
        found.update(_named(name, data))
        found.update(data)
        return found.hexdigest()

    def alone(self, name: str, data: bytes) -> str:
        """The key of the file ``name`` holding ``data`` whose reader is given nothing but its bytes
        (the settings, the players, the teams: :meth:`arbiter_cli.store.files.FolderStore.read_table`
        without a context): the code's, the folder's kind's, its name and its bytes, whatever the
        folder's other files (after ``pair`` adds a round file, the players are found as they were)."""
        found = self._code.copy()
        found.update(b"alone\0")
        found.update(_named(name, data))
        found.update(data)
        return found.hexdigest()

    def named(self, name: str) -> str:
        """The key of what is kept of the file ``name`` whatever its bytes (the part of the journal
        checked already: :meth:`arbiter_cli.store.files.FolderStore.read_table`): the code's and the
        folder's kind's, and the name."""
        found = self._code.copy()
        found.update(_named(name, b""))
        return found.hexdigest()

    def value(self, name: str, data: bytes, make: Callable[[], T]) -> T:
        """What ``make`` reads of the file ``name`` (its bytes ``data``): the kept value, else made
        (and kept). An error of ``make`` (a fault in the file) is raised, and nothing is kept.

        A value made is given as it reads back from its entry, as a kept one is: equal to it, and
        sharing its objects (a default text of the model, a value of the settings) with no other
        file's, so that the keys of a site built from it (:mod:`arbiter_cli.render.site.memo`, which
        writes a shared object once) are the same whether a file was read or found kept."""
        return self.value_at(self.key(name, data), make)

    def keep_written(self, readers: Mapping[str, Callable[[str], object]], writes: Mapping[str, str],
                     decoded: Callable[[str, bytes], str]) -> None:
        """What the readers given nothing but their file (``readers``, by file: the settings, the players,
        the teams, read earlier in the command) make of the files a change wrote (``writes``: their
        texts), kept under those files' own keys (:meth:`alone`), as the next command would keep them: it
        finds them checked (issue 29: ``pair`` after ``player import`` imports no pydantic). The same
        reader on the same bytes, so the same value; a reader that fails, or a cache that cannot be
        written, keeps nothing, and the next command reads the file. Only in a command that has loaded
        pydantic (it checked something new, as ``player import`` does): one that found everything kept
        (``pair``, whose first round sets the status) would import it for this alone, which is the time
        the cache saves."""
        if "pydantic" not in sys.modules:
            return
        for name, text in writes.items():
            parse = readers.get(name)
            if parse is None:
                continue
            data = text.encode("utf-8")  # (the bytes written: files._write_synced)
            try:
                self.value_at(self.alone(name, data), lambda: parse(decoded(name, data)))  # noqa: B023
            except Exception:  # never a word, never another answer: the next command reads the file
                continue

    def value_at(self, key: str, make: Callable[[], T]) -> T:
        """:meth:`value` by the file's key (:meth:`key`)."""
        found = self.entries.get(key)
        if found is not None:
            try:
                kept: T = pickle.loads(found)
                return kept
            except Exception:  # any failure to unpickle is a miss
                pass
        made = make()
        try:
            dumped = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
            read_back: T = pickle.loads(dumped)
        except Exception:  # a value that does not pickle (or read back) is not kept
            return made
        self.entries.put(key, dumped)
        return read_back
