"""The one way a folder's CSV files are read: the header checked, the rows walked, every fault named.

A kind of folder declares each of its CSV files as a :class:`Table` (its name, its columns, the
optional columns that may follow them, and the reader of its rows that the kind supplies) and
its round files as :class:`RoundFiles` (``rounds/01.csv``, ``rounds/02.csv``, ...: the columns
and the reader of one round). The folder reads them through :meth:`FolderStore.read_table
<arbiter_cli.store.files.FolderStore.read_table>` and :meth:`~arbiter_cli.store.files.FolderStore.read_rounds`,
which check the header and the number of fields of every line (:func:`csv_lines`), then hand
each row, as a :class:`Line`, to the kind's reader. A reader raises :meth:`Line.fault`, a
:class:`~arbiter_cli.core.errors.BrokenFolder` naming the file, the line and the field.

>>> lines = csv_lines("slot,start_number\\n1,4\\n\\n2,\\n", "bracket.csv", ("slot", "start_number"))
>>> [(line.number, line["slot"], line["start_number"]) for line in lines]
[(2, '1', '4'), (4, '2', '')]
>>> str(lines[1].fault("expected slot 3", "slot"))
"bracket.csv, line 4, field 'slot': expected slot 3"
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar

from arbiter_cli.core.csv_input import UNCLOSED_QUOTE, from_spreadsheet_cell
from arbiter_cli.core.errors import BrokenFolder, pydantic_message
from arbiter_cli.core.words import count
from arbiter_cli.store.names import SETTINGS_FILE

if TYPE_CHECKING:
    from arbiter_cli.core.value import Checkable

__all__ = ["Line", "Rows", "Checked", "Table", "RoundFiles", "csv_lines", "read_lines", "toml_line"]

T_co = TypeVar("T_co", covariant=True)
T = TypeVar("T")
Context = TypeVar("Context")
_Model = TypeVar("_Model", bound="Checkable")


@dataclass(frozen=True)
class Line:
    """A row of a CSV file being read: the file (by its path inside the folder), the line number
    and the cells by column (stripped; an optional column the file does not have is absent)."""

    source: str
    number: int
    cells: Mapping[str, str]

    def __getitem__(self, column: str) -> str:
        return self.cells[column]

    def get(self, column: str) -> str:
        """The cell of an optional column, "" when the file does not have it."""
        return self.cells.get(column, "")

    def fault(self, message: str, field: str | None = None) -> BrokenFolder:
        """The error of this line (and ``field``), to raise."""
        return BrokenFolder(message, source=self.source, line=self.number, field=field)

    def parsed(self, parse: Callable[[str], T], field: str) -> T:
        """The cell of ``field`` read with ``parse`` (a result, a bye, points); its ValueError is this
        line's fault, in that field."""
        try:
            return parse(self.cells[field])
        except ValueError as error:
            raise self.fault(str(error), field) from None

    def validated(self, model: type[_Model], leave_out: Sequence[str] = ()) -> _Model:
        """The row as ``model`` (the columns of ``leave_out`` left out); the first problem pydantic
        finds is this line's fault, in the field it names."""
        from pydantic import ValidationError  # checking imports pydantic anyway (start-up, issue 29)

        try:
            return model.model_validate({key: value for key, value in self.cells.items() if key not in leave_out})
        except ValidationError as error:
            first = error.errors()[0]
            raise self.fault(pydantic_message(first), str(first["loc"][0]) if first["loc"] else None) from None


class Rows(Protocol[T_co]):
    """A kind's reader of one CSV file: given each row in file order, then asked what they make.
    It raises :meth:`Line.fault` on the first row it cannot take."""

    def row(self, line: Line) -> None: ...

    def result(self) -> T_co: ...


class Checked:
    """The reader of a file whose rows are only checked (the header, the fields of every line): the
    journal, which a change appends to."""

    def __init__(self, _: object = None) -> None:
        pass

    def row(self, line: Line) -> None:
        pass

    def result(self) -> None:
        return None


class Table(NamedTuple, Generic[Context, T]):
    """A CSV file of a folder, declared once: its ``name`` (its path inside the folder), the
    ``columns`` its header must start with, the ``optional`` columns that may follow them (in this
    order, the first k of them), and ``rows``: what makes the reader of its rows from what the
    folder has read before it (the players known, the rounds paired...). A ``required`` file that is
    missing is a broken folder; a missing optional one reads as no rows."""

    name: str
    columns: tuple[str, ...]
    rows: Callable[[Context], Rows[T]]
    optional: tuple[str, ...] = ()
    required: bool = True


_ROUND_NAME = re.compile(r"^(\d{2,3})\.csv$")


def _file_name(number: int) -> str:
    return f"{number:02d}.csv"


