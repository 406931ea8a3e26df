"""``rounds/<N>.html`` of a team event: each match of round N with its score and its board
lines (colours from the colour pattern), and the team byes; from round 2 on, each team's match
and game points before the round beside its name (``Lyon (4 MP, 5 GP)``), as an individual
event's round page gives each player's points."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from arbiter_cli.core.team_tournament import MatchRound
from arbiter_cli.render.site.blocks import Cell, Table, header, plain, player_cell, site_page, team_cell
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import TeamSite, Made, keyed_page
from arbiter_cli.render.team_views import pairing_place, pairing_records, pairing_result, side_colour
from arbiter_cli.render.templating import points_text

SITES = frozenset({"team"})
ORDER = 10
KEYED = True


def nav(site: TeamSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Matches", f"rounds/{last}.html") if last else None


def round_page(site: TeamSite, rnd: MatchRound) -> str:
    tournament = site.tournament
    by_tpn = tournament.by_number
    # each team's match and game points before the round, as the standings after the round before
    # count them, the primary score first (none before round 1)
    before = {row.team.number: (row.match_points, row.game_points)
              for row in site.standings[rnd.number - 1].rows} if rnd.number > 1 else {}
    order = (("MP", 0), ("GP", 1)) if tournament.team.primary == "MP" else (("GP", 1), ("MP", 0))

    def points(number: int) -> str:
        scores = before.get(number)
        return "" if scores is None else " (" + ", ".join(f"{points_text(scores[i])} {code}" for code, i in order) + ")"

    def side(record: dict[str, Any], key: str) -> Cell:
        number = record[key]
        if record["board"] is None:
            return plain("") if number is None else team_cell(number, record[f"{key}_name"], "../",
                                                              after=points(number))
        if number is None:
            return plain("(empty board)")
        player = by_tpn[number]
        return player_cell(number, player.name, "../", before=f"{side_colour(record, key == 'first')} ",
                           after=f" ({player.rating})" if player.rating else "")

    rows, classes = [], []
    for record in pairing_records(tournament, rnd, before):
        classes.append("match" if record["board"] is None else "")
        rows.append([plain(pairing_place(record), cls="num"), side(record, "first"),
                     plain(pairing_result(record), cls="center"), side(record, "second")])
    matches = Table([header("Match", cls="num"), header("Team / player"), header("Result", cls="center"),
                     header("Team / player")], rows, cls="matches", row_classes=classes)
    total = tournament.settings.rounds
    title = f"Round {rnd.number}{f' of {total}' if total else ''}: matches"
    return site_page(site, "team_rounds.html", title, 1, rounds=[r.number for r in tournament.rounds],
                     current=rnd.number, matches=matches, pattern=tournament.team.pattern)


def pages(site: TeamSite) -> Iterator[tuple[str, Made]]:
    # A round's page reads the event up to that round, and how many rounds are paired (the links).
    last = site.tournament.last_round
    for rnd in site.tournament.rounds:
        path = f"rounds/{rnd.number}.html"
        yield path, keyed_page(site, path, (site.digests.upto(rnd.number) if site.digests else None, last),
                               partial(round_page, site, rnd), share=rnd.number - 1)
