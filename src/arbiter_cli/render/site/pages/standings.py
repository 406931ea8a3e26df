"""``standings/<N>.html`` (after round N) and ``standings.html`` (the latest) of an individual
event: the table with the tie-break columns (:mod:`arbiter_cli.render.site.standings_table`), a
legend of the codes and the score distribution."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from arbiter_cli.render.output import View, table_columns
from arbiter_cli.render.printing import RECORD_KEYS
from arbiter_cli.render.site.blocks import Cell, RecordRows, Table, player_cell, rooted, table_rows
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import shared_view, standings_page as page, standings_pages, tiebreak_legend
from arbiter_cli.store.site import Page
from arbiter_cli.render.site.sites import EventSite, Made, keyed_page
from arbiter_cli.render.site.standings_table import distribution_chart, scores_of, standings_table
from arbiter_cli.render.views import standings_notes, table_heading

SITES = frozenset({"event"})
ORDER = 20
KEYED = True

#: What the columns of the table mean, by key, in the table's order; the record columns (``wide-only``) are
#: shown on a wide screen and in print only.
WORDS = {"points": "Pts: points", "virtual_points": "VP: the virtual points the next round is paired with "
         "(acceleration: C.04.5)", "played": "Games: games played over the board", "wins": "W: won",
         "draws": "D: drawn", "losses": "L: lost", "forfeit_wins": "+: forfeits won",
         "forfeit_losses": "-: forfeits lost",
         "byes": "Byes: rounds without an opponent"}


def column_legend(view: View) -> list[str]:
    """The legend of the columns the table shows (an empty optional column is not shown, nor named):
    one line for those on every screen, one for the record columns a phone leaves out.

    >>> from arbiter_cli.render.output import Column
    >>> view = View("t", [{"points": 1, "played": 1, "wins": 1, "byes": None}], [Column(k, k, str) for k in
    ...             ("points", "played", "wins", "byes")], optional=frozenset({"byes"}))
    >>> column_legend(view)
    ['Pts: points', 'On a wide screen and in print: Games: games played over the board; W: won']
    """
    keys = [c.key for c in table_columns(view) if c.key in WORDS]
    always = "; ".join(WORDS[k] for k in keys if k not in RECORD_KEYS)
    record = "; ".join(WORDS[k] for k in keys if k in RECORD_KEYS)
    return [line for line in (always, f"On a wide screen and in print: {record}" if record else "") if line]


def nav(site: EventSite) -> Link:
    return Link("Standings", "standings.html")


def _names_from(table: Table, root: str) -> Table:
    """``table`` with its players' links made from a page ``root`` deeper (``../``): the cells of a
    name are a player's cell, whose link begins with the root (:func:`player_cell`)."""
    if not root:
        return table
    at = [i for i, cell in enumerate(table.headers) if cell.key == "name"]
    if isinstance(table.rows, RecordRows):  # its rows made from the records, each link from the root
        found = table.rows
        for i in at:
            found = found.linked(i, lambda cell: rooted(cell, root))
        return replace(table, rows=found)
    rows = []
    for row in table.rows:
        row = list(row)
        for i in at:
            row[i] = row[i]._replace(href=root + row[i].href)
        rows.append(row)
    return replace(table, rows=rows)


#: Where a page's root goes in the standings rows written once for both pages of a round (a private-use
#: character and a word, which HTML shows as it is and no name holds but by chance, which is checked).
ROOT_MARK = "\ue000root\ue000"


def _rows_with_roots(table: Table) -> str | None:
    """The body rows of ``table`` (its links from the site's root) as :func:`table_rows` writes them, with
    :data:`ROOT_MARK` at the start of each player's link, which a page deeper replaces by its root: the
    rows of ``_names_from(table, root)`` then. None when the mark is not found once per link (a name
    holding it): each page then writes its own rows."""
    marked = _names_from(table, ROOT_MARK)
    links = sum(1 for cell in table.headers if cell.key == "name") * len(table.rows)
    body = str(table_rows(marked))
    return body if body.count(ROOT_MARK) == links else None


def standings_page(site: EventSite, after: int, depth: int) -> str:
    tournament = site.tournament
    table = site.standings[after]
    view = shared_view(site, after)

    def name(record: dict[str, Any]) -> Cell:
        return player_cell(record["start_number"], record["name"], "")

    # The table is made once for the two pages of the last round, its links from the site's root, and
    # its rows written once, with a mark where each page puts its root (issue 29).
    made = site.memo.built(("standings table", id(site), after), lambda: standings_table(view, name))
    shown = _names_from(made, "../" * depth)
    body = site.memo.built(("standings rows", id(site), after), lambda: _rows_with_roots(made))
    if body is not None:
        shown = replace(shown, body=body.replace(ROOT_MARK, "../" * depth))
    notes = [*standings_notes(table), *column_legend(view), *tiebreak_legend(table.tiebreaks)]
    chart = site.memo.built(("standings chart", id(site), after), lambda: distribution_chart(
        "distribution", scores_of(view, "points"), after) if after else None)  # the same on both pages of a round
    title = table_heading(tournament, "standings", after)
    if table.incomplete:
        title += f" (round{'s' if len(table.incomplete) > 1 else ''} {', '.join(map(str, table.incomplete))} not complete)"
    return page(site, title, shown, after, depth, table.tiebreaks, table.rules.value, notes, chart)


def pages(site: EventSite) -> Iterator[tuple[str, Made]]:
    # The standings after a round read the event up to that round, and how many rounds are paired
    # (the links, and whether the table is the final one).
    def keyed(site: EventSite, after: int, depth: int) -> bytes | Page:
        path = f"standings/{after}.html" if depth else "standings.html"
        return keyed_page(site, path, (site.digests.upto(after) if site.digests else None, site.tournament.last_round),
                          lambda: standings_page(site, after, depth), share=after)

    return standings_pages(site, keyed)
