"""``index.html`` of a team event: its details, the links to every page, the teams."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.render.site.blocks import Table, header, name_cell, plain, site_page, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import event_details
from arbiter_cli.render.site.sites import TeamSite

SITES = frozenset({"team"})
ORDER = 0


def nav(site: TeamSite) -> Link:
    return Link("Event", "index.html")


def pages(site: TeamSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    team = tournament.team
    details = event_details(tournament.settings, [
        ("Teams", len(tournament.teams)), ("Boards", team.boards),
        ("Ranked by", "match points" if team.primary == "MP" else "game points"),
        ("Rounds paired", tournament.last_round)])
    rows = [[plain(entry.number, cls="num"), team_cell(entry.number, entry.name, ""), name_cell(entry.short),
             plain(format_team_rating(team_rating(tournament.roster(entry.number))), cls="num"),
             plain(len(tournament.members(entry.number)), cls="num"),
             plain("" if not entry.is_withdrawn else f"withdrawn after round {entry.withdrawn_after}"
                   if entry.withdrawn_after is not None else "withdrawn")]
            for entry in tournament.teams]
    teams = Table([header("No", cls="num"), header("Team"), header("Short"), header("Rating", cls="num"),
                   header("Players", cls="num"), header("")], rows, cls="teams")
    words = {"rounds": "Matches and results", "standings": "Team standings", "latest": "Latest team standings",
             "entries": "Teams", "entries_id": "teams", "empty": ""}
    yield "index.html", site_page(site, "index.html", tournament.settings.name, details=details,
                                  rounds=[r.number for r in tournament.rounds], entries=teams, words=words)
