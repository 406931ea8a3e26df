"""Rendering for the command line: Rich tables, CSV and JSON.

Each view is a list of records (dicts with stable snake_case keys, the JSON
shape scripts rely on) plus the columns a person sees in a table. With
``--format csv`` or ``json`` only the data goes to stdout.
"""

from __future__ import annotations

import csv
import html
import json
import os
import sys
import textwrap
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from arbiter_cli.core.model import Player, Round, Tournament
from arbiter_cli.core.points import format_points, points_to_json

if TYPE_CHECKING:  # the views take them; importing them here would load every tie-break at start-up
    from arbiter_cli.lifecycle.crosstable import Crosstable
    from arbiter_cli.lifecycle.standings import Standings

__all__ = ["Format", "View", "emit", "pairings_view", "players_view", "standings_view",
           "crosstable_view", "stdout_console", "stderr_console", "print_page", "print_sheets", "page_header",
           "RECORD_KEYS", "Sheet", "sheet", "html_page", "pairing_sheet_views", "fitting_width", "PAGE_WIDTH"]


class Format(str, Enum):
    table = "table"
    csv = "csv"
    json = "json"


def stdout_console() -> Console:
    """The console for tables; piped output is not cut to 80 columns. Text is
    printed as it is: no highlighting, and no ``:name:`` emoji codes (a name or a
    note may hold colons)."""
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, emoji=False, width=240)
    return console


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False, emoji=False)


@contextmanager
def slow_progress(description: str, total: int, *, after: float = 1.0,
                  console: Console | None = None) -> Iterator[Callable[..., None]]:
    """A progress bar for work that may be slow: yields ``step(done, total=None)``
    to call as the work goes on (``total`` corrects the expected amount). The bar
    goes to stderr, only on a terminal, and only once the work has taken ``after``
    seconds; it is cleared when the work ends, so nothing of it stays in the
    output, and stdout is left alone."""
    console = console or stderr_console()
    expected = total
    if not console.is_terminal:
        yield lambda done, total=None: None
        return
    started = time.monotonic()
    shown: list[Any] = []  # the Progress and its task, once shown

    def step(done: int, total: int | None = None) -> None:
        if not shown:
            if time.monotonic() - started < after:
                return
            from rich.progress import Progress

            bar = Progress(console=console, transient=True, redirect_stdout=False, redirect_stderr=False)
            bar.start()
            shown.extend((bar, bar.add_task(description, total=expected)))
        shown[0].update(shown[1], completed=done, total=total)

    try:
        yield step
    finally:
        if shown:
            shown[0].stop()


@dataclass
class Column:
    key: str  # the CSV header
    header: str  # the table header
    show: Callable[[dict[str, Any]], str]
    justify: str = "left"


@dataclass
class View:
    title: str
    records: list[dict[str, Any]]
    columns: list[Column]
    csv_value: Callable[[dict[str, Any], str], Any] | None = None
    hidden: frozenset[str] = frozenset()  # columns in CSV only, not in the table
    optional: frozenset[str] = frozenset()  # table columns left out when empty in every row
    table_order: tuple[str, ...] = ()  # the table's column order, when it differs from the CSV's


def emit(view: View, fmt: Format, console: Console | None = None) -> None:
    """Write ``view`` to stdout in ``fmt``."""
    if fmt is Format.json:
        json.dump(strip_private(view.records), sys.stdout, ensure_ascii=False, indent=2, default=_json_default)
        sys.stdout.write("\n")
    elif fmt is Format.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow([c.key for c in view.columns])
        for record in view.records:
            writer.writerow([_csv_cell(view, record, c.key) for c in view.columns])
    else:
        table = Table(title=view.title, title_justify="left", show_lines=False)
        columns = view.columns
        if view.table_order:
            columns = sorted(columns, key=lambda c: view.table_order.index(c.key)
                             if c.key in view.table_order else len(view.table_order))
        shown = [c for c in columns if c.key not in view.hidden
                 and (c.key not in view.optional or any(r.get(c.key) for r in view.records))]
        for column in shown:
            table.add_column(column.header, justify=column.justify)  # type: ignore[arg-type]
        for record in view.records:
            table.add_row(*(column.show(record) for column in shown))
        (console or stdout_console()).print(table)
    sys.stdout.flush()


