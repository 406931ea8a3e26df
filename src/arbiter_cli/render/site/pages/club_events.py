"""``events/<slug>.html`` of a club: each finalised tournament's rating-change table (Ro, K,
games, score, We, Δ, Rn and the performance), FIDE B.02 as the club rates."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.club import hundredths, rating_change
from arbiter_cli.render.site.blocks import Table, details, header, member_cell, plain, points_cell, site_page, titled
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 30


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    for slug, name in site.events.items():
        rows = [s for s in site.club.ratings if s.tournament == name]
        cells = [[plain(s.row.member_id, "member_id", "num"), member_cell(s.row.member_id, s.name, "../"),
                  plain(s.row.rating_before, "rating_before", "num"), plain(s.row.k, "k", "num"),
                  plain(s.row.games, "games", "num"), points_cell(s.row.score, "score"),
                  plain(hundredths(s.row.expected), "expected", "num"), plain(rating_change(s.row.change), "change", "num"),
                  plain(s.row.rating_after, "rating_after", "num"),
                  plain("" if s.row.performance is None else s.row.performance, "performance", "num")]
                 for s in rows]
        facts = details([("Time control", rows[0].time_control), ("Date", rows[0].date), ("Players rated", len(rows))])
        table = Table([header("Id", "member_id", "num"), header("Name"), header("Ro", "rating_before", "num"),
                       header("K", "k", "num"), header("Games", "games", "num"), header("Score", "score", "num"),
                       header("We", "expected", "num"), header("Δ", "change", "num"), header("Rn", "rating_after", "num"),
                       header("TPR", "performance", "num")], cells, cls="rating-changes")
        yield f"events/{slug}.html", site_page(site, "club_events.html", f"{name}: rating changes", 1, details=facts,
                                               heading=titled(name, ": rating changes"),
                                               table=table)