class RoundFiles(NamedTuple, Generic[Context, T]):
    """A folder's round files, declared once: ``directory/01.csv``, ``02.csv``, ... (three digits
    past 99), each with these ``columns`` (and ``optional`` ones), read by the reader ``rows``
    makes from the round's number and what the folder has read before."""

    directory: str
    columns: tuple[str, ...]
    rows: Callable[[int, Context], Rows[T]]
    optional: tuple[str, ...] = ()

    def name(self, number: int) -> str:
        """Round ``number``'s file, by its path inside the folder: ``rounds/01.csv``."""
        return f"{self.directory}/{_file_name(number)}"

    def numbers(self, folder: Path, planned: int | None) -> list[int]:
        """The rounds ``folder`` holds, 1 to n without gaps and no more than the ``planned`` rounds
        of the event; any other file there is a :class:`BrokenFolder` naming it."""
        directory = folder / self.directory
        if not directory.exists():
            return []
        if not directory.is_dir():
            raise BrokenFolder("must be a folder", source=self.directory)
        numbers: dict[int, str] = {}
        for entry in sorted(directory.iterdir()):
            if entry.name.startswith("."):
                continue
            match = _ROUND_NAME.match(entry.name)
            if not match or not entry.is_file():
                raise BrokenFolder("unexpected file; round files are named 01.csv, 02.csv, ...",
                                   source=f"{self.directory}/{entry.name}")
            number = int(match.group(1))
            if number in numbers or entry.name != _file_name(number):
                raise BrokenFolder(f"round {number} must be named {_file_name(number)}",
                                   source=f"{self.directory}/{entry.name}")
            numbers[number] = entry.name
        expected = list(range(1, len(numbers) + 1))
        if sorted(numbers) != expected:
            missing = next(n for n in expected + [len(numbers) + 1] if n not in numbers)
            raise BrokenFolder(f"round {missing} is missing; rounds must run from 1 without gaps",
                               source=self.name(missing))
        if planned is not None and len(numbers) > planned:
            try:
                line = toml_line((folder / SETTINGS_FILE).read_text(encoding="utf-8"), ["rounds"])
            except (OSError, UnicodeDecodeError):
                line = None
            raise BrokenFolder(f"there are {len(numbers)} round files but the event has "
                               f"{count(planned, 'round')}", source=SETTINGS_FILE, line=line, field="rounds")
        return expected


def csv_lines(text: str, source: str, columns: Sequence[str], optional: Sequence[str] = (), *,
              keep: bool = True) -> list[Line]:
    """The rows of the CSV ``text`` of the file ``source``, whose header is ``columns`` and the
    first k ``optional`` columns; blank lines are skipped. A wrong header, a line with another
    number of fields, or a CSV syntax error is a :class:`BrokenFolder` naming the file and the line.
    Without ``keep``, the rows are only checked (none is returned: a :class:`Checked` file's)."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    lines: list[Line] = []
    last = 0  # the last line read of the last whole record
    try:
        first = next(reader, None)
        if first is None:
            raise BrokenFolder(f"the file is empty; its first line must be: {','.join(columns)}",
                               source=source, line=1)
        header = tuple(cell.strip() for cell in first)
        if not any(header == (*columns, *optional[:k]) for k in range(len(optional) + 1)):
            raise BrokenFolder(f"the header must be: {','.join(columns)}", source=source, line=1)
        last = reader.line_num
        fields, strip = len(header), str.strip
        for cells in reader:
            number, last = last + 1, reader.line_num  # a record runs over several lines when a quote stays open
            joined = "".join(cells)  # the row's text without its commas: blank, or holding a line break
            if not joined.strip():
                continue
            if "\n" in joined or "\r" in joined:
                raise BrokenFolder(UNCLOSED_QUOTE, source=source, line=number)
            if len(cells) != fields:
                raise BrokenFolder(f"expected {fields} fields, found {len(cells)}", source=source, line=number)
            if keep:
                values = map(strip, cells)
                if "'" in joined:  # a formula written quoted (files.csv_text)
                    values = map(from_spreadsheet_cell, values)
                lines.append(Line(source, number, dict(zip(header, values))))
    except csv.Error as error:
        message = UNCLOSED_QUOTE if "unexpected end of data" in str(error) else f"CSV syntax error: {error}"
        raise BrokenFolder(message, source=source, line=last + 1) from None
    return lines


def records_sound(text: str, fields: int) -> bool:
    """Whether every record of ``text``, lines of a CSV file after its header, passes the checks of
    :func:`csv_lines` with ``fields`` fields: each blank, or holding ``fields`` fields and no line
    break. A record is checked alone, so that lines appended to a file checked already can be
    checked without it (the journal: :meth:`arbiter_cli.store.files.FolderStore.read_table`)."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        for cells in reader:
            joined = "".join(cells)
            if not joined.strip():
                continue
            if "\n" in joined or "\r" in joined or len(cells) != fields:
                return False
    except csv.Error:
        return False
    return True


def header_fields(text: str) -> int:
    """The number of fields of the first line of the CSV ``text``."""
    return len(next(csv.reader(io.StringIO(text, newline="")), []))


def read_lines(lines: Sequence[Line], rows: Rows[T]) -> T:
    """Walk ``lines`` through the kind's reader ``rows`` and return what they make."""
    for line in lines:
        rows.row(line)
    return rows.result()


def toml_line(text: str, loc: Sequence[str]) -> int | None:
    """The line where the key ``loc`` is written in a TOML text, if found: ``["groups", "advance"]``
    in ``[groups]``, ``["groups", "knockout", "games_per_match"]`` in ``[groups.knockout]``; else the
    line of the nearest table that holds it."""
    if not loc:
        return None
    lines = text.splitlines()
    for cut in range(len(loc) - 1, -1, -1):  # the deepest table first: [a.b] key, then [a] b (a list's item)
        table = ".".join(loc[:cut]) if cut else None
        key = loc[cut]
        current: str | None = None
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            header = re.match(r"^\[([^\]]+)\]$", stripped)
            if header:
                current = header.group(1).strip()
                continue
            if re.match(rf"^{re.escape(key)}\s*=", stripped) and current == table:
                return number
            if table and re.match(rf"^{re.escape(table)}\.{re.escape(key)}\s*=", stripped) and current is None:
                return number
        if cut <= 1:
            break
    for cut in range(len(loc), 0, -1):  # a table's own problem ([team]: a rule of its values) at its header
        for number, line in enumerate(lines, start=1):
            if line.strip() == f"[{'.'.join(loc[:cut])}]":
                return number
    return None
