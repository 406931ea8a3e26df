"""Issue 14, item 11: the printouts an arbiter hands out. A finalised event's tables are the final
ones; a one-day event has one date; a big Swiss crosstable keeps its names whole when the page is
wide enough, its rule is as wide as the table and its cells stand in columns; expected scores have
two decimals; a rating that did not move changed by 0, not +0.

Each rule is checked where it shows: the terminal table, the ``--print`` page, the ``--html`` page,
and CSV/JSON where it applies (they keep their values: scripts read them)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.ratings.club import StoredRow
from arbiter_cli.ratings.ledger import RatingRow
from arbiter_cli.render.club import changes_view, hundredths, rating_change
from arbiter_cli.render.output import Column, View, column_texts, table_columns, text_cell
from arbiter_cli.render.printing import PAGE_WIDTHS, fitting_width, print_sheets, sheet

from conftest import Runner, shared_file

TWO_DECIMALS = re.compile(r"\d+\.\d\d")


def page_lines(text: str) -> list[str]:
    return text.replace("\f", "\n").splitlines()


def table_lines(text: str) -> tuple[str, str, list[str]]:
    """The headings, the rule under them and the rows of every page of a printout."""
    lines = page_lines(text)
    rules = [i for i, line in enumerate(lines) if line.startswith("---")]
    assert rules
    rows = [row for i in rules for row in lines[i + 1:lines.index("", i)]]
    return lines[rules[0] - 1], lines[rules[0]], rows


def title(out: str) -> str:
    """The title of a Rich table (padded to the table's width)."""
    return out.splitlines()[0].rstrip()


def rich_rows(out: str) -> list[list[str]]:
    """The body cells of a Rich table, unstripped (their padding shows the alignment)."""
    return [line[1:-1].split("│") for line in out.splitlines() if line.startswith("│ ")]


def rich_headings(out: str) -> list[str]:
    return [cell.strip() for cell in next(line for line in out.splitlines() if line.startswith("┃"))[1:-1].split("┃")]


# --------------------------------------------------------------------------- Final standings


def test_a_finalised_event_is_headed_final_standings(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("rr10-finished")
    assert "Standings after round 9 (tie-breaks" in page_lines(arbiter("-d", folder, "standings", "--print").out)[2]
    assert arbiter("-d", folder, "finalize", "--date", "2026-10-11").code == 0

    printed = page_lines(arbiter("-d", folder, "standings", "--print").out)
    assert printed[2].startswith("Final standings (tie-breaks: C.07 2026 rules)    printed ")
    assert title(arbiter("-d", folder, "standings").out) == "Autumn Invitational 2026: final standings"
    assert arbiter("-d", folder, "standings", "--html", tmp_path / "s.html").code == 0
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "<title>Autumn Invitational 2026: final standings</title>" in page
    assert '<p class="what">Final standings (tie-breaks: C.07 2026 rules)</p>' in page
    assert "after round" not in page

    assert page_lines(arbiter("-d", folder, "crosstable", "--print").out)[2].startswith("Final crosstable    printed ")
    assert title(arbiter("-d", folder, "crosstable").out) == "Autumn Invitational 2026: final crosstable"
    assert arbiter("-d", folder, "crosstable", "--html", tmp_path / "c.html").code == 0
    assert '<p class="what">Final crosstable</p>' in (tmp_path / "c.html").read_text(encoding="utf-8")

    # an earlier round of a finalised event is not its final table
    earlier = page_lines(arbiter("-d", folder, "standings", "--after-round", 8, "--print").out)
    assert earlier[2].startswith("Standings after round 8 (tie-breaks")
    assert title(arbiter("-d", folder, "crosstable", "--after-round", 8).out) == \
        "Autumn Invitational 2026: crosstable after round 8"
    # the files scripts read carry no heading, and keep their fields
    assert arbiter("-d", folder, "standings", "-f", "csv").out == (folder / "final" / "standings.csv").read_text()


def test_an_event_still_running_is_headed_after_its_round(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    assert page_lines(arbiter("-d", folder, "standings", "--print").out)[2].startswith("Standings after round 5 ")
    assert title(arbiter("-d", folder, "standings").out) == \
        "Ege Open 2026: standings after round 5 (round 5 not complete)"


# --------------------------------------------------------------------------- one-day events


def test_a_one_day_event_shows_its_date_once(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "blitz"
    assert arbiter("new", folder, "--name", "New Year Blitz", "--system", "swiss", "--rounds", 3, "--seed", 1,
                   "--place", "Lyon", "--start-date", "2026-01-10", "--end-date", "2026-01-10").code == 0
    for name in ("Roux, Anna", "Petit, Luc", "Moreau, Paul", "Durand, Marie"):
        assert arbiter("-d", folder, "player", "add", name).code == 0
    assert arbiter("-d", folder, "pair").code == 0
    for command in ("standings", "crosstable", "pairings"):
        printed = page_lines(arbiter("-d", folder, command, "--print").out)
        assert printed[:2] == ["New Year Blitz", "Lyon, 2026-01-10"], command
    assert arbiter("-d", folder, "standings", "--html", tmp_path / "s.html").code == 0
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "<p>Lyon, 2026-01-10</p>" in page and " to " not in page


def test_an_event_of_several_days_shows_from_and_to(arbiter: Runner, sample) -> None:
    printed = page_lines(arbiter("-d", sample("rr10-finished"), "standings", "--print").out)
    assert printed[1] == "Izmir, 2026-10-03 to 2026-10-11"


# --------------------------------------------------------------------------- the big crosstable


def _wide_swiss_sheet(players: int, rounds: int, name_length: int):
    """A crosstable page of a big Swiss: opponents up to three digits, long names, five tie-breaks."""
    records = [{"no": str(n), "name": f"Player{n:03d}, " + "x" * (name_length - 11), "rtg": "2345",
                **{f"R{r}": f"{(n * 7 + r * 13) % players + 1}{'wb'[r % 2]}1" for r in range(1, rounds + 1)},
                "pts": "5½", "rank": "100-120", **{code: "27.75" for code in ("BH/C1", "BH", "SB", "DE", "WIN")}}
               for n in range(1, players + 1)]
    columns = [Column("no", "No", text_cell("no"), "right"), Column("name", "Name", text_cell("name")),
               Column("rtg", "Rtg", text_cell("rtg"), "right"),
               *(Column(f"R{r}", f"R{r}", text_cell(f"R{r}"), "right") for r in range(1, rounds + 1)),
               Column("pts", "Pts", text_cell("pts"), "right"), Column("rank", "Rank", text_cell("rank"), "right"),
               *(Column(code, code, text_cell(code), "right") for code in ("BH/C1", "BH", "SB", "DE", "WIN"))]
    page = sheet(View("t", records, columns), ["Big Open", "Crosstable after round 9"])
    page.width = fitting_width(page, *PAGE_WIDTHS)
    return page, records


def test_the_big_swiss_crosstable_keeps_names_whole_and_its_rule_as_wide_as_the_table() -> None:
    # 121 players, 9 rounds, names of 24 characters: it was cut to 12-character names on lines of
    # 110 characters, under a rule of 100
    page, records = _wide_swiss_sheet(121, 9, 24)
    assert page.width in PAGE_WIDTHS
    headings, rule, rows = table_lines(print_sheets([page]))
    assert len(rows) == 121
    assert all(record["name"] in row for record, row in zip(records, rows))  # no name cut
    assert len(rule) == max(len(line) for line in [headings, *rows]) <= page.width
    # wider than even the widest page: the names are cut, and the rule still spans the table
    page, records = _wide_swiss_sheet(121, 30, 40)
    assert page.width == PAGE_WIDTHS[-1]
    headings, rule, rows = table_lines(print_sheets([page]))
    assert not any(record["name"] in row for record, row in zip(records, rows))
    assert len(rule) == max(len(line) for line in [headings, *rows]) > page.width


@pytest.mark.parametrize("trf", ["example_trf16", "2020_06", "lichess-j8rtJ5GL-112p"])
def test_a_real_big_swiss_crosstable_prints_every_name_whole(arbiter: Runner, tmp_path: Path, trf: str) -> None:
    folder = tmp_path / trf
    assert arbiter("import", shared_file(f"realdata/trf/{trf}.trf"), folder).code == 0
    result = arbiter("-d", folder, "crosstable", "--print")
    assert result.code == 0, result.err
    headings, rule, rows = table_lines(result.out)
    players = json.loads(arbiter("-d", folder, "crosstable", "-f", "json").out)
    assert len(rows) == len(players)
    for player, row in zip(players, rows):
        assert re.match(rf" *{player['start_number']} +{re.escape(player['name'])} ", row), (player, row)
    widest = max(len(line) for line in [headings, *rows])
    assert len(rule) == widest <= PAGE_WIDTHS[-1]


# --------------------------------------------------------------------------- aligned cells


def test_crosstable_cells_are_right_aligned_in_columns(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = sample("swiss32-in-progress")
    headings, _, rows = table_lines(arbiter("-d", folder, "crosstable", "--print").out)
    rounds = [f"R{n}" for n in range(1, 6)]
    for heading in rounds:
        end = headings.index(heading) + len(heading)  # a right-aligned column ends under its heading
        cells = [row[:end].split()[-1] for row in rows]
        assert all(row[end - 1] != " " and (len(row) == end or row[end] == " ") for row in rows), heading
        games = [row for row, cell in zip(rows, cells) if re.fullmatch(r"\d+[wb][10½+\-?=]", cell)]
        assert games and all(row[end - 2] in "wb" for row in games), heading  # the colours in one column
    # the terminal table: the same cells, padded on the left
    out = arbiter("-d", folder, "crosstable").out
    index = [rich_headings(out).index(r) for r in rounds]
    for cells in rich_rows(out):
        for i in index:
            assert cells[i].endswith(" ") and not cells[i].endswith("  ") and cells[i].strip(), cells[i]
    assert any(cells[index[2]].startswith("  ") for cells in rich_rows(out))  # " 4w1" under "23w1"
    # the HTML page
    assert arbiter("-d", folder, "crosstable", "--html", tmp_path / "c.html").code == 0
    page = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert '<th class="right">R1</th>' in page and '<td class="right">23w1</td>' in page
    assert '<td class="center">23w1</td>' not in page and "<td>23w1</td>" not in page


# --------------------------------------------------------------------------- club ratings


def test_expected_scores_print_with_two_decimals(arbiter: Runner, sample) -> None:
    folder = sample("club-lyon")
    out = arbiter("-d", folder, "ratings", "changes", "2026-summer-rapid").out
    headings = rich_headings(out)
    expected = [cells[headings.index("Expected")].strip() for cells in rich_rows(out)]
    assert "4.80" in expected and "3.74" in expected  # 4.8 before
    assert all(TWO_DECIMALS.fullmatch(cell) for cell in expected), expected
    # scripts keep the exact value, as ratings.csv stores it
    csv_lines = arbiter("-d", folder, "ratings", "changes", "2026-summer-rapid", "-f", "csv").out.splitlines()
    assert csv_lines[5] == '5,"Eriksen, Nils",2413,10,7,2.5,4.8,-23,2390,2162'
    rows = json.loads(arbiter("-d", folder, "ratings", "changes", "2026-summer-rapid", "-f", "json").out)
    assert rows[4]["expected"] == 4.8
    assert [hundredths(Fraction(x, 100)) for x in (480, 5, 300, 1234)] == ["4.80", "0.05", "3.00", "12.34"]


def test_a_rating_change_of_zero_is_written_0_without_a_sign(arbiter: Runner, sample) -> None:
    folder = sample("club-lyon")
    out = arbiter("-d", folder, "ratings", "changes", "2026-summer-rapid").out
    headings = rich_headings(out)
    changes = {cells[headings.index("Name")].strip(): cells[headings.index("Δ")].strip() for cells in rich_rows(out)}
    assert changes["Berger, Johann"] == "0" and changes["Eriksen, Nils"] == "-23"
    assert changes["Castro, Lucia"] == "+94"
    history = arbiter("-d", folder, "ratings", "history", 2, "--time-control", "rapid").out
    assert [cells[-1].strip() for cells in rich_rows(history)] == ["", "-35", "0"]
    assert "+0" not in out + history
    csv_lines = arbiter("-d", folder, "ratings", "changes", "2026-summer-rapid", "-f", "csv").out.splitlines()
    assert csv_lines[2].split(",")[8] == "0"  # the CSV's number, as before
    assert [rating_change(c) for c in (0, 1, -1)] == ["0", "+1", "-1"]
    # a member who played no rated game did not move either
    idle = StoredRow("t", "rapid", RatingRow(9, 1500, 40, 0, Fraction(0), Fraction(0), 0, 1500, None), "Idle, Ida")
    view = changes_view("t", [idle])
    assert [column_texts(c, view.records)[0] for c in table_columns(view) if c.key in ("expected", "change")] == \
        ["0.00", "0"]
