"""Pages for the wall: plain text for a printer (A4, page breaks, a header on every page) and
the sheets the HTML pages are made of.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter_cli.core.model import Round, Tournament
from arbiter_cli.render.output import Column, View, column_texts, number_column, table_columns, text_cell
from arbiter_cli.render.views import round_rows

if TYPE_CHECKING:
    from arbiter_cli.core.team_tournament import TeamTournament
    from arbiter_cli.core.tiebreak_codes import TiebreakSpec

__all__ = ["PAGE_WIDTH", "PAGE_WIDTHS", "PAGE_LINES", "Sheet", "sheet", "print_sheets", "fitting_width", "BYE_TEXT",
           "pairing_sheet_views", "RECORD_KEYS", "page_header", "event_dates", "PRINTED", "name_order",
           "modifier_words"]


#: A4 portrait in a 10-point monospaced font: about 80 characters and 60 lines.
PAGE_WIDTH = 80
PAGE_LINES = 60
#: The widths a wide sheet (a crosstable) may take, narrowest first: A4 portrait, A4 landscape in
#: 10 points and in a condensed font (132, the classic wide listing), and in a small font. It takes
#: the first that holds its lines whole: names are cut only when even the widest cannot.
PAGE_WIDTHS = (PAGE_WIDTH, 100, 132, 200)


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
    """The columns a page shows of ``view`` (as its table does), without ``leave_out``; a column of
    numbers is written in one style, as in the table."""
    columns = [c for c in table_columns(view) if c.key not in leave_out]
    texts = [column_texts(column, view.records) for column in columns]
    cells = [[_plain(text) for text in row] for row in zip(*texts)] if columns else [[] for _ in view.records]
    shrinking = (shrink,) if isinstance(shrink, str) else tuple(shrink)
    return Sheet(list(header), columns, cells, list(notes), width, shrinking)


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
    body = [line(row) for row in item.cells]
    table_width = max(map(len, [headings, *body]))  # the rule under the headings is as wide as the table
    heading = [headings, "-" * table_width]
    top = [*item.header, ""]
    notes = [wrapped for note in item.notes
             for wrapped in textwrap.wrap(note, max(item.width, table_width), break_on_hyphens=False)]
    per_page = max(1, lines - len(top) - len(heading) - 2)  # a blank line and the page number below
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
    from arbiter_cli.pairing.baku import virtual_points_of

    points: dict[int, Fraction] = {
        number: sum((e.points for e in entries), Fraction(0))
        for number, entries in round_entries(tournament, rnd.number - 1).items()}
    by_tpn = {p.start_number: p for p in tournament.players}
    virtual = {number: values[rnd.number - 1] for number, values in virtual_points_of(tournament).items()
               if len(values) >= rnd.number}
    if not any(virtual.values()):  # VP columns only while virtual points apply (acceleration, C.04.7)
        virtual = {}

    def name(number: int | None) -> str:
        player = by_tpn.get(number) if number is not None else None
        return player.name if player else ("" if number is None else f"#{number}")

    def vp(number: int | None) -> Fraction | None:
        return virtual.get(number, Fraction(0)) if virtual and number is not None else None

    boards: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    for board_number, white, black, code in round_rows(rnd):
        boards.append({"board": board_number, "white": white, "white_name": name(white),
                       "white_points": points.get(white), "white_virtual": vp(white), "black": black,
                       "black_name": name(black) if black is not None else BYE_TEXT.get(code or "", ""),
                       "black_points": points.get(black) if black is not None else None,
                       "black_virtual": vp(black),
                       "result": "½-½" if code == "1/2-1/2" else (code or "")})
        for number, colour, opponent in ((white, "White", black), (black, "Black", white)):
            if number is None:
                continue
            players.append({"name": name(number), "start_number": number, "points": points.get(number),
                            "board": board_number, "colour": colour if black is not None else "",
                            "opponent": f"{name(opponent)} ({opponent})" if black is not None
                            else f"{BYE_TEXT.get(code or '', '')} ({code})"})
    players.sort(key=lambda r: (name_order(r["name"]), r["start_number"]))
    by_board = View("by board", boards, [
        Column("board", "Bd", text_cell("board"), "right"),
        Column("white", "No", text_cell("white"), "right"),
        Column("white_name", "White", text_cell("white_name")),
        number_column("white_points", "Pts"),
        number_column("white_virtual", "VP"),
        Column("result", "Result", text_cell("result"), "center"),
        number_column("black_virtual", "VP"),
        number_column("black_points", "Pts"),
        Column("black", "No", text_cell("black"), "right"),
        Column("black_name", "Black", text_cell("black_name")),
    ], optional=frozenset({"white_points", "black_points", "white_virtual", "black_virtual"}))
    # no points column before anyone scored, no VP column without virtual points in the round
    by_name = View("by name", players, [
        Column("name", "Name", text_cell("name")),
        Column("start_number", "No", text_cell("start_number"), "right"),
        number_column("points", "Pts"),
        Column("board", "Bd", text_cell("board"), "right"),
        Column("colour", "Colour", text_cell("colour")),
        Column("opponent", "Opponent", text_cell("opponent")),
    ], optional=frozenset({"points"}))
    return by_board, by_name


def name_order(name: str) -> str:
    """Alphabetical order for people: accents and case do not count (Çelik files under C)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.replace("ı", "i").casefold()


def _plain(text: str) -> str:
    return text.replace("\n", " ")


#: What a printed standings page leaves out: the record is in the crosstable.
RECORD_KEYS = frozenset({"played", "wins", "draws", "losses", "forfeit_wins", "forfeit_losses", "byes"})


def page_header(tournament: Tournament | TeamTournament, what: str, today: str) -> list[str]:
    """The event (individual or team), what the page shows (with the round) and the date, for the
    top of each page."""
    settings = tournament.settings
    place = ", ".join(x for x in (settings.place, event_dates(settings.start_date, settings.end_date)) if x)
    return [settings.name, *([place] if place else []), f"{what}{PRINTED}{today}"]


def event_dates(start: str | None, end: str | None) -> str:
    """The dates of an event for people: one day once, else from the start to the end.

    >>> event_dates("2026-01-10", "2026-01-10"), event_dates("2026-01-10", "2026-01-12")
    ('2026-01-10', '2026-01-10 to 2026-01-12')
    >>> event_dates("2026-01-10", None), event_dates(None, None)
    ('2026-01-10', '')
    """
    if not start:
        return ""
    return start if not end or end == start else f"{start} to {end}"


PRINTED = "    printed "  # between what a page shows and the date in its header


def modifier_words(spec: TiebreakSpec) -> list[str]:
    """What a code's modifiers do, in words (C.07 Art. 14): the cut, forfeits counted as played."""
    words = []
    if spec.cut_low and spec.cut_low == spec.cut_high:
        words.append(f"without the {spec.cut_low} highest and lowest")
    elif spec.cut_low:
        words.append(f"without the {spec.cut_low} lowest")
    if spec.forfeits_played:
        words.append("forfeits counted as played")
    return words
