"""One style of numbers per column, and one rule for the whole program
(:func:`arbiter_cli.render.output.number_texts`): a column whose values are all
whole or halves is written with ``½``; a column with any value that needs
decimals is written all in decimals (whole numbers stay plain). Tables, printed
pages and HTML pages follow it; CSV and JSON keep their numbers as they were.
"""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.render.output import Column, View, number_column, number_texts, text_cell
from arbiter_cli.render.printing import print_sheets, sheet

from conftest import ROOT, Runner

SAMPLES = ROOT / "sample_events"
DECIMAL = re.compile(r"\d+(\.\d+)?")  # 27.75, 18.5, 4: no ½
HALVES = re.compile(r"\d*½|\d+")  # 18½, ½, 4: no decimal point


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    folder = tmp_path / "rr10"
    shutil.copytree(SAMPLES / "rr10-finished", folder)
    return folder


def table_column(out: str, header: str) -> list[str]:
    """The cells of one column of a Rich table."""
    lines = out.splitlines()
    heading = next(line for line in lines if line.startswith("┃"))
    index = [cell.strip() for cell in heading[1:-1].split("┃")].index(header)
    return [[cell.strip() for cell in line[1:-1].split("│")][index] for line in lines if line.startswith("│ ")]


def page_column(out: str, header: str) -> list[str]:
    """The cells of one right-aligned column of a printed page (ending under its heading)."""
    lines = out.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Rank"))
    end = lines[heading].index(f" {header}") + 1 + len(header)
    body = lines[heading + 2:lines.index("", heading)]
    return [line[:end].split()[-1] if line[end - 1] != " " else "" for line in body]


def test_the_rule_writes_a_column_with_one_quarter_all_in_decimals() -> None:
    assert number_texts([Fraction(111, 4), Fraction(37, 2), Fraction(69, 4), 4, None]) == \
        ["27.75", "18.5", "17.25", "4", ""]
    assert number_texts([Fraction(37, 2), Fraction(1, 2), 4, 0]) == ["18½", "½", "4", "0"]
    assert number_texts([27.75, "18.5", 4]) == ["27.75", "18.5", "4"]  # JSON values read the same way
    assert number_texts([]) == [] and number_texts([None]) == [""]


def test_a_column_mixing_quarters_and_halves_is_written_all_in_decimals(arbiter: Runner, finished: Path) -> None:
    out = arbiter("-d", finished, "standings").out
    sb = [cell for cell in table_column(out, "SB") if cell]
    assert "27.75" in sb and "18.5" in sb and "21.5" in sb  # 18½ and 21½ before
    assert all(DECIMAL.fullmatch(cell) for cell in sb), sb
    ks = table_column(out, "KS")  # halves only: ½
    assert "1½" in ks and all(HALVES.fullmatch(cell) for cell in ks), ks
    points = table_column(out, "Pts")
    assert "6½" in points and all(HALVES.fullmatch(cell) for cell in points)
    crosstable = table_column(arbiter("-d", finished, "crosstable").out, "SB")
    assert "18.5" in crosstable and all(DECIMAL.fullmatch(cell) for cell in crosstable if cell), crosstable


def test_the_printed_and_html_pages_follow_the_same_rule(arbiter: Runner, finished: Path, tmp_path: Path) -> None:
    printed = arbiter("-d", finished, "standings", "--print").out
    sb = page_column(printed, "SB")
    assert "18.5" in sb and "27.75" in sb and all(DECIMAL.fullmatch(c) for c in sb if c), sb
    assert "1½" in page_column(printed, "KS")
    assert arbiter("-d", finished, "standings", "--html", tmp_path / "s.html").code == 0
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert '<td class="right">18.5</td>' in page and "18½" not in page
    assert '<td class="right">1½</td>' in page  # KS: halves only


def test_the_csv_and_the_json_keep_their_numbers(arbiter: Runner, finished: Path) -> None:
    lines = arbiter("-d", finished, "standings", "-f", "csv").out.splitlines()
    assert lines[0].endswith(",DE,SB,WIN,KS") and lines[6].startswith('6,5,"Horvat, Marko",2251,4.5,')
    assert lines[6].endswith(",18.5,2,1.5")
    rows = json.loads(arbiter("-d", finished, "standings", "-f", "json").out)
    assert rows[5]["tiebreaks"] == {"DE": 6, "SB": 18.5, "WIN": 2, "KS": 1.5} and rows[5]["points"] == 4.5


def test_a_sheet_writes_each_number_column_in_its_own_style() -> None:
    view = View("t", [{"name": "A", "pts": Fraction(5, 2), "sb": Fraction(37, 2)},
                      {"name": "B", "pts": Fraction(2), "sb": Fraction(111, 4)}],
                [Column("name", "Name", text_cell("name")), number_column("pts", "Pts"), number_column("sb", "SB")])
    page = sheet(view, ["Event"])
    assert page.cells == [["A", "2½", "18.5"], ["B", "2", "27.75"]]
    assert "18.5" in print_sheets([page])


def test_the_club_rating_changes_follow_the_rule(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "club"
    shutil.copytree(SAMPLES / "club-lyon", folder)
    out = arbiter("-d", folder, "ratings", "changes", "2026-spring-rapid").out
    assert all(HALVES.fullmatch(cell) for cell in table_column(out, "Score"))
    assert all(DECIMAL.fullmatch(cell) for cell in table_column(out, "Expected"))
