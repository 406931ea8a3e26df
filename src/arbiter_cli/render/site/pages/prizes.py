"""``prizes.html``: the prize list of an individual, team or knockout event whose folder has a
``prizes.toml`` (issue 18), as ``arbiter prizes`` shows it, with its notes (the split, the total,
each cent given by tie-break order). No page and no link when the event has no prize fund."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, named, player_cell, site_page, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import view_table
from arbiter_cli.render.site.sites import EventSite, KnockoutSite, TeamSite

SITES = frozenset({"event", "team", "knockout"})
ORDER = 35


def nav(site: EventSite | TeamSite | KnockoutSite) -> Link | None:
    return Link("Prizes", "prizes.html") if site.prizes is not None else None


def pages(site: EventSite | TeamSite | KnockoutSite) -> Iterator[tuple[str, str]]:
    from arbiter_cli.render.prizes import prize_sheet

    if site.prizes is None:
        return
    last = site.standings[site.tournament.last_round] if isinstance(site, (EventSite, TeamSite)) else None
    notes, view = prize_sheet(site.tournament, site.prizes, last)
    title = view.title

    def name(record: dict[str, Any]) -> Cell:
        if record.get("kind") == "team":
            return team_cell(record["start_number"], record["name"], "")
        return player_cell(record["start_number"], record["name"], "")

    yield "prizes.html", site_page(site, "table_page.html", title, heading=named(site.name, title),
                                   table=view_table(view, cls="prizes", links={"name": name}, keys=True),
                                   legend=list(notes))
