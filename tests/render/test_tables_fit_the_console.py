"""A table on a narrow console: a cut-off number is worse than none.

When a table is wider than the console, its columns take their narrower texts
(the pairings' labels lose the rating, then the title), then the least
important columns are left out, and only then do the names wrap. A number, a
code or a header is never cut, and no cell ends in an ellipsis. The CSV and
JSON keep every column (they are pinned byte for byte by the other tests).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.cells import cell_len

from arbiter_cli.core.points import parse_points

from conftest import Runner

WIDTHS = (80, 100, 132)

#: The table headers and the CSV columns they show.
KEYS = {"Rank": "rank", "No": "start_number", "Name": "name", "Rating": "rating", "Rtg": "rating", "Pts": "points",
        "Games": "played", "W": "wins", "D": "draws", "L": "losses", "+": "forfeit_wins", "-": "forfeit_losses",
        "Byes": "byes", "Title": "title", "FIDE ID": "fide_id", "Fed": "federation", "Sex": "sex",
        "Born": "birth_date", "Club": "club", "Status": "status", "Withdrawn after": "withdrawn_after",
        "Bd": "board", "White": "white", "Black": "black", "Result": "result"}
#: The columns that may wrap (names); every other column keeps its width.
WRAPPING = {"Name", "White", "Black"}
#: The columns a table may leave out on a narrow console, as each view announces them.
RECORD = ["Byes", "-", "+", "L", "D", "W", "Games", "Rating"]
PLAYER_EXTRAS = ["Sex", "Born", "Club", "Member", "Entered", "Fed", "Title", "Withdrawn after", "Status"]
NUMBER = re.compile(r"(?<![\d.])-?(?:\d+(?:\.\d+)?(?:/\d+)?½?|½)")


@dataclass
class Drawn:
    """A Rich table as printed: its title, headers and rows (a wrapped cell joined with spaces)."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    wrapped: bool


def _cells(line: str, bar: str) -> list[str]:
    return [cell.strip() for cell in line.rstrip()[1:-1].split(bar)]


