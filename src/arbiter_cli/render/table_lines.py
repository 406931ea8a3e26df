"""A table's lines as Rich draws them, without Rich's drawing of each cell (issue 25, issue 29):
the title and the head of a table drawn by Rich once and kept, its rows of one-line cells laid out
here in Rich's box, a long name wrapped where Rich's word wrap wraps it, every cell measured as
Rich measures it. ``tests/render/test_fast_table_body.py`` checks each against Rich's own.

Rich is loaded only where it draws (a head, a title, a text that is not plain ASCII): a table
written to a file or a pipe as plain lines does not load it (:func:`plain_head`, :func:`row_lines`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.box import Box
    from rich.console import Console, JustifyMethod

__all__ = ["PlainBox", "HEAVY_HEAD_PLAIN", "Rows", "one_line_rows", "row_lines", "kept_for", "table_text",
           "wrapped_cell", "ascii_wrapped", "plain_title", "plain_head", "aligned", "spaced", "cell_width",
           "write_text"]


class PlainBox:
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


HEAVY_HEAD_PLAIN = PlainBox()


@dataclass(frozen=True)
class Rows:
    """A table's rows, and its columns' widths (without the padding); a cell is one line, but in a
    column that ``wraps`` (a name), where a cell wider than its column is wrapped as Rich wraps it."""

    texts: list[list[str]]  # each column's cells, a row per record
    justify: list[JustifyMethod]
    widths: list[int]
    wraps: list[bool]
    sizes: list[list[int]]  # each cell's width (its text's cells), measured once, column by column
    long: frozenset[int]  # the rows with a cell wider than its column, which wraps


def one_line_rows(headers: Sequence[str], justify: list[JustifyMethod], wraps: list[bool], texts: list[list[str]],
                  count: int, widths: list[int] | None) -> Rows | None:
    """The rows of a table (its columns' ``texts``, ``count`` rows; the columns' ``widths``, or None
    for their natural widths) when :func:`row_lines` lays them out as Rich would: every cell one line
    of printable text that fits its column, or wider in a column that wraps, with no markup (``[``)
    and no space at its end (spaces at its start, an indented line, Rich keeps as they are); else
    None (Rich draws the table). Each column is checked at once, its cells joined."""
    if not count or not texts:
        return None
    sizes: list[list[int]] = []
    for column in texts:
        joined = "".join(column)
        if "[" in joined or not joined.isprintable() or " \n" in "\n".join(column) + "\n":  # a space at an end
            return None
        if joined.isascii():
            sizes.append(list(map(len, column)))
        else:  # a column's texts come back (results, points): each measured once
            measured = {text: cell_width(text) for text in set(column)}
            sizes.append(list(map(measured.__getitem__, column)))
    widths = widths or [max(cell_width(header), max(size, default=0)) for header, size in zip(headers, sizes)]
    long: set[int] = set()
    for size, width, wrap in zip(sizes, widths, wraps):
        if max(size, default=0) > width:
            if not wrap:
                return None
            long.update(index for index, used in enumerate(size) if used > width)
    return Rows(texts, justify, widths, wraps, sizes, frozenset(long))


def row_lines(body: Rows, box: Box | PlainBox, wrap: Callable[[str, int, JustifyMethod], list[str]] | None = None
               ) -> list[str]:
    """The lines of ``body``'s rows in ``box``, each cell padded by a space and aligned as Rich's
    ``Text`` aligns one line, a column at a time. A cell wider than its column (:attr:`Rows.long`)
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


#: What Rich drew on the consoles :func:`~arbiter_cli.render.output.emit` makes, for the next tables
#: of the command, by the console's settings: the heads, the title's style, the long names wrapped
#: (issue 29: ``team card`` draws 200 tables of a handful of heads, and an opponent's name comes back
#: round after round).
KEPT: dict[tuple[Any, ...], dict[Any, Any]] = {}


def kept_for(console: Console) -> dict[Any, Any]:
    """What is kept for a console :func:`~arbiter_cli.render.output.emit` made (its ``stdout_console``,
    or a wider one: no highlighting, no emoji codes, Rich's own theme), by all else Rich's drawing
    depends on."""
    key = (console.color_system, console.no_color, console.is_terminal, console.encoding, console.width,
           console.safe_box, console.legacy_windows)
    return KEPT.setdefault(key, {})


def table_text(console: Console, title: object, headers: list[str], body: Rows, kept: dict[Any, Any]) -> str:
    """The table of ``body`` as Rich's console writes it on ``console``, colours included. Rich draws
    the title and the head (a table without rows, its bottom edge left out); the rows, one-line cells
    of plain text (:func:`one_line_rows`), are laid out here in Rich's box, each cell padded by a
    space and aligned as Rich aligns it, a cell wider than its column (a name) wrapped by Rich's own
    word wrap. Drawing a table cell by cell is most of the time of a long table in Rich (``team
    card`` of 200 teams: seconds). ``kept`` keeps what Rich drew for the next tables: a head by its
    headers, widths and alignments; the style codes around a title of one line of plain text (the
    same around another such title); a wrapped text by its column's width and alignment.
    ``tests/render/test_fast_table_body.py`` checks that both write the same characters."""
    from rich.box import HEAVY_HEAD

    widths = body.widths
    line = plain_title(title, sum(widths) + 3 * len(widths) + 1, emoji=getattr(console, "_emoji", True))
    key = (tuple(headers), tuple(widths), tuple(body.justify))
    head, style = kept.get(key), kept.get("title")
    drawn: str
    if line is not None and head is not None and style is not None:
        drawn = style[0] + line + style[1] + head
    else:
        drawn = rich_head(console, title, headers, body)
        first, _, rest = drawn.partition("\n")
        around = first.split(line) if line is not None else []
        if len(around) == 2 and all(not code or code.startswith("\x1b") for code in around):
            kept["title"], kept[key] = (around[0], around[1] + "\n"), rest
    box = HEAVY_HEAD.substitute(console.options, safe=console.safe_box)
    lines = row_lines(body, box, lambda text, width, justify: wrapped_cell(console, text, width, justify, kept))
    lines.append(box.get_bottom([width + 2 for width in widths]))
    return drawn + "\n".join(lines) + "\n"


def rich_head(console: Console, title: object, headers: list[str], body: Rows) -> str:
    """The title and the head of the table of ``body`` as Rich's console writes them: a table
    without rows, its bottom edge left out (the rows come before it)."""
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_lines=False)  # type: ignore[arg-type]
    for header, width, justify in zip(headers, body.widths, body.justify):
        table.add_column(header, justify=justify, width=width, no_wrap=True, overflow="fold")
    with console.capture() as captured:
        console.print(table)
    return "".join(captured.get().splitlines(keepends=True)[:-1])


