"""``members/<id>.html`` of a club: a member's ratings, and per time control the rating history
as a chart (inline SVG) and as a table, its text alternative."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.ratings.club import current_ratings
from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render.club import history_view, rating_change
from arbiter_cli.render.site.blocks import Cell, Table, details, header, plain, site_page
from arbiter_cli.render.site.charts import Series, line_chart
from arbiter_cli.render.site.parts import personal
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 20


def date_texts(dates: list[str | None]) -> dict[int, str]:
    """The labels under a rating history's points: each tournament's month (its last day's), or its
    whole date where two share a month; the initial rating's point is ``start``.

    >>> date_texts([None, "2026-03-15", "2026-06-07"]), date_texts([None, "2026-03-01", "2026-03-29", None])
    ({0: 'start', 1: '2026-03', 2: '2026-06'}, {0: 'start', 1: '2026-03-01', 2: '2026-03-29', 3: ''})
    """
    months = [date[:7] if date else "" for date in dates]
    shared = {month for month in months if month and months.count(month) > 1}
    return {index: ("start" if index == 0 else "") if not date else date if date[:7] in shared else date[:7]
            for index, date in enumerate(dates)}


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    club = site.club
    current = current_ratings(club)
    slug_of = {name: slug for slug, name in site.events.items()}
    for member in club.members:
        view = history_view(club, member, TIME_CONTROLS)
        facts = details([("Member id", member.id), ("Born", personal(site, member.birth_date)),
                         *((f"{c.title()} rating", f"{current[(member.id, c)][0]} ({current[(member.id, c)][1]} games)")
                           for c in TIME_CONTROLS)])
        controls = []
        for control in TIME_CONTROLS:
            records = [r for r in view.records if r["time_control"] == control]
            section: dict[str, Any] = {"title": control.title(), "initial": records[0]["rating"], "chart": None,
                                       "table": None}
            controls.append(section)
            if len(records) < 2:
                continue
            points = tuple((index, int(r["rating"])) for index, r in enumerate(records))
            words = "; ".join(f"{r['tournament']}" + (f" ({r['date']})" if r["date"] else "") + f": {r['rating']}"
                              for r in records)
            section["chart"] = line_chart(f"history-{control}", f"{control.title()} rating history",
                                          f"{control.title()} rating after each tournament: {words}.",
                                          [Series(control, points)], x_label="the tournament's last day",
                                          x_texts=date_texts([r["date"] for r in records]))
            rows = []
            for r in records:
                name = str(r["tournament"])
                rows.append([Cell(name, f"../events/{slug_of[name]}.html" if name in slug_of else "", name=True),
                             plain(r["date"]), plain(r["rating"], "rating", "num"),
                             plain("" if r["change"] is None else rating_change(r["change"]), "change", "num")])
            section["table"] = Table([header("Tournament"), header("Date"), header("Rating", "rating", "num"),
                                      header("Δ", "change", "num")], rows, cls="history")
        yield f"members/{member.id}.html", site_page(site, "club_members.html", member.name, 1, details=facts,
                                                     controls=controls)
