"""How views reach the person or the script: Rich tables, CSV and JSON, the consoles and the
progress bar.

A :class:`View` is a list of records (dicts with stable snake_case keys, the
JSON shape scripts rely on) and the columns a person sees in a table. With
``--format csv`` or ``json`` only the data goes to stdout. A table is plain
(no colour) when stdout is not a terminal or ``NO_COLOR`` is set.

Two rules hold for every table and printed page:

* **One number style per column** (:func:`number_texts`): a column of numbers
  is written with ``½`` when every value is whole or a half, else every value
  in decimals.
* **A number is never cut** (:func:`fit_table`): when a table is wider than
  the console, its columns take their narrower texts, then the view's
  droppable columns go (least important first), and only then do the name
  columns wrap. Numbers, codes and headers keep their whole width.
"""

from __future__ import annotations

import builtins
import csv
import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Rich is loaded only to draw on a terminal, or what the plain path leaves to it (issue 29)
    from rich.box import Box
    from rich.console import Console, ConsoleOptions, JustifyMethod
    from rich.segment import Segment
    from rich.table import Table

from arbiter_cli.core.csv_input import formula_like, spreadsheet_cell
from arbiter_cli.core.points import format_points, points_to_number, shown_points

__all__ = ["Format", "Column", "View", "emit", "view_text", "csv_line", "stdout_console", "stderr_console", "slow_progress",
           "text_cell", "points_cell", "number_column", "number_texts", "table_columns", "column_texts",
           "Fitted", "fit_table", "strip_private"]


class Format(str, Enum):
    table = "table"
    csv = "csv"
    json = "json"


#: The width of a table piped to a file or a program (not cut to 80 columns), unless ``COLUMNS`` says.
PIPED_WIDTH = 240


def stdout_console() -> Console:
    """The console for tables; piped output is not cut to 80 columns. Text is
    printed as it is: no highlighting, and no ``:name:`` emoji codes (a name or a
    note may hold colons)."""
    from rich.console import Console

    console = Console(highlight=False, emoji=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, emoji=False, width=PIPED_WIDTH)
    return console


def stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, emoji=False)


