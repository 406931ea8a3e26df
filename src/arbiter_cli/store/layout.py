"""What a folder owns, declared once per kind of folder (issue 24, "one event, many kinds").

Each kind of folder (an individual event, a team event, a knockout, a group event, a club;
:mod:`arbiter_cli.store.kinds` is their registry) declares its :class:`Layout`: the parts it
owns, each one of

* :class:`Document`: a file arbiter writes and reads whole (``tournament.toml``, ``club.toml``);
* :class:`~arbiter_cli.store.tables.Table`: a CSV file arbiter writes, with its columns and the
  reader of its rows (``players.csv``, ``bracket.csv``, ``journal.csv``...);
* :class:`~arbiter_cli.store.tables.RoundFiles`: the round files, ``rounds/01.csv``...;
* :class:`Outputs`: a folder of files arbiter writes (``final/``, the final standings);
* :class:`PersonFile`: a file a person writes and arbiter reads (``prizes.toml``; ``settings set`` changes one line);
* :class:`Marker`: a file the folder does not have, whose presence would make it read as another
  kind (``teams.csv`` in an individual event, ``club.toml`` in any event);
* :class:`Folders`: a folder of folders, each of a kind of its own (a group event's ``stages/``, a
  club's ``tournaments/``);
* :class:`Hidden`: arbiter's hidden files (``.arbiter.lock``, ``.arbiter.digests``, ``.arbiter.pending``).

Every kind also declares :data:`ACCESS`, the venue's access list (``access.csv``, issue 26): who may
sign in to ``arbiter serve``'s result entry, each by the hash of a code (:mod:`arbiter_cli.store.access`).
It is a :class:`Document` of every kind, so the no-clobber guard, the digests and hand edits,
recovery and ``verify`` cover it as they cover the event's own files.

Everything the folder needs to know about itself is derived from it: its own files
(:attr:`Layout.own_files`, what arbiter writes, tracked for hand edits by ``.arbiter.digests``), the
sub-folders whose files it tracks and where a killed writer may leave temporary files, and what no
output may land on (:meth:`Layout.claim`: every part, whoever writes it).

>>> layout = Layout((Document("tournament.toml"), Outputs("final"), PersonFile("prizes.toml"),
...                  Folders("stages", ("tournament",)), Hidden()))
>>> layout.own_files, layout.tracked_dirs
(('tournament.toml',), ('final',))
>>> layout.tracks("final/standings.csv"), layout.tracks("prizes.toml")
(True, False)
>>> [layout.claim(PurePosixPath(p)) for p in ("prizes.toml", "final/x/y", "index.html", ".arbiter.lock", "stages/A")]
[True, True, False, True, True]
>>> layout.claim(PurePosixPath("stages/A/players.csv"))
Nested(folders=Folders(directory='stages', kinds=('tournament',)), entry='A', rest=PurePosixPath('players.csv'))
"""

from pathlib import PurePosixPath
from typing import Any, NamedTuple

from arbiter_cli.store.digests import DIGESTS_FILE
from arbiter_cli.store.tables import RoundFiles, Table

__all__ = ["Layout", "Part", "Document", "PersonFile", "Marker", "Outputs", "Folders", "Hidden", "Nested",
           "LOCK_FILE", "PENDING_FILE", "ACCESS_FILE", "ACCESS"]

LOCK_FILE = ".arbiter.lock"
PENDING_FILE = ".arbiter.pending"  # the manifest of a change being written (see FolderStore._commit)


class Document(NamedTuple):
    """A file arbiter writes and reads whole: ``tournament.toml``, ``club.toml``."""

    name: str


#: The venue's access list (issue 26): a name, a role and the SHA-256 of a sign-in code per line.
ACCESS_FILE = "access.csv"


class PersonFile(NamedTuple):
    """A file a person writes and arbiter reads (``prizes.toml``): no output may land on it, but it is not
    tracked, since it is meant to be edited by hand; arbiter writes only the one line ``arbiter settings
    set`` changes (issue 27), in a change of the folder like any other."""

    name: str


class Marker(NamedTuple):
    """A file the folder does not have, whose presence would make it read as another kind of folder
    (``teams.csv`` makes an event a team event, ``club.toml`` any folder a club): no output may
    land on it, so that no output turns the folder into another kind."""

    name: str