def _csv_cell(view: View, record: dict[str, Any], key: str) -> Any:
    if view.csv_value is not None:
        return view.csv_value(record, key)
    value = record.get(key)
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _json_default(value: object) -> object:
    if isinstance(value, Fraction):
        return points_to_json(value)
    raise TypeError(repr(value))


def _text(key: str) -> Callable[[dict[str, Any]], str]:
    return lambda r: "" if r.get(key) is None else str(r[key])


def _pts(key: str) -> Callable[[dict[str, Any]], str]:
    return lambda r: format_points(Fraction(str(r[key]))) if r.get(key) is not None else ""


def _rows(rnd: Round) -> Iterator[tuple[int | None, int, int | None, str | None]]:
    """A round's rows as (board, White, Black, result code): the games, then the byes (no board, no Black)."""
    for game in rnd.games:
        yield game.board, game.white, game.black, game.result_code
    for bye in rnd.byes:
        yield None, bye.player, None, bye.result_code


def _label(player: Player | None) -> str:
    if player is None:
        return ""
    title = f"{player.title} " if player.title else ""
    rating = f" ({player.rating})" if player.rating else ""
    return f"{player.start_number}. {title}{player.name}{rating}"


# --------------------------------------------------------------------------- views


def pairings_view(tournament: Tournament, rnd: Round) -> View:
    records: list[dict[str, Any]] = []
    for board_number, white_number, black_number, code in _rows(rnd):
        white = tournament.player(white_number)
        black = tournament.player(black_number) if black_number is not None else None
        records.append({
            "board": board_number,
            "white": white_number,
            "black": black_number,
            "result": code,
            "white_name": white.name if white else None,
            "black_name": black.name if black else None,
        })
    by_tpn = {p.start_number: p for p in tournament.players}

    def result_text(r: dict[str, Any]) -> str:
        if r["black"] is None:
            return {"BYE": "free", "PAB": "bye", "FPB": "bye (1)", "HPB": "bye (½)",
                    "ZPB": "bye (0)"}.get(r["result"], r["result"] or "")
        return "" if r["result"] is None else ("½-½" if r["result"] == "1/2-1/2" else r["result"])

    columns = [
        Column("board", "Bd", _text("board"), "right"),
        Column("white", "White", lambda r: _label(by_tpn.get(r["white"]))),
        Column("black", "Black", lambda r: _label(by_tpn.get(r["black"])) if r["black"] else ""),
        Column("result", "Result", result_text, "center"),
        Column("white_name", "", _text("white_name")),
        Column("black_name", "", _text("black_name")),
    ]
    # The names are in the CSV and JSON; the table shows them in the player labels.
    return View(f"{tournament.settings.name}: round {rnd.number}", records, columns,
                hidden=frozenset({"white_name", "black_name"}),
                table_order=("board", "white", "result", "black"))


PLAYER_KEYS = ("start_number", "name", "title", "rating", "fide_id", "federation", "sex",
               "birth_date", "club", "status", "withdrawn_after")


def players_view(tournament: Tournament) -> View:
    records = [{key: getattr(p, key) for key in PLAYER_KEYS} for p in tournament.players]
    for record in records:
        record["rating"] = record["rating"] or None
    headers = {"start_number": "No", "name": "Name", "title": "Title", "rating": "Rating",
               "fide_id": "FIDE ID", "federation": "Fed", "sex": "Sex", "birth_date": "Born",
               "club": "Club", "status": "Status", "withdrawn_after": "Withdrawn after"}
    right = {"start_number", "rating", "fide_id", "withdrawn_after"}
    keys = PLAYER_KEYS
    for extra, header in (("entered_round", "Entered"), ("member_id", "Member")):  # players.csv's optional columns
        if any(getattr(p, extra) is not None for p in tournament.players):
            keys += (extra,)
            headers[extra] = header
            right.add(extra)
            for record, player in zip(records, tournament.players):
                record[extra] = getattr(player, extra)
    columns = [Column(k, headers[k], _text(k), "right" if k in right else "left") for k in keys]
    optional = frozenset({"title", "fide_id", "federation", "sex", "birth_date", "club",
                          "withdrawn_after", "rating"})
    return View(f"{tournament.settings.name}: players", records, columns, optional=optional)


