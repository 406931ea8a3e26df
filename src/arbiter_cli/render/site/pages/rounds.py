"""``rounds/<N>.html`` of an individual event: the pairings of round N by board and by name,
with the results and each player's points before the round."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter_cli.core.model import Round
from arbiter_cli.render.output import number_texts
from arbiter_cli.render.printing import BYE_TEXT, name_order
from arbiter_cli.render.site.blocks import Cell, Table, header, plain, player_cell, site_page
from arbiter_cli.render.site.layout import Link
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

    def name(number: int) -> Cell:
        player = by_tpn.get(number)
        return player_cell(number, player.name, "../") if player else plain(f"#{number}")

    rows = list(round_rows(rnd))
    white_points = number_texts([before.get(w) for _, w, _, _ in rows])
    black_points = number_texts([before.get(b) if b is not None else None for _, _, b, _ in rows])
    board_rows = []
    named: list[tuple[str, int, list[Cell]]] = []
    for (board, white, black, code), wp, bp in zip(rows, white_points, black_points):
        if black is None:
            bye = BYE_TEXT.get(code or "", code or "")
            board_rows.append([plain("", cls="num"), plain(white, cls="num"), name(white), plain(wp, cls="num"),
                               plain(code, cls="center"), plain("", cls="num"), plain("", cls="num"), plain(bye)])
            named.append((by_tpn[white].name, white, [name(white), plain(white, cls="num"), plain(wp, cls="num"),
                                                      plain("", cls="num"), plain(""), plain(bye),
                                                      plain(code, cls="center")]))
            continue
        result = _result(code)
        board_rows.append([plain(board, cls="num"), plain(white, cls="num"), name(white), plain(wp, cls="num"),
                           plain(result, cls="center"), plain(bp, cls="num"), plain(black, cls="num"), name(black)])
        for number, colour, other, points, own in ((white, "White", black, wp, result),
                                                   (black, "Black", white, bp, _flip(result))):
            named.append((by_tpn[number].name, number, [
                name(number), plain(number, cls="num"), plain(points, cls="num"), plain(board, cls="num"),
                plain(colour), name(other), plain(own, cls="center")]))
    named.sort(key=lambda item: (name_order(item[0]), item[1]))
    by_board = Table([header("Bd", cls="num"), header("No", cls="num"), header("White"), header("Pts", cls="num"),
                      header("Result", cls="center"), header("Pts", cls="num"), header("No", cls="num"),
                      header("Black")], board_rows, cls="pairings")
    by_name = Table([header("Name"), header("No", cls="num"), header("Pts", cls="num"), header("Bd", cls="num"),
                     header("Colour"), header("Opponent"), header("Result", cls="center")],
                    [cells for _, _, cells in named], cls="pairings-by-name")
    total = tournament.settings.rounds
    title = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    return site_page(site, "rounds.html", title, 1, rounds=[r.number for r in tournament.rounds], current=rnd.number,
                     by_board=by_board, by_name=by_name, missing=", ".join(map(str, rnd.missing)),
                     several=len(rnd.missing) > 1)


def _flip(result: str) -> str:
    """A board's result from Black's side: ``1-0`` reads ``0-1``, ``+/-`` reads ``-/+``."""
    return {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}.get(result, result)


def pages(site: EventSite) -> Iterator[tuple[str, str]]:
    for rnd in site.tournament.rounds:
        yield f"rounds/{rnd.number}.html", round_page(site, rnd)
