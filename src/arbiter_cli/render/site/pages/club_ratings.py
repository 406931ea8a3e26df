"""``ratings/<time_control>.html`` of a club: the current rating list of each time control,
strongest first."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.club import rating_list_view
from arbiter_cli.render.site.blocks import Cell, Table, header, member_cell, plain, site_page
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 10


def nav(site: ClubSite) -> Link:
    return Link("Rating lists", f"ratings/{TIME_CONTROLS[0]}.html")


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    for control in TIME_CONTROLS:
        view = rating_list_view(site.club, (control,))
        rows = [[plain(place, cls="num"), plain(r["member_id"], cls="num"), member_cell(r["member_id"], r["name"], "../"),
                 plain(r[control], control, "num"), plain(r[f"{control}_games"], "games", "num")]
                for place, r in enumerate(view.records, start=1)]
        table = Table([header("#", cls="num"), header("Id", cls="num"), header("Name"), header("Rating", control, "num"),
                       header("Games", "games", "num")], rows, cls="rating-list")
        others = [Cell(c.title(), f"{c}.html" if c != control else "") for c in TIME_CONTROLS]
        yield f"ratings/{control}.html", site_page(site, "club_ratings.html", f"Club ratings: {control}", 1,
                                                   others=others, table=table, club=site.club.settings.name)
