"""What one build of a site computes once, and what it finds made by an earlier build (issue 29).

A site's pages and each round's standings are pure functions of the event (and of the arbiter's
options): :class:`Memo` keys each one by a digest of everything it is made from, the model's values
as pickle writes them (a dataclass or a pydantic model: its type and every field its repr shows;
:class:`_KeyWriter`), and of the code that makes it (:func:`code_version`). With a store (:class:`arbiter_cli.store.site_cache.SiteCache`, outside the
event folder) an entry made by an earlier build is read back instead of made again; without one, or
when an entry is missing or not whole, it is made as before. Either way the bytes are the same: a
test builds each sample's site with a warm cache after a change and without any cache, and
compares them.

:class:`EventDigests` are the keys of an event's model: its registration (everything but the
rounds) and its rounds up to each one, so that a result in the last round leaves the standings,
the pairings and the standings pages of the rounds before it as they were.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from fractions import Fraction
from functools import cache
from operator import attrgetter
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, MethodType
from typing import Any, Protocol, TypeVar

from arbiter_cli.core.points import fraction_terms
from arbiter_cli.store.site import Page

__all__ = ["Store", "Memo", "EventDigests", "Rounds", "code_version"]

T = TypeVar("T")

#: A part of a key made of values that cannot be written (:meth:`Memo.once`): a key holding it is none.
_UNKEYED = object()


class Store(Protocol):
    """Where entries are kept: bytes by key (:class:`arbiter_cli.store.site_cache.SiteCache`)."""

    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, data: bytes) -> None: ...

    def keep(self, key: str) -> None: ...

    def finish(self) -> None: ...


@cache
def code_version() -> str:
    """A digest of the code that makes a site: the code that reads the folder
    (:func:`arbiter_cli.store.read_cache.reading_version`: this package's files, their names, sizes
    and times, and pydantic's), and Jinja2's and MarkupSafe's (their folders' times, their versions).
    Another build of the code finds no entry."""
    import jinja2
    import markupsafe

    from arbiter_cli.store.read_cache import reading_version

    found = hashlib.sha256(f"{reading_version()} {jinja2.__version__}".encode())
    for library in (jinja2.__file__, markupsafe.__file__):  # MarkupSafe's version is deprecated: its files'
        if library:
            stat = os.stat(Path(library).parent)
            found.update(f"{library} {stat.st_mtime_ns}\n".encode())
    return found.hexdigest()


#: How a key writes a value of each type, found once per type (:func:`_reducer`): None, pickle's own way.
_REDUCERS: dict[type, Callable[[Any], tuple[object, ...]] | None] = {}
#: What a value's repr says when it has none of its own (an object's address): no key is made of it.
_NO_REPR = " object at 0x"


def _reducer(kind: type) -> Callable[[Any], tuple[object, ...]] | None:
    """How :class:`_KeyWriter` writes a value of ``kind``: a dataclass or a pydantic model as its type,
    then every field its repr shows, in their order (a property kept once read, ``Tournament.derived``,
    is no field); an enum's member, a named tuple, a fraction, a date, a path as pickle writes them
    (None); any other value as its type's name and its repr, refused when that shows an address."""
    import datetime as dt
    from decimal import Decimal
    from enum import Enum
    from pathlib import PurePath

    names: tuple[str, ...] | None = None
    if is_dataclass(kind):
        names = tuple(f.name for f in fields(kind) if f.repr)
    elif isinstance(getattr(kind, "model_fields", None), dict):  # a pydantic model: its fields, and extra ones
        names = tuple(name for name, info in getattr(kind, "model_fields").items() if getattr(info, "repr", True))
        if getattr(kind, "model_config", {}).get("extra") != "forbid":
            names += ("__pydantic_extra__",)
    elif issubclass(kind, (Enum, Fraction, Decimal, dt.date, dt.time, dt.timedelta, PurePath)) or (
            issubclass(kind, tuple) and isinstance(getattr(kind, "_fields", None), tuple)):
        return None
    if not names:
        return lambda value: (repr, (kind.__qualname__, _shown(value)))
    read = attrgetter(*names)
    if len(names) == 1:
        return lambda value: (kind, (read(value),))
    return lambda value: (kind, read(value))


def _shown(value: object) -> str:
    """A value's repr, refused when it shows the object's address rather than what it holds."""
    text = repr(value)
    if _NO_REPR in text:
        raise ValueError("a value without a faithful repr")
    return text


