"""``ratings/<time_control>.html`` of a club: the current rating list of each time control,
strongest first."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.club import rating_list_view
from arbiter_cli.render.site.layout import Cell, Link, h, table
from arbiter_cli.render.site.parts import frame, member_link
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 10


def nav(site: ClubSite) -> Link:
    return Link("Rating lists", f"ratings/{TIME_CONTROLS[0]}.html")


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    for control in TIME_CONTROLS:
        view = rating_list_view(site.club, (control,))
        rows = [[Cell(str(place), cls="num"), Cell(str(r["member_id"]), cls="num"),
                 Cell(member_link(r["member_id"], r["name"], "../")), Cell(str(r[control]), control, "num"),
                 Cell(str(r[f"{control}_games"]), "games", "num")] for place, r in enumerate(view.records, start=1)]
        others = "".join(f'<li><a href="{c}.html">{c.title()}</a></li>' if c != control
                         else f"<li><strong>{c.title()}</strong></li>" for c in TIME_CONTROLS)
        body = [f'<ul class="rounds noprint">{others}</ul>', '<div class="scroll">' + table(
            [Cell("#", cls="num"), Cell("Id", cls="num"), "Name", Cell("Rating", control, "num"),
             Cell("Games", "games", "num")], rows, cls="rating-list") + "</div>",
            f'<p class="note">Games: the rated games behind the rating (FIDE B.02 as the club applies it). '
            f"{h(site.club.settings.name)}.</p>"]
        yield f"ratings/{control}.html", frame(site, f"Club ratings: {control}", "\n".join(body), 1)