def drawn(text: str) -> Drawn:
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┏"))
    under = next(i for i, line in enumerate(lines) if line.startswith("┡"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    assert under == top + 2, "a header wrapped onto more lines:\n" + text
    headers = _cells(lines[top + 1], "┃")
    rows: list[list[list[str]]] = []
    wrapped = False
    for line in lines[under + 1:bottom]:
        parts = _cells(line, "│")
        assert len(parts) == len(headers), line
        if rows and not any(part for header, part in zip(headers, parts) if header not in WRAPPING):
            wrapped = True  # a name's next line
            for cell, part in zip(rows[-1], parts):
                cell.append(part)
        else:
            rows.append([[part] for part in parts])
    return Drawn(" ".join(line.strip() for line in lines[:top]), headers,
                 [[" ".join(p for p in cell if p) for cell in row] for row in rows], wrapped)


def numbers(cell: str) -> set[object]:
    return {parse_points(token) for token in NUMBER.findall(cell)}


def is_number(text: str) -> bool:
    return re.fullmatch(r"-?\d+(\.\d+)?(/\d+)?", text) is not None


def check_table(arbiter: Runner, folder: Path, command: list[str], width: int, droppable: list[str]) -> Drawn:
    """The rules every table keeps, at ``width`` columns: see the module's docstring."""
    arbiter.monkeypatch.setenv("COLUMNS", "200")
    wide = arbiter("-d", folder, *command)
    assert wide.code == 0, wide.err
    title = drawn(wide.out).title
    data = list(csv.DictReader(io.StringIO(arbiter("-d", folder, *command, "-f", "csv").out)))
    arbiter.monkeypatch.setenv("COLUMNS", str(width))
    result = arbiter("-d", folder, *command)
    assert result.code == 0, result.err
    assert "…" not in result.out
    assert max(cell_len(line) for line in result.out.splitlines()) <= width, result.out
    table = drawn(result.out)
    assert table.title == title  # the title is whole (wrapped, perhaps)
    assert len(table.rows) == len(data)
    for header in table.headers:
        assert header in KEYS or header in data[0], header  # a whole header, and one the CSV has
    for row, record in zip(table.rows, data):
        for header, cell in zip(table.headers, row):
            value = record[KEYS.get(header, header)]
            if is_number(value):  # a number of the CSV appears whole in its column
                assert parse_points(value) in numbers(cell), (header, value, cell, result.out)
            elif header not in ("Result",) and not header.startswith(("White", "Black")):
                assert cell == value, (header, value, cell, result.out)  # a code or a name: whole
    if table.wrapped:  # a name wraps only as the last resort
        assert not set(droppable) & set(table.headers), result.out
    return table


@pytest.fixture
def with_fide_ids(sample) -> Path:
    """The Swiss sample with what a real list has: FIDE ids, titles, clubs and a longer name."""
    folder = sample("swiss32-in-progress")
    players = folder / "players.csv"
    lines = players.read_text(encoding="utf-8").splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        row = next(csv.reader([line]))
        number = int(row[0])
        row[2] = ["GM", "IM", "FM", "WIM", "CM", ""][number % 6]
        row[4] = str(34500000 + 1009 * number)
        row[8] = ["Istanbul Satranc Kulubu", "Ankara Genclik", "Izmir SK"][number % 3]
        out.append(",".join(f'"{v}"' if "," in v else v for v in row))
    players.write_text("\n".join(out).replace('"Celik, Aylin"', '"Celik-Karaosmanoglu, Aylin Nur"') + "\n",
                       encoding="utf-8")
    return folder


def standings_droppable(table_headers: list[str]) -> list[str]:
    return RECORD + [h for h in table_headers if h not in KEYS]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["swiss32-in-progress", "rr10-finished"])
def test_no_number_is_cut_in_the_standings(arbiter: Runner, sample, name: str, width: int) -> None:
    folder = sample(name)
    wide = drawn(arbiter("-d", folder, "standings").out)
    table = check_table(arbiter, folder, ["standings"], width, standings_droppable(wide.headers))
    assert table.headers[:3] == ["Rank", "No", "Name"] and "Pts" in table.headers
    assert not table.wrapped


@pytest.mark.parametrize("width", WIDTHS)
def test_no_number_is_cut_in_the_standings_with_ten_tie_breaks(arbiter: Runner, sample, width: int) -> None:
    folder = sample("swiss32-in-progress")
    command = ["standings", "--tiebreaks", "BH/C1,BH,SB,DE,WIN,ARO,TPR,PS,AOB,KS"]
    wide = drawn(arbiter("-d", folder, *command).out)
    check_table(arbiter, folder, command, width, standings_droppable(wide.headers))


def test_the_standings_drop_the_record_then_the_rating_then_the_last_tie_breaks(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    command = ["standings", "--tiebreaks", "BH/C1,BH,SB,DE,WIN,ARO,TPR,PS,AOB,KS"]
    everything = drawn(arbiter("-d", folder, *command).out).headers
    codes = [h for h in everything if h not in KEYS]
    order = [h for h in RECORD if h in everything] + codes[::-1]
    seen = []
    for width in range(200, 28, -4):
        arbiter.monkeypatch.setenv("COLUMNS", str(width))
        headers = drawn(arbiter("-d", folder, *command).out).headers
        gone = [h for h in everything if h not in headers]
        assert set(gone) == set(order[:len(gone)]), (width, gone)  # least important first
        assert headers == [h for h in everything if h in headers]  # the order of the columns stays
        seen.append(len(gone))
    assert seen[0] == 0 and seen[-1] == len(order)  # from every column to Rank, No, Name and Pts
    assert headers == ["Rank", "No", "Name", "Pts"]


@pytest.mark.parametrize("width", WIDTHS)
def test_no_number_is_cut_in_the_player_list(arbiter: Runner, with_fide_ids: Path, width: int) -> None:
    table = check_table(arbiter, with_fide_ids, ["player", "list"], width, PLAYER_EXTRAS)
    assert table.headers[:2] == ["No", "Name"] and {"Rating", "FIDE ID"} <= set(table.headers)
    assert not table.wrapped


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["double-rr6-ready", "swiss32-in-progress", "rr10-finished"])
def test_no_number_is_cut_in_the_pairings(arbiter: Runner, sample, name: str, width: int) -> None:
    table = check_table(arbiter, sample(name), ["pairings"], width, [])
    assert table.headers == ["Bd", "White", "Result", "Black"] and not table.wrapped


def test_the_pairings_shorten_the_labels_before_a_name_wraps(arbiter: Runner, sample) -> None:
    folder = sample("double-rr6-ready")
    players = folder / "players.csv"
    text = players.read_text(encoding="utf-8")
    players.write_text(text.replace("Fontaine, Claire", "Fontaine-Beaumarchais, Claire-Marie")
                       .replace("Aydin, Selin", "Aydinoglu-Karaman, Selin Nur"), encoding="utf-8")
    labels, wrapped = {}, {}
    for width in (132, 100, 92, 80, 60):
        table = check_table(arbiter, folder, ["pairings"], width, [])
        labels[width] = [row[1] for row in table.rows] + [row[3] for row in table.rows]
        wrapped[width] = table.wrapped
        assert table.headers == ["Bd", "White", "Result", "Black"]
        if table.wrapped:
            assert not any("(" in label for label in labels[width])
            assert not any(re.search(r"\d\. (W?[GIFC]M) ", label) for label in labels[width])
    assert "6. WFM Fontaine-Beaumarchais, Claire-Marie (2096)" in labels[132]  # the whole label
    assert "6. WFM Fontaine-Beaumarchais, Claire-Marie" in labels[100]  # without the rating
    assert "6. Fontaine-Beaumarchais, Claire-Marie" in labels[92]  # then without the title
    assert "6. Fontaine-Beaumarchais, Claire-Marie" in labels[80]  # then the names wrap
    assert [width for width, wraps in wrapped.items() if wraps] == [80, 60]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["rr10-finished", "swiss32-in-progress", "double-rr6-ready"])
