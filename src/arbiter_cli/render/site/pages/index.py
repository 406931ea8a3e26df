"""``index.html`` of an individual event: its details, the links to every page, the players. It reads
the registration and which rounds are paired, not their games: a result leaves it as it was (issue 29:
``KEYED``, its key the registration's digest and the rounds paired)."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.blocks import Table, header, name_cell, plain, player_cell, site_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import event_details
from arbiter_cli.render.site.sites import EventSite, Made, keyed_page

SITES = frozenset({"event"})
ORDER = 0
KEYED = True


def nav(site: EventSite) -> Link:
    return Link("Event", "index.html")


def pages(site: EventSite) -> Iterator[tuple[str, Made]]:
    numbers = tuple(r.number for r in site.tournament.rounds)
    yield "index.html", keyed_page(site, "index.html", (site.digests.registration if site.digests else None, numbers),
                                   lambda: index_page(site))


def index_page(site: EventSite) -> str:
    """``index.html``: the event's details, the rounds paired, the players."""
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
    return site_page(site, "index.html", tournament.settings.name, details=details,
                     rounds=[r.number for r in tournament.rounds], entries=players, words=words)
