"""The page kinds of a published site: one module per kind, found here by name.

Each module of this package is a page kind. It declares

* ``SITES``: the sites it belongs to (``"event"`` an individual event, ``"team"`` a team
  event, ``"club"`` a club, ``"knockout"`` a knockout event, ``"groups"`` a group event's top
  pages: its stages are sites of their own, published under ``stages/NAME/``);
* ``ORDER``: its place in the navigation and in the build;
* ``nav(site) -> Link | None`` (optional): its entry in every page's navigation;
* ``pages(site) -> Iterator[tuple[str, str]]``: its pages, as (relative POSIX path, HTML);
* ``KEYED`` (optional, False by default): True when ``pages`` keys each page by its own inputs
  (``site.memo``) and so makes only those whose inputs changed; a kind without it is made again
  whole when anything of the site changed, and found in the memo otherwise.

Adding a page kind (a knockout's ``bracket.html``, the ``prizes.html`` list) is adding one
module here: nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from arbiter_cli.render.site.layout import Link

__all__ = ["PageKind", "page_kinds"]


@dataclass(frozen=True)
class PageKind:
    """A page kind, read from its module."""

    name: str
    sites: frozenset[str]
    order: int
    nav: Callable[[Any], Link | None]
    pages: Callable[[Any], Iterator[tuple[str, str]]]
    keyed: bool = False


@cache
def _all() -> tuple[PageKind, ...]:
    kinds = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        kinds.append(PageKind(info.name, frozenset(module.SITES), int(module.ORDER),
                              getattr(module, "nav", lambda site: None), module.pages,
                              bool(getattr(module, "KEYED", False))))
    return tuple(sorted(kinds, key=lambda k: (k.order, k.name)))


def page_kinds(site: str) -> tuple[PageKind, ...]:
    """The page kinds of a site (``"event"``, ``"team"``, ``"club"``, ``"knockout"`` or ``"groups"``),
    in their order."""
    return tuple(kind for kind in _all() if site in kind.sites)
