"""Pieces several page kinds share: the legend of the tie-break codes, an event's details, a view as
a table, the crosstable and the standings pages."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from arbiter_cli.core.tiebreak_codes import parse_spec
from arbiter_cli.render.output import View, table_columns
from arbiter_cli.render.printing import event_dates, modifier_words
from arbiter_cli.render.site.blocks import (CELL, PLAIN, POINTS, Cell, Detail, Fact, RecordRows, Table, Way, align,
                                            details, header, keyed_cell, site_page)
from arbiter_cli.render.site.charts import Chart
from arbiter_cli.render.site.sites import EventSite, Made
from arbiter_cli.render.views import standings_view

T = TypeVar("T")

__all__ = ["personal", "shared_view", "standings_pages", "crosstable_page", "standings_page", "tiebreak_legend",
           "event_details", "view_table"]


def personal(site: Any, value: T) -> T | None:
    """A person's data beyond the name, title, rating, federation and club (a birth date, a FIDE ID):
    published only when the arbiter asks (``arbiter publish --personal-data``: ``site.options.personal``,
    issue 26); None otherwise, and a details list leaves it out."""
    return value if site.options.personal else None


#: What each individual tie-break measures, in a few words (C.07 Arts. 6-10).
_INDIVIDUAL = {
    "DE": "direct encounter among the tied players (Art. 6.1)", "WIN": "rounds won, forfeits and byes included "
    "(Art. 7.1)", "WON": "games won over the board (Art. 7.2)", "BPG": "games played with Black (Art. 7.3)",
    "BWG": "games won with Black (Art. 7.4)", "REP": "rounds the player elected to play (Art. 7.6)",
    "PS": "progressive score: the sum of the running scores (Art. 7.5)", "STD": "standard points (Art. 7.7)",
    "TPN": "pairing number, lower first (Art. 7.8)", "BH": "Buchholz: the sum of the opponents' scores (Art. 8.1)",
    "FB": "Fore Buchholz (Art. 8.3)", "AOB": "average of the opponents' Buchholz (Art. 8.2)",
    "SB": "Sonneborn-Berger: the opponents' scores weighted by the result (Art. 9.1)",
    "KS": "Koya: points against the players with at least half the points (Art. 9.2)",
    "ARO": "average rating of the opponents (Art. 10.1)", "TPR": "tournament performance rating (Art. 10.2)",
    "PTP": "perfect tournament performance (Art. 10.3)", "APRO": "average performance of the opponents "
    "(Art. 10.4)", "APPO": "average perfect performance of the opponents (Art. 10.5)",
    "RTNG": "the player's own rating (Art. 10.6)",
}


def tiebreak_legend(codes: Iterable[str]) -> list[str]:
    """A line per individual tie-break code: what it measures, and its modifiers (C.07 Art. 14)."""
    lines = []
    for code in codes:
        spec = parse_spec(code)
        words = [_INDIVIDUAL.get(spec.base, spec.base), *modifier_words(spec)]
        lines.append(f"{code}: {', '.join(words)}")
    return lines


def event_details(settings: Any, extra: Iterable[Fact] = (), *,
                  system: str | None = None) -> list[Detail]:
    """An event's details: place, dates, federation, arbiter, time control, system (``system``
    when the settings' own does not say it: a group event's), rounds, status."""
    return details([("Place", settings.place), ("Dates", event_dates(settings.start_date, settings.end_date)),
                    ("Federation", settings.federation), ("Chief arbiter", settings.chief_arbiter),
                    ("Time control", settings.time_control), ("System", system or settings.system.value),
                    ("Rounds", settings.rounds or ""), ("Status", settings.status.value), *extra])


def view_table(view: View, *, cls: str, links: dict[str, Callable[[dict[str, Any]], Cell]] | None = None,
               keys: bool = False, leave_out: frozenset[str] = frozenset()) -> Table:
    """A view as a table, its cells as the console table writes them but for points, written one way
    on every page (``2½``: :func:`arbiter_cli.render.templating.points_text`) with their value in
    ``data-value``; ``links`` turns a column's cells into links (key -> record -> cell), ``keys``
    adds each column's ``data-key``."""
    columns = [c for c in table_columns(view) if c.key not in leave_out]
    # Each column's way with its cells, found once rather than for each of a crosstable's 15,000 cells.
    ways = []
    for column in columns:
        key, cls_, link = column.key if keys else "", align(column), (links or {}).get(column.key)
        if link is not None:
            ways.append(Way(key, cls_, CELL, keyed_cell(link, key, cls_)))
        elif column.number is not None:
            ways.append(Way(key, cls_, POINTS, column.number))
        else:
            ways.append(Way(key, cls_, PLAIN, column.show))
    rows = RecordRows(view.records, ways)
    headers = [header(c.header, c.key if keys else "", align(c)) for c in columns]
    return Table(headers, rows, cls=cls)


def crosstable_page(site: Any, view: View, name: Callable[[dict[str, Any]], Cell], lines: Sequence[str],
                    title: str) -> str:
    """``crosstable.html``: the view's table with the names linked (``name``: record -> cell) and
    its legend, on a wide page (landscape in print), in a box of its own that scrolls sideways on a
    phone (the one table that may)."""
    table = replace(view_table(view, cls="crosstable", links={"name": name}), scroll=True)
    return site_page(site, "table_page.html", title, wide=True, table=table, legend=list(lines))


def standings_page(site: Any, title: str, table: Table, after: int, depth: int, codes: Sequence[str], rules: str,
                   notes: Sequence[str], chart: Chart | None) -> str:
    """A standings page: the links to the other rounds, the tie-breaks used, the table
    (:mod:`arbiter_cli.render.site.standings_table`), the legend and the distribution chart."""
    return site_page(site, "standings.html", title, depth, rounds=[r.number for r in site.tournament.rounds],
                     after=after, codes=", ".join(codes) or "none", rules=rules, table=table, legend=list(notes),
                     chart=chart)


def standings_pages(site: Any, page: Any) -> Iterator[tuple[str, Made]]:
    """``standings/<N>.html`` after each round N, and ``standings.html`` (the latest), each made
    by ``page(site, after_round, depth)``."""
    last = site.tournament.last_round
    for after in range(1, last + 1):
        yield f"standings/{after}.html", page(site, after, 1)
    yield "standings.html", page(site, last, 0)


def shared_view(site: EventSite, after: int) -> View:
    """The standings view after round ``after``, made once in a build for the pages that show it (the
    standings of the last round twice, ``standings.html`` and its round's, and the hall screen)."""
    return site.memo.built(("standings view", id(site), after),
                           lambda: standings_view(site.tournament, site.standings[after]))
