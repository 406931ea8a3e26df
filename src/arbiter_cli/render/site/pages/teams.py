"""``teams/<team_number>.html`` of a team event: the team's roster (main players, then
reserves) with each player's points and games, and its matches round by round."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.site.blocks import Table, details, header, plain, player_cell, site_page, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import TeamSite

SITES = frozenset({"team"})
ORDER = 50

#: How a team's round reads on its page.
OUTCOME = {"W": "won", "D": "drawn", "L": "lost", "+": "won by forfeit", "-": "lost by forfeit"}


def nav(site: TeamSite) -> Link:
    return Link("Teams", "index.html#teams")


def pages(site: TeamSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    by_team = tournament.by_team
    matches = {row.team.number: row.entries for row in site.crosstable.rows}
    standing = {row.team.number: row for row in site.standings[tournament.last_round].rows}
    for card in site.cards:
        entry = card.team
        row = standing.get(entry.number)
        facts = details([("Team number", entry.number), ("Short", entry.short),
                         ("Team rating", format_team_rating(team_rating(tournament.roster(entry.number)))),
                         ("Rank", "" if row is None else str(row.rank) if row.rank == row.rank_to
                          else f"{row.rank}-{row.rank_to}"),
                         ("Match points", "" if row is None else number_texts([row.match_points])[0]),
                         ("Game points", "" if row is None else number_texts([row.game_points])[0]),
                         ("Status", "withdrawn" if entry.is_withdrawn else "")])
        points = number_texts([p.points for p in card.players])
        roster = [[plain(p.place, cls="num"), plain("reserve" if p.reserve else "main"),
                   plain(p.player.start_number, cls="num"), player_cell(p.player.start_number, p.player.name, "../"),
                   plain(p.player.title), plain(p.player.rating or "", cls="num"), plain(p.player.federation),
                   plain(text, cls="num"), plain(p.games, cls="num"), plain(p.forfeit_wins or "", cls="num"),
                   plain(p.forfeit_losses or "", cls="num")]
                  for p, text in zip(card.players, points)]
        rounds = []
        for match in matches.get(entry.number, ()):
            opponent = by_team.get(match.opponent) if match.opponent is not None else None
            rounds.append([plain(match.round, cls="num"),
                           team_cell(opponent.number, opponent.name, "../") if opponent else plain(match.outcome.value),
                           plain(OUTCOME.get(match.outcome.value, match.outcome.value)),
                           plain(number_texts([match.match_points])[0], cls="num"),
                           plain(number_texts([match.game_points])[0], cls="num")])
        roster_table = Table([header("#", cls="num"), header(""), header("No", cls="num"), header("Name"),
                              header("Title"), header("Rating", cls="num"), header("Fed"), header("Pts", cls="num"),
                              header("Games", cls="num"), header("+", cls="num"), header("-", cls="num")], roster,
                             cls="roster")
        matches_table = Table([header("Round", cls="num"), header("Opponent"), header("Result"), header("MP", cls="num"),
                               header("GP", cls="num")], rounds, cls="team-matches")
        yield f"teams/{entry.number}.html", site_page(site, "teams.html", f"{entry.number}. {entry.name}", 1,
                                                       details=facts, roster=roster_table, matches=matches_table)
