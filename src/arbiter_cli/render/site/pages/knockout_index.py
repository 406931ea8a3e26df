"""``index.html`` of a knockout event (issue 18): its details and rules, the links to the
bracket, every round and the standings, and the players with how far each has come."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.knockout import round_name
from arbiter_cli.render.site.blocks import Fact, Table, header, name_cell, plain, player_cell, site_page
from arbiter_cli.render.site.knockout_parts import entrant, rules_legend
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import event_details
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 0


def nav(site: KnockoutSite) -> Link:
    return Link("Event", "index.html")


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    total = tournament.total_rounds
    champion = site.bracket["champion"]
    extra: list[Fact] = [("Players", len(tournament.players)),
             ("Rounds paired", f"{tournament.last_round} of {total}" if total else "0"),
             ("Seeding", tournament.knockout.seeding), ("Winner", entrant(champion, "") if champion else "")]
    # the rounds with a name of their own (quarter-final, semi-final, final); "round 1: round 1" says nothing
    names = ", ".join(f"round {r.number}: {name}" for r in tournament.rounds
                      if (name := round_name(r.number, total)) != f"round {r.number}")
    row_of = {row.player.start_number: row for row in site.standings}
    rows = []
    for p in tournament.players:
        row = row_of.get(p.start_number)
        now = ("" if row is None else row.state if not row.reached or row.reached_name == row.state  # winner
               else f"{row.state} ({row.reached_name})")
        rows.append([plain(p.start_number, cls="num"), player_cell(p.start_number, p.name, ""), plain(p.title),
                     plain(p.rating or "", cls="num"), plain(p.federation, cls="code"), name_cell(p.club or ""),
                     plain("withdrawn" if p.is_withdrawn else now)])
    players = Table([header("Seed", cls="num"), header("Name"), header("Title"), header("Rating", cls="num"),
                     header("Fed"), header("Club"), header("Now")], rows, cls="players")
    yield "index.html", site_page(site, "knockout_index.html", tournament.settings.name,
                                  details=event_details(tournament.settings, extra), rules=rules_legend(site),
                                  rounds=[r.number for r in tournament.rounds], names=names, players=players)
