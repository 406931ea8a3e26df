"""The one reader of a folder's CSV files: the header, the rows, and where a fault is."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.model import Player
from arbiter_cli.core.results import parse_result
from arbiter_cli.store.files import FolderStore
from arbiter_cli.store.tables import Checked, Line, RoundFiles, Table, csv_lines, read_lines

COLUMNS = ("board", "white", "black", "result")


def test_the_header_is_the_columns_then_the_first_optional_ones_in_order() -> None:
    for header in ("board,white,black,result", "board,white,black,result,note", " board , white,black,result,note,by"):
        assert csv_lines(f"{header}\n", "rounds/01.csv", COLUMNS, ("note", "by")) == []
    for header in ("board,white,black", "board,white,black,result,by", "white,board,black,result"):
        with pytest.raises(BrokenFolder) as error:
            csv_lines(f"{header}\n", "rounds/01.csv", COLUMNS, ("note", "by"))
        assert str(error.value) == "rounds/01.csv, line 1: the header must be: board,white,black,result"


def test_an_empty_file_names_the_header_it_needs() -> None:
    with pytest.raises(BrokenFolder, match=r"^byes.csv, line 1: the file is empty; its first line must be: a,b$"):
        csv_lines("", "byes.csv", ("a", "b"))


def test_every_line_has_the_headers_number_of_fields_and_blank_lines_are_skipped() -> None:
    lines = csv_lines("a,b,c\n1,2,3\n\n , ,\n4,5,6\n", "f.csv", ("a", "b"), ("c",))
    assert [(line.number, dict(line.cells)) for line in lines] == [
        (2, {"a": "1", "b": "2", "c": "3"}), (5, {"a": "4", "b": "5", "c": "6"})]
    with pytest.raises(BrokenFolder, match=r"^f.csv, line 3: expected 2 fields, found 3$"):
        csv_lines("a,b\n1,2\n1,2,3\n", "f.csv", ("a", "b"))
    with pytest.raises(BrokenFolder, match=r"^f.csv, line 2: CSV syntax error"):
        csv_lines('a,b\n"1"x,2\n', "f.csv", ("a", "b"))


def test_a_quote_left_open_is_named_at_the_line_where_it_opens() -> None:
    """The CSV reader joins the lines of a quoted cell; no cell of a folder's file holds a line break,
    so the line named is the one where the quote opens, not where the reader stopped."""
    with pytest.raises(BrokenFolder, match=r'^f.csv, line 3: a quote \(\"\) opened on this line is not closed on it$'):
        csv_lines('a,b\n1,2\n"3,4\n5,6\n', "f.csv", ("a", "b"))
    with pytest.raises(BrokenFolder, match=r"^f.csv, line 3: CSV syntax error"):  # the quote closes on line 4
        csv_lines('a,b\n1,2\n"3,4\n5,"6"\n7,8\n', "f.csv", ("a", "b"))


@pytest.mark.parametrize("text", ['name,rating\n"A, One",1800\n"B, Two,1700\n"C, Three",1600\n',
                                  'name,rating\n"A, One",1800\n"B, Two,1700\n'])
def test_an_input_file_with_a_quote_left_open_names_that_line(text: str) -> None:
    from arbiter_cli.core.csv_input import read_rows
    from arbiter_cli.core.errors import BadArgument

    with pytest.raises(BadArgument, match=r"^in.csv, line 3: a quote"):
        read_rows(text, "in.csv", ("name", "rating"))


def test_an_input_file_with_a_column_twice_names_that_column() -> None:
    """Trial50: the header's repeated column is named, as every other fault names its field."""
    from arbiter_cli.core.csv_input import read_rows
    from arbiter_cli.core.errors import BadArgument

    with pytest.raises(BadArgument, match=r"^in.csv, line 1, field 'rating': the column appears twice in the header$"):
        read_rows("name,Rating,rating\nA,1,2\n", "in.csv", ("name", "rating"))


def test_a_fault_of_a_row_names_its_file_line_and_field() -> None:
    line = Line("rounds/02.csv", 7, {"board": "1", "white": "3", "black": "4", "result": "2-1"})
    with pytest.raises(BrokenFolder) as error:
        line.parsed(parse_result, "result")
    assert str(error.value).startswith("rounds/02.csv, line 7, field 'result': ")
    with pytest.raises(BrokenFolder, match=r"^players.csv, line 3, field 'start_number': "):
        Line("players.csv", 3, {"start_number": "x", "name": "A"}).validated(Player)
    assert line.get("note") == "" and line["white"] == "3"


