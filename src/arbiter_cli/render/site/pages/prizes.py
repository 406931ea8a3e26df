"""``prizes.html``: the prize list of an individual, team or knockout event whose folder has a
``prizes.toml`` (issue 18), as ``arbiter prizes`` shows it, with its notes (the split, the total,
each cent given by tie-break order). No page and no link when the event has no prize fund."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, named, player_cell, site_page, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import view_table
from arbiter_cli.render.site.sites import EventSite, KnockoutSite, Made, TeamSite, keyed_page

SITES = frozenset({"event", "team", "knockout"})
ORDER = 35
KEYED = True
PATH = "prizes.html"


def nav(site: EventSite | TeamSite | KnockoutSite) -> Link | None:
    return Link("Prizes", PATH) if site.prizes is not None else None


def pages(site: EventSite | TeamSite | KnockoutSite) -> Iterator[tuple[str, Made]]:
    # The prize list reads the whole event and its prize fund (made when a publish asks for it: issue 29).
    if site.prizes is None:
        return
    yield PATH, keyed_page(site, PATH, (site.digests.everything if site.digests else None, site.prizes),
                           lambda: prizes_html(site))


def prizes_html(site: EventSite | TeamSite | KnockoutSite) -> str:
    from arbiter_cli.render.prizes import prize_sheet

    assert site.prizes is not None
    last = site.standings[site.tournament.last_round] if isinstance(site, (EventSite, TeamSite)) else None
    notes, view = prize_sheet(site.tournament, site.prizes, last)
    title = view.title

    def name(record: dict[str, Any]) -> Cell:
        if record.get("kind") == "team":
            return team_cell(record["start_number"], record["name"], "")
        return player_cell(record["start_number"], record["name"], "")

    return site_page(site, "table_page.html", title, heading=named(site.name, title),
                     table=view_table(view, cls="prizes", links={"name": name}, keys=True), legend=list(notes))
