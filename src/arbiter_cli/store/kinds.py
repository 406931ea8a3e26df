"""The kinds of folder arbiter keeps, in one registry: what a folder is, and what it owns.

A folder is one of five kinds, told apart in one place and in this order (the first that
matches wins):

==========  ============================================  =========================================
name        the folder holds                              its store
==========  ============================================  =========================================
club        ``club.toml``                                 :class:`~.club.ClubFolder`
groups      ``tournament.toml`` with system "groups"      :class:`~.group_folder.GroupFolder`
knockout    ``tournament.toml`` with a [knockout] table   :class:`~.knockout_folder.KnockoutFolder`
team        ``teams.csv``                                 :class:`~.team_folder.TeamFolder`
tournament  ``tournament.toml``                           :class:`~.tournament.TournamentFolder`
==========  ============================================  =========================================

:func:`folder_kind` says which a folder is (None: no folder of arbiter's), and each
:class:`FolderKind` carries its store class and the declaration of everything it owns
(:class:`~arbiter_cli.store.layout.Layout`). :func:`owner_of` says whether a path (where an
output would be written) belongs to a folder above it, of any kind, at any depth: a group
event's stages and a club's tournaments are folders of their own kinds inside it.
"""

import os
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from arbiter_cli.store.files import FolderStore
from arbiter_cli.store.layout import Document, Folders, Hidden, Layout, Marker, Nested, Outputs, PersonFile
from arbiter_cli.store.names import CLUB_FILE, SETTINGS_FILE, is_group_folder, is_knockout_folder, is_team_folder
from arbiter_cli.store.tables import RoundFiles, Table

__all__ = ["FolderKind", "KINDS", "folder_kind", "kind_named", "owner_of", "first_owned", "owned_paths", "resolved"]


class FolderKind(NamedTuple):
    """A kind of folder: its ``name`` (``"tournament"``, ``"team"``, ``"knockout"``, ``"groups"``,
    ``"club"``), its ``store`` class (loaded when first asked for: telling a folder's kind apart
    loads none of them), which declares what the folder owns (:attr:`layout`),
    ``detect`` (is the folder at this path one of this kind, asked after the kinds before it in
    :data:`KINDS`), and ``what``: the folder in a person's words (``"tournament"`` for every event,
    ``"club"``), as messages name it."""

    name: str
    loads: Callable[[], type[FolderStore]]
    detect: Callable[[Path], bool]
    what: str

    @property
    def store(self) -> type[FolderStore]:
        """The store class of this kind of folder."""
        return self.loads()

    @property
    def layout(self) -> Layout:
        """Everything a folder of this kind owns (:mod:`arbiter_cli.store.layout`)."""
        return self.store.layout

    def open(self, path: str | os.PathLike[str]) -> FolderStore:
        """The folder at ``path`` as this kind's store (not read yet: lock it and load it)."""
        return self.store(path)


def _is_event(path: Path) -> bool:
    return (path / SETTINGS_FILE).is_file()


def _club() -> type[FolderStore]:
    from arbiter_cli.store.club import ClubFolder

    return ClubFolder


def _groups() -> type[FolderStore]:
    from arbiter_cli.store.group_folder import GroupFolder

    return GroupFolder


def _knockout() -> type[FolderStore]:
    from arbiter_cli.store.knockout_folder import KnockoutFolder

    return KnockoutFolder


def _team() -> type[FolderStore]:
    from arbiter_cli.store.team_folder import TeamFolder

    return TeamFolder


def _tournament() -> type[FolderStore]:
    from arbiter_cli.store.tournament import TournamentFolder

    return TournamentFolder


#: The kinds, in the order they are told apart.
KINDS: tuple[FolderKind, ...] = (
    FolderKind("club", _club, lambda path: (path / CLUB_FILE).is_file(), "club"),
    FolderKind("groups", _groups, is_group_folder, "tournament"),
    FolderKind("knockout", _knockout, is_knockout_folder, "tournament"),
    FolderKind("team", _team, is_team_folder, "tournament"),
    FolderKind("tournament", _tournament, _is_event, "tournament"),
)


def folder_kind(path: str | os.PathLike[str]) -> FolderKind | None:
    """The kind of the folder at ``path``, or None when it is no folder of arbiter's (or no folder)."""
    folder = Path(path)
    return next((kind for kind in KINDS if kind.detect(folder)), None)


