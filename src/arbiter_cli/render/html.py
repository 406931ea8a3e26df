"""Standalone HTML pages of the sheets, for a browser's print: UTF-8, no external resource.

The page is the Jinja2 template ``templates/printout.html`` (:mod:`arbiter_cli.render.templating`:
autoescaped, so a name is always text); this module hands it the sheets as plain texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_cli.render.printing import PAGE_WIDTH, PRINTED, Sheet
from arbiter_cli.render.templating import render

__all__ = ["html_page", "Printed", "HeaderLine"]

#: The package whose ``templates/`` hold the printout's template.
PACKAGE = "arbiter_cli.render"
#: More columns than this (a crosstable) print in a smaller font.
DENSE = 10


@dataclass(frozen=True)
class HeaderLine:
    """A line of a sheet's header under the event's name; ``printed``: the date the sheet was
    printed, when the line names what the sheet shows (written in bold, the date small below)."""

    text: str
    printed: str = ""


@dataclass(frozen=True)
class Printed:
    """A sheet as the template shows it: the event's name, the header's other lines, the column
    headings and each column's alignment (``right``, ``center`` or none), the rows, the notes."""

    event: str
    lines: Sequence[HeaderLine]
    headers: Sequence[str]
    aligns: Sequence[str]
    rows: Sequence[Sequence[str]]
    notes: Sequence[str]
    dense: bool


def printed(item: Sheet) -> Printed:
    """A sheet for the template."""
    event, *rest = item.header or [""]
    lines = []
    for text in rest:
        what, _, date = text.partition(PRINTED)
        lines.append(HeaderLine(what, date) if date else HeaderLine(text))
    aligns = [str(c.justify) if c.justify in ("right", "center") else "" for c in item.columns]
    return Printed(event, lines, [c.header for c in item.columns], aligns, item.cells, item.notes,
                   len(item.columns) > DENSE)


def html_page(sheets: Sequence[Sheet], title: str) -> str:
    """The sheets as one standalone HTML page for a browser's print: UTF-8, no external resource.

    Each sheet starts on a new A4 page; a long table breaks across pages with
    the sheet's header and column headings repeated on top of each (they are
    the table's head). The page is landscape when a sheet is wider than a
    portrait page takes.
    """
    landscape = any(item.width > PAGE_WIDTH for item in sheets)
    return render(PACKAGE, "printout.html", title=title, sheets=[printed(item) for item in sheets],
                  orientation="landscape" if landscape else "portrait", screen="277mm" if landscape else "186mm")
