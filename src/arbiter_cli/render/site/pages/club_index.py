"""``index.html`` of a club: the members with their current club ratings, and the links to the
rating lists and to each rated tournament."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.ratings.club import current_ratings
from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.site.blocks import Cell, Table, header, member_cell, plain, site_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 0


def nav(site: ClubSite) -> Link:
    return Link("Members", "index.html")


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    club = site.club
    current = current_ratings(club)
    born = site.options.personal  # a birth date is published only when the arbiter asks (parts.personal)
    rows = [[plain(m.id, cls="num"), member_cell(m.id, m.name, ""),
             *([plain(m.birth_date, "birth_date")] if born else []),
             *(plain(f"{current[(m.id, c)][0]} ({current[(m.id, c)][1]})", c, "num") for c in TIME_CONTROLS)]
            for m in club.members]
    members = Table([header("Id", cls="num"), header("Name"), *([header("Born", "birth_date")] if born else []),
                     *(header(c.title(), c, "num") for c in TIME_CONTROLS)], rows, cls="members")
    dates = {row.tournament: row.date for row in club.ratings}
    controls = {row.tournament: row.time_control for row in club.ratings}
    events = [Cell(name, f"events/{slug}.html", name=True,
                   after=f" ({controls[name]}{', ' + dates[name] if dates[name] else ''})")
              for slug, name in site.events.items()]
    ratings = [Cell(c.title(), f"ratings/{c}.html") for c in TIME_CONTROLS]
    yield "index.html", site_page(site, "club_index.html", club.settings.name, ratings=ratings, events=events,
                                  members=members)
