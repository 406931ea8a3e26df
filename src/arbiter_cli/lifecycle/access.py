"""Who gets in (issue 26): the venue's access list, and the acts on it.

The owner, the managers and the arbiters of an event enter results from a browser
(``arbiter serve``). Each is on the folder's access list with a name (the journal's ``by`` for
every change they make), a role (:class:`~arbiter_cli.core.venue.Role`) and a sign-in code given
once, by ``arbiter access add``. The list keeps only a hash of the code.

**Why SHA-256, and not a password hash.** A code is 192 random bits
(``secrets.token_urlsafe(24)``, :data:`CODE_BYTES`), never a word a person chose. A slow password
hash (bcrypt, scrypt, Argon2) and a salt exist to make *guessing a low-entropy password* from a
stolen hash expensive; against 2**192 possible codes guessing is hopeless at any speed, so they
would only slow every sign-in. SHA-256 is one-way: a copy of the folder (a backup, a USB stick,
a shared drive) lets nobody sign in. A code is compared by its hash with
:func:`hmac.compare_digest` against every person on the list, so the time a comparison takes tells
nothing about a stored hash.

These acts are pure: the code is drawn by the caller (the events floor) and given in; nothing here
reads or writes a file.

>>> access = AccessList()
>>> code = "x" * 32
>>> done = add_person(access, "Deputy, Anna", "arbiter", code, "2026-05-01")
>>> done.change, signed_in(done.access, code), signed_in(done.access, "y" * 32)
(Change(change='access Deputy, Anna', old='', new='arbiter'), Person(name='Deputy, Anna', role=<Role.ARBITER: 'arbiter'>), None)
>>> after, gone, change = remove_person(done.access, "deputy, anna")
>>> gone.name, after.people, signed_in(after, code)
('Deputy, Anna', (), None)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from arbiter_cli.core.errors import BadArgument, Refused, shown_value
from arbiter_cli.core.model import NAME_LENGTH, name_text, printable
from arbiter_cli.core.venue import Person, Role
from arbiter_cli.core.words import folded, listed as names
from arbiter_cli.lifecycle.change import Change

__all__ = ["CODE_BYTES", "MAX_NAME", "DEFAULT_URL", "Entry", "AccessList", "Issued", "person_name", "parse_role",
           "code_digest", "valid_digest", "sign_in_link", "add_person", "remove_person", "signed_in"]

#: The random bytes of a sign-in code: 192 bits (at least 128 are wanted), 32 URL-safe characters.
CODE_BYTES = 24
#: The longest name on the list (a person's name, as the journal's ``by`` shows it): a name's, everywhere.
MAX_NAME = NAME_LENGTH
#: The longest text :func:`signed_in` hashes: a code is 32 characters; anything much longer is none.
_MAX_CODE = 256
#: Where ``arbiter serve`` listens by default: the sign-in link's start.
DEFAULT_URL = "http://127.0.0.1:8000"
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Entry:
    """A person on the access list: their ``name``, ``role``, the date they were ``added``
    (YYYY-MM-DD) and the SHA-256 of their code (``digest``, 64 hexadecimal digits)."""

    name: str
    role: Role
    added: str
    digest: str


@dataclass(frozen=True)
class AccessList:
    """The folder's access list, in the order the people were added."""

    people: tuple[Entry, ...] = ()

    def find(self, name: str) -> Entry | None:
        """The person called ``name``, case, accents and outer spaces ignored (:func:`folded`)."""
        key = folded(name)
        return next((entry for entry in self.people if folded(entry.name) == key), None)


@dataclass(frozen=True)
class Issued:
    """What ``access add`` did: the list after it, the person as listed, their code (shown once,
    never stored) and the journal line."""

    access: AccessList
    person: Entry
    code: str
    change: Change


def person_name(text: str) -> str:
    """A name for the access list, as a name is everywhere (:func:`~arbiter_cli.core.model.name_text`:
    printable text on one line, no bidirectional control, at most :data:`MAX_NAME` characters), not
    empty, outer spaces taken off. ValueError says what is wrong.

    >>> person_name("  Deputy, Anna ")
    'Deputy, Anna'
    >>> person_name("Anna" + chr(0x202E) + "nimda")
    Traceback (most recent call last):
    ...
    ValueError: contains a bidirectional control character (U+202E), which would reorder the text around it; use plain text
    """
    name = name_text(text).strip()
    if not name:
        raise ValueError("is empty; give the person's name")
    for char in name:
        if unicodedata.category(char) in ("Cs", "Co", "Cn"):
            raise ValueError(f"contains a character that is no text (U+{ord(char):04X})")
    return name


