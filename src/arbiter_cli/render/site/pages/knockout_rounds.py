"""``rounds/<N>.html`` of a knockout event (issue 18): round N's matches, each with every game
(the match's own games, then its tie-break games, marked as such), the score and who went
through, and how."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.core.knockout import round_name
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.knockout_views import empty_slot
from arbiter_cli.render.site.knockout_parts import MAIN, entrant, how_text, result_text, rules_legend, stage_text
from arbiter_cli.render.site.layout import Cell, Link, h, player_link, table
from arbiter_cli.render.site.parts import frame, legend, round_links
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 10


def nav(site: KnockoutSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Matches", f"rounds/{last}.html") if last else None


def _row(cells: list[str], cls: str, anchor: str = "") -> str:
    attributes = (f' class="{cls}"' if cls else "") + (f' id="{anchor}"' if anchor else "")
    return f"<tr{attributes}>" + "".join(cells) + "</tr>"


def match_rows(site: KnockoutSite, match: dict[str, Any]) -> list[str]:
    """A match's line (its players, score, who went through), then a line per game."""
    by_number = site.tournament.by_number
    first, second = match["first"], match["second"]
    winner = match["winner"]
    score = "" if first is None or second is None else "-".join(format_points(parse_points(p)) for p in match["score"])
    through = "" if winner is None else player_link(winner, by_number[winner].name, "../")
    how = how_text(match)
    forfeit = f" (match forfeit {match['forfeit']})" if match["forfeit"] else ""
    rows = [_row([f'<td class="num">{match["match"]}</td>', "<td>match</td>", f"<td>{entrant(first, '../', empty_slot(match, 0, '-'))}</td>",
                  f'<td class="center">{h(score)}</td>',
                  f"<td>{entrant(second, '../', empty_slot(match, 1, 'bye'))}</td>",
                  f"<td>{through}{h(f' ({how})' if how and winner is not None else how)}{h(forfeit)}</td>"],
                 "match", f"match-{match['match']}")]
    for game in match["games"]:
        rows.append(_row([f'<td class="num">{h(game["board"])}</td>', f"<td>{h(stage_text(game['stage']))}</td>",
                          f"<td>{player_link(game['white'], by_number[game['white']].name, '../')}</td>",
                          f'<td class="center">{h(result_text(game["result"]))}</td>',
                          f"<td>{player_link(game['black'], by_number[game['black']].name, '../')}</td>", "<td></td>"],
                         "" if game["stage"] == MAIN else "tiebreak"))
    return rows


def round_page(site: KnockoutSite, rnd: dict[str, Any]) -> str:
    tournament = site.tournament
    number = rnd["round"]
    rows = [row for match in rnd["matches"] for row in match_rows(site, match)]
    waiting = [str(m["match"]) for m in rnd["matches"] if not m["decided"]]
    body = [round_links([r.number for r in tournament.rounds], "rounds", number, 1, "Round"),
            '<div class="scroll">' + table([Cell("Board", cls="num"), "Stage", "White", Cell("Result", cls="center"),
                                            "Black", "Through"], [], cls="knockout-games", written=rows) + "</div>",
            legend(["A match's line: the upper slot's player first, the score, who went through (and how: a "
                    "tie-break stage, a bye, a forfeit); then its games, MATCH.GAME, White first. Tie-break games "
                    "are in italics.", *rules_legend(site)])]
    if waiting:
        body.append(f'<p class="note">Not decided yet: match{"es" if len(waiting) > 1 else ""} '
                    f'{", ".join(waiting)}.</p>')
    name = round_name(number, tournament.total_rounds)
    title = f"Round {number}" + (f" ({name})" if name != f"round {number}" else "") + f" of {tournament.total_rounds}"
    return frame(site, title, "\n".join(body), 1)


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    for rnd in site.bracket["rounds"]:
        yield f"rounds/{rnd['round']}.html", round_page(site, rnd)
