"""The pieces of a published page as data, for the templates (issue 26): a page is a Jinja2
template of ``templates/`` that extends ``base.html``; Python hands it :class:`Cell` and
:class:`Table` values, texts and numbers, never HTML. Autoescaping writes every text as text, and
a name (``name=True``) is isolated in ``<bdi>`` so that a right-to-left or control character in it
never reorders the text around it.

>>> str(macro("cell", "td", Cell("<b>", href="x.html", name=True, key="name")))
'<td data-key="name"><a href="x.html"><bdi>&lt;b&gt;</bdi></a></td>'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, overload

from arbiter_cli.core.points import fraction_terms
from arbiter_cli.render.output import Column
from markupsafe import escape

from arbiter_cli.render.templating import Markup, environment, macros, points_text, points_value, render

__all__ = ["PACKAGE", "Cell", "Table", "Detail", "Fact", "macro", "site_page", "cell_html", "points_html", "text_html",
           "name_cell", "RecordRows", "Way", "keyed_cell", "rooted", "PLAIN", "POINTS", "CELL",
           "player_cell", "team_cell", "member_cell", "align", "details", "header", "plain", "titled", "named", "points_cell"]

#: The package whose ``templates/`` hold the site's templates.
PACKAGE = "arbiter_cli.render.site"


class Cell(NamedTuple):
    """A table cell (or a value of a details list): ``text`` shown, linked to ``href`` when given
    (the link's class ``link_cls``: ``player``, ``team``, ``member``), isolated in ``<bdi>`` when
    ``name``; ``before`` and ``after`` plain texts around it (``12. `` and `` (2100)``); ``more``
    further parts (a second link); ``key`` its ``data-key``, ``value`` its ``data-value`` (the
    JSON value as the CSV output writes it, for scripts), ``cls`` its class; ``span`` the columns
    it spans (a header over two columns), 1 by default.

    A tuple rather than a dataclass: a table's body unpacks its cells in the template's loop, which
    costs a fifth of reading each field by name (a standings page of 500 players has 10,000 cells);
    a field added here is added to that loop of ``macros.html`` too, in its place (a test checks).
    A changed copy is ``cell._replace(key=...)``."""

    text: str | int = ""
    href: str = ""
    key: str = ""
    cls: str = ""
    value: str = ""
    name: bool = False
    link_cls: str = ""
    before: str = ""
    after: str = ""
    more: tuple[Cell, ...] = ()
    span: int = 1


#: A term of a details list and its value.
Detail = tuple[str, Cell]
#: A term and its value before :func:`details` makes it a cell (a text, a number, a cell; None or "": left out).
Fact = tuple[str, Cell | str | int | None]


@dataclass(frozen=True)
class Table:
    """A table: header cells, body rows of cells, its class, caption, row classes and row ids (an
    anchor a link leads to: ``match-3``); in a box that scrolls by itself when ``scroll`` (the
    crosstable; every other table fits a phone)."""

    headers: Sequence[Cell]
    rows: Sequence[Sequence[Cell]]
    cls: str = ""
    caption: str = ""
    row_classes: Sequence[str] = field(default_factory=tuple)
    scroll: bool = False
    row_ids: Sequence[str] = field(default_factory=tuple)
    #: The body rows as :func:`table_rows` writes them from ``rows``, when made already (issue 29: the
    #: standings of the last round, on two pages): written as they are.
    body: str | None = field(default=None, compare=False, repr=False)


#: Texts as Jinja2's autoescaping writes them, each escaped once (MarkupSafe's ``escape``): a table
#: of 1,000 rows repeats the same keys, classes and points thousands of times.
_ESCAPED: dict[str, str] = {}


#: Finds a character MarkupSafe's ``escape`` replaces (``&<>'"``, and only these): a text without one is
#: written as it is (issue 29: a crosstable's 10,000 texts such as ``12w1``, each its own).
_UNSAFE = re.compile("[&<>'\"]").search


def _text(value: Any) -> str:
    """``{{ value }}`` in an autoescaped template: MarkupSafe's ``escape`` of it, as text."""
    if type(value) is str:
        found = _ESCAPED.get(value)
        if found is None:
            found = value if _UNSAFE(value) is None else str(escape(value))
            if len(_ESCAPED) < 100_000:
                _ESCAPED[value] = found
        return found
    if type(value) is int:  # digits and a sign: escaped as they are
        return str(value)
    return str(escape(value))


#: ``{{ value }}`` in an autoescaped template, for the rows written in Python (:func:`cell_html`).
text_html = _text


def _part(cell: Cell) -> str:
    """The inside of a cell, as ``cell_part`` of ``macros.html`` writes it."""
    text, href, _, _, _, name, link_cls, before, after, more, _ = cell
    return _text(before) + _inner(text, href, name, link_cls) + _text(after) + "".join(_part(extra) for extra in more)


def _inner(text: str | int, href: str, name: bool, link_cls: str) -> str:
    """A cell's text, isolated when a name, linked when it has an href."""
    inner = "<bdi>" + _text(text) + "</bdi>" if name else _text(text)
    if not href:
        return inner
    return ("<a" + (' class="' + _text(link_cls) + '"' if link_cls else "") + ' href="' + _text(href) + '">'
            + inner + "</a>")


#: A body cell's opening tag by its data-key, data-value, class and span: a table repeats a few.
_OPENINGS: dict[tuple[str, str, str, int], str] = {}


def _opening(key: str, value: str, cls: str, span: int) -> str:
    """``<td ...>`` with the cell's data-key, data-value, class and span, as the macro writes them."""
    return ("<td" + (' data-key="' + _text(key) + '"' if key else "")
            + (' data-value="' + _text(value) + '"' if value else "") + (' class="' + _text(cls) + '"' if cls else "")
            + (' colspan="' + _text(span) + '"' if span > 1 else "") + ">")


#: Each body cell's HTML once made (:func:`cell_html`), by the cell: a player's name and link repeat on
#: every round's page and standings of a build (issue 29).
_CELLS: dict[Cell, str] = {}


def cell_html(cell: Cell) -> str:
    """A body cell as the ``cell`` macro of ``macros.html`` writes it with the tag ``td``, each text escaped
    as Jinja2's autoescaping does (the hall screen's pairings: :func:`arbiter_cli.render.site.pages.hall.hall_rows`);
    an equal cell's made before, for a cell of texts alone (1, 1.0 and True are equal keys, written apart)."""
    text, href, key, cls, value, _, link_cls, before, after, more, span = cell
    if more or type(span) is not int or not (type(text) is type(href) is type(key) is type(cls) is type(value)
                                             is type(link_cls) is type(before) is type(after) is str):
        return _cell_html(cell)
    found = _CELLS.get(cell)
    if found is None:
        found = _cell_html(cell)
        if len(_CELLS) < 100_000:
            _CELLS[cell] = found
    return found


def _cell_html(cell: Cell) -> str:
    """:func:`cell_html`, made."""
    text, href, key, cls, value, name, link_cls, before, after, more, span = cell
    if before != "" or after != "" or more or type(text) is not str:
        return _cell_opening(key, value, cls, span) + _part(cell) + "</td>"
    inner = _ESCAPED.get(text)  # a text alone, or a name's link (issue 29: as _part writes them, inline)
    if inner is None:
        inner = _text(text)
    if name:
        inner = "<bdi>" + inner + "</bdi>"
    if href:
        inner = ("<a" + (' class="' + _text(link_cls) + '"' if link_cls else "") + ' href="' + _text(href) + '">'
                 + inner + "</a>")
    return _cell_opening(key, value, cls, span) + inner + "</td>"


def _cell_opening(key: Any, value: Any, cls: Any, span: Any) -> str:
    """A body cell's ``<td ...>``, kept once made for cells of texts (the same few openings repeat over
    a crosstable's 20,000 cells; texts only in the key: 1 and 1.0 are equal keys, and are written apart)."""
    if type(key) is str and type(value) is str and type(cls) is str and type(span) is int:
        opening = (key, value, cls, span)
        tag = _OPENINGS.get(opening)
        if tag is None:
            tag = _opening(key, value, cls, span)
            if len(_OPENINGS) < 100_000:
                _OPENINGS[opening] = tag
        return tag
    return _opening(key, value, cls, span)


def points_html(value: Fraction | int | float | str | None) -> str:
    """``{{ value | points }}`` in an autoescaped template: ``2½``, empty for None."""
    return _text(_points(value)[0])


def table_rows(table: Table) -> Markup:
    """The body rows of ``table`` as the ``table_jinja`` macro of ``macros.html`` writes them, each
    text escaped by MarkupSafe as Jinja2's autoescaping does: the one loop of the site that a
    template is too slow for (a crosstable of 1,000 players has 20,000 cells; issue 29). A test
    pins it to the macro on every table of the sample events' sites. A table whose ``body`` is made
    already is written as it."""
    if table.body is not None:
        return Markup(table.body)
    if type(table.rows) is RecordRows and not table.row_classes and not table.row_ids:
        return Markup(table.rows.html())
    out = []
    escaped = _ESCAPED
    classes, ids = table.row_classes, table.row_ids
    for i, row in enumerate(table.rows):
        out.append("<tr")
        if classes and classes[i]:
            out.append(' class="' + _text(classes[i]) + '"')
        if ids and ids[i]:
            out.append(' id="' + _text(ids[i]) + '"')
        out.append(">")
        for cell in row:
            text, href, key, cls, value, name, link_cls, before, after, more, span = cell
            out.append(_cell_opening(key, value, cls, span))
            if before:
                out.append(_text(before))
            if href or name:
                out.append(_inner(text, href, name, link_cls))
            elif type(text) is str and text in escaped:  # a plain text escaped before (as _text does)
                out.append(escaped[text])
            else:
                out.append(_text(text))
            if after:
                out.append(_text(after))
            for extra in more:
                out.append(_part(extra))
            out.append("</td>")
        out.append("</tr>\n")
    return Markup("".join(out))


#: How a column of :class:`RecordRows` makes its cell of a record: a plain text (``plain(get(record), key,
#: cls)``), points (``points_cell(get(record), key, cls)``), or the whole cell ``get(record)`` (a link).
PLAIN, POINTS, CELL = 0, 1, 2


class Way(NamedTuple):
    """A column of :class:`RecordRows`: its cells' ``key`` and ``cls``, ``how`` they are made
    (:data:`PLAIN`, :data:`POINTS`, :data:`CELL`) and what each reads of a record (``get``)."""

    key: str
    cls: str
    how: int
    get: Callable[[Any], Any]


class RecordRows(Sequence[Sequence[Cell]]):
    """A table's body rows made from ``records`` column by column (``ways``: one :class:`Way` a
    column): read as rows of :class:`Cell` s, made when first read, and written by :func:`table_rows`
    from the records themselves, the same bytes as those cells give (issue 29: a crosstable or a
    standings table of 1,000 players is 20,000 cells, and a cell made then written cost the most of
    their pages; a test pins the two ways on every table of the sample sites)."""

    __slots__ = ("records", "ways", "_cells")

    def __init__(self, records: Sequence[Any], ways: Sequence[Way]) -> None:
        self.records = records
        self.ways = tuple(ways)
        self._cells: list[list[Cell]] | None = None

    def _made(self) -> list[list[Cell]]:
        if self._cells is None:
            self._cells = [[plain(get(record), key, cls) if how == PLAIN else points_cell(get(record), key, cls)
                            if how == POINTS else get(record) for key, cls, how, get in self.ways]
                           for record in self.records]
        return self._cells

    @overload
    def __getitem__(self, index: int) -> Sequence[Cell]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Sequence[Cell]]: ...

    def __getitem__(self, index: int | slice) -> Sequence[Cell] | Sequence[Sequence[Cell]]:
        return self._made()[index]

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[Sequence[Cell]]:
        return iter(self._made())

    def __eq__(self, other: object) -> bool:
        """Equal to rows of the same cells, made from records or not."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return self._made() == [list(row) for row in other]

    __hash__ = None  # type: ignore[assignment]

    def linked(self, column: int, change: Callable[[Cell], Cell]) -> RecordRows:
        """The same rows with the cells of ``column`` (a :data:`CELL` column) changed by ``change``."""
        key, cls, how, get = self.ways[column]
        ways = list(self.ways)
        ways[column] = Way(key, cls, how, lambda record: change(get(record)))
        return RecordRows(self.records, ways)

    def html(self) -> str:
        """The rows as :func:`table_rows` writes their cells (no row's class nor id), from the records,
        column by column (issue 29: a loop for each kind of column, rather than a test of the column's
        kind in each of 14,000 cells): a plain column's opening tag made once, a column of points'
        cells once for each value (as :func:`points_cell` keeps them, by equal values)."""
        records = self.records
        if not self.ways:
            return "<tr></tr>\n" * len(records)
        escaped, text = _ESCAPED, _text
        columns: list[list[str]] = []
        for key, cls, how, get in self.ways:
            values = list(map(get, records))
            if how == PLAIN:
                opening = _opening(key, "", cls, 1)
                columns.append([opening + (escaped.get(value) or text(value)) + "</td>" if type(value) is str
                                else opening + str(value) + "</td>" if type(value) is int
                                else opening + text("" if value is None else value) + "</td>" for value in values])
            elif how == POINTS:
                columns.append(_points_column(values, key, cls))
            else:
                columns.append(list(map(cell_html, values)))
        return "".join(["<tr>" + "".join(row) + "</tr>\n" for row in zip(*columns)])


def _points_column(values: list[Any], key: str, cls: str) -> list[str]:
    """The cells of a column of points (:func:`_points_html`), each made once for equal values: a
    fraction found by its terms (hashing one is a Python call), any other value by itself, a value that
    is no key made each time."""
    by_terms: dict[tuple[int, int], str] = {}
    made: dict[Any, str] = {}
    cells = []
    for value in values:
        if type(value) is Fraction:
            terms = fraction_terms(value)
            html = by_terms.get(terms)
            if html is None:
                html = by_terms[terms] = _points_html(value, key, cls)
        else:
            try:
                html = made.get(value)
            except TypeError:  # a value that is no key (unhashable): written each time
                html = _points_html(value, key, cls)
            else:
                if html is None:
                    html = made[value] = _points_html(value, key, cls)
        cells.append(html)
    return cells


def keyed_cell(make: Callable[[Any], Cell], key: str, cls: str) -> Callable[[Any], Cell]:
    """``make``'s cell of a record with its ``key`` and ``cls`` (a :data:`CELL` column's ``get``)."""
    def keyed(record: Any) -> Cell:
        text, href, _, _, *rest = make(record)
        cell: Cell = _new_cell(Cell, (text, href, key, cls, *rest))  # (cell._replace, without its keywords)
        return cell

    return keyed


def rooted(cell: Cell, root: str) -> Cell:
    """``cell`` with ``root`` before its link (a page deeper: ``../``)."""
    text, href, *rest = cell
    found: Cell = _new_cell(Cell, (text, root + href, *rest))
    return found


def _points_html(value: Any, key: str, cls: str) -> str:
    """The cell :func:`points_cell` makes of ``value``, written."""
    text, number = _points(value)
    return _cell_opening(key, number, cls, 1) + _text(text) + "</td>"


def macro(name: str, *args: Any) -> Markup:
    """A macro of ``macros.html`` called from Python: Markup made by Jinja2."""
    return Markup(getattr(macros(PACKAGE), name)(*args))


#: A cell made from all its fields at once, without the keyword arguments of ``Cell(...)``: the cells of
#: a 1,000-player site's tables are made by the tens of thousands (issue 29). The fields in
#: :class:`Cell`'s order, its defaults but those given (a test checks they are :class:`Cell`'s).
_new_cell = tuple.__new__


def plain(text: str | int | None, key: str = "", cls: str = "", **fields: Any) -> Cell:
    """A cell of plain text (None: empty)."""
    if fields:
        return Cell("" if text is None else text, key=key, cls=cls, **fields)
    cell: Cell = _new_cell(Cell, ("" if text is None else text, "", key, cls, "", False, "", "", "", (), 1))
    return cell


@lru_cache(maxsize=4096)
def _points(value: Fraction | int | float | str | None) -> tuple[str, str]:
    return points_text(value), points_value(value)


def points_cell(value: Fraction | int | float | str | None, key: str = "", cls: str = "num") -> Cell:
    """A cell of points: ``2½`` on screen (:func:`arbiter_cli.render.templating.points_text`, one way on
    every page), ``2.5`` in its ``data-value`` (the JSON value as the CSV writes it: a script reads it);
    None or ``""``: empty. A page of 500 players writes the same few values thousands of times: each
    is written once.

    >>> points_cell(Fraction(5, 2), "points")[:5]
    ('2½', '', 'points', 'num', '2.5')
    """
    text, number = _points(value)
    cell: Cell = _new_cell(Cell, (text, "", key, cls, number, False, "", "", "", (), 1))
    return cell


def header(text: str, key: str = "", cls: str = "", **fields: Any) -> Cell:
    """A header cell."""
    return Cell(text, key=key, cls=cls, **fields)


def name_cell(text: str, href: str = "", link_cls: str = "", key: str = "", **fields: Any) -> Cell:
    """A person's or a team's name, linked, isolated in ``<bdi>``."""
    if fields:
        return Cell(text, href=href, key=key, link_cls=link_cls, name=True, **fields)
    cell: Cell = _new_cell(Cell, (text, href, key, "", "", True, link_cls, "", "", (), 1))
    return cell


def player_cell(number: int, name: str, root: str, **fields: Any) -> Cell:
    """A player's name linked to the player's card (``<a class="player">``)."""
    return name_cell(name, f"{root}players/{number}.html", "player", **fields)


def team_cell(number: int, name: str, root: str, **fields: Any) -> Cell:
    """A team's name linked to its page (``<a class="team">``)."""
    return name_cell(name, f"{root}teams/{number}.html", "team", **fields)


