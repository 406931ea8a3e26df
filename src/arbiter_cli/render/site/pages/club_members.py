"""``members/<id>.html`` of a club: a member's ratings, and per time control the rating history
as a chart (inline SVG) and as a table, its text alternative."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.ratings.club import current_ratings
from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.club import history_view, rating_change
from arbiter_cli.render.site.charts import Series, line_chart
from arbiter_cli.render.site.layout import Cell, definition_list, h, table
from arbiter_cli.render.site.parts import frame
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 20


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    club = site.club
    current = current_ratings(club)
    slug_of = {name: slug for slug, name in site.events.items()}
    for member in club.members:
        view = history_view(club, member, TIME_CONTROLS)
        items = [("Member id", str(member.id)), ("Born", h(member.birth_date or ""))]
        items += [(f"{c.title()} rating", f"{current[(member.id, c)][0]} ({current[(member.id, c)][1]} games)")
                  for c in TIME_CONTROLS]
        body = [definition_list(items)]
        for control in TIME_CONTROLS:
            records = [r for r in view.records if r["time_control"] == control]
            body.append(f"<h2>{control.title()}</h2>")
            if len(records) < 2:
                body.append(f'<p class="note">No rated tournament yet: the initial rating {records[0]["rating"]}.</p>')
                continue
            points = tuple((index, int(r["rating"])) for index, r in enumerate(records))
            words = "; ".join(f"{r['tournament']}: {r['rating']}" for r in records)
            body.append(line_chart(f"history-{control}", f"{control.title()} rating history",
                                   f"{control.title()} rating after each tournament: {words}.",
                                   [Series(control, points)], x_label="tournaments"))
            rows = []
            for r in records:
                name = str(r["tournament"])
                link = (f'<a href="../events/{slug_of[name]}.html">{h(name)}</a>' if name in slug_of else h(name))
                rows.append([Cell(link), Cell(h(r["date"] or "")), Cell(str(r["rating"]), "rating", "num"),
                             Cell("" if r["change"] is None else h(rating_change(r["change"])), "change", "num")])
            body.append(table(["Tournament", "Date", Cell("Rating", "rating", "num"), Cell("Δ", "change", "num")],
                              rows, cls="history"))
        yield f"members/{member.id}.html", frame(site, member.name, "\n".join(body), 1)
