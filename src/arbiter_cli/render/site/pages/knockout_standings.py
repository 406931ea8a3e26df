"""``standings.html`` of a knockout event (issue 18): the players by the round they reached,
then by rating (:func:`arbiter_cli.lifecycle.knockout_standings.knockout_standings`). The table
follows the standings convention (:mod:`arbiter_cli.render.site.standings_table`): its cells are
``arbiter standings --format csv``'s, but for the Place, a shared one shown ``3-4`` as ``arbiter
standings`` shows it, its rank in ``data-value``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.knockout_views import knockout_standings_view
from arbiter_cli.render.site.blocks import Cell, named, player_cell, site_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import KnockoutSite
from arbiter_cli.render.site.standings_table import shared_places, standings_table

SITES = frozenset({"knockout"})
ORDER = 20


def nav(site: KnockoutSite) -> Link:
    return Link("Standings", "standings.html")


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    view = knockout_standings_view(site.tournament)

    def name(record: dict[str, Any]) -> Cell:
        return player_cell(record["start_number"], record["name"], "")

    notes = ["Place: the losers of one round share its places (the four quarter-final losers are 5-8); "
             "players still in a match share the places of those in the round.",
             "Reached: the last round the player was in. Now: winner; through (to the next round); in (a match "
             "not decided yet); out (lost the match of that round)."]
    yield "standings.html", site_page(site, "table_page.html", view.title, heading=named(site.name, view.title),
                                      table=shared_places(standings_table(view, name), view),
                                      legend=notes)