def test_no_number_is_cut_in_the_crosstable(arbiter: Runner, sample, name: str, width: int) -> None:
    folder = sample(name)
    wide = drawn(arbiter("-d", folder, "crosstable").out)
    codes = [h for h in wide.headers[wide.headers.index("Rank") + 1:]]
    table = check_table(arbiter, folder, ["crosstable"], width, ["Rtg", *codes])
    games = wide.headers[3:wide.headers.index("Pts")]
    assert table.headers[:2] == ["No", "Name"] and set(games + ["Pts", "Rank"]) <= set(table.headers)


@pytest.mark.parametrize("command", [["member", "list"], ["ratings"], ["ratings", "changes", "2026-spring-rapid"],
                                     ["ratings", "history", "1"]])
def test_no_number_is_cut_in_the_club_tables(arbiter: Runner, sample, command: list[str]) -> None:
    folder = sample("club-lyon")
    for width in WIDTHS:
        arbiter.monkeypatch.setenv("COLUMNS", str(width))
        result = arbiter("-d", folder, *command)
        assert result.code == 0, result.err
        assert "…" not in result.out
        assert max(cell_len(line) for line in result.out.splitlines()) <= width, result.out
        assert drawn(result.out).headers[:2] in (["Id", "Name"], ["Time control", "Tournament"])


def test_a_table_too_wide_for_any_layout_is_drawn_wider_rather_than_cut(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    data = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "crosstable", "-f", "csv").out)))
    arbiter.monkeypatch.setenv("COLUMNS", "30")
    result = arbiter("-d", folder, "crosstable")
    assert result.code == 0 and "…" not in result.out
    table = drawn(result.out)
    assert [row[0] for row in table.rows] == [record["start_number"] for record in data]
    for row, record in zip(table.rows, data):
        for header, cell in zip(table.headers, row):
            if header != "Name":
                assert cell == (record[header] if header in record else cell)  # the games, whole
    points = [row[table.headers.index("Pts")] for row in table.rows]
    assert [parse_points(p) for p in points] == [parse_points(r["points"]) for r in data]


def test_a_table_that_fits_is_drawn_as_rich_draws_it(arbiter: Runner, sample) -> None:
    from rich.console import Console
    from rich.table import Table

    from arbiter_cli.render.output import column_texts, table_columns
    from arbiter_cli.render.views import standings_view
    from arbiter_cli.lifecycle.standings import compute_standings
    from arbiter_cli.store.tournament import TournamentFolder

    folder = sample("swiss32-in-progress")
    out = arbiter("-d", folder, "standings").out  # COLUMNS=200: it fits
    tournament = TournamentFolder(folder).load()
    view = standings_view(tournament, compute_standings(tournament, tournament.last_round,
                                                        tournament.settings.effective_tiebreaks))
    table = Table(title=view.title, title_justify="left", show_lines=False)
    columns = table_columns(view)
    for column in columns:
        table.add_column(column.header, justify=column.justify)
    for row in zip(*(column_texts(c, view.records) for c in columns)):
        table.add_row(*row)
    console = Console(file=io.StringIO(), width=200, highlight=False, emoji=False, no_color=True)
    console.print(table)
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert out == "".join(line.rstrip() + "\n" for line in drawn.splitlines())  # piped: no trailing spaces


def test_a_table_says_which_columns_it_left_out_to_fit(arbiter: Runner, tmp_path: Path) -> None:
    """At COLUMNS=80 the standings of a big Swiss lost Rating, Games, W/D/L, DE and WIN without a
    word: a ranking shown without the tie-breaks that decide it misleads (the new user's trial)."""
    import shutil

    folder = tmp_path / "ev"
    shutil.copytree(Path(__file__).resolve().parents[2] / "sample_events" / "swiss32-in-progress", folder)
    arbiter.monkeypatch.setenv("COLUMNS", "200")
    assert "left out" not in arbiter("-d", folder, "standings").err
    arbiter.monkeypatch.setenv("COLUMNS", "60")
    narrow = arbiter("-d", folder, "standings")
    notes = [line for line in narrow.err.splitlines() if "left out to fit 60 characters" in line]
    assert len(notes) == 1 and notes[0].startswith("note: ") and "--format csv" in notes[0]
    shown = drawn(narrow.out).headers
    for header in notes[0].split(": ", 2)[2].split(" (")[0].split(", "):
        assert header not in shown


def test_a_piped_table_has_no_line_ending_in_spaces(arbiter: Runner, sample) -> None:
    """Trial finding: a piped table's title was padded with spaces to the table's width, by the fast
    path and by Rich's alike. Piped, no line of a table ends in a space."""
    folders = {name: sample(name) for name in ("team-swiss20-in-progress", "swiss32-in-progress")}
    for name, args in (("team-swiss20-in-progress", ("pairings",)), ("swiss32-in-progress", ("standings",)),
                       ("swiss32-in-progress", ("pairings",)), ("team-swiss20-in-progress", ("team", "card", "1"))):
        out = arbiter("-d", folders[name], *args).out
        assert out.count("\n") > 3, (name, args)
        assert not [line for line in out.splitlines() if line != line.rstrip()], (name, args)
