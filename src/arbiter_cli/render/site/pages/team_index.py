"""``index.html`` of a team event: its details, the links to every page, the teams."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.render.site.layout import Cell, Link, h, table
from arbiter_cli.render.site.parts import event_details, frame, round_links, team_link
from arbiter_cli.render.site.sites import TeamSite

SITES = frozenset({"team"})
ORDER = 0


def nav(site: TeamSite) -> Link:
    return Link("Event", "index.html")


def pages(site: TeamSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    team = tournament.team
    numbers = [r.number for r in tournament.rounds]
    body = [event_details(tournament.settings, [
        ("Teams", str(len(tournament.teams))), ("Boards", str(team.boards)),
        ("Ranked by", "match points" if team.primary == "MP" else "game points"),
        ("Rounds paired", str(tournament.last_round))])]
    if numbers:
        body += ["<h2>Matches and results</h2>", round_links(numbers, "rounds", None, 0, "Round"),
                 "<h2>Team standings</h2>", round_links(numbers, "standings", None, 0, "After round"),
                 '<p><a href="standings.html">Latest team standings</a> · <a href="crosstable.html">Crosstable</a></p>']
    rows = [[Cell(str(entry.number), cls="num"), Cell(team_link(entry.number, entry.name, "")), Cell(h(entry.short)),
             Cell(h(format_team_rating(team_rating(tournament.roster(entry.number)))), cls="num"),
             Cell(str(len(tournament.members(entry.number))), cls="num"),
             Cell("" if not entry.is_withdrawn else f"withdrawn after round {entry.withdrawn_after}"
                  if entry.withdrawn_after is not None else "withdrawn")]
            for entry in tournament.teams]
    body += ['<h2 id="teams">Teams</h2>', '<div class="scroll">' + table(
        [Cell("No", cls="num"), "Team", "Short", Cell("Rating", cls="num"), Cell("Players", cls="num"), ""],
        rows, cls="teams") + "</div>"]
    yield "index.html", frame(site, tournament.settings.name, "\n".join(body))