def wrapped_cell(console: Console, text: str, width: int, justify: JustifyMethod, kept: dict[Any, Any]) -> list[str]:
    """``text`` wrapped by Rich's word wrap as it wraps a table's cell ``width`` cells wide (``Text.wrap``,
    ``overflow="fold"``): its lines, each padded; kept by text, width and alignment. A line of printable
    ASCII is broken where Rich's own ``divide_line`` breaks it, then aligned as ``Text.wrap`` aligns
    it (:func:`ascii_wrapped`); any other text is wrapped by ``Text.wrap`` itself."""
    lines: list[str] | None = kept.get((text, width, justify))
    if lines is None:
        lines = ascii_wrapped(text, width, justify) if text.isascii() and text.isprintable() else None
        if lines is None:
            lines = [f" {line.plain}{' ' * (width - cell_width(line.plain))} " for line in console.render_str(
                text, highlight=False).wrap(console, width, justify=justify, overflow="fold", no_wrap=False)]
        kept[(text, width, justify)] = lines
    return lines


def ascii_wrapped(text: str, width: int, justify: JustifyMethod) -> list[str] | None:
    """A line of printable ASCII (a cell per character, a space its only white space) as ``Text.wrap``
    wraps it ``width`` cells wide with ``overflow="fold"``: broken at the offsets of Rich's
    ``divide_line``; each line's spaces beyond the width taken away (``rstrip_end``); then, left, padded
    to the width, or, right or centred, without its spaces at the end and padded as ``Lines.justify``
    pads it. None when a line would still be too wide (Rich would cut it) or the alignment is another:
    ``Text.wrap`` then wraps it. ``tests/render/test_fast_table_body.py`` checks it against Rich's."""
    try:  # Rich's own breaking (a private module: a Rich without it, or with another one, wraps by Text.wrap)
        from rich._wrap import divide_line
    except ImportError:
        return None
    if justify not in ("left", "right", "center") or width < 1:
        return None
    try:
        offsets = divide_line(text, width, fold=True)
    except TypeError:
        return None
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