class _KeyWriter(pickle.Pickler):
    """The bytes a key is the digest of (issue 29: pickle writes in C what a repr wrote in Python; a
    card's key reads eleven rounds, the event's keys every player and game): values as pickle writes
    them, a dataclass or a pydantic model as its type and the fields its repr shows
    (:func:`_reducer`), a class or a function by its name. The same values give the same bytes; a
    value without a faithful repr gives no key."""

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is Fraction:  # points, in every key: its two numbers, without Fraction's own reduce (a text)
            return Fraction, fraction_terms(obj)
        if obj is _UNKEYED:
            raise ValueError("a part without a key")
        if isinstance(obj, (type, FunctionType, BuiltinFunctionType, MethodType)):
            return NotImplemented  # by its name (a function made on the spot cannot be written: no key)
        try:
            reduce = _REDUCERS[kind]
        except KeyError:
            reduce = _REDUCERS[kind] = _reducer(kind)
        return NotImplemented if reduce is None else reduce(obj)


def _digest(*parts: object) -> str | None:
    """The digest of the parts as :class:`_KeyWriter` writes them (None when one cannot be written)."""
    out = io.BytesIO()
    try:
        _KeyWriter(out, protocol=5).dump(parts)
    except Exception:  # a value pickle cannot write has no key: what it keys is made again
        return None
    return hashlib.sha256(out.getbuffer()).hexdigest()


def _same_bytes(data: bytes) -> bytes:
    return data


class Memo:
    """Values and pages of one build, by the digest of what they are made from (``parts``: values
    whose repr says everything they hold), kept in ``store`` across builds when there is one."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self._once: dict[int, tuple[object, object]] = {}
        self._built: dict[object, Any] = {}
        self._summary: tuple[tuple[object, ...], object] | None = None

    def built(self, key: object, make: Callable[[], T]) -> T:
        """A value several pages of this build read (the standings view of a round), made once by
        ``make`` and never stored: ``key`` names it within the build."""
        if key not in self._built:
            self._built[key] = make()
        kept: T = self._built[key]
        return kept

    def once(self, value: object, parts: Callable[[], tuple[object, ...]]) -> object:
        """The digest of ``parts()`` (what a key reads of ``value``), made once in this build for the
        same ``value``, to be a part of keys: a player's card is read by the keys of their own page and
        of their team's. Parts that cannot be written give :data:`_UNKEYED`, and a key holding it is none."""
        found = self._once.get(id(value))
        if found is None or found[0] is not value:
            found = self._once[id(value)] = (value, _digest(*parts()) or _UNKEYED)
        return found[1]

    def summary(self, parts: tuple[object, ...]) -> object:
        """The digest of ``parts``, a part of keys, made again only when the next call's ``parts`` differ
        (``==``: the same objects compare at once): what every page of a site shows around its body
        (:func:`arbiter_cli.render.site.sites.frame`, its navigation's links and the arbiter's options)
        is written once per build rather than into each of a thousand keys (issue 29). Parts that
        cannot be written give :data:`_UNKEYED`."""
        found = self._summary
        if found is None or found[0] != parts:
            found = self._summary = (parts, _digest(*parts) or _UNKEYED)
        return found[1]

    def digests(self, parts: tuple[object, ...], values: Callable[[], Mapping[Any, tuple[object, ...]]]) -> dict[Any, object]:
        """The digest of each of ``values()`` (name -> parts), to be parts of keys, made once for what
        they are all made from (``parts``) and kept in the store (issue 29: each player's rounds before
        the last, read by the key of their card, are the same after a result in the last round). A
        value that cannot be written gives :data:`_UNKEYED`, and a key holding it is none."""
        found: dict[Any, str | None] = self.value(("digests", *parts),
                                                  lambda: {name: _digest(*made) for name, made in values().items()})
        return {name: digest or _UNKEYED for name, digest in found.items()}

    def key(self, *parts: object) -> str | None:
        return _digest(code_version(), *parts)

    def keep_value(self, parts: tuple[object, ...]) -> None:
        """The stored value made from ``parts`` is still used, though this build may read it only
        after :meth:`finish` (a page made when a publish asks for its bytes), or not at all."""
        key = self.key("value", *parts) if self.store is not None else None
        if key is not None and self.store is not None:
            self.store.keep(key)

    def page(self, parts: tuple[object, ...], make: Callable[[], str], share: int | None = None) -> bytes | Page:
        """A page as its UTF-8 bytes: the stored one made from the same ``parts``, else ``make()``
        encoded (and stored). A page kept is published as it was read back, neither decoded nor
        encoded again (issue 29: the 30 MB of a 1,000-player site's pages). With a store, a
        :class:`~arbiter_cli.store.site.Page` known by its key, read or made only when its bytes
        are asked for (a publish does not ask for a page it left as it is): ``make`` must then read
        nothing that changes after this call; ``share``: :attr:`Page.share`."""
        key = self.key("text", *parts) if self.store is not None else None
        if key is None or self.store is None:
            return make().encode("utf-8")
        self.store.keep(key)
        return Page(key, lambda: self._kept_as(key, lambda: make().encode("utf-8"), _same_bytes, _same_bytes), share)

    def value(self, parts: tuple[object, ...], make: Callable[[], T]) -> T:
        """A value (standings, a kind's pages): the stored one made from the same ``parts``, else
        ``make()`` (and stored, pickled)."""
        kept: T = self._kept("value", parts, make, lambda made: pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL),
                             pickle.loads)
        return kept

    def _kept(self, kind: str, parts: tuple[object, ...], make: Callable[[], T], dump: Callable[[T], bytes],
              load: Callable[[bytes], T]) -> T:
        """The stored ``kind`` made from ``parts``, read back by ``load``, else ``make()``, stored as
        ``dump`` gives it. An entry that does not load is a miss, whatever it holds (a text that is not
        UTF-8, a pickle of a class since changed); a value that does not dump is not kept."""
        key = self.key(kind, *parts) if self.store is not None else None
        if key is None:
            return make()
        return self._kept_as(key, make, dump, load)

    def _kept_as(self, key: str, make: Callable[[], T], dump: Callable[[T], bytes], load: Callable[[bytes], T]) -> T:
        """:meth:`_kept` of the entry ``key``."""
        if self.store is None:
            return make()
        found = self.store.get(key)
        if found is not None:
            try:
                return load(found)
            except Exception:  # any failure to load is a miss
                pass
        made = make()
        try:
            data = dump(made)
        except Exception:  # a value that does not dump is not kept
            return made
        self.store.put(key, data)
        return made

    def finish(self) -> None:
        if self.store is not None:
            self.store.finish()


