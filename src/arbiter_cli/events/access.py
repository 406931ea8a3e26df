"""Who gets in (issue 26), for every kind of folder: ``arbiter access add|list|remove`` and the
:class:`~arbiter_cli.core.venue.Gate` that ``arbiter serve`` asks at each sign-in.

Every kind of event and a club keep their own access list (``access.csv``,
:mod:`arbiter_cli.store.access`); a group event's stages, opened with ``--group NAME`` or by their
own folder, use the group event's list, in its top folder. Each change is made under the folder's
lock, all or nothing, and journalled with its ``by``; a refused one changes nothing.

The code is drawn here (``secrets.token_urlsafe``, :data:`~arbiter_cli.lifecycle.access.CODE_BYTES`
random bytes), shown once and never stored: the list keeps its SHA-256
(:mod:`arbiter_cli.lifecycle.access` says why that hash suffices). The Gate reads the list afresh
at every sign-in, so that a removed person's code, or a replaced one, signs in no more from the
moment the command ends; a list that does not read lets nobody in (a :class:`BrokenFolder`, which
the server shows as "the access list does not read now").
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.venue import Gate, Person
from arbiter_cli.lifecycle.access import (CODE_BYTES, DEFAULT_URL, AccessList, add_person, remove_person, signed_in,
                                          sign_in_link)

if TYPE_CHECKING:
    from arbiter_cli.lifecycle.integrity import Problem
    from arbiter_cli.render.output import Format, View
    from arbiter_cli.store.files import FolderStore

__all__ = ["DEFAULT_URL", "draw_code", "add", "show", "remove", "open_gate", "FolderGate", "access_problems"]


class Caller(Protocol):
    """What these operations ask of the :class:`~arbiter_cli.events.base.Caller` (the command line)."""

    @property
    def command(self) -> str: ...

    @property
    def by(self) -> str: ...

    @property
    def format(self) -> Format: ...

    @property
    def terminal(self) -> bool: ...

    def say(self, message: str) -> None: ...

    def show(self, view: View) -> None: ...

    def write(self, text: str) -> None: ...

    def waiting(self, message: str) -> None: ...


def _where(path: Path) -> str:
    return "this folder" if str(path) in (".", "") else str(path)


@contextmanager
def _locked(path: Path, caller: Caller, exclusive: bool) -> Iterator[tuple[FolderStore, AccessList]]:
    """The folder holding the access list ``path`` uses, under its lock, and the list as it reads."""
    from arbiter_cli.store.access import access_source, access_store, read_access

    folder = access_store(path)
    folder.by = caller.by
    with folder.lock(exclusive=exclusive, holder=caller.command if exclusive else "", waiting=caller.waiting):
        yield folder, read_access(folder.path, access_source(path))


def draw_code() -> str:
    """A sign-in code: :data:`~arbiter_cli.lifecycle.access.CODE_BYTES` random bytes, URL-safe, drawn
    again while it starts with ``-`` or ``_`` (a CSV for people would neutralise a cell starting with
    a sign as a formula, and a shell reads ``-`` as an option): 192 bits less a tenth of one."""
    while True:
        code = secrets.token_urlsafe(CODE_BYTES)
        if code[0].isalnum():
            return code


def add(path: Path, caller: Caller, name: str, role: str | None, url: str | None, new_code: bool) -> None:
    """``arbiter access add NAME --role ROLE [--url URL] [--new-code]``: a new person on the list
    (or, with ``new_code``, a listed person's lost code replaced), their code and sign-in link shown
    once on stdout (JSON ``{name, role, code, link}`` with ``--format json``), and on a terminal the
    link as a QR code."""
    from arbiter_cli.render.access import issued_text
    from arbiter_cli.render.output import Format
    from arbiter_cli.render.qr import terminal_qr
    from arbiter_cli.store.access import save_access

    code = draw_code()
    link = sign_in_link(DEFAULT_URL if url is None else url, code)  # a bad --url refused before the lock
    with _locked(path, caller, exclusive=True) as (folder, access):
        issued = add_person(access, name, role, code, dt.date.today().isoformat(), new_code)
        save_access(folder, issued.access, caller.command, [issued.change])
    person = issued.person
    caller.write(issued_text(person.name, person.role.value, code, link, caller.format))
    if caller.terminal and caller.format is Format.table:
        caller.write(terminal_qr(link))
    home = _where(folder.path)
    if new_code:
        caller.say(f"{person.name} has a new code on the access list of {home}; the old one signs in no more")
    else:
        caller.say(f"added {person.name} ({person.role.value}) to the access list of {home}")
    caller.say("note: the code is shown this once; only its hash is kept. A lost code is replaced with "
               "'arbiter access add NAME --new-code'")
    if url is None:
        caller.say(f"note: the link is for 'arbiter serve' on this computer ({DEFAULT_URL}); for phones on the "
                   "venue network give --url http://ADDRESS:PORT, the address 'arbiter serve --host 0.0.0.0' "
                   "prints (the code can also be typed at /signin)")


def show(path: Path, caller: Caller) -> None:
    """``arbiter access list``: who may sign in, in which role, since when (never a hash)."""
    from arbiter_cli.render.access import access_view

    with _locked(path, caller, exclusive=False) as (folder, access):
        view = access_view(access, f"{_where(folder.path)}: access list")
    caller.show(view)


def remove(path: Path, caller: Caller, name: str) -> None:
    """``arbiter access remove NAME``: the person's code signs in no more, at once."""
    from arbiter_cli.store.access import save_access

    with _locked(path, caller, exclusive=True) as (folder, access):
        after, gone, change = remove_person(access, name)
        save_access(folder, after, caller.command, [change])
    caller.say(f"removed {gone.name} ({gone.role.value}) from the access list of {_where(folder.path)}; "
               "their code signs in no more")


class FolderGate:
    """The :class:`~arbiter_cli.core.venue.Gate` of a folder: each :meth:`sign_in` reads the access
    list afresh (no lock, so that a long command never keeps people waiting: the file is only ever
    replaced whole, by a rename), so a change by ``arbiter access`` counts from the moment it is made.
    A list that does not read, or whose change was killed before it was complete, lets nobody in: it
    is a :class:`BrokenFolder` (the server says the list does not read now, and keeps its sessions
    for when it reads again)."""

    def __init__(self, path: Path) -> None:
        from arbiter_cli.store.access import access_home

        self.path = path
        self.home = access_home(path)

    def people(self) -> AccessList:
        """The access list as it reads now (a :class:`BrokenFolder` when it does not, or when a change
        of it was cut short after its commit point: until the next command of the folder completes
        it, the file still holds the list before the change)."""
        from arbiter_cli.store.access import access_source, access_unsettled, read_access

        source = access_source(self.path)
        access = read_access(self.home, source)
        if access_unsettled(self.home):
            raise BrokenFolder("a change of the access list was cut short; the next arbiter command in the "
                               "folder completes it", source=source)
        return access

    def sign_in(self, code: str) -> Person | None:
        """Who ``code`` signs in, by the list as it is now; None: nobody (an unknown, removed or
        replaced code). A list that does not read now is a :class:`BrokenFolder` (:meth:`people`)."""
        return signed_in(self.people(), code)


def open_gate(path: Path) -> Gate:
    """The Gate of the event or club folder at ``path`` (a group event's stage: its event's list).
    A folder of no kind, or an access list that does not read now, is a :class:`BrokenFolder`
    naming it, so that ``serve`` can refuse to start rather than let nobody in silently."""
    from arbiter_cli.store.access import access_store

    access_store(path)  # a folder of arbiter's, or the error that says it is not
    gate = FolderGate(path)
    gate.people()
    return gate


def access_problems(path: Path) -> list[Problem]:
    """``arbiter verify``: the fault of the folder's own ``access.csv``, if it does not read."""
    from arbiter_cli.lifecycle.integrity import Problem
    from arbiter_cli.store.access import read_access

    try:
        read_access(path)
    except BrokenFolder as error:
        return [Problem(error.source or "access.csv", error.message, error.line, error.field)]
    return []
