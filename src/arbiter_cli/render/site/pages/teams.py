"""``teams/<team_number>.html`` of a team event: the team's roster (main players, then
reserves) with each player's points and games, and its matches round by round."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.render.site.blocks import (Table, details, header, name_cell, plain, player_cell, site_page, team_cell,
                                            titled)
from arbiter_cli.render.site.layout import Link
from arbiter_cli.lifecycle.team_cards import TeamCard
from arbiter_cli.lifecycle.team_crosstable import TeamCrosstableRow
from arbiter_cli.lifecycle.team_standings import TeamStandingRow
from arbiter_cli.render.site.sites import TeamSite, Made, crossed_entries, keyed_page, team_card_parts
from arbiter_cli.render.templating import points_text

SITES = frozenset({"team"})
ORDER = 50
KEYED = True

#: How a team's round reads on its page.
OUTCOME = {"W": "won", "D": "drawn", "L": "lost", "+": "won by forfeit", "-": "lost by forfeit"}


def nav(site: TeamSite) -> Link:
    return Link("Teams", "index.html#teams")


def pages(site: TeamSite) -> Iterator[tuple[str, Made]]:
    tournament = site.tournament
    matches = {row.team.number: row for row in site.crosstable.rows}
    standing = {row.team.number: row for row in site.standings[tournament.last_round].rows}
    registration = site.digests.registration if site.digests is not None else None
    for card in site.cards:
        number = card.team.number
        row, crossed = standing.get(number), matches.get(number)
        path = f"teams/{number}.html"
        # A team's page reads the registration (teams, rosters, ratings), its card, its matches, and
        # its place, match points and game points.
        parts = (registration, team_card_parts(site, card),
                 crossed_entries(site, number, crossed.entries) if crossed else None,
                 (row.rank, row.rank_to, row.match_points, row.game_points) if row else None)
        yield path, keyed_page(site, path, parts, partial(team_page, site, card, row, crossed))


def team_page(site: TeamSite, card: TeamCard, row: TeamStandingRow | None, crossed: TeamCrosstableRow | None) -> str:
    """``teams/N.html``: the team's details, roster and matches (``row``: its standing; ``crossed``:
    its row of the crosstable)."""
    tournament = site.tournament
    by_team = tournament.by_team
    entry = card.team
    facts = details([("Team number", entry.number), ("Short", name_cell(entry.short)),
                     ("Team rating", format_team_rating(team_rating(tournament.roster(entry.number)))),
                     ("Rank", "" if row is None else str(row.rank) if row.rank == row.rank_to
                      else f"{row.rank}-{row.rank_to}"),
                     ("Match points", "" if row is None else points_text(row.match_points)),
                     ("Game points", "" if row is None else points_text(row.game_points)),
                     ("Status", "withdrawn" if entry.is_withdrawn else "")])
    roster = [[plain(p.place, cls="num"), plain("reserve" if p.reserve else "main"),
               plain(p.player.start_number, cls="num"), player_cell(p.player.start_number, p.player.name, "../"),
               plain(p.player.title), plain(p.player.rating or "", cls="num"), plain(p.player.federation, cls="code"),
               plain(points_text(p.points), cls="num"), plain(p.games, cls="num"),
               plain(p.forfeit_wins or "", cls="num"), plain(p.forfeit_losses or "", cls="num")]
              for p in card.players]
    rounds = []
    for match in crossed.entries if crossed else ():
        opponent = by_team.get(match.opponent) if match.opponent is not None else None
        rounds.append([plain(match.round, cls="num"),
                       team_cell(opponent.number, opponent.name, "../") if opponent else plain(match.outcome.value),
                       plain(OUTCOME.get(match.outcome.value, match.outcome.value)),
                       plain(points_text(match.match_points), cls="num"),
                       plain(points_text(match.game_points), cls="num")])
    roster_table = Table([header("#", cls="num"), header(""), header("No", cls="num"), header("Name"),
                          header("Title"), header("Rating", cls="num"), header("Fed"), header("Pts", cls="num"),
                          header("Games", cls="num"), header("+", cls="num"), header("-", cls="num")], roster,
                         cls="roster")
    matches_table = Table([header("Round", cls="num"), header("Opponent"), header("Result"), header("MP", cls="num"),
                           header("GP", cls="num")], rounds, cls="team-matches")
    return site_page(site, "teams.html", f"{entry.number}. {entry.name}", 1,
                     heading=titled(entry.name, before=f"{entry.number}. "),
                     details=facts, roster=roster_table, matches=matches_table)