def parse_role(text: str) -> Role:
    """``owner``, ``manager`` or ``arbiter`` (any case) as a :class:`Role`; else a
    :class:`BadArgument` naming ``role``."""
    try:
        return Role(text.strip().lower())
    except ValueError:
        raise BadArgument(f"{text!r} is not a role; use owner, manager or arbiter", field="role") from None


def code_digest(code: str) -> str:
    """The SHA-256 of a sign-in code, as the access list keeps it (see the module on why SHA-256).

    >>> code_digest("abc")
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    """
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def sign_in_link(url: str, code: str) -> str:
    """The link that signs a person in: ``URL/signin?code=CODE`` (``url``: where ``arbiter serve``
    is reached, http or https, without a query). A bad ``url`` is a :class:`BadArgument` naming ``url``.

    >>> sign_in_link("http://10.0.0.5:8000/", "abc")
    'http://10.0.0.5:8000/signin?code=abc'
    """
    base = url.strip()
    try:
        printable(base)
        parts = urlsplit(base)
        parts.port  # noqa: B018 - a port that is no number raises here
    except ValueError:
        raise BadArgument(f"{url!r} is not a web address such as {DEFAULT_URL}", field="url") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or any(char.isspace() for char in base):
        raise BadArgument(f"{url!r} is not a web address such as {DEFAULT_URL} (http or https, a host, "
                          "no query)", field="url")
    return f"{base.rstrip('/')}/signin?code={code}"


def add_person(access: AccessList, name: str, role: str | None, code: str, today: str,
               new_code: bool = False) -> Issued:
    """``arbiter access add``: ``name`` may sign in as ``role`` with ``code`` (drawn by the caller,
    at least 128 random bits), from ``today``. A name already on the list is refused, unless
    ``new_code``: then the person's lost code is replaced (and their role, when one is given), the
    old code signs in no more. Bad arguments name ``name`` or ``role``."""
    try:
        name = person_name(name)
    except ValueError as error:
        raise BadArgument(str(error), field="name") from None
    chosen = None if role is None else parse_role(role)
    listed = access.find(name)
    if new_code:
        if listed is None:
            raise Refused(f"{name!r} is not on the access list; add them without --new-code")
        person = replace(listed, role=chosen or listed.role, digest=code_digest(code))
        people = tuple(person if entry is listed else entry for entry in access.people)
        change = Change(f"access {listed.name}", listed.role.value, f"{person.role.value}, new code")
        return Issued(AccessList(people), person, code, change)
    if chosen is None:
        raise BadArgument("give the person's role: owner, manager or arbiter", field="role")
    if listed is not None:
        raise Refused(f"{listed.name!r} is on the access list already ({listed.role.value}, added {listed.added}); "
                      "'arbiter access add NAME --new-code' replaces a lost code, 'arbiter access remove NAME' removes "
                      "them")
    person = Entry(name, chosen, today, code_digest(code))
    return Issued(AccessList((*access.people, person)), person, code, Change(f"access {name}", "", chosen.value))


def remove_person(access: AccessList, name: str) -> tuple[AccessList, Entry, Change]:
    """``arbiter access remove``: ``name`` (as :meth:`AccessList.find` finds it) signs in no more.
    A name not on the list is refused, naming it."""
    listed = access.find(name)
    if listed is None:
        held = f"it holds {names(repr(entry.name) for entry in access.people)}" if access.people else "it is empty"
        raise Refused(f"{shown_value(name.strip())} is not on the access list ({held})")
    people = tuple(entry for entry in access.people if entry is not listed)
    return AccessList(people), listed, Change(f"access {listed.name}", listed.role.value, "")


def signed_in(access: AccessList, code: str) -> Person | None:
    """Who ``code`` signs in (None: nobody). The code's hash is compared with every person's by
    :func:`hmac.compare_digest`, all of them, whichever matches."""
    if not code or len(code) > _MAX_CODE:
        return None
    digest = code_digest(code).encode("ascii")
    found: Entry | None = None
    for entry in access.people:
        if hmac.compare_digest(digest, entry.digest.encode("ascii")) and found is None:
            found = entry
    return None if found is None else Person(found.name, found.role)


def valid_digest(text: str) -> str:
    """A stored hash: 64 lowercase hexadecimal digits (ValueError otherwise)."""
    if not _HEX.fullmatch(text):
        raise ValueError("must be the SHA-256 of the code: 64 hexadecimal digits")
    return text
