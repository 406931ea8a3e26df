"""``players/<start_number>.html`` of a knockout event (issue 18): a player's card, with each
match and every game of it.

A knockout has no running score: a match is won or lost, and the standings go by the round
reached. So the card has two tables rather than an individual event's ``rounds`` table:

* ``<table class="matches">``, one row per round the player was in: ``data-key`` ``round``,
  ``opponent``, ``points`` (the player's points in the match, every game counted, as the match
  counts them: an Armageddon draw is Black's win; empty for a bye), ``opponent_points``,
  ``result`` (``through``, ``out``, ``playing``) and ``how``;
* ``<table class="games">``, every game: ``data-key`` ``round``, ``board`` (``MATCH.GAME``),
  ``stage``, ``colour``, ``opponent``, ``result`` (from the board), ``points`` (the player's, as
  the match counts them).

The games' points of a round add up to the match's ``points``; the last row of ``matches`` is
the standings' ``reached`` round. Points are written as the CSV output writes them (``1.5``).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.points import parse_points
from arbiter_cli.pairing.knockout_match import counted_points
from arbiter_cli.render.site.blocks import Cell, Table, details, header, plain, player_cell, site_page
from arbiter_cli.render.site.knockout_parts import entrant, how_text, result_text, stage_text
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.parts import points_text
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 40


def nav(site: KnockoutSite) -> Link:
    return Link("Players", "index.html#players")


def _game_points(tournament: KnockoutTournament, round_number: int, match_number: int, game_number: int,
                 player: int) -> Fraction | None:
    rnd = tournament.round(round_number)
    match = rnd.match(match_number) if rnd else None
    game = match.game(game_number) if match else None
    if game is None or game.result is None:
        return None
    white, black = counted_points(game, tournament.knockout, tournament.settings.scoring)
    return white if game.white == player else black


def _result(match: dict[str, Any], number: int) -> str:
    if not match["decided"]:
        return "playing"
    return "through" if match["winner"] == number else "out"


def card(site: KnockoutSite, number: int) -> str:
    tournament = site.tournament
    player = tournament.by_number[number]
    by_number = tournament.by_number
    matches: list[list[Cell]] = []
    games: list[list[Cell]] = []
    for rnd in site.bracket["rounds"]:
        for match in rnd["matches"]:
            sides = [match["first"], match["second"]]
            if number not in [s["start_number"] for s in sides if s is not None]:
                continue
            mine = 0 if sides[0] is not None and sides[0]["start_number"] == number else 1
            other = sides[1 - mine]
            played = bool(match["games"]) and other is not None
            score = [points_text(parse_points(p)) for p in match["score"]] if played else ["", ""]
            matches.append([plain(rnd["round"], "round", "num"), plain(rnd["name"], "round_name"),
                            entrant(other, "../")._replace(key="opponent"), plain(score[mine], "points", "num"),
                            plain(score[1 - mine], "opponent_points", "num"), plain(_result(match, number), "result"),
                            plain(how_text(match) if match["decided"] else "", "how")])
            for game in match["games"]:
                white = game["white"] == number
                opponent = game["black"] if white else game["white"]
                points = _game_points(tournament, rnd["round"], match["match"], game["game"], number)
                games.append([plain(rnd["round"], "round", "num"), plain(game["board"], "board", "num"),
                              plain(stage_text(game["stage"]), "stage"), plain("White" if white else "Black", "colour"),
                              player_cell(opponent, by_number[opponent].name, "../", key="opponent"),
                              plain(result_text(game["result"]), "result", "center"),
                              plain("" if points is None else points_text(points), "points", "num")])
    row = next((r for r in site.standings if r.player.start_number == number), None)
    place = "" if row is None else str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"
    facts = details([("Seed", number), ("Title", player.title), ("Rating", player.rating or ""),
                     ("FIDE ID", player.fide_id or ""), ("Federation", player.federation), ("Club", player.club),
                     ("Place", place), ("Reached", row.reached_name if row and row.reached else ""),
                     ("Now", row.state if row else ""), ("Status", "withdrawn" if player.is_withdrawn else "")])
    match_table = Table([header("Round", "round", "num"), header("", "round_name"), header("Opponent", "opponent"),
                         header("Points", "points", "num"), header("Opp.", "opponent_points", "num"),
                         header("Result", "result"), header("How", "how")], matches, cls="matches")
    game_table = Table([header("Round", "round", "num"), header("Board", "board", "num"), header("Stage", "stage"),
                        header("Colour", "colour"), header("Opponent", "opponent"), header("Result", "result", "center"),
                        header("Points", "points", "num")], games, cls="games") if games else None
    return site_page(site, "knockout_card.html", player.name, 1, details=facts, matches=match_table, games=game_table)


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    for player in site.tournament.players:
        yield f"players/{player.start_number}.html", card(site, player.start_number)