def plain_title(title: object, width: int, emoji: bool) -> str | None:
    """A table's title as Rich draws it in a table ``width`` cells wide, without its style, when it is
    one line of plain text (no markup; no ``:name:`` code where the console reads emoji codes) that
    fits; else None."""
    if not isinstance(title, str) or not title or not title.isprintable() or "[" in title or title != title.strip() \
            or (emoji and ":" in title) or cell_width(title) > width:
        return None
    return aligned(title, width, "left")


def plain_head(title: object, headers: Sequence[object], body: Rows, box: Box | PlainBox, max_width: int,
                 emoji: bool) -> list[str] | None:
    """The title and the head of a table of ``body``'s columns as Rich draws them without colours or
    styles, in ``box``: when the title and every header is one line of plain text (no markup; no
    ``:name:`` code where the console reads emoji codes) that fits in ``max_width``; else None."""
    widths = body.widths
    width = sum(widths) + 3 * len(widths) + 1
    line = plain_title(title, width, emoji)
    if line is None or width > max_width or not all(isinstance(text, str) for text in headers) or any(
            not text.isprintable() or "[" in text or text != text.strip() or (emoji and ":" in text)
            or cell_width(text) > w for text, w in zip(map(str, headers), widths)):
        return None
    cells = [f" {aligned(str(header), w, justify)} " for header, w, justify in zip(headers, widths, body.justify)]
    return [line, box.get_top([w + 2 for w in widths]), box.head_left + box.head_vertical.join(cells) + box.head_right,
            box.get_row([w + 2 for w in widths], "head")]


def aligned(text: str, width: int, justify: JustifyMethod) -> str:
    """``text`` in ``width`` cells as Rich's ``Text`` justifies one line of it."""
    return spaced(text, width - cell_width(text), justify)


def spaced(text: str, space: int, justify: JustifyMethod) -> str:
    """``text`` with ``space`` cells to spare, justified as Rich's ``Text`` justifies one line."""
    if justify == "right":
        return " " * space + text
    if justify == "center":
        return " " * (space // 2) + text + " " * (space - space // 2)
    return text + " " * space


def cell_width(text: str) -> int:
    """``cell_len(text)``, at once for printable ASCII (a cell per character), and once per other text
    (a half point, an accented name: they come back row after row).

    >>> [cell_width(text) for text in ("Fontaine, Claire", "", "½", "王")]
    [16, 0, 1, 2]
    """
    if text.isascii() and text.isprintable():
        return len(text)
    cells = MEASURED.get(text)
    if cells is None:
        from rich.cells import cell_len

        cells = cell_len(text)
        if len(MEASURED) < 100_000:
            MEASURED[text] = cells
    return cells


MEASURED: dict[str, int] = {}


def write_text(file: Any, text: str) -> None:
    """Write ``text`` as Rich's console writes what it prints: at once, but on Windows in pieces of
    whole lines of at most 8,192 characters (a longer write to its console fails, bpo-37871)."""
    if sys.platform != "win32" or len(text) <= 8192:
        file.write(text)
        return
    batch: list[str] = []
    size = 0
    for line in text.splitlines(keepends=True):
        if size + len(line) > 8192 and batch:
            file.write("".join(batch))
            batch, size = [], 0
        batch.append(line)
        size += len(line)
    file.write("".join(batch))
