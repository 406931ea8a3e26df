"""``journal.csv``: every change to a folder, who made it, with which command, when.

One row per change: ``time,command,change,old,new,by``. Rows are only ever
added. A journal written before the ``by`` column existed is read as it is and
gains the column (empty for its old rows) the next time a change is added.

>>> from arbiter_cli.lifecycle.change import Change
>>> text = journal_text(None, "arbiter pair", [Change("round 1 paired", "", "3 boards")],
...                     dt.datetime(2026, 3, 1, 9, 30, tzinfo=dt.timezone.utc), "Anna")
>>> print(text, end="")
time,command,change,old,new,by
2026-03-01T09:30:00Z,arbiter pair,round 1 paired,,3 boards,Anna
>>> [(e.change.change, e.by) for e in read_journal(text)]
[('round 1 paired', 'Anna')]
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from arbiter_cli.core.csv_input import from_spreadsheet_cell, spreadsheet_cell
if TYPE_CHECKING:  # a journal line is made only where one is read (start-up, issue 29)
    from arbiter_cli.lifecycle.change import Change, Recorded

__all__ = ["JOURNAL_FILE", "JOURNAL_COLUMNS", "OLD_COLUMNS", "journal_text", "read_journal"]

JOURNAL_FILE = "journal.csv"
JOURNAL_COLUMNS = ("time", "command", "change", "old", "new", "by")
#: The journal's columns before ``by`` was added.
OLD_COLUMNS = JOURNAL_COLUMNS[:5]


def _stamp(now: dt.datetime) -> str:
    return now.astimezone(dt.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _header(text: str) -> tuple[str, ...]:
    """The journal's column names, as a reader sees them (spaces around a name ignored)."""
    first = next(csv.reader(io.StringIO(text.split("\n", 1)[0].rstrip("\r"))), [])
    return tuple(cell.strip() for cell in first)


def journal_text(existing: str | None, command: str, changes: Sequence[Change], now: dt.datetime, by: str) -> str:
    """The journal with ``changes`` added (``existing``: the journal's text so far, if any)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    existing = existing.removeprefix("\ufeff") if existing is not None else None  # a BOM a spreadsheet left
    if existing is None or not existing.strip():
        writer.writerow(JOURNAL_COLUMNS)
    elif _header(existing) == OLD_COLUMNS:  # written before 'by': add the column
        rows = list(csv.reader(io.StringIO(existing, newline="")))
        writer.writerow(JOURNAL_COLUMNS)
        writer.writerows(row + [""] for row in rows[1:] if row)
    else:
        buffer.write(existing if existing.endswith("\n") else existing + "\n")
    stamp = _stamp(now)
    writer.writerows(map(spreadsheet_cell, (stamp, command, c.change, c.old, c.new, by)) for c in changes)
    return buffer.getvalue()


def read_journal(text: str) -> list[Recorded]:
    """Every change the journal records, oldest first (rows of either column set)."""
    from arbiter_cli.lifecycle.change import Change, Recorded

    rows = list(csv.reader(io.StringIO(text, newline="")))
    entries = []
    for row in rows[1:]:
        if not row or all(not cell.strip() for cell in row):
            continue
        if any(cell[:1] == "'" for cell in row):  # a formula written quoted (journal_text)
            row = [from_spreadsheet_cell(cell) for cell in row]
        time, command, change, old, new, *rest = row + [""] * (6 - len(row))
        entries.append(Recorded(Change(change, old, new), time, command, rest[0] if rest else ""))
    return entries
