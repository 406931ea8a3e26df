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
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # Rich is loaded only to draw on a terminal, or what the plain path leaves to it (issue 29)
    from rich.console import Console, JustifyMethod

    from arbiter_cli.render.table_lines import Rows

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


class Column(NamedTuple):
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
    from arbiter_cli.render.table_lines import kept_for, table_text, write_text  # a terminal's table only (issue 29)

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
            text = table_text(console, view.title, [c.header for c in fitted.columns], body,
                               kept_for(console) if made else {})
            if not console.is_terminal:  # piped: Rich pads the title to the table's width; no line ends in spaces
                text = "".join(line.rstrip() + "\n" for line in text.splitlines())
            write_text(console.file, text)
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
    the table is one Rich would draw as plain lines of :data:`HEAVY_HEAD_PLAIN` (every cell one line that
    fits, no column left out, the title and every header one line): the characters are Rich's, as
    ``tests/render/test_fast_table_body.py`` checks. False, having written nothing, otherwise."""
    from arbiter_cli.render.table_lines import HEAVY_HEAD_PLAIN, plain_head, row_lines  # issue 29: loaded for a table only

    width = plain_width()
    if width is None:
        return False
    fitted = fit_table(view, width)
    if len(fitted.columns) != len(table_columns(view)) or fitted.width > width:
        return False
    body = _one_line_body(fitted)
    if body is None or body.long:
        return False
    head = plain_head(view.title, [c.header for c in fitted.columns], body, HEAVY_HEAD_PLAIN, width, emoji=False)
    if head is None:
        return False
    lines = head + row_lines(body, HEAVY_HEAD_PLAIN)
    lines.append(HEAVY_HEAD_PLAIN.get_bottom([w + 2 for w in body.widths]))
    sys.stdout.write("".join(line.rstrip() + "\n" for line in lines))
    sys.stdout.flush()
    return True


def _one_line_body(fitted: Fitted) -> Rows | None:
    """The rows of ``fitted`` when :func:`~arbiter_cli.render.table_lines.row_lines` lays them out as
    Rich would (:func:`~arbiter_cli.render.table_lines.one_line_rows`), else None (Rich draws it)."""
    from arbiter_cli.render.table_lines import one_line_rows  # a terminal's table only (issue 29)

    return one_line_rows([c.header for c in fitted.columns], [c.justify for c in fitted.columns],
                         [c.wrap for c in fitted.columns], fitted.texts, fitted.count, fitted.widths)


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
    from arbiter_cli.render.table_lines import cell_width  # a terminal's table only (issue 29)

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
    folded = [words[i] if not c.fold else max(cell_width(c.header), 1) for i, c in enumerate(columns)]
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
    from arbiter_cli.render.table_lines import cell_width  # a terminal's table only (issue 29)

    joined = "".join(texts)
    if joined.isascii() and joined.isprintable():
        return max(cell_width(column.header), 1, max(map(len, texts), default=0))
    return max([cell_width(column.header), 1] + [_longest_line(t) for t in set(texts)])


def _longest_word(column: Column, texts: Sequence[str]) -> int:
    """The narrowest a column that wraps between words may be: its header, its longest word."""
    from arbiter_cli.render.table_lines import cell_width  # a terminal's table only (issue 29)

    words = " ".join(texts).split()
    joined = "".join(words)
    if joined.isascii() and joined.isprintable():
        return max(cell_width(column.header), max(map(len, words), default=0))
    return max([cell_width(column.header)] + [cell_width(w) for w in words])


def _longest_line(text: str) -> int:
    if text.isascii() and text.isprintable():  # one line, a cell per character
        return len(text)
    from arbiter_cli.render.table_lines import cell_width  # a terminal's table only (issue 29)

    return max((cell_width(line) for line in text.splitlines()), default=0)


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
