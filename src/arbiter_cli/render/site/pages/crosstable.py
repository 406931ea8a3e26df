"""``crosstable.html`` of an individual event: the crosstable after the last round, printed on a
landscape page (the ``wide`` page of the stylesheet)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, player_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import crosstable_page, tiebreak_legend
from arbiter_cli.render.site.sites import EventSite, Made, keyed_page
from arbiter_cli.render.views import crosstable_view, table_heading

SITES = frozenset({"event"})
ORDER = 30
KEYED = True
PATH = "crosstable.html"


def nav(site: EventSite) -> Link:
    return Link("Crosstable", PATH)


def pages(site: EventSite) -> Iterator[tuple[str, Made]]:
    # The crosstable reads the whole event (a page made when a publish asks for it, by any of its
    # processes: issue 29).
    yield PATH, keyed_page(site, PATH, (site.digests.everything if site.digests else None,),
                           lambda: crosstable_html(site))


def crosstable_html(site: EventSite) -> str:
    tournament = site.tournament
    table = site.crosstable
    view = crosstable_view(tournament, table, games=False)  # (the records' games are for JSON only)

    def name(record: dict[str, Any]) -> Cell:
        return player_cell(record["start_number"], record["name"], "")

    if tournament.settings.system.is_round_robin:
        legend = ["1 ½ 0 games; + - forfeits; ? no result yet"
                  + ("; both games in round order" if tournament.settings.system.value == "double-round-robin"
                     else "")]
    else:
        legend = ["12w1: against no. 12 with White, won; 1 ½ 0 games; + - forfeits; ? no result yet; "
                  "* still being played (no points yet)",
                  "PAB pairing-allocated bye; FPB HPB ZPB full-, half-, zero-point bye"]
    return crosstable_page(site, view, name, [*legend, *tiebreak_legend(table.tiebreaks)],
                           table_heading(tournament, "crosstable", table.after_round))
