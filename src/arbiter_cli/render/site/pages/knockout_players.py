"""``players/<start_number>.html`` of a knockout event (issue 18): a player's card, with each
match and every game of it.

A knockout has no running score: a match is won or lost, and the standings go by the round
reached. So the card has two tables rather than an individual event's ``rounds`` table:

* ``<table class="matches">``, one row per round the player was in: ``data-key`` ``round``,
  ``opponent``, ``points`` (the player's points in the match, every game counted as played: an
  Armageddon draw is half a point each, though it sends Black through; empty for a bye), ``opponent_points``,
  ``result`` (``through``, ``out``, ``playing``) and ``how``;
* ``<table class="games">``, every game: ``data-key`` ``round``, ``board`` (``MATCH.GAME``),
  ``stage``, ``colour``, ``opponent``, ``result`` (from the board), ``points`` (the player's).

The games' points of a round add up to the match's ``points``; the last row of ``matches`` is
the standings' ``reached`` round. Points show as people read them (``1½``) and are held in each
cell's ``data-value`` as the CSV output writes them (``1.5``). The card begins with the current
round (:class:`arbiter_cli.render.site.cards.Current`): the game being played, its board and
colour, the opponent and the match score.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from fractions import Fraction
from typing import Any

from arbiter_cli.core.knockout import KnockoutTournament
from arbiter_cli.core.points import parse_points
from arbiter_cli.render.knockout_views import empty_slot
from arbiter_cli.render.site.blocks import (Cell, Table, details, header, name_cell, plain, player_cell, points_cell,
                                            site_page)
from arbiter_cli.render.site.knockout_parts import entrant, how_text, result_text, stage_text
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.cards import Current
from arbiter_cli.render.site.parts import personal
from arbiter_cli.render.templating import points_text
from arbiter_cli.render.site.sites import KnockoutSite, Made, keyed_page

SITES = frozenset({"knockout"})
ORDER = 40
KEYED = True


def nav(site: KnockoutSite) -> Link:
    return Link("Players", "index.html#players")


def _game_points(tournament: KnockoutTournament, round_number: int, match_number: int, game_number: int,
                 player: int) -> Fraction | None:
    rnd = tournament.round(round_number)
    match = rnd.match(match_number) if rnd else None
    game = match.game(game_number) if match else None
    if game is None or game.result is None:
        return None
    white, black = tournament.settings.scoring.game_points(game.result)
    return white if game.white == player else black


def _result(match: dict[str, Any], number: int) -> str:
    if not match["decided"]:
        return "playing"
    return "through" if match["winner"] == number else "out"


def _side(match: dict[str, Any], number: int) -> tuple[int, dict[str, Any] | None] | None:
    """The player's side of a match of the bracket data (0: the upper slot) and the other player (None:
    nobody, a bye); None when the player is not in the match."""
    sides = [match["first"], match["second"]]
    if number not in [s["start_number"] for s in sides if s is not None]:
        return None
    mine = 0 if sides[0] is not None and sides[0]["start_number"] == number else 1
    return mine, sides[1 - mine]


def current(site: KnockoutSite, number: int) -> Current:
    """Where the player is in the last round paired: the game being played (or the match's last one),
    its board (``MATCH.GAME``), colour and opponent with the match score so far; the bye; or not in
    that round (out before it)."""
    rounds = site.bracket["rounds"]
    if not rounds:
        return Current(0)
    last = rounds[-1]
    for match in last["matches"]:
        if (side := _side(match, number)) is None:
            continue
        mine, other = side
        if other is None:
            waiting = empty_slot(match, 1 - mine, "")
            return Current(last["round"], bye="goes through without a game") if not waiting else \
                Current(last["round"], absent=f"match {match['match']} against the {waiting}")
        opponent = site.tournament.by_number[other["start_number"]]
        score = "-".join(points_text(parse_points(match["score"][i])) for i in (mine, 1 - mine))
        said = plain(f"; match score {score}" + ("" if not match["decided"] else
                                                  ", through" if match["winner"] == number else ", out"))
        game = next((g for g in match["games"] if g["result"] is None), match["games"][-1] if match["games"] else None)
        them = player_cell(opponent.start_number, opponent.name, "../")
        if game is None:
            return Current(last["round"], "", "", them, opponent.rating or None, more=(said,))
        return Current(last["round"], game["board"], "White" if game["white"] == number else "Black", them,
                       opponent.rating or None, more=(said,))
    return Current(last["round"], absent="not in this round (out of the event)")


def card(site: KnockoutSite, number: int) -> str:
    tournament = site.tournament
    player = tournament.by_number[number]
    by_number = tournament.by_number
    matches: list[list[Cell]] = []
    games: list[list[Cell]] = []
    for rnd in site.bracket["rounds"]:
        for match in rnd["matches"]:
            if (side := _side(match, number)) is None:
                continue
            mine, other = side
            played = bool(match["games"]) and other is not None
            score = [parse_points(p) for p in match["score"]] if played else [None, None]
            matches.append([plain(rnd["round"], "round", "num"), plain(rnd["name"], "round_name"),
                            entrant(other, "../")._replace(key="opponent"), points_cell(score[mine], "points"),
                            points_cell(score[1 - mine], "opponent_points"), plain(_result(match, number), "result"),
                            plain(how_text(match) if match["decided"] else "", "how")])
            for game in match["games"]:
                white = game["white"] == number
                opponent = game["black"] if white else game["white"]
                points = _game_points(tournament, rnd["round"], match["match"], game["game"], number)
                games.append([plain(rnd["round"], "round", "num"), plain(game["board"], "board", "num"),
                              plain(stage_text(game["stage"]), "stage"), plain("White" if white else "Black", "colour"),
                              player_cell(opponent, by_number[opponent].name, "../", key="opponent"),
                              plain(result_text(game["result"]), "result", "center"),
                              points_cell(points, "points")])
    row = next((r for r in site.standings if r.player.start_number == number), None)
    place = "" if row is None else str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"
    facts = details([("Seed", number), ("Title", player.title), ("Rating", player.rating or ""),
                     ("FIDE ID", personal(site, player.fide_id)), ("Born", personal(site, player.birth_date)), ("Federation", player.federation),
            ("Club", name_cell(player.club or "")),
                     ("Place", place), ("Reached", row.reached_name if row and row.reached else ""),
                     ("Now", row.state if row else ""), ("Status", "withdrawn" if player.is_withdrawn else "")])
    match_table = Table([header("Round", "round", "num"), header("", "round_name"), header("Opponent", "opponent"),
                         header("Points", "points", "num"), header("Opp.", "opponent_points", "num"),
                         header("Result", "result"), header("How", "how")], matches, cls="matches")
    game_table = Table([header("Round", "round", "num"), header("Board", "board", "num"), header("Stage", "stage"),
                        header("Colour", "colour"), header("Opponent", "opponent"), header("Result", "result", "center"),
                        header("Points", "points", "num")], games, cls="games") if games else None
    return site_page(site, "knockout_card.html", player.name, 1, current=current(site, number), details=facts,
                     matches=match_table, games=game_table)



def pages(site: KnockoutSite) -> Iterator[tuple[str, Made]]:
    tournament = site.tournament
    played: dict[int, list[tuple[int, str, dict[str, Any]]]] = {}
    for rnd in site.bracket["rounds"]:
        for match in rnd["matches"]:
            for side in (match["first"], match["second"]):
                if side is not None:
                    played.setdefault(side["start_number"], []).append((rnd["round"], rnd["name"], match))
    rows: dict[int, Any] = {}
    for row in site.standings:
        rows.setdefault(row.player.start_number, row)
    registration = site.digests.registration if site.digests is not None else None
    for player in tournament.players:
        number = player.start_number
        path = f"players/{number}.html"
        # A card reads the registration (players, ratings, the rules), the player's matches with their
        # games, their place, and where they are in the last round.
        mine = played.get(number, [])
        model = tuple(rnd.match(match["match"]) if (rnd := tournament.round(number_of)) else None
                      for number_of, _, match in mine)  # the matches as the folder holds them: their games' points
        parts = (registration, tournament.last_round, tuple(mine), model,
                 rows.get(number),
                 current(site, number))
        yield path, keyed_page(site, path, parts, partial(card, site, number))
