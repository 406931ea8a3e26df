"""``standings/<N>.html`` (after round N) and ``standings.html`` (the latest) of an individual
event: the table with the tie-break columns (:mod:`arbiter_cli.render.site.standings_table`), a
legend of the codes and the score distribution."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, player_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import standings_page as page, standings_pages, tiebreak_legend
from arbiter_cli.render.site.sites import EventSite
from arbiter_cli.render.site.standings_table import distribution_chart, scores_of, standings_table
from arbiter_cli.render.views import standings_notes, standings_view, table_heading

SITES = frozenset({"event"})
ORDER = 20

#: What the record columns of the table mean.
RECORD_LEGEND = ("Pts: points; Games: games played over the board; W D L: won, drawn, lost; + -: forfeits won "
                 "and lost; Byes: rounds without an opponent")


def nav(site: EventSite) -> Link:
    return Link("Standings", "standings.html")


def standings_page(site: EventSite, after: int, depth: int) -> str:
    tournament = site.tournament
    table = site.standings[after]
    view = standings_view(tournament, table)
    root = "../" * depth

    def name(record: dict[str, Any]) -> Cell:
        return player_cell(record["start_number"], record["name"], root)

    notes = [*standings_notes(table), RECORD_LEGEND, *tiebreak_legend(table.tiebreaks)]
    chart = distribution_chart("distribution", scores_of(view, "points"), after) if after else None
    title = table_heading(tournament, "standings", after)
    if table.incomplete:
        title += f" (round{'s' if len(table.incomplete) > 1 else ''} {', '.join(map(str, table.incomplete))} not complete)"
    return page(site, title, standings_table(view, name), after, depth, table.tiebreaks, table.rules.value, notes,
                chart)


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    return standings_pages(site, standings_page)