def plain_stream(stream: object) -> bool:
    """Whether Rich's console would write to ``stream`` (``sys.stdout``, ``sys.stderr``) as to a plain
    file: not a terminal by Rich's own test (``Console.is_terminal``: no ``TTY_COMPATIBLE`` or
    ``FORCE_COLOR``, not Jupyter, the stream's ``isatty()`` false), so without colours or styles, in a
    UTF encoding (Rich's box, not its ASCII one), on a system other than Windows. Text then reaches
    the stream exactly as it is written here, without loading Rich (issue 29: start-up); anything
    else is left to Rich."""
    if not _written_as_is(stream):
        return False
    if any(name in os.environ for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE")):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        terminal = False if isatty is None else isatty()
    except ValueError:
        terminal = False
    return not terminal


def _written_as_is(stream: object) -> bool:
    """Whether Rich's console writes text without a style to ``stream`` as it is, a terminal or not:
    a stream (fd 2 may be closed), not one Rich itself redirects, on a system other than Windows
    (whose old console Rich drives itself), not in Jupyter, in a UTF encoding."""
    if stream is None or hasattr(stream, "rich_proxied_file"):  # no stream (fd 2 closed): Rich writes nowhere
        return False
    if sys.platform == "win32" or hasattr(builtins, "get_ipython"):
        return False
    return (getattr(stream, "encoding", "utf-8") or "utf-8").lower().startswith("utf")


def plain_width() -> int | None:
    """The width of :func:`stdout_console` when stdout is a :func:`plain_stream`: ``COLUMNS`` (as
    Rich reads it, digits), else :data:`PIPED_WIDTH`; None when Rich must decide."""
    if not plain_stream(sys.stdout):
        return None
    columns = os.environ.get("COLUMNS")
    if columns is None:
        return PIPED_WIDTH
    return int(columns) if columns.isascii() and columns.isdigit() and int(columns) > 0 else None


def say_plain(message: str) -> bool:
    """Write a message line to stderr as Rich's console prints it (no markup, no highlighting, soft
    wrap), without Rich, when that is only its text and a line end: one line of printable text, on a
    terminal too (a line without a style has no colour codes to write; issue 29: ``verify`` on a
    terminal loaded Rich for its one line). False when Rich must print it (control codes and tabs,
    which Rich takes away or expands; Windows' console, Jupyter)."""
    if not message.isprintable() or not _written_as_is(sys.stderr):
        return False
    sys.stderr.write(message + "\n")
    sys.stderr.flush()
    return True


@contextmanager
def slow_progress(description: str, total: int, *, after: float = 1.0,
                  console: Console | None = None) -> Iterator[Callable[..., None]]:
    """A progress bar for work that may be slow: yields ``step(done, total=None)``
    to call as the work goes on (``total`` corrects the expected amount). The bar
    goes to stderr, only on a terminal, and only once the work has taken ``after``
    seconds; it is cleared when the work ends, so nothing of it stays in the
    output, and stdout is left alone."""
    expected = total
    if console is None and plain_stream(sys.stderr):  # Rich's console would not be a terminal
        yield lambda done, total=None: None
        return
    console = console or stderr_console()
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


Cell = Callable[[dict[str, Any]], str]


@dataclass
class Column:
    key: str  # the CSV header
    header: str  # the table header
    show: Cell
    justify: JustifyMethod = "left"
    #: a column of numbers: its cells are written together by :func:`number_texts`, not by ``show``
    number: Callable[[dict[str, Any]], Any] | None = None
    #: shorter texts of the same cell, each narrower than the one before (a player
    #: label without the rating, then without the title): used when the table is too wide
    narrower: tuple[Cell, ...] = ()
    #: a name: may wrap onto more lines, but only as the last resort; every other column keeps its width
    wrap: bool = False
    #: a wrapping column whose words are never folded (values, dates): it wraps between words only
    fold: bool = True


@dataclass
class View:
    title: str
    records: list[dict[str, Any]]
    columns: list[Column]
    csv_value: Callable[[dict[str, Any], str], Any] | None = None
    hidden: frozenset[str] = frozenset()  # columns in CSV only, not in the table
    optional: frozenset[str] = frozenset()  # table columns left out when empty in every row
    table_order: tuple[str, ...] = ()  # the table's column order, when it differs from the CSV's
    droppable: tuple[str, ...] = ()  # table columns left out when it is too wide, least important first


def view_text(view: View, fmt: Format) -> str:
    """``view`` as CSV or JSON text, exactly what ``emit`` writes for scripts."""
    if fmt is Format.json:
        return json.dumps(strip_private(view.records), ensure_ascii=False, indent=2, default=_json_default) + "\n"
    if fmt is Format.csv:
        lines = [csv_line([c.key for c in view.columns])]
        lines += [csv_line([_csv_cell(view, record, c.key) for c in view.columns]) for record in view.records]
        return "".join(lines)
    raise ValueError("a table is drawn, not written as text")


def _csv_text(cell: object) -> str:
    """A cell's text in a CSV for people, as JSON writes the value: points as a number (``0.5``, never
    ``½``), a yes-or-no as ``true``/``false`` (never Python's ``True``), nothing as an empty cell.

    >>> [_csv_text(v) for v in (Fraction(1, 2), True, False, None, 3, "½")]
    ['0.5', 'true', 'false', '', '3', '½']
    """
    if cell is None:
        return ""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, bool):
        return "true" if cell else "false"
    return str(points_to_number(cell) if isinstance(cell, Fraction) else cell)


