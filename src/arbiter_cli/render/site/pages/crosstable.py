"""``crosstable.html`` of an individual event: the crosstable after the last round, printed on a
landscape page (the ``wide`` page of the stylesheet)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, player_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import crosstable_page, tiebreak_legend
from arbiter_cli.render.site.sites import EventSite
from arbiter_cli.render.views import crosstable_view, table_heading

SITES = frozenset({"event"})
ORDER = 30


def nav(site: EventSite) -> Link:
    return Link("Crosstable", "crosstable.html")


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
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
    yield from crosstable_page(site, view, name, [*legend, *tiebreak_legend(table.tiebreaks)],
                               table_heading(tournament, "crosstable", table.after_round))
