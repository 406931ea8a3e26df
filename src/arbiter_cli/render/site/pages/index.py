"""``index.html`` of an individual event: its details, the links to every page, the players."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.layout import Cell, Link, h, player_link, table
from arbiter_cli.render.site.parts import event_details, frame, round_links
from arbiter_cli.render.site.sites import EventSite

SITES = frozenset({"event"})
ORDER = 0


def nav(site: EventSite) -> Link:
    return Link("Event", "index.html")


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    numbers = [r.number for r in tournament.rounds]
    body = [event_details(tournament.settings, [("Players", str(len(tournament.players))),
                                                ("Rounds paired", str(tournament.last_round))])]
    if numbers:
        body += ["<h2>Pairings and results</h2>", round_links(numbers, "rounds", None, 0, "Round"),
                 "<h2>Standings</h2>", round_links(numbers, "standings", None, 0, "After round"),
                 '<p><a href="standings.html">Latest standings</a> · <a href="crosstable.html">Crosstable</a></p>']
    else:
        body.append('<p>No round is paired yet. <a href="standings.html">Starting rank</a></p>')
    rows = [[Cell(str(p.start_number), cls="num"), Cell(player_link(p.start_number, p.name, "")),
             Cell(h(p.title or "")), Cell(str(p.rating or ""), cls="num"), Cell(h(p.federation or "")),
             Cell(h(p.club or "")), Cell("withdrawn" if p.is_withdrawn else "")]
            for p in tournament.players]
    body += ['<h2 id="players">Players</h2>', '<div class="scroll">' + table(
        [Cell("No", cls="num"), "Name", "Title", Cell("Rating", cls="num"), "Fed", "Club", ""], rows,
        cls="players") + "</div>"]
    yield "index.html", frame(site, tournament.settings.name, "\n".join(body))