def member_cell(number: int, name: str, root: str, **fields: Any) -> Cell:
    """A club member's name linked to the member's page (``<a class="member">``)."""
    return name_cell(name, f"{root}members/{number}.html", "member", **fields)


def details(items: Iterable[Fact]) -> list[Detail]:
    """The terms and values of a details list, the empty ones left out (a text is a plain cell).

    >>> [(term, cell.text) for term, cell in details([("Place", "Lyon"), ("Title", ""), ("Rounds", 9)])]
    [('Place', 'Lyon'), ('Rounds', 9)]
    """
    found = [(term, value if isinstance(value, Cell) else plain(value)) for term, value in items]
    return [(term, cell) for term, cell in found if cell.text != "" or cell.more]


def align(column: Column) -> str:
    """The class of a column's cells: ``num`` right-aligned, ``center``, or none."""
    return {"right": "num", "center": "center"}.get(str(column.justify), "")


def titled(name: str, after: str = "", before: str = "") -> Cell:
    """A page's heading made of a name and words around it (``Open 2026: bracket``, ``3. Team``): the
    name alone is isolated (:func:`site_page`'s ``heading``)."""
    return Cell(name, name=True, before=before, after=after)


def named(name: str, title: str) -> Cell | None:
    """A view's title that begins with a name (``Open 2026: prize list``) as a heading (:func:`titled`);
    None when it does not."""
    return titled(name, title[len(name):]) if title.startswith(name) else None


def site_page(site: Any, template: str, title: str, depth: int = 0, *, wide: bool = False, refresh: int = 0,
              body_class: str = "", heading: Cell | None = None, **context: Any) -> str:
    """A page of ``site`` at ``depth`` folders below the site's root, from ``template`` (which extends
    ``base.html``: one template per page kind, given data, never HTML). ``wide`` pages (a crosstable)
    print on a landscape A4; ``refresh`` (seconds) reloads the page by itself (the hall screen);
    ``heading``: the title as a name and the words around it (:func:`titled`), when it is not
    a name alone or words alone."""
    return render(PACKAGE, template, title=title, site_name=site.name, nav=site.nav, root="../" * depth,
                  body_class=body_class or ("wide" if wide else "narrow"), refresh=refresh, heading=heading,
                  **context)


environment(PACKAGE).globals["table_rows"] = table_rows
