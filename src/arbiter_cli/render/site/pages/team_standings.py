"""``standings/<N>.html`` and ``standings.html`` of a team event: the team standings after each
round (:mod:`arbiter_cli.render.site.standings_table`: the keys of ``arbiter standings
--format json`` on a team event), the legend of the team tie-breaks, the score distribution."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import standings_page as page, standings_pages
from arbiter_cli.store.site import Page
from arbiter_cli.render.site.sites import TeamSite, Made, keyed_page
from arbiter_cli.render.site.standings_table import distribution_chart, scores_of, standings_table
from arbiter_cli.render.team_printouts import tiebreak_legend
from arbiter_cli.render.team_views import team_standings_view
from arbiter_cli.render.views import table_heading

SITES = frozenset({"team"})
ORDER = 20
KEYED = True


def nav(site: TeamSite) -> Link:
    return Link("Standings", "standings.html")


def standings_page(site: TeamSite, after: int, depth: int) -> str:
    tournament = site.tournament
    table = site.standings[after]
    heading = table_heading(tournament, "team standings", after)
    view = team_standings_view(heading, table)
    root = "../" * depth

    def name(record: dict[str, Any]) -> Cell:
        return team_cell(record["team_number"], record["name"], root)

    codes = tiebreak_legend(table.tiebreaks, tournament.team.primary)  # a line per code, in order
    notes = ["MP: match points; GP: game points", *(line for code, line in zip(table.tiebreaks, codes)
                                                     if code not in ("MP", "GP"))]  # each column named once
    rnd = tournament.round(after)
    if rnd is not None and not rnd.complete:
        notes.insert(0, f"round {after} is not complete: its matches count as far as they are entered")
    primary = "match_points" if tournament.team.primary == "MP" else "game_points"
    chart = distribution_chart("distribution", scores_of(view, primary), after,
                               primary.replace("_", " ")) if after else None
    return page(site, heading, standings_table(view, name), after, depth, table.tiebreaks, table.rules.value, notes,
                chart)


def pages(site: TeamSite) -> Iterator[tuple[str, Made]]:
    # The standings after a round read the event up to that round, and how many rounds are paired.
    def keyed(site: TeamSite, after: int, depth: int) -> bytes | Page:
        path = f"standings/{after}.html" if depth else "standings.html"
        return keyed_page(site, path, (site.digests.upto(after) if site.digests else None, site.tournament.last_round),
                          lambda: standings_page(site, after, depth), share=after)

    return standings_pages(site, keyed)