class Outputs(NamedTuple):
    """A sub-folder of files arbiter writes and does not read back: ``final/``, the final standings."""

    directory: str


class Folders(NamedTuple):
    """A sub-folder of folders, each a folder of one of ``kinds`` (names in
    :mod:`arbiter_cli.store.kinds`), which owns what its own kind declares: a group event's
    ``stages/`` (round robins, or a knockout final), a club's ``tournaments/``. Every entry of it is
    the folder's; an entry that is not (yet) a folder of those kinds is kept for one, whole."""

    directory: str
    kinds: tuple[str, ...]


class Hidden(NamedTuple):
    """arbiter's hidden files, every name starting with ``prefix``: the lock, the digests of the last
    change, the manifest of a change being written."""

    prefix: str = ".arbiter"
    names: tuple[str, ...] = (LOCK_FILE, DIGESTS_FILE, PENDING_FILE)


#: The access list, a part of every kind of folder (individual, team, knockout, group event, club):
#: written by ``arbiter access add|remove`` only, read by them and by the Gate of ``arbiter serve``
#: (:mod:`arbiter_cli.store.access`); a group event's stages use their top folder's.
ACCESS = Document(ACCESS_FILE)

#: A part of a folder, as its kind declares it.
Part = Document | Table[Any, Any] | RoundFiles[Any, Any] | Outputs | PersonFile | Marker | Folders | Hidden


class Nested(NamedTuple):
    """A path inside a folder of folders: ``rest`` inside the ``entry`` of ``folders``. Whether it is
    owned is for the entry's own kind to say (:func:`arbiter_cli.store.kinds.owner_of`)."""

    folders: Folders
    entry: str
    rest: PurePosixPath


class Layout(NamedTuple):
    """Everything a kind of folder owns (see the module)."""

    parts: tuple[Part, ...]

    @property
    def own_files(self) -> tuple[str, ...]:
        """The top-level files arbiter writes (documents and tables), tracked for hand edits."""
        return tuple(part.name for part in self.parts if isinstance(part, (Document, Table)))

    @property
    def tracked_dirs(self) -> tuple[str, ...]:
        """The sub-folders whose files arbiter writes, each tracked for hand edits."""
        return tuple(part.directory for part in self.parts if isinstance(part, (RoundFiles, Outputs)))

    @property
    def temporary_dirs(self) -> tuple[str, ...]:
        """The sub-folders where a writer killed midway may have left temporary files."""
        return self.tracked_dirs

    @property
    def person_files(self) -> tuple[str, ...]:
        """The files a person writes (owned, never written, not tracked)."""
        return tuple(part.name for part in self.parts if isinstance(part, PersonFile))

    @property
    def folders(self) -> tuple[Folders, ...]:
        """The sub-folders of folders."""
        return tuple(part for part in self.parts if isinstance(part, Folders))

    def tracks(self, name: str) -> bool:
        """Is ``name`` (a POSIX path inside the folder) a file arbiter writes and tracks: an own file,
        or a file (not hidden) directly in a tracked sub-folder?"""
        head, _, rest = name.partition("/")
        if not rest:
            return name in self.own_files
        return head in self.tracked_dirs and "/" not in rest and not rest.startswith(".")

    def claim(self, relative: PurePosixPath) -> bool | Nested:
        """Does the folder own ``relative`` (a path inside it, at any depth)? True for a part and
        anything beneath it; :class:`Nested` inside an entry of a folder of folders (its own kind
        says); False for anything else (a page or an export written into the folder)."""
        if not relative.parts:
            return False
        first = relative.parts[0]
        for part in self.parts:
            match part:
                case Document(name) | Table(name) | PersonFile(name) | Marker(name) if first == name:
                    return True
                case RoundFiles(directory) | Outputs(directory) if first == directory:
                    return True
                case Hidden(prefix) if first.startswith(prefix):
                    return True
                case Folders(directory) if first == directory:
                    if len(relative.parts) <= 2:
                        return True
                    return Nested(part, relative.parts[1], PurePosixPath(*relative.parts[2:]))
        return False
