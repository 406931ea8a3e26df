"""Standalone HTML pages of the sheets, for a browser's print: UTF-8, no external resource."""

from __future__ import annotations

import html
from collections.abc import Sequence

from arbiter_cli.render.output import Column
from arbiter_cli.render.printing import PAGE_WIDTH, PRINTED, Sheet

__all__ = ["html_page"]


_CSS = """\
@page { size: A4 %(orientation)s; margin: 12mm 12mm 14mm;
        @bottom-right { content: "page " counter(page) "/" counter(pages); font: 8pt sans-serif; } }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #000;
       background: #fff; margin: 0; }
section + section { break-before: page; page-break-before: always; }
th.top { border: none; font-weight: normal; padding: 0 0 6pt; }
th.top h1 { font-size: 15pt; margin: 0 0 2pt; }
th.top p { margin: 0 0 2pt; }
th.top p.what { font-weight: bold; font-size: 12pt; margin-top: 4pt; }
th.top p.printed { font-size: 8pt; color: #444; }
table { border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th { border-bottom: 1.5pt solid #000; text-align: left; }
th, td { padding: 1pt 5pt; white-space: nowrap; }
tbody tr:nth-child(even) td { background: #eee; }
section.dense { font-size: 9pt; }
section.dense th, section.dense td { padding: 1pt 3pt; }
.right { text-align: right; }
.center { text-align: center; }
footer p { margin: 6pt 0 0; font-size: 9pt; }
@media print { tbody tr:nth-child(even) td { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
@media screen { body { margin: 1em auto; padding: 0 1em; max-width: %(screen)s; }
                section + section { margin-top: 3em; } }
"""


def html_page(sheets: Sequence[Sheet], title: str) -> str:
    """The sheets as one standalone HTML page for a browser's print: UTF-8, no external resource.

    Each sheet starts on a new A4 page; a long table breaks across pages with
    the sheet's header and column headings repeated on top of each (they are
    the table's head). The page is landscape when a sheet is wider than a
    portrait page takes.
    """
    landscape = any(item.width > PAGE_WIDTH for item in sheets)
    css = _CSS % {"orientation": "landscape" if landscape else "portrait",
                  "screen": "277mm" if landscape else "186mm"}
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_h(title)}</title>", f"<style>\n{css}</style>", "</head>", "<body>"]
    for item in sheets:
        event, *rest = item.header or [""]
        top = [f"<h1>{_h(event)}</h1>"]
        for text in rest:
            what, _, printed = text.partition(PRINTED)
            top += ([f'<p class="what">{_h(what)}</p>', f'<p class="printed">printed {_h(printed)}</p>']
                    if printed else [f"<p>{_h(text)}</p>"])
        dense = ' class="dense"' if len(item.columns) > 10 else ""  # a crosstable: a smaller font
        out += [f"<section{dense}>", "<table>", "<thead>",
                f'<tr><th class="top" colspan="{len(item.columns)}">{"".join(top)}</th></tr>',
                "<tr>" + "".join(f"<th{_align(c)}>{_h(c.header)}</th>" for c in item.columns) + "</tr>",
                "</thead>", "<tbody>"]
        for row in item.cells:
            out.append("<tr>" + "".join(f"<td{_align(c)}>{_h(v)}</td>" for c, v in zip(item.columns, row)) + "</tr>")
        out += ["</tbody>", "</table>"]
        if item.notes:
            out += ["<footer>", *(f"<p>{_h(note)}</p>" for note in item.notes), "</footer>"]
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _align(column: Column) -> str:
    return f' class="{column.justify}"' if column.justify in ("right", "center") else ""
