"""``rounds/<N>.html`` of an individual event: the pairings of round N by board and by name,
with the results and each player's points before the round."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.model import Round
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.printing import BYE_TEXT, name_order
from arbiter_cli.render.site.layout import Cell, Link, h, player_link, table
from arbiter_cli.render.site.parts import frame, round_links
from arbiter_cli.render.site.sites import EventSite
from arbiter_cli.render.views import round_rows

SITES = frozenset({"event"})
ORDER = 10


def nav(site: EventSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Pairings", f"rounds/{last}.html") if last else None


def _result(code: str | None) -> str:
    return "" if code is None else "½-½" if code == "1/2-1/2" else code


def round_page(site: EventSite, rnd: Round) -> str:
    tournament = site.tournament
    by_tpn = tournament.by_number
    before = {row.player.start_number: row.points for row in site.standings[rnd.number - 1].rows}

    def name(number: int) -> str:
        player = by_tpn.get(number)
        return player_link(number, player.name, "../") if player else h(f"#{number}")

    rows = list(round_rows(rnd))
    white_points = number_texts([before.get(w) for _, w, _, _ in rows])
    black_points = number_texts([before.get(b) if b is not None else None for _, _, b, _ in rows])
    board_rows = []
    named: list[tuple[str, int, list[Cell]]] = []
    for (board, white, black, code), wp, bp in zip(rows, white_points, black_points):
        if black is None:
            bye = BYE_TEXT.get(code or "", code or "")
            board_rows.append([Cell("", cls="num"), Cell(str(white), cls="num"), Cell(name(white)),
                               Cell(wp, cls="num"), Cell(h(code or ""), cls="center"), Cell("", cls="num"),
                               Cell("", cls="num"), Cell(h(bye))])
            named.append((by_tpn[white].name, white, [Cell(name(white)), Cell(str(white), cls="num"),
                                                      Cell(wp, cls="num"), Cell("", cls="num"), Cell(""),
                                                      Cell(h(bye)), Cell(h(code or ""), cls="center")]))
            continue
        result = _result(code)
        board_rows.append([Cell(str(board), cls="num"), Cell(str(white), cls="num"), Cell(name(white)),
                           Cell(wp, cls="num"), Cell(h(result), cls="center"), Cell(bp, cls="num"),
                           Cell(str(black), cls="num"), Cell(name(black))])
        for number, colour, other, points, own in ((white, "White", black, wp, result),
                                                   (black, "Black", white, bp, _flip(result))):
            named.append((by_tpn[number].name, number, [
                Cell(name(number)), Cell(str(number), cls="num"), Cell(points, cls="num"),
                Cell(str(board), cls="num"), Cell(colour), Cell(name(other)), Cell(h(own), cls="center")]))
    named.sort(key=lambda item: (name_order(item[0]), item[1]))
    numbers = [r.number for r in tournament.rounds]
    total = tournament.settings.rounds
    missing = rnd.missing
    body = [round_links(numbers, "rounds", rnd.number, 1, "Round"),
            "<h2>By board</h2>", '<div class="scroll">' + table(
                [Cell("Bd", cls="num"), Cell("No", cls="num"), "White", Cell("Pts", cls="num"),
                 Cell("Result", cls="center"), Cell("Pts", cls="num"), Cell("No", cls="num"), "Black"],
                board_rows, cls="pairings") + "</div>",
            "<h2>By name</h2>", '<div class="scroll">' + table(
                ["Name", Cell("No", cls="num"), Cell("Pts", cls="num"), Cell("Bd", cls="num"), "Colour",
                 "Opponent", Cell("Result", cls="center")], [cells for _, _, cells in named],
                cls="pairings-by-name") + "</div>",
            '<p class="note">Pts: points before the round. Results: 1-0 0-1 ½-½ 0-0 games; +/- -/+ -/- forfeits; '
            "PAB pairing-allocated bye; FPB HPB ZPB full-, half-, zero-point bye.</p>"]
    if missing:
        body.append(f'<p class="note">No result yet on board{"s" if len(missing) > 1 else ""} '
                    f'{", ".join(map(str, missing))}.</p>')
    title = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    return frame(site, title, "\n".join(body), 1)


def _flip(result: str) -> str:
    """A board's result from Black's side: ``1-0`` reads ``0-1``, ``+/-`` reads ``-/+``."""
    return {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}.get(result, result)


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    for rnd in site.tournament.rounds:
        yield f"rounds/{rnd.number}.html", round_page(site, rnd)
