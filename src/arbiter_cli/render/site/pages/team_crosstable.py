"""``crosstable.html`` of a team event: teams against teams, MP, GP, rank and tie-breaks, on a
landscape page in print."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.render.site.blocks import Cell, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import crosstable_page
from arbiter_cli.render.site.sites import Made, TeamSite, keyed_page
from arbiter_cli.render.team_printouts import team_crosstable_view, tiebreak_legend
from arbiter_cli.render.views import table_heading

SITES = frozenset({"team"})
ORDER = 30
KEYED = True
PATH = "crosstable.html"


def nav(site: TeamSite) -> Link:
    return Link("Crosstable", PATH)


def pages(site: TeamSite) -> Iterator[tuple[str, Made]]:
    # The crosstable reads the whole event (made when a publish asks for it: issue 29).
    yield PATH, keyed_page(site, PATH, (site.digests.everything if site.digests else None,),
                           lambda: crosstable_html(site))


def crosstable_html(site: TeamSite) -> str:
    tournament = site.tournament
    table = site.crosstable
    view = team_crosstable_view(tournament, table)

    def name(record: dict[str, Any]) -> Cell:
        return team_cell(record["team_number"], record["name"], "")

    if table.square:
        legend = ["2½: the game points the row's team scored against the column's team; + - a match won or lost "
                  "by forfeit; ? boards still to enter"]
    else:
        legend = ["5w2½: against team 5, White on board 1, 2½ game points; + - a match won or lost by forfeit; "
                  "? boards still to enter", "PAB pairing-allocated bye; FPB HPB ZPB full-, half-, zero-point bye"]
    legend += tiebreak_legend(table.tiebreaks, tournament.team.primary)
    return crosstable_page(site, view, name, legend, table_heading(tournament, "team crosstable", table.after_round))
