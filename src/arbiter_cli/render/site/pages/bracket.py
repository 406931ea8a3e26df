"""``bracket.html`` of a knockout event (issue 18): the bracket drawn in HTML and CSS from the
bracket as plain data (:func:`arbiter_cli.render.knockout_views.bracket_data`).

One column per round, from the first to the final, each match a box with its two players
(the seed, the name linked to the card, the points in the match; the one who went through in
bold) and how it was decided; a round not paired yet shows its empty boxes, so the whole bracket
is seen from the start. On a desktop the columns stand side by side, each match level with the
two it follows from; on a phone they stack, round after round; printed, the page is a landscape
A4 without navigation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.core.knockout import round_name
from arbiter_cli.core.points import format_points, parse_points
from arbiter_cli.render.knockout_views import empty_slot
from arbiter_cli.render.site.knockout_parts import entrant, how_text, rules_legend
from arbiter_cli.render.site.layout import Link, h
from arbiter_cli.render.site.parts import frame, legend
from arbiter_cli.render.site.sites import KnockoutSite

SITES = frozenset({"knockout"})
ORDER = 5


def nav(site: KnockoutSite) -> Link | None:
    return Link("Bracket", "bracket.html") if site.tournament.bracket else None


def _side(player: dict[str, Any] | None, points: str, through: bool, empty: str) -> str:
    cls = "side through" if through else "side"
    seed = f'<span class="seed">{player["start_number"]}</span>' if player else '<span class="seed"></span>'
    return (f'<div class="{cls}">{seed}<span class="who">{entrant(player, "", empty)}</span>'
            f'<span class="points">{h(points)}</span></div>')


def _match_box(round_number: int, match: dict[str, Any]) -> str:
    first, second = match["first"], match["second"]
    alone = first is None or second is None
    points = ["", ""] if alone or not match["games"] else [format_points(parse_points(p)) for p in match["score"]]
    winner = match["winner"]
    sides = [_side(player, text, winner is not None and player is not None and player["start_number"] == winner,
                   empty_slot(match, index, "bye" if index else "-"))
             for index, (player, text) in enumerate(zip((first, second), points))]
    how = how_text(match)
    label = f'<a class="match-no" href="rounds/{round_number}.html#match-{match["match"]}">M{match["match"]}</a>'
    note = f'<span class="how">{h(how)}</span>' if how else ""
    return f'<li class="bracket-match">{"".join(sides)}<div class="about">{label}{note}</div></li>'


def _empty_box() -> str:
    side = '<div class="side"><span class="seed"></span><span class="who nobody">to be decided</span>' \
           '<span class="points"></span></div>'
    return f'<li class="bracket-match empty">{side}{side}</li>'


def bracket_html(site: KnockoutSite) -> str:
    """The bracket, every round of it (the rounds not paired yet as empty boxes)."""
    data = site.bracket
    total = data["rounds_total"]
    slots = len(data["slots"])
    columns = []
    for number in range(1, total + 1):
        paired = data["rounds"][number - 1] if number <= len(data["rounds"]) else None
        boxes = ([_match_box(number, match) for match in paired["matches"]] if paired is not None
                 else [_empty_box() for _ in range(slots >> number)])
        title = round_name(number, total)
        columns.append(f'<section class="bracket-round"><h2>{h(title[:1].upper() + title[1:])}</h2>'
                       f'<ol class="bracket-matches">{"".join(boxes)}</ol></section>')
    champion = data["champion"]
    if champion is not None:
        columns.append('<section class="bracket-round champion"><h2>Winner</h2><ol class="bracket-matches">'
                       f'<li class="bracket-match"><div class="side through"><span class="seed">'
                       f'{champion["start_number"]}</span><span class="who">{entrant(champion, "")}</span></div>'
                       "</li></ol></section>")
    return '<div class="bracket">' + "".join(columns) + "</div>"


def pages(site: KnockoutSite) -> Iterator[tuple[str, str]]:
    if not site.tournament.bracket:
        return
    notes = ["Each box is a match: the seeds, the names, the points each scored in the match; the player who went "
             "through is in bold. M3: match 3 of the round, with its games.", *rules_legend(site)]
    body = [bracket_html(site), legend(notes)]
    yield "bracket.html", frame(site, f"{site.tournament.settings.name}: bracket", "\n".join(body), wide=True)
