"""``players/<start_number>.html`` of a team event: each player's card (board, opponent,
colour, result, running score), from the team cards of the lifecycle."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.cards import CardRound, card_body
from arbiter_cli.render.site.layout import h, player_link
from arbiter_cli.render.site.parts import frame, team_link
from arbiter_cli.render.site.sites import TeamSite

SITES = frozenset({"team"})
ORDER = 40


def pages(site: TeamSite) -> Iterator[tuple[str, str]]:
    tournament = site.tournament
    by_tpn, by_team = tournament.by_number, tournament.by_team
    for card in site.cards:
        team = card.team
        for entry in card.players:
            player = entry.player
            rounds = []
            for seat in entry.seats:
                opponent = by_tpn.get(seat.opponent) if seat.opponent is not None else None
                other = by_team.get(seat.opponent_team) if seat.opponent_team is not None else None
                text = (player_link(opponent.start_number, opponent.name, "../")
                        + (f" ({opponent.rating})" if opponent.rating else "") if opponent is not None
                        else "(empty board)")
                if other is not None:
                    text += f" · {team_link(other.number, other.name, '../')}"
                rounds.append(CardRound(seat.round, text, seat.colour, seat.outcome, seat.points, str(seat.board),
                                        opponent.rating if opponent is not None else 0))
            details = [("Team", team_link(team.number, team.name, "../")),
                       ("Place on the roster", f"{entry.place}{' (reserve)' if entry.reserve else ''}"),
                       ("Start number", str(player.start_number)), ("Title", h(player.title or "")),
                       ("Rating", str(player.rating or "")), ("FIDE ID", str(player.fide_id or "")),
                       ("Federation", h(player.federation or ""))]
            yield (f"players/{player.start_number}.html",
                   frame(site, player.name, card_body(rounds, details, None, boards=True), 1))
