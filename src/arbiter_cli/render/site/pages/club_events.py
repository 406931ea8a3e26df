"""``events/<slug>.html`` of a club: each finalised tournament's rating-change table (Ro, K,
games, score, We, Δ, Rn and the performance), FIDE B.02 as the club rates."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.club import hundredths, rating_change
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.site.layout import Cell, definition_list, h, table
from arbiter_cli.render.site.parts import frame, member_link
from arbiter_cli.render.site.sites import ClubSite

SITES = frozenset({"club"})
ORDER = 30


def pages(site: ClubSite) -> Iterator[tuple[str, str]]:
    for slug, name in site.events.items():
        rows = [s for s in site.club.ratings if s.tournament == name]
        scores = number_texts([s.row.score for s in rows])
        cells = [[Cell(str(s.row.member_id), "member_id", "num"), Cell(member_link(s.row.member_id, s.name, "../")),
                  Cell(str(s.row.rating_before), "rating_before", "num"), Cell(str(s.row.k), "k", "num"),
                  Cell(str(s.row.games), "games", "num"), Cell(h(score), "score", "num"),
                  Cell(hundredths(s.row.expected), "expected", "num"), Cell(h(rating_change(s.row.change)), "change", "num"),
                  Cell(str(s.row.rating_after), "rating_after", "num"),
                  Cell("" if s.row.performance is None else str(s.row.performance), "performance", "num")]
                 for s, score in zip(rows, scores)]
        details = definition_list([("Time control", h(rows[0].time_control)), ("Date", h(rows[0].date)),
                                   ("Players rated", str(len(rows)))])
        body = [details, '<div class="scroll">' + table(
            [Cell("Id", "member_id", "num"), "Name", Cell("Ro", "rating_before", "num"), Cell("K", "k", "num"),
             Cell("Games", "games", "num"), Cell("Score", "score", "num"), Cell("We", "expected", "num"),
             Cell("Δ", "change", "num"), Cell("Rn", "rating_after", "num"), Cell("TPR", "performance", "num")],
            cells, cls="rating-changes") + "</div>",
            '<p class="note">Ro the rating before; K the development coefficient; Games the rated games; We the '
            "expected score; Δ = K × (score − We), rounded; Rn the new rating; TPR the performance rating "
            "(FIDE B.02 8.1.1, 8.3).</p>"]
        yield f"events/{slug}.html", frame(site, f"{name}: rating changes", "\n".join(body), 1)
