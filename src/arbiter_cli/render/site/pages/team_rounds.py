"""``rounds/<N>.html`` of a team event: each match of round N with its score and its board
lines (colours from the colour pattern), and the team byes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from arbiter_cli.core.team_tournament import MatchRound
from arbiter_cli.render.site.layout import Cell, Link, h, player_link, table
from arbiter_cli.render.site.parts import frame, round_links, team_link
from arbiter_cli.render.site.sites import TeamSite
from arbiter_cli.render.team_views import pairing_place, pairing_records, pairing_result, side_colour

SITES = frozenset({"team"})
ORDER = 10


def nav(site: TeamSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Matches", f"rounds/{last}.html") if last else None


def round_page(site: TeamSite, rnd: MatchRound) -> str:
    tournament = site.tournament
    by_tpn = tournament.by_number

    def side(record: dict[str, Any], key: str) -> str:
        if record["board"] is None:
            number = record[key]
            return "" if number is None else team_link(number, record[f"{key}_name"], "../")
        number = record[key]
        if number is None:
            return "(empty board)"
        player = by_tpn[number]
        colour = side_colour(record, key == "first")
        rating = f" ({player.rating})" if player.rating else ""
        return f'{h(colour)} {player_link(number, player.name, "../")}{rating}'

    rows = []
    for record in pairing_records(tournament, rnd):
        cls = "match" if record["board"] is None else ""
        cells = [Cell(h(pairing_place(record)), cls="num"), Cell(side(record, "first")),
                 Cell(h(pairing_result(record)), cls="center"), Cell(side(record, "second"))]
        rows.append((cls, cells))
    html_rows = table([Cell("Match", cls="num"), "Team / player", Cell("Result", cls="center"), "Team / player"],
                      [cells for _, cells in rows], cls="matches", row_classes=[cls for cls, _ in rows])
    total = tournament.settings.rounds
    body = [round_links([r.number for r in tournament.rounds], "rounds", rnd.number, 1, "Round"),
            '<div class="scroll">' + html_rows + "</div>",
            f'<p class="note">A match line gives its score, first-named team first; w b: the player\'s colour (the '
            f"first-named team plays {h(tournament.team.pattern)} from board 1).</p>"]
    title = f"Round {rnd.number}{f' of {total}' if total else ''}: matches"
    return frame(site, title, "\n".join(body), 1)


def pages(site: TeamSite) -> Iterator[tuple[str, str]]:
    for rnd in site.tournament.rounds:
        yield f"rounds/{rnd.number}.html", round_page(site, rnd)
