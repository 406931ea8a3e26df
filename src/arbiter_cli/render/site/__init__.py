"""``arbiter publish``: a static site of an event or a club, plain HTML and CSS.

:mod:`.sites` gathers what the pages show (computed once by the lifecycle), :mod:`.pages`
holds the page kinds (one module each, found by the registry), each a Jinja2 template of
``templates/`` that extends ``base.html`` (:mod:`.blocks`: the cells and tables the templates are
given, never HTML), :mod:`.charts` the inline SVG charts as data and ``style.css`` the one
stylesheet (a package resource, written into the site). :func:`build_site` returns every file of the site as bytes;
:mod:`arbiter_cli.store.site` writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from arbiter_cli.store.site import Page, SiteFiles
from arbiter_cli.store.site_cache import SiteCache

from arbiter_cli.render.site.pages import page_kinds
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import GroupSite, Site, SiteOptions, site_inputs

__all__ = ["build_site", "stylesheet", "STYLE_PATH", "ICON_PATH", "STAGES"]

STYLE_PATH = "style.css"
#: The site's icon, linked from every page.
ICON_PATH = "favicon.svg"
#: Where a group event's stages are published: ``stages/A/...``, ``stages/final/...``.
STAGES = "stages"


def stylesheet(name: str = STYLE_PATH) -> bytes:
    """The site's stylesheet (or its icon), from the package."""
    return (Path(__file__).parent / name).read_bytes()  # (importlib.resources loads zipfile and 8 more modules)


def build_site(site: Site, up: Sequence[Link] = (), options: SiteOptions | None = None) -> SiteFiles:
    """Every file of the site: relative POSIX path -> bytes (UTF-8 HTML, and the stylesheet), a page
    of a ``KEYED`` kind read or made only when its bytes are asked for (:class:`SiteFiles`: a publish
    does not ask for a page it finds as the last one left it, with the same token).

    A group event's stages are sites of their own (a round robin's or a knockout's, the same
    pages as a lone event's), published under ``stages/NAME/``, their navigation led by a link
    ``up`` to the group event's index. ``options``: what the arbiter chose (the hall screen's refresh,
    personal data), the same for every stage."""
    site.options = options or SiteOptions()
    kinds = page_kinds(site.kind)
    site.nav = [*up, *(link for kind in kinds if (link := kind.nav(site)) is not None)]
    store = site.memo.store
    files = SiteFiles(store if isinstance(store, SiteCache) else None)
    files.put(STYLE_PATH, stylesheet())
    files.put(ICON_PATH, stylesheet(ICON_PATH))
    inputs = site_inputs(site)
    for kind in kinds:
        # A kind that keys its pages one by one (``KEYED``) makes only those whose inputs changed;
        # the others are made again, all of them, when anything of the site changed (issue 29).
        made = kind.pages(site) if kind.keyed else site.memo.value(("pages", kind.name, inputs),
                                                                     lambda: list(kind.pages(site)))
        for path, text in made:
            if path in files:
                raise ValueError(f"two page kinds make {path}")  # a bug in a page kind, not an input error
            files.put(path, text if isinstance(text, (bytes, Page)) else text.encode("utf-8"))
    if isinstance(site, GroupSite):
        for name, stage in site.stages.items():
            made_stage = build_site(stage, [Link("All groups", "../../index.html")], site.options)
            for path in made_stage:
                files.put(f"{STAGES}/{name}/{path}", made_stage.entry(path))
    if not up:
        site.memo.finish()
    return files
