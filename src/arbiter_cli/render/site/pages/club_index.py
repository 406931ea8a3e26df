"""``index.html`` of a club: the members with their current club ratings, and the links to the
rating lists and to each rated tournament."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.ratings.club import current_ratings
from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.site.layout import Cell, Link, h, table
from arbiter_cli.render.site.parts import frame, member_link
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 0


def nav(site: ClubSite) -> Link:
    return Link("Members", "index.html")


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    club = site.club
    current = current_ratings(club)
    rows = [[Cell(str(m.id), cls="num"), Cell(member_link(m.id, m.name, "")), Cell(h(m.birth_date or "")),
             *(Cell(f"{current[(m.id, c)][0]} ({current[(m.id, c)][1]})", c, "num") for c in TIME_CONTROLS)]
            for m in club.members]
    dates = {row.tournament: row.date for row in club.ratings}
    controls = {row.tournament: row.time_control for row in club.ratings}
    events = "".join(f'<li><a href="events/{slug}.html">{h(name)}</a> ({h(controls[name])}'
                     f'{", " + h(dates[name]) if dates[name] else ""})</li>' for slug, name in site.events.items())
    body = ["<h2>Club ratings</h2>", '<ul class="rounds">' + "".join(
        f'<li><a href="ratings/{c}.html">{c.title()}</a></li>' for c in TIME_CONTROLS) + "</ul>",
            "<h2>Rated tournaments</h2>", f"<ul>{events}</ul>" if events else "<p>None rated yet.</p>",
            "<h2>Members</h2>", '<div class="scroll">' + table(
                [Cell("Id", cls="num"), "Name", "Born", *(Cell(c.title(), c, "num") for c in TIME_CONTROLS)],
                rows, cls="members") + "</div>",
            '<p class="note">The current club rating in each time control, with the rated games in brackets.</p>']
    yield "index.html", frame(site, club.settings.name, "\n".join(body))
