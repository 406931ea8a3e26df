"""CSV for and from people: reading a file that a person made (``player import``, ``member import``),
and the one rule of a cell that a spreadsheet would run as a formula.

The first line names the columns, in any order; each must be a known one, once,
and ``name`` is required. The columns are separated by commas, or by semicolons
or tabs as many spreadsheets write them: the header line tells which. Every problem is a
:class:`~arbiter_cli.core.errors.BadArgument` naming the file and the line.

>>> read_rows("name,rating\\nDoe, Jane,2100\\n", "p.csv", ("name", "rating"))
Traceback (most recent call last):
...
arbiter_cli.core.errors.BadArgument: p.csv, line 2: expected 2 fields, found 3
>>> read_rows('name,rating\\n"Doe, Jane",2100\\n\\n', "p.csv", ("name", "rating"))
[(2, {'name': 'Doe, Jane', 'rating': '2100'})]

**Formula injection** (OWASP, "CSV Injection"): a spreadsheet reads a cell that starts with ``=``,
``+``, ``-``, ``@``, a tab or a CR as a formula, so a player named ``=HYPERLINK(...)`` would run
when the standings are opened. Every CSV written for people (``--format csv``, ``final/*.csv``:
:func:`arbiter_cli.render.output.view_text`) writes such a cell as :func:`spreadsheet_cell` does,
with a single quote in front (and in double quotes); :func:`read_rows` takes that quote off again,
so a list written by arbiter and read back gives the same names. Only two kinds of cell that start
so are written as they are: a number (``-1``, ``+12``, ``0.5``, ``-0.5``: a spreadsheet shows the
number it is, and a player named ``+1`` is such a number too) and one of the program's result codes
(``+/-``, ``-/+``, ``-/-``, the short ``+-`` ``-+`` ``--``, and a forfeit's ``+`` or ``-`` alone).
Anything else is neutralised, arithmetic included: ``=1+1`` would show 2 and ``-1+2`` 1, so a cell
that starts with ``=`` or ``@`` is always a formula, and a sign followed by more than a number is one.

>>> spreadsheet_cell("=HYPERLINK(1)"), spreadsheet_cell("-Smith"), spreadsheet_cell("-1"), spreadsheet_cell("+/-")
("'=HYPERLINK(1)", "'-Smith", '-1', '+/-')
>>> [spreadsheet_cell(t) for t in ("=1+1", "=SUM(A1)", "@x", "-1+2", "+1", "-0.5", "=", "-")]
["'=1+1", "'=SUM(A1)", "'@x", "'-1+2", '+1', '-0.5', "'=", '-']
>>> [spreadsheet_cell(t) for t in ("+/- (excused)", "+/- (=A1)", "-Smith (x)")]
['+/- (excused)', "'+/- (=A1)", "'-Smith (x)"]
>>> from_spreadsheet_cell("'-Smith"), from_spreadsheet_cell("'t Hooft"), from_spreadsheet_cell("'-1")
('-Smith', "'t Hooft", "'-1")
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.results import GameResult

__all__ = ["read_rows", "FORMULA_STARTS", "RESULT_CODES", "formula_like", "spreadsheet_cell", "from_spreadsheet_cell"]

#: The first characters that make a spreadsheet read a cell as a formula (OWASP: = + - @, tab, CR).
FORMULA_STARTS = frozenset("=+-@\t\r")
#: A number, which a spreadsheet reads as that number and nothing else: a sign, digits, one decimal
#: point or comma (``-1``, ``+12``, ``-0.5``, ``+,5``).
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")
#: The program's result codes that start with a sign: a forfeit's (C.04.2 and the TRF) in full and
#: short, and the ``+`` or ``-`` alone of a forfeit in a crosstable or a team card.
RESULT_CODES = frozenset({GameResult.WHITE_FORFEIT_WIN.value, GameResult.BLACK_FORFEIT_WIN.value,
                          GameResult.DOUBLE_FORFEIT.value, "+-", "-+", "--", "+", "-"})

#: A result code with the program's note in words beside it (the journal's ``+/- (excused)``): no formula
#: can be written in letters and spaces.
_NOTED = re.compile(r"(\S+) \([a-z ]+\)")


def formula_like(text: str) -> bool:
    """Would a spreadsheet read ``text`` as a formula: it starts, after any single quotes in front,
    with one of :data:`FORMULA_STARTS`, and is neither a number nor one of :data:`RESULT_CODES`
    (so ``=`` and ``@`` always make one, and ``=1+1`` or ``-1+2`` is one). (The quotes in front are
    looked through so that :func:`spreadsheet_cell` and :func:`from_spreadsheet_cell` undo each
    other for every text, ``'=x`` included.)"""
    bare = text.lstrip("'")
    if bare[:1] not in FORMULA_STARTS:
        return False
    if bare[:1] in "=@\t\r":
        return True
    noted = _NOTED.fullmatch(bare)
    return not (_NUMBER.fullmatch(bare) or bare in RESULT_CODES or (noted is not None and noted[1] in RESULT_CODES))


def spreadsheet_cell(text: str) -> str:
    """``text`` as a CSV for people writes it: a single quote in front of a formula (OWASP)."""
    return "'" + text if formula_like(text) else text


def from_spreadsheet_cell(text: str) -> str:
    """A cell as :func:`spreadsheet_cell` wrote it, read back: its quote in front taken off."""
    return text[1:] if text.startswith("'") and formula_like(text[1:]) else text


#: A cell that runs onto the next line: a quote opened and not closed on its own line (no cell of an
#: arbiter's file holds a line break), named at the line where the quote opens.
UNCLOSED_QUOTE = 'a quote (") opened on this line is not closed on it'


def read_rows(text: str, source: str, columns: Sequence[str], required: str | tuple[str, ...] = "name"
              ) -> list[tuple[int, dict[str, str]]]:
    """The rows of ``text`` as (line number, column -> stripped cell); blank lines are skipped.
    ``required``: the column the header must have (a tuple: one of them at least)."""
    first_line = text.split("\n", 1)[0]
    # Spreadsheets write ';' (or a tab) where the decimal comma is in use: take what the header uses.
    delimiter = next((d for d in ",;\t" if d in first_line), ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, dict[str, str]]] = []
    last = 0  # the last line read of the last whole record
    try:
        header = next(reader, None)
        if not header:
            raise BadArgument("the file is empty; it needs a header line", source=source, line=1)
        names = [cell.strip().lower() for cell in header]
        for name in names:
            if name not in columns:
                raise BadArgument(f"unknown column; use {', '.join(columns)}", source=source, line=1, field=name)
        twice = next((name for i, name in enumerate(names) if name in names[:i]), None)
        if twice is not None:
            raise BadArgument("the column appears twice in the header", source=source, line=1, field=twice)
        needed = (required,) if isinstance(required, str) else required
        if not any(column in names for column in needed):
            others = f" (or {' or '.join(repr(column) for column in needed[1:])})" if needed[1:] else ""
            raise BadArgument(f"the column '{needed[0]}'{others} is required", source=source, line=1)
        last = reader.line_num
        for cells in reader:
            start, last = last + 1, reader.line_num  # a record runs over several lines when a quote stays open
            if not cells or all(not cell.strip() for cell in cells):
                continue
            if any("\n" in cell or "\r" in cell for cell in cells):
                raise BadArgument(UNCLOSED_QUOTE, source=source, line=start)
            if len(cells) != len(names):
                raise BadArgument(f"expected {len(names)} fields, found {len(cells)}", source=source, line=start)
            rows.append((start, {name: from_spreadsheet_cell(cell.strip()) for name, cell in zip(names, cells)}))
    except csv.Error as error:
        raise BadArgument(f"CSV syntax error: {error}", source=source, line=last + 1) from None
    return rows