class EventDigests:
    """The digests of an event's model (a :class:`~arbiter_cli.core.model.Tournament`, a team's or
    a knockout's, a dataclass with ``rounds``): ``upto(n)`` of everything but the rounds after
    ``n``; ``everything`` of it all. ``whole``: every ``upto`` is ``everything`` (a round robin's
    standings count a withdrawn player's games by all the rounds: the half rule). ``files``: the
    event is the one its folder's files just gave (:meth:`arbiter_cli.store.files.FolderStore.read_digests`:
    the digest of its registration's files, each round file's key), digested instead of its values."""

    def __init__(self, event: Any, whole: bool = False, files: tuple[str, Sequence[str]] | None = None) -> None:
        if files is not None and len(files[1]) == len(event.rounds):
            # the event as its folder's files gave it (FolderStore.read_digests): the digest of its
            # registration's files, then each round file's key (issue 29: no model written out)
            self._upto = [hashlib.sha256(f"files {type(event).__name__} {files[0]}".encode()).hexdigest()]
            for key in files[1]:
                self._upto.append(hashlib.sha256(f"{self._upto[-1]} {key}".encode()).hexdigest())
        else:
            registration = [(f.name, getattr(event, f.name)) for f in fields(event) if f.name != "rounds"]
            self._upto = [_digest(type(event).__name__, registration) or ""]
            for rnd in event.rounds:
                self._upto.append(_digest(self._upto[-1], rnd) or "")
        self.whole = whole
        self.valid = all(self._upto)

    @property
    def registration(self) -> str:
        """The digest of everything but the rounds: settings, players, requests."""
        return self._upto[0]

    @property
    def everything(self) -> str:
        return self._upto[-1]

    def upto(self, after: int) -> str:
        return self.everything if self.whole else self._upto[after]


class Rounds(Mapping[int, T]):
    """A value after each round 0..last (the standings), each made the first time it is read,
    through the memo under the event's digest up to that round; each round's stored value is kept
    (:meth:`Memo.keep_value`): a page that reads it may be made only when a publish asks for it,
    after the build. Not ``stored``: made for the build alone (an individual event's pages read
    the standings of a round only when they change; the points before a round are stored on their own,
    :func:`arbiter_cli.render.site.sites.points_after`), as pickling them cost more than the rare build
    that reads them back saves (issue 29: 48 ms of a publish after a correction in round 5 of 11, on
    1,000 players)."""

    def __init__(self, last: int, what: str, digests: EventDigests, memo: Memo, make: Callable[[int], T],
                 stored: bool = True) -> None:
        self.last, self.what, self.memo, self.make = last, what, memo, make
        self.digests = digests if stored else None
        self._made: dict[int, T] = {}
        if stored and digests.valid:  # each round's is kept, though a build may read it only in a page it makes late, or not
            for after in range(last + 1):
                memo.keep_value((what, after, digests.upto(after)))

    def __getitem__(self, after: int) -> T:
        if not 0 <= after <= self.last:
            raise KeyError(after)
        if after not in self._made:
            if self.digests is not None and self.digests.valid:
                self._made[after] = self.memo.value((self.what, after, self.digests.upto(after)),
                                                    lambda: self.make(after))
            else:
                self._made[after] = self.make(after)
        return self._made[after]

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.last + 1))

    def __len__(self) -> int:
        return self.last + 1
