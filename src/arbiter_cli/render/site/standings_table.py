"""The standings table of a published page, the one scripts and the browser tests read.

**The rule of its cells.** The table is ``<table class="standings">``. Every header cell is
``<th data-key="K">`` and every body cell ``<td data-key="K">``, K the column's key in
``arbiter standings --format csv`` (its header). For a column that is a field of
``--format json`` (``rank``, ``start_number``, ``name``, ``points``, ``played``...; a team's
``team_number``, ``match_points``...) K is that field; for a tie-break column K is its code
(``BH/C1``), the key of the value in the record's ``tiebreaks`` object.

A cell of a column of points (the points, a tie-break, a team's MP and GP, virtual points) shows
them as people read them, one way on every page (``2½``, ``27.75``:
:func:`arbiter_cli.render.templating.points_text`), and holds the JSON value as the CSV output
writes it in its ``data-value`` (:func:`arbiter_cli.render.site.layout.csv_text`: ``null`` empty,
a whole number plain, ``2.5``, ``1/3``): a script reads ``data-value``. Any other cell's text is
that value itself (``rank`` is ``3`` for a shared place, the JSON's rank), but for a knockout's Place,
shown ``3-4`` as ``arbiter standings`` shows it, the JSON's rank in its ``data-value``
(:func:`shared_places`). The name cell holds the
name as a link to the player's card (or the team's page), its text the name itself, in ``<bdi>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.output import View, table_columns
from arbiter_cli.render.printing import RECORD_KEYS
from arbiter_cli.render.site.blocks import (CELL, PLAIN, POINTS, Cell, RecordRows, Table, Way, align, header,
                                            keyed_cell)
from arbiter_cli.render.site.charts import Chart, bar_chart
from arbiter_cli.render.site.layout import csv_text

__all__ = ["standings_table", "csv_of", "shared_places", "distribution_chart", "scores_of"]


def standings_table(view: View, name: Callable[[dict[str, Any]], Cell]) -> Table:
    """The view's table columns, each cell as the module says, the names linked (``name``: record ->
    cell).

    On a phone the record columns (games, W, D, L, forfeits, byes: the crosstable has them) are
    hidden by the stylesheet (``wide-only``); they are in the page all the same."""
    columns = table_columns(view)
    classes = [" ".join(filter(None, (align(c), "wide-only" if c.key in RECORD_KEYS else ""))) for c in columns]
    headers = [header(c.header, c.key, cls) for c, cls in zip(columns, classes)]
    value = view.csv_value or (lambda record, key: record.get(key))
    ways = []
    for c, cls in zip(columns, classes):
        if c.key == "name":
            ways.append(Way(c.key, cls, CELL, keyed_cell(name, c.key, cls)))
        else:
            ways.append(Way(c.key, cls, POINTS if c.number is not None else PLAIN, csv_of(value, c.key)))
    rows = RecordRows(view.records, ways)
    return Table(headers, rows, cls="standings")


def csv_of(value: Callable[[dict[str, Any], str], Any], key: str) -> Callable[[dict[str, Any]], str]:
    """A record's value of ``key`` (``value(record, key)``) as the CSV writes it; read by the column's own
    way of writing it when ``value`` has one (``text_getter``, :class:`arbiter_cli.render.views.TiebreakCsv`)."""
    texts = getattr(value, "text_getter", None)
    if texts is not None:
        written: Callable[[dict[str, Any]], str] = texts(key)
        return written
    return lambda record: csv_text(value(record, key))


def shared_places(table: Table, view: View) -> Table:
    """A knockout's standings (records with ``_place``) with their Place cells as ``arbiter standings``
    shows them, a place the losers of one round share as ``3-4``, each holding the JSON's rank (``3``) in
    its ``data-value``; any other table as it is."""
    if not any("_place" in record for record in view.records):
        return table
    rows = [[cell._replace(text=record["_place"], value=str(record["rank"])) if cell.key == "rank" else cell
             for cell in row] for row, record in zip(table.rows, view.records)]
    return replace(table, rows=rows)


def distribution_chart(name: str, scores: list[Fraction] | Counter[Fraction], after_round: int,
                       what: str = "points") -> Chart | None:
    """How many players (or teams) have each score after a round: bars, and the same in words. The
    bars step by a whole point where every score is whole (a team event's match points, 2-1-0: no bar
    for a half nobody can have), by a half where halves are all there is, else one bar per score."""
    counts = scores if isinstance(scores, Counter) else Counter(scores)
    if not counts:
        return None
    low, high = min(counts), max(counts)
    step = (Fraction(1) if all(s.denominator == 1 for s in counts)
            else Fraction(1, 2) if all(s.denominator <= 2 for s in counts) else None)
    keys = sorted(counts) if step is None else [low + step * i for i in range(int((high - low) / step) + 1)]
    bars = [(format_points(k), counts.get(k, 0)) for k in keys]
    words = "; ".join(f"{count} on {label}" for label, count in bars if count)
    return bar_chart(name, f"Score distribution after round {after_round}",
                     f"How many have each score ({what}) after round {after_round}: {words}.", bars,
                     x_label=what)


def scores_of(view: View, key: str) -> Counter[Fraction]:
    """The scores of a standings view's records (their JSON values), counted: each value read once
    (issue 29: 1,000 players have a few dozen scores, and a fraction is hashed in Python)."""
    counts: Counter[Fraction] = Counter()
    for value, count in Counter(r[key] for r in view.records if r.get(key) is not None).items():
        counts[parse_points(value)] += count
    return counts
