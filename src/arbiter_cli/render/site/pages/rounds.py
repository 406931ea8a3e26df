"""``rounds/<N>.html`` of an individual event: the pairings of round N by board and by name,
with the results and each player's points before the round.

``<table class="pairings">`` (by board) and ``<table class="pairings-by-name">`` name their cells by
``data-key``, as ``arbiter pairings --format json`` names its fields where it has them (``board``,
``white``, ``white_name``, ``white_points``, ``result``, ``black_points``, ``black``, ``black_name``;
by name ``name``, ``start_number``, ``points``, ``board``, ``colour``, ``opponent``, ``result``); a
cell of points holds its value in ``data-value`` (``2.5``) and shows ``2½``."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from operator import itemgetter

from arbiter_cli.core.model import Round
from arbiter_cli.render.printing import BYE_TEXT, name_order
from arbiter_cli.render.site.blocks import (CELL, PLAIN, POINTS, Cell, RecordRows, Table, Way, header, plain,
                                            player_cell, site_page)
from arbiter_cli.render.site.layout import Link
from arbiter_cli.render.site.sites import EventSite, Made, keyed_page, points_after
from arbiter_cli.render.views import round_rows

SITES = frozenset({"event"})
ORDER = 10
KEYED = True


def nav(site: EventSite) -> Link | None:
    last = site.tournament.last_round
    return Link("Pairings", f"rounds/{last}.html") if last else None


def _result(code: str | None) -> str:
    return "" if code is None else "½-½" if code == "1/2-1/2" else code


#: The columns of the pairings by board and by name: each cell's key, class and way (:class:`Way`).
BY_BOARD = (("board", "num", PLAIN), ("white", "num", PLAIN), ("white_name", "", CELL), ("white_points", "num", POINTS),
            ("result", "center", PLAIN), ("black_points", "num", POINTS), ("black", "num", PLAIN),
            ("black_name", "", CELL))
BY_NAME = (("name", "", CELL), ("start_number", "num", PLAIN), ("points", "num", POINTS), ("board", "num", PLAIN),
           ("colour", "", PLAIN), ("opponent", "", CELL), ("result", "center", PLAIN))


def _ways(columns: tuple[tuple[str, str, int], ...]) -> list[Way]:
    """The ways of a row of values, one value a column in their order."""
    return [Way(key, cls, how, itemgetter(i)) for i, (key, cls, how) in enumerate(columns)]


def round_page(site: EventSite, rnd: Round) -> str:
    tournament = site.tournament
    by_tpn = tournament.by_number
    before = points_after(site, rnd.number - 1)

    # each player's cells and place in name order, made once for every round's page of a build (issue 29:
    # a correction in round 5 of 11 makes seven pages of 500 boards again)
    cells: dict[tuple[int, str], Cell] = site.memo.built(("round cells", id(site)), dict)
    orders: dict[int, str] = site.memo.built(("name order", id(site)), dict)

    def name(number: int, key: str) -> Cell:
        found = cells.get((number, key))
        if found is None:
            player = by_tpn.get(number)
            found = cells[number, key] = (player_cell(number, player.name, "../", key=key) if player
                                          else plain(f"#{number}", key))
        return found

    def order(number: int) -> str:
        found = orders.get(number)
        if found is None:
            found = orders[number] = name_order(by_tpn[number].name)
        return found

    # Each row's values, its cells made by the columns' ways (:class:`RecordRows`, issue 29: a round of 500
    # boards is 11,000 cells): a number, a text, the points before the round, or a name's cell.
    board_rows: list[tuple[object, ...]] = []
    named: list[tuple[str, int, tuple[object, ...]]] = []
    for board, white, black, code in round_rows(rnd):
        if black is None:
            bye = BYE_TEXT.get(code or "", code or "")
            board_rows.append(("", white, name(white, "white_name"), before.get(white), code, None, "",
                               plain(bye, "black_name")))
            named.append((by_tpn[white].name, white, (name(white, "name"), white, before.get(white), "", "",
                                                      plain(bye, "opponent"), code)))
            continue
        result = _result(code)
        board_rows.append((board, white, name(white, "white_name"), before.get(white), result, before.get(black), black,
                           name(black, "black_name")))
        for number, colour, other, own in ((white, "White", black, result), (black, "Black", white, _flip(result))):
            named.append((by_tpn[number].name, number, (name(number, "name"), number, before.get(number), board, colour,
                                                        name(other, "opponent"), own)))
    named.sort(key=lambda item: (order(item[1]), item[1]))
    by_board = Table([header("Bd", "board", "num"), header("No", "white", "num"), header("White", "white_name"),
                      header("Pts", "white_points", "num"), header("Result", "result", "center"),
                      header("Pts", "black_points", "num"), header("No", "black", "num"), header("Black", "black_name")],
                     RecordRows(board_rows, _ways(BY_BOARD)), cls="pairings")
    by_name = Table([header("Name", "name"), header("No", "start_number", "num"), header("Pts", "points", "num"),
                     header("Bd", "board", "num"), header("Colour", "colour"), header("Opponent", "opponent"),
                     header("Result", "result", "center")],
                    RecordRows([cells for _, _, cells in named], _ways(BY_NAME)), cls="pairings-by-name")
    total = tournament.settings.rounds
    title = f"Round {rnd.number}{f' of {total}' if total else ''}: pairings"
    return site_page(site, "rounds.html", title, 1, rounds=[r.number for r in tournament.rounds], current=rnd.number,
                     by_board=by_board, by_name=by_name, missing=", ".join(map(str, rnd.missing)),
                     several=len(rnd.missing) > 1)


def _flip(result: str) -> str:
    """A board's result from Black's side: ``1-0`` reads ``0-1``, ``+/-`` reads ``-/+``."""
    return {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-"}.get(result, result)


def pages(site: EventSite) -> Iterator[tuple[str, Made]]:
    # A round's page reads the event up to that round (the points before it) and how many rounds
    # are paired (the links to each round's page).
    last = site.tournament.last_round
    for rnd in site.tournament.rounds:
        path = f"rounds/{rnd.number}.html"
        yield path, keyed_page(site, path, (site.digests.upto(rnd.number) if site.digests else None, last),
                               partial(round_page, site, rnd), share=rnd.number - 1)