def kind_named(name: str) -> FolderKind:
    """The kind called ``name`` (``"tournament"``, ``"team"``, ``"knockout"``, ``"groups"``, ``"club"``)."""
    for kind in KINDS:
        if kind.name == name:
            return kind
    raise KeyError(name)


def _claims(folder: Path, kind: FolderKind, relative: PurePosixPath) -> bool:
    """Does the folder of ``kind`` at ``folder`` own ``relative``, a path inside it?"""
    claim = kind.layout.claim(relative)
    if not isinstance(claim, Nested):
        return claim
    entry = folder / claim.folders.directory / claim.entry
    inner = folder_kind(entry)
    if inner is None or inner.name not in claim.folders.kinds:
        return True  # kept for a folder of those kinds, whole
    return _claims(entry, inner, claim.rest)


def owner_of(path: str | os.PathLike[str], within: str | os.PathLike[str] | None = None
             ) -> tuple[Path, FolderKind] | None:
    """The nearest folder above ``path`` that owns it, and its kind: writing ``path`` would change
    that folder (one of its files or folders, at any depth, whoever writes them, or a file that
    would make it another kind). None when ``path`` is an ordinary place (a page beside the files
    of an event is one). The path is resolved first (``..``, symbolic links). With ``within``, only
    the folders inside that one are asked (those above it are known not to own it)."""
    found = first_owned([path], within)
    return None if found is None else found[1:]


def first_owned(paths: Iterable[str | os.PathLike[str]], within: str | os.PathLike[str] | None = None
                ) -> tuple[Path, Path, FolderKind] | None:
    """The first of ``paths`` that a folder above it owns (:func:`owner_of`), with that folder and
    its kind; None when none is owned. Each folder's kind is told once, however many paths share it
    (the pages of a site)."""
    kinds: dict[Path, FolderKind | None] = {}
    places: dict[Path, Path] = {}  # a folder -> where it really is
    try:
        top = None if within is None else Path(within).resolve()
    except (OSError, RuntimeError):
        return None
    for path in paths:
        try:
            target = resolved(Path(path), places)
        except (OSError, RuntimeError):
            continue
        folders = target.parents
        if top is not None and top in folders:
            folders = folders[:len(target.parts) - len(top.parts) - 1]
        for folder in folders:
            if folder not in kinds:
                kinds[folder] = folder_kind(folder)
            kind = kinds[folder]
            if kind is not None and _claims(folder, kind, PurePosixPath(target.relative_to(folder).as_posix())):
                return Path(path), folder, kind
    return None


def resolved(path: Path, places: dict[Path, Path]) -> Path:
    """``path.resolve()``, each folder resolved once (``places``): the pages of a site share a few."""
    if path.name in ("", ".", "..") or path.is_symlink():
        return path.resolve()
    if path.parent not in places:
        places[path.parent] = path.parent.resolve()
    return places[path.parent] / path.name


def owned_paths(folder: str | os.PathLike[str], kind: FolderKind | None = None) -> list[Path]:
    """Every path the folder owns as it stands, by its kind's declaration: each file it declares
    (there or not yet), each declared sub-folder and the files in it, its hidden files, and the
    folders of folders with what each of them owns in turn. What an output must never land on."""
    root = Path(folder)
    kind = kind or folder_kind(root)
    if kind is None:
        return []
    out: list[Path] = []
    for part in kind.layout.parts:
        match part:
            case Document(name) | Table(name) | PersonFile(name) | Marker(name):
                out.append(root / name)
            case RoundFiles(directory) | Outputs(directory):
                out += [root / directory, *_files(root / directory)]
            case Hidden(_, names):
                out += [root / name for name in names]
            case Folders(directory):
                out.append(root / directory)
                for entry in _entries(root / directory):
                    out.append(entry)
                    inner = folder_kind(entry)
                    if inner is not None and inner.name in part.kinds:
                        out += owned_paths(entry, inner)
    return out


def _files(directory: Path) -> Iterable[Path]:
    return sorted(p for p in directory.iterdir() if p.is_file()) if directory.is_dir() else ()


def _entries(directory: Path) -> Iterable[Path]:
    return sorted(directory.iterdir()) if directory.is_dir() else ()
