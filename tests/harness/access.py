"""Who gets in (issue 26), under random commands: ``access add`` (a new person, a name already on
the list, ``--new-code``, bad names and roles), ``access remove`` and ``access list``, in every kind
of folder (a group event's stages through ``--group`` and their own folder, a club's tournaments
each with its own list).

The harness keeps its own model of each list: who was added with which role and the code
``access add -f json`` gave them once; the codes removed or replaced. After every step that changed
the folder (I16):

* ``access list -f json`` shows exactly the people of the model, in the order they were added, with
  their roles, and no hash;
* every code of the model signs in as its person and role through ``open_gate`` (what ``arbiter
  serve`` asks), and every removed or replaced code signs in as nobody;
* no code is anywhere in the folder (only its hash is kept).

``export`` does not carry the list (the docs, "access.csv"): the folder imported from an export starts
with an empty model, as it starts with no ``access.csv``.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from arbiter_cli.core.venue import Person, Role
from arbiter_cli.events.access import open_gate
from harness.runs import said
from robustness._support import Run, run_here

__all__ = ["AccessModel", "NAMES", "ROLES", "ACTIONS", "valid_name", "key", "access_violations", "draws"]

#: The names drawn: people, the same person typed otherwise, and names the command must refuse
#: (empty, too long, a bidirectional control, a line break).
NAMES = ("Deputy, Anna", "Chief, Carla", "Ørsted, Kai", "=Formula, Fay", "  deputy, ANNA ", "Guerin, Zoe",
         "Guérin, Zoé", "", "x" * 101, "Anna\u202eBob", "Anna\nBob")
ROLES = ("owner", "manager", "arbiter", "arbiter", "Manager", "boss")
ACTIONS = ("add", "add", "add", "new code", "remove", "list")


def key(name: str) -> str:
    """A name as the list tells people apart (the docs, "access.csv"): case, accents and outer spaces
    ignored."""
    decomposed = unicodedata.normalize("NFKD", name.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def valid_name(name: str) -> bool:
    """Whether ``access add`` takes ``name`` (the docs, "access.csv": plain text, 1 to 100 characters)."""
    text = name.strip()
    return 0 < len(text) <= 100 and text.isprintable() and "\u202e" not in text


@dataclass
class AccessModel:
    """One folder's access list as the harness asked for it."""

    people: dict[str, tuple[str, Role, str]] = field(default_factory=dict)  # folded name -> (name, role, code)
    revoked: set[str] = field(default_factory=set)  # codes removed or replaced

    def expects(self, action: str, name: str, role: str) -> bool:
        """Whether ``action`` on ``name`` (with ``role``) must succeed."""
        known = key(name) in self.people
        match action:
            case "add":
                return valid_name(name) and not known and role.lower() in {r.value for r in Role}
            case "new code" | "remove":
                return known
        return True

    def took(self, action: str, name: str, run: Run) -> None:
        """What a successful ``action`` changed (``run``: its output, a JSON ``{name, role, code, link}``
        for an add)."""
        who = key(name)
        if who in self.people and action in ("new code", "remove"):
            self.revoked.add(self.people[who][2])
            if action == "remove":
                del self.people[who]
        if action in ("add", "new code"):  # a new code keeps the person's place on the list
            issued = json.loads(run.out)
            self.people[who] = (issued["name"], Role(issued["role"]), issued["code"])


def _bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def access_violations(place: list[str], home: Path, model: AccessModel) -> list[str]:
    """I16 for the list ``home`` keeps, read through ``place`` (``-d DIR`` and ``--group X``)."""
    shown = run_here(*place, "access", "list", "-f", "json")
    if shown.code != 0:
        return [f"access list exits {shown.code}: {said(shown)}"]
    listed = json.loads(shown.out)
    out = []
    if any(set(row) != {"name", "role", "added"} for row in listed):
        out.append(f"access list shows other columns than name, role, added: {sorted(listed[0])}")
    wanted = [(name, role.value) for name, role, _ in model.people.values()]
    if [(row["name"], row["role"]) for row in listed] != wanted:
        out.append(f"access list shows {[(row['name'], row['role']) for row in listed]}, asked for {wanted}")
    gate = open_gate(home)
    for name, role, code in model.people.values():
        if gate.sign_in(code) != Person(name, role):
            out.append(f"{name}'s code signs in as {gate.sign_in(code)}, not as {name} ({role.value})")
    for code in model.revoked:
        if gate.sign_in(code) is not None:
            out.append(f"a removed or replaced code still signs in, as {gate.sign_in(code)}")
    everything = _bytes(home)
    for name, _, code in model.people.values():
        if code.encode() in everything:
            out.append(f"{name}'s code is kept in the folder (only its hash may be)")
    return out


def draws() -> st.SearchStrategy[tuple[str, str, str]]:
    """An access command: its action, the name and the role."""
    return st.tuples(st.sampled_from(ACTIONS), st.sampled_from(NAMES), st.sampled_from(ROLES))
