"""``arbiter settings``: show an event's settings, change one, or set one back to its default (issue 27).

One operation for every kind of event. A kind opens its folder as a :class:`Door` (its settings'
tables, how far it is, how its folder reads a ``tournament.toml`` and how it saves one); the rest
is here, the same for all:

* the change is the life cycle's act (:func:`arbiter_cli.lifecycle.settings.change_setting`): the
  value typed from the field, the model's own rules, the rule of when the key may change;
* the new ``tournament.toml`` (or ``prizes.toml``) is read back as the folder's reader reads it, so
  that the command never writes a file the next command would refuse (a team tie-break code that
  is none, a key the kind does not keep);
* it is saved under the folder's lock, all or nothing, with its journal line, as every change is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from arbiter_cli.core.errors import BadArgument, BrokenFolder, Refused
from arbiter_cli.core.setting_keys import PRIZES, Key, Table, Tables, value_of

_Model = TypeVar("_Model", bound="Checkable")

if TYPE_CHECKING:
    from arbiter_cli.core.value import Checkable
    from arbiter_cli.lifecycle.change import Change
    from arbiter_cli.lifecycle.settings import Progress
    from arbiter_cli.render.output import View

__all__ = ["Door", "Opener", "show", "change", "table", "with_prize_fund"]


class _Caller(Protocol):
    """What the operations show through (the event's caller)."""

    def say(self, message: str) -> None: ...

    def show(self, view: View) -> None: ...


@dataclass
class Door:
    """A kind's settings as its folder holds them, opened under the folder's lock.

    ``tables``: the models of ``tournament.toml`` (``""`` the top level; ``team``, ``knockout``,
    ``groups``); ``read_back``: the tables as the folder would read them from the ``tournament.toml``
    it would write for ``tables`` (a :class:`BrokenFolder` when it would refuse it); ``save``: write
    the folder with ``tables`` and ``files`` (other files of the change, by name), journalling the
    changes, and give the notes of what else it changed (the start numbers); ``prizes``: the text of ``prizes.toml`` when the kind reads one and the folder has it;
    ``read_prizes``: that text read as the kind reads it; ``hidden``: keys of the models the kind does
    not keep (a group event's ``rounds``).
    """

    tables: dict[str, Table]
    progress: Progress
    read_back: Callable[[Tables], Tables]
    save: Callable[[Tables, Sequence[Change], Mapping[str, str]], Sequence[str] | None]
    what: str = "tournament.toml"
    prizes: str | None = None
    read_prizes: Callable[[str], Table] | None = None
    hidden: frozenset[str] = field(default_factory=frozenset)

    @property
    def all_tables(self) -> dict[str, Table]:
        """The tables with the prize fund's, when the folder has one."""
        if self.prizes is None or self.read_prizes is None:
            return dict(self.tables)
        return {**self.tables, PRIZES: self.read_prizes(self.prizes)}


def table(tables: Tables, name: str, model: type[_Model]) -> _Model:
    """The table ``name`` of ``tables``, as the kind's model."""
    found = tables[name]
    assert isinstance(found, model)
    return found


def with_prize_fund(door: Door, folder: Path, team: bool = False) -> Door:
    """``door`` with the folder's ``prizes.toml`` (when it has one), read as the kind reads it
    (``team``: a team event's)."""
    from arbiter_cli.store.files import read_optional_text
    from arbiter_cli.store.prizes import PRIZES_FILE, parse_prizes

    door.prizes = read_optional_text(folder / PRIZES_FILE, PRIZES_FILE)
    door.read_prizes = partial(parse_prizes, team=team)
    return door


#: How a kind opens its :class:`Door`: ``exclusive`` for a change (the folder's exclusive lock).
Opener = Callable[[bool], AbstractContextManager[Door]]


def show(open_door: Opener, caller: _Caller) -> None:
    """``arbiter settings``: every key, its value, when it may change and what it means."""
    from arbiter_cli.lifecycle.settings import listing
    from arbiter_cli.render.settings import settings_view

    with open_door(False) as door:
        rows = listing(door.all_tables, door.progress, door.hidden)
        name = getattr(door.tables[""], "name", "")
    caller.show(settings_view(f"{name}: settings", rows))


def change(open_door: Opener, caller: _Caller, stage: str, key: str, value: str | None) -> None:
    """``arbiter settings set KEY VALUE`` (``value`` None: ``settings unset KEY``); ``stage``: the
    name of the group event's stage the event is, if it is one."""
    from arbiter_cli.lifecycle.settings import change_setting
    from arbiter_cli.store.prizes import PRIZES_FILE

    if stage:
        what = "the final" if stage == "final" else f"group {stage}"
        raise Refused(f"this is {what} of a group event: its settings are the event's, set in the event's folder "
                      "before the groups start")
    with open_door(True) as door:
        if key.strip().startswith(f"{PRIZES}.") and door.prizes is None:
            where = "reads no prize fund (each stage has its own)" if door.read_prizes is None else \
                f"has no {PRIZES_FILE}; write the prize fund first (see docs/guides/prizes.md)"
            raise Refused(f"the folder {where}", field=key.strip())
        edited: dict[str, str] = {}
        done = change_setting(door.all_tables, key, value, door.progress, door.hidden,
                              partial(_put, door, edited))
        if done.change is None:
            caller.say(f"{done.key.name} is {_words(done.new)} already: nothing changed")
            return
        tables = {name: model for name, model in done.tables.items() if name != PRIZES}
        if done.key.table != PRIZES:
            _read_back(door, tables, done.key, done.new)
        notes = door.save(tables, [done.change, *done.follows], edited) or ()
    caller.say(f"{done.change.change}: {done.change.old or 'none'} -> {done.change.new or 'none'}")
    for note in (*done.notes, *notes):
        caller.say(note)


def _words(value: Any) -> str:
    from arbiter_cli.core.setting_keys import shown

    return shown(value) or "none"


def _put(door: Door, edited: dict[str, str], tables: Tables, key: Key, value: Any) -> dict[str, Table]:
    """``value`` put into ``tables``: a key of ``tournament.toml`` into its model; a key of the prize
    fund into its one line of ``prizes.toml`` (every other line kept, :func:`prize_text_with`), read
    back as the kind reads it: the file is its only true form (its money is read into cents). The
    new text goes into ``edited``."""
    from arbiter_cli.core.setting_keys import UNSET, with_value
    from arbiter_cli.store.prizes import PRIZES_FILE, prize_text_with

    if key.table != PRIZES:
        return with_value(tables, key, value)
    assert door.prizes is not None and door.read_prizes is not None
    text = prize_text_with(door.prizes, key.path[-1], None if value is UNSET else value)
    try:
        table = door.read_prizes(text)
    except BrokenFolder as error:
        raise ValueError(error.message) from None
    edited[PRIZES_FILE] = text
    return {**tables, PRIZES: table}


def _read_back(door: Door, tables: Tables, key: Key, new: Any) -> None:
    """The folder's reader on the ``tournament.toml`` the change would write: a refusal of it names
    the key set; a value it would not keep (a key the kind leaves out of the file) is refused."""
    try:
        read = door.read_back(tables)
    except BrokenFolder as error:
        raise BadArgument(error.message, field=key.name) from None
    if key.table not in read or value_of(read, key) != new:
        raise BadArgument(f"is not kept in the {door.what} of this kind of event", field=key.name)
