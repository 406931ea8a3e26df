"""``rounds/<N>.html`` of a knockout event (issue 18): round N's matches, each with every game
(the match's own games, then its tie-break games, marked as such), the score and who went
through, and how."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from arbiter_cli.core.knockout import round_name
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.knockout_views import empty_slot
from arbiter_cli.render.site.blocks import Cell, Table, header, plain, player_cell, site_page
from arbiter_cli.render.site.knockout_parts import MAIN, entrant, how_text, result_text, rules_legend, stage_text
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 10


def nav(site: KnockoutSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Matches", f"rounds/{last}.html") if last else None


@dataclass(frozen=True)
class Row:
    """A line of a round's table: its cells, its class (``match``, ``tiebreak``) and its anchor."""

    cells: list[Cell]
    cls: str = ""
    anchor: str = ""


def match_rows(site: KnockoutSite, match: dict[str, Any]) -> list[Row]:
    """A match's line (its players, score, who went through), then a line per game."""
    by_number = site.tournament.by_number
    first, second = match["first"], match["second"]
    winner = match["winner"]
    score = "" if first is None or second is None else match["forfeit"] or "-".join(
        format_points(parse_points(p)) for p in match["score"])  # a match forfeit as the CLI's bracket: -/+
    how = how_text(match)
    forfeit = f" (match forfeit {match['forfeit']})" if match["forfeit"] else ""
    said = (f" ({how})" if how and winner is not None else how) + forfeit
    through = plain(said) if winner is None else player_cell(winner, by_number[winner].name, "../", after=said)
    rows = [Row([plain(match["match"], cls="num"), plain("match"), entrant(first, "../", empty_slot(match, 0, "-")),
                 plain(score, cls="center"), entrant(second, "../", empty_slot(match, 1, "bye")), through],
                "match", f"match-{match['match']}")]
    for game in match["games"]:
        rows.append(Row([plain(game["board"], cls="num"), plain(stage_text(game["stage"])),
                         player_cell(game["white"], by_number[game["white"]].name, "../"),
                         plain(result_text(game["result"]), cls="center"),
                         player_cell(game["black"], by_number[game["black"]].name, "../"), plain("")],
                        "" if game["stage"] == MAIN else "tiebreak"))
    return rows


def round_page(site: KnockoutSite, rnd: dict[str, Any]) -> str:
    tournament = site.tournament
    number = rnd["round"]
    rows = [row for match in rnd["matches"] for row in match_rows(site, match)]
    waiting = [str(m["match"]) for m in rnd["matches"] if not m["decided"]]
    games = Table([header("Board", cls="num"), header("Stage"), header("White"), header("Result", cls="center"),
                   header("Black"), header("Through")], [row.cells for row in rows], cls="knockout-games",
                  row_classes=[row.cls for row in rows], row_ids=[row.anchor for row in rows])
    legend = ["A match's line: the upper slot's player first, the score, who went through (and how: a tie-break "
              "stage, a bye, a forfeit); then its games, MATCH.GAME, White first. Tie-break games are in italics.",
              *rules_legend(site)]
    name = round_name(number, tournament.total_rounds)
    title = f"Round {number}" + (f" ({name})" if name != f"round {number}" else "") + f" of {tournament.total_rounds}"
    return site_page(site, "knockout_rounds.html", title, 1, rounds=[r.number for r in tournament.rounds],
                     current=number, games=games, legend=legend, waiting=", ".join(waiting), several=len(waiting) > 1)


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    for rnd in site.bracket["rounds"]:
        yield f"rounds/{rnd['round']}.html", round_page(site, rnd)