def standings_view(tournament: Tournament, standings: Standings) -> View:
    records: list[dict[str, Any]] = []
    for row in standings.rows:
        record: dict[str, Any] = {
            "rank": row.rank,
            "start_number": row.player.start_number,
            "name": row.player.name,
            "rating": row.player.rating or None,
            "points": points_to_json(row.points),
            "played": row.record.played,
            "wins": row.record.wins,
            "draws": row.record.draws,
            "losses": row.record.losses,
            "forfeit_wins": row.record.forfeit_wins,
            "forfeit_losses": row.record.forfeit_losses,
            "byes": row.record.byes,
            "tiebreaks": {code: _tiebreak_json(v) for code, v in row.tiebreaks.items()},
            "_rank_label": row.rank_label,
        }
        records.append(record)
    columns = [
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
        Column("start_number", "No", _text("start_number"), "right"),
        Column("name", "Name", _text("name")),
        Column("rating", "Rating", _text("rating"), "right"),
        Column("points", "Pts", _pts("points"), "right"),
        Column("played", "Games", _text("played"), "right"),
        Column("wins", "W", _text("wins"), "right"),
        Column("draws", "D", _text("draws"), "right"),
        Column("losses", "L", _text("losses"), "right"),
        Column("forfeit_wins", "+", _text("forfeit_wins"), "right"),
        Column("forfeit_losses", "-", _text("forfeit_losses"), "right"),
        Column("byes", "Byes", _text("byes"), "right"),
    ]
    for code in standings.tiebreaks:
        columns.append(Column(code, code, lambda r, c=code: _tiebreak_text(r["tiebreaks"].get(c)), "right"))

    def csv_value(record: dict[str, Any], key: str) -> Any:
        if key in standings.tiebreaks:
            value = record["tiebreaks"].get(key)
            return "" if value is None else value
        return _csv_plain(record.get(key))

    title = f"{tournament.settings.name}: standings after round {standings.after_round}"
    if standings.incomplete:
        title += f" (round{'s' if len(standings.incomplete) > 1 else ''} " \
                 f"{', '.join(map(str, standings.incomplete))} not complete)"
    optional = frozenset({"rating", "forfeit_wins", "forfeit_losses", "byes"})
    return View(title, records, columns, csv_value, optional=optional)


