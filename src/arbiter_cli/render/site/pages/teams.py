"""``teams/<team_number>.html`` of a team event: the team's roster (main players, then
reserves) with each player's points and games, and its matches round by round."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.team_roster import format_team_rating, team_rating
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.site.layout import Cell, Link, definition_list, h, player_link, table
from arbiter_cli.render.site.parts import frame, team_link
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
        details = [("Team number", str(entry.number)), ("Short", h(entry.short)),
                   ("Team rating", h(format_team_rating(team_rating(tournament.roster(entry.number))))),
                   ("Rank", "" if row is None else str(row.rank) if row.rank == row.rank_to
                    else f"{row.rank}-{row.rank_to}"),
                   ("Match points", "" if row is None else h(number_texts([row.match_points])[0])),
                   ("Game points", "" if row is None else h(number_texts([row.game_points])[0])),
                   ("Status", "withdrawn" if entry.is_withdrawn else "")]
        points = number_texts([p.points for p in card.players])
        roster = [[Cell(str(p.place), cls="num"), Cell("reserve" if p.reserve else "main"),
                   Cell(str(p.player.start_number), cls="num"),
                   Cell(player_link(p.player.start_number, p.player.name, "../")), Cell(h(p.player.title or "")),
                   Cell(str(p.player.rating or ""), cls="num"), Cell(h(p.player.federation or "")),
                   Cell(h(text), cls="num"), Cell(str(p.games), cls="num"),
                   Cell(str(p.forfeit_wins or ""), cls="num"), Cell(str(p.forfeit_losses or ""), cls="num")]
                  for p, text in zip(card.players, points)]
        rounds = []
        for match in matches.get(entry.number, ()):
            opponent = by_team.get(match.opponent) if match.opponent is not None else None
            rounds.append([Cell(str(match.round), cls="num"),
                           Cell(team_link(opponent.number, opponent.name, "../") if opponent else h(match.outcome.value)),
                           Cell(h(OUTCOME.get(match.outcome.value, match.outcome.value))),
                           Cell(h(number_texts([match.match_points])[0]), cls="num"),
                           Cell(h(number_texts([match.game_points])[0]), cls="num")])
        body = [definition_list(details), "<h2>Roster</h2>", '<div class="scroll">' + table(
            [Cell("#", cls="num"), "", Cell("No", cls="num"), "Name", "Title", Cell("Rating", cls="num"), "Fed",
             Cell("Pts", cls="num"), Cell("Games", cls="num"), Cell("+", cls="num"), Cell("-", cls="num")], roster,
            cls="roster") + "</div>",
            '<p class="note">Games, Pts: games played over the board and their points (1 ½ 0), as the board '
            "statistics count them; + -: forfeits won and lost, counted apart.</p>",
            "<h2>Matches</h2>", '<div class="scroll">' + table(
                [Cell("Round", cls="num"), "Opponent", "Result", Cell("MP", cls="num"), Cell("GP", cls="num")],
                rounds, cls="team-matches") + "</div>"]
        yield f"teams/{entry.number}.html", frame(site, f"{entry.number}. {entry.name}", "\n".join(body), 1)
