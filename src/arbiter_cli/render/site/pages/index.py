"""``index.html`` of an individual event: its details, the links to every page, the players."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.blocks import Table, header, name_cell, plain, player_cell, site_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import event_details
from arbiter_cli.render.site.sites import EventSite

SITES = frozenset({"event"})
ORDER = 0


def nav(site: EventSite) -> Link:
    return Link("Event", "index.html")


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    rows = [[plain(p.start_number, cls="num"), player_cell(p.start_number, p.name, ""), plain(p.title),
             plain(p.rating or "", cls="num"), plain(p.federation, cls="code"), name_cell(p.club or ""),
             plain("withdrawn" if p.is_withdrawn else "")]
            for p in tournament.players]
    players = Table([header("No", cls="num"), header("Name"), header("Title"), header("Rating", cls="num"),
                     header("Fed"), header("Club"), header("")], rows, cls="players")
    details = event_details(tournament.settings, [("Players", len(tournament.players)),
                                                  ("Rounds paired", tournament.last_round)])
    words = {"rounds": "Pairings and results", "standings": "Standings", "latest": "Latest standings",
             "entries": "Players", "entries_id": "players", "empty": "No round is paired yet."}
    yield "index.html", site_page(site, "index.html", tournament.settings.name, details=details,
                                  rounds=[r.number for r in tournament.rounds], entries=players, words=words)
