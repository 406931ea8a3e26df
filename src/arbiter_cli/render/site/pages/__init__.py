"""The page kinds of a published site: one module per kind, found here by name.

Each module of this package is a page kind. It declares

* ``SITES``: the sites it belongs to (``"event"`` an individual event, ``"team"`` a team
  event, ``"club"`` a club, ``"knockout"`` a knockout event, ``"groups"`` a group event's top
  pages: its stages are sites of their own, published under ``stages/NAME/``);
* ``ORDER``: its place in the navigation and in the build;
* ``nav(site) -> Link | None`` (optional): its entry in every page's navigation;
* ``pages(site) -> Iterator[tuple[str, str | bytes | Page]]``: its pages, as (relative POSIX path, HTML: a
  text, or its UTF-8 bytes as a kept page is read back, or a :class:`arbiter_cli.store.site.Page`
  read or made when asked for: :func:`arbiter_cli.render.site.sites.keyed_page`);
* ``KEYED`` (optional, False by default): True when ``pages`` keys each page by its own inputs
  (``site.memo``) and so makes only those whose inputs changed; a kind without it is made again
  whole when anything of the site changed, and found in the memo otherwise.

Adding a page kind (a knockout's ``bracket.html``, the ``prizes.html`` list) is adding one
module here: nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from arbiter_cli.render.site.layout import Link
from arbiter_cli.store.site import Page

__all__ = ["PageKind", "page_kinds", "declared_sites"]


@dataclass(frozen=True)
class PageKind:
    """A page kind, read from its module."""

    name: str
    sites: frozenset[str]
    order: int
    nav: Callable[[Any], Link | None]
    pages: Callable[[Any], Iterator[tuple[str, str | bytes | Page]]]
    keyed: bool = False


#: How a module declares its sites, read from its source without importing it: ``SITES =
#: frozenset({"event", "team"})`` on one line, of plain names (anything else: the module is imported).
_DECLARED = re.compile(r'^SITES = frozenset\(\{((?:\s*"[a-z_]+"\s*,?)+)\}\)$', re.M)


@cache
def _names() -> tuple[str, ...]:
    return tuple(info.name for info in pkgutil.iter_modules(__path__))


@cache
def _kind(name: str) -> PageKind:
    module = importlib.import_module(f"{__name__}.{name}")
    return PageKind(name, frozenset(module.SITES), int(module.ORDER), getattr(module, "nav", lambda site: None),
                    module.pages, bool(getattr(module, "KEYED", False)))


def declared_sites(name: str) -> frozenset[str] | None:
    """The sites the page kind ``name`` declares, read from its module's source (issue 29: a site
    imports only its own page kinds, not a knockout's or a club's); None when the source is not
    there or does not declare them on one line of names alone (the module is then imported)."""
    try:
        text = Path(__path__[0], f"{name}.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, IndexError):
        return None
    found = _DECLARED.findall(text)
    if len(found) != 1 or len(re.findall(r"^SITES\b", text, re.M)) != 1:
        return None
    return frozenset(re.findall(r'"([a-z_]+)"', found[0]))


@cache
def page_kinds(site: str) -> tuple[PageKind, ...]:
    """The page kinds of a site (``"event"``, ``"team"``, ``"club"``, ``"knockout"`` or ``"groups"``),
    in their order. Only the modules whose declaration names the site, or cannot be read without
    importing them, are imported."""
    kinds = []
    for name in _names():
        declared = declared_sites(name)
        if declared is not None and site not in declared:
            continue
        kind = _kind(name)
        if site in kind.sites:
            kinds.append(kind)
    return tuple(sorted(kinds, key=lambda k: (k.order, k.name)))
