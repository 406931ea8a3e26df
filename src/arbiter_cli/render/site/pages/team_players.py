"""``players/<start_number>.html`` of a team event: each player's card (board, opponent,
colour, result, running score), from the team cards of the lifecycle."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.render.site.blocks import Cell, Fact, player_cell, plain, team_cell
from arbiter_cli.render.site.cards import CardRound, card as player_card, card_page
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
                text = (player_cell(opponent.start_number, opponent.name, "../",
                                    after=f" ({opponent.rating})" if opponent.rating else "")
                        if opponent is not None else plain("(empty board)"))
                if other is not None:
                    text = text._replace(more=(team_cell(other.number, other.name, "../", before=" · "),))
                rounds.append(CardRound(seat.round, text, seat.colour, seat.outcome, seat.points, str(seat.board),
                                        opponent.rating if opponent is not None else 0))
            details: list[Fact] = [
                ("Team", team_cell(team.number, team.name, "../")),
                ("Place on the roster", f"{entry.place}{' (reserve)' if entry.reserve else ''}"),
                ("Start number", player.start_number), ("Title", player.title), ("Rating", player.rating or ""),
                ("FIDE ID", player.fide_id or ""), ("Federation", player.federation)]
            yield (f"players/{player.start_number}.html",
                   card_page(site, player.name, player_card(rounds, details, None, boards=True)))
