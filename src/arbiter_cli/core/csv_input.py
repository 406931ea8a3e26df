"""Reading a CSV file that a person made (``player import``, ``member import``).

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
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from arbiter_cli.core.errors import BadArgument

__all__ = ["read_rows"]


def read_rows(text: str, source: str, columns: Sequence[str], required: str = "name") -> list[tuple[int, dict[str, str]]]:
    """The rows of ``text`` as (line number, column -> stripped cell); blank lines are skipped."""
    first_line = text.split("\n", 1)[0]
    # Spreadsheets write ';' (or a tab) where the decimal comma is in use: take what the header uses.
    delimiter = next((d for d in ",;\t" if d in first_line), ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        header = next(reader, None)
        if not header:
            raise BadArgument("the file is empty; it needs a header line", source=source, line=1)
        names = [cell.strip().lower() for cell in header]
        for name in names:
            if name not in columns:
                raise BadArgument(f"unknown column; use {', '.join(columns)}", source=source, line=1, field=name)
        if len(set(names)) != len(names):
            raise BadArgument("a column appears twice", source=source, line=1)
        if required not in names:
            raise BadArgument(f"the column '{required}' is required", source=source, line=1)
        for cells in reader:
            if not cells or all(not cell.strip() for cell in cells):
                continue
            if len(cells) != len(names):
                raise BadArgument(f"expected {len(names)} fields, found {len(cells)}", source=source,
                                  line=reader.line_num)
            rows.append((reader.line_num, {name: cell.strip() for name, cell in zip(names, cells)}))
    except csv.Error as error:
        raise BadArgument(f"CSV syntax error: {error}", source=source, line=reader.line_num) from None
    return rows