class _Boards:
    """A reader that takes boards in order, to see the mechanism walk the rows."""

    def __init__(self, number: int, _: None) -> None:
        self.number, self.boards = number, []

    def row(self, line: Line) -> None:
        if line["board"] != str(len(self.boards) + 1):
            raise line.fault(f"expected board {len(self.boards) + 1}", "board")
        self.boards.append(line["white"])

    def result(self) -> tuple[int, list[str]]:
        return self.number, self.boards


class _Store(FolderStore):
    def _require_folder(self) -> None:
        pass


def test_round_files_are_read_one_by_one_through_the_kinds_reader(tmp_path: Path) -> None:
    rounds = RoundFiles("rounds", COLUMNS, _Boards)
    (tmp_path / "rounds").mkdir()
    (tmp_path / "rounds" / "01.csv").write_text("board,white,black,result\n1,1,2,1-0\n2,3,4,\n")
    (tmp_path / "rounds" / "02.csv").write_text("board,white,black,result\n1,2,3,\n3,4,1,\n")
    store = _Store(tmp_path)
    with pytest.raises(BrokenFolder) as error:
        store.read_rounds(rounds, 5, None)
    assert str(error.value) == "rounds/02.csv, line 3, field 'board': expected board 2"
    (tmp_path / "rounds" / "02.csv").write_text("board,white,black,result\n1,2,3,\n")
    assert store.read_rounds(rounds, 5, None) == ((1, ["1", "3"]), (2, ["2"]))
    with pytest.raises(BrokenFolder, match=r"^tournament.toml, field 'rounds': there are 2 round files but the "
                                           r"event has 1 round$"):
        store.read_rounds(rounds, 1, None)


@pytest.mark.parametrize(("name", "message"), [
    ("1.csv", "rounds/1.csv: unexpected file; round files are named 01.csv, 02.csv, ..."),
    ("001.csv", "rounds/001.csv: round 1 must be named 01.csv"),
    ("03.csv", "rounds/02.csv: round 2 is missing; rounds must run from 1 without gaps"),
])
def test_round_files_are_numbered_from_01_without_gaps(tmp_path: Path, name: str, message: str) -> None:
    (tmp_path / "rounds").mkdir()
    for file in ("01.csv", name):
        (tmp_path / "rounds" / file).write_text("board,white,black,result\n")
    with pytest.raises(BrokenFolder) as error:
        RoundFiles("rounds", COLUMNS, _Boards).numbers(tmp_path, None)
    assert str(error.value) == message


def test_an_optional_table_that_is_not_there_reads_as_no_rows(tmp_path: Path) -> None:
    store = _Store(tmp_path)
    assert store.read_table(Table("journal.csv", ("time",), Checked, required=False), None) is None
    with pytest.raises(BrokenFolder, match=r"^journal.csv: the file is missing$"):
        store.read_table(Table("journal.csv", ("time",), Checked), None)
    assert read_lines([], Checked()) is None


@pytest.mark.parametrize("text", [
    "time,command\n2026-01-01,new\n\n  , \n2026-01-02,pair\n",  # fine, with blank lines
    "time,cmd\n2026-01-01,new\n",  # a wrong header
    "time,command\n2026-01-01,new,extra\n",  # a field too many
    'time,command\n2026-01-01,"new\n2026-01-02,pair\n',  # a quote left open
    'time,command\n2026-01-01,"a"b"\n',  # CSV syntax
    "",  # empty
])
def test_a_checked_file_is_checked_as_strictly_as_a_file_whose_rows_are_read(text: str) -> None:
    """The journal's rows are only checked (issue 29: not kept as lines): the same faults, same lines."""
    def outcome(keep: bool) -> object:
        try:
            lines = csv_lines(text, "journal.csv", ("time", "command"), keep=keep)
        except BrokenFolder as error:
            return str(error)
        return len(lines)

    kept, checked = outcome(True), outcome(False)
    assert checked == (kept if isinstance(kept, str) else 0)