def csv_line(cells: Sequence[object]) -> str:
    """One line of a CSV for people, as :mod:`csv` writes it (a cell quoted when it holds a comma, a
    quote or a line break), except that a text a spreadsheet would run as a formula is written as
    :func:`~arbiter_cli.core.csv_input.spreadsheet_cell` does, with its quote in front, and always
    in double quotes (OWASP's advice on CSV injection). Numbers are written as they are.

    >>> print(csv_line([1, "=SUM(A1)", "-Smith", -1, "+/-", "Doe, Jane", None]), end="")
    1,"'=SUM(A1)","'-Smith",-1,+/-,"Doe, Jane",
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    texts = [_csv_text(cell) for cell in cells]
    if not any(formula_like(text) for text in texts):
        writer.writerow(texts)
        return buffer.getvalue()
    quoted = []
    for text in texts:
        if formula_like(text):
            quoted.append('"' + spreadsheet_cell(text).replace('"', '""') + '"')
        else:
            buffer.seek(0)
            buffer.truncate()
            writer.writerow([text, ""])  # a second cell: a lone empty cell would be written as ""
            quoted.append(buffer.getvalue()[:-2])
    return ",".join(quoted) + "\n"


def emit(view: View, fmt: Format, console: Console | None = None) -> None:
    """Write ``view`` to stdout in ``fmt``: a Rich table, or CSV or JSON for scripts.

    A table fits the console's width by :func:`fit_table`; one that cannot fit
    even so is drawn wider than the console rather than cut.
    """
    if fmt is not Format.table:
        sys.stdout.write(view_text(view, fmt))
    elif console is None and _emit_plain(view):
        pass
    else:
        from rich.console import Console
        from rich.table import Table

        made = console is None  # what Rich draws on a console made here is kept for the next tables
        console = console or stdout_console()
        fitted = fit_table(view, console.width)
        dropped = [c.header for c in table_columns(view) if c not in fitted.columns]
        if dropped:  # say so: a ranking without the tie-breaks that decide it would mislead
            sys.stderr.write(f"note: {len(dropped)} column{'s' if len(dropped) > 1 else ''} left out to fit "
                             f"{console.width} characters: {', '.join(dropped)} (a wider window, or --format csv, "
                             "shows every column)\n")
        body = _one_line_body(fitted)
        if fitted.width > console.width:  # too wide even with the names wrapped: never cut a number
            colours: Any = console.color_system
            console = Console(file=console.file, width=fitted.width, highlight=False, emoji=False,
                              color_system=colours, force_terminal=console.is_terminal, no_color=console.no_color)
        if body is not None and not (console.record or console.is_jupyter or console.legacy_windows):
            text = _table_text(console, view.title, [c.header for c in fitted.columns], body,
                               _kept(console) if made else {})
            if not console.is_terminal:  # piped: Rich pads the title to the table's width; no line ends in spaces
                text = "".join(line.rstrip() + "\n" for line in text.splitlines())
            console.file.write(text)  # in one write, what Rich's console would write
        else:
            table = Table(title=view.title, title_justify="left", show_lines=False)
            for index, column in enumerate(fitted.columns):
                if fitted.widths is None:  # the table fits as it is: Rich lays it out
                    table.add_column(column.header, justify=column.justify)
                else:
                    table.add_column(column.header, justify=column.justify, width=fitted.widths[index],
                                     no_wrap=not column.wrap, overflow="fold")
            for row in fitted.rows:
                table.add_row(*row)
            if console.is_terminal:
                console.print(table)
            else:
                with console.capture() as captured:
                    console.print(table)
                console.file.write("".join(line.rstrip() + "\n" for line in captured.get().splitlines()))
    sys.stdout.flush()


def _emit_plain(view: View) -> bool:
    """Write the table of ``view`` to stdout without Rich when stdout is a :func:`plain_stream` and
    the table is one Rich would draw as plain lines of :data:`_HEAVY_HEAD` (every cell one line that
    fits, no column left out, the title and every header one line): the characters are Rich's, as
    ``tests/render/test_fast_table_body.py`` checks. False, having written nothing, otherwise."""
    width = plain_width()
    if width is None:
        return False
    fitted = fit_table(view, width)
    if len(fitted.columns) != len(table_columns(view)) or fitted.width > width:
        return False
    body = _one_line_body(fitted)
    if body is None or body.long:
        return False
    head = _plain_lines(view.title, [c.header for c in fitted.columns], body, _HEAVY_HEAD, width, emoji=False)
    if head is None:
        return False
    lines = head + _row_lines(body, _HEAVY_HEAD)
    lines.append(_HEAVY_HEAD.get_bottom([w + 2 for w in body.widths]))
    sys.stdout.write("".join(line.rstrip() + "\n" for line in lines))
    sys.stdout.flush()
    return True


class _PlainBox:
    """The lines of Rich's ``box.HEAVY_HEAD`` (a :class:`rich.table.Table`'s box), as its ``Box``
    draws them, for the tables written without Rich (``tests/render/test_fast_table_body.py``
    checks them against Rich's). Constants, not a dataclass: making one costs more than drawing."""

    top_left, top, top_divider, top_right = "┏", "━", "┳", "┓"
    head_left, head_vertical, head_right = "┃", "┃", "┃"
    head_row_left, head_row_horizontal, head_row_cross, head_row_right = "┡", "━", "╇", "┩"
    mid_left, mid_vertical, mid_right = "│", "│", "│"
    foot_left, foot_vertical, foot_right = "│", "│", "│"
    bottom_left, bottom, bottom_divider, bottom_right = "└", "─", "┴", "┘"

    def get_top(self, widths: Sequence[int]) -> str:
        return self.top_left + self.top_divider.join(self.top * w for w in widths) + self.top_right

    def get_row(self, widths: Sequence[int], level: str) -> str:
        assert level == "head"
        return self.head_row_left + self.head_row_cross.join(self.head_row_horizontal * w for w in widths) + \
            self.head_row_right

    def get_bottom(self, widths: Sequence[int]) -> str:
        return self.bottom_left + self.bottom_divider.join(self.bottom * w for w in widths) + self.bottom_right


_HEAVY_HEAD = _PlainBox()


@dataclass(frozen=True)
class _Rows:
    """A table's rows, and its columns' widths (without the padding); a cell is one line, but in a
    column that ``wraps`` (a name), where a cell wider than its column is wrapped as Rich wraps it."""

    texts: list[list[str]]  # each column's cells, a row per record
    justify: list[JustifyMethod]
    widths: list[int]
    wraps: list[bool]
    sizes: list[list[int]]  # each cell's width (its text's cells), measured once, column by column
    long: frozenset[int]  # the rows with a cell wider than its column, which wraps


def _one_line_body(fitted: Fitted) -> _Rows | None:
    """The rows of ``fitted`` when :func:`_row_lines` lays them out as Rich would: every cell one line
    of printable text that fits its column, or wider in a column that wraps, with no markup (``[``)
    and no space at its end (spaces at its start, an indented line, Rich keeps as they are); else
    None (Rich draws the table). Each column is checked at once, its cells joined."""
    if not fitted.count or not fitted.texts:
        return None
    sizes: list[list[int]] = []
    for cells in fitted.texts:
        joined = "".join(cells)
        if "[" in joined or not joined.isprintable() or " \n" in "\n".join(cells) + "\n":  # a space at an end
            return None
        if joined.isascii():
            sizes.append(list(map(len, cells)))
        else:  # a column's texts come back (results, points): each measured once
            measured = {text: _cells(text) for text in set(cells)}
            sizes.append(list(map(measured.__getitem__, cells)))
    widths = fitted.widths or [max(_cells(c.header), max(size, default=0)) for c, size in zip(fitted.columns, sizes)]
    wraps = [c.wrap for c in fitted.columns]
    long: set[int] = set()
    for size, width, wrap in zip(sizes, widths, wraps):
        if max(size, default=0) > width:
            if not wrap:
                return None
            long.update(index for index, cells in enumerate(size) if cells > width)
    return _Rows(fitted.texts, [c.justify for c in fitted.columns], widths, wraps, sizes, frozenset(long))


def _row_lines(body: _Rows, box: Box | _PlainBox, wrap: Callable[[str, int, JustifyMethod], list[str]] | None = None
               ) -> list[str]:
    """The lines of ``body``'s rows in ``box``, each cell padded by a space and aligned as Rich's
    ``Text`` aligns one line, a column at a time. A cell wider than its column (:attr:`_Rows.long`)
    is given by ``wrap`` as its padded lines, the row's other cells at the top and blank below."""
    columns = []
    for texts, sizes, width, justify in zip(body.texts, body.sizes, body.widths, body.justify):
        if justify == "right":
            columns.append([f" {' ' * (width - size)}{text} " for text, size in zip(texts, sizes)])
        elif justify == "center":
            columns.append([f" {' ' * ((width - size) // 2)}{text}{' ' * (width - size - (width - size) // 2)} "
                            for text, size in zip(texts, sizes)])
        else:
            columns.append([f" {text}{' ' * (width - size)} " for text, size in zip(texts, sizes)])
    mid, foot = (box.mid_left, box.mid_vertical, box.mid_right), (box.foot_left, box.foot_vertical, box.foot_right)
    left, divider, right = mid
    if not body.long or wrap is None:
        lines = [left + divider.join(cells) + right for cells in zip(*columns)]
        if foot != mid:
            lines[-1] = foot[0] + foot[1].join(cells[-1] for cells in columns) + foot[2]
        return lines
    blank = [" " * (width + 2) for width in body.widths]
    wrapping = [j for j, wraps in enumerate(body.wraps) if wraps]
    last = len(columns[0]) - 1
    lines = []
    around: dict[tuple[int, bool], tuple[str, str]] = {}  # the blank cells either side of a long one
    for index, cells in enumerate(zip(*columns)):
        if index == last:
            left, divider, right = foot
        if index not in body.long:
            lines.append(left + divider.join(cells) + right)
            continue
        row, tall = list(cells), []
        for j in wrapping:
            if body.sizes[j][index] > body.widths[j]:
                wrapped = wrap(body.texts[j][index], body.widths[j], body.justify[j])
                row[j] = wrapped[0]
                tall.append((j, wrapped))
        lines.append(left + divider.join(row) + right)
        if len(tall) == 1:  # one long cell, the rest blank below it
            j, wrapped = tall[0]
            if (j, index == last) not in around:
                around[(j, index == last)] = (left + "".join(cell + divider for cell in blank[:j]),
                                              "".join(divider + cell for cell in blank[j + 1:]) + right)
            before, after = around[(j, index == last)]
            lines += [before + cell + after for cell in wrapped[1:]]
            continue
        for k in range(1, max(len(wrapped) for _, wrapped in tall)):
            row = blank.copy()
            for j, wrapped in tall:
                if k < len(wrapped):
                    row[j] = wrapped[k]
            lines.append(left + divider.join(row) + right)
    return lines


#: What Rich drew on the consoles :func:`emit` makes, for the next tables of the command, by the
#: console's settings: the heads, the title's style, the long names wrapped (issue 29: ``team card``
#: draws 200 tables of a handful of heads, and an opponent's name comes back round after round).
_KEPT: dict[tuple[Any, ...], dict[Any, Any]] = {}


def _kept(console: Console) -> dict[Any, Any]:
    """What is kept for a console :func:`emit` made (:func:`stdout_console`, or a wider one: no
    highlighting, no emoji codes, Rich's own theme), by all else Rich's drawing depends on."""
    key = (console.color_system, console.no_color, console.is_terminal, console.encoding, console.width,
           console.safe_box, console.legacy_windows)
    return _KEPT.setdefault(key, {})


def _table_text(console: Console, title: object, headers: list[str], body: _Rows, kept: dict[Any, Any]) -> str:
    """The table of ``body`` as Rich's console writes it on ``console``, colours included. Rich draws
    the title and the head (a table without rows, its bottom edge left out); the rows, one-line cells
    of plain text (:func:`_one_line_body`), are laid out here in Rich's box, each cell padded by a
    space and aligned as Rich aligns it, a cell wider than its column (a name) wrapped by Rich's own
    word wrap. Drawing a table cell by cell is most of the time of a long table in Rich (``team
    card`` of 200 teams: seconds). ``kept`` keeps what Rich drew for the next tables: a head by its
    headers, widths and alignments; the style codes around a title of one line of plain text (the
    same around another such title); a wrapped text by its column's width and alignment.
    ``tests/render/test_fast_table_body.py`` checks that both write the same characters."""
    from rich.box import HEAVY_HEAD

    widths = body.widths
    line = _plain_title(title, sum(widths) + 3 * len(widths) + 1, emoji=getattr(console, "_emoji", True))
    key = (tuple(headers), tuple(widths), tuple(body.justify))
    head, style = kept.get(key), kept.get("title")
    drawn: str
    if line is not None and head is not None and style is not None:
        drawn = style[0] + line + style[1] + head
    else:
        drawn = _rich_head(console, title, headers, body)
        first, _, rest = drawn.partition("\n")
        around = first.split(line) if line is not None else []
        if len(around) == 2 and all(not code or code.startswith("\x1b") for code in around):
            kept["title"], kept[key] = (around[0], around[1] + "\n"), rest
    box = HEAVY_HEAD.substitute(console.options, safe=console.safe_box)
    lines = _row_lines(body, box, lambda text, width, justify: _wrapped(console, text, width, justify, kept))
    lines.append(box.get_bottom([width + 2 for width in widths]))
    return drawn + "\n".join(lines) + "\n"


def _rich_head(console: Console, title: object, headers: list[str], body: _Rows) -> str:
    """The title and the head of the table of ``body`` as Rich's console writes them: a table
    without rows, its bottom edge left out (the rows come before it)."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_lines=False)  # type: ignore[arg-type]
    for header, width, justify in zip(headers, body.widths, body.justify):
        table.add_column(header, justify=justify, width=width, no_wrap=True, overflow="fold")
    with console.capture() as captured:
        console.print(table)
    return "".join(captured.get().splitlines(keepends=True)[:-1])


def _wrapped(console: Console, text: str, width: int, justify: JustifyMethod, kept: dict[Any, Any]) -> list[str]:
    """``text`` wrapped by Rich's word wrap as it wraps a table's cell ``width`` cells wide (``Text.wrap``,
    ``overflow="fold"``): its lines, each padded; kept by text, width and alignment. A line of printable
    ASCII is broken where Rich's own ``divide_line`` breaks it, then aligned as ``Text.wrap`` aligns
    it (:func:`_ascii_wrapped`); any other text is wrapped by ``Text.wrap`` itself."""
    lines: list[str] | None = kept.get((text, width, justify))
    if lines is None:
        lines = _ascii_wrapped(text, width, justify) if text.isascii() and text.isprintable() else None
        if lines is None:
            lines = [f" {line.plain}{' ' * (width - _cells(line.plain))} " for line in console.render_str(
                text, highlight=False).wrap(console, width, justify=justify, overflow="fold", no_wrap=False)]
        kept[(text, width, justify)] = lines
    return lines


def _ascii_wrapped(text: str, width: int, justify: JustifyMethod) -> list[str] | None:
    """A line of printable ASCII (a cell per character, a space its only white space) as ``Text.wrap``
    wraps it ``width`` cells wide with ``overflow="fold"``: broken at the offsets of Rich's
    ``divide_line``; each line's spaces beyond the width taken away (``rstrip_end``); then, left, padded
    to the width, or, right or centred, without its spaces at the end and padded as ``Lines.justify``
    pads it. None when a line would still be too wide (Rich would cut it) or the alignment is another:
    ``Text.wrap`` then wraps it. ``tests/render/test_fast_table_body.py`` checks it against Rich's."""
    from rich._wrap import divide_line

    if justify not in ("left", "right", "center") or width < 1:
        return None
    offsets = divide_line(text, width, fold=True)
    lines = []
    for start, end in zip([0, *offsets], [*offsets, len(text)]):
        line = text[start:end]
        if len(line) > width:
            line = line[:max(width, len(line.rstrip(" ")))]
            if len(line) > width:
                return None
        if justify == "left":
            lines.append(f" {line}{' ' * (width - len(line))} ")
        else:
            line = line.rstrip(" ")
            space = width - len(line)
            lines.append(f" {' ' * space}{line} " if justify == "right" else
                         f" {' ' * (space // 2)}{line}{' ' * (space - space // 2)} ")
    return lines


def _plain_title(title: object, width: int, emoji: bool) -> str | None:
    """A table's title as Rich draws it in a table ``width`` cells wide, without its style, when it is
    one line of plain text (no markup; no ``:name:`` code where the console reads emoji codes) that
    fits; else None."""
    if not isinstance(title, str) or not title or not title.isprintable() or "[" in title or title != title.strip() \
            or (emoji and ":" in title) or _cells(title) > width:
        return None
    return _aligned(title, width, "left")


def _plain_lines(title: object, headers: Sequence[object], body: _Rows, box: Box | _PlainBox, max_width: int,
                 emoji: bool) -> list[str] | None:
    """The title and the head of a table of ``body``'s columns as Rich draws them without colours or
    styles, in ``box``: when the title and every header is one line of plain text (no markup; no
    ``:name:`` code where the console reads emoji codes) that fits in ``max_width``; else None."""
    widths = body.widths
    width = sum(widths) + 3 * len(widths) + 1
    line = _plain_title(title, width, emoji)
    if line is None or width > max_width or not all(isinstance(text, str) for text in headers) or any(
            not text.isprintable() or "[" in text or text != text.strip() or (emoji and ":" in text)
            or _cells(text) > w for text, w in zip(map(str, headers), widths)):
        return None
    cells = [f" {_aligned(str(header), w, justify)} " for header, w, justify in zip(headers, widths, body.justify)]
    return [line, box.get_top([w + 2 for w in widths]), box.head_left + box.head_vertical.join(cells) + box.head_right,
            box.get_row([w + 2 for w in widths], "head")]


def _aligned(text: str, width: int, justify: JustifyMethod) -> str:
    """``text`` in ``width`` cells as Rich's ``Text`` justifies one line of it."""
    return _spaced(text, width - _cells(text), justify)


def _spaced(text: str, space: int, justify: JustifyMethod) -> str:
    """``text`` with ``space`` cells to spare, justified as Rich's ``Text`` justifies one line."""
    if justify == "right":
        return " " * space + text
    if justify == "center":
        return " " * (space // 2) + text + " " * (space - space // 2)
    return text + " " * space


def table_columns(view: View) -> list[Column]:
    """The columns a table (or a page) of ``view`` shows, in the table's order: not the hidden
    ones, nor the optional ones empty in every row."""
    columns = view.columns
    if view.table_order:
        columns = sorted(columns, key=lambda c: view.table_order.index(c.key)
                         if c.key in view.table_order else len(view.table_order))
    return [c for c in columns if c.key not in view.hidden
            and (c.key not in view.optional or any(r.get(c.key) for r in view.records))]


def column_texts(column: Column, records: Sequence[dict[str, Any]], narrower: int = 0) -> list[str]:
    """The cells of ``column``: its numbers in one style (:func:`number_texts`), else each
    record's ``show`` text, or its ``narrower`` -th shorter text (the shortest it has)."""
    if column.number is not None:
        return number_texts([column.number(r) for r in records])
    show = column.narrower[min(narrower, len(column.narrower)) - 1] if narrower and column.narrower else column.show
    return list(map(show, records))


@dataclass
class Fitted:
    """A table laid out for a width: the columns kept, their texts, and the width of each column
    (``None`` when the table fits at its natural width and Rich lays it out unchanged)."""

    columns: list[Column]
    texts: list[list[str]]  # each column's cells, a row per record
    count: int  # the rows
    widths: list[int] | None
    width: int  # the whole table's width, borders included

    @property
    def rows(self) -> list[list[str]]:
        """The cells row by row."""
        return [list(row) for row in zip(*self.texts)] if self.texts else [[] for _ in range(self.count)]


def fit_table(view: View, width: int) -> Fitted:
    """Fit the table of ``view`` into ``width`` characters without cutting a number or a header.

    Every column has its natural width (its header and its longest cell). When
    the table is wider than ``width``: first every column with narrower texts
    takes them, one step at a time; then the view's ``droppable`` columns go,
    least important first; and only then do the ``wrap`` columns (names) get
    narrower, wrapping their texts onto more lines, the widest first and never
    below their header (a word longer than the column is folded, not cut; a
    column with ``fold`` False never below its longest word). The
    other columns never shrink. The result may still be wider than ``width``
    when even that is not enough.

    >>> view = View("t", [{"n": 1, "name": "Fontaine, Claire", "pts": 2.5}], [
    ...     Column("n", "No", text_cell("n"), "right"), Column("name", "Name", text_cell("name"), wrap=True),
    ...     number_column("pts", "Pts")])
    >>> fit_table(view, 80).widths is None, fit_table(view, 24).widths
    (True, [2, 9, 3])
    """
    columns = table_columns(view)
    steps = [0] * len(columns)  # how many times each column took a narrower text
    texts = [column_texts(c, view.records) for c in columns]
    widest = [_natural_width(c, cells) for c, cells in zip(columns, texts)]  # kept as the texts change

    def naturals() -> list[int]:
        return list(widest)

    def total(widths: Sequence[int]) -> int:
        return sum(widths) + 3 * len(widths) + 1  # a space either side of each cell, the lines between

    def fitted(widths: list[int] | None) -> Fitted:
        return Fitted(columns, texts, len(view.records), widths, total(widths or naturals()))

    if total(naturals()) <= width:
        return fitted(None)
    while any(step < len(c.narrower) for step, c in zip(steps, columns)):  # the shorter texts
        for index, column in enumerate(columns):
            if steps[index] < len(column.narrower):
                steps[index] += 1
                texts[index] = column_texts(column, view.records, steps[index])
                widest[index] = _natural_width(column, texts[index])
        if total(naturals()) <= width:
            return fitted(naturals())
    for key in view.droppable:  # the least important columns
        found = next((i for i, c in enumerate(columns) if c.key == key), None)
        if found is not None:
            del columns[found], texts[found], steps[found], widest[found]
            if total(naturals()) <= width:
                return fitted(naturals())
    widths = naturals()
    wrapping = [i for i, c in enumerate(columns) if c.wrap]
    words = [_longest_word(c, cells) if c.wrap else 0 for c, cells in zip(columns, texts)]  # only names wrap
    folded = [words[i] if not c.fold else max(_cells(c.header), 1) for i, c in enumerate(columns)]
    for floor in (words, folded):  # whole words first, then folded (but a column that never folds)
        while total(widths) > width:
            candidates = [i for i in wrapping if widths[i] > floor[i]]
            if not candidates:
                break
            widths[max(candidates, key=lambda i: widths[i])] -= 1  # the widest name column first
    return fitted(widths)


def _natural_width(column: Column, texts: Sequence[str]) -> int:
    """A column's width at its longest: its header, its longest line, at least 1 (a column of
    printable ASCII, a cell per character, measured at once)."""
    joined = "".join(texts)
    if joined.isascii() and joined.isprintable():
        return max(_cells(column.header), 1, max(map(len, texts), default=0))
    return max([_cells(column.header), 1] + [_longest_line(t) for t in set(texts)])


def _longest_word(column: Column, texts: Sequence[str]) -> int:
    """The narrowest a column that wraps between words may be: its header, its longest word."""
    words = " ".join(texts).split()
    joined = "".join(words)
    if joined.isascii() and joined.isprintable():
        return max(_cells(column.header), max(map(len, words), default=0))
    return max([_cells(column.header)] + [_cells(w) for w in words])


def _longest_line(text: str) -> int:
    if text.isascii() and text.isprintable():  # one line, a cell per character
        return len(text)
    return max((_cells(line) for line in text.splitlines()), default=0)


def _cells(text: str) -> int:
    """``cell_len(text)``, at once for printable ASCII (a cell per character), and once per other text
    (a half point, an accented name: they come back row after row).

    >>> [_cells(text) for text in ("Fontaine, Claire", "", "½", "王")]
    [16, 0, 1, 2]
    """
    if text.isascii() and text.isprintable():
        return len(text)
    cells = _CELLS.get(text)
    if cells is None:
        from rich.cells import cell_len

        cells = cell_len(text)
        if len(_CELLS) < 100_000:
            _CELLS[text] = cells
    return cells


_CELLS: dict[str, int] = {}


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
        return points_to_number(value)
    raise TypeError(repr(value))


def strip_private(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]


def text_cell(key: str) -> Callable[[dict[str, Any]], str]:
    return lambda r: "" if r.get(key) is None else str(r[key])


def points_cell(key: str) -> Callable[[dict[str, Any]], str]:
    """One record's points alone, as :func:`number_texts` writes a column of one value."""
    return lambda r: number_texts([r.get(key)])[0]


def number_column(key: str, header: str, value: Callable[[dict[str, Any]], Any] | None = None) -> Column:
    """A right-aligned column of numbers (points, tie-breaks, scores), written by :func:`number_texts`;
    ``value`` reads a record's number (default: ``record[key]``)."""
    read: Callable[[dict[str, Any]], Any] = value if value is not None else (lambda r: r.get(key))
    return Column(key, header, lambda r: number_texts([read(r)])[0], "right", number=read)


def number_texts(values: Sequence[Fraction | int | float | str | None]) -> list[str]:
    """A column of numbers for people, all in one style: the one rule of every table and page.

    If every value is whole or a half, halves are written with ``½`` (``18½``,
    ``½``). If any value needs more (``27.75``), every value of the column is
    written in decimals, halves too (``18.5``). Whole numbers are always plain
    (``4``, never ``4.0``); a value with no finite decimal (SSSC's ``323/7``) is
    written with two decimals (``46.14``, :func:`~arbiter_cli.core.points.shown_points`),
    never as a fraction; ``None`` is an empty cell. Values may be fractions,
    ints, floats or their JSON text (``"1/3"``).

    >>> number_texts([Fraction(37, 2), 4, Fraction(1, 2), None])
    ['18½', '4', '½', '']
    >>> number_texts([27.75, Fraction(37, 2), 17.25, 4])
    ['27.75', '18.5', '17.25', '4']
    >>> number_texts(["1/3", 0.5, Fraction(323, 7)])
    ['0.33', '0.5', '46.14']
    """
    numbers = [None if v is None else shown_points(v if isinstance(v, Fraction) else Fraction(str(v)))
               for v in values]
    halves = all(n.denominator <= 2 for n in numbers if n is not None)
    return ["" if n is None else format_points(n, ascii=not halves) for n in numbers]
