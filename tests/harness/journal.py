"""The journal agrees with the files (the docs, "journal.csv": one row per change, only ever appended).

For each folder of the tree that keeps a journal (an event, a group event's stage, a club and
its tournaments), across one command that succeeded:

* the journal only grows: its old text is the start of the new one;
* a command that changed the folder's files wrote journal rows, and one that wrote journal rows
  changed its files (no row for no change);
* a row ``round R board|match|game X result|correction`` says what the round file now holds
  there: its ``new`` value is the cell's result.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping

from harness.files import JournalRow, journal_rows, stores

__all__ = ["journal_disagreements"]

_RESULT_ROW = re.compile(r"^round (\d+) (board|match|game) (\d+(?:\.\d+)?) (result|correction)$")
_BOOKKEEPING = ("journal.csv", ".arbiter.digests", ".arbiter.pending")


def _store_files(files: Mapping[str, bytes], store: str, nested: list[str]) -> dict[str, bytes]:
    """The files of one store, without those of the stores inside it and without bookkeeping."""
    prefix = f"{store}/" if store else ""
    inner = [f"{n}/" for n in nested if n != store and n.startswith(prefix)]
    return {name[len(prefix):]: data for name, data in files.items() if name.startswith(prefix)
            and not any(name.startswith(i) for i in inner)
            and name[len(prefix):] not in _BOOKKEEPING and not name.endswith("/.arbiter.lock")}


def journal_disagreements(before: Mapping[str, bytes], after: Mapping[str, bytes]) -> list[str]:
    """How the journals disagree with what a successful command changed (two trees of the folder)."""
    out = []
    nested = sorted(set(stores(before)) | set(stores(after)))
    for store in nested:
        name = f"{store}/journal.csv" if store else "journal.csv"
        old, new = before.get(name, b""), after.get(name, b"")
        where = store or "the folder"
        if not new.startswith(old):
            out.append(f"{name}: the journal was rewritten, not appended to")
            continue
        added = journal_rows(new)[len(journal_rows(old)):] if old else journal_rows(new)[1:]
        files_then, files_now = _store_files(before, store, nested), _store_files(after, store, nested)
        changed = sorted(n for n in files_then.keys() | files_now.keys() if files_then.get(n) != files_now.get(n))
        # a folder's journal may record what changed in a folder inside it (a group event: "final paired")
        under_then, under_now = _store_files(before, store, []), _store_files(after, store, [])
        anything = any(under_then.get(n) != under_now.get(n) for n in under_then.keys() | under_now.keys())
        if not old or not new:
            continue  # a folder made (its first rows say so) or removed by this command
        if changed and not added:
            out.append(f"{where}: files changed without a journal row: {', '.join(changed[:6])}")
        if added and not anything:
            out.append(f"{where}: journal rows for no change: "
                       + "; ".join(f"{r.change}: {r.old!r} -> {r.new!r}" for r in added[:4]))
        for row in added:
            problem = _result_row(row, after, store)
            if problem:
                out.append(f"{where}: {problem}")
    return out


def _result_row(row: JournalRow, after: Mapping[str, bytes], store: str) -> str | None:
    """A result row whose new value is not what the round file holds at that board."""
    found = _RESULT_ROW.match(row.change)
    if not found:
        return None
    number, what, where = int(found.group(1)), found.group(2), found.group(3)
    name = f"{store}/rounds/{number:02d}.csv" if store else f"rounds/{number:02d}.csv"
    if name not in after:
        return None  # the round was removed by the same command (a forced knockout correction)
    rows = list(csv.DictReader(io.StringIO(after[name].decode("utf-8-sig"))))
    cell: str | None = None
    if "game" in (rows[0] if rows else {}):  # a knockout
        match, _, game = where.partition(".")
        cell = next((r["result"] for r in rows if r["match"] == match and r["game"] == game), None)
    elif "match" in (rows[0] if rows else {}):  # a team event
        match, _, board = where.partition(".")
        current = ""
        for r in rows:
            if r["board"] == "":
                current = r["match"]
                if what == "match" and current == match:
                    cell = r["result"]
            elif current == match and r["board"] == board and what == "board":
                cell = r["result"]
    else:
        cell = next((r["result"] for r in rows if r["board"] == where), None)
    if cell is None:
        return f"journal row '{row.change}' names a board that {name} does not have"
    if cell.strip() != row.new.split(" (")[0].strip():  # "+/- (excused)": the note beside the code
        return f"journal row '{row.change}: {row.old or 'none'} -> {row.new or 'none'}', but {name} holds " \
               f"{cell.strip() or 'none'} there"
    return None