def _csv_plain(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _tiebreak_json(value: Fraction | int | None) -> int | float | str | None:
    if value is None:
        return None
    return points_to_json(Fraction(value))


def _tiebreak_text(value: Any) -> str:
    """A tie-break value for people: 2½, 13.25, 1888; an empty cell for no value."""
    if value is None:
        return ""
    fraction = Fraction(str(value))
    return format_points(fraction) if fraction.denominator <= 2 else format_points(fraction, ascii=True)


def crosstable_view(tournament: Tournament, table: Crosstable) -> View:
    records: list[dict[str, Any]] = []
    for row in table.rows:
        records.append({
            "start_number": row.player.start_number,
            "name": row.player.name,
            "rating": row.player.rating or None,
            "points": points_to_json(row.points),
            "rank": row.rank,
            "games": [
                {"round": e.round, "opponent": e.opponent, "colour": e.colour, "result": e.symbol}
                for e in row.entries
            ],
            "_cells": row.cells,
            "_rank_label": row.rank_label,
        })
    columns = [
        Column("start_number", "No", _text("start_number"), "right"),
        Column("name", "Name", _text("name")),
        Column("rating", "Rtg", _text("rating"), "right"),
    ]
    for index, heading in enumerate(table.headings):
        columns.append(Column(heading, heading, lambda r, i=index: r["_cells"][i], "center"))
    columns += [
        Column("points", "Pts", _pts("points"), "right"),
        Column("rank", "Rank", lambda r: r["_rank_label"], "right"),
    ]
    for code in table.tiebreaks:
        columns.append(Column(code, code, lambda r, c=code: _tiebreak_text(r["tiebreaks"].get(c)), "right"))
    for record, row in zip(records, table.rows):
        record["tiebreaks"] = {code: _tiebreak_json(v) for code, v in row.tiebreaks.items()}

    def csv_value(record: dict[str, Any], key: str) -> Any:
        if key in table.headings:
            return record["_cells"][table.headings.index(key)]
        if key in table.tiebreaks:
            value = record["tiebreaks"].get(key)
            return "" if value is None else value
        return _csv_plain(record.get(key))

    title = f"{tournament.settings.name}: crosstable after round {table.after_round}"
    return View(title, records, columns, csv_value)


# --------------------------------------------------------------------------- printing for the wall

#: A4 portrait in a 10-point monospaced font: about 80 characters and 60 lines.
PAGE_WIDTH = 80
PAGE_LINES = 60


@dataclass
class Sheet:
    """One list for the wall: a header on top of every page, aligned columns, notes at the end.

    The cells hold the full texts: the printed page cuts the ``shrink`` columns
    to fit ``width`` characters, the HTML page keeps them whole.
    """

    header: list[str]
    columns: list[Column]
    cells: list[list[str]]
    notes: list[str] = field(default_factory=list)
    width: int = PAGE_WIDTH
    shrink: tuple[str, ...] = ("name",)


def sheet(view: View, header: Sequence[str], *, width: int = PAGE_WIDTH, shrink: str | Sequence[str] = "name",
          notes: Sequence[str] = (), leave_out: frozenset[str] = frozenset()) -> Sheet:
    """The columns a page shows of ``view`` (as its table does), without ``leave_out``."""
    columns = [c for c in view.columns if c.key not in view.hidden and c.key not in leave_out
               and (c.key not in view.optional or any(r.get(c.key) for r in view.records))]
    if view.table_order:
        columns.sort(key=lambda c: view.table_order.index(c.key) if c.key in view.table_order
                     else len(view.table_order))
    cells = [[_plain(column.show(record)) for column in columns] for record in view.records]
    shrinking = (shrink,) if isinstance(shrink, str) else tuple(shrink)
    return Sheet(list(header), columns, cells, list(notes), width, shrinking)


def print_page(view: View, header: Sequence[str], *, width: int = PAGE_WIDTH, lines: int = PAGE_LINES,
               shrink: str | Sequence[str] = "name", notes: Sequence[str] = (),
               leave_out: frozenset[str] = frozenset()) -> str:
    """``view`` as plain text for a printer: no colours, aligned columns, A4 pages (see :func:`print_sheets`)."""
    return print_sheets([sheet(view, header, width=width, shrink=shrink, notes=notes, leave_out=leave_out)], lines)


def print_sheets(sheets: Sequence[Sheet], lines: int = PAGE_LINES) -> str:
    """Plain text for a printer: each sheet starts on a new page; pages are separated by a form feed.

    Every page starts with its sheet's header and column headings and ends with
    its number, counted over all the sheets; a page has at most ``lines`` lines.
    The shrink columns are cut to keep the lines within the sheet's width when
    they can.
    """
    pages = [page for item in sheets for page in _text_pages(item, lines)]
    return "\f".join("\n".join([*page, f"page {number}/{len(pages)}"])
                     for number, page in enumerate(pages, start=1)) + "\n"


def _text_pages(item: Sheet, lines: int) -> list[list[str]]:
    """The pages of one sheet, without their page numbers (one line is left for it)."""
    widths, gap = _layout(item)

    def line(values: Sequence[str]) -> str:
        parts = []
        for value, size, column in zip(values, widths, item.columns):
            value = value if len(value) <= size else value[:size - 1] + "."
            parts.append(value.rjust(size) if column.justify == "right" else
                         value.center(size) if column.justify == "center" else value.ljust(size))
        return (" " * gap).join(parts).rstrip()

    headings = line([c.header for c in item.columns])
    heading = [headings, "-" * min(item.width, len(headings))]
    top = [*item.header, ""]
    notes = [wrapped for note in item.notes
             for wrapped in textwrap.wrap(note, max(item.width, len(headings)), break_on_hyphens=False)]
    per_page = max(1, lines - len(top) - len(heading) - 2)  # a blank line and the page number below
    body = [line(row) for row in item.cells]
    chunks = [body[i:i + per_page] for i in range(0, len(body), per_page)] or [[]]
    pages = [[*top, *heading, *chunk, ""] for chunk in chunks]
    if notes and len(chunks[-1]) + len(notes) <= per_page:
        pages[-1] += notes
    elif notes:  # the notes do not fit below the last rows: a page of their own
        pages.append([*top, *notes])
    return pages


def fitting_width(item: Sheet, *widths: int) -> int:
    """The first of ``widths`` that takes the sheet's lines whole (one space between columns), else the last."""
    natural = sum(_natural_widths(item)) + len(item.columns) - 1
    return next((width for width in widths if natural <= width), widths[-1])


def _layout(item: Sheet) -> tuple[list[int], int]:
    """The width of each column and the gap between columns on a printed page.

    Two spaces between columns when the lines fit, else one; only when even
    that is too wide are the shrink columns cut (to 12 characters at least).
    """
    widths = _natural_widths(item)
    count = len(widths)
    for gap in (2, 1):
        if sum(widths) + gap * (count - 1) <= item.width:
            return widths, gap
    shrinking = [i for i, column in enumerate(item.columns) if column.key in item.shrink]
    least = sum(min(w, 12) if i in shrinking else w for i, w in enumerate(widths))
    gap = 2 if least + 2 * (count - 1) <= item.width else 1
    excess = sum(widths) + gap * (count - 1) - item.width
    while excess > 0 and shrinking:  # cut the widest shrink column, one character at a time
        widest = max(shrinking, key=lambda i: widths[i])
        if widths[widest] <= 12:
            break
        widths[widest] -= 1
        excess -= 1
    return widths, gap


def _natural_widths(item: Sheet) -> list[int]:
    return [max([len(column.header)] + [len(row[i]) for row in item.cells]) for i, column in enumerate(item.columns)]


#: How a bye reads on the pairings page.
BYE_TEXT = {"PAB": "pairing-allocated bye", "FPB": "full-point bye", "HPB": "half-point bye",
            "ZPB": "zero-point bye", "BYE": "free round"}


def pairing_sheet_views(tournament: Tournament, rnd: Round) -> tuple[View, View]:
    """The pairings for the wall: by board, and by player name (each player once, byes included).

    Points are those before the round (entered results only).
    """
    from arbiter_cli.core.outcome import round_entries

    points: dict[int, Fraction] = {
        number: sum((e.points for e in entries), Fraction(0))
        for number, entries in round_entries(tournament, rnd.number - 1).items()}
    by_tpn = {p.start_number: p for p in tournament.players}

    def name(number: int | None) -> str:
        player = by_tpn.get(number) if number is not None else None
        return player.name if player else ("" if number is None else f"#{number}")

    boards: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    for board_number, white, black, code in _rows(rnd):
        boards.append({"board": board_number, "white": white, "white_name": name(white),
                       "white_points": points.get(white), "black": black,
                       "black_name": name(black) if black is not None else BYE_TEXT.get(code or "", ""),
                       "black_points": points.get(black) if black is not None else None,
                       "result": "½-½" if code == "1/2-1/2" else (code or "")})
        for number, colour, opponent in ((white, "White", black), (black, "Black", white)):
            if number is None:
                continue
            players.append({"name": name(number), "start_number": number, "points": points.get(number),
                            "board": board_number, "colour": colour if black is not None else "",
                            "opponent": f"{name(opponent)} ({opponent})" if black is not None
                            else f"{BYE_TEXT.get(code or '', '')} ({code})"})
    players.sort(key=lambda r: (_sort_key(r["name"]), r["start_number"]))
    by_board = View("by board", boards, [
        Column("board", "Bd", _text("board"), "right"),
        Column("white", "No", _text("white"), "right"),
        Column("white_name", "White", _text("white_name")),
        Column("white_points", "Pts", _pts("white_points"), "right"),
        Column("result", "Result", _text("result"), "center"),
        Column("black_points", "Pts", _pts("black_points"), "right"),
        Column("black", "No", _text("black"), "right"),
        Column("black_name", "Black", _text("black_name")),
    ], optional=frozenset({"white_points", "black_points"}))  # no points column before anyone scored
    by_name = View("by name", players, [
        Column("name", "Name", _text("name")),
        Column("start_number", "No", _text("start_number"), "right"),
        Column("points", "Pts", _pts("points"), "right"),
        Column("board", "Bd", _text("board"), "right"),
        Column("colour", "Colour", _text("colour")),
        Column("opponent", "Opponent", _text("opponent")),
    ], optional=frozenset({"points"}))
    return by_board, by_name


def _sort_key(name: str) -> str:
    """Alphabetical order for people: accents and case do not count (Çelik files under C)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.replace("ı", "i").casefold()


_CSS = """\
@page { size: A4 %(orientation)s; margin: 12mm 12mm 14mm;
        @bottom-right { content: "page " counter(page) "/" counter(pages); font: 8pt sans-serif; } }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #000;
       background: #fff; margin: 0; }
section + section { break-before: page; page-break-before: always; }
th.top { border: none; font-weight: normal; padding: 0 0 6pt; }
th.top h1 { font-size: 15pt; margin: 0 0 2pt; }
th.top p { margin: 0 0 2pt; }
th.top p.what { font-weight: bold; font-size: 12pt; margin-top: 4pt; }
th.top p.printed { font-size: 8pt; color: #444; }
table { border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th { border-bottom: 1.5pt solid #000; text-align: left; }
th, td { padding: 1pt 5pt; white-space: nowrap; }
tbody tr:nth-child(even) td { background: #eee; }
section.dense { font-size: 9pt; }
section.dense th, section.dense td { padding: 1pt 3pt; }
.right { text-align: right; }
.center { text-align: center; }
footer p { margin: 6pt 0 0; font-size: 9pt; }
@media print { tbody tr:nth-child(even) td { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
@media screen { body { margin: 1em auto; padding: 0 1em; max-width: %(screen)s; }
                section + section { margin-top: 3em; } }
"""


def html_page(sheets: Sequence[Sheet], title: str) -> str:
    """The sheets as one standalone HTML page for a browser's print: UTF-8, no external resource.

    Each sheet starts on a new A4 page; a long table breaks across pages with
    the sheet's header and column headings repeated on top of each (they are
    the table's head). The page is landscape when a sheet is wider than a
    portrait page takes.
    """
    landscape = any(item.width > PAGE_WIDTH for item in sheets)
    css = _CSS % {"orientation": "landscape" if landscape else "portrait",
                  "screen": "277mm" if landscape else "186mm"}
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_h(title)}</title>", f"<style>\n{css}</style>", "</head>", "<body>"]
    for item in sheets:
        event, *rest = item.header or [""]
        top = [f"<h1>{_h(event)}</h1>"]
        for text in rest:
            what, _, printed = text.partition(_PRINTED)
            top += ([f'<p class="what">{_h(what)}</p>', f'<p class="printed">printed {_h(printed)}</p>']
                    if printed else [f"<p>{_h(text)}</p>"])
        dense = ' class="dense"' if len(item.columns) > 10 else ""  # a crosstable: a smaller font
        out += [f"<section{dense}>", "<table>", "<thead>",
                f'<tr><th class="top" colspan="{len(item.columns)}">{"".join(top)}</th></tr>',
                "<tr>" + "".join(f"<th{_align(c)}>{_h(c.header)}</th>" for c in item.columns) + "</tr>",
                "</thead>", "<tbody>"]
        for row in item.cells:
            out.append("<tr>" + "".join(f"<td{_align(c)}>{_h(v)}</td>" for c, v in zip(item.columns, row)) + "</tr>")
        out += ["</tbody>", "</table>"]
        if item.notes:
            out += ["<footer>", *(f"<p>{_h(note)}</p>" for note in item.notes), "</footer>"]
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _align(column: Column) -> str:
    return f' class="{column.justify}"' if column.justify in ("right", "center") else ""


def _plain(text: str) -> str:
    return text.replace("\n", " ")


#: What a printed standings page leaves out: the record is in the crosstable.
RECORD_KEYS = frozenset({"played", "wins", "draws", "losses", "forfeit_wins", "forfeit_losses", "byes"})


def page_header(tournament: Tournament, what: str, today: str) -> list[str]:
    """The event, what the page shows (with the round) and the date, for the top of each page."""
    settings = tournament.settings
    place = ", ".join(x for x in (settings.place, settings.start_date and
                                  f"{settings.start_date}" + (f" to {settings.end_date}" if settings.end_date else ""))
                      if x)
    return [settings.name, *([place] if place else []), f"{what}{_PRINTED}{today}"]


_PRINTED = "    printed "  # between what a page shows and the date in its header


def strip_private(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]
