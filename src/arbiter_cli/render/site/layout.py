"""The shared layout of every published page: escaping, the page frame, links and tables.

Every text that comes from a folder (a name, a club, a place, free text) goes through
:func:`h`, which escapes ``& < > " '``; nothing else writes folder text into a page.
Links are relative (``../players/3.html`` from ``rounds/2.html``), so a site works from a
USB stick (``file://``) as well as under a web server. A page holds no date or time of its
making: the same event gives the same bytes, so re-publishing rewrites only what changed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_cli.render.output import Column

_SPECIAL = re.compile("[&<>\"']")

__all__ = ["h", "csv_text", "Link", "page", "player_link", "table", "Cell", "definition_list", "href", "align"]


def h(text: object) -> str:
    """Folder text made safe for HTML: ``<script>`` shows as text.

    >>> h('<script>alert(1)</script> & "x"')
    '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;'
    """
    if text is None:
        return ""
    found = str(text)
    return html.escape(found, quote=True) if _SPECIAL.search(found) else found  # most cells are numbers


def csv_text(value: Any) -> str:
    """A JSON value as the CSV output writes it (:func:`arbiter_cli.render.output.view_text`):
    ``None`` is empty, a whole float is an int (``3.0`` -> ``3``), anything else its ``str``
    (``2.5``, ``"1/3"``, ``17``). The standings and the player cards write their cells so.

    >>> [csv_text(v) for v in (None, 3.0, 2.5, "1/3", 17)]
    ['', '3', '2.5', '1/3', '17']
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def href(root: str, path: str) -> str:
    """A relative link to the site's ``path`` from a page ``root`` levels down (``root`` is ``""``
    or ``"../"``)."""
    return f"{root}{path}"


@dataclass(frozen=True)
class Link:
    """An entry of the navigation: its text and the site path it leads to."""

    text: str
    path: str


def player_link(number: int, name: str, root: str) -> str:
    """A player's name, linked to the player's card (``<a class="player">``)."""
    return f'<a class="player" href="{root}players/{number}.html">{h(name)}</a>'


@dataclass(frozen=True)
class Cell:
    """A table cell: its HTML (already escaped), its ``data-key`` and its class."""

    html: str
    key: str = ""
    cls: str = ""


def _cell(tag: str, cell: Cell | str) -> str:
    if isinstance(cell, str):
        return f"<{tag}>{cell}</{tag}>"
    attributes = (f' data-key="{h(cell.key)}"' if cell.key else "") + (f' class="{cell.cls}"' if cell.cls else "")
    return f"<{tag}{attributes}>{cell.html}</{tag}>"


def table(headers: Sequence[Cell | str], rows: Iterable[Sequence[Cell | str]], *, cls: str = "",
          caption: str = "", row_classes: Sequence[str] = (), written: Sequence[str] = ()) -> str:
    """An HTML table; header and cells are HTML already (escape texts with :func:`h`);
    ``row_classes`` gives the body rows their classes (``match``), in order; ``written`` are
    body rows written already (``<tr>...</tr>``), after ``rows``."""
    out = [f'<table class="{cls}">' if cls else "<table>"]
    if caption:
        out.append(f"<caption>{caption}</caption>")
    out.append("<thead><tr>" + "".join(_cell("th", c) for c in headers) + "</tr></thead>")
    out.append("<tbody>")
    for index, row in enumerate(rows):
        row_cls = row_classes[index] if index < len(row_classes) else ""
        out.append((f'<tr class="{row_cls}">' if row_cls else "<tr>") + "".join(_cell("td", c) for c in row) + "</tr>")
    out.extend(written)
    out.append("</tbody></table>")
    return "\n".join(out)


def definition_list(items: Iterable[tuple[str, str]]) -> str:
    """Details as a list of terms (texts escaped here) and values (HTML); empty values left out."""
    rows = [f"<dt>{h(term)}</dt><dd>{value}</dd>" for term, value in items if value]
    return '<dl class="details">' + "".join(rows) + "</dl>" if rows else ""


def page(title: str, body: str, *, root: str, site_name: str, nav: Sequence[Link], wide: bool = False) -> str:
    """A whole page: the title, the site's navigation (hidden in print), the body.

    ``wide`` pages (a crosstable) print on a landscape A4 (the ``wide`` named page of the
    stylesheet)."""
    links = "".join(f'<li><a href="{root}{link.path}">{h(link.text)}</a></li>' for link in nav)
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{h(title)} · {h(site_name)}</title>",
        f'<link rel="stylesheet" href="{root}style.css">', "</head>",
        f'<body class="{"wide" if wide else "narrow"}">',
        f'<header><p class="site"><a href="{root}index.html">{h(site_name)}</a></p>'
        f'<nav><ul>{links}</ul></nav></header>',
        "<main>", f"<h1>{h(title)}</h1>", body, "</main>", "</body>", "</html>", ""])


def align(column: Column) -> str:
    """The class of a column's cells: ``num`` right-aligned, ``center``, or none."""
    return {"right": "num", "center": "center"}.get(str(column.justify), "")
