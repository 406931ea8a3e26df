"""``index.html`` of a knockout event (issue 18): its details and rules, the links to the
bracket, every round and the standings, and the players with how far each has come."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.knockout import round_name
from arbiter_cli.render.site.knockout_parts import entrant, rules_legend
from arbiter_cli.render.site.layout import Cell, Link, h, player_link, table
from arbiter_cli.render.site.parts import event_details, frame, legend, round_links
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 0


def nav(site: KnockoutSite) -> Link:
    return Link("Event", "index.html")


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    total = tournament.total_rounds
    champion = site.bracket["champion"]
    extra = [("Players", str(len(tournament.players))),
             ("Rounds paired", f"{tournament.last_round} of {total}" if total else "0"),
             ("Seeding", h(tournament.knockout.seeding)),
             ("Winner", entrant(champion, "") if champion else "")]
    body = [event_details(tournament.settings, extra), legend(rules_legend(site))]
    if tournament.rounds:
        names = [round_name(r.number, total) for r in tournament.rounds]
        body += ['<p><a href="bracket.html">The bracket</a> · <a href="standings.html">Standings</a></p>',
                 "<h2>Matches and games</h2>", round_links([r.number for r in tournament.rounds], "rounds", None, 0,
                                                           "Round"),
                 f'<p class="note">{h(", ".join(f"round {r.number}: {n}" for r, n in zip(tournament.rounds, names)))}'
                 "</p>"]
    else:
        body.append('<p>The bracket is drawn when round 1 is paired. <a href="standings.html">Seeding</a></p>')
    row_of = {row.player.start_number: row for row in site.standings}
    rows = []
    for p in tournament.players:
        row = row_of.get(p.start_number)
        now = "" if row is None else f"{row.state} ({row.reached_name})" if row.reached else row.state
        rows.append([Cell(str(p.start_number), cls="num"), Cell(player_link(p.start_number, p.name, "")),
                     Cell(h(p.title or "")), Cell(str(p.rating or ""), cls="num"), Cell(h(p.federation or "")),
                     Cell(h(p.club or "")), Cell(h("withdrawn" if p.is_withdrawn else now))])
    body += ['<h2 id="players">Players</h2>', '<p class="note">Seed: the start number (rating, title, name; C.04.2).'
             "</p>", '<div class="scroll">' + table(
                 [Cell("Seed", cls="num"), "Name", "Title", Cell("Rating", cls="num"), "Fed", "Club", "Now"], rows,
                 cls="players") + "</div>"]
    yield "index.html", frame(site, tournament.settings.name, "\n".join(body))
